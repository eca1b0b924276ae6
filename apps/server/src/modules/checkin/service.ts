/**
 * チェックイン at the door (DESIGN §17, ADR 0215). A scan names a ticket (its QR code) or a booking number, for the
 * scanner's day and departure; under the booking's lock — which a cancellation takes too, so a scan and a
 * cancellation never both pass — it answers what the booking is, and checks in the travellers not in yet. Every scan
 * that checks someone in, every undo and every no-show is an event in the booking's history, with the device and the
 * staff member.
 */
import { statusLabel } from '@tabi/contract/booking-rules';
import {
  type CheckinAnswer,
  type CheckinBooking,
  type CheckinCounts,
  type CheckinDeparture,
  CheckinMsg,
  type CheckinPack,
  type CheckinVerdict,
} from '@tabi/contract/checkin';
import { AGE_CLASS_LABEL, ageClassFromCode, ErrCd } from '@tabi/contract/constants';
import { tokyoDayStart, tokyoYmd, toTokyoIso, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import { staffActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { recordEvent } from '../booking/events.ts';
import { isEnded, lifecycleOf, specStateFields } from '../booking/lifecycle.ts';
import { type BookingRow, findBooking, lockBooking } from '../booking/repository.ts';
import type { StaffPrincipal } from '../staff/service.ts';
import { TICKET_PREFIX } from '../ticket/service.ts';
import * as repo from './repository.ts';

export interface ScanInput {
  usedate: Ymd;
  opcd: string;
  start_time: string;
  code: string;
  rsvno: string;
  seqs?: number[] | undefined;
  device: string;
  scanned_at?: string | undefined;
}

type Departure = repo.Departure;

function departureOf(input: { usedate: Ymd; opcd: string; start_time: string }): Departure {
  return { usedate: ymdToIsoDate(input.usedate), opcd: input.opcd, startTime: input.start_time };
}

/** The booking a ticket's code names: `TB1.` and 32 base64url characters; anything else names none. */
async function rsvnoOfCode(db: DbOrTx, code: string): Promise<string | undefined> {
  if (!code.startsWith(TICKET_PREFIX)) return undefined;
  const token = code.slice(TICKET_PREFIX.length);
  return /^[A-Za-z0-9_-]{32}$/.test(token) ? repo.rsvnoOfToken(db, token) : undefined;
}

/** What the scanner shows of some bookings, read for all of them at once: lines, travellers and live check-ins. */
interface BookingParts {
  lines: repo.ScanLine[];
  members: repo.ScanMember[];
  live: repo.LiveCheckIn[];
}

async function partsOf(db: DbOrTx, rsvnos: readonly string[]): Promise<Map<string, BookingParts>> {
  const parts = new Map<string, BookingParts>(rsvnos.map((r) => [r, { lines: [], members: [], live: [] }]));
  const [lines, members, live] = await Promise.all([
    repo.linesOf(db, rsvnos),
    repo.membersOf(db, rsvnos),
    repo.liveCheckIns(db, rsvnos),
  ]);
  for (const l of lines) parts.get(l.rsvno)?.lines.push(l);
  for (const m of members) parts.get(m.rsvno)?.members.push(m);
  for (const c of live) parts.get(c.rsvno)?.live.push(c);
  return parts;
}

/** One booking's parts, under the caller's lock. */
async function partsOfOne(db: DbOrTx, rsvno: string): Promise<BookingParts> {
  return (await partsOf(db, [rsvno])).get(rsvno) ?? { lines: [], members: [], live: [] };
}

/** The booking as the scanner shows it, on the line of the scanner's departure (or its first). */
function viewOf(
  booking: BookingRow,
  line: repo.ScanLine | undefined,
  { lines, members, live }: BookingParts,
  now: Date,
): CheckinBooking {
  const shown = line ?? lines[0];
  const byseq = new Map(live.map((c) => [c.seq, c]));
  return {
    rsvno: booking.rsvno,
    applicant: `${booking.sei} ${booking.mei}`,
    statusLabel: statusLabel(specStateFields(booking), toTokyoIso(now)),
    opcd: shown?.opcd ?? '',
    webname: shown?.webname ?? '',
    usedate: shown?.usedate ?? '',
    startTime: shown?.start_time ?? '',
    endTime: shown?.end_time ?? '',
    travellers: members.map((m) => {
      const mark = byseq.get(m.seq);
      const ageClass = ageClassFromCode(m.ageclass);
      return {
        seq: m.seq,
        name: `${m.sei} ${m.mei}`,
        ageClass: ageClass ? AGE_CLASS_LABEL[ageClass] : '',
        arrived: mark?.kind === 'arrived' ? { at: mark.at.toISOString(), by: mark.by, device: mark.device } : null,
        noShow: mark?.kind === 'no_show',
      };
    }),
  };
}

/** What a booking is at the door of `d`, before anyone is checked in. */
function verdictOf(booking: BookingRow, lines: repo.ScanLine[], d: Departure, input: ScanInput) {
  const state = lifecycleOf(booking);
  if (isEnded(state) || state === 'cancelling') return { verdict: 'canceled' as const };
  if (state !== 'paid') return { verdict: 'not_paid' as const };
  const day = lines.filter((l) => l.usedate === input.usedate);
  const line = day.find((l) => (!d.opcd || l.opcd === d.opcd) && (!d.startTime || l.start_time === d.startTime));
  if (line) return { verdict: 'ok' as const, line };
  return { verdict: day.length > 0 ? ('wrong_departure' as const) : ('wrong_day' as const), line: day[0] };
}

/** POST /api/admin/checkin/scan. */
export async function scan(ctx: AppContext, staff: StaffPrincipal, input: ScanInput): Promise<CheckinAnswer> {
  const d = departureOf(input);
  const rsvno = input.code
    ? await rsvnoOfCode(ctx.db, input.code)
    : (await findBooking(ctx.db, input.rsvno.toUpperCase()))?.rsvno;
  if (!rsvno)
    return { verdict: 'unknown', checked: [], booking: null, first: null, counts: await repo.countsOf(ctx.db, d) };
  const answer = await ctx.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, rsvno);
    if (!booking) return { verdict: 'unknown' as CheckinVerdict, checked: [], booking: null, first: null };
    const now = ctx.clock.now();
    const parts = await partsOfOne(tx, rsvno);
    const found = verdictOf(booking, parts.lines, d, input);
    const before = viewOf(booking, found.line, parts, now);
    if (found.verdict !== 'ok') return { verdict: found.verdict, checked: [], booking: before, first: null };
    const asked = new Set(input.seqs ?? before.travellers.map((t) => t.seq));
    const arrived = parts.live.filter((c) => c.kind === 'arrived');
    const targets = before.travellers.filter((t) => asked.has(t.seq) && !t.arrived).map((t) => t.seq);
    if (targets.length === 0) {
      const first = arrived[0];
      return {
        verdict: 'already' as const,
        checked: [],
        booking: before,
        first: first ? { at: first.at.toISOString(), by: first.by, device: first.device } : null,
      };
    }
    // A traveller marked 無断不参加 who turns up late is checked in: the mark is undone first.
    const late = before.travellers.filter((t) => targets.includes(t.seq) && t.noShow).map((t) => t.seq);
    await repo.undoCheckIns(tx, rsvno, late, now, staff.id, 'no_show');
    const scannedAt = input.scanned_at ? new Date(input.scanned_at) : null;
    const checked = await repo.insertCheckIns(
      tx,
      targets.map((seq) => ({
        rsvno,
        seq,
        kind: 'arrived' as const,
        at: now,
        scannedAt,
        staffId: staff.id,
        device: input.device,
      })),
    );
    await recordEvent(tx, now, rsvno, staffActor(staff.id), 'checked_in', {
      after: { travellers: checked, device: input.device, ...(scannedAt ? { scanned_at: scannedAt } : {}) },
    });
    // Only the check-ins changed: the lines and travellers read above still hold under the booking's lock.
    const after = viewOf(booking, found.line, { ...parts, live: await repo.liveCheckIns(tx, [rsvno]) }, now);
    return { verdict: 'ok' as const, checked, booking: after, first: null };
  });
  return { ...answer, counts: await repo.countsOf(ctx.db, d) };
}

