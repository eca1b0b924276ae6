/**
 * The words of the customer's mails in each language (ADR 0176): a booking made on the English pages
 * (`bookings.lang` 'en') gets its mails in English; every other booking gets the Japanese of DESIGN §7. The
 * English is typed as the Japanese, so a phrase missing in it fails the typecheck.
 */
import { AGE_CLASS_LABEL, RENTAL_TYPE_LABEL } from '@tabi/contract/constants';
import { DAY_STOP_REASON_MAIL } from '@tabi/contract/day-stop';
import { type Lang, normaliseLang, plural, type WrittenLang, writtenLang } from '@tabi/contract/i18n';
import { AGE_CLASS_LABEL_EN } from '@tabi/contract/messages-en';
import { displayName } from '@tabi/contract/person-name';

const ja = {
  signature: [
    '――――――――――――――――――――',
    'さくらトラベル オプション予約係',
    '※このメールは送信専用です。ご返信いただいてもお答えできませんのでご了承ください。',
  ].join('\n'),
  greeting: (sei: string, mei: string) => `${displayName(sei, mei, 'ja')} 様`,
  /** A participant's name, in the one order of the customer's pages (`displayName`). */
  personName: (sei: string, mei: string) => displayName(sei, mei, 'ja'),
  subject: (title: string, rsvno: string) => `【さくらトラベル】${title}（予約番号：${rsvno}）`,
  ageClasses: AGE_CLASS_LABEL,
  partyPart: (ageClass: string, n: number) => `${ageClass}${n}名`,
  partyJoin: '、',
  rentalTypes: RENTAL_TYPE_LABEL,
  boots: (size: string) => `ブーツ ${size}cm`,
  wear: (size: string) => `ウェア ${size}`,
  participant: (seq: number) => `参加者${seq}`,
  participantNamed: (seq: number, name: string) => `参加者${seq}（${name}様）`,
  rentalLine: (who: string, parts: string) => `${who}：${parts}`,
  rentalJoin: '／',
  none: 'なし',
  rsvno: '予約番号',
  option: '商品名',
  usedate: 'ご利用日',
  meetingTime: '集合時間',
  meetingPlace: '集合場所',
  party: 'ご利用人数',
  total: '合計金額',
  taxIncluded: (amount: string) => `${amount}（税込）`,
  booking: 'ご予約内容',
  rentals: 'レンタル（サイズ）',
  freeUntil: (day: string) => `無料キャンセル期限：${day}まで`,
  feeAtBooking: (percent: number) =>
    `お申し込みの時点で、キャンセル料（旅行代金の${percent}%）がかかる期間に入っています。`,
  policyLine: (line: string) => (line.startsWith('旅行開始後') ? line : `ご利用日の${line}`),
  policy: 'キャンセル規定',
  myPageText: 'ご予約内容はマイページでご確認いただけます。\n予約番号とお申し込み時の電話番号でログインしてください。',
  myPageLink: 'マイページでご予約を確認する',
  icsDescription: (rsvno: string, party: string, url: string) =>
    `予約番号：${rsvno}\nご利用人数：${party}\nマイページ：${url}`,
  requestReceivedTitle: 'リクエストを受け付けました',
  requestReceivedLead:
    'このたびはお申し込みいただき、誠にありがとうございます。\n以下の内容でリクエストを受け付けました。',
  requestReceivedNext:
    '現時点ではご予約は確定しておりません。\n手配の可否を確認のうえ、担当者より改めてメールでご連絡いたします。\nお支払いは手配確定後のご案内に従ってお手続きください。',
  paidTitle: 'ご予約とお支払いが完了しました',
  paidLead:
    'このたびはご予約いただき、誠にありがとうございます。\nお支払いを確認し、以下の内容でご予約が確定しました。',
  paidEnd: '当日はお気をつけてお出かけください。',
  confirmedTitle: 'リクエストの手配が完了しました',
  confirmedLead: 'お待たせいたしました。\nお申し込みいただいたリクエストの手配が完了しました。',
  deadline: 'お支払い期限',
  confirmedNext:
    '期限までにマイページからカードでお支払いください。\n期限を過ぎますとご予約は自動的に取り消しとなりますので、あらかじめご了承ください。',
  declinedTitle: 'リクエストの手配ができませんでした',
  declinedLead:
    'このたびはお申し込みいただき、誠にありがとうございます。\n誠に申し訳ございませんが、ご希望の内容で手配することができませんでした。',
  declinedNext: 'お支払いは発生しておりません。\nまたのご利用を心よりお待ちしております。',
  withdrawnTitle: 'リクエストの取り消しを承りました',
  withdrawnLead:
    'このたびはお申し込みいただき、誠にありがとうございます。\nお客様のご依頼により、下記のリクエスト予約の取り消しを承りました。',
  withdrawnNext:
    'お支払いは発生しておりませんので、キャンセル料はかかりません。\nまたのご利用を心よりお待ちしております。',
  nothingPaid: 'お支払いは発生しておりませんので、キャンセル料・ご返金はございません。',
  cancelCost: 'キャンセル料金',
  paid: 'お支払い済み金額',
  cancelFee: 'キャンセル料',
  refund: 'ご返金額',
  feeByCompany: 'キャンセル料は、当社の判断により設定いたしました。',
  feeByPolicy: 'キャンセル料は、上記のキャンセル規定に基づいて算出しております。',
  refundByCard: 'ご返金額は、ご利用のカード会社を通じて返金いたします。\n返金の反映時期はカード会社により異なります。',
  noRefund: 'ご返金はございません。',
  cancelledTitle: 'キャンセルを承りました',
  cancelledLead: '以下のご予約のキャンセルを承りました。',
  againSoon: 'またのご利用を心よりお待ちしております。',
  changedTitle: 'ご予約の日時を変更しました',
  changedLead: '以下のとおり、ご予約の日時を変更いたしました。',
  changedFacts: 'ご変更の内容',
  changedBefore: '変更前',
  changedAfter: '変更後',
  changedPaid: '差額（お支払い済み）',
  changedRefund: '差額のご返金',
  changeFailedTitle: '日時の変更をお受けできませんでした',
  changeFailedLead:
    'お支払いの確認までの間に、ご希望の日時が満席となったため、日時を変更できませんでした。\nお支払いいただいた差額は全額返金いたします。ご予約は変更前の日時のまま有効です。',
  refundedTitle: 'お支払いを返金しました',
  refundedDuplicate:
    'このご予約のお支払いはすでに完了しておりましたため、重ねてお支払いいただいた分を全額返金いたしました。\nご予約は引き続き有効です。',
  refundedLate:
    'お支払いの確認がお支払い期限を過ぎた後となり、ご予約の座席を確保できなかったため、お支払いいただいた金額を全額返金いたしました。\n誠に申し訳ございませんが、このご予約は取り消しとなっております。',
  refundByCardShort: 'ご返金は、ご利用のカード会社を通じて行われます。反映時期はカード会社により異なります。',
  stopReasons: DAY_STOP_REASON_MAIL,
  stopBecause: (reason: string) => `${reason}ため、`,
  stopNoteTitle: '中止の理由',
  stoppedTitle: '催行中止のお知らせ',
  stoppedLead: (because: string) =>
    `このたびはお申し込みいただき、誠にありがとうございます。\n誠に申し訳ございませんが、${because}下記のご予約は当社の判断により催行を中止させていただくことになりました。`,
  stopRefund: 'ご返金',
  stopRefundAll: 'ご返金額（全額）',
  stopRefundText:
    'お支払いいただいた代金は、キャンセル料をいただかずに全額ご返金いたします。\nご返金はご利用のカード会社を通じて行われます。反映時期はカード会社により異なります。',
  sameDay: '同じ日のほかの時間帯の空き状況',
  sameDayDeparture: (times: string, seats: number) => `${times}　残り${seats}席`,
  anotherTime: '同じ日のほかの時間帯にご参加いただける場合は、あらためてお申し込みください。',
  anotherTimeLink: '別の時間帯でお申し込みする',
  nextDays: '同じ商品の今後の空き状況',
  nextDay: (day: string, seats: number) => `${day}　残り${seats}席`,
  anotherDay: '別の日にご参加いただける場合は、あらためてお申し込みください。',
  anotherDayLink: '空き状況を見てお申し込みする',
  stoppedEnd: 'ご迷惑をおかけいたしますことを深くお詫び申し上げます。またのご利用を心よりお待ちしております。',
  dayBeforeTitle: '明日のご利用のご案内',
  dayBeforeLead: (day: string) =>
    `このたびはご予約いただき、誠にありがとうございます。\n明日 ${day} のご利用について、集合場所・時間と当日のご案内をお送りします。`,
  receptionTime: '受付時間',
  address: '住所',
  contactOnDay: '当日の連絡先',
  contactJoin: '　',
  dayContents: 'ご利用内容',
  dayContentsOf: (webname: string) => `ご利用内容（${webname}）`,
  mapText: '集合場所の地図はこちらからご覧いただけます。',
  mapLabel: '地図を開く',
  noticeFrom: (webname: string) => `${webname}からのお知らせ`,
  rentalSizes: 'ご予約のレンタル（サイズ）',
  sizeExchange: '当日のサイズ交換は店舗へご相談ください。',
  bring: '持ち物',
  bringItems: [
    '予約番号がわかるもの（このメールの画面、またはマイページ）',
    '当日の天候に合わせた服装・雨具',
    '参加者全員分の身分証明書（年齢の確認をお願いする場合があります）',
  ],
  bringWarm: '厚手の靴下・帽子・手袋など防寒具（レンタルに含まれないもの）',
  dayBeforeContact:
    '遅れる場合や当日ご連絡が必要な場合は、上記の連絡先へお電話ください。\nカレンダーに登録できるファイル（.ics）を添付しています。',
  dayBeforeEnd: 'お気をつけてお出かけください。当日のご参加を心よりお待ちしております。',
  waitlistGreeting: 'お客様',
  waitlistSubject: (title: string) => `【さくらトラベル】${title}`,
  waitlistFacts: 'キャンセル待ちの内容',
  waitlistParty: 'ご希望人数',
  people: (n: number) => `${n}名`,
  seatsFor: (n: number) => `${n}名分`,
  waitlistJoinedTitle: 'キャンセル待ちに登録しました',
  waitlistJoinedLead: 'キャンセル待ちにご登録いただき、ありがとうございます。\n以下の内容で承りました。',
  waitlistJoinedNext:
    'キャンセルなどでお席に空きが出ましたら、ご登録順にメールでお知らせします（ご希望人数のお席が空いた場合に限ります）。\nご案内したお席は一定時間お客様のために確保いたします。\n現時点ではご予約は確定しておりません。',
  waitlistJoinedLink: '登録内容の確認・キャンセル待ちの取り消しは、こちらのページから行えます。',
  waitlistJoinedLabel: 'キャンセル待ちの登録を確認する',
  waitlistOfferedTitle: 'キャンセル待ちのお席をご用意しました',
  waitlistOfferedLead:
    'お待たせいたしました。\nキャンセル待ちにご登録いただいた日付に空きが出ましたので、お客様のためにお席を確保しました。',
  heldSeats: '確保したお席',
  heldUntil: '確保期限',
  waitlistOfferedLink: (until: string) =>
    `${until}までに、下記のリンクからお申し込み手続きを完了してください。\n期限を過ぎますとお席は解放され、次にお待ちのお客様へご案内いたします。\nご不要の場合は、同じページから辞退できます。`,
  waitlistOfferedLabel: 'お申し込み手続きへ進む',
};

