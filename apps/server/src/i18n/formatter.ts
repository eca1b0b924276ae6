/**
 * One language's catalog as a formatter (ADR 0205): FormatJS with the language's `Intl` locale, every catalog of the
 * server sharing one cache of compiled messages. A missing key or value throws: the catalogs' check and the
 * generated parameter types stop those before they run.
 */
import { createIntl, createIntlCache } from '@formatjs/intl';
import { INTL_LOCALE, type Lang } from '@tabi/contract/i18n';

export type Format = (key: string, values?: Record<string, string | number>) => string;

const cache = createIntlCache();

export function formatterOf(lang: Lang, messages: Record<string, string>, timeZone?: string): Format {
  const intl = createIntl(
    {
      locale: INTL_LOCALE[lang],
      messages,
      ...(timeZone ? { timeZone } : {}),
      fallbackOnEmptyString: false,
      onError: (error) => {
        throw error;
      },
    },
    cache,
  );
  return (key, values) => intl.formatMessage({ id: key }, values);
}

/** A formatter per language, made the first time a language is asked for. */
export function formattersOf(
  catalogs: Record<Lang, Record<string, string>>,
  timeZone?: string,
): (lang: Lang) => Format {
  const made = new Map<Lang, Format>();
  return (lang) => {
    let format = made.get(lang);
    if (!format) {
      format = formatterOf(lang, catalogs[lang], timeZone);
      made.set(lang, format);
    }
    return format;
  };
}
