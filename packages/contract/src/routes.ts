/** SPEC §2's route table: path, name, title, description and flags, shared by the SPA and the server's HTML. */

import { DEFAULT_LANG, type Lang, pathWithoutLang } from './i18n.ts';

export const SITE_NAME = 'さくらトラベル オプション予約';

/** The site's name on each language's pages. */
/** The site's name on each language's pages: the logo's Latin letters wherever the page is not Japanese. */
/** The logo on each language's pages: the Japanese name, or the same in Latin letters. */
export const SITE_LOGOS: Record<Lang, string> = {
  ja: '/logo.svg',
  en: '/logo-en.svg',
  ko: '/logo-en.svg',
  'zh-Hant': '/logo-en.svg',
  'zh-Hans': '/logo-en.svg',
};

export const SITE_NAMES: Record<Lang, string> = {
  ja: SITE_NAME,
  en: 'Sakura Travel',
  ko: 'Sakura Travel',
  'zh-Hant': 'Sakura Travel',
  'zh-Hans': 'Sakura Travel',
};

export interface RouteMeta {
  path: string;
  name: string;
  title: string;
  description: string;
  /** Header and footer are shown (all routes but login). */
  layout: boolean;
  /** Runs the reservation in-progress check; other routes reset the reservation. */
  reservation: boolean;
  loginRequired: boolean;
}

export const ROUTES = {
  index: {
    path: '/',
    name: 'index',
    title: 'オプション一覧',
    description: '観光ツアー、体験、スキー・スノーボードレンタル、JRきっぷ、電子クーポンを探して予約できます。',
    layout: true,
    reservation: false,
    loginRequired: false,
  },
  detail: {
    path: '/detail',
    name: 'reservation-show',
    title: 'オプション詳細',
    description: 'オプションの内容、旅行代金、空き状況をご確認いただけます。',
    layout: true,
    reservation: false,
    loginRequired: false,
  },
  member: {
    path: '/reservation/member',
    name: 'reservation-member',
    title: 'お客様情報入力',
    description: 'お申込者と参加者の情報を入力してください。',
    layout: true,
    reservation: true,
    loginRequired: false,
  },
  rental: {
    path: '/reservation/rental',
    name: 'reservation-rental',
    title: 'レンタル情報入力',
    description: 'レンタル品のサイズを入力してください。',
    layout: true,
    reservation: true,
    loginRequired: false,
  },
  check: {
    path: '/reservation/check',
    name: 'reservation-check',
    title: '購入内容確認',
    description: 'ご予約内容をご確認ください。',
    layout: true,
    reservation: true,
    loginRequired: false,
  },
  complete: {
    path: '/reservation/complete',
    name: 'reservation-complete',
    title: '予約完了',
    description: 'ご予約の受付結果です。',
    layout: true,
    reservation: true,
    loginRequired: false,
  },
  login: {
    path: '/login',
    name: 'login',
    title: 'ログイン',
    description: '予約番号と電話番号でマイページにログインします。',
    layout: false,
    reservation: false,
    loginRequired: false,
  },
  mypage: {
    path: '/mypage',
    name: 'mypage',
    title: '予約確認',
    description: 'ご予約内容の確認、決済、キャンセルができます。',
    layout: true,
    reservation: false,
    loginRequired: true,
  },
  rentalEdit: {
    path: '/mypage/rental/edit',
    name: 'mypage-rental-edit',
    title: 'レンタル詳細・変更',
    description: 'レンタル品のサイズを変更できます。',
    layout: true,
    reservation: false,
    loginRequired: true,
  },
  coupons: {
    path: '/coopon',
    name: 'coopon',
    title: 'クーポン一覧',
    description: 'ご利用いただける電子クーポンの一覧です。',
    layout: true,
    reservation: false,
    loginRequired: true,
  },
  coupon: {
    path: '/coopon/:opcd/:pkcd',
    name: 'coopon-show',
    title: 'クーポン詳細',
    description: '電子クーポンの内容とご利用方法です。',
    layout: true,
    reservation: false,
    loginRequired: true,
  },
} as const satisfies Record<string, RouteMeta>;

export type RouteKey = keyof typeof ROUTES;

export interface RouteText {
  title: string;
  description: string;
}

export type RouteTexts = Record<RouteKey, RouteText>;

export function pageTitle(title: string, lang: Lang = DEFAULT_LANG): string {
  return `${title} | ${SITE_NAMES[lang]}`;
}

/** The route whose pattern matches a pathname in any language (":param" segments match one segment). */
export function matchRouteKey(pathname: string): RouteKey | undefined {
  const parts = pathWithoutLang(pathname).replace(/\/+$/, '').split('/');
  return (Object.keys(ROUTES) as RouteKey[]).find((key) => {
    const pattern = ROUTES[key].path.replace(/\/+$/, '').split('/');
    return pattern.length === parts.length && pattern.every((seg, i) => seg.startsWith(':') || seg === parts[i]);
  });
}

export function matchRoute(pathname: string): RouteMeta | undefined {
  const key = matchRouteKey(pathname);
  return key ? ROUTES[key] : undefined;
}
