/**
 * サイズ別在庫 (ADR 0209): the pairs a rental shop (a facility) has of each size of the items it counts — the ski or
 * snowboard type, boots, wear — and dated numbers that differ (pairs out for repair). A shop that lists no size of an
 * item does not count it (any size may be booked); a size it leaves out of an item it counts has none. Console calls
 * under /api/admin, admin only; the Japanese messages stand beside the schemas, as resources.ts keeps its own.
 */
import { z } from 'zod';
import { RENTAL_TYPE_LABEL, SHOE_SIZES, WEAR_SIZES_ADULT, WEAR_SIZES_CHILD } from './constants.ts';
import { formatDay, isValidYmd } from './dates.ts';
import { envelope } from './envelope.ts';

export const RENTAL_STOCK_QUANTITY_MAX = 9999;

/** The items a shop counts by size, in the order the console and the レンタル準備表 show them. */
export const RENTAL_ITEMS = ['model', 'boots', 'wear'] as const;
export type RentalItem = (typeof RENTAL_ITEMS)[number];

export const RENTAL_ITEM_LABEL: Record<RentalItem, string> = {
  model: 'スキー・スノーボード',
  boots: 'ブーツ',
  wear: 'ウェア',
};

/** How a count of the item is said: 台 (boards), 足 (boots), 着 (wear). */
export const RENTAL_ITEM_UNIT: Record<RentalItem, string> = { model: '台', boots: '足', wear: '着' };

const MODEL_SIZES = ['1', '2'] as const;

/** SPEC §5's values of an item, in list order: the types (1 スキー, 2 スノーボード), the shoe sizes, adult then children's wear. */
export function rentalItemSizes(item: RentalItem): readonly string[] {
  if (item === 'model') return MODEL_SIZES;
  if (item === 'boots') return SHOE_SIZES;
  return [...WEAR_SIZES_ADULT, ...WEAR_SIZES_CHILD];
}

export function isRentalSize(item: RentalItem, size: string): boolean {
  return rentalItemSizes(item).includes(size);
}

/** A size as staff read it: スキー, 26.5cm, M, 120cm. */
export function rentalSizeLabel(item: RentalItem, size: string): string {
  if (item === 'model') return size === '1' || size === '2' ? RENTAL_TYPE_LABEL[size] : size;
  return item === 'boots' ? `${size}cm` : size;
}

/** An item and a size together: 「ブーツ 26.5cm」, 「スキー」 (a type names itself). */
export function rentalSizeName(item: RentalItem, size: string): string {
  return item === 'model' ? rentalSizeLabel(item, size) : `${RENTAL_ITEM_LABEL[item]} ${rentalSizeLabel(item, size)}`;
}

/** The place of a size in its item's list (sizes off the list after it), for sorting. */
export function rentalSizeOrder(item: RentalItem, size: string): number {
  const i = rentalItemSizes(item).indexOf(size);
  return i < 0 ? Number.MAX_SAFE_INTEGER : i;
}

const quantityRange = `0〜${RENTAL_STOCK_QUANTITY_MAX.toLocaleString('ja-JP')}`;

export const RentalStockMsg = {
  itemInvalid: '品目（スキー・スノーボード、ブーツ、ウェア）を選択してください。',
  sizeRequired: 'サイズを選択してください。',
  countedNeedsSize:
    '在庫を管理する場合は、少なくとも1つのサイズの数を入力してください（扱わないサイズは空欄のままにします）。',
  dateInvalid: '日付はYYYY-MM-DD形式の正しい日付で入力してください（例：2026-12-05）。',
  dayQuantityInvalid: `その日の数は${quantityRange}の整数で入力してください（すべて使えない日は0）。`,
  datePast: '過ぎた日付の数は設定・削除できません。今日以降の日付を入力してください。',
  dayNotFound: 'ご指定の日付ごとの数は見つかりません。画面を再読み込みしてください。',
} as const;

