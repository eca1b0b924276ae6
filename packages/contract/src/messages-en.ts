/**
 * The English of the messages the customer side can meet: every `Msg` but the console's (`staff…`),
 * and the messages made by functions. The server answers in English when a call asks for it (Accept-Language,
 * http/message-language.ts); the English pages translate with it what the contract's rules say in Japanese.
 * The Japanese stays SPEC's, in messages.ts; this file only follows it, and the typecheck lists what is missing.
 */
import type { AgeClass } from './constants.ts';
import { AGE_CLASS_LABEL } from './constants.ts';
import { Msg } from './messages.ts';
import { WAITLIST_MAX_PARTY, WaitlistMsg } from './waitlist-messages.ts';

type CustomerMsgKey = Exclude<keyof typeof Msg, `staff${string}`>;

export const MSG_EN: Record<CustomerMsgKey, string> = {
  allRegions: 'All regions',
  areaHint: 'Choose a region first.',
  cityHint: 'Choose an area first.',
  allFromspots: 'All departure points',
  search: 'Search',
  resetSearch: 'Clear all filters',
  requestBadge: 'On request',
  perAdult: 'Per adult',
  localMeeting: 'Meet at the venue',
  detailLink: 'See details',
  optionListTitle: 'Things to do',
  close: 'Close',
  invalidDate: 'Please enter a valid date as year/month/day, e.g. 1980/03/15.',
  invalidEmail: 'Please enter a valid email address.',
  selectDate: 'Please choose a date.',
  selectStartTime: 'Please choose a start time.',
  overStock: 'That is more than the places left.',
  needConsent: 'You can only book once you have agreed to the documents.',
  unexpected: 'Something went wrong. Please try again.',
  sessionExpired: 'Some time has passed since your last step. Please start your booking again.',
  networkError: 'We could not reach the server. Please try again in a little while.',
  csrfExpired: 'Some time has passed since your last step. Please log in again.',
  cancelDone: 'Your booking has been cancelled.',
  pastDeadline: 'The payment deadline of this booking has passed.',
  notPayable: 'This booking cannot be paid.',
  checkoutFailed: 'We could not open the payment page.',
  noRental: 'This option has no rental.',
  paymentDone: 'Your payment is complete.',
  paymentAborted: 'The payment was cancelled.',
  couponUsed: 'The coupon has been used.',
  pinHint: 'The staff will enter the PIN.',
  sameAsLeader: 'Same as the lead traveller',
  leader: 'Lead traveller',
  vegetarianWanted: 'Yes, please',
  toRental: 'Continue to rental',
  toCheck: 'Review your booking',
  backToList: 'Back to the list',
  backToMember: 'Back to the travellers',
  backToPrevious: 'Back to the previous step',
  submitRequest: 'Send request',
  submitPurchase: 'Book and pay',
  statusPaid: 'Booked',
  statusCanceled: 'Cancelled',
  statusUnpaid: 'Not paid',
  statusTmp: 'Provisional (arranged)',
  statusRequested: 'Requested',
  badRequest: 'Some of the details are not right. Please check them.',
  notFound: 'We could not find that page or data.',
  serverError: 'A system error occurred. Please try again in a little while.',
  optionNotFound: 'We could not find that option.',
  noOperationCode: 'No option code was given.',
  noUseDate: 'No date was given.',
  noMemberCount: 'No number of people was given.',
  shortageOfStock: 'That is more than the places left.',
  nothingPrice: 'There is no price for that date.',
  noStock: 'Sorry, that date has just sold out. Please choose another date.',
  amountMismatch: 'The price has changed. Please start again.',
  loginFailed: 'The booking number or phone number is not right.',
  loginRateLimited: 'Too many login attempts. Please try again in a little while.',
  sessionTimeout: 'Your login has expired. Please log in again.',
  forbidden: 'You are not allowed to change this booking.',
  tooManyRequests: 'We are very busy right now. Please try again in a little while.',
  csrfMismatch: 'Some time has passed since your last step. Please log in again.',
  bodyTooLarge: 'What was sent is too large.',
  headersTooLarge: 'The request headers are too large.',
  requestTimeout: 'The connection timed out. Please try again in a little while.',
  serviceClosing: 'The server is restarting. Please try again in a little while.',
  unauthorized: 'Please log in.',
  controlCharacters: 'The text contains control characters that cannot be used.',
  nameRoman:
    "Please write the name in Latin letters (A–Z) as in your passport. Spaces, hyphens (-) and apostrophes (') may separate words.",
  nameInvisibleCharacters:
    'The name contains characters that cannot be used (line breaks, zero-width spaces, soft hyphens).',
  pagePrevious: '« Prev',
  pageNext: 'Next »',
  invalidUseDate: 'The date is not right. Please give it as YYYYMMDD.',
  optionNotBookable: 'This option cannot be booked.',
  useDateUnavailable: 'That date cannot be booked. Please choose another date.',
  salesClosed: 'Booking for that date has closed. Please choose another date.',
  changeNotAllowed: 'The date and time of this booking cannot be changed.',
  changeTooLate: 'The date and time cannot be changed on or after the day of use.',
  changeSameDeparture: 'That is the date and time already booked. Please choose another.',
  invalidPhone: 'Please enter a valid phone number.',
  ageClassNotOffered: 'This option does not offer one of the age groups chosen.',
  memberListInvalid: 'The travellers’ details are not right. Please start again.',
  nationalityInvalid: 'Please choose a nationality.',
  passportRequired: 'Please enter the passport number.',
  extendedFieldNotAllowed: 'This option does not take one of the fields sent.',
  rentalNotAllowed: 'This option cannot be booked with a rental.',
  rentalInvalid: 'The rental choices are not right. Please choose again.',
  bookingRateLimited: 'Too many bookings in a short time. Please try again in a little while.',
  bookingNotFound: 'We could not find that booking.',
  bookedLoginExpired: 'Some time has passed since you booked. Please log in with your booking number and phone number.',
  checkoutPathInvalid: 'The address to return to after payment is not right.',
  refundFailed: 'We could not make the refund. Please contact us.',
  alreadyCanceled: 'This booking has already been cancelled.',
  cancelInProgress: 'The cancellation of this booking is in progress. Please check again in a little while.',
  cancelTooLate: 'From the day of use on, the booking cannot be cancelled on My booking.',
  cancelNotAllowed: 'This booking cannot be cancelled on My booking.',
  cancelPriceChanged: 'The cancellation fee has changed. Please check the amount and try again.',
  canceledNotEditable: 'A cancelled booking cannot be changed.',
  rentalMembersMismatch: 'The rental details do not match the travellers. Please fill them in for everyone.',
  couponNotFound: 'We could not find that coupon.',
  couponNotUsable: 'Coupons cannot be used with this booking.',
  couponFacilityStopped: 'Coupons cannot be used at this venue at the moment. Please ask the venue’s staff.',
  couponAdultRequired: 'Please choose at least one adult coupon.',
  couponOverRemaining: 'That is more coupons than are left.',
  couponPinWrong: 'The PIN is not right.',
  requestNotPending: 'This booking is not a request waiting for an answer.',
  requestAlreadyAnswered:
    'This request has already been answered (arranged or declined) or cancelled, so it cannot be withdrawn. Please reload My booking.',
  requestWithdrawPastUseDate: 'The date of use has passed, so this request cannot be withdrawn.',
  requestWithdrawDone: 'Your request has been withdrawn. We have sent you an email.',
  paymentDeadlineUnavailable: 'The date of use is too close to set a payment deadline.',
  infantsNeedCompanion: 'Infants cannot book alone. Please book them with an adult, youth or child.',
  notCancellable: 'This booking cannot be cancelled now.',
  cancelCouponsUsed:
    'A coupon of this booking has been used, so it cannot be cancelled on this page. Please contact us.',
  refundPending:
    'We have received your cancellation, but the refund is taking longer than usual. We will email you when it is done.',
  feeOverrideInvalid: 'The cancellation fee must be a whole number from 0 up to the booking’s amount.',
  feeOverrideReasonRequired: 'Please give a reason when you change the cancellation fee.',
  rentalNotEditable: 'The rental of this booking cannot be changed.',
  mailNotFound: 'We could not find that email.',
  mailPurged: 'This email’s text was deleted after its keeping period, so it cannot be sent again.',
  mailResendQueued: 'This email is still waiting to be sent. Please resend it after it has gone.',
  mailResentJustNow: 'This email was resent less than a minute ago. Please wait a little before resending it.',
  participantsNotEditable: 'The travellers of a cancelled booking cannot be changed.',
  bookingPaidNotRevisable:
    'This booking has been paid, so it cannot be changed here. Please change it on My booking or contact us.',
  bookingNotRevisable:
    'This booking has passed its payment deadline or been cancelled, so it cannot be changed. Please book again.',
  bookingPartyNotRevisable:
    'The option, date and number of people cannot be changed after booking. Please make a new booking instead.',
  participantsClassChanged:
    'The number of travellers and their age groups cannot be changed (they set the price and the places). Please cancel and book again.',
  noteRequired: 'Please enter a note.',
  checkoutNotFound: 'We could not find the record of that payment.',
};

