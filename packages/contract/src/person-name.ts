/**
 * A person's name as the customer's pages and mails show it: one rule for the applicant and every participant, so
 * that the same person never reads as "JOHN SMITH" in one place and "SMITH JOHN" in another.
 */
import { isJapaneseText } from './content.ts';
import type { Lang } from './i18n.ts';

/**
 * Japanese, Korean and Chinese pages: the family name first (姓 名, 성 이름, 姓 名), as those languages write names.
 * English pages: the given name, then the family name (JOHN SMITH, TARO YAMADA). A name written in Japanese script
 * keeps 姓 名 on every page: it is Japanese text there (marked lang="ja"), and 亮 小林 would misspell it. Either part
 * may be empty.
 */
const GIVEN_NAME_FIRST: Record<Lang, boolean> = { ja: false, en: true, ko: false, 'zh-Hant': false, 'zh-Hans': false };

export function displayName(sei: string, mei: string, lang: Lang): string {
  const givenFirst = GIVEN_NAME_FIRST[lang] && !isJapaneseText(`${sei}${mei}`);
  const parts = givenFirst ? [mei, sei] : [sei, mei];
  return parts
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
}
