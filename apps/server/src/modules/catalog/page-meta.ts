import { langOfPath, pathWithoutLang } from '@tabi/contract/i18n';
import { GALLERY_IMAGE_SIZES } from '@tabi/contract/picture-sizes';
import type { AppContext } from '../../context.ts';
import { htmlText } from '../../http/safe-html.ts';
import type { PageMeta } from '../../http/spa.ts';
import { catalogService } from './service.ts';

const DESCRIPTION_MAX = 120;

/** Plain text of server HTML, whitespace collapsed, cut to `max` characters with an ellipsis. */
export function plainExcerpt(html: string, max = DESCRIPTION_MAX): string {
  const text = htmlText(html).replace(/\s+/g, ' ').trim();
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** Title and description of a public catalog page, for the HTML the server sends. */
export async function catalogPageMeta(
  ctx: AppContext,
  pathname: string,
  query: URLSearchParams,
): Promise<PageMeta | null> {
  if (pathWithoutLang(pathname) !== '/detail') return null;
  const opcd = query.get('opcd');
  if (!opcd || opcd.length > 20) return null;
  const core = await catalogService(ctx).optionCore(opcd, langOfPath(pathname));
  if (!core) return null;
  const first = core.detail.imageList[0];
  return {
    title: core.detail.webname,
    description: plainExcerpt(core.detail.introduction),
    image: first?.image,
    imageSrcset: first?.srcset,
    imageSizes: GALLERY_IMAGE_SIZES,
  };
}
