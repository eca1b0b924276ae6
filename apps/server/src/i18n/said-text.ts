/**
 * The contract's messages written in a language (ADR 0206): every language's catalog of what the API says,
 * formatted by FormatJS with each language's `Intl` locale.
 */
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { INTL_LOCALE, type Lang } from '@tabi/contract/i18n';
import en from '@tabi/contract/messages/en/api.json' with { type: 'json' };
import ja from '@tabi/contract/messages/ja/api.json' with { type: 'json' };
import ko from '@tabi/contract/messages/ko/api.json' with { type: 'json' };
import zhHans from '@tabi/contract/messages/zh-Hans/api.json' with { type: 'json' };
import zhHant from '@tabi/contract/messages/zh-Hant/api.json' with { type: 'json' };
import { writeSaid } from '@tabi/contract/said';

const CATALOGS: Record<Lang, Record<string, string>> = { ja, en, ko, 'zh-Hant': zhHant, 'zh-Hans': zhHans };

const cache = createIntlCache();
const intls = new Map<Lang, IntlShape>();

function intlFor(lang: Lang): IntlShape {
  let intl = intls.get(lang);
  if (!intl) {
    intl = createIntl(
      {
        locale: INTL_LOCALE[lang],
        timeZone: 'Asia/Tokyo',
        messages: CATALOGS[lang],
        fallbackOnEmptyString: false,
        onError: (error) => {
          throw error;
        },
      },
      cache,
    );
    intls.set(lang, intl);
  }
  return intl;
}

/** A text in a language: a message of the contract written from its catalog, any other text as it is. */
export function textIn(lang: Lang, text: string): string {
  return writeSaid(text, (key, values) => intlFor(lang).formatMessage({ id: key }, values));
}
