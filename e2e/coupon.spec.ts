import type { Page } from '@playwright/test';
import { COUPON_LOCK_MINUTES, COUPON_PIN_MAX_FAILURES } from '@tabi/contract/constants';
import { couponLocked, Msg } from '@tabi/contract/messages';
import { expectNoSeriousA11yIssues, shoot } from './support/checks.ts';
import { loginAs, ownBooking } from './support/customer.ts';
import { expect, test } from './support/test.ts';

function collectDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (d) => {
    messages.push(d.message());
    void d.accept();
  });
  return messages;
}

const card = (page: Page, opcd: string) => page.getByTestId(`coupon-${opcd}`);

test('my page links to the coupons, which list each option with what is left', async ({ page }) => {
  await loginAs(page, await ownBooking(page, 'AA100010'));
  await page.goto('/mypage');
  await page.getByRole('link', { name: 'クーポンを使う' }).click();
  await expect(page).toHaveURL(/\/coopon$/);
  await expect(page.getByRole('heading', { level: 1, name: 'クーポン一覧' })).toBeVisible();
  for (const opcd of ['OP0011', 'OP0012', 'OP0013']) await expect(card(page, opcd)).toBeVisible();

  const open = card(page, 'OP0011');
  await expect(open.getByText('残り枚数')).toBeVisible();
  await expect(open.getByTestId('used-stamp')).toHaveCount(0);
  await expect(open.getByRole('link', { name: Msg.detailLink })).toHaveAttribute('href', '/coopon/OP0011/PK0001');
  await expect(open.getByRole('link', { name: '使用する' })).toHaveAttribute(
    'href',
    '/coopon/OP0011/PK0001#use-coopon',
  );

  const usedUp = card(page, 'OP0013');
  await expect(usedUp.getByTestId('used-stamp')).toHaveText('使用済み');
  await expect(usedUp.getByTestId('remaining-adult')).toContainText('0');
  await expect(usedUp.getByRole('link', { name: '使用する' })).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'coupon-list');
});

// What a coupon page shows (its counts, the used-up stamp, the use form) and the bounce of another day's coupons
// are component tests (apps/web/src/features/coupon/components/coupon-views.dom.test.tsx); here, the journeys.

test('staff redeem a coupon with the PIN; wrong PINs alert and five of them lock coupon use', async ({ page }) => {
  const messages = collectDialogs(page);
  await loginAs(page, await ownBooking(page, 'AA100010'));
  // The list's 使用する link lands on the use form, scrolled into view.
  await page.goto('/coopon/OP0011/PK0001#use-coopon');
  const form = page.locator('#use-coopon');
  await expect(form).toBeInViewport();
  const adultLeft = Number((await page.getByTestId('remaining-adult').textContent())?.replace(/\D/g, ''));
  const adultUsed = Number((await page.getByTestId('used-adult').textContent())?.match(/^\d+/)?.[0]);
  expect(adultLeft).toBeGreaterThanOrEqual(1);

  await form.getByLabel('大人').selectOption('1');
  await form.getByLabel('小人').selectOption('0');
  await form.getByLabel('暗証番号').fill('1234');
  const use = page.waitForRequest((r) => r.url().endsWith('/api/coopon/use'));
  await form.getByRole('button', { name: '使用する' }).click();
  const sent = (await use).postDataJSON() as Record<string, string>;
  expect(sent).toMatchObject({ opcd: 'OP0011', pkcd: 'PK0001', adultqty: '1', childqty: '0', usekey: '1234' });
  expect(sent.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
  const done = page.getByRole('dialog', { name: Msg.couponUsed });
  await expect(done).toBeVisible();
  await expect(page.getByTestId('remaining-adult')).toContainText(`${adultLeft - 1}枚`);
  await expect(page.getByTestId('used-adult')).toContainText(`${adultUsed + 1}枚`);
  await done.getByRole('button', { name: Msg.close }).click();
  await expect(page).toHaveURL(/\/mypage$/);
  expect(messages).toEqual([]);

  await page.goto('/coopon/OP0011/PK0001');
  for (let i = 0; i < COUPON_PIN_MAX_FAILURES; i++) {
    await form.getByLabel('暗証番号').fill('0000');
    await form.getByRole('button', { name: '使用する' }).click();
    await expect.poll(() => messages.length).toBe(i + 1);
    await expect(form.getByLabel('暗証番号')).toHaveValue('');
  }
  expect(messages[0]).toBe(Msg.couponPinWrong);
  expect(messages.at(-1)).toContain(couponLocked(COUPON_LOCK_MINUTES));
  await form.getByLabel('暗証番号').fill('1234');
  await form.getByRole('button', { name: '使用する' }).click();
  await expect.poll(() => messages.length).toBe(COUPON_PIN_MAX_FAILURES + 1);
  expect(messages.at(-1)).toBe(couponLocked(COUPON_LOCK_MINUTES));
  await expect(page.getByTestId('remaining-adult')).toContainText(`${adultLeft - 1}枚`);
});
