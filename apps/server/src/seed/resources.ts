/**
 * The demo's shared resources (ADR 0209): the Lake Ashi pirate ship that the boarding coupon and the Hakone day tour
 * both ride (a dock day closes both), owned by the boat company whose coupon it is (the day tour, the company's own,
 * may use any resource), the pool of three guides of the Sendai food walk, one per booking, and the ski shops' boots
 * and wear by size, a few sizes rented out on some days.
 */
import { SHOE_SIZES, WEAR_SIZES_ADULT, WEAR_SIZES_CHILD } from '@tabi/contract/constants';
import { addDays, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { optionResources, options, rentalStock, rentalStockDays, resourceExceptions, resources } from '../db/schema.ts';

/** Days from today on which the ship is in dock for its inspection. */
export const DOCK_DAYS_AHEAD = 12;

export async function insertDemoResources(tx: DbOrTx, today: Ymd): Promise<void> {
  // The coupon's facility: an option of a facility may use only that facility's resources.
  const [coupon] = await tx.select({ facilityId: options.facilityId }).from(options).where(eq(options.opcd, 'OP0013'));
  const [ship] = await tx
    .insert(resources)
    .values({
      name: '芦ノ湖 海賊船 ロワイヤルⅡ',
      kind: 'vehicle',
      capacity: 60,
      per: 'day',
      facilityId: coupon?.facilityId ?? null,
    })
    .returning({ id: resources.id });
  if (!ship) throw new Error('the demo ship was not written');
  await tx.insert(optionResources).values([
    { opcd: 'OP0013', resourceId: ship.id, usage: 'traveller' },
    { opcd: 'OP0027', resourceId: ship.id, usage: 'traveller' },
  ]);
  await tx.insert(resourceExceptions).values({
    resourceId: ship.id,
    usedate: ymdToIsoDate(addDays(today, DOCK_DAYS_AHEAD)),
    capacity: 0,
    note: '定期点検のため運休',
  });
  const guides = await tx
    .insert(resources)
    .values(
      ['食べ歩きガイド 山田', '食べ歩きガイド 佐藤', '食べ歩きガイド 鈴木'].map((name) => ({
        name,
        kind: 'guide' as const,
        capacity: 1,
        per: 'day' as const,
        pool: '仙台 食べ歩きガイド',
      })),
    )
    .returning({ id: resources.id });
  const [first] = guides;
  if (first) await tx.insert(optionResources).values({ opcd: 'OP0023', resourceId: first.id, usage: 'booking' });
}

/** The size each ski shop has none left of on every other day from today (the demo's 在庫なし), with the item. */
export const DEMO_SOLD_OUT = { boots: '25.5', wear: 'M' } as const;

/** How many pairs of a size a shop has: plenty of the common ones, a few of the rest. */
function pairsOf(size: string): number {
  if (['26.5', '27.0', 'L', '130cm'].includes(size)) return 40;
  if (['24.0', '24.5', '25.0', '25.5', '26.0', '27.5', 'M', 'XL'].includes(size)) return 12;
  return 4;
}

/** The ski shops (facilities 3–6) and what each counts by size: the Niseko shop its skis and boards too. */
const SHOPS: readonly { id: number; items: readonly ('model' | 'boots' | 'wear')[] }[] = [
  { id: 3, items: ['model', 'boots', 'wear'] },
  { id: 4, items: ['wear'] },
  { id: 5, items: ['boots'] },
  { id: 6, items: ['boots', 'wear'] },
];

export async function insertDemoRentalStock(tx: DbOrTx, today: Ymd): Promise<void> {
  const sizes = { model: ['1', '2'], boots: SHOE_SIZES, wear: [...WEAR_SIZES_ADULT, ...WEAR_SIZES_CHILD] } as const;
  await tx.insert(rentalStock).values(
    SHOPS.flatMap((shop) =>
      shop.items.flatMap((item) =>
        sizes[item].map((size) => ({
          facilityId: shop.id,
          item,
          size,
          quantity: item === 'model' ? 30 : pairsOf(size),
        })),
      ),
    ),
  );
  // Rented out in advance on every other day of the season's next two months.
  const days = Array.from({ length: 30 }, (_, i) => ymdToIsoDate(addDays(today, 2 * i + 1)));
  await tx
    .insert(rentalStockDays)
    .values(
      SHOPS.flatMap((shop) =>
        (['boots', 'wear'] as const)
          .filter((item) => shop.items.includes(item))
          .flatMap((item) =>
            days.map((usedate) => ({ facilityId: shop.id, item, size: DEMO_SOLD_OUT[item], usedate, quantity: 0 })),
          ),
      ),
    );
}
