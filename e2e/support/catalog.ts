import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { addMonths, tokyoYmd } from '@tabi/contract/dates';
import { IntlMessageFormat } from 'intl-messageformat';

const MESSAGES = path.join(import.meta.dirname, '../../apps/web/src/messages');

type Catalog = Record<string, Record<string, string>>;

function catalogOf(lang: string): Catalog {
  const dir = path.join(MESSAGES, lang);
  return Object.fromEntries(
    readdirSync(dir).map((file) => [
      file.replace(/\.json$/, ''),
      JSON.parse(readFileSync(path.join(dir, file), 'utf8')),
    ]),
  );
}

/**
 * A page's words in `lang`, named by their English (`words('ko')('Log in')` → 「로그인」): the same key of the pages'
 * catalogs, so a spec walks a page in any language as it does in English.
 */
export function wordsIn(
  lang: string,
): (english: string, options?: { area?: string; values?: Record<string, string | number> }) => string {
  const english = catalogOf('en');
  const target = catalogOf(lang);
  return (text, { area: only, values } = {}) => {
    const found = Object.entries(english)
      .filter(([area]) => !only || area === only)
      .flatMap(([area, messages]) =>
        Object.entries(messages)
          .filter(([, message]) => message === text)
          .map(([key]): [string, string] => [area, key]),
      )[0];
    if (!found) throw new Error(`no English text "${text}" in the catalogs${only ? ` (${only})` : ''}`);
    const [area, key] = found;
    const message = target[area]?.[key];
    if (message === undefined) throw new Error(`${lang} has no ${area}.${key}`);
    return String(new IntlMessageFormat(message, lang).format(values));
  };
}

/**
 * A message of the contract's catalogs (packages/contract/messages: the API's and the shared rules') in a language, as
 * the server and the pages write it.
 */
export function apiText(lang: string, key: string, values?: Record<string, string | number>): string {
  const read = (file: string) =>
    JSON.parse(readFileSync(path.join(import.meta.dirname, '../../packages/contract/messages', lang, file), 'utf8'));
  const messages = { ...read('api.json'), ...read('rules.json') } as Record<string, string>;
  return String(new IntlMessageFormat(messages[key] ?? key, lang).format(values));
}

/** The sandbox card page's words in a language (apps/server/src/messages/<lang>/sandbox.json). */
export function sandboxWords(lang: string): (key: string, values?: Record<string, string>) => string {
  const file = path.join(import.meta.dirname, '../../apps/server/src/messages', lang, 'sandbox.json');
  const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return (key, values) => String(new IntlMessageFormat(messages[key] ?? key, lang).format(values));
}

/**
 * Next month in Tokyo as YYYYMM: any day of it is far enough ahead to be cancelled on my page (never on its own day),
 * at any hour of the run; the month in UTC lags Tokyo's for nine hours at each month's turn.
 */
export function nextMonthInTokyo(): string {
  return addMonths(tokyoYmd(new Date()), 1).slice(0, 6);
}

/** Seats left of an option on a day, as its detail's calendar answers them (0 on a day it does not sell). */
export async function seatsLeft(request: APIRequestContext, opcd: string, usedate: string): Promise<number> {
  const answer = await request.get(`/api/option/${opcd}?usedate=${usedate}`);
  expect(answer.ok(), `${opcd} on ${usedate}`).toBe(true);
  const { response } = (await answer.json()) as { response: { valueList: Record<string, { zaikozan: string }> } };
  return Number(response.valueList[usedate]?.zaikozan ?? 0);
}
