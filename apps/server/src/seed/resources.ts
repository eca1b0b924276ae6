/**
 * The demo's shared resources (ADR 0209): the Lake Ashi pirate ship that the boarding coupon and the Hakone day tour
 * both ride (a dock day closes both), and the pool of three nature guides of the Oirase walk, one per booking.
 */
import { addDays, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import type { DbOrTx } from '../db/client.ts';
import { optionResources, resourceExceptions, resources } from '../db/schema.ts';

/** Days from today on which the ship is in dock for its inspection. */
export const DOCK_DAYS_AHEAD = 12;

export async function insertDemoResources(tx: DbOrTx, today: Ymd): Promise<void> {
  const [ship] = await tx
    .insert(resources)
    .values({ name: '芦ノ湖 海賊船 ロワイヤルⅡ', kind: 'vehicle', capacity: 60, per: 'day' })
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
      ['ネイチャーガイド 山田', 'ネイチャーガイド 佐藤', 'ネイチャーガイド 鈴木'].map((name) => ({
        name,
        kind: 'guide' as const,
        capacity: 1,
        per: 'day' as const,
        pool: '奥入瀬ネイチャーガイド',
      })),
    )
    .returning({ id: resources.id });
  const [first] = guides;
  if (first) await tx.insert(optionResources).values({ opcd: 'OP0024', resourceId: first.id, usage: 'booking' });
}