/** The waiting list's messages (waitlist.ts), the fixed ones. */
export const WAITLIST_MSG_EN: {
  [K in keyof typeof WaitlistMsg as (typeof WaitlistMsg)[K] extends string ? K : never]: string;
} = {
  mailRequired: 'Please enter your email address.',
  mailInvalid: 'Please enter a valid email address.',
  partyRequired: 'Please choose the number of people.',
  partyRange: `Please choose 1 to ${WAITLIST_MAX_PARTY} people.`,
  dayRequired: 'Please choose a date.',
  joined: 'You have joined the waiting list. We have sent you a confirmation email.',
  seatsLeft: 'There are still places on that date for that many people. Please book now.',
  dayNotWaitable: 'That date does not take a waiting list.',
  alreadyWaiting: 'This email address is already on the waiting list for that date.',
  rateLimited: 'Too many requests in a short time. Please try again in a little while.',
  tokenUnknown: 'We could not find that waiting list entry. Please check the link in the email.',
  offerExpired: 'The places were held until a time that has passed, so this offer has ended.',
  offerUsed: 'This offer has already been booked.',
  offerNotOffered: 'There are no places for you yet. We will email you when some come free.',
  offerMismatch: 'This is not the option or date the places were offered for.',
  left: 'You have left the waiting list.',
  alreadyEnded: 'This waiting list entry has already ended.',
};

