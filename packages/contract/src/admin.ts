/** The staff console's calls under /api/admin (DESIGN §11): sign-in, the account, and the read-only screens. */
import { z } from 'zod';
import { adminMail, adminProviderCall } from './admin-bookings.ts';
import { dayStopLine, minimumDay } from './day-stop.ts';
import { calendarYmd, envelope } from './envelope.ts';
import { channelFilter } from './resellers.ts';

export const STAFF_ROLES = ['admin', 'operator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** DESIGN §11: idle and absolute lifetime of a staff session. */
export const STAFF_SESSION_IDLE_MINUTES = 30;
export const STAFF_SESSION_ABSOLUTE_HOURS = 12;
/** Between the password and the second factor. */
export const STAFF_SECOND_STEP_MINUTES = 10;
export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MAX = 200;
export const STAFF_COOKIE = 'tabi_staff';
/**
 * Sent (value `1`) by the console's own timed refreshes (the dashboard's once a minute): such a call is answered
 * as any other but does not count as the staff member's activity, so it never keeps an idle session alive.
 */
export const STAFF_BACKGROUND_HEADER = 'x-console-background';

export const staffLoginRequest = z.object({
  mail: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(STAFF_PASSWORD_MAX),
});
export type StaffLoginRequest = z.input<typeof staffLoginRequest>;

export const totpCode = z
  .string()
  .transform((v) => v.normalize('NFKC').replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, '6桁の数字を入力してください'));
export const staffTotpRequest = z.object({ code: totpCode });
export type StaffTotpRequest = z.input<typeof staffTotpRequest>;

export const staffMe = z.object({
  id: z.number(),
  mail: z.string(),
  role: z.enum(STAFF_ROLES),
  totpEnabled: z.boolean(),
  mustChangePassword: z.boolean(),
});
export type StaffMe = z.infer<typeof staffMe>;

/** What the sign-in asks for next: a TOTP code, TOTP enrolment (admin without one), or nothing. */
export const staffLoginStep = z.object({ next: z.enum(['totp', 'enrol', 'done']), staff: staffMe.nullable() });
export type StaffLoginStep = z.infer<typeof staffLoginStep>;
export const staffLoginResponse = envelope(staffLoginStep);
export const staffMeResponse = envelope(staffMe);

export const passwordChangeRequest = z.object({
  current: z.string().min(1).max(STAFF_PASSWORD_MAX),
  next: z.string().min(STAFF_PASSWORD_MIN).max(STAFF_PASSWORD_MAX),
});
export type PasswordChangeRequest = z.input<typeof passwordChangeRequest>;

export const totpSetup = z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });
export type TotpSetup = z.infer<typeof totpSetup>;
export const totpSetupResponse = envelope(totpSetup);
export const okResponse = envelope(z.object({ ok: z.literal(true) }));

// Dashboard
/**
 * A departure of today or tomorrow with travellers: an option's day, or one start time of it for an option sold at
 * start times (ADR 0196), with its bookings, travellers and capacity.
 */
export const departureLine = z.object({
  usedate: z.string(),
  opcd: z.string(),
  webname: z.string(),
  /** `HH:MM` and its end ('' when not said); '' and '' for a whole day. */
  startTime: z.string(),
  endTime: z.string(),
  bookings: z.number(),
  participants: z.number(),
  /** Seats left + those live bookings and キャンセル待ち offers hold; null when the departure has no stock row. */
  capacity: z.number().nullable(),
  /** Travellers checked in at the door so far (ADR 0215). */
  arrived: z.number().default(0),
});
/** One day's departures in total: each booking and traveller once, across the options they hold that day. */
export const departureDay = z.object({ usedate: z.string(), bookings: z.number(), participants: z.number() });
export const bookingLine = z.object({
  rsvno: z.string(),
  name: z.string(),
  opcd: z.string(),
  webname: z.string(),
  usedate: z.string(),
  rsvdate: z.string(),
  /** Minutes since reception (requests) or until the deadline (payment deadlines, card grace). */
  minutes: z.number(),
  paymentDeadline: z.string().nullable(),
  amountjp: z.number(),
});
export type BookingLine = z.infer<typeof bookingLine>;
/** The day's activity: a booking received or canceled today, with its channel and what happened when. */
export const activityLine = bookingLine.extend({
  /** Where the booking came from: 自社サイト, or the reseller's name (DESIGN §13). */
  channel: z.string(),
  statusLabel: z.string(),
  /** When it was received or canceled. */
  at: z.string(),
  /** Who canceled it (お客様, スタッフ, リクエストお断り), for a cancellation. */
  cancelReason: z.string().nullable(),
});
export type ActivityLine = z.infer<typeof activityLine>;
/** A mail of the outbox in a list: the booking's mail without its body, with the booking it belongs to. */
export const mailLine = adminMail.omit({ body: true }).extend({ rsvno: z.string().nullable() });
export type MailLine = z.infer<typeof mailLine>;
export const providerProblemLine = adminProviderCall
  .pick({
    id: true,
    kind: true,
    amount: true,
    reason: true,
    state: true,
    attempts: true,
    lastError: true,
    createdAt: true,
  })
  .extend({ rsvno: z.string() });
