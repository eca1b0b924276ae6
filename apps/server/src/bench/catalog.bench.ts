import type { OptionDetail } from '@tabi/contract/catalog';
import type { BenchSuite } from './types.ts';

/** A demo option sold by start time (ADR 0196): a cruise at 10:00, 13:00 and 16:00. */
const TIMED = 'OP0049';

/** Its first day with a seat in the calendar's first month. */
async function timedDay(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/option/${TIMED}`);
  const option = ((await res.json()) as { response: OptionDetail }).response;
  const day = Object.values(option.valueList).find((d) => Number(d.zaikozan) > 0);
  if (!day) throw new Error(`${TIMED} has no day with a seat in its first month`);
  return day.date;
}

/**
 * The catalog reads SPEC §7 names: the list (first page, a filtered later page) and an option's detail with its
 * calendar, of a whole-day option and of one sold by start time (a day the sum of its departures), and that option's
 * departures of one day.
 */
export const suite: BenchSuite = {
  name: 'catalog',
  order: 10,
  routes: async (target) => [
    { name: '/api/option', path: '/api/option' },
    { name: '/api/option?homencd=03&page=2', path: '/api/option?homencd=03&page=2' },
    { name: '/api/option/OP0001', path: '/api/option/OP0001' },
    { name: `/api/option/${TIMED} (start times)`, path: `/api/option/${TIMED}` },
    {
      name: `/api/option/${TIMED}/departures?usedate=…`,
      path: `/api/option/${TIMED}/departures?usedate=${await timedDay(target.baseUrl)}`,
    },
  ],
};
