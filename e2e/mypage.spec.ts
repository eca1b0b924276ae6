import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { formatJpy } from '@tabi/contract/format';
import { Msg } from '@tabi/contract/messages';
import { pdfText } from '../apps/server/src/modules/receipt/pdf-text.ts';
import { apiText } from './support/catalog.ts';
import { expectNoSeriousA11yIssues, shoot } from './support/checks.ts';
import { DEMO_TEL, loginAs, makeBooking, ownBooking } from './support/customer.ts';
import { mailText, outboxFiles } from './support/outbox.ts';
import { expect, test } from './support/test.ts';

/** Logged in as the booking (through the API) and on its my page. */
async function openMyPage(page: Page, rsvno: string) {
  await loginAs(page, rsvno);
  await page.goto('/mypage');
  await expect(page.getByText(rsvno, { exact: true })).toBeVisible();
}

const status = (page: Page) => page.getByTestId('booking-status');

// What my page shows for each state of a booking and each kind of ticket (one screen each) is checked by the
// component tests of apps/web/src/features/mypage/components/booking-views.dom.test.tsx; here, the journeys.

test('a confirmed request is paid through the checkout page, after an aborted first attempt', async ({ page }) => {
  page.on('dialog', (dialog) => dialog.dismiss());
  const rsvno = await ownBooking(page, 'AA100004');
  await openMyPage(page, rsvno);
  await expect(status(page)).toContainText(Msg.statusTmp);
  await expect(page.getByRole('button', { name: 'キャンセルする' })).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'mypage-AA100004');

  const pay = page.getByRole('button', { name: '決済する' });
  const checkout = page.waitForRequest((r) => r.url().endsWith('/api/checkout'));
  await pay.click();
  const body = (await checkout).postDataJSON() as Record<string, string>;
  expect(body).toMatchObject({
    rsvno,
    success_path: '/mypage?checkout-processing=0',
    cancel_path: '/mypage?checkout-processing=1',
  });
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('link', { name: 'キャンセル', exact: true }).click();
  const aborted = page.getByRole('dialog', { name: Msg.paymentAborted });
  await expect(aborted).toBeVisible();
  await expect(page).toHaveURL(/\/mypage$/);
  await shoot(page, 'mypage-payment-aborted');
  await aborted.getByRole('button', { name: Msg.close }).click();
  await expect(status(page)).toContainText(Msg.statusTmp);

  await pay.click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByLabel('カード番号').fill('4242 4242 4242 4242');
  await page.getByLabel('有効期限（月/年）').fill('12/39');
  await page.getByLabel('セキュリティコード').fill('123');
  await page.getByRole('button', { name: /を支払う/ }).click();
  const done = page.getByRole('dialog', { name: Msg.paymentDone });
  await expect(done).toBeVisible();
  await expect(page).toHaveURL(/\/mypage$/);
  await done.getByRole('button', { name: Msg.close }).click();
  await expect(status(page)).toContainText(Msg.statusPaid);
  await expect(pay).toHaveCount(0);
});

test('a paid booking is cancelled with consent, showing the fee and refund, and a mail is sent', async ({ page }) => {
  const rsvno = await ownBooking(page, 'AA100001');
  await openMyPage(page, rsvno);
  await expect(status(page)).toContainText(Msg.statusPaid);
  await expect(page.getByText('大人', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'クーポンを使う' })).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'mypage-AA100001');

  const priceResponse = page.waitForResponse((r) => r.url().endsWith('/api/booking/cancelprice'));
  await page.getByRole('button', { name: 'キャンセルする' }).click();
  const price = ((await (await priceResponse).json()) as { response: { cancelfee: number; refund: number } }).response;
  const dialog = page.getByRole('dialog', { name: '予約のキャンセル' });
  await expect(dialog.getByTestId('cancel-fee')).toHaveText(formatJpy(price.cancelfee));
  await expect(dialog.getByTestId('cancel-refund')).toHaveText(formatJpy(price.refund));
  const confirm = dialog.getByRole('button', { name: 'キャンセルを確定する' });
  await expect(confirm).toBeDisabled();
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'mypage-cancel-modal');
  await dialog.getByRole('checkbox').check();
  await expect(confirm).toBeEnabled();

  const messages: string[] = [];
  page.on('dialog', (d) => {
    messages.push(d.message());
    void d.accept();
  });
  const cancelRequest = page.waitForRequest((r) => r.url().endsWith('/api/booking/cancel'));
  await confirm.click();
  expect((await cancelRequest).postDataJSON()).toMatchObject({ rsvno, refund: String(price.refund) });
  await expect.poll(() => messages).toEqual([Msg.cancelDone]);
  await expect(status(page)).toContainText(Msg.statusCanceled);
  await expect(page.getByRole('button', { name: 'キャンセルする' })).toHaveCount(0);
  await expect.poll(() => outboxFiles(`cancellation-${rsvno}.eml`)).toHaveLength(1);
  expect(mailText(outboxFiles(`cancellation-${rsvno}.eml`)[0] ?? '')).toContain(rsvno);
});

