/**
 * The scanner's answers without the network (DESIGN §17, ADR 0215): the departure's pack as the server last gave it,
 * with this device's scans not yet sent applied, answers a scan as the server would where the copy can tell — and a
 * check-in made so is queued, to be sent with its `scanned_at` when the network returns. The server stays the judge:
 * what it answers then is compared with what the copy said (`needsReview`).
 */
import type {
  CheckinAnswer,
  CheckinBooking,
  CheckinCounts,
  CheckinMark,
  CheckinPack,
  CheckinScanRequest,
  CheckinVerdict,
} from '@tabi/contract/checkin';

/** The scanner's day and departure ('' for any of the day): what a pack is of, and what a scan is made for. */
export interface Departure {
  usedate: string;
  opcd: string;
  startTime: string;
}

export const departureKey = (d: Departure): string => `${d.usedate}|${d.opcd}|${d.startTime}`;
export const packKey = (pack: CheckinPack): string =>
  departureKey({ usedate: pack.usedate, opcd: pack.opcd, startTime: pack.startTime });

/** A check-in made offline, waiting to be sent: the scan call's body, and the booking it found for the lists. */
export interface QueuedScan {
  id: string;
  request: CheckinScanRequest & { seqs: number[]; scanned_at: string };
  /** The signed-in staff member's address, as the server names who checked in (`CheckinMark.by`). */
  by: string;
  rsvno: string;
  applicant: string;
}

/** A queued check-in the server judged otherwise when it was sent, kept until the staff has looked at it. */
export interface ReviewItem {
  id: string;
  rsvno: string;
  applicant: string;
  scannedAt: string;
  /** The server's verdict; null when it refused the call itself (`message`). */
  verdict: CheckinVerdict | null;
  first: CheckinMark | null;
  message: string;
}

/** What a scan names: a ticket's code or a typed booking number. */
export interface Scanned {
  code?: string;
  rsvno?: string;
}

type PackBooking = CheckinPack['bookings'][number];

/** As the server counts a departure: the travellers of its paid bookings, arrived and marked 無断不参加. */
export function countsOf(pack: CheckinPack): CheckinCounts {
  const counts = { arrived: 0, expected: 0, noShows: 0 };
  for (const b of pack.bookings) {
    if (!b.admitted) continue;
    for (const t of b.travellers) {
      counts.expected += 1;
      if (t.arrived) counts.arrived += 1;
      if (t.noShow) counts.noShows += 1;
    }
  }
  return counts;
}

function findIn(pack: CheckinPack, scanned: Scanned): PackBooking | undefined {
  const code = scanned.code?.trim() ?? '';
  if (code) return pack.bookings.find((b) => b.code === code);
  const rsvno = scanned.rsvno?.trim().toUpperCase() ?? '';
  return rsvno ? pack.bookings.find((b) => b.rsvno === rsvno) : undefined;
}

/** The party's first check-in, as the server's `already` names it. */
function firstMark(booking: CheckinBooking): CheckinMark | null {
  const marks = booking.travellers.flatMap((t) => (t.arrived ? [t.arrived] : []));
  return marks.reduce<CheckinMark | null>((first, m) => (!first || m.at < first.at ? m : first), null);
}

function withArrivals(pack: CheckinPack, rsvno: string, seqs: number[], mark: CheckinMark): CheckinPack {
  return {
    ...pack,
    bookings: pack.bookings.map((b) =>
      b.rsvno !== rsvno
        ? b
        : {
            ...b,
            travellers: b.travellers.map((t) =>
              seqs.includes(t.seq) && !t.arrived ? { ...t, arrived: mark, noShow: false } : t,
            ),
          },
    ),
  };
}

export interface OfflineScan {
  answer: CheckinAnswer;
  /** The copy after the scan (the check-in applied), or the same copy when nobody was checked in. */
  copy: CheckinPack;
  /** The check-in to send later; null when the scan checked nobody in. */
  queued: QueuedScan | null;
}

/**
 * A scan answered from the copy: `ok` (the travellers not arrived yet checked in and queued), `already` (a scan of
 * another device before the copy was taken, or of this one offline), `canceled` (a booking paid once and canceled
 * since: the copy lists it not admitted), `unknown` (not in the copy).
 */
