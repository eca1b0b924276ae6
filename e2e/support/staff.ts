/** The staff console as the demo staff use it: sign-in with TOTP, the menu, screenshots at console sizes. */
import type { Page } from '@playwright/test';
import { E2E_ADMINS } from '../../apps/server/src/quality/e2e-admins.ts';
import { expect } from './test.ts';
import { freshTotpCode, lastUsedStep } from './totp.ts';

// apps/server/src/seed/staff.ts
export const ADMIN = {
  mail: 'admin@example.co.jp',
  password: 'sakura-admin-demo',
  totp: 'VS6HYZNDX7NQO4Y47DYVUQH6DFTFKHBL',
};
export const OPERATOR = { mail: 'operator@example.co.jp', password: 'sakura-operator-demo' };

/**
 * The admin of the e2e database whose TOTP code was used longest ago (apps/server/src/quality/e2e-admins.ts): with
 * six of them, its code of this 30-second step is unused, so signing in does not wait for the next step.
 */
export function anAdmin(): (typeof E2E_ADMINS)[number] {
  return E2E_ADMINS.reduce((oldest, a) => (lastUsedStep(a.totp) < lastUsedStep(oldest.totp) ? a : oldest));
}

export async function signIn(page: Page, who: { mail: string; password: string; totp?: string }): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('メールアドレス').fill(who.mail);
  await page.getByLabel('パスワード').fill(who.password);
  await page.getByRole('button', { name: 'サインイン' }).click();
  if (who.totp) {
    await page.getByLabel('確認コード（6桁）').fill(await freshTotpCode(who.totp));
    await page.getByRole('button', { name: '確認する' }).click();
  }
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
