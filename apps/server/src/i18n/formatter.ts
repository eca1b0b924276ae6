/**
 * One language's catalog as a formatter (ADR 0205): the contract's `messageFormatter` with the language's `Intl`
 * locale, as the pages format theirs (ADR 0222). A missing key or value throws: the catalogs' check and the generated
 * parameter types stop those before they run. Dates are read in `timeZone`, UTC unless told.
 */
import { INTL_LOCALE, type Lang } from '@tabi/contract/i18n';
import { type FormatMessage, messageFormatter } from '@tabi/contract/message-format';

export type Format = FormatMessage;

export function formatterOf(lang: Lang, messages: Record<string, string>, timeZone = 'UTC'): Format {
  return messageFormatter(INTL_LOCALE[lang], messages, {
    timeZone,
    onError: (error) => {
      throw error;
    },
  });
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
