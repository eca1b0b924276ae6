import type { Page } from '@playwright/test';
import { Msg } from '@tabi/contract/messages';
import { expectNoSeriousA11yIssues, shoot } from './support/checks.ts';
import { DEMO_TEL } from './support/customer.ts';
import { expect, test } from './support/test.ts';

async function fillLogin(page: Page, rsvno: string, tel: string) {
  await page.getByLabel('予約番号').fill(rsvno);
  await page.getByLabel('電話番号').fill(tel);
}

test('the login form needs an 8-character booking number and a phone, and shows a failure in red', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('banner')).toHaveCount(0);
  const rsvno = page.getByLabel('予約番号');
  await expect(rsvno).toHaveAttribute('maxlength', '8');
  await expect(rsvno).toHaveAttribute('placeholder', 'XX000000');
  const button = page.getByRole('button', { name: 'ログイン' });
  await expect(button).toBeDisabled();
  await fillLogin(page, 'AA10000', DEMO_TEL);
  await expect(button).toBeDisabled();
  await rsvno.fill('AA100001');
  await page.getByLabel('電話番号').fill('');
  await expect(button).toBeDisabled();
  await page.getByLabel('電話番号').fill('03-0000-0000');
  await expect(button).toBeEnabled();
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'login');

  const csrf = page.waitForRequest((r) => r.url().endsWith('/sanctum/csrf-cookie'));
  await button.click();
  await csrf;
  const error = page.getByRole('alert');
  await expect(error).toHaveText(Msg.loginFailed);
  await expect(error).toHaveCSS('color', 'rgb(200, 30, 30)');
  await expect(page).toHaveURL(/\/login$/);
  await shoot(page, 'login-error');
});

test('login sends the customer back to the rental edit page that asked for it', async ({ page }) => {
  await page.goto('/mypage/rental/edit');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmypage%2Frental%2Fedit$/);
  await fillLogin(page, 'aa100009', DEMO_TEL);
  await expect(page.getByLabel('予約番号')).toHaveValue('AA100009');
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page).toHaveURL(/\/mypage\/rental\/edit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'レンタル詳細・変更' })).toBeVisible();
});

test('login returns to the coupons, a logged-in visitor skips /login, and logout goes to /login', async ({ page }) => {
  await page.goto('/coopon');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcoopon$/);
  await fillLogin(page, 'AA100010', DEMO_TEL);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page).toHaveURL(/\/coopon$/);
  await expect(page.getByRole('heading', { level: 1, name: 'クーポン一覧' })).toBeVisible();

  await page.goto('/login');
  await expect(page).toHaveURL(/\/mypage$/);
  const session: string = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').state.sessionId);
  const ended = page.waitForResponse((r) => r.url().endsWith('/api/mylogout'));
  await page.getByRole('button', { name: 'ログアウト' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await (await ended).json()).toMatchObject({ errcd: '000' });
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').state);
  expect(stored).toEqual({ isLogin: false, sessionId: null, rsvno: null });
  // The session ended on the server too: the old token no longer opens the coupons.
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const replay = await page.request.post('/api/coopon', {
    data: { session },
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
  });
  expect(await replay.json()).toMatchObject({ errcd: '001' });
  await page.goto('/mypage');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmypage$/);
});

test('a redirect to another site is ignored', async ({ page }) => {
  await page.goto('/login?redirect=%2F%2Fevil.example%2F');
  await fillLogin(page, 'AA100005', DEMO_TEL);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/mypage$/);
});
