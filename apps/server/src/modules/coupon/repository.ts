import type { CouponOutcome } from '@tabi/contract/constants';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookingOptions, couponUses, facilities, optionImages, options } from '../../db/schema.ts';

function couponLines(db: DbOrTx) {
  const firstImage = sql<string | null>`(select ${optionImages.image} from ${optionImages}
    where ${optionImages.opcd} = ${options.opcd} order by ${optionImages.seq} limit 1)`;
  return db
    .select({
      id: bookingOptions.id,
      rsvno: bookingOptions.rsvno,
      opcd: bookingOptions.opcd,
      pkcd: bookingOptions.pkcd,
      usedate: bookingOptions.usedate,
      adultqty: bookingOptions.adultqty,
      childqty: bookingOptions.childqty,
      adultUsed: bookingOptions.couponAdultUsed,
      childUsed: bookingOptions.couponChildUsed,
      webname: options.webname,
      image: firstImage,
      introduction: options.introduction,
      contents: options.contents,
      optionattention: options.optionattention,
      companyname: options.companyname,
      hours: options.hours,
      tel: options.tel,
      address: options.address,
      companyattention: options.companyattention,
      lat: options.lat,
      lon: options.lon,
      translations: options.translations,
      pinHash: facilities.pinHash,
      facilityDisabled: facilities.disabled,
    })
    .from(bookingOptions)
    .innerJoin(options, eq(options.opcd, bookingOptions.opcd))
    .leftJoin(facilities, eq(facilities.id, options.facilityId));
}

export async function findCouponLines(db: DbOrTx, rsvno: string) {
  return couponLines(db)
    .where(and(eq(bookingOptions.rsvno, rsvno), eq(options.isCoupon, true)))
    .orderBy(asc(bookingOptions.id));
}
export type CouponLine = Awaited<ReturnType<typeof findCouponLines>>[number];

export async function findCouponLine(
  db: DbOrTx,
  rsvno: string,
  opcd: string,
  pkcd: string,
): Promise<CouponLine | undefined> {
  const [row] = await couponLines(db)
    .where(
      and(
        eq(bookingOptions.rsvno, rsvno),
        eq(bookingOptions.opcd, opcd),
        eq(bookingOptions.pkcd, pkcd),
        eq(options.isCoupon, true),
      ),
    )
    .orderBy(asc(bookingOptions.id))
    .limit(1);
  return row;
}

/** What an attempt is recorded as; a wrong PIN becomes bad_pin_cleared only when staff clear the lock. */
export type AttemptOutcome = Exclude<CouponOutcome, 'bad_pin_cleared'>;

export interface CouponAudit {
  rsvno: string;
  opcd: string;
  pkcd: string;
  adultqty: number;
  childqty: number;
  outcome: AttemptOutcome;
  createdAt: Date;
  idempotencyKey?: string | null;
}

export async function insertAudit(db: DbOrTx, row: CouponAudit): Promise<number> {
  const [inserted] = await db.insert(couponUses).values(row).returning({ id: couponUses.id });
  return inserted?.id ?? 0;
}

export async function deleteAudit(db: DbOrTx, id: number): Promise<void> {
  await db.delete(couponUses).where(eq(couponUses.id, id));
}

/** First key of the two-key advisory locks taken per booking while its PIN checks are counted (ADR 0080). */
const PIN_CHECK_LOCK = 72_741_032;

/**
 * Holds the booking's PIN-check lock until the transaction ends: whoever holds it sees every wrong PIN
 * committed before, so counting and recording an attempt is one step for all instances and requests.
 */
export async function lockPinChecks(tx: DbOrTx, rsvno: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PIN_CHECK_LOCK}, hashtext(${rsvno}))`);
}

/** Records a use under its idempotency key; false when that key was already recorded for the booking. */
export async function insertKeyedUse(db: DbOrTx, row: CouponAudit & { idempotencyKey: string }): Promise<boolean> {
  const rows = await db.insert(couponUses).values(row).onConflictDoNothing().returning({ id: couponUses.id });
  return rows.length > 0;
}

export async function findUseByKey(db: DbOrTx, rsvno: string, idempotencyKey: string) {
  const [row] = await db
    .select({ opcd: couponUses.opcd, pkcd: couponUses.pkcd, outcome: couponUses.outcome })
    .from(couponUses)
    .where(and(eq(couponUses.rsvno, rsvno), eq(couponUses.idempotencyKey, idempotencyKey)));
  return row;
}

/** Every coupon attempt of the booking, used or refused, oldest first (the console's 予約詳細). */
export async function findCouponUses(db: DbOrTx, rsvno: string) {
  return db
    .select({
      id: couponUses.id,
      opcd: couponUses.opcd,
      adultqty: couponUses.adultqty,
      childqty: couponUses.childqty,
      outcome: couponUses.outcome,
      createdAt: couponUses.createdAt,
    })
    .from(couponUses)
    .where(eq(couponUses.rsvno, rsvno))
    .orderBy(asc(couponUses.id));
}

/** Wrong PINs of the booking since `since`, newest first. */
export async function recentBadPins(db: DbOrTx, rsvno: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: couponUses.createdAt })
    .from(couponUses)
    .where(and(eq(couponUses.rsvno, rsvno), eq(couponUses.outcome, 'bad_pin'), gt(couponUses.createdAt, since)))
    .orderBy(desc(couponUses.createdAt));
  return rows.map((r) => r.createdAt);
}

/** The booking module writes its lines: the coupons used are counted there. */
export { consumeCoupons as consume } from '../booking/coupon-lines.ts';

/** Staff clear a booking's coupon lockout: its wrong PINs so far no longer count (kept, relabelled, for audit). */
export async function clearBadPins(db: DbOrTx, rsvno: string): Promise<number> {
  const rows = await db
    .update(couponUses)
    .set({ outcome: 'bad_pin_cleared' })
    .where(and(eq(couponUses.rsvno, rsvno), eq(couponUses.outcome, 'bad_pin')))
    .returning({ id: couponUses.id });
  return rows.length;
}
