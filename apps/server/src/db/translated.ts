/**
 * A catalog text in a language, read in SQL (ADR 0177): the row's translation where one is written and
 * not empty, else its English, else its Japanese column. Japanese reads the column alone, so SPEC's answers cost what they did.
 */
import { FALLBACK_LANG } from '@tabi/contract/content';
import { DEFAULT_LANG, type Lang } from '@tabi/contract/i18n';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

export function translatedText(
  column: AnyColumn | SQL,
  translations: AnyColumn | SQL,
  field: string,
  lang: Lang,
): SQL<string> {
  if (lang === DEFAULT_LANG) return sql<string>`${column}`;
  const inLang = sql`nullif(${translations} -> ${lang}::text ->> ${field}::text, '')`;
  if (lang === FALLBACK_LANG) return sql<string>`coalesce(${inLang}, ${column})`;
  const inEnglish = sql`nullif(${translations} -> ${FALLBACK_LANG}::text ->> ${field}::text, '')`;
  return sql<string>`coalesce(${inLang}, ${inEnglish}, ${column})`;
}
