/**
 * 前日案内 (ADR 0166): from DAY_BEFORE_MAIL_HOUR (15:00 Tokyo) the day before the use date until that day starts,
 * every confirmed booking of tomorrow is mailed once its meeting point and time, a map link, what to bring, its
 * rental sizes, the shop's phone, each option's note, the .ics and the my-page link — unless its options turned the
 * mail off (商品編集 → 前日案内).
 *
 * Which bookings: those whose trip is certain — paid (the contract's bookingState 'paid': status 1, payment 1) and
 * no cancellation claimed; never canceled or expired ones, nor unanswered requests (リクエスト予約) or confirmed
 * requests still unpaid (仮予約), whose trip is not settled: if they are paid before the day starts, the next run
 * mails them. Nor a day the company called off (day_stop_days).
 *
 * Once: the booking is locked, checked again, and (rsvno, 'day_before') is claimed in booking_reminders in the
 * transaction that queues the mail; a second instance or a restart finds the claim and sends nothing (ADR 0166).
 */

import { inLang, type OptionTextField } from '@tabi/contract/content';
import { addDays, tokyoDayStart, tokyoYmd, type Ymd } from '@tabi/contract/dates';
import type { Lang } from '@tabi/contract/i18n';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import { bookingOptions, bookingReminders, options } from '../../db/schema.ts';
import { lifecycleOf, type StateColumns } from '../booking/lifecycle.ts';
import { lockBooking } from '../booking/repository.ts';
import { bookingIs } from '../booking/state-sql.ts';
import { DayBeforeKind, type DayBeforeLine, dayBeforeMail } from '../mail/day-before-templates.ts';
import { mailLang } from '../mail/mail-text.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { loadMailBooking } from '../mail/templates.ts';

const iso = (ymd: Ymd) => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;
const BATCH = 200;

/** A booking whose trip is certain: paid and no cancellation claimed (bookingState 'paid', not canceling). */
export function certain(b: StateColumns): boolean {
  return lifecycleOf(b) === 'paid';
}

/** The day whose day-before mails are due now (tomorrow, from the hour on), or null before the hour. */
export function dayBeforeDue(now: Date, hour: number): Ymd | null {
  const today = tokyoYmd(now);
  return now.getTime() >= tokyoDayStart(today).getTime() + hour * 3_600_000 ? addDays(today, 1) : null;
}

/** The texts of an option the day-before mail tells, in the booking's language where written. */
const DAY_BEFORE_TEXTS = [
  'webname',
  'meetpoint',
  'departurePoint',
  'arrivalPoint',
  'address',
  'companyname',
  'hours',
  'dayBeforeNote',
] as const satisfies readonly OptionTextField[];

/** The booking's options of the day whose mail is on, with what the mail tells of them. */
async function dayLines(db: DbOrTx, rsvno: string, day: Ymd, lang: Lang): Promise<DayBeforeLine[]> {
  const rows = await db
    .select({
      webname: options.webname,
      usedate: bookingOptions.usedate,
      startTime: bookingOptions.startTime,
      endTime: bookingOptions.endTime,
      adultqty: bookingOptions.adultqty,
      middleqty: bookingOptions.middleqty,
      childqty: bookingOptions.childqty,
      infantqty: bookingOptions.infantqty,
      meetpoint: options.meetpoint,
      departurePoint: options.departurePoint,
      departureTime: options.departureTime,
      arrivalPoint: options.arrivalPoint,
      arrivalTime: options.arrivalTime,
      address: options.address,
      companyname: options.companyname,
      tel: options.tel,
      hours: options.hours,
      lat: options.lat,
      lon: options.lon,
      rentalcd: options.rentalcd,
      dayBeforeNote: options.dayBeforeNote,
      translations: options.translations,
    })
    .from(bookingOptions)
    .innerJoin(options, eq(options.opcd, bookingOptions.opcd))
    .where(and(eq(bookingOptions.rsvno, rsvno), eq(bookingOptions.usedate, iso(day)), eq(options.dayBeforeMail, true)))
    .orderBy(asc(bookingOptions.id));
  return rows.map((row) => {
    const {
      translations: _translations,
      dayBeforeNote,
      ...line
    } = inLang(row, row.translations, lang, DAY_BEFORE_TEXTS);
    return { ...line, note: dayBeforeNote };
  });
}

/** Bookings of `day` that may be due: certain, with an option whose mail is on, not yet claimed, day not stopped. */
async function candidates(db: DbOrTx, day: Ymd, after: string): Promise<string[]> {
  const rows = rowsOf<{ rsvno: string }>(
    await db.execute(sql`select distinct b.rsvno from booking_options bo
        join bookings b on b.rsvno = bo.rsvno
        join options o on o.opcd = bo.opcd
      where bo.usedate = ${iso(day)}::date
        and o.day_before_mail
        and ${bookingIs.paid}
        and b.reseller_id is null
        and b.rsvno > ${after}
        and not exists (select 1 from booking_reminders r where r.rsvno = b.rsvno and r.kind = ${DayBeforeKind.dayBefore})
        and not exists (select 1 from day_stop_days d where d.opcd = bo.opcd and d.usedate = bo.usedate)
      order by b.rsvno
      limit ${BATCH}`),
  );
  return rows.map((r) => r.rsvno);
}

/** Queues one booking's day-before mail unless it is no longer certain or another run claimed it first. */
async function sendOne(ctx: AppContext, rsvno: string, day: Ymd, now: Date): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    // Locked as a cancellation locks it: a cancellation and this mail never cross.
    const booking = await lockBooking(tx, rsvno);
    if (!booking || !certain(booking)) return false;
    const lines = await dayLines(tx, rsvno, day, mailLang(booking.lang));
    if (lines.length === 0) return false;
    const claimed = await tx
      .insert(bookingReminders)
      .values({ rsvno, kind: DayBeforeKind.dayBefore, at: now })
      .onConflictDoNothing()
      .returning({ rsvno: bookingReminders.rsvno });
    if (claimed.length === 0) return false;
    const mail = await loadMailBooking(tx, ctx.config, rsvno);
    if (!mail) return false;
    await enqueueMail(tx, dayBeforeMail(mail, day, lines));
    return true;
  });
}

/** Every day-before mail due now, each queued once; answers the booking numbers mailed by this run. */
export async function sendDueDayBeforeMails(ctx: AppContext): Promise<string[]> {
  const now = ctx.clock.now();
  const day = dayBeforeDue(now, ctx.config.dayBeforeMailHour);
  if (!day) return [];
  const sent: string[] = [];
  let after = '';
  for (;;) {
    const batch = await candidates(ctx.db, day, after);
    for (const rsvno of batch) {
      if (await sendOne(ctx, rsvno, day, now)) sent.push(rsvno);
    }
    if (batch.length < BATCH) break;
    after = batch[batch.length - 1] ?? after;
  }
  return sent;
}
