/**
 * The purchase flow as a visitor goes through it (detail → party → applicant and participants → check → the
 * sandbox card page), shared by the purchase specs and the console specs that buy what staff put on sale.
 */
import type { Locator, Page } from '@playwright/test';
import { Msg } from '@tabi/contract/messages';
import { sandboxWords } from './catalog.ts';
import { expect } from './test.ts';

export const PHONE = '090-1234-5678';

export interface PersonData {
  last: string;
  first: string;
  birthday: string;
  sex: '男性' | '女性';
  nationality?: string;
  passport?: string;
}

export const TARO: PersonData = {
  last: 'YAMADA',
  first: 'TARO',
  birthday: '1985/04/12',
  sex: '男性',
  nationality: '日本',
};
export const HANAKO: PersonData = {
  last: 'YAMADA',
  first: 'HANAKO',
  birthday: '1987/09/30',
  sex: '女性',
  nationality: '日本',
};

export async function storedReservation(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('reservation') ?? 'null')?.state);
}

/** Starts the flow through the real detail page: first bookable day, then the party. */
export async function startFromDetail(
  page: Page,
  opcd: string,
  party: Partial<Record<'大人' | '中人' | '小人' | '幼児', number>>,
  md = '',
  navigate = true,
): Promise<string> {
  if (navigate) await page.goto(`/detail?opcd=${opcd}${md ? `&md=${md}` : ''}`);
  const calendar = page.getByTestId('availability-calendar');
  const open = calendar.locator('td[data-day] button:not([disabled])');
  await expect(calendar.getByRole('grid')).toBeVisible();
  // At a month's end the sales cutoff may close the month's last days: the next month then has the first open day.
  if ((await open.count()) === 0) await calendar.getByRole('button', { name: '次の月' }).click();
  await open.first().click();
  const dialog = page.getByRole('dialog', { name: 'ご利用人数の選択' });
  await expect(dialog.getByTestId('price-adult')).toHaveText(/^￥[\d,]+$/);
  // Lower classes first so the adult drop-down keeps room for them.
  for (const [label, count] of Object.entries(party).reverse()) {
    await dialog.getByLabel(label, { exact: true }).selectOption(String(count));
  }
  await dialog.getByRole('button', { name: '申込者情報の入力へ' }).click();
  await expect(page).toHaveURL(/\/reservation\/member$/);
  await expect(page.getByRole('heading', { level: 1, name: 'お客様情報入力' })).toBeVisible();
  return (await storedReservation(page)).usedate as string;
}

export function section(page: Page, title: string | RegExp): Locator {
  return page.getByRole('region', { name: title });
}

export function leaderSection(page: Page): Locator {
  return section(page, Msg.leader);
}

export function memberSection(page: Page, n: number): Locator {
  return section(page, new RegExp(`^参加者${n}`));
}

export async function fillPerson(scope: Locator, person: PersonData): Promise<void> {
  await scope.getByRole('textbox', { name: '姓', exact: true }).fill(person.last);
  await scope.getByRole('textbox', { name: '名', exact: true }).fill(person.first);
  await scope.getByRole('textbox', { name: '生年月日', exact: true }).fill(person.birthday);
  await scope.getByRole('radio', { name: person.sex }).check();
  await scope
    .getByRole('combobox', { name: '国籍', exact: true })
    .selectOption({ label: person.nationality ?? '日本' });
  if (person.passport) await scope.getByRole('textbox', { name: 'パスポート番号', exact: true }).fill(person.passport);
}

export async function fillLeader(
  page: Page,
  person: PersonData = TARO,
  email = 'taro.yamada@example.com',
): Promise<void> {
  const leader = leaderSection(page);
  await fillPerson(leader, person);
  await leader.getByRole('textbox', { name: '電話番号', exact: true }).fill(PHONE);
  await leader.getByRole('textbox', { name: 'メールアドレス', exact: true }).fill(email);
}

export async function agreeToConsent(page: Page): Promise<void> {
  await page.getByRole('button', { name: '同意書を確認する' }).click();
  const modal = page.getByRole('dialog', { name: '同意書の確認' });
  await expect(modal).toBeVisible();
  await modal.getByRole('checkbox', { name: /電子的方法で受け取る/ }).check();
  await modal.getByRole('checkbox', { name: /個人情報の取扱い/ }).check();
  await modal.getByRole('button', { name: '同意して戻る' }).click();
  await expect(modal).toBeHidden();
}

/** The consent dialog of the English check page: both boxes ticked, back to the page. */
export async function agreeToConsentInEnglish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Read the documents' }).click();
  const consent = page.getByRole('dialog', { name: 'Consent documents' });
  await consent.getByRole('checkbox', { name: /receive the travel conditions/ }).check();
  await consent.getByRole('checkbox', { name: /handling of my personal information/ }).check();
  await consent.getByRole('button', { name: 'Agree and go back' }).click();
}

/** The lead traveller on the English member page, travelling too (Same as the lead traveller). */
export async function fillLeaderInEnglish(
  page: Page,
  who: {
    last: string;
    first: string;
    birthday: string;
    sex: 'Male' | 'Female';
    nationality: string;
    tel: string;
    mail: string;
  },
): Promise<void> {
  const leader = page.getByRole('region', { name: 'Lead traveller' });
  await leader.getByRole('textbox', { name: 'Family name', exact: true }).fill(who.last);
  await leader.getByRole('textbox', { name: 'Given name', exact: true }).fill(who.first);
  await leader.getByRole('textbox', { name: 'Date of birth', exact: true }).fill(who.birthday);
  await leader.getByRole('radio', { name: who.sex, exact: true }).check();
  await leader.getByRole('combobox', { name: 'Nationality', exact: true }).selectOption({ label: who.nationality });
  await leader.getByRole('textbox', { name: 'Phone number', exact: true }).fill(who.tel);
  await leader.getByRole('textbox', { name: 'Email address', exact: true }).fill(who.mail);
  await page
    .getByRole('region', { name: /^Traveller 1/ })
    .getByRole('checkbox', { name: 'Same as the lead traveller' })
    .check();
}

/** The sandbox card page's words: it speaks the language of the page the customer pays from. */
export async function payOnSandbox(page: Page, card: string, lang = 'ja'): Promise<void> {
  const words = sandboxWords(lang);
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await page.getByLabel(words('cardNumber')).fill(card);
  await page.getByLabel(words('expiry')).fill('12/34');
  await page.getByLabel(words('cvc')).fill('123');
  const [before, after] = words('pay', { amount: '\u0000' }).split('\u0000');
  const literal = (text = '') => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.getByRole('button', { name: new RegExp(`^${literal(before)}.+${literal(after)}$`) }).click();
}
