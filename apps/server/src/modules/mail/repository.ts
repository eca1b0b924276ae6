import type { Ymd } from '@tabi/contract/dates';
import { departed, type SalesCutoff, salesClosed } from '@tabi/contract/sales-cutoff';
import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import { bookingEvents, bookings, type OutboxRow, outbox, payments } from '../../db/schema.ts';
import { claimDue } from '../../jobs/claim.ts';
import { findBookingOptions, findMembers, findRentals } from '../booking/repository.ts';
import { seatsLeftSql } from '../departures/repository.ts';
import { discountOfBooking } from '../discount/rules.ts';
import { ticketOf, ticketPng } from '../ticket/service.ts';
import { mailLang } from './mail-text.ts';

export type { OutboxRow } from '../../db/schema.ts';

export async function findBookingForMail(db: DbOrTx, rsvno: string, options: { ticket?: boolean } = {}) {
  const [booking] = await db
    .select({
      rsvno: bookings.rsvno,
      sei: bookings.sei,
      mei: bookings.mei,
      mail: bookings.mail,
      amountjp: bookings.amountjp,
      paymentDeadline: bookings.paymentDeadline,
      origin: bookings.origin,
      lang: bookings.lang,
      statusPayment: bookings.statusPayment,
      rsvdate: bookings.rsvdate,
      fromdate: bookings.fromdate,
      meetpoint: bookings.meetpoint,
      cancelPolicy: bookings.cancelPolicy,
      canceledAt: bookings.canceledAt,
    })
    .from(bookings)
    // A reseller's booking gets no mail from us (ADR 0170): the reseller tells its customer.
    .where(and(eq(bookings.rsvno, rsvno), isNull(bookings.resellerId)));
  if (!booking) return undefined;
  const { canceledAt, ...fields } = booking;
  // The options' texts in the mails' language, the booking's copy of the meeting point too.
  const booked = await findBookingOptions(db, rsvno, mailLang(booking.lang));
  const meetpoint = booked.find((b) => b.meetpointJa === booking.meetpoint)?.option.meetpoint ?? booking.meetpoint;
  const lines = booked.map(({ line, option }) => ({
    ...option,
    usedate: line.usedate,
    startTime: line.startTime,
    endTime: line.endTime,
    adultqty: line.adultqty,
    middleqty: line.middleqty,
    childqty: line.childqty,
    infantqty: line.infantqty,
  }));
  const rented = await findRentals(db, rsvno);
  // The renters' names, read only when something is rented (most bookings rent nothing).
  const members = new Map(rented.length > 0 ? (await findMembers(db, rsvno)).map((m) => [m.seq, m]) : []);
  const rentals = rented.map((r) => ({
    seq: r.seq,
    sei: members.get(r.seq)?.sei ?? null,
    mei: members.get(r.seq)?.mei ?? null,
    model: r.model,
    bootsSize: r.bootsSize,
    wearSize: r.wearSize,
  }));
  // A booking paid and not being canceled has its ticket for the door (ADR 0212), drawn for the mail that shows it.
  const ticket =
    options.ticket && booking.statusPayment === 1 && canceledAt === null ? await ticketOf(db, rsvno) : null;
  return {
    ...fields,
    meetpoint,
    lines,
    rentals,
    ticket: ticket ? { code: ticket.code, png: await ticketPng(ticket.code) } : null,
    discount: await discountOfBooking(db, rsvno),
    feeSetByStaff: canceledAt ? await feeSetByStaff(db, rsvno) : false,
    paidAtKonbini: await paidAtKonbini(db, rsvno),
  };
}

/** Whether money came by a konbini slip: a refund of it goes to a bank account, not to a card (ADR 0213). */
async function paidAtKonbini(db: DbOrTx, rsvno: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(eq(payments.rsvno, rsvno), eq(payments.method, 'konbini'), inArray(payments.status, ['paid', 'refunded'])),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Whether the booking's cancellation charges a fee staff set by hand instead of the policy's: its last
 * `cancel_requested` event keeps `fee_override` beside the policy's fee (booking/cancel.ts).
 */
async function feeSetByStaff(db: DbOrTx, rsvno: string): Promise<boolean> {
  const [last] = await db
    .select({ overridden: sql<boolean>`(${bookingEvents.after} -> 'fee_override') is not null` })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.rsvno, rsvno), eq(bookingEvents.action, 'cancel_requested')))
    .orderBy(desc(bookingEvents.id))
    .limit(1);
  return last?.overridden === true;
}

/**
 * Claims due mails for one sender: rows never tried, or due again, or whose sender vanished mid-send
 * (its lease ran out). SKIP LOCKED lets every instance run this at once without sending a mail twice.
 */