test('rental sizes are edited after the start day and kept', async ({ page }) => {
  const rsvno = await ownBooking(page, 'AA100009');
  await openMyPage(page, rsvno);
  await page.getByRole('link', { name: 'レンタル詳細・変更' }).click();
  await expect(page).toHaveURL(/\/mypage\/rental\/edit$/);
  const first = page.getByRole('group', { name: /参加者1/ });
  const second = page.getByRole('group', { name: /参加者2/ });
  await expect(first.getByLabel('レンタル')).toHaveValue('1');
  await expect(first.getByLabel('ブーツ')).toHaveValue('26.5');
  await expect(first.getByLabel('ウェア')).toHaveValue('L');
  await expect(page.getByRole('img', { name: /ブーツサイズ表/ })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'rental-edit');

  await first.getByLabel('レンタル').selectOption('2');
  await first.getByLabel('ブーツ').selectOption('27.0');
  await first.getByLabel('ウェア').selectOption('XL');
  await second.getByLabel('ウェア').selectOption('M');
  await page.getByRole('button', { name: '内容を更新する' }).click();
  const consent = page.getByRole('dialog', { name: '旅行条件書・同意書' });
  await expect(consent.getByRole('link', { name: /旅行条件書/ })).toBeVisible();
  const edit = page.waitForRequest((r) => r.url().endsWith('/api/booking/edit'));
  await consent.getByRole('button', { name: 'この内容で更新する' }).click();
  const sent = (await edit).postDataJSON() as { rsvno: string; rentskiList: Record<string, string>[] };
  expect(sent.rsvno).toBe(rsvno);
  expect(sent.rentskiList[0]).toEqual({ seq: '1', model: '2', boots_size: '27.0', wear_size: 'XL', accessory: '' });
  const done = page.getByRole('dialog', { name: 'レンタル情報を更新しました' });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: Msg.close }).click();
  await expect(page).toHaveURL(/\/mypage$/);

  await page.getByRole('link', { name: 'レンタル詳細・変更' }).click();
  await expect(first.getByLabel('レンタル')).toHaveValue('2');
  await expect(first.getByLabel('ブーツ')).toHaveValue('27.0');
  await expect(first.getByLabel('ウェア')).toHaveValue('XL');
  await expect(second.getByLabel('ウェア')).toHaveValue('M');
  await page.getByRole('link', { name: 'マイページに戻る' }).first().click();
  await expect(page).toHaveURL(/\/mypage$/);
});

test('an option without rental is turned away from the rental page', async ({ page }) => {
  const messages: string[] = [];
  page.on('dialog', (d) => {
    messages.push(d.message());
    void d.accept();
  });
  await openMyPage(page, 'AA100006');
  await expect(page.getByRole('link', { name: 'レンタル詳細・変更' })).toHaveCount(0);
  await page.goto('/mypage/rental/edit');
  await expect.poll(() => messages).toEqual([Msg.noRental]);
  await expect(page).toHaveURL(/\/mypage$/);
});

