/**
 * ICU MessageFormat (ADR 0205) as the pages, the server and the tests write it: FormatJS's `formatToParts`, the
 * function `IntlMessageFormat` formats with, over our own Intl formatters (ADR 0222).
 * - An Intl formatter is made when a message first needs one (a plural's `#`, a date), once per locale and options:
 *   `createIntl` and `new IntlMessageFormat` asked `Intl.NumberFormat.supportedLocalesOf` first, and the first such call
 *   in a page loads ICU's data (tens of milliseconds of the first script's task on a phone), for texts with a name in.
 * - Dates are read in one zone, skeletons (`{month, date, ::yyyyMMMM}`) included: `createIntl`'s `timeZone` reached
 *   named formats only, so a page in a browser west of UTC wrote a calendar day given as midnight UTC as the day before.
 * Messages come parsed from the build (the pages) or as their text, parsed here once each.
 */
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { type Formatters, formatToParts, IntlMessageFormat } from 'intl-messageformat';

export type MessageValues = Record<string, string | number | boolean | Date>;
export type FormatMessage = (key: string, values?: MessageValues) => string;

function memoized<T>(make: (locales?: string | string[], options?: object) => T) {
  const made = new Map<string, T>();
  return (locales?: string | string[], options?: object): T => {
    const key = JSON.stringify([locales, options]);
    let formatter = made.get(key);
    if (!formatter) {
      formatter = make(locales, options);
      made.set(key, formatter);
    }
    return formatter;
  };
}

const inZone = new Map<string, Formatters>();

function formattersIn(timeZone: string): Formatters {
  let formatters = inZone.get(timeZone);
  if (!formatters) {
    formatters = {
      getNumberFormat: memoized((locales, options) => new Intl.NumberFormat(locales, options)),
      getDateTimeFormat: memoized((locales, options) => new Intl.DateTimeFormat(locales, { ...options, timeZone })),
      getPluralRules: memoized((locales, options) => new Intl.PluralRules(locales, options)),
    };
    inZone.set(timeZone, formatters);
  }
  return formatters;
}

/**
 * A catalog's messages in an Intl locale, by key, with its dates read in `timeZone`. A missing key, a missing value
 * or a message that cannot be parsed or formatted goes to `onError` (which may throw), and the key is written instead. An empty
 * text is empty on purpose (a part of a sentence that a language does not need).
 */
export function messageFormatter(
  locale: string,
  messages: Record<string, unknown>,
  { timeZone, onError }: { timeZone: string; onError: (error: Error) => void },
): FormatMessage {
  const formatters = formattersIn(timeZone);
  const parsed = new Map<string, MessageFormatElement[]>();
  return (key, values) => {
    const message = Object.hasOwn(messages, key) ? messages[key] : undefined;
    if (message === undefined) {
      onError(new Error(`No message "${key}" in ${locale}`));
      return key;
    }
    try {
      let ast = parsed.get(key);
      if (!ast) {
        ast = typeof message === 'string' ? parse(message) : (message as MessageFormatElement[]);
        parsed.set(key, ast);
      }
      const [only] = ast;
      if (ast.length === 1 && only?.type === TYPE.literal) return only.value;
      return formatToParts(ast, locale, formatters, IntlMessageFormat.formats, values)
        .map((part) => String(part.value))
        .join('');
    } catch (error) {
      onError(error instanceof Error ? error : new Error(String(error)));
      return key;
    }
  };
}
