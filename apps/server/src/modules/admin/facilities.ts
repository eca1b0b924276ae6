/**
 * 施設とクーポン (admin only): facilities with their PIN (set or reset, hashed as the seed does and never
 * shown again), enable/disable, clearing a booking's coupon lockout, and the usage report per facility and month.
 * Every change is a staff audit event (who, what, when).
 */
import type { FacilityRow, UsageRow } from '@tabi/contract/admin-catalog';
import { CatalogMsg } from '@tabi/contract/messages';
import { say } from '@tabi/contract/said';
import { asc, eq, sql } from 'drizzle-orm';
import { staffActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/client.ts';
import { facilities, options } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { recordEvent } from '../booking/events.ts';
import * as bookingRepo from '../booking/repository.ts';
import { hashPin } from '../coupon/pin.ts';
import { clearBadPins } from '../coupon/repository.ts';
import { insertAudit } from '../staff/repository.ts';
import type { StaffPrincipal } from '../staff/service.ts';
import { toCsv } from './csv.ts';

async function audit(ctx: AppContext, staff: StaffPrincipal, kind: string, detail: Record<string, unknown>) {
  await insertAudit(ctx.db, { at: ctx.clock.now(), staffId: staff.id, mail: staff.mail, kind, detail });
}

export async function listFacilities(ctx: AppContext): Promise<FacilityRow[]> {
  const rows = await ctx.db
    .select({ id: facilities.id, name: facilities.name, disabled: facilities.disabled, mail: facilities.mail })
    .from(facilities)
    .orderBy(asc(facilities.id));
  const linked = await ctx.db
    .select({ facilityId: options.facilityId, opcd: options.opcd, webname: options.webname })
    .from(options)
    .where(sql`${options.facilityId} is not null`)
    .orderBy(asc(options.opcd));
  return rows.map((r) => ({
    ...r,
    options: linked.filter((o) => o.facilityId === r.id).map((o) => ({ opcd: o.opcd, webname: o.webname })),
  }));
}

async function existing(ctx: AppContext, id: number): Promise<void> {
  const [row] = await ctx.db.select({ id: facilities.id }).from(facilities).where(eq(facilities.id, id));
  if (!row) throw AppError.notFound(CatalogMsg.facilityNotFound);
}

export async function setPin(ctx: AppContext, staff: StaffPrincipal, id: number, pin: string): Promise<void> {
  await existing(ctx, id);
  await ctx.db
    .update(facilities)
    .set({ pinHash: await hashPin(pin) })
    .where(eq(facilities.id, id));
  await audit(ctx, staff, 'facility.pin_set', { facilityId: id });
}

export async function setDisabled(ctx: AppContext, staff: StaffPrincipal, id: number, disabled: boolean) {
  await existing(ctx, id);
  await ctx.db.update(facilities).set({ disabled }).where(eq(facilities.id, id));
  await audit(ctx, staff, disabled ? 'facility.disabled' : 'facility.enabled', { facilityId: id });
}

/** Where the evening-before レンタル準備表 is mailed (ADR 0166); '' removes the address (then it is not mailed). */
export async function setMail(ctx: AppContext, staff: StaffPrincipal, id: number, mail: string): Promise<void> {
  await existing(ctx, id);
  const [before] = await ctx.db.select({ mail: facilities.mail }).from(facilities).where(eq(facilities.id, id));
  const next = mail === '' ? null : mail;
  if ((before?.mail ?? null) === next) return;
  await ctx.db.update(facilities).set({ mail: next }).where(eq(facilities.id, id));
  await audit(ctx, staff, 'facility.mail_set', { facilityId: id, before: before?.mail ?? null, after: next });
}

/** Lets a customer locked out by wrong PINs try again: the failures are kept as cleared, in the booking's history. */
export async function clearCouponLock(ctx: AppContext, staff: StaffPrincipal, rsvno: string) {
  const cleared = await ctx.db.transaction(async (tx) => {
    const booking = await bookingRepo.lockBooking(tx, rsvno);
    if (!booking) throw AppError.notFound(say('bookingNotFound'));
    const count = await clearBadPins(tx, rsvno);
    if (count > 0) {
      await recordEvent(tx, ctx.clock.now(), rsvno, staffActor(staff.id), 'coupon_lock_cleared', {
        after: { cleared_failures: count },
      });
    }
    return count;
  });
  await audit(ctx, staff, 'coupon.lock_cleared', { rsvno, cleared });
  return { cleared };
}

/** Coupons used per facility in a Tokyo month: uses, adults and children (every facility, 0 when unused). */
export async function usage(ctx: AppContext, month: string): Promise<UsageRow[]> {
  const rows = rowsOf<{
    id: number;
    name: string;
    uses: string | number;
    adults: string | number;
    children: string | number;
  }>(
    await ctx.db.execute(sql`
      select f.id, f.name, count(u.id) as uses, coalesce(sum(u.adultqty), 0) as adults,
        coalesce(sum(u.childqty), 0) as children
      from facilities f
      left join options o on o.facility_id = f.id
      left join coupon_uses u on u.opcd = o.opcd and u.outcome = 'used'
        and to_char(u.created_at at time zone 'Asia/Tokyo', 'YYYY-MM') = ${month}
      group by f.id, f.name
      order by f.id`),
  );
  return rows.map((r) => ({
    facilityId: Number(r.id),
    name: r.name,
    uses: Number(r.uses),
    adults: Number(r.adults),
    children: Number(r.children),
  }));
}

export async function usageCsv(ctx: AppContext, month: string): Promise<string> {
  const rows = await usage(ctx, month);
  return toCsv(
    ['年月', '施設ID', '施設名', '利用回数', '大人', '小人'],
    rows.map((r) => [month, r.facilityId, r.name, r.uses, r.adults, r.children]),
  );
}
