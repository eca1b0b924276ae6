import type { AppContext } from '../../context.ts';
import type { PageMeta } from '../../http/spa.ts';

/** Title and description of a public catalog page, for the HTML the server sends. */
export async function catalogPageMeta(
  _ctx: AppContext,
  _pathname: string,
  _query: URLSearchParams,
): Promise<PageMeta | null> {
  return null;
}
