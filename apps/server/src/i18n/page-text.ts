/**
 * The pages' own catalogs (ADR 0205) where the server writes what a page says: each page's title and description in
 * the HTML it sends, and the cancellation policy in the mails, as the pages word them.
 */
import type { Lang } from '@tabi/contract/i18n';
import type { RouteKey, RouteText } from '@tabi/contract/routes';
import enCommon from '../../../web/src/messages/en/common.json' with { type: 'json' };
import enShared from '../../../web/src/messages/en/shared.json' with { type: 'json' };
import jaCommon from '../../../web/src/messages/ja/common.json' with { type: 'json' };
import jaShared from '../../../web/src/messages/ja/shared.json' with { type: 'json' };
import koCommon from '../../../web/src/messages/ko/common.json' with { type: 'json' };
import koShared from '../../../web/src/messages/ko/shared.json' with { type: 'json' };
import zhHansCommon from '../../../web/src/messages/zh-Hans/common.json' with { type: 'json' };
import zhHansShared from '../../../web/src/messages/zh-Hans/shared.json' with { type: 'json' };
import zhHantCommon from '../../../web/src/messages/zh-Hant/common.json' with { type: 'json' };
import zhHantShared from '../../../web/src/messages/zh-Hant/shared.json' with { type: 'json' };
import { formattersOf } from './formatter.ts';

const CATALOGS: Record<Lang, Record<string, string>> = {
  ja: { ...jaCommon, ...jaShared },
  en: { ...enCommon, ...enShared },
  ko: { ...koCommon, ...koShared },
  'zh-Hant': { ...zhHantCommon, ...zhHantShared },
  'zh-Hans': { ...zhHansCommon, ...zhHansShared },
};

const formatIn = formattersOf(CATALOGS);

/** A text of the pages' `common` or `shared` catalog in a language. */
export function pageText(lang: Lang, key: string, values?: Record<string, string | number>): string {
  return formatIn(lang)(key, values);
}

/** A route's title and description in a language. */
export function routeText(key: RouteKey, lang: Lang): RouteText {
  return { title: pageText(lang, `routes.${key}.title`), description: pageText(lang, `routes.${key}.description`) };
}