export type MailText = typeof ja;

const en: MailText = {
  signature: [
    '――――――――――――――――――――',
    'Sakura Travel, option bookings',
    'This address only sends: replies to it are not read.',
  ].join('\n'),
  greeting: (sei, mei) => `Dear ${displayName(sei, mei, 'en')},`,
  personName: (sei, mei) => displayName(sei, mei, 'en'),
  subject: (title, rsvno) => `[Sakura Travel] ${title} (booking ${rsvno})`,
  ageClasses: AGE_CLASS_LABEL_EN,
  partyPart: (ageClass, n) => `${ageClass} × ${n}`,
  partyJoin: ', ',
  rentalTypes: { '': 'None', '1': 'Ski', '2': 'Snowboard' },
  boots: (size) => `Boots ${size} cm`,
  wear: (size) => `Wear ${size}`,
  participant: (seq) => `Traveller ${seq}`,
  participantNamed: (seq, name) => `Traveller ${seq} (${name})`,
  rentalLine: (who, parts) => `${who}: ${parts}`,
  rentalJoin: ' / ',
  none: 'none',
  rsvno: 'Booking number',
  option: 'Option',
  usedate: 'Date',
  meetingTime: 'Meeting time',
  meetingPlace: 'Meeting point',
  party: 'People',
  total: 'Total',
  taxIncluded: (amount) => `${amount} (tax included)`,
  booking: 'Your booking',
  rentals: 'Rental (sizes)',
  freeUntil: (day) => `Free cancellation until ${day}`,
  feeAtBooking: (percent) => `You booked when a cancellation fee of ${percent}% of the price already applied.`,
  policyLine: (line) => line,
  policy: 'Cancellation policy',
  myPageText: 'You can see your booking on My booking.\nLog in with your booking number and the phone number you gave.',
  myPageLink: 'See your booking',
  icsDescription: (rsvno, party, url) => `Booking number: ${rsvno}\nPeople: ${party}\nMy booking: ${url}`,
  requestReceivedTitle: 'We have received your request',
  requestReceivedLead: 'Thank you for your request. We have received it as follows.',
  requestReceivedNext:
    'Your booking is not confirmed yet.\nWe will check whether it can be arranged and email you again.\nPlease pay as that email explains, once it is confirmed.',
  paidTitle: 'Your booking is confirmed and paid',
  paidLead: 'Thank you for booking with us.\nWe have received your payment and your booking is confirmed as follows.',
  paidEnd: 'Have a wonderful day.',
  confirmedTitle: 'Your request has been arranged',
  confirmedLead: 'Thank you for waiting.\nThe request you sent has been arranged.',
  deadline: 'Pay by',
  confirmedNext:
    'Please pay by card on My booking before the deadline.\nIf it is not paid by then, the booking is cancelled automatically.',
  declinedTitle: 'We could not arrange your request',
  declinedLead: 'Thank you for your request.\nWe are very sorry, but we could not arrange it as you asked.',
  declinedNext: 'Nothing has been charged.\nWe hope to welcome you another time.',
  withdrawnTitle: 'Your request has been withdrawn',
  withdrawnLead: 'Thank you for your request.\nAs you asked, we have withdrawn the request below.',
  withdrawnNext: 'Nothing has been paid, so there is no cancellation fee.\nWe hope to welcome you another time.',
  nothingPaid: 'Nothing has been paid, so there is no cancellation fee and no refund.',
  cancelCost: 'Cancellation',
  paid: 'Paid',
  cancelFee: 'Cancellation fee',
  refund: 'Refund',
  feeByCompany: 'The cancellation fee was set by our company.',
  feeByPolicy: 'The cancellation fee follows the cancellation policy above.',
  refundByCard: 'The refund goes back through your card company.\nWhen it shows depends on the card company.',
  noRefund: 'There is no refund.',
  cancelledTitle: 'Your booking has been cancelled',
  cancelledLead: 'We have cancelled the booking below.',
  againSoon: 'We hope to welcome you another time.',
  changedTitle: 'The date and time of your booking have changed',
  changedLead: 'We have changed the date and time of your booking as follows.',
  changedFacts: 'What changed',
  changedBefore: 'Before',
  changedAfter: 'Now',
  changedPaid: 'Difference (paid)',
  changedRefund: 'Difference refunded',
  changeFailedTitle: 'We could not change the date and time',
  changeFailedLead:
    'The date and time you chose filled up before your payment reached us, so the booking could not be changed.\nWe are refunding the difference in full. Your booking stays as it was.',
  refundedTitle: 'Your payment has been refunded',
  refundedDuplicate:
    'This booking had already been paid, so we have refunded the second payment in full.\nYour booking is still valid.',
  refundedLate:
    'Your payment reached us after the payment deadline and the places could no longer be held, so we have refunded it in full.\nWe are very sorry: this booking has been cancelled.',
  refundByCardShort: 'The refund goes back through your card company. When it shows depends on the card company.',
  stopReasons: {
    weather: 'bad weather is expected',
    minimum: 'not enough people booked for it to run',
    facility: 'of the venue’s circumstances',
  },
  stopBecause: (reason) => `because ${reason}, `,
  stopNoteTitle: 'Why',
  stoppedTitle: 'Your trip has been called off',
  stoppedLead: (because) =>
    `Thank you for booking with us.\nWe are very sorry, but ${because}we have decided to call off the booking below.`,
  stopRefund: 'Refund',
  stopRefundAll: 'Refund (in full)',
  stopRefundText:
    'We refund what you paid in full, with no cancellation fee.\nThe refund goes back through your card company; when it shows depends on the card company.',
  sameDay: 'Other times on the same day with places',
  sameDayDeparture: (times, seats) => `${times}: ${plural(seats, 'place', 'places')} left`,
  anotherTime: 'If another time that day suits you, please book again.',
  anotherTimeLink: 'Book another time',
  nextDays: 'Places on the next days of the same option',
  nextDay: (day, seats) => `${day}: ${plural(seats, 'place', 'places')} left`,
  anotherDay: 'If another day suits you, please book again.',
  anotherDayLink: 'See the dates and book',
  stoppedEnd: 'We apologise for the trouble, and hope to welcome you another time.',
  dayBeforeTitle: 'Your trip tomorrow',
  dayBeforeLead: (day) =>
    `Thank you for booking with us.\nHere is where and when to meet tomorrow, ${day}, and what to know for the day.`,
  receptionTime: 'Check-in hours',
  address: 'Address',
  contactOnDay: 'Contact on the day',
  contactJoin: ', ',
  dayContents: 'Your booking',
  dayContentsOf: (webname) => `Your booking: ${webname}`,
  mapText: 'See the meeting point on a map.',
  mapLabel: 'Open the map',
  noticeFrom: (webname) => `A note from ${webname}`,
  rentalSizes: 'Your rentals (sizes)',
  sizeExchange: 'To change a size on the day, please ask at the shop.',
  bring: 'What to bring',
  bringItems: [
    'Your booking number (this email, or My Page)',
    'Clothes and rain gear for the weather of the day',
    'ID for every traveller (we may ask to check ages)',
  ],
  bringWarm: 'Warm things not included in the rental: thick socks, a hat and gloves',
  dayBeforeContact:
    'If you will be late or need to reach the organiser on the day, please call the contact above.\nA calendar file (.ics) is attached.',
  dayBeforeEnd: 'Have a safe trip. We look forward to seeing you tomorrow.',
  waitlistGreeting: 'Dear customer',
  waitlistSubject: (title) => `[Sakura Travel] ${title}`,
  waitlistFacts: 'Your waiting-list entry',
  waitlistParty: 'People',
  people: (n) => plural(n, 'person', 'people'),
  seatsFor: (n) => plural(n, 'place', 'places'),
  waitlistJoinedTitle: 'You are on the waiting list',
  waitlistJoinedLead: 'Thank you for joining the waiting list.\nWe have put you down for the following.',
  waitlistJoinedNext:
    'If places open up, for example through a cancellation, we email you in the order people joined (only when there are places for your whole party).\nThe places we offer are held for you for a set time.\nYou have not booked yet.',
  waitlistJoinedLink: 'See your entry, or leave the waiting list, on this page.',
  waitlistJoinedLabel: 'See your waiting-list entry',
  waitlistOfferedTitle: 'Places are ready for you',
  waitlistOfferedLead:
    'Thank you for waiting.\nPlaces have opened up on the day you asked for, and we are holding them for you.',
  heldSeats: 'Places held',
  heldUntil: 'Held until (Japan time)',
  waitlistOfferedLink: (until) =>
    `Please complete your booking through the link below by ${until} (Japan time).\nAfter that, the places are released and offered to the next person waiting.\nIf you no longer need them, you can decline on the same page.`,
  waitlistOfferedLabel: 'Continue to book',
};

const TEXTS: Record<WrittenLang, MailText> = { ja, en };

/** The mail language of a booking: the one it was made in (`bookings.lang`), Japanese for anything else. */
export function mailLang(bookingLang: string | null | undefined): Lang {
  return normaliseLang(bookingLang);
}

/** The mails' texts: Japanese and English until they are in the catalogs; English for the other languages. */
export function mailText(lang: Lang): MailText {
  return TEXTS[writtenLang(lang)];
}
