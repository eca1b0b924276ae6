/**
 * A booking's lifecycle (ADR 0182, ADR 0193): the states a booking goes through, the one table of the moves between
 * them, and the one function that writes a move. The state is stored in `bookings.state`; the SPEC's wire fields
 * (`status`, `status_payment`, `flg_request_rsv`) are written beside it here, and nowhere else, for the API to
 * show (a check in the database keeps them in agreement).
 */
import { unpaidGraceOver } from '@tabi/contract/booking-rules';
import { BookingStatus, PaymentStatus } from '@tabi/contract/constants';
import { toTokyoIso } from '@tabi/contract/dates';
import type { DbOrTx } from '../../db/client.ts';
import type { BookingState, CancelReason } from '../../db/schema.ts';
import * as repo from './repository.ts';

/** The states, as `BOOKING_STATES` (db) lists and describes them. */
export type Lifecycle = BookingState;

/** What the lifecycle reads of a booking: its stored state, and whether money was received for it. */
export interface StateColumns {
  state: Lifecycle;
  statusPayment: number;
}

/** The state stored with a booking. */
export function lifecycleOf(booking: Pick<StateColumns, 'state'>): Lifecycle {
  return booking.state;
}

/**
 * The state as it stands at `now`: a booking past what its state allows (a card booking's hour, a confirmed
 * request's or a hold's deadline) is expired already, before the sweeper makes it so.
 */
export function effectiveLifecycle(
  booking: StateColumns & { rsvdate: Date; paymentDeadline: Date | null },
  now: Date,
): Lifecycle {
  const state = lifecycleOf(booking);
  if (state === 'held') {
    return unpaidGraceOver(booking.rsvdate, now) ? 'expired' : 'held';
  }
  if (state === 'offered' || state === 'reserved' || state === 'awaiting') {
    return booking.paymentDeadline !== null && booking.paymentDeadline <= now ? 'expired' : state;
  }
  return state;
}

/** Whether money was received for the booking (it stays so once canceled: the refund is its own record). */
export function wasPaid(booking: Pick<StateColumns, 'statusPayment'>): boolean {
  return booking.statusPayment === PaymentStatus.completed;
}

/** Canceled or expired: nothing more happens to the booking. */
export function isEnded(state: Lifecycle): boolean {
  return state === 'canceled' || state === 'expired';
}

type StoredState = Pick<repo.BookingRow, 'state' | 'status' | 'statusPayment' | 'flgRequestRsv'>;

/** The SPEC's status of each state (BookingStatus; a claimed cancellation keeps its status until it is final). */
const SPEC_STATUS: Record<Lifecycle, StoredState['status']> = {
  held: BookingStatus.completed,
  paid: BookingStatus.completed,
  cancelling: BookingStatus.completed,
  requested: BookingStatus.requested,
  offered: BookingStatus.tmp,
  reserved: BookingStatus.tmp,
  awaiting: BookingStatus.tmp,
  canceled: BookingStatus.canceled,
  expired: BookingStatus.canceled,
};

/**
 * A state and the SPEC's fields that show it. `paid` says whether money was received, for the states that do not
 * say it themselves (a cancellation claimed or final); a booking that expired was never paid.
 */
export function storedColumns(state: Lifecycle, paid = state === 'paid'): StoredState {
  const received = state === 'paid' || ((state === 'cancelling' || state === 'canceled') && paid);
  return {
    state,
    status: SPEC_STATUS[state],
    statusPayment: received ? PaymentStatus.completed : PaymentStatus.uncompleted,
    flgRequestRsv: state === 'offered' ? 1 : 0,
  };
}

/**
 * The booking's state as SPEC §7 answers it (`status`, `status_payment`, `flg_request_rsv`, and `rsvdate`, from
 * which the wire rules tell a card booking's hour): the one place an answer takes them from.
 */
export function specStateFields(
  booking: Pick<repo.BookingRow, 'state' | 'status' | 'statusPayment' | 'flgRequestRsv' | 'rsvdate'>,
): {
  status: number;
  status_payment: number;
  flg_request_rsv: number;
  rsvdate: string;
  awaiting_konbini?: boolean;
} {
  return {
    status: booking.status,
    status_payment: booking.statusPayment,
    flg_request_rsv: booking.flgRequestRsv,
    rsvdate: toTokyoIso(booking.rsvdate),
    // Not in SPEC (ADR 0213): said only when true, so SPEC's answer is unchanged for every other booking.
    ...(booking.state === 'awaiting' ? { awaiting_konbini: true } : {}),
  };
}