/** POST /api/admin/checkin/undo: the travellers' arrivals undone, only on the day they were checked in. */
export async function undo(
  ctx: AppContext,
  staff: StaffPrincipal,
  input: { rsvno: string; seqs?: number[] | undefined; device: string },
): Promise<CheckinAnswer> {
  const rsvno = input.rsvno.toUpperCase();
  const result = await ctx.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, rsvno);
    if (!booking) throw AppError.notFound(CheckinMsg.nothingToUndo);
    const now = ctx.clock.now();
    const today = tokyoYmd(now);
    const live = (await repo.liveCheckIns(tx, [rsvno])).filter((c) => c.kind === 'arrived');
    const asked = live.filter((c) => !input.seqs || input.seqs.includes(c.seq));
    if (asked.length === 0) throw AppError.conflict(ErrCd.generic, CheckinMsg.nothingToUndo);
    if (asked.some((c) => tokyoYmd(c.at) !== today)) throw AppError.conflict(ErrCd.generic, CheckinMsg.undoTooLate);
    const undone = await repo.undoCheckIns(
      tx,
      rsvno,
      asked.map((c) => c.seq),
      now,
      staff.id,
      'arrived',
    );
    await recordEvent(tx, now, rsvno, staffActor(staff.id), 'checkin_undone', {
      after: { travellers: undone.map((c) => c.seq).sort((a, b) => a - b), device: input.device },
    });
    const parts = await partsOfOne(tx, rsvno);
    return { view: viewOf(booking, parts.lines[0], parts, now), line: parts.lines[0] };
  });
  const d: Departure = {
    usedate: result.line ? ymdToIsoDate(result.line.usedate) : '',
    opcd: result.line?.opcd ?? '',
    startTime: result.line?.start_time ?? '',
  };
  return {
    verdict: 'ok',
    checked: [],
    booking: result.view,
    first: null,
    counts: d.usedate ? await repo.countsOf(ctx.db, d) : { arrived: 0, expected: 0, noShows: 0 },
  };
}

