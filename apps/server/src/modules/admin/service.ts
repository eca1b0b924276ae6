import {
  type ActivityLine,
  ADMIN_COUNT_CAP,
  ADMIN_PAGE_SIZE,
  type BookingLine,
  type BookingPage,
  type BookingRow,
  type BookingSearchQuery,
  DASHBOARD_LINES,
  type Dashboard,
  type MailLine,
  type MailPage,
  type MailSearchQuery,
  paymentColumn,
} from '@tabi/contract/admin';
import { CANCEL_REASON_LABEL, channelLabel, PROVIDER_STUCK_ATTEMPTS } from '@tabi/contract/admin-bookings';
import { normalisePhone, statusLabel, unpaidGraceCutoff, unpaidGraceEnd } from '@tabi/contract/booking-rules';
import { addDays, formatTokyoDateTime, formatYmd, tokyoDayStart, tokyoYmd } from '@tabi/contract/dates';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { bookingIs } from '../booking/state-sql.ts';
import { minimumDays } from '../day-stop/minimum.ts';
import { listStops } from '../day-stop/service.ts';
import { csvLines, toCsv } from './csv.ts';
import * as repo from './repository.ts';

/** A confirmed request whose payment deadline falls within this many hours is shown on the dashboard. */
export const DEADLINE_NEAR_HOURS = 24;

const ymdIso = (ymd: string) => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;
const minutesBetween = (from: Date, to: Date) => Math.floor((to.getTime() - from.getTime()) / 60_000);

/** Hiragana ↔ katakana, so that a clerk may type a kana name in either. */
function kanaVariants(text: string): string[] {
  const toKata = text.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
  const toHira = text.replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
  return [...new Set([text, toKata, toHira])];
}

export function bookingFilter(query: BookingSearchQuery, now: Date): repo.BookingFilter {
  const filter: repo.BookingFilter = { graceCutoff: unpaidGraceCutoff(now) };
  const clean = (v: string | undefined) => v?.normalize('NFKC').trim() ?? '';
  const rsvno = clean(query.rsvno).toUpperCase();
  if (rsvno) filter.rsvno = rsvno;
  const name = clean(query.name).replace(/\s/g, '');
  if (name) filter.names = kanaVariants(name);
  const tel = normalisePhone(query.tel ?? '');
  if (tel) filter.telDigits = tel;
  const mail = clean(query.mail);
  if (mail) filter.mail = mail;
  const opcd = clean(query.opcd).toUpperCase();
  if (opcd) filter.opcd = opcd;
  if (query.usefrom) filter.usefrom = ymdIso(query.usefrom);
  if (query.useto) filter.useto = ymdIso(query.useto);
  if (query.rsvfrom) filter.rsvfrom = tokyoDayStart(query.rsvfrom);
  if (query.rsvto) filter.rsvto = tokyoDayStart(addDays(query.rsvto, 1));
  if (query.status === 'live') filter.status = 'live';
  else if (query.status) filter.status = Number(query.status);
  if (query.payment) filter.payment = Number(query.payment);
  if (query.provider === 'stuck') filter.providerStuckAttempts = PROVIDER_STUCK_ATTEMPTS;
  if (query.channel === 'own') filter.channel = 'own';
  else if (query.channel) filter.channel = Number(query.channel);
  return filter;
}

/** The CSV's 決済 column: the list's, in words. */
const PAYMENT_CSV = {
  未: '未決済',
  済: '決済済み',
  返金済: '返金済み',
  一部返金: '一部返金',
  売掛: '売掛（販売店に請求）',
  取消: '取消（販売店）',
} as const;

function orderOf(query: BookingSearchQuery): { sort: 'usedate' | 'rsvdate'; dir: 'asc' | 'desc' } {
  return { sort: query.sort === 'usedate' ? 'usedate' : 'rsvdate', dir: query.dir === 'asc' ? 'asc' : 'desc' };
}

function rowOf(r: repo.BookingRecord, servertime: string): BookingRow {
  return {
    rsvno: r.rsvno,
    status: r.status,
    statusPayment: r.status_payment,
    flgRequestRsv: r.flg_request_rsv,
    statusLabel: statusLabel({ ...r, rsvdate: r.rsvdate.toISOString() }, servertime),
    rsvdate: r.rsvdate.toISOString(),
    usedate: r.fromdate,
    opcd: r.opcd,
    webname: r.webname,
    name: `${r.sei} ${r.mei}`,
    tel: r.tel,
    mail: r.mail,
    participants: r.participants,
    amountjp: r.amountjp,
    paidAmount: r.paid_amount,
    refundedAmount: r.refunded_amount,
    hasNote: r.has_note,
    channel: channelLabel(r.reseller_name),
    resellerId: r.reseller_id,
  };
}

/**
 * A list's page among those counted (ADMIN_COUNT_CAP): past them the database is not asked to skip rows,
 * and the empty page says so.
 */
