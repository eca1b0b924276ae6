import { addDays, tokyoYmd, ymdToIsoDate } from '@tabi/contract/dates';
import type { BenchSuite } from '../../bench/types.ts';
import { benchHeaders, csrf } from '../../bench/visitor.ts';

/**
 * What a reseller polls most: a week's availability of one product through /octo, with prices, beside
 * the catalog's /api/option/OP0001 row of the same run.
 */
export const suite: BenchSuite = {
  name: 'octo',
  order: 11,
  async routes({ baseUrl }) {
    const made = await fetch(`${baseUrl}/api/_bench/octo-key`, {
      method: 'POST',
      headers: benchHeaders(await csrf(baseUrl)),
      body: '{}',
    });
    const { key } = (await made.json()) as { key?: string };
    if (!key) throw new Error(`no reseller key for the benchmark: ${made.status}`);
    const start = addDays(tokyoYmd(new Date()), 7);
    return [
      {
        name: '/octo/availability (7 days, pricing)',
        path: '/octo/availability',
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'octo-capabilities': 'octo/pricing',
        },
        body: JSON.stringify({
          productId: 'OP0001',
          optionId: 'DEFAULT',
          localDateStart: ymdToIsoDate(start),
          localDateEnd: ymdToIsoDate(addDays(start, 6)),
          units: [{ id: 'adult', quantity: 2 }],
        }),
      },
    ];
  },
};
