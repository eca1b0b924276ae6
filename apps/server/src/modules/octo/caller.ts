/** Who calls OCTO (a reseller's key and what it asked for), and the Tokyo day the calls are for. */
import { ymdToIsoDate } from '@tabi/contract/dates';
import type { Lang } from '@tabi/contract/i18n';
import { todayIn } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { ResellerRow } from '../../db/schema.ts';

/** Who is calling: the key's reseller, whether it asked for octo/pricing, and octo/content's language if asked. */
export interface OctoCaller {
  reseller: ResellerRow;
  pricing: boolean;
  content: Lang | null;
}

export function isoToday(ctx: AppContext): string {
  return ymdToIsoDate(todayIn(ctx.clock));
}
