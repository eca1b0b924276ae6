/**
 * サイズ別在庫 (ADR 0209, admin only): a rental shop's pairs of each item and size, and its dated numbers, as the console
 * shows and changes them. Each change runs in one transaction under the shop's lock and its rows' locks (taken in the
 * order a booking's statement takes them), and writes its staff audit event there (who, what, before and after).
 *
 * A number is never set below what live bookings already hold of the size on a day from today on: such a change is
 * refused, naming the first such day and how many are held, rather than leaving a shop booked beyond its pairs. A
 * number that does not go down is let through (raising one that was already short helps). Days before today are left
 * out: their rentals have been handed out.
 *
 * An item the shop starts to count had no rows a booking could lock: a booking whose statement read the shop's rows
 * just before this change commits, and commits just after it, is not seen by the check. The window is a statement's
 * length; closing it would take a lock every booking of every shop waits on.
 */
import { ErrCd } from '@tabi/contract/constants';
import { ymdToIsoDate } from '@tabi/contract/dates';
import { CatalogMsg } from '@tabi/contract/messages';
import {
  RENTAL_ITEMS,
  type RentalItem,
  type RentalStockDayInput,
  type RentalStockDetail,
  type RentalStockItemInput,
  RentalStockMsg,
  rentalItemSizes,
  rentalSizeNotListed,
  rentalSizeOrder,
  rentalStockBelowHeld,
} from '@tabi/contract/rental-stock';
import { todayIn } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { insertStaffAudit } from '../staff/repository.ts';
import type { StaffPrincipal } from '../staff/service.ts';
import * as repo from './repository.ts';

type Ctx = Pick<AppContext, 'db' | 'clock'>;
type Shop = { id: number; name: string };

const today = (ctx: Ctx) => ymdToIsoDate(todayIn(ctx.clock));

async function detailOf(db: DbOrTx, ctx: Ctx, shop: Shop): Promise<RentalStockDetail> {
  const from = today(ctx);
  // One after another: inside a transaction the three share its one connection.
  const stock = await repo.stockOf(db, shop.id);
  const days = await repo.daysOf(db, shop.id, from);
  const held = await repo.heldOf(db, shop.id, from);
  const heldOn = (item: RentalItem, size: string, date: string) =>
    held.find((h) => h.item === item && h.size === size && h.date === date)?.held ?? 0;
  const mostHeld = (item: RentalItem, size: string) =>
    Math.max(0, ...held.filter((h) => h.item === item && h.size === size).map((h) => h.held));
  return {
    facility: shop,
    items: RENTAL_ITEMS.map((item) => {
      const mine = stock.filter((s) => s.item === item);
      // A size stored off SPEC §5's list (written outside the console) is still shown, after the list's.
      const sizes = [...new Set([...rentalItemSizes(item), ...mine.map((s) => s.size)])].sort(
        (a, b) => rentalSizeOrder(item, a) - rentalSizeOrder(item, b) || a.localeCompare(b),
      );
      return {
        item,
        counted: mine.length > 0,
        sizes: sizes.map((size) => ({
          size,
          quantity: mine.find((s) => s.size === size)?.quantity ?? null,
          held: mostHeld(item, size),
        })),
      };
    }),
    days: days.map((d) => ({
      ...d,
      base: stock.find((s) => s.item === d.item && s.size === d.size)?.quantity ?? 0,
      held: heldOn(d.item, d.size, d.date),
    })),
  };
}

async function shopOf(db: DbOrTx, id: number): Promise<Shop> {
  const shop = await repo.findFacility(db, id);
  if (!shop) throw AppError.notFound(CatalogMsg.facilityNotFound);
  return shop;
}

export async function rentalStockDetail(ctx: Ctx, id: number): Promise<RentalStockDetail> {
  return detailOf(ctx.db, ctx, await shopOf(ctx.db, id));
}

/** Runs a change of one shop's stock under its lock; refused with 404 when there is no such facility. */
async function changeShop<T>(ctx: Ctx, id: number, work: (tx: DbOrTx, shop: Shop, now: Date) => Promise<T>) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const shop = await shopOf(tx, id);
    await repo.lockShop(tx, id);
    return work(tx, shop, now);
  });
}

async function audit(
  db: DbOrTx,
  at: Date,
  staff: StaffPrincipal,
  kind: string,
  shop: Shop,
  detail: Record<string, unknown>,
): Promise<void> {
  await insertStaffAudit(db, at, staff, kind, { facilityId: shop.id, name: shop.name, ...detail });
}

/**
 * Refuses when live bookings hold more of a size on a day from today on than its number after the change, and that
 * number went down (`before` is null while the item was not counted: no limit).
 */
function refuseBelowHeld(
  held: repo.HeldRecord[],
  number: {
    before(h: repo.HeldRecord): number | null;
    after(h: repo.HeldRecord): number;
    what(h: repo.HeldRecord): 'stock' | 'day' | 'unlisted';
  },
): void {
  for (const h of held) {
    const after = number.after(h);
    if (h.held <= after) continue;
    const before = number.before(h);
    if (before !== null && after >= before) continue;
    throw AppError.conflict(ErrCd.generic, rentalStockBelowHeld(h.item, h.size, h.date, h.held, after, number.what(h)));
  }
}