/** When a departure has left: its start time on its day, or the day itself for a whole-day option (Tokyo). */
function departedAt(input: { usedate: Ymd; start_time: string }): Date {
  const start = tokyoDayStart(input.usedate);
  if (!input.start_time) return start;
  const [h = 0, m = 0] = input.start_time.split(':').map(Number);
  return new Date(start.getTime() + (h * 60 + m) * 60_000);
}

/** POST /api/admin/checkin/no-shows: everyone of the departure's paid bookings not checked in is marked 無断不参加. */
export async function markNoShows(
  ctx: AppContext,
  staff: StaffPrincipal,
  input: { usedate: Ymd; opcd: string; start_time: string; device: string },
): Promise<{ marked: number; counts: CheckinCounts }> {
  const now = ctx.clock.now();
  if (now < departedAt(input)) throw AppError.conflict(ErrCd.generic, CheckinMsg.noShowsTooEarly);
  const d = departureOf(input);
  const missing = await repo.notArrived(ctx.db, d);
  const byBooking = new Map<string, number[]>();
  for (const m of missing) byBooking.set(m.rsvno, [...(byBooking.get(m.rsvno) ?? []), m.seq]);
  let marked = 0;
  for (const [rsvno, seqs] of byBooking) {
    marked += await ctx.db.transaction(async (tx) => {
      const booking = await lockBooking(tx, rsvno);
      if (!booking || lifecycleOf(booking) !== 'paid') return 0;
      const written = await repo.insertCheckIns(
        tx,
        seqs.map((seq) => ({
          rsvno,
          seq,
          kind: 'no_show' as const,
          at: now,
          scannedAt: null,
          staffId: staff.id,
          device: input.device,
        })),
      );
      if (written.length > 0) {
        await recordEvent(tx, now, rsvno, staffActor(staff.id), 'no_show', {
          after: { travellers: written, device: input.device },
        });
      }
      return written.length;
    });
  }
  return { marked, counts: await repo.countsOf(ctx.db, d) };
}

function countsOfRow(r: repo.DepartureCounts): CheckinCounts {
  return { expected: Number(r.expected), arrived: Number(r.arrived), noShows: Number(r.no_shows) };
}

/** GET /api/admin/checkin/day: the day's departures with their counts. */
export async function day(ctx: AppContext, usedate: Ymd): Promise<{ usedate: string; departures: CheckinDeparture[] }> {
  const rows = await repo.dayDepartures(ctx.db, ymdToIsoDate(usedate));
  return {
    usedate,
    departures: rows.map((r) => ({
      opcd: r.opcd,
      webname: r.webname,
      startTime: r.start_time,
      endTime: r.end_time,
      counts: countsOfRow(r),
    })),
  };
}

/**
 * GET /api/admin/checkin/departure: the departure's bookings with their tickets' codes, for the scanner to answer
 * from while the network is away (ADR 0215). A booking paid once and canceled since is listed (not admitted), so
 * that its ticket says so offline too.
 */
export async function pack(
  ctx: AppContext,
  input: { usedate: Ymd; opcd: string; start_time: string },
): Promise<CheckinPack> {
  const d = departureOf(input);
  const now = ctx.clock.now();
  const listed = await repo.departureBookings(ctx.db, d);
  const parts = await partsOf(
    ctx.db,
    listed.map(({ booking }) => booking.rsvno),
  );
  const bookings: CheckinPack['bookings'] = [];
  for (const { booking, token } of listed) {
    const own = parts.get(booking.rsvno);
    if (!own) continue;
    const found = verdictOf(booking, own.lines, d, { ...input, code: '', rsvno: booking.rsvno, device: '' });
    bookings.push({
      ...viewOf(booking, found.line, own, now),
      code: token ? `${TICKET_PREFIX}${token}` : null,
      admitted: found.verdict === 'ok',
    });
  }
  return {
    servertime: toTokyoIso(now),
    usedate: input.usedate,
    opcd: input.opcd,
    startTime: input.start_time,
    bookings,
    counts: await repo.countsOf(ctx.db, d),
  };
}
