/**
 * The console's booking work under /api/admin (DESIGN §11): 予約詳細 with its history and its actions,
 * and the 参加者名簿 (manifest). Every action is a call of the one booking lifecycle on the server.
 */
import { z } from 'zod';
import { booking, changeDepartureResponse, memberInput, rentalInput } from './booking.ts';
import { COUPON_OUTCOMES, PAYMENT_METHODS, type PaymentMethod, PHONE_MAX_LENGTH } from './constants.ts';
import {
  calendarYmd,
  departureBookingFields,
  envelope,
  multilineText,
  numericString,
  plainText,
  startTimeString,
  ymdString,
} from './envelope.ts';
import { bookingResourceRoom, RESOURCE_KINDS, RESOURCE_PERS } from './resources.ts';

// --- 予約詳細 -------------------------------------------------------------------------------------------

export const adminPayment = z.object({
  id: z.number(),
  provider: z.string(),
  checkoutSessionId: z.string(),
  amount: z.number(),
  status: z.string(),
  chargeId: z.string().nullable(),
  refundedAmount: z.number(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** How it was paid, when the provider said (ADR 0211). */
  method: z.enum(PAYMENT_METHODS).nullable(),
});
export type AdminPayment = z.infer<typeof adminPayment>;

/** A payment method as the console names it. */
export const PAYMENT_METHOD_LABEL: Record<PaymentMethod, string> = {
  card: 'カード',
  konbini: 'コンビニ決済',
  paypay: 'PayPay',
  alipay: 'Alipay',
  wechat_pay: 'WeChat Pay',
};

/** One refund of a payment (ADR 0181): decided, then confirmed by the provider (or given up, or voided). */
export const adminRefund = z.object({
  id: z.number(),
  paymentId: z.number(),
  amount: z.number(),
  reason: z.string(),
  state: z.enum(['pending', 'succeeded', 'failed', 'void']),
  providerRef: z.string().nullable(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
  /** A konbini payment's refund made and waiting for the customer's bank account at the provider (ADR 0213). */
  awaitingAccount: z.boolean().default(false),
});
export type AdminRefund = z.infer<typeof adminRefund>;

/** A call to the payment provider as written down (ADR 0101): checkouts and refunds. */
export const adminProviderCall = z.object({
  id: z.number(),
  kind: z.string(),
  paymentId: z.number().nullable(),
  amount: z.number(),
  reason: z.string().nullable(),
  state: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  providerRef: z.string().nullable(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
  /** Failed, or still begun after several attempts: the reconciler could not finish it. */
  stuck: z.boolean(),
});
export type AdminProviderCall = z.infer<typeof adminProviderCall>;

export const adminMail = z.object({
  id: z.number(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type AdminMail = z.infer<typeof adminMail>;

export const ACTOR_KINDS = ['customer', 'staff', 'system', 'reseller'] as const;
export const adminEvent = z.object({
  id: z.number(),
  at: z.string(),
  actorKind: z.enum(ACTOR_KINDS),
  actor: z.string(),
  /** The staff member's mail, the system worker's Japanese name, or お客様. */
  actorLabel: z.string(),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  note: z.string().nullable(),
});
export type AdminEvent = z.infer<typeof adminEvent>;

export const adminCouponUse = z.object({
  id: z.number(),
  at: z.string(),
  opcd: z.string(),
  adultqty: z.number(),
  childqty: z.number(),
  outcome: z.enum(COUPON_OUTCOMES),
});
export type AdminCouponUse = z.infer<typeof adminCouponUse>;

/** What the booking's state allows now (the same predicates the lifecycle refuses with). */
export const bookingActions = z.object({
  confirm: z.boolean(),
  decline: z.boolean(),
  cancel: z.boolean(),
  editParticipants: z.boolean(),
  editRentals: z.boolean(),
  resendMail: z.boolean(),
  note: z.boolean(),
  reconcile: z.boolean(),
  /** Whether the booking's resources may be moved to another member of their pool: it still holds its seats. */
  reassignResources: z.boolean(),
});
export type BookingActions = z.infer<typeof bookingActions>;

/** The units the booking took of one resource for one day and departure (ADR 0209), and its pool's other members. */
export const bookingResource = z.object({
  resourceId: z.number(),
  name: z.string(),
  kind: z.enum(RESOURCE_KINDS),
  per: z.enum(RESOURCE_PERS),
  pool: z.string().nullable(),
  units: z.number(),
  /** YYYY-MM-DD. */
  usedate: z.string(),
  /** `HH:MM`, or '' for the whole day. */
  startTime: z.string(),
  /** The pool's other members with their room, by name; empty for a resource without a pool. */
  others: z.array(bookingResourceRoom),
});
export type BookingResource = z.infer<typeof bookingResource>;

export const bookingDetail = z.object({
  /** Everything my page shows (POST /booking/{rsvno}'s answer). */
  booking,
  statusLabel: z.string(),
  tel: z.string(),
  lang: z.string(),
  md: z.string(),
  canceledAt: z.string().nullable(),
  cancelFee: z.number().nullable(),
  refundAmount: z.number().nullable(),
  cancelReason: z.string().nullable(),
  /** The option's rules the participant and rental forms follow. */
  option: z.object({
    opcd: z.string(),
    webname: z.string(),
    rentalcd: z.string(),
    flgRequestItem: z.boolean(),
    extendedFields: z.array(z.string()),
    seats: z.number(),
  }),
  payments: z.array(adminPayment),
  refunds: z.array(adminRefund),
  providerCalls: z.array(adminProviderCall),
  mails: z.array(adminMail),
  /** Every coupon attempt at a facility, used or refused. */
  couponUses: z.array(adminCouponUse),
  events: z.array(adminEvent),
  /** The shared resources the booking holds units of (boat, guide, rental shop's equipment). */
  resources: z.array(bookingResource),
  actions: bookingActions,
  /** 販売チャネル (ADR 0169): 自社サイト, or the reseller's name. */
  channel: z.string(),
  /** A reseller's booking: who sold it, what it owes (retail less commission, fixed at sale), its OCTO references. */
  reseller: z
    .object({
      id: z.number(),
      name: z.string(),
      netAmount: z.number().nullable(),
      /** The reseller's own reference and the OCTO booking's uuid, once the OCTO side is written. */
      resellerReference: z.string().nullable(),
      uuid: z.string().nullable(),
    })
    .nullable(),
});
export type BookingDetail = z.infer<typeof bookingDetail>;
export const bookingDetailResponse = envelope(bookingDetail);

export const adminRsvnoParams = z.object({ rsvno: z.string().trim().min(1).max(20) });

// Actions: POST /api/admin/bookings/:rsvno/<action>
export const emptyActionRequest = z.object({}).loose();
export const transitionResult = z.object({
  rsvno: z.string(),
  status: z.number(),
  paymentDeadline: z.string().nullable(),
});
export const transitionResponse = envelope(transitionResult);

const yenAmount = z.number().int().min(0).max(100_000_000);
export const cancelQuoteRequest = z.object({ fee: yenAmount.optional() });
export type CancelQuoteRequest = z.input<typeof cancelQuoteRequest>;
export const cancelQuoteResult = z.object({ cancelfee: z.number(), refund: z.number(), paid: z.number() });
export type CancelQuoteResult = z.infer<typeof cancelQuoteResult>;
export const cancelQuoteResponse = envelope(cancelQuoteResult);

export const FEE_REASON_MAX = 500;
/**
 * 日時を変更 by staff (ADR 0197): the departure and the new total the dialog showed; a dearer one answers the checkout
 * link of the difference for the customer.
 */
export const staffChangeRequest = z.object({
  usedate: ymdString,
  start_time: startTimeString.default(''),
  amountjp: numericString,
});
export type StaffChangeRequest = z.input<typeof staffChangeRequest>;
export const staffChangeResponse = changeDepartureResponse;

export const staffCancelRequest = z.object({
  feeOverride: z.object({ amount: yenAmount, reason: multilineText().trim().max(FEE_REASON_MAX) }).optional(),
  /** The refund the clerk was shown: a different one now is refused (the day changed, or someone else acted). */
  expectedRefund: yenAmount.optional(),
});
export type StaffCancelRequest = z.input<typeof staffCancelRequest>;
export const staffCancelResponse = envelope(z.object({ cancelfee: z.number(), refund: z.number() }));

export const resendMailRequest = z.object({ mailId: z.number().int().positive() });
export type ResendMailRequest = z.input<typeof resendMailRequest>;

/**
 * 参加者を修正: the booking form's participant, except that the birthday may be empty. Once the booking's personal data
 * was erased (passport numbers, birthdays, diet choices) the dialog sends none of them and the server refuses them;
 * before that an empty birthday is refused by the booking form's rules like a wrong one.
 */
const staffMemberInput = memberInput.extend({ birthday: z.union([ymdString, z.literal('')]) });
export const participantsRequest = z.object({ memberList: z.array(staffMemberInput).min(1).max(50) });
export type ParticipantsRequest = z.input<typeof participantsRequest>;

export const rentalsRequest = z.object({ rentskiList: z.array(rentalInput).max(50) });
export type RentalsRequest = z.input<typeof rentalsRequest>;

export const NOTE_MAX = 2000;
export const noteRequest = z.object({ note: multilineText().max(NOTE_MAX) });
export type NoteRequest = z.input<typeof noteRequest>;

/** 連絡先の訂正: the applicant's phone and mail, checked on the server by the booking form's rules. */
export const contactRequest = z.object({
  tel: plainText().trim().max(PHONE_MAX_LENGTH),
  mail: plainText().trim().max(254),
});
export type ContactRequest = z.input<typeof contactRequest>;
export const contactResponse = envelope(z.object({ changed: z.boolean() }));

export const reconcileResult = z.object({
  checkoutsMade: z.number(),
  paymentsFulfilled: z.number(),
  checkoutsClosed: z.number(),
  refundsSent: z.number(),
  refundsFailed: z.number(),
  cancellationsFinished: z.number(),
  errors: z.array(z.string()),
});
export type ReconcileResult = z.infer<typeof reconcileResult>;
export const reconcileResponse = envelope(reconcileResult);

/**
 * 割り当てを変更: the booking's units of `from` moved to `to`, another member of its pool. Every day and departure the
 * booking holds `from` on moves.
 */
const resourceId = z.number().int().positive().max(2_147_483_647);
export const reassignResourceRequest = z.object({ from: resourceId, to: resourceId });
export type ReassignResourceRequest = z.input<typeof reassignResourceRequest>;
export const reassignResourceResponse = envelope(z.object({ from: z.string(), to: z.string() }));

/** The refusals of 割り当てを変更, as the server says them. */
export const ReassignMsg = {
  same: '割り当て先に今と同じリソースが選ばれています。別のリソースを選んでください。',
  ended: 'キャンセル済み・期限切れの予約は、リソースの割り当てを変更できません。',
  notFound: 'ご指定のリソースが見つかりません。予約詳細を再読み込みしてください。',
} as const;

/** The booking holds no units of the resource (someone moved them meanwhile). */
export function reassignNotHeld(name: string): string {
  return `この予約は「${name}」を使っていません。予約詳細を再読み込みしてください。`;
}

/** The target is not a member of the source's pool. */
export function reassignOtherPool(from: string, to: string): string {
  return `「${to}」は「${from}」と同じプールではないため、割り当てられません。`;
}

/** The booking already holds the target on that day or departure. */
export function reassignAlreadyHeld(name: string, where: string): string {
  return `この予約は${where}にすでに「${name}」を使っています。`;
}

/** The target has not the room for the booking's units on a day or departure. */
export function reassignNoRoom(name: string, where: string, left: number, units: number): string {
  return `「${name}」は${where}に空きがありません（残り${Math.max(0, left)}、この予約に${units}必要）。`;
}

/** A day (YYYY-MM-DD), or one departure of it, as a refusal names it. */
export function reassignWhere(usedate: string, startTime: string): string {
  const day = usedate.replaceAll('-', '/');
  return startTime ? `${day} ${startTime}の便` : day;
}

// --- 参加者名簿 -------------------------------------------------------------------------------------------

/** Lines of the manifest per page (a busy day has thousands): the CSV has them all. */
export const MANIFEST_PAGE_SIZE = 300;

/** A departure's start time in a console filter (ADR 0196): `HH:MM`, or '' for none. */
export const startTimeFilter = z.union([z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/), z.literal('')]);

export const manifestQuery = z.object({
  date: z.union([calendarYmd, z.literal('')]).optional(),
  opcd: z.string().trim().max(20).optional(),
  /** One departure of the option (its start time); left out: the whole day. */
  start: startTimeFilter.optional(),
  /** As the bookings list's: the page in the URL, 1 when left out. */
  page: z
    .string()
    .regex(/^\d{1,5}$/)
    .optional(),
});
export type ManifestQuery = z.input<typeof manifestQuery>;

export const manifestRow = z.object({
  ...departureBookingFields,
  seq: z.number(),
  sei: z.string(),
  mei: z.string(),
  ageClass: z.string(),
  /** Full years on the use date; null once the birthday was erased. */
  age: z.number().nullable(),
  birthday: z.string().nullable(),
  sex: z.string(),
  nationality: z.string(),
  passportNumber: z.string().nullable(),
  vegetarian: z.boolean().nullable(),
  rentalModel: z.string(),
  bootsSize: z.string(),
  wearSize: z.string(),
  applicant: z.string(),
  tel: z.string(),
  /** 販売チャネル (ADR 0169): 自社サイト, or the reseller's name. */
  channel: z.string(),
  /** When the traveller was checked in at the door (ADR 0215); null: not (yet). */
  arrivedAt: z.string().nullable().default(null),
});
export type ManifestRow = z.infer<typeof manifestRow>;

export const manifestOption = z.object({
  opcd: z.string(),
  webname: z.string(),
  rentalcd: z.string(),
  /** Which of passport and vegetarian the option asks for. */
  passport: z.boolean(),
  vegetarian: z.boolean(),
  bookings: z.number(),
  participants: z.number(),
  /** Of those, checked in at the door so far (ADR 0215). */
  arrived: z.number().default(0),
  /**
   * For an option sold at start times (ADR 0196), its departures that have travellers, in time order, each with its
   * counts over all pages; empty for an option sold by whole days.
   */
  departures: z.array(
    z.object({
      startTime: z.string(),
      endTime: z.string(),
      bookings: z.number(),
      participants: z.number(),
      arrived: z.number().default(0),
    }),
  ),
});
export type ManifestOption = z.infer<typeof manifestOption>;
export type ManifestDeparture = ManifestOption['departures'][number];

export const manifest = z.object({
  date: z.string(),
  opcd: z.string().nullable(),
  /** The departure asked for (its start time), or null: the whole day. */
  start: z.string().nullable(),
  /** The chosen option's departures on the day (for the filter), in time order; empty for a whole-day option. */
  departureChoices: z.array(z.object({ startTime: z.string(), endTime: z.string() })),
  /** Every option of the day with its counts over all pages. */
  options: z.array(manifestOption),
  /** This page's lines, in the options' order. */
  rows: z.array(manifestRow),
  /** The day's bookings and participants (a person on several options counted once), over all pages. */
  bookings: z.number(),
  participants: z.number(),
  /** Of those, checked in at the door so far (ADR 0215). */
  arrived: z.number().default(0),
  page: z.number(),
  pageCount: z.number(),
  pageSize: z.number(),
  /** Lines of all pages (one per participant and option). */
  total: z.number(),
});
export type Manifest = z.infer<typeof manifest>;
export const manifestResponse = envelope(manifest);

// --- labels the console shows (Japanese) ------------------------------------------------------------------

/** What happened, as the history names it (booking_events.action, ADR 0100). */
export const BOOKING_ACTION_LABEL: Record<string, string> = {
  created: '予約受付',
  paid: '決済完了',
  reinstated: '期限後の決済で予約を復元',
  late_payment: '期限後の決済（返金）',
  duplicate_payment: '二重決済（返金）',
  expired: '未決済のため自動キャンセル',
  request_confirmed: 'リクエストを手配済みに（確定）',
  request_declined: 'リクエストをお断り',
  request_withdrawn: 'お客様がリクエストを取り消し',
  cancel_requested: 'キャンセル受付',
  cancel_released: 'キャンセル取りやめ（返金不可）',
  canceled: 'キャンセル確定',
  refund_sent: '返金完了',
  refund_failed: '返金失敗',
  rentals_changed: 'レンタル内容の変更',
  participants_changed: '参加者情報の変更',
  details_changed: 'お申込内容の変更（決済前）',
  mail_resent: 'メール再送',
  note_added: '社内メモ',
  contact_changed: '連絡先（電話番号・メール）の訂正',
  day_stopped: '催行中止（未払いのため返金なし）',
  personal_data_erased: '個人情報（旅券番号・生年月日など）の消去',
  coupon_lock_cleared: 'クーポンのPINロック解除',
  receipt_issued: '領収書の発行',
  receipt_reissued: '領収書の再発行',
  hold_extended: '販売代理店が仮押さえを延長',
  hold_released: '販売代理店が仮押さえを取消',
  reseller_confirmed: '販売代理店が予約を確定（後払い・請求）',
  reseller_changed: '販売代理店が予約内容を変更',
  departure_changed: '日時の変更',
  change_failed: '日時の変更不可（満席のため差額を返金）',
  resource_reassigned: 'リソースの割り当てを変更',
  konbini_slip: 'コンビニ決済の支払番号を発行（お支払い待ち）',
  konbini_slip_refused: 'コンビニ決済の支払番号を無効化（予約が取消済みのため）',
  konbini_reminder: 'コンビニ決済のお支払い期限前日のご案内を送信',
  konbini_expired: 'コンビニ決済の期限切れで自動キャンセル',
  checked_in: 'チェックイン',
  checkin_undone: 'チェックインの取り消し',
  no_show: '無断不参加',
};

/** Why a booking was canceled (bookings.cancel_reason), as the console says it. */
export const CANCEL_REASON_LABEL: Record<string, string> = {
  customer: 'お客様',
  staff: 'スタッフ',
  declined: 'リクエストお断り',
  expired: '未決済のため自動キャンセル',
  company: '催行中止（当社）',
  reseller: '販売店（OCTO）',
};
/** A traveller (or a birthday) a reseller has not given yet: the manifest and 予約詳細 say so. */
export const UNNAMED_TRAVELLER = '未登録';
/** Our own site as a 販売チャネル (DESIGN §13): a booking without a reseller. Resellers are named by their name. */
export const OWN_SITE_CHANNEL = '自社サイト';
/** A booking's 販売チャネル: the name of the reseller that sold it, or 自社サイト when none did. */
export function channelLabel(resellerName: string | null | undefined): string {
  return resellerName ?? OWN_SITE_CHANNEL;
}

/** The system's own workers (booking/events.ts SystemActor), in Japanese. */
export const SYSTEM_ACTOR_LABEL: Record<string, string> = {
  sweeper: '自動処理（期限切れ予約の取消）',
  reconciler: '自動処理（決済の照合）',
  webhook: '決済代行会社からの通知',
  checkout: '決済画面からの戻り',
  ops: '運用コマンド',
  privacy: '自動処理（個人情報の保存期間）',
  seed: 'デモデータ',
};
export const CUSTOMER_ACTOR_LABEL = 'お客様';

export const PROVIDER_CALL_STATE_LABEL: Record<string, string> = {
  begun: '処理中',
  open: '決済待ち',
  done: '完了',
  failed: '失敗（要対応）',
  void: '取りやめ',
};
export const REFUND_STATE_LABEL: Record<AdminRefund['state'], string> = {
  pending: '返金処理中',
  succeeded: '返金済み',
  failed: '失敗（要対応）',
  void: '取りやめ',
};
/** A succeeded refund of a konbini payment the customer has not yet given a bank account for (ADR 0213). */
export const REFUND_AWAITING_ACCOUNT_LABEL = '返金手続き中（お客様の振込先口座の入力待ち）';
export const PROVIDER_CALL_KIND_LABEL: Record<string, string> = { checkout: '決済画面の作成', refund: '返金' };
export const REFUND_REASON_LABEL: Record<string, string> = {
  cancel: 'キャンセル',
  duplicate: '二重決済',
  late: '期限後の決済',
  change: '日時変更の差額',
};
export const PAYMENT_STATUS_LABEL: Record<string, string> = {
  open: '決済待ち',
  paid: '決済済み',
  refunded: '全額返金済み',
  expired: '期限切れ',
};
/** A begun call tried this many times without an answer counts as stuck (dashboard, 予約詳細). */
export const PROVIDER_STUCK_ATTEMPTS = 3;
