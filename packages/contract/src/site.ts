import { inLang, type Translations } from './content.ts';
import type { Lang } from './i18n.ts';

/** The legal data a visitor reads, which the English pages show in English where it is configured. */
export const SITE_LEGAL_TEXTS = ['companyName', 'registration', 'address'] as const;
export type SiteLegalText = (typeof SITE_LEGAL_TEXTS)[number];

/** The operator's legal data for the footer, from the server's configuration. */
export interface SiteLegal {
  companyName: string;
  /** e.g. 観光庁長官登録旅行業第0000号 */
  registration: string;
  address: string;
  tel: string;
  /** 適格請求書発行事業者の登録番号: T and 13 digits, printed on receipts. */
  invoiceNumber: string;
  /** True while any of them is the demo's value: the footer marks them as examples. */
  example: boolean;
  /** The same in the other languages (COMPANY_NAME_EN…); an empty or missing one shows the Japanese. */
  translations: Translations<SiteLegalText>;
}

/** The legal data as a page in `lang` shows it. */
export function legalIn(legal: SiteLegal, lang: Lang): SiteLegal {
  return inLang(legal, legal.translations, lang, SITE_LEGAL_TEXTS);
}

export const DEMO_SITE_LEGAL: SiteLegal = {
  companyName: 'さくらトラベル株式会社',
  registration: '観光庁長官登録旅行業第0000号',
  address: '〒100-0005 東京都千代田区丸の内1-1-1 さくらビル8階',
  tel: '03-0000-0000',
  invoiceNumber: 'T1234567890123',
  example: true,
  translations: {
    en: {
      companyName: 'Sakura Travel Co., Ltd.',
      registration: 'Travel agency registered with the Commissioner of the Japan Tourism Agency, No. 0000',
      address: 'Sakura Building 8F, 1-1-1 Marunouchi, Chiyoda-ku, Tokyo 100-0005, Japan',
    },
  },
};

/** The id of the JSON script element the server writes into every page. */
export const SITE_LEGAL_ELEMENT_ID = 'site-legal';

/** The form of an invoice registration number (適格請求書発行事業者登録番号). */
export const INVOICE_NUMBER_PATTERN = /^T\d{13}$/;
