/**
 * The words of the customer's mails (ADR 0205): one ICU catalog per language, `apps/server/src/messages/<lang>/mail.json`,
 * held to the Japanese key for key by the same check as the pages'. A booking gets its mails in the language it was
 * made in (`bookings.lang`); Japanese is DESIGN §7's.
 */
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { INTL_LOCALE, type Lang, normaliseLang, type WrittenLang, writtenLang } from '@tabi/contract/i18n';
import type { MessageParams } from '../../i18n/message-params.gen.ts';
import en from '../../messages/en/mail.json' with { type: 'json' };
import ja from '../../messages/ja/mail.json' with { type: 'json' };

type MailParams = MessageParams['mail'];

const CATALOGS: Record<WrittenLang, Record<string, string>> = { ja, en };

/** A mail's words in one language: a message by key with the values it names, and the language, for names. */
export interface MailText {
  <K extends keyof MailParams & string>(key: K, ...values: MailParams[K] extends null ? [] : [MailParams[K]]): string;
  lang: Lang;
}

const cache = createIntlCache();
const texts = new Map<Lang, MailText>();

/** The mail language of a booking: the one it was made in (`bookings.lang`), Japanese for anything else. */
export function mailLang(bookingLang: string | null | undefined): Lang {
  return normaliseLang(bookingLang);
}

/** The mails' words in a language: Japanese and English so far, English for the others. */
export function mailText(lang: Lang): MailText {
  let text = texts.get(lang);
  if (!text) {
    const written = writtenLang(lang);
    const intl: IntlShape = createIntl(
      {
        locale: INTL_LOCALE[written],
        messages: CATALOGS[written],
        fallbackOnEmptyString: false,
        onError: (error) => {
          throw error;
        },
      },
      cache,
    );
    const format = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
    text = Object.assign(format, { lang: written }) as MailText;
    texts.set(lang, text);
  }
  return text;
}