test('an expired session alerts and goes back to login', async ({ page }) => {
  const messages: string[] = [];
  page.on('dialog', (d) => {
    messages.push(d.message());
    void d.accept();
  });
  await openMyPage(page, 'AA100006');
  await page.evaluate(() => {
    const auth = JSON.parse(localStorage.getItem('auth') ?? '{}');
    auth.state.sessionId = 'tampered-session-token';
    localStorage.setItem('auth', JSON.stringify(auth));
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  expect(messages).toEqual([Msg.sessionTimeout]);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').state);
  expect(stored.isLogin).toBe(false);
});

test('a missing anti-forgery token alerts and logs out', async ({ page }) => {
  const messages: string[] = [];
  page.on('dialog', (d) => {
    messages.push(d.message());
    void d.accept();
  });
  await openMyPage(page, 'AA100007');
  await page.context().clearCookies({ name: 'XSRF-TOKEN' });
  const url = new URL(page.url());
  await page.context().addCookies([{ name: 'XSRF-TOKEN', value: 'invalid', domain: url.hostname, path: '/' }]);
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  expect(messages).toEqual([Msg.csrfExpired]);
});

test('reloading while my page is loading keeps the customer logged in', async ({ page }) => {
  const messages: string[] = [];
  page.on('dialog', (d) => {
    messages.push(d.message());
    void d.accept();
  });
  await loginAs(page, 'AA100003');
  // Hold the booking call so that the reload cuts it short, as a slow network would.
  await page.route('**/api/booking/AA100003', () => {});
  const held = page.waitForRequest('**/api/booking/AA100003');
  await page.goto('/mypage');
  await held;
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.reload();
  await expect(status(page)).toContainText(Msg.statusCanceled);
  expect(messages).toEqual([]);
});

test('an unpaid card booking within its hour shows the time left and opens the checkout', async ({ page }) => {
  const rsvno = await ownBooking(page, 'AA100002');
  await openMyPage(page, rsvno);
  const notice = page.getByTestId('card-payment');
  await expect(notice).toContainText('お支払いが完了していません。');
  await expect(notice).toContainText(/あと\d+分/);
  // SPEC's own pay button (a confirmed request) stays away.
  await expect(page.getByRole('button', { name: '決済する' })).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'mypage-card-unpaid');
  const checkout = page.waitForRequest((r) => r.url().endsWith('/api/checkout') && r.method() === 'POST');
  await notice.getByRole('button', { name: 'お支払い手続きへ進む' }).click();
  expect((await checkout).postDataJSON()).toMatchObject({ rsvno });
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
});

test('coupons for another day say so on my page instead of bouncing back', async ({ page }) => {
  await openMyPage(page, 'AA100011');
  await expect(page.getByTestId('coupon-note')).toContainText(/このクーポンはご利用日（\d{4}\/\d{2}\/\d{2}）当日のみ/);
  await expect(page.getByRole('button', { name: 'クーポンを使う' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'クーポンを使う' })).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);
});

test('a customer downloads a receipt: the 宛名 once, then a 再発行', async ({ page }) => {
  const rsvno = await ownBooking(page, 'AA100008');
  await openMyPage(page, rsvno);
  const button = page.getByRole('button', { name: '領収書（PDF）' });
  await button.click();
  const dialog = page.getByRole('dialog', { name: '領収書の発行' });
  const addressee = dialog.getByLabel('宛名');
  // The modal takes the focus to its first field; an empty 宛名 is refused in Japanese before any call.
  await expect(addressee).toBeFocused();
  await dialog.getByRole('button', { name: '発行してダウンロード' }).click();
  await expect(dialog.getByText(apiText('ja', 'receipt.addresseeRequired'))).toBeVisible();
  await addressee.fill('株式会社さくら商事');
  await expectNoSeriousA11yIssues(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'mypage-receipt-dialog');

  const first = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '発行してダウンロード' }).click();
  const download = await first;
  expect(download.suggestedFilename()).toBe(`receipt-${rsvno}.pdf`);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = pdfText(pdf);
  expect(text).toContain('株式会社さくら商事　様');
  expect(text).toContain(rsvno);
  expect(text).not.toContain('再発行');
  await expect(page.getByTestId('receipt-saved')).toHaveText('領収書をダウンロードしました。');
  await expect(button).toBeFocused();

  // The second time: the stored 宛名, no field, and the PDF says 再発行.
  await button.click();
  const again = page.getByRole('dialog', { name: '領収書の再発行' });
  await expect(again.getByTestId('receipt-addressee')).toHaveText('株式会社さくら商事 様');
  await expect(again.getByLabel('宛名')).toHaveCount(0);
  const second = page.waitForEvent('download');
  await again.getByRole('button', { name: '再発行してダウンロード' }).click();
  const reissued = pdfText(readFileSync(await (await second).path()));
  expect(reissued).toContain('再発行');
  expect(reissued).toContain('株式会社さくら商事　様');
});

test('a customer withdraws a request not yet answered from my page, and a mail confirms it', async ({ page }) => {
  const rsvno = await makeBooking(page, 'OP0002', DEMO_TEL, 'TORISAGE', 2);
  await openMyPage(page, rsvno);
  await expect(status(page)).toContainText(Msg.statusRequested);
  const open = page.getByRole('button', { name: 'リクエストを取り消す' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'リクエストの取り消し' });
  await expect(dialog).toContainText('キャンセル料はかかりません');
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'mypage-withdraw');
  page.once('dialog', (alert) => void alert.accept());
  await dialog.getByRole('button', { name: '取り消しを確定する' }).click();
  await expect(status(page)).toContainText(Msg.statusCanceled);
  await expect(page.getByRole('button', { name: 'リクエストを取り消す' })).toHaveCount(0);
  await expect
    .poll(() => outboxFiles(`-${rsvno}.eml`), {
      timeout: 30_000,
    })
    .toEqual(expect.arrayContaining([expect.stringMatching(/request_withdrawn/)]));
});
