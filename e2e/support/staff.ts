/** The staff console as the demo staff use it: signed in, the menu, screenshots at console sizes. */
import type { Page } from '@playwright/test';
import { xsrfToken } from './customer.ts';
import { expect } from './test.ts';

// apps/server/src/seed/staff.ts
export const ADMIN = {
  mail: 'admin@example.co.jp',
  password: 'sakura-admin-demo',
  totp: 'VS6HYZNDX7NQO4Y47DYVUQH6DFTFKHBL',
};
export const OPERATOR = { mail: 'operator@example.co.jp', password: 'sakura-operator-demo' };

/**
 * Signed in as this staff member without the sign-in form (the specs of signing in use it: admin.spec.ts, login):
 * the e2e server's test-only route opens a session and sets the staff cookie (ADR 0199); the console opens on its
 * dashboard.
 */
export async function asStaff(page: Page, who: { mail: string }): Promise<void> {
  const res = await page.request.post('/api/_test/staff-session', {
    data: { mail: who.mail },
    headers: { 'x-xsrf-token': await xsrfToken(page) },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeVisible();
}

export const menu = (page: Page) => page.getByRole('navigation', { name: '管理メニュー' });

/** A Tokyo calendar day `daysAhead` from today as YYYY-MM-DD. */
export const tokyoIso = (daysAhead: number) =>
  new Date(Date.now() + 9 * 3_600_000 + daysAhead * 86_400_000).toISOString().slice(0, 10);

/** Full-page screenshots at the console's sizes (1280×800 and 1024×768) into SHOTS_DIR, when it is set. */
export async function shootConsole(page: Page, name: string): Promise<void> {
  const shots = process.env.SHOTS_DIR;
  if (!shots) return;
  for (const [width, height] of [
    [1280, 800],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * Opens days 3 to 40 from today for sale on the option's 在庫・料金カレンダー (reached from 商品編集) with these
 * seats and prices, and waits for the console to say so.
 */
export async function openDates(
  page: Page,
  opcd: string,
  stock: { seats: number; adult: number; child: number },
): Promise<void> {
  await page.getByRole('link', { name: '在庫・料金カレンダー' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `在庫・料金カレンダー ${opcd}` })).toBeVisible();
  await expect(page.getByRole('table', { name: '日ごとの残席・予約・料金' })).toBeVisible();
  await page.getByLabel('開始日').fill(tokyoIso(3));
  await page.getByLabel('終了日').fill(tokyoIso(40));
  await page.getByRole('textbox', { name: '席数' }).fill(String(stock.seats));
  // Prices are changed only when asked; an empty one is refused, never read as 0円.
  await page.getByLabel('料金も設定する').check();
  await page.getByLabel('大人料金（円）').fill(String(stock.adult));
  await page.getByLabel('幼児料金（円）').fill('０');
  // A new option sells adults, children and infants: no 中人 price is asked, a missing 小人 one is.
  await expect(page.getByLabel('中人料金（円）')).toHaveCount(0);
  await page.getByRole('button', { name: '内容を確認する' }).click();
  await expect(page.getByLabel('小人料金（円）')).toHaveAccessibleDescription('小人料金を入力してください。');
  await expect(page.getByLabel('小人料金（円）')).toBeFocused();
  await page.getByLabel('小人料金（円）').fill(String(stock.child));
  await page.getByRole('button', { name: '内容を確認する' }).click();
  // The confirmation says what will change before anything is sent.
  const dialog = page.getByRole('dialog', { name: '在庫・料金をまとめて変更' });
  await expect(dialog.getByText('38日（販売期間内の日）')).toBeVisible();
  await expect(dialog.getByText(`席数を${stock.seats}席に設定`)).toBeVisible();
  await dialog.getByRole('button', { name: '変更する' }).click();
  await expect(page.getByText('38日分を変更しました。')).toBeVisible();
  await expect(dialog).toBeHidden();
}