const sizesText = (rows: { size: string; quantity: number }[]) =>
  Object.fromEntries(rows.map((r) => [r.size, r.quantity]));

/** サイズ別の数 of one item: every size replaced at once; counted off removes them all (and their dated numbers). */
export async function setItem(
  ctx: Ctx,
  staff: StaffPrincipal,
  id: number,
  input: RentalStockItemInput,
): Promise<RentalStockDetail> {
  return changeShop(ctx, id, async (tx, shop, now) => {
    const { item } = input;
    const old = await repo.stockOf(tx, id, { item, lock: true });
    const next = new Map(input.sizes.map((s) => [s.size, s.quantity]));
    const was = new Map(old.map((s) => [s.size, s.quantity]));
    const removed = old.filter((s) => !next.has(s.size)).map((s) => s.size);
    const changed = input.sizes.some((s) => was.get(s.size) !== s.quantity) || removed.length > 0;
    if (!changed) return detailOf(tx, ctx, shop);
    const from = today(ctx);
    const days = await repo.daysOf(tx, id, from, item);
    const dayOf = (h: repo.HeldRecord) => days.find((d) => d.size === h.size && d.date === h.date);
    if (next.size > 0) {
      refuseBelowHeld(await repo.heldOf(tx, id, from, { item }), {
        before: (h) => (old.length === 0 ? null : (dayOf(h)?.quantity ?? was.get(h.size) ?? 0)),
        // A size left unlisted has none, and its dated numbers go with it.
        after: (h) => (next.has(h.size) ? (dayOf(h)?.quantity ?? next.get(h.size) ?? 0) : 0),
        what: (h) => (!next.has(h.size) ? 'unlisted' : dayOf(h) ? 'day' : 'stock'),
      });
    }
    const removedDays = days.filter((d) => removed.includes(d.size));
    await repo.replaceItem(tx, id, item, input.sizes, removed);
    await audit(tx, now, staff, 'rental_stock.set', shop, {
      item,
      before: { counted: old.length > 0, sizes: sizesText(old) },
      after: { counted: input.sizes.length > 0, sizes: sizesText(input.sizes) },
      ...(removedDays.length > 0
        ? { removedDays: removedDays.map(({ size, date, quantity }) => ({ size, date, quantity })) }
        : {}),
    });
    return detailOf(tx, ctx, shop);
  });
}

/** The listed size's row, locked; refused when the shop does not list the size (it has none every day). */
async function listedSize(tx: DbOrTx, id: number, item: RentalItem, size: string): Promise<repo.StockRecord> {
  const row = (await repo.stockOf(tx, id, { item, lock: true })).find((s) => s.size === size);
  if (!row) throw AppError.conflict(ErrCd.generic, rentalSizeNotListed(item, size));
  return row;
}

function refusePast(ctx: Ctx, date: string): void {
  if (date < today(ctx)) throw new AppError(ErrCd.generic, RentalStockMsg.datePast, 422);
}

/**
 * A dated number set (`quantity`) or removed (null: the size has the shop's own number again that day), on a date from
 * today on; refused if bookings then hold more of the size that day than it has.
 */
async function changeDay(
  ctx: Ctx,
  staff: StaffPrincipal,
  id: number,
  where: { item: RentalItem; size: string; date: string },
  quantity: number | null,
): Promise<RentalStockDetail> {
  return changeShop(ctx, id, async (tx, shop, now) => {
    refusePast(ctx, where.date);
    const row = await listedSize(tx, id, where.item, where.size);
    const [existing] = (await repo.daysOf(tx, id, where.date, where.item)).filter(
      (d) => d.size === where.size && d.date === where.date,
    );
    if (quantity === null && !existing) throw AppError.notFound(RentalStockMsg.dayNotFound);
    if (existing?.quantity === quantity) return detailOf(tx, ctx, shop);
    const after = quantity ?? row.quantity;
    refuseBelowHeld(await repo.heldOf(tx, id, where.date, where), {
      before: () => existing?.quantity ?? row.quantity,
      after: () => after,
      what: () => (quantity === null ? 'stock' : 'day'),
    });
    if (quantity === null) await repo.deleteDay(tx, id, where);
    else await repo.upsertDay(tx, id, { ...where, quantity });
    await audit(tx, now, staff, quantity === null ? 'rental_stock.day_removed' : 'rental_stock.day_set', shop, {
      item: where.item,
      size: where.size,
      date: where.date,
      before: existing?.quantity ?? null,
      after: quantity,
      base: row.quantity,
    });
    return detailOf(tx, ctx, shop);
  });
}

/** 日付ごとの数: another number of a listed size on a date from today on (0: every pair out for repair). */
export async function setDay(
  ctx: Ctx,
  staff: StaffPrincipal,
  id: number,
  input: RentalStockDayInput,
): Promise<RentalStockDetail> {
  const { quantity, ...where } = input;
  return changeDay(ctx, staff, id, where, quantity);
}

/** A dated number removed: the size has the shop's own number again that day, refused if bookings hold more. */
export async function deleteDay(
  ctx: Ctx,
  staff: StaffPrincipal,
  id: number,
  input: { item: RentalItem; size: string; date: string },
): Promise<RentalStockDetail> {
  return changeDay(ctx, staff, id, input, null);
}