/** A new booking's stored state columns: its first state is one of these. */
export function startColumns(state: Extract<Lifecycle, 'held' | 'paid' | 'requested' | 'reserved'>): StoredState {
  return storedColumns(state);
}

/** The moves a booking may make, each from the states listed to one state. */
export const TRANSITIONS = {
  /** A checkout paid in time (a card booking within its hour, a confirmed request before its deadline). */
  pay: { from: ['held', 'offered', 'awaiting'], to: 'paid' },
  /** A konbini slip issued for it (ADR 0213): the seats are kept until the slip's deadline. */
  awaitSlip: { from: ['held', 'offered'], to: 'awaiting' },
  /** A payment arriving after the booking expired, its seats taken back (ADR 0101). */
  reinstate: { from: ['expired'], to: 'paid' },
  /** The company confirms a request: payable until the deadline. */
  confirmRequest: { from: ['requested'], to: 'offered' },
  /** A reseller confirms its hold: paid on account. */
  confirmOnAccount: { from: ['reserved'], to: 'paid' },
  /** Step 1 of a cancellation: claimed, with its fee and refund (ADR 0101). */
  claimCancellation: { from: ['held', 'paid', 'awaiting'], to: 'cancelling' },
  /** Step 3: every refund confirmed, the cancellation is final. */
  finishCancellation: { from: ['cancelling'], to: 'canceled' },
  /** The provider refused every refund of a claim: the booking is as it was (paid, or held). */
  releaseCancellation: { from: ['cancelling'], to: 'restored' },
  /** Ended before anything was paid: a request declined or withdrawn, a day stopped, a hold released. */
  endUnpaid: { from: ['requested', 'offered', 'reserved'], to: 'canceled' },
  /** Ended for want of payment (the sweeper). */
  expire: { from: ['held', 'offered', 'reserved', 'awaiting'], to: 'expired' },
} as const satisfies Record<string, { from: readonly Lifecycle[]; to: Lifecycle | 'restored' }>;

export type BookingMove = keyof typeof TRANSITIONS;

export function canMove(booking: StateColumns, move: BookingMove): boolean {
  return (TRANSITIONS[move].from as readonly Lifecycle[]).includes(lifecycleOf(booking));
}

/** What a move writes beside the state: the cancellation's facts, a deadline, a reseller's contact. */
type MovePatch = Omit<Partial<repo.NewBooking>, 'state' | 'status' | 'statusPayment' | 'flgRequestRsv' | 'rsvno'>;

/** The stored columns of a state reached from `booking` (the one place that writes the state and the SPEC's fields). */
function columnsFor(to: Lifecycle | 'restored', booking: StateColumns): Partial<repo.NewBooking> {
  if (to === 'restored') {
    const state = wasPaid(booking) ? 'paid' : 'held';
    return {
      state,
      status: SPEC_STATUS[state],
      canceledAt: null,
      cancelFee: null,
      refundAmount: null,
      cancelReason: null,
    };
  }
  const moved = { state: to, status: SPEC_STATUS[to] };
  switch (to) {
    case 'paid':
      return { ...moved, statusPayment: PaymentStatus.completed, canceledAt: null, cancelReason: null };
    case 'offered':
      return { ...moved, flgRequestRsv: 1 };
    case 'awaiting':
      return { ...moved, flgRequestRsv: 0 };
    case 'expired':
      return { ...moved, cancelReason: 'expired' satisfies CancelReason };
    // A claim's patch sets canceled_at with its fee and refund; whether money was received stays as it was.
    case 'cancelling':
    case 'canceled':
      return moved;
    default:
      throw new Error(`no move leads to ${to} (booking in ${lifecycleOf(booking)})`);
  }
}

/**
 * Moves a booking locked in this transaction (`lockBooking`) and answers it as it is now. A move its table does not
 * allow from the booking's state is a bug of the caller, which checks first with the SPEC's message.
 */
export async function transition<B extends repo.BookingRow>(
  tx: DbOrTx,
  booking: B,
  move: BookingMove,
  patch: MovePatch = {},
): Promise<B> {
  if (!canMove(booking, move)) {
    throw new Error(`booking ${booking.rsvno}: ${move} is not a move from ${lifecycleOf(booking)}`);
  }
  const columns = { ...columnsFor(TRANSITIONS[move].to, booking), ...patch };
  await repo.updateBooking(tx, booking.rsvno, columns);
  return { ...booking, ...columns };
}
