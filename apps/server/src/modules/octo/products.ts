/** OCTO's supplier and products (ADR 0170): the options a reseller may sell, with their units and content. */
import type { Lang } from '@tabi/contract/i18n';
import type { AppContext } from '../../context.ts';
import { catalogService } from '../catalog/service.ts';
import { isoToday, type OctoCaller } from './caller.ts';
import { OctoError } from './errors.ts';
import { productOf, withContent } from './mapping.ts';
import * as repo from './repository.ts';

/** E.164 of a Japanese number written 03-0000-0000. */
function e164(tel: string): string | null {
  const digits = tel.replace(/\D/g, '');
  return digits ? `+81${digits.replace(/^0/, '')}` : null;
}

export function supplier(ctx: AppContext) {
  const { legal, publicUrl } = ctx.config;
  return {
    id: new URL(publicUrl).hostname,
    name: legal.companyName,
    endpoint: `${publicUrl}/octo`,
    contact: { website: publicUrl, email: null, telephone: e164(legal.tel), address: legal.address || null },
  };
}

export async function sellableOrUnknown(ctx: AppContext, productId: unknown): Promise<repo.SellableOption> {
  const option = typeof productId === 'string' ? await repo.findSellableOption(ctx.db, productId) : undefined;
  if (!option) throw OctoError.invalidProduct(productId);
  return option;
}

export function pricingFacts(caller: OctoCaller) {
  return caller.pricing ? { commissionBp: caller.reseller.commissionBp } : null;
}

export async function listProducts(ctx: AppContext, caller: OctoCaller) {
  const all = await repo.listSellableOptions(ctx.db);
  const today = isoToday(ctx);
  const opcds = all.map((o) => o.opcd);
  const lowest = caller.pricing ? await repo.lowestPrices(ctx.db, opcds, today) : null;
  const titleLangs = caller.content ? await repo.titleLangsOf(ctx.db, opcds, caller.content) : null;
  const times = await repo.startTimesOf(
    ctx.db,
    all.filter((o) => o.timed).map((o) => o.opcd),
    today,
  );
  return Promise.all(
    all.map((o) =>
      productWithContent(
        ctx,
        caller,
        productOf(
          o,
          caller.pricing ? { commissionBp: caller.reseller.commissionBp, from: lowest?.get(o.opcd) } : null,
          times.get(o.opcd),
        ),
        titleLangs?.get(o.opcd),
      ),
    ),
  );
}

/** The product with octo/content's texts when the caller asked for them (the catalog's cached detail). */
async function productWithContent(
  ctx: AppContext,
  caller: OctoCaller,
  product: ReturnType<typeof productOf>,
  titleLang: Lang | undefined,
) {
  if (!caller.content) return product;
  const core = await catalogService(ctx).optionCore(product.id, caller.content);
  if (!core) return product;
  return withContent(product, {
    lang: caller.content,
    detail: core.detail,
    publicUrl: ctx.config.publicUrl,
    titleLang: titleLang ?? caller.content,
  });
}

export async function getProduct(ctx: AppContext, caller: OctoCaller, productId: string) {
  const option = await sellableOrUnknown(ctx, productId);
  const today = isoToday(ctx);
  const lowest = caller.pricing ? await repo.lowestPrices(ctx.db, [option.opcd], today) : null;
  const times = option.timed ? await repo.startTimesOf(ctx.db, [option.opcd], today) : null;
  const titleLangs = caller.content ? await repo.titleLangsOf(ctx.db, [option.opcd], caller.content) : null;
  return productWithContent(
    ctx,
    caller,
    productOf(
      option,
      caller.pricing ? { commissionBp: caller.reseller.commissionBp, from: lowest?.get(option.opcd) } : null,
      times?.get(option.opcd),
    ),
    titleLangs?.get(option.opcd),
  );
}