function countedPage(requested: string | number | undefined) {
  const page = Math.max(1, Number(requested ?? 1) || 1);
  const lastPage = ADMIN_COUNT_CAP / ADMIN_PAGE_SIZE;
  return {
    page,
    window: {
      limit: page > lastPage ? 0 : ADMIN_PAGE_SIZE,
      offset: Math.min(page - 1, lastPage) * ADMIN_PAGE_SIZE,
      countCap: ADMIN_COUNT_CAP,
    },
  };
}

function pageAnswer<Row>(rows: Row[], count: { total: number; capped: boolean }, page: number) {
  return {
    rows,
    total: count.total,
    page,
    pageCount: Math.max(1, Math.ceil(count.total / ADMIN_PAGE_SIZE)),
    pageSize: ADMIN_PAGE_SIZE,
    ...(count.capped ? { capped: true } : {}),
  };
}

export async function searchBookings(ctx: AppContext, query: BookingSearchQuery): Promise<BookingPage> {
  const now = ctx.clock.now();
  const page = countedPage(query.page);
  const found = await repo.searchBookings(ctx.db, bookingFilter(query, now), orderOf(query), page.window);
  return pageAnswer(
    found.rows.map((r) => rowOf(r, now.toISOString())),
    found,
    page.page,
  );
}

/** Bookings read and written per step of the export: memory stays flat whatever the number of rows. */
const CSV_CHUNK = 2_000;

/**
 * The CSV of 「この条件の全件」, every row however many (it stopped at 20,000 without a word): the
 * matching numbers in the list's order first, then their rows a chunk at a time, written as they come.
 */
export async function bookingsCsv(ctx: AppContext, query: BookingSearchQuery): Promise<AsyncGenerator<string>> {
  const now = ctx.clock.now();
  // Refused filters and a failing database answer before anything is sent.
  const numbers = await repo.searchBookingNumbers(ctx.db, bookingFilter(query, now), orderOf(query));
  return bookingsCsvChunks(ctx, numbers, now);
}

async function* bookingsCsvChunks(ctx: AppContext, numbers: string[], now: Date): AsyncGenerator<string> {
  const header = [
    '予約番号',
    'ステータス',
    '決済',
    '受付日時',
    '利用日',
    '商品コード',
    '商品名',
    '申込者',
    '電話番号',
    'メールアドレス',
    '人数',
    '金額（円）',
    // Added last, so that a sheet reading the columns by their place still finds them there.
    '販売チャネル',
  ];
  yield toCsv(header, []);
  for (let start = 0; start < numbers.length; start += CSV_CHUNK) {
    const rows = await repo.bookingsByNumber(ctx.db, numbers.slice(start, start + CSV_CHUNK));
    yield csvLines(
      rows.map((r) => {
        const row = rowOf(r, now.toISOString());
        return [
          row.rsvno,
          row.statusLabel,
          PAYMENT_CSV[paymentColumn(row)],
          formatTokyoDateTime(r.rsvdate),
          formatYmd(row.usedate),
          row.opcd,
          row.webname,
          row.name,
          row.tel,
          row.mail,
          row.participants,
          row.amountjp,
          row.channel,
        ];
      }),
    );
  }
}

function lineOf(r: repo.BookingRecord, minutes: number): BookingLine {
  return {
    rsvno: r.rsvno,
    name: `${r.sei} ${r.mei}`,
    opcd: r.opcd,
    webname: r.webname,
    usedate: r.fromdate,
    rsvdate: r.rsvdate.toISOString(),
    minutes,
    paymentDeadline: r.payment_deadline_date?.toISOString() ?? null,
    amountjp: r.amountjp,
  };
}

/** A booking received or canceled today: its line, where it came from, and what it is now. */
function activityOf(r: repo.BookingRecord, now: Date, at: Date): ActivityLine {
  return {
    ...lineOf(r, minutesBetween(at, now)),
    channel: channelLabel(r.reseller_name),
    statusLabel: statusLabel({ ...r, rsvdate: r.rsvdate.toISOString() }, now.toISOString()),
    at: at.toISOString(),
    cancelReason: r.cancel_reason ? (CANCEL_REASON_LABEL[r.cancel_reason] ?? r.cancel_reason) : null,
  };
}

export function mailLineOf(m: repo.MailRecord): MailLine {
  return {
    id: m.id,
    kind: m.kind,
    rsvno: m.rsvno,
    to: m.to,
    subject: m.subject,
    status: m.status,
    attempts: m.attempts,
    lastError: m.last_error,
    createdAt: m.created_at.toISOString(),
    sentAt: m.sent_at?.toISOString() ?? null,
  };
}