export type ProviderProblemLine = z.infer<typeof providerProblemLine>;
export const dashboard = z.object({
  today: z.string(),
  tomorrow: z.string(),
  servertime: z.string(),
  departures: z.array(departureLine),
  departureDays: z.array(departureDay),
  /** Received today (Tokyo), newest first; and canceled today, expiries left out (the sweeper's routine). */
  todayBookings: z.array(activityLine),
  todayCancellations: z.array(activityLine),
  /** 催行中止 still running (ADR 0165), with their counts, and days under their minimum to decide. */
  dayStops: z.array(dayStopLine),
  minimumDays: z.array(minimumDay),
  waitingRequests: z.array(bookingLine),
  expiringCard: z.array(bookingLine),
  deadlineNear: z.array(bookingLine),
  /** コンビニ決済: slips waiting at the store, the nearest deadline first (ADR 0213); minutes: until the deadline. */
  konbiniWaiting: z.array(bookingLine),
  failedMails: z.array(mailLine),
  /** 照合できなかった決済処理: provider calls failed, or begun and retried without an answer. */
  providerProblems: z.array(providerProblemLine),
  /** How many there are of each list, however many its first DASHBOARD_LINES lines leave out. */
  counts: z.object({
    todayBookings: z.number().int(),
    todayCancellations: z.number().int(),
    minimumDays: z.number().int(),
    waitingRequests: z.number().int(),
    expiringCard: z.number().int(),
    deadlineNear: z.number().int(),
    konbiniWaiting: z.number().int(),
    /** Of those, the slips whose deadline is today (Tokyo). */
    konbiniDueToday: z.number().int(),
    failedMails: z.number().int(),
    providerProblems: z.number().int(),
  }),
});
/** The lines a dashboard list carries; the rest are counted and reached through the list it links to. */
export const DASHBOARD_LINES = 10;
export type Dashboard = z.infer<typeof dashboard>;
export const dashboardResponse = envelope(dashboard);

// 予約一覧
const optionalText = (max: number) => z.string().trim().max(max).optional();
const optionalYmd = z.union([calendarYmd, z.literal('')]).optional();
export const ADMIN_PAGE_SIZE = 50;
/**
 * A list counts at most this many matches, and pages that far (200 pages of 50): past it the count says
 * 「10,000件以上」 and the filter narrows the list (the CSV still writes every row).
 */
export const ADMIN_COUNT_CAP = 10_000;
export const bookingSearchQuery = z.object({
  rsvno: optionalText(20),
  name: optionalText(60),
  /** Any hyphenation and full-width digits; text without a digit would match every booking, so it is refused. */
  tel: optionalText(30).refine((v) => !v || /\d/.test(v.normalize('NFKC')), '数字で入力してください'),
  mail: optionalText(254),
  opcd: optionalText(20),
  usefrom: optionalYmd,
  useto: optionalYmd,
  rsvfrom: optionalYmd,
  rsvto: optionalYmd,
  /** A status code, or 'live': everything not canceled and not an expired unpaid card booking. */
  status: z.enum(['', 'live', '0', '1', '4', '6']).optional(),
  payment: z.enum(['', '0', '1']).optional(),
  /** 'stuck': a payment-provider step the reconciler could not finish (failed, or retried without an answer). */
  provider: z.enum(['', 'stuck']).optional(),
  /** 販売チャネル (ADR 0169): 'own' (自社サイト) or a reseller's id. */
  channel: channelFilter.optional(),
  sort: z.enum(['', 'usedate', 'rsvdate']).optional(),
  dir: z.enum(['', 'asc', 'desc']).optional(),
  page: z
    .string()
    .regex(/^\d{1,5}$/)
    .optional(),
});
export type BookingSearchQuery = z.input<typeof bookingSearchQuery>;
export const BOOKING_SEARCH_KEYS = Object.keys(bookingSearchQuery.shape) as (keyof BookingSearchQuery)[];

