/**
 * The words of the customer's mails (ADR 0205): one ICU catalog per language, `apps/server/src/messages/<lang>/mail.json`,
 * held to the Japanese key for key by the same check as the pages'. A booking gets its mails in the language it was
 * made in (`bookings.lang`); Japanese is DESIGN §7's.
 */
import { type Lang, normaliseLang } from '@tabi/contract/i18n';
import { formatterOf } from '../../i18n/formatter.ts';
import type { MessageParams } from '../../i18n/message-params.gen.ts';
import en from '../../messages/en/mail.json' with { type: 'json' };
import ja from '../../messages/ja/mail.json' with { type: 'json' };
import ko from '../../messages/ko/mail.json' with { type: 'json' };
import zhHans from '../../messages/zh-Hans/mail.json' with { type: 'json' };
import zhHant from '../../messages/zh-Hant/mail.json' with { type: 'json' };

type MailParams = MessageParams['mail'];

const CATALOGS: Record<Lang, Record<string, string>> = { ja, en, ko, 'zh-Hant': zhHant, 'zh-Hans': zhHans };

/** A mail's words in one language: a message by key with the values it names, and the language, for names. */
export interface MailText {
  <K extends keyof MailParams & string>(key: K, ...values: MailParams[K] extends null ? [] : [MailParams[K]]): string;
  lang: Lang;
}

const texts = new Map<Lang, MailText>();

/** The mail language of a booking: the one it was made in (`bookings.lang`), Japanese for anything else. */
export function mailLang(bookingLang: string | null | undefined): Lang {
  return normaliseLang(bookingLang);
}

/** The mails' words in a language. */
export function mailText(lang: Lang): MailText {
  let text = texts.get(lang);
  if (!text) {
    text = Object.assign(formatterOf(lang, CATALOGS[lang]), { lang }) as MailText;
    texts.set(lang, text);
  }
  return text;
}