/** A quantity refused: negative, not a whole number, or too large. */
export function rentalQuantityInvalid(item: RentalItem, size: string): string {
  return `${rentalSizeName(item, size)}の数は${quantityRange}の整数で入力してください（扱わないサイズは空欄）。`;
}

/** A size that is not one of SPEC §5's values of the item. */
export function rentalSizeUnknown(item: RentalItem, size: string): string {
  return `${RENTAL_ITEM_LABEL[item]}のサイズ「${size}」は選べるサイズにありません。一覧のサイズから選んでください。`;
}

export function rentalSizeTwice(item: RentalItem, size: string): string {
  return `${rentalSizeName(item, size)}が2回指定されています。1つのサイズにつき1つにしてください。`;
}

/** A dated number for a size the shop does not list (the size has none every day; list it first). */
export function rentalSizeNotListed(item: RentalItem, size: string): string {
  return `${rentalSizeName(item, size)}はサイズ別在庫に登録されていません。先に「${RENTAL_ITEM_LABEL[item]}」でこのサイズの数を入力してください。`;
}

/**
 * A number below the rentals that live bookings already hold of the size on a day from today on, refused so that a
 * shop is never booked beyond its pairs. `what`: the shop's own number, a dated number, or the size left unlisted.
 */
export function rentalStockBelowHeld(
  item: RentalItem,
  size: string,
  date: string,
  held: number,
  quantity: number,
  what: 'stock' | 'day' | 'unlisted',
): string {
  const unit = RENTAL_ITEM_UNIT[item];
  const day = formatDay(date, 'ja', { weekday: true });
  const name = rentalSizeName(item, size);
  const change =
    what === 'unlisted'
      ? '扱わないサイズ（空欄）にはできません'
      : `${what === 'day' ? 'その日の数' : '数'}を${quantity}${unit}にはできません`;
  return `${day}は${name}が予約ですでに${held}${unit}使われているため、${change}。${held}${unit}以上にするか、先に予約を変更してください。`;
}

/** A count typed in a field ('6', '６') or sent as a number; '' and null are "not listed". NaN when it is no count. */
function countOf(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  const text = value.normalize('NFKC').replace(/[,\s]/g, '');
  if (text === '') return null;
  return /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
}

const isQuantity = (n: number) => Number.isInteger(n) && n >= 0 && n <= RENTAL_STOCK_QUANTITY_MAX;

export const rentalItemSchema = z.enum(RENTAL_ITEMS, { error: RentalStockMsg.itemInvalid });

/** The facility's id in the path (the shop). */
export const rentalStockParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const typedCount = z.union([z.number(), z.string(), z.null()]).optional();

/**
 * サイズ別の数 of one item, replacing what the shop had of it: `counted` off removes every size (the item is then not
 * counted); on, every size with a number is listed and the others are not. Sizes are SPEC §5's of the item.
 */
export const rentalStockItemRequest = z
  .object({
    item: rentalItemSchema,
    counted: z.boolean(),
    sizes: z.array(z.object({ size: z.string({ error: RentalStockMsg.sizeRequired }), quantity: typedCount })).max(64),
  })
  .superRefine((value, ctx) => {
    if (!value.counted) return;
    const seen = new Set<string>();
    let listed = 0;
    let refused = 0;
    for (const [i, entry] of value.sizes.entries()) {
      if (!isRentalSize(value.item, entry.size)) {
        ctx.addIssue({
          code: 'custom',
          path: ['sizes', i, 'size'],
          message: rentalSizeUnknown(value.item, entry.size),
        });
        refused += 1;
        continue;
      }
      if (seen.has(entry.size)) {
        ctx.addIssue({ code: 'custom', path: ['sizes', i, 'size'], message: rentalSizeTwice(value.item, entry.size) });
        refused += 1;
        continue;
      }
      seen.add(entry.size);
      const n = countOf(entry.quantity);
      if (n === null) continue;
      if (!isQuantity(n)) {
        ctx.addIssue({
          code: 'custom',
          path: ['sizes', i, 'quantity'],
          message: rentalQuantityInvalid(value.item, entry.size),
        });
        refused += 1;
      } else listed += 1;
    }
    if (listed === 0 && refused === 0) {
      ctx.addIssue({ code: 'custom', path: ['counted'], message: RentalStockMsg.countedNeedsSize });
    }
  })
  .transform((value) => ({
    item: value.item,
    counted: value.counted,
    sizes: value.counted
      ? value.sizes.flatMap((e) => {
          const quantity = countOf(e.quantity);
          return quantity === null ? [] : [{ size: e.size, quantity }];
        })
      : [],
  }));