export const bookingRow = z.object({
  rsvno: z.string(),
  status: z.number(),
  statusPayment: z.number(),
  flgRequestRsv: z.number(),
  statusLabel: z.string(),
  rsvdate: z.string(),
  usedate: z.string(),
  opcd: z.string(),
  webname: z.string(),
  name: z.string(),
  tel: z.string(),
  mail: z.string(),
  participants: z.number(),
  amountjp: z.number(),
  /** Taken through the payment provider (payments paid, refunded or not), and given back of it, in yen. */
  paidAmount: z.number(),
  refundedAmount: z.number(),
  /** The booking has an internal note (社内メモ): marked in the list. */
  hasNote: z.boolean(),
  /** 販売チャネル (ADR 0169): 自社サイト, or the reseller's name; the reseller's id (null: our own site). */
  channel: z.string(),
  resellerId: z.number().nullable(),
});
export type BookingRow = z.infer<typeof bookingRow>;

/**
 * The 決済 column of 予約一覧 and its CSV: 未 / 済, or — once money went back — 返金済 (all of it) or 一部返金 (a
 * canceled booking whose fee was kept). A refund that leaves a live booking paid (a second payment returned) is 済.
 * A reseller's booking is never paid by card: 売掛 while the reseller is invoiced for it, 取消 once canceled.
 */
export function paymentColumn(
  row: Pick<BookingRow, 'status' | 'statusPayment' | 'paidAmount' | 'refundedAmount' | 'resellerId'>,
): '未' | '済' | '返金済' | '一部返金' | '売掛' | '取消' {
  if (row.resellerId !== null) {
    if (row.status === 4) return '取消';
    return row.statusPayment === 1 ? '売掛' : '未';
  }
  if (row.refundedAmount > 0) {
    if (row.refundedAmount >= row.paidAmount) return '返金済';
    if (row.status === 4) return '一部返金';
  }
  return row.statusPayment === 1 ? '済' : '未';
}
/** One page of a list the server pages (ADMIN_PAGE_SIZE rows at most) and where it stands in the whole. */
const pageOf = <Row extends z.ZodType>(row: Row) =>
  z.object({
    rows: z.array(row),
    total: z.number(),
    page: z.number(),
    pageCount: z.number(),
    pageSize: z.number(),
    /** The count stopped at {@link ADMIN_COUNT_CAP}: at least `total` match. */
    capped: z.boolean().optional(),
  });
export const bookingPage = pageOf(bookingRow);
export type BookingPage = z.infer<typeof bookingPage>;
export const bookingPageResponse = envelope(bookingPage);

export const optionChoice = z.object({ opcd: z.string(), webname: z.string() });
export const optionChoicesResponse = envelope(z.array(optionChoice));

// メール
export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export const mailSearchQuery = z.object({
  /** A status, or 'error': given up, or waiting to be retried after an error (what the dashboard counts). */
  status: z.enum(['', 'error', ...MAIL_STATUSES]).optional(),
  rsvno: optionalText(20),
  page: z
    .string()
    .regex(/^\d{1,5}$/)
    .optional(),
});
export type MailSearchQuery = z.input<typeof mailSearchQuery>;
export const mailPage = pageOf(mailLine);
export type MailPage = z.infer<typeof mailPage>;
export const mailPageResponse = envelope(mailPage);

// スタッフ (admin only)
export const staffRow = z.object({
  id: z.number(),
  mail: z.string(),
  role: z.enum(STAFF_ROLES),
  totpEnabled: z.boolean(),
  disabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffRow = z.infer<typeof staffRow>;
export const staffListResponse = envelope(z.array(staffRow));

/** A new account (スタッフを追加): the one-time password is made on the server and shown once. */
export const staffCreateRequest = z.object({
  mail: z.string().trim().min(1, 'メールアドレスを入力してください。').max(254),
  role: z.enum(STAFF_ROLES),
});
export type StaffCreateRequest = z.input<typeof staffCreateRequest>;
export const staffIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const staffRoleRequest = z.object({ role: z.enum(STAFF_ROLES) });
export type StaffRoleRequest = z.input<typeof staffRoleRequest>;
/** What an admin's change of an account answers: the row as it is now, and a new password to show once. */
export const staffChange = z.object({ staff: staffRow, password: z.string().nullable() });
export type StaffChange = z.infer<typeof staffChange>;
export const staffChangeResponse = envelope(staffChange);
/** スタッフ's actions besides adding and the role (each one a POST with no body). */
export const STAFF_ACTIONS = ['disable', 'enable', 'reset-password', 'reset-totp'] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];
