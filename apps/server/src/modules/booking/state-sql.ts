/**
 * A booking's states as SQL (ADR 0182, 0193): the state column's literals, the states other modules ask about on a
 * booking aliased `b`, and the one rule of which bookings still hold their seats. State numbers of the SPEC's wire
 * format are compared here only (state-sql.test.ts reads the other modules for any).
 */
import { PaymentStatus } from '@tabi/contract/constants';
import { type SQL, sql } from 'drizzle-orm';
import type { BookingState } from '../../db/schema.ts';

/**
 * A state written into the SQL text as a literal (never a parameter), so that the partial indexes on `state` match
 * a prepared statement's generic plan too (ADR 0193).
 */
export function stateLiteral(state: BookingState): SQL {
  return sql.raw(`'${state}'`);
}
const ENDED = sql`${stateLiteral('canceled')}, ${stateLiteral('expired')}`;
/** A card booking not paid yet, within its grace or past it (the sweeper expires it). */
const UNPAID_CARD = sql`b.state = ${stateLiteral('held')}`;

/** A booking's states as SQL on a booking aliased `b`, for the queries of other modules (ADR 0182, 0193). */
export const bookingIs = {
  /** Canceled or expired. */
  canceled: sql`(b.state in (${ENDED}))`,
  notCanceled: sql`(b.state not in (${ENDED}))`,
  /** No money received (yet): by card within or past its grace, a request, a hold, or ended before payment. */
  unpaid: sql`(b.status_payment = ${sql.raw(String(PaymentStatus.uncompleted))})`,
  /** Paid and no cancellation claimed (lifecycle 'paid'): its trip is certain. */
  paid: sql`(b.state = ${stateLiteral('paid')})`,
  /** A request not answered yet (リクエスト回答待ち). */
  awaitingAnswer: sql`(b.state = ${stateLiteral('requested')})`,
  /** A card booking not paid yet, still within its grace (reception after `graceCutoff`). */
  unpaidCardWithinGrace: (graceCutoff: Date) => sql`(${UNPAID_CARD} and b.rsvdate > ${graceCutoff})`,
  /** A confirmed request waiting for its payment until `payment_deadline_date`. */
  confirmedRequestUnpaid: sql`(b.state = ${stateLiteral('offered')})`,
  /** Money was received for it, whatever became of it since (a paid booking canceled keeps its ticket's answer). */
  paidOnce: sql`(b.status_payment = ${sql.raw(String(PaymentStatus.completed))})`,
  /** A konbini slip waiting at the store until `payment_deadline_date` (ADR 0213). */
  awaitingKonbini: sql`(b.state = ${stateLiteral('awaiting')})`,
} as const;

/**
 * The one SQL rule for a booking (aliased `b`) that still holds its seats: not canceled, and not an unpaid card
 * booking past its grace (`graceCutoff`: reception times at or before it are expired, the sweeper only not there yet).
 * The manifest, departures, 予約一覧's 有効, the rental sheet and 催行中止 all ask it.
 */
export function holdsSeats(graceCutoff: Date): SQL {
  return sql`(${bookingIs.notCanceled} and not (${UNPAID_CARD} and b.rsvdate <= ${graceCutoff}))`;
}
