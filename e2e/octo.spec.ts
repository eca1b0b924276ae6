/**
 * A reseller's booking end to end: an admin connects a reseller, the reseller books tomorrow through
 * /octo (reserve, then confirm with one traveller named and one not), and the booking shows in 予約一覧 with its
 * channel, in 予約詳細, in tomorrow's 参加者名簿 (the unnamed traveller as 未登録) and in the month's 売上レポート.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { shoot } from './support/checks.ts';
import { xsrfToken } from './support/customer.ts';
import { ADMIN, asStaff, menu, tokyoIso } from './support/staff.ts';
import { expect, test } from './support/test.ts';

const NAME = `OCTO Travel ${Date.now() % 100_000}`;

async function consolePost<T>(page: Page, url: string, data: unknown): Promise<T> {
  const res = await page.request.post(url, { data, headers: { 'x-xsrf-token': await xsrfToken(page) } });
  const body = (await res.json()) as { errcd: string; errMsg: string; response: T };
  expect(body.errcd, `${url}: ${body.errMsg}`).toBe('000');
  return body.response;
}

function octo(request: APIRequestContext, key: string) {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  return {
    async post(url: string, data: unknown) {
      const res = await request.post(`/octo${url}`, { headers, data });
      expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
      return res.json();
    },
    async get(url: string) {
      const res = await request.get(`/octo${url}`, { headers });
      expect(res.status(), url).toBe(200);
      return res.json();
    },
  };
}

test('a booking made through /octo shows with its channel in 予約一覧, 予約詳細, tomorrow’s manifest and the report', async ({
  page,
}) => {
  await asStaff(page, ADMIN);
  const created = await consolePost<{ id: number }>(page, '/api/admin/resellers', { name: NAME, commission: '10' });
  const { key } = await consolePost<{ key: string }>(page, `/api/admin/resellers/${created.id}/keys`, {});
  const reseller = octo(page.request, key);

  // The first product with two seats tomorrow.
  const tomorrow = tokyoIso(1);
  const products: { id: string }[] = await reseller.get('/products');
  let productId = '';
  for (const product of products) {
    const [day] = await reseller.post('/availability', {
      productId: product.id,
      optionId: 'DEFAULT',
      localDateStart: tomorrow,
      localDateEnd: tomorrow,
      units: [{ id: 'adult', quantity: 2 }],
    });
    if (day?.available) {
      productId = product.id;
      break;
    }
  }
  expect(productId, 'a product with seats tomorrow').not.toBe('');

  const hold = await reseller.post('/bookings', {
    productId,
    optionId: 'DEFAULT',
    availabilityId: `${tomorrow}T00:00:00+09:00`,
    resellerReference: `E2E-${Date.now()}`,
    unitItems: [{ unitId: 'adult', contact: { firstName: 'Emma', lastName: 'Brown' } }, { unitId: 'adult' }],
  });
  expect(hold.status).toBe('ON_HOLD');
  const booking = await reseller.post(`/bookings/${hold.uuid}/confirm`, {
    contact: { firstName: 'Emma', lastName: 'Brown', emailAddress: 'emma@example.com', phoneNumber: '+44 7700 900123' },
  });
  expect(booking.status).toBe('CONFIRMED');
  const rsvno: string = booking.supplierReference;

  // 予約一覧, filtered by the reseller's channel.
  await menu(page).getByRole('link', { name: '予約一覧' }).click();
  await page.getByLabel('販売チャネル').selectOption({ label: NAME });
  await page.getByRole('button', { name: '検索', exact: true }).click();
  const results = page.getByRole('table', { name: '予約の検索結果' });
  const row = results.getByRole('row').filter({ hasText: rsvno });
  await expect(row).toContainText(NAME);
  await expect(results.getByRole('row')).toHaveCount(2);
  await shoot(page, 'octo-bookings');

  await row.getByRole('link', { name: rsvno }).click();
  await expect(page.getByRole('heading', { level: 1, name: `予約詳細 ${rsvno}` })).toBeVisible();
  await expect(page.getByText(NAME).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: '未登録' }).first()).toBeVisible();
  // On a phone the page does not scroll sideways (its tables scroll inside their frames).
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, 'octo-detail');

  // Tomorrow's 参加者名簿: the named traveller, and the other as 未登録 under the contact.
  await menu(page).getByRole('link', { name: '参加者名簿' }).click();
  const lines = page.getByRole('row').filter({ hasText: rsvno });
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: 'Brown Emma' }).first()).toBeVisible();
  await expect(lines.filter({ hasText: '未登録' })).toHaveCount(1);
  await expect(lines.first()).toContainText(NAME);
  await shoot(page, 'octo-manifest');

  // This month's report counts it under the reseller.
  await menu(page).getByRole('link', { name: '売上レポート' }).click();
  const report = page.getByRole('table', { name: /販売チャネル・商品別の売上/ });
  await expect(report.getByRole('rowheader', { name: `${NAME} 小計` })).toBeVisible();
  await shoot(page, 'octo-report');
});