/** The day's work, computed on the server from the database as it is now (DESIGN §11). */
export async function dashboard(ctx: AppContext): Promise<Dashboard> {
  const now = ctx.clock.now();
  const today = tokyoYmd(now);
  const tomorrow = addDays(today, 1);
  const cutoff = unpaidGraceCutoff(now);
  const near = new Date(now.getTime() + DEADLINE_NEAR_HOURS * 3_600_000);
  const days = [ymdIso(today), ymdIso(tomorrow)];
  const dayStart = tokyoDayStart(today);
  const [departing, received, canceled, waiting, expiring, deadline, slips, slipsDue, mails, problems, stops, minimum] =
    await Promise.all([
      repo.departures(ctx.db, days, cutoff),
      repo.bookingsWhere(ctx.db, sql`b.rsvdate >= ${dayStart}`, sql`b.rsvdate desc, b.rsvno`, DASHBOARD_LINES),
      repo.bookingsWhere(
        ctx.db,
        sql`b.canceled_at >= ${dayStart} and ${bookingIs.canceled} and b.cancel_reason is distinct from 'expired'`,
        sql`b.canceled_at desc, b.rsvno`,
        DASHBOARD_LINES,
      ),
      repo.bookingsWhere(ctx.db, bookingIs.awaitingAnswer, sql`b.rsvdate asc, b.rsvno`, DASHBOARD_LINES),
      repo.bookingsWhere(ctx.db, bookingIs.unpaidCardWithinGrace(cutoff), sql`b.rsvdate asc, b.rsvno`, DASHBOARD_LINES),
      repo.bookingsWhere(
        ctx.db,
        sql`${bookingIs.confirmedRequestUnpaid} and b.payment_deadline_date <= ${near}`,
        sql`b.payment_deadline_date asc, b.rsvno`,
        DASHBOARD_LINES,
      ),
      repo.bookingsWhere(ctx.db, bookingIs.awaitingKonbini, sql`b.payment_deadline_date asc, b.rsvno`, DASHBOARD_LINES),
      repo.bookingsWhere(
        ctx.db,
        sql`${bookingIs.awaitingKonbini} and b.payment_deadline_date < ${tokyoDayStart(tomorrow)}`,
        sql`b.payment_deadline_date asc, b.rsvno`,
        0,
      ),
      repo.searchMails(ctx.db, { failedOnly: true }, { limit: DASHBOARD_LINES, offset: 0 }),
      repo.providerProblems(ctx.db, PROVIDER_STUCK_ATTEMPTS, DASHBOARD_LINES),
      listStops(ctx, true),
      minimumDays(ctx, DASHBOARD_LINES),
    ]);
  return {
    today,
    tomorrow,
    servertime: now.toISOString(),
    departures: departing.options,
    departureDays: departing.days,
    todayBookings: received.rows.map((r) => activityOf(r, now, r.rsvdate)),
    todayCancellations: canceled.rows.map((r) => activityOf(r, now, r.canceled_at ?? now)),
    dayStops: stops,
    minimumDays: minimum.rows,
    waitingRequests: waiting.rows.map((r) => lineOf(r, minutesBetween(r.rsvdate, now))),
    expiringCard: expiring.rows.map((r) => lineOf(r, minutesBetween(now, unpaidGraceEnd(r.rsvdate)))),
    deadlineNear: deadline.rows.map((r) =>
      lineOf(r, r.payment_deadline_date ? minutesBetween(now, r.payment_deadline_date) : 0),
    ),
    konbiniWaiting: slips.rows.map((r) =>
      lineOf(r, r.payment_deadline_date ? minutesBetween(now, r.payment_deadline_date) : 0),
    ),
    failedMails: mails.rows.map(mailLineOf),
    providerProblems: problems.rows.map((p) => ({
      id: p.id,
      rsvno: p.rsvno,
      kind: p.kind,
      amount: p.amount,
      reason: p.reason,
      state: p.state,
      attempts: p.attempts,
      lastError: p.last_error,
      createdAt: p.created_at.toISOString(),
    })),
    counts: {
      todayBookings: received.total,
      todayCancellations: canceled.total,
      minimumDays: minimum.total,
      waitingRequests: waiting.total,
      expiringCard: expiring.total,
      deadlineNear: deadline.total,
      konbiniWaiting: slips.total,
      konbiniDueToday: slipsDue.total,
      failedMails: mails.total,
      providerProblems: problems.total,
    },
  };
}

export async function searchMails(ctx: AppContext, query: MailSearchQuery): Promise<MailPage> {
  const page = countedPage(query.page);
  const rsvno = query.rsvno?.normalize('NFKC').trim().toUpperCase();
  const found = await repo.searchMails(
    ctx.db,
    {
      failedOnly: query.status === 'error',
      ...(query.status && query.status !== 'error' ? { status: query.status } : {}),
      ...(rsvno ? { rsvno } : {}),
    },
    page.window,
  );
  return pageAnswer(found.rows.map(mailLineOf), found, page.page);
}
