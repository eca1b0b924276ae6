/** A booking as staff look at it: its state, its history, its payments and its provider calls. */
import { statusLabel } from '@tabi/contract/booking-rules';
import { toTokyoIso } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import type { AppContextBase } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { findProviderCalls, type ProviderCallRow } from '../payment/repository.ts';
import * as repo from './repository.ts';

export interface BookingRecord {
  booking: repo.BookingRow;
  label: string;
  events: repo.BookingEventRow[];
  payments: repo.PaymentRow[];
  calls: ProviderCallRow[];
}

export async function bookingRecord(ctx: AppContextBase, rsvno: string): Promise<BookingRecord> {
  const booking = await repo.findBooking(ctx.db, rsvno);
  if (!booking) throw AppError.notFound(Msg.bookingNotFound);
  const facts = { status: booking.status, status_payment: booking.statusPayment, rsvdate: toTokyoIso(booking.rsvdate) };
  const [events, payments, calls] = await Promise.all([
    repo.findEvents(ctx.db, rsvno),
    repo.findPayments(ctx.db, rsvno),
    findProviderCalls(ctx.db, rsvno),
  ]);
  return { booking, label: statusLabel(facts, toTokyoIso(ctx.clock.now())), events, payments, calls };
}