export type RentalStockItemRequest = z.input<typeof rentalStockItemRequest>;
export type RentalStockItemInput = z.output<typeof rentalStockItemRequest>;

const isoDate = z
  .string({ error: RentalStockMsg.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, RentalStockMsg.dateInvalid)
  .refine((v) => isValidYmd(v.replaceAll('-', '')), RentalStockMsg.dateInvalid);

/** A size and a date, checked against the item's list. */
const daySize = z.object({ item: rentalItemSchema, size: z.string(), date: isoDate });
function sizeOnList(value: { item: RentalItem; size: string }, ctx: z.RefinementCtx): void {
  if (value.size === '') ctx.addIssue({ code: 'custom', path: ['size'], message: RentalStockMsg.sizeRequired });
  else if (!isRentalSize(value.item, value.size)) {
    ctx.addIssue({ code: 'custom', path: ['size'], message: rentalSizeUnknown(value.item, value.size) });
  }
}

/** 日付ごとの数: another number of one size on a date (set, or changed when the date has one). */
export const rentalStockDayRequest = daySize
  .extend({
    quantity: z
      .union([z.number(), z.string()], { error: RentalStockMsg.dayQuantityInvalid })
      .transform((v) => countOf(v) ?? Number.NaN)
      .pipe(z.number().refine(isQuantity, RentalStockMsg.dayQuantityInvalid)),
  })
  .superRefine(sizeOnList);
export type RentalStockDayRequest = z.input<typeof rentalStockDayRequest>;
export type RentalStockDayInput = z.output<typeof rentalStockDayRequest>;

/** A dated number removed: the size has the shop's own number again that day. */
export const rentalStockDayDeleteRequest = daySize.superRefine(sizeOnList);
export type RentalStockDayDeleteRequest = z.input<typeof rentalStockDayDeleteRequest>;

/**
 * One size of an item: its number (null: the shop does not list it) and the most rentals live bookings hold of it on
 * one day from today on (what its number may not go below).
 */
export const rentalStockSize = z.object({
  size: z.string(),
  quantity: z.number().int().nullable(),
  held: z.number().int(),
});
export type RentalStockSize = z.infer<typeof rentalStockSize>;

/** An item: counted or not, and every size of its list (then any the shop lists off it), in list order. */
export const rentalStockItem = z.object({
  item: z.enum(RENTAL_ITEMS),
  counted: z.boolean(),
  sizes: z.array(rentalStockSize),
});
export type RentalStockItem = z.infer<typeof rentalStockItem>;

/** A dated number from today on: `quantity` that day instead of `base`, and what bookings hold of the size then. */
export const rentalStockDay = z.object({
  item: z.enum(RENTAL_ITEMS),
  size: z.string(),
  date: z.string(),
  quantity: z.number().int(),
  base: z.number().int(),
  held: z.number().int(),
});
export type RentalStockDay = z.infer<typeof rentalStockDay>;

export const rentalStockDetail = z.object({
  facility: z.object({ id: z.number(), name: z.string() }),
  items: z.array(rentalStockItem),
  /** From today on, by date, item and size. */
  days: z.array(rentalStockDay),
});
export type RentalStockDetail = z.infer<typeof rentalStockDetail>;
export const rentalStockResponse = envelope(rentalStockDetail);
