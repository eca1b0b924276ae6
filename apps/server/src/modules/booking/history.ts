/** A booking as staff look at it: its state, its history, its payments and its provider calls. */
import { statusLabel } from '@tabi/contract/booking-rules';
import { toTokyoIso } from '@tabi/contract/dates';
import { say } from '@tabi/contract/said';
import type { AppContextBase } from '../../context-base.ts';
import { AppError } from '../../errors.ts';
import { findPayments, findProviderCalls, type PaymentRow, type ProviderCallRow } from '../payment/index.ts';
import { specStateFields } from './lifecycle.ts';
import * as repo from './repository.ts';

export interface BookingRecord {
  booking: repo.BookingRow;
  label: string;
  events: repo.BookingEventRow[];
  payments: PaymentRow[];
  calls: ProviderCallRow[];
}

export async function bookingRecord(ctx: AppContextBase, rsvno: string): Promise<BookingRecord> {
  const booking = await repo.findBooking(ctx.db, rsvno);
  if (!booking) throw AppError.notFound(say('bookingNotFound'));
  const facts = specStateFields(booking);
  const [events, payments, calls] = await Promise.all([
    repo.findEvents(ctx.db, rsvno),
    findPayments(ctx.db, rsvno),
    findProviderCalls(ctx.db, rsvno),
  ]);
  return { booking, label: statusLabel(facts, toTokyoIso(ctx.clock.now())), events, payments, calls };
}