export async function claimDueMails(db: DbOrTx, now: Date, leaseUntil: Date, limit: number): Promise<OutboxRow[]> {
  const due = or(
    and(eq(outbox.status, 'pending'), or(eq(outbox.attempts, 0), lte(outbox.nextAttemptAt, now))),
    and(eq(outbox.status, 'sending'), lte(outbox.nextAttemptAt, now)),
  );
  return claimDue(db, outbox, due, limit, {
    status: 'sending',
    attempts: sql`${outbox.attempts} + 1`,
    nextAttemptAt: leaseUntil,
  });
}

export async function markMailSent(db: DbOrTx, id: number, sentAt: Date): Promise<void> {
  await db.update(outbox).set({ status: 'sent', sentAt, lastError: null }).where(eq(outbox.id, id));
}

export async function markMailFailed(
  db: DbOrTx,
  id: number,
  error: string,
  nextAttemptAt: Date,
  giveUp: boolean,
): Promise<void> {
  await db
    .update(outbox)
    .set({ status: giveUp ? 'failed' : 'pending', lastError: error.slice(0, 1000), nextAttemptAt })
    .where(eq(outbox.id, id));
}

/**
 * The stop a booking is part of (催行中止), with the option's next days still for sale after it and, when
 * the stop was of the booking's one departure (ADR 0196), the same day's other departures it could still go on.
 */
export async function findStopOf(db: DbOrTx, rsvno: string, now: Date) {
  const [stop] = rowsOf<{
    reason: string;
    reason_text: string;
    opcd: string;
    usedate: string;
    stopped_start: string | null;
    sales_cutoff_days_before: number;
    sales_cutoff_time: string;
  }>(
    await db.execute(sql`select s.reason, s.reason_text, bo.opcd, to_char(bo.usedate, 'YYYYMMDD') as usedate,
        x.start_time as stopped_start, o.sales_cutoff_days_before, o.sales_cutoff_time
      from day_stop_items i join day_stops s on s.id = i.stop_id
        join booking_options bo on bo.rsvno = i.rsvno
        join options o on o.opcd = bo.opcd
        left join day_stop_departures x on x.stop_id = i.stop_id and x.opcd = bo.opcd and x.usedate = bo.usedate
          and x.start_time = bo.start_time
      where i.rsvno = ${rsvno}
      order by i.stop_id desc, x.start_time is null, bo.id limit 1`),
  );
  if (!stop) return null;
  // A day once, with the seats of its departures summed (an option sold at start times has several, ADR 0196).
  const nextDays = rowsOf<{ usedate: string; seats: number }>(
    await db.execute(sql`select to_char(s.usedate, 'YYYYMMDD') as usedate, sum(${seatsLeftSql('s')}) as seats
      from departures s
      where s.opcd = ${stop.opcd} and s.usedate > to_date(${stop.usedate}, 'YYYYMMDD') and ${seatsLeftSql('s')} > 0
        and not exists (select 1 from day_stop_days d where d.opcd = s.opcd and d.usedate = s.usedate)
      group by s.usedate order by s.usedate limit 5`),
  ).map((d) => ({ usedate: d.usedate, seats: Number(d.seats) }));
  return {
    reason: stop.reason,
    reasonText: stop.reason_text,
    opcd: stop.opcd,
    usedate: stop.usedate,
    nextDays,
    sameDay:
      stop.stopped_start === null
        ? []
        : await otherDeparturesOnSale(db, stop.opcd, stop.usedate, stop.stopped_start, now, {
            daysBefore: Number(stop.sales_cutoff_days_before),
            time: stop.sales_cutoff_time,
          }),
  };
}

/**
 * The day's other departures a customer could still book, as the detail page offers them: seats left, not called
 * off (alone or with their day), not left yet, the day's sales still open.
 */
async function otherDeparturesOnSale(
  db: DbOrTx,
  opcd: string,
  usedate: Ymd,
  stoppedStart: string,
  now: Date,
  cutoff: SalesCutoff,
): Promise<{ startTime: string; endTime: string; seats: number }[]> {
  if (salesClosed(usedate, cutoff, now)) return [];
  const rows = rowsOf<{ start_time: string; end_time: string; seats: number }>(
    await db.execute(sql`select s.start_time, s.end_time, ${seatsLeftSql('s')} as seats from departures s
      where s.opcd = ${opcd} and s.usedate = to_date(${usedate}, 'YYYYMMDD')
        and s.start_time <> '' and s.start_time <> ${stoppedStart} and ${seatsLeftSql('s')} > 0
        and not exists (select 1 from day_stop_days d where d.opcd = s.opcd and d.usedate = s.usedate)
        and not exists (select 1 from day_stop_departures x
          where x.opcd = s.opcd and x.usedate = s.usedate and x.start_time = s.start_time)
      order by s.start_time`),
  );
  return rows
    .filter((r) => !departed(usedate, r.start_time, now))
    .map((r) => ({ startTime: r.start_time, endTime: r.end_time, seats: Number(r.seats) }));
}
