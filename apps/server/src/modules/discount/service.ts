/** 割引コード for the customer (ADR 0210): what a code takes off a booking about to be made (the check page's 適用). */
import { normalisePhone } from '@tabi/contract/booking-rules';
import { ErrCd } from '@tabi/contract/constants';
import { ymdToIsoDate } from '@tabi/contract/dates';
import type { DiscountQuote, discountQuoteRequest } from '@tabi/contract/discounts';
import { say } from '@tabi/contract/said';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { todayIn } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { options } from '../admin/schema.ts';
import { checkDiscount } from './rules.ts';

/** Codes one address may try in {@link QUOTE_WINDOW_SECONDS}: enough for typos, too few to guess codes. */
export const QUOTES_PER_WINDOW = 20;
export const QUOTE_WINDOW_SECONDS = 600;

/** POST /discount, counted per client address before the body is read (a refused body counts too). */
export async function limitQuotes(ctx: AppContext, clientIp: string): Promise<void> {
  const limit = await ctx.bookingLimiter.hit(`discount:ip:${clientIp}`, QUOTES_PER_WINDOW, QUOTE_WINDOW_SECONDS);
  if (!limit.allowed) throw new AppError(ErrCd.generic, say('discount.rateLimited'), 429);
}

/** The discount a code gives the booking the check page is about to make, or the refusal of the rule it breaks. */
export async function quoteDiscount(
  ctx: AppContext,
  input: z.output<typeof discountQuoteRequest>,
): Promise<DiscountQuote> {
  const [option] = await ctx.db
    .select({ published: options.published })
    .from(options)
    .where(eq(options.opcd, input.opcd));
  if (!option?.published) throw AppError.notFound(say('optionNotFound'));
  const list = Number(input.amountjp);
  const taken = await checkDiscount(ctx.db, {
    code: input.code,
    opcd: input.opcd,
    usedate: ymdToIsoDate(input.usedate),
    today: ymdToIsoDate(todayIn(ctx.clock)),
    list,
    tel: input.tel ? normalisePhone(input.tel) : null,
  });
  return { code: taken.code, discount: taken.discount, amountjp: list - taken.discount };
}