export function scanOffline(
  pack: CheckinPack,
  scanned: Scanned,
  who: { device: string; by: string },
  now: Date,
  id: string,
): OfflineScan {
  const none = { checked: [], first: null };
  const booking = findIn(pack, scanned);
  if (!booking)
    return { answer: { ...none, verdict: 'unknown', booking: null, counts: countsOf(pack) }, copy: pack, queued: null };
  if (!booking.admitted)
    return { answer: { ...none, verdict: 'canceled', booking, counts: countsOf(pack) }, copy: pack, queued: null };
  const targets = booking.travellers.filter((t) => !t.arrived).map((t) => t.seq);
  if (targets.length === 0) {
    const answer: CheckinAnswer = {
      ...none,
      verdict: 'already',
      booking,
      first: firstMark(booking),
      counts: countsOf(pack),
    };
    return { answer, copy: pack, queued: null };
  }
  const at = now.toISOString();
  const copy = withArrivals(pack, booking.rsvno, targets, { at, by: who.by, device: who.device });
  const after = copy.bookings.find((b) => b.rsvno === booking.rsvno) ?? booking;
  return {
    answer: { verdict: 'ok', checked: targets, booking: after, first: null, counts: countsOf(copy) },
    copy,
    queued: {
      id,
      request: {
        usedate: pack.usedate,
        opcd: pack.opcd,
        start_time: pack.startTime,
        code: scanned.code?.trim() ?? '',
        rsvno: scanned.code?.trim() ? '' : booking.rsvno,
        seqs: targets,
        device: who.device,
        scanned_at: at,
      },
      by: who.by,
      rsvno: booking.rsvno,
      applicant: booking.applicant,
    },
  };
}

/** A fresh pack from the server with this device's check-ins not sent yet applied, so that the copy knows them. */
export function withQueued(pack: CheckinPack, queue: readonly QueuedScan[]): CheckinPack {
  const key = packKey(pack);
  return queue.reduce(
    (copy, q) =>
      departureKey({
        usedate: q.request.usedate,
        opcd: q.request.opcd ?? '',
        startTime: q.request.start_time ?? '',
      }) === key
        ? withArrivals(copy, q.rsvno, q.request.seqs, { at: q.request.scanned_at, by: q.by, device: q.request.device })
        : copy,
    pack,
  );
}

/** A booking as the server answered it (a scan, an undo, a sent check-in) put in the copy, if the copy lists it. */
export function withBooking(pack: CheckinPack, booking: CheckinBooking): CheckinPack {
  if (!pack.bookings.some((b) => b.rsvno === booking.rsvno)) return pack;
  return {
    ...pack,
    bookings: pack.bookings.map((b) => (b.rsvno === booking.rsvno ? { ...b, travellers: booking.travellers } : b)),
  };
}

/**
 * The server's answer to a check-in made offline, when it differs from the copy's `ok`: another device was first
 * (`already`, a traveller asked checked in on another device — this device's own, a check-in sent twice, is the
 * same), or the booking was canceled meanwhile, or is unknown, or anything else the server judged. Null: as the copy
 * said.
 */
export function reviewOf(answer: CheckinAnswer, queued: QueuedScan): ReviewItem | null {
  if (answer.verdict === 'ok') return null;
  let first = answer.first;
  if (answer.verdict === 'already') {
    const asked = answer.booking?.travellers.filter((t) => queued.request.seqs.includes(t.seq)) ?? [];
    const other = asked.flatMap((t) => (t.arrived && t.arrived.device !== queued.request.device ? [t.arrived] : []));
    if (asked.length > 0 ? other.length === 0 : first?.device === queued.request.device) return null;
    first = other.reduce<CheckinMark | null>((a, m) => (!a || m.at < a.at ? m : a), null) ?? first;
  }
  return {
    id: queued.id,
    rsvno: queued.rsvno,
    applicant: queued.applicant,
    scannedAt: queued.request.scanned_at,
    verdict: answer.verdict,
    first,
    message: '',
  };
}
