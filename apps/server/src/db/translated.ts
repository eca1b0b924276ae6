/**
 * A catalog text in a language, read in SQL (ADR 0177): the row's translation where one is written and
 * not empty, its Japanese column otherwise. Japanese reads the column alone, so SPEC's answers cost what they did.
 */
import { DEFAULT_LANG, type Lang } from '@tabi/contract/i18n';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

export function translatedText(
  column: AnyColumn | SQL,
  translations: AnyColumn | SQL,
  field: string,
  lang: Lang,
): SQL<string> {
  if (lang === DEFAULT_LANG) return sql<string>`${column}`;
  return sql<string>`coalesce(nullif(${translations} -> ${lang}::text ->> ${field}::text, ''), ${column})`;
}
