/**
 * Personal data kept only as long as needed (ADR 0164). Passport numbers, birthdays and diet choices
 * are what a booking's people are asked for the day itself (the manifest, a JR ticket); once the day is
 * PRIVACY_ERASE_DAYS past (a canceled booking PRIVACY_ERASE_CANCELED_DAYS after its cancellation) they are erased,
 * from the participants and from the booking's history. Names, contact and amounts stay: accounting keeps them.
 * A booking whose day has not passed is never touched by the job; `privacy:erase RSVNO` erases one at once.
 */
import { addDays, tokyoYmd, ymdToIsoDate } from '@tabi/contract/dates';
import { say } from '@tabi/contract/said';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { systemActor } from '../../actor.ts';
import type { AppContextBase } from '../../context-base.ts';
import type { DbOrTx } from '../../db/client.ts';
import { bookingEvents, bookingMembers, bookingRentals, bookings, nationalities, outbox } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { eraseLocked } from '../booking/erase.ts';
import { stateLiteral } from '../booking/state-sql.ts';
import { insertAudit } from '../staff/repository.ts';

/** Bookings one transaction erases at most; the job repeats until none is due. */
export const PRIVACY_BATCH = 200;

async function auditErasure(db: DbOrTx, at: Date, by: string, count: number, rsvno?: string): Promise<void> {
  await insertAudit(db, {
    at,
    staffId: null,
    mail: by,
    kind: 'privacy_erased',
    detail: { by, count, ...(rsvno ? { rsvno } : {}) },
  });
}

/** The use date before which (exclusive) a booking is due, and the cancellation time before which a canceled one is. */
export function privacyCutoffs(ctx: AppContextBase): { usedBefore: string; canceledBefore: Date } {
  const now = ctx.clock.now();
  return {
    usedBefore: ymdToIsoDate(addDays(tokyoYmd(now), -ctx.config.privacyEraseDays)),
    canceledBefore: new Date(now.getTime() - ctx.config.privacyEraseCanceledDays * 86_400_000),
  };
}

/**
 * The scheduled erasure (every instance, with the retention run): claims due bookings with SKIP LOCKED in
 * batches, erases them, and writes the count in the staff audit. Running it again finds nothing more to do.
 */
export async function erasePersonalData(ctx: AppContextBase): Promise<number> {
  const { usedBefore, canceledBefore } = privacyCutoffs(ctx);
  // Each claim walks its own partial index in that index's order and stops at the batch: ordered by booking number,
  // the planner walked the primary key through every booking, erased ones included (984 ms at 1M with none due).
  const due = [
    // Used long enough ago (any state), through bookings_privacy_due_idx.
    { where: and(isNull(bookings.personalErasedAt), lt(bookings.todate, usedBefore)), order: bookings.todate },
    // Canceled long enough ago, whatever its day (through bookings_privacy_canceled_idx, whose condition is
    // written here as a literal so that a prepared plan matches it too).
    {
      where: and(
        isNull(bookings.personalErasedAt),
        sql`${bookings.state} in (${stateLiteral('canceled')}, ${stateLiteral('expired')})`,
        lt(bookings.canceledAt, canceledBefore),
      ),
      order: bookings.canceledAt,
    },
  ];
  let total = 0;
  for (const { where, order } of due) {
    for (;;) {
      const erased = await ctx.db.transaction(async (tx) => {
        const picked = await tx
          .select({ rsvno: bookings.rsvno })
          .from(bookings)
          .where(where)
          .orderBy(asc(order))
          .limit(PRIVACY_BATCH)
          .for('update', { skipLocked: true });
        return eraseLocked(
          tx,
          picked.map((p) => p.rsvno),
          ctx.clock.now(),
          systemActor('privacy'),
        );
      });
      total += erased;
      if (erased < PRIVACY_BATCH) break;
    }
  }
  if (total > 0) await auditErasure(ctx.db, ctx.clock.now(), 'privacy-job', total);
  return total;
}

/** `npm run ops -- privacy:erase RSVNO`: one booking's people erased now, whatever its day (a person's request). */
export async function erasePersonalDataOf(
  ctx: AppContextBase,
  rsvno: string,
): Promise<{ rsvno: string; erased: boolean }> {
  const erased = await ctx.db.transaction(async (tx) => {
    const [booking] = await tx
      .select({ rsvno: bookings.rsvno, erasedAt: bookings.personalErasedAt })
      .from(bookings)
      .where(eq(bookings.rsvno, rsvno))
      .for('update');
    if (!booking) throw AppError.notFound(say('bookingNotFound'));
    if (booking.erasedAt) return 0;
    return eraseLocked(tx, [rsvno], ctx.clock.now(), systemActor('ops'));
  });
  if (erased > 0) await auditErasure(ctx.db, ctx.clock.now(), 'ops', erased, rsvno);
  return { rsvno, erased: erased > 0 };
}

/** What we hold about a booking's people, for a disclosure request (`npm run ops -- privacy:export RSVNO`). */
export interface PersonalDataExport {
  rsvno: string;
  erasedAt: string | null;
  applicant: { sei: string; mei: string; tel: string; mail: string; lang: string };
  participants: {
    seq: number;
    sei: string;
    mei: string;
    birthday: string | null;
    sex: string;
    nationality: string | null;
    extended: Record<string, unknown>;
  }[];
  rentals: { seq: number; model: string; bootsSize: string; wearSize: string }[];
  mails: { at: string; to: string; subject: string }[];
  historyEvents: number;
}

export async function exportPersonalData(ctx: AppContextBase, rsvno: string): Promise<PersonalDataExport> {
  const db = ctx.db;
  const [booking] = await db.select().from(bookings).where(eq(bookings.rsvno, rsvno));
  if (!booking) throw AppError.notFound(say('bookingNotFound'));
  const [people, rentals, mails, [history]] = await Promise.all([
    db
      .select({
        seq: bookingMembers.seq,
        sei: bookingMembers.sei,
        mei: bookingMembers.mei,
        birthday: bookingMembers.birthday,
        sex: bookingMembers.sex,
        nationality: nationalities.nationalityNm,
        extended: bookingMembers.extended,
      })
      .from(bookingMembers)
      .leftJoin(nationalities, eq(nationalities.id, bookingMembers.nationalityId))
      .where(eq(bookingMembers.rsvno, rsvno))
      .orderBy(asc(bookingMembers.seq)),
    db
      .select({
        seq: bookingRentals.seq,
        model: bookingRentals.model,
        bootsSize: bookingRentals.bootsSize,
        wearSize: bookingRentals.wearSize,
      })
      .from(bookingRentals)
      .where(eq(bookingRentals.rsvno, rsvno))
      .orderBy(asc(bookingRentals.seq)),
    db
      .select({ at: outbox.createdAt, to: outbox.to, subject: outbox.subject })
      .from(outbox)
      .where(eq(outbox.rsvno, rsvno))
      .orderBy(asc(outbox.id)),
    db.select({ n: sql<number>`count(*)::int` }).from(bookingEvents).where(eq(bookingEvents.rsvno, rsvno)),
  ]);
  return {
    rsvno,
    erasedAt: booking.personalErasedAt?.toISOString() ?? null,
    applicant: { sei: booking.sei, mei: booking.mei, tel: booking.tel, mail: booking.mail, lang: booking.lang },
    participants: people,
    rentals,
    mails: mails.map((m) => ({ ...m, at: m.at.toISOString() })),
    historyEvents: Number(history?.n ?? 0),
  };
}