export const AGE_CLASS_LABEL_EN: Record<AgeClass, string> = {
  adult: 'Adult',
  middle: 'Youth',
  child: 'Child',
  infant: 'Infant',
};

const BY_JAPANESE = new Map<string, string>([
  ...(Object.keys(MSG_EN) as CustomerMsgKey[]).map((key): [string, string] => [Msg[key], MSG_EN[key]]),
  ...(Object.keys(WAITLIST_MSG_EN) as (keyof typeof WAITLIST_MSG_EN)[]).map((key): [string, string] => [
    WaitlistMsg[key],
    WAITLIST_MSG_EN[key],
  ]),
]);

const AGE_CLASS_EN = new Map<string, string>(
  (Object.keys(AGE_CLASS_LABEL) as AgeClass[]).map((key) => [AGE_CLASS_LABEL[key], AGE_CLASS_LABEL_EN[key]]),
);

/** The fields the forms' rules name (`姓を入力してください`). */
const FIELD_EN = new Map<string, string>([
  ['姓', 'family name'],
  ['名', 'given name'],
  ['生年月日', 'date of birth'],
  ['性別', 'sex'],
  ['国籍', 'nationality'],
  ['パスポート番号', 'passport number'],
  ['電話番号', 'phone number'],
  ['メールアドレス', 'email address'],
  ['レンタルの種類', 'rental type'],
  ['ブーツのサイズ', 'boot size'],
  ['ウェアのサイズ', 'wear size'],
  ['予約番号', 'booking number'],
  ['宛名', 'name for the receipt'],
  ['開始時刻', 'start time'],
]);

/** The forms' own messages (the reservation's and my page's rules, zod's defaults in validation-messages.ts). */
const FORM_EN = new Map<string, string>([
  ['パスポート番号は半角英数字で入力してください', 'Please write the passport number in letters and digits only.'],
  ['電話番号は数字とハイフンで入力してください', 'Please write the phone number with digits and hyphens only.'],
  ['入力してください', 'Please fill this in.'],
  ['選択肢の中から選んでください', 'Please choose one of the options.'],
  ['形式が正しくありません', 'This is not in the right format.'],
  ['入力内容が正しくありません', 'This is not right.'],
  ['数字で入力してください', 'Please enter a number.'],
  ['開始時刻はHH:MM形式で指定してください', 'Please give the start time as HH:MM.'],
  ['メールアドレスの形式が正しくありません', 'Please enter a valid email address.'],
]);

