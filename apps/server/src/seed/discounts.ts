/**
 * The demo's 割引コード (ADR 0210): a winter campaign for every option, and a partner hotel's code for two Tokyo tours,
 * once per guest's phone, over a minimum.
 */
import { addDays, type Ymd, ymdToIsoDate } from '@tabi/contract/dates';
import type { DbOrTx } from '../db/client.ts';
import { discountCodes } from '../db/schema.ts';

export async function insertDemoDiscounts(tx: DbOrTx, today: Ymd): Promise<void> {
  await tx.insert(discountCodes).values([
    {
      code: 'WINTER10',
      name: '冬のキャンペーン（全商品10%オフ）',
      kind: 'percent',
      value: 10,
      bookUntil: ymdToIsoDate(addDays(today, 90)),
      totalLimit: 500,
    },
    {
      code: 'HOTEL1000',
      name: '提携ホテル宿泊者さま向け（東京のツアー1,000円引き）',
      kind: 'yen',
      value: 1000,
      opcds: ['OP0001', 'OP0002'],
      perCustomerLimit: 1,
      minAmount: 5000,
    },
  ]);
}
