/**
 * The contract's messages written in a language (ADR 0206): every language's catalog of what the API says,
 * formatted by FormatJS with each language's `Intl` locale.
 */
import type { Lang } from '@tabi/contract/i18n';
import en from '@tabi/contract/messages/en/api.json' with { type: 'json' };
import enRules from '@tabi/contract/messages/en/rules.json' with { type: 'json' };
import ja from '@tabi/contract/messages/ja/api.json' with { type: 'json' };
import jaRules from '@tabi/contract/messages/ja/rules.json' with { type: 'json' };
import ko from '@tabi/contract/messages/ko/api.json' with { type: 'json' };
import koRules from '@tabi/contract/messages/ko/rules.json' with { type: 'json' };
import zhHans from '@tabi/contract/messages/zh-Hans/api.json' with { type: 'json' };
import zhHansRules from '@tabi/contract/messages/zh-Hans/rules.json' with { type: 'json' };
import zhHant from '@tabi/contract/messages/zh-Hant/api.json' with { type: 'json' };
import zhHantRules from '@tabi/contract/messages/zh-Hant/rules.json' with { type: 'json' };
import { writeSaid } from '@tabi/contract/said';
import { formattersOf } from './formatter.ts';

// The API's own messages and the shared rules', one key naming one message across both (the catalog check).
const CATALOGS: Record<Lang, Record<string, string>> = {
  ja: { ...ja, ...jaRules },
  en: { ...en, ...enRules },
  ko: { ...ko, ...koRules },
  'zh-Hant': { ...zhHant, ...zhHantRules },
  'zh-Hans': { ...zhHans, ...zhHansRules },
};

const formatIn = formattersOf(CATALOGS, 'Asia/Tokyo');

/** A text in a language: a message of the contract written from its catalog, any other text as it is. */
export function textIn(lang: Lang, text: string): string {
  return writeSaid(text, (key, values) => formatIn(lang)(key, values));
}