/** The messages made by functions in messages.ts and by the forms' rules, read back from their Japanese. */
const PATTERNS: [RegExp, (...parts: string[]) => string][] = [
  [
    /^取消料がかかる期間に入ったため、日時を変更できません（現在の取消料：旅行代金の(\d+)%）。$/,
    (percent) =>
      `The date and time can no longer be changed: a cancellation fee now applies (${percent}% of the price).`,
  ],
  [/^(.+)を入力してください$/, (field) => `Please enter the ${(field && FIELD_EN.get(field)) ?? field}.`],
  [/^(.+)を選択してください$/, (field) => `Please choose the ${(field && FIELD_EN.get(field)) ?? field}.`],
  [/^(\d+)文字以内で入力してください$/, (max) => `Please keep it to ${max} characters.`],
  [/^(\d+)文字以内になるよう入力してください$/, (max) => `Please keep it to ${max} characters.`],
  [
    /^(.+)の年齢は(?:(\d+)歳以上)?(?:(\d+)歳以下)?になるよう入力してください$/,
    (label, min, max) => {
      const who = (label && AGE_CLASS_EN.get(label)) ?? label;
      const range = min && max ? `from ${min} to ${max} years old` : min ? `${min} or older` : `${max} or younger`;
      return `${who} travellers must be ${range}.`;
    },
  ],
  [/^ご利用人数は(\d+)名～(\d+)名の範囲でお選びください。$/, (min, max) => `Please book for ${min} to ${max} people.`],
  [/^参加者(\d+)$/, (n) => `Traveller ${n}`],
  [/^この商品の利用可能人数は(\d+)〜(\d+)名です。$/, (min, max) => `This option is for ${min} to ${max} people.`],
  [
    /^確保しているお席は(\d+)名分です。\d+名以内でお申し込みください。$/,
    (held) => `${held} places are held for you. Please book for ${held} people or fewer.`,
  ],
  [/^利用可能人数：(\d+)名～(\d+)名$/, (min, max) => `For ${min} to ${max} people`],
  [/^参加者(.+)の(.+)の選択内容が正しくありません。$/, (who, item) => `The ${item} of traveller ${who} is not right.`],
  [
    /^このクーポンはご利用日（(.+)）当日のみご利用いただけます。$/,
    (day) => `This coupon can be used on its date of use (${day}) only.`,
  ],
  [
    /^お支払いが完了していません。(.+)まで（あと(\d+)分）にお支払いいただくと、ご予約が確定します。$/,
    (until, minutes) => `Not paid yet. Pay by ${until} (${minutes} min left) to confirm your booking.`,
  ],
  [
    /^暗証番号を続けて間違えたため、クーポンのご利用を一時的に停止しています。約(\d+)分後に再度お試しください。$/,
    (minutes) =>
      `The PIN was wrong too many times, so the coupon is paused. Please try again in about ${minutes} minutes.`,
  ],
  [
    /^宛名に領収書へ印字できない文字（(.+)）が含まれています。/,
    (characters) =>
      `The name for the receipt has characters that cannot be printed on it (${characters}). Please use Japanese, or Latin letters and digits.`,
  ],
  [
    /^お支払いがお済みでないご予約の人数が上限（(\d+)名）に達しています。/,
    (max) => `Unpaid bookings have reached the limit of ${max} people. Please pay for them first, or try again later.`,
  ],
];

/** A customer-side message in English, or null when it is not one we know (it is then shown as it is). */
export function englishMessage(japanese: string): string | null {
  const exact = BY_JAPANESE.get(japanese) ?? FORM_EN.get(japanese);
  if (exact !== undefined) return exact;
  for (const [pattern, english] of PATTERNS) {
    const match = pattern.exec(japanese);
    if (match) return english(...match.slice(1).map((part) => part ?? ''));
  }
  return null;
}
