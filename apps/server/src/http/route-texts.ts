/**
 * Each page's title and description in each language, for the HTML the server sends: the pages' own catalogs
 * (ADR 0205), so that what the server writes in <head> is what the page writes when it navigates.
 */

import { INTL_LOCALE, LANGS, type Lang } from '@tabi/contract/i18n';
import type { RouteKey, RouteText } from '@tabi/contract/routes';
import { IntlMessageFormat } from 'intl-messageformat';
import en from '../../../web/src/messages/en/common.json' with { type: 'json' };
import ja from '../../../web/src/messages/ja/common.json' with { type: 'json' };
import ko from '../../../web/src/messages/ko/common.json' with { type: 'json' };
import zhHans from '../../../web/src/messages/zh-Hans/common.json' with { type: 'json' };
import zhHant from '../../../web/src/messages/zh-Hant/common.json' with { type: 'json' };

const COMMON: Record<Lang, Record<string, string>> = { ja, en, ko, 'zh-Hant': zhHant, 'zh-Hans': zhHans };

const texts = new Map<string, string>();
for (const lang of LANGS) {
  for (const [key, message] of Object.entries(COMMON[lang])) {
    if (!key.startsWith('routes.')) continue;
    texts.set(`${lang} ${key}`, String(new IntlMessageFormat(message, INTL_LOCALE[lang]).format()));
  }
}

/** A route's title and description in a language. */
export function routeText(key: RouteKey, lang: Lang): RouteText {
  return {
    title: texts.get(`${lang} routes.${key}.title`) ?? '',
    description: texts.get(`${lang} routes.${key}.description`) ?? '',
  };
}
