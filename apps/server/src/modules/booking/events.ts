/** The booking's history (ADR 0100): who changed what, when, before and after, in the change's own transaction. */

import type { Actor } from '../../actor.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { ActorKind } from '../../db/schema.ts';
import { type BookingRow, insertEvent, type NewBookingEvent } from './repository.ts';

function actorColumns(actor: Actor): { actorKind: ActorKind; actor: string } {
  switch (actor.kind) {
    case 'customer':
      return { actorKind: 'customer', actor: 'customer' };
    case 'staff':
      return { actorKind: 'staff', actor: actor.staffId };
    case 'system':
      return { actorKind: 'system', actor: actor.name };
    case 'reseller':
      return { actorKind: 'reseller', actor: String(actor.resellerId) };
  }
}

export type BookingAction =
  | 'created'
  | 'paid'
  | 'reinstated'
  | 'late_payment'
  | 'duplicate_payment'
  | 'expired'
  | 'request_confirmed'
  | 'request_declined'
  | 'request_withdrawn'
  | 'cancel_requested'
  | 'cancel_released'
  | 'canceled'
  | 'refund_sent'
  | 'refund_failed'
  | 'rentals_changed'
  | 'participants_changed'
  | 'details_changed'
  | 'mail_resent'
  | 'note_added'
  | 'contact_changed'
  | 'day_stopped'
  | 'personal_data_erased'
  | 'coupon_lock_cleared'
  | 'receipt_issued'
  | 'receipt_reissued'
  | 'reseller_confirmed'
  | 'reseller_changed'
  | 'hold_extended'
  | 'hold_released'
  | 'departure_changed'
  | 'change_failed'
  | 'resource_reassigned'
  | 'konbini_slip'
  | 'konbini_slip_refused'
  | 'konbini_reminder'
  | 'konbini_expired'
  | 'checked_in'
  | 'checkin_undone'
  | 'no_show';

export interface EventChange {
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  note?: string | null;
}

/** The history row of one change, as {@link recordEvent} writes it (the booking's creation writes it with its rows). */
export function eventRow(
  at: Date,
  rsvno: string,
  actor: Actor,
  action: BookingAction,
  change: EventChange = {},
): NewBookingEvent {
  return {
    rsvno,
    at,
    ...actorColumns(actor),
    action,
    before: change.before ?? null,
    after: change.after ?? null,
    note: change.note ?? null,
  };
}

export async function recordEvent(
  tx: DbOrTx,
  at: Date,
  rsvno: string,
  actor: Actor,
  action: BookingAction,
  change: EventChange = {},
): Promise<void> {
  await insertEvent(tx, eventRow(at, rsvno, actor, action, change));
}

/** The state fields a transition changes, as the history shows them (the API's own names). */
export function stateOf(
  booking: Pick<BookingRow, 'status' | 'statusPayment' | 'flgRequestRsv'>,
): Record<string, unknown> {
  return {
    status: booking.status,
    status_payment: booking.statusPayment,
    flg_request_rsv: booking.flgRequestRsv,
  };
}
