import { CONSOLE } from '@tabi/contract/console-endpoints';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { adminCall } from './admin-api.ts';

/** 商品一覧: every option, drafts included (admin only). */
export const catalogListKey = ['admin', 'catalog'] as const;
/** The 商品 choices of 予約一覧 and 参加者名簿: every option's code and name. */
export const optionChoicesKey = ['admin', 'options'] as const;

/**
 * The 商品 choices of 予約一覧 and 参加者名簿. Read again whenever a screen that shows them opens (a colleague may have
 * added or renamed an option since), and at once after a catalog change made here (`catalogChanged`).
 */
export function useOptionChoices() {
  return useQuery({ queryKey: optionChoicesKey, queryFn: () => adminCall(CONSOLE['GET /options']) });
}

/**
 * After every change of the catalog (create, edit, publish, unpublish): the option list and every screen's 商品
 * choices load again, so a new or renamed option is offered without a reload.
 */
export async function catalogChanged(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: catalogListKey, exact: true }),
    client.invalidateQueries({ queryKey: optionChoicesKey, exact: true }),
  ]);
}
