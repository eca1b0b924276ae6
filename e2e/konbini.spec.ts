/**
 * コンビニ決済 on a phone (ADR 0213): the slip issued on the sandbox's checkout, shown on the complete page, my page
 * and in the mail; paid at the store after the customer left the site; another slip left unpaid until its deadline,
 * when the sweeper cancels the booking and gives its seats back; and the same in English.
 */
import type { Page } from '@playwright/test';
import { Msg } from '@tabi/contract/messages';
import { seatsLeft } from './support/catalog.ts';
import { expectNoSeriousA11yIssues, shoot } from './support/checks.ts';
import { api, customerLogin, makeBooking } from './support/customer.ts';
import { mailText, outboxFiles } from './support/outbox.ts';
import { agreeToConsent, fillLeader, memberSection, storedReservation } from './support/purchase.ts';
import { ADMIN, asStaff } from './support/staff.ts';
import { expect, test } from './support/test.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** Opens the booking's checkout from my page, as 決済する would, and answers its address. */
async function checkoutFromMyPage(page: Page, rsvno: string, tel: string, lang: 'ja' | 'en') {
  const session = await customerLogin(page, rsvno, tel);
  const base = lang === 'en' ? '/en' : '';
  const { url } = await api<{ url: string }>(page.request, page, '/api/checkout', {
    session,
    rsvno,
    success_path: `${base}/mypage?checkout-processing=0`,
    cancel_path: `${base}/mypage?checkout-processing=1`,
  });
  return url;
}

test('a visitor takes a konbini slip, leaves, and pays it at the store (OP0001)', async ({ page }) => {
  await page.goto('/detail?opcd=OP0001');
  const calendar = page.getByTestId('availability-calendar');
  await expect(calendar.getByRole('grid')).toBeVisible();
  // A day well ahead: a slip needs a day before the use date.
  await calendar.getByRole('button', { name: '次の月' }).click();
  await calendar.locator('td[data-day] button:not([disabled])').nth(6).click();
  const dialog = page.getByRole('dialog', { name: 'ご利用人数の選択' });
  await dialog.getByLabel('大人', { exact: true }).selectOption('1');
  await dialog.getByRole('button', { name: '申込者情報の入力へ' }).click();
  await expect(page).toHaveURL(/\/reservation\/member$/);
  const { usedate } = (await storedReservation(page)) as { usedate: string };
  await fillLeader(page);
  await memberSection(page, 1).getByRole('checkbox', { name: Msg.sameAsLeader }).check();
  await page.getByRole('button', { name: Msg.toCheck }).click();
  await agreeToConsent(page);
  const before = await seatsLeft(page.request, 'OP0001', usedate);
  await page.getByRole('button', { name: Msg.submitPurchase }).click();

  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sandbox_[\w-]+$/);
  await page.getByRole('link', { name: 'コンビニ決済で支払う' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'コンビニ決済' })).toBeVisible();
  await page.getByRole('radio', { name: 'ローソン' }).check();
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'sandbox-konbini');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'お支払い番号を発行する' }).click();

  // Back on the site: the slip, and the booking held until its deadline.
  await expect(page).toHaveURL(/\/reservation\/complete\?processing=success&session_id=cs_sandbox_/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('お支払い番号を発行しました');
  const rsvno = (await page.getByTestId('rsvno').textContent()) ?? '';
  const slip = page.getByTestId('konbini-slip');
  await expect(slip).toContainText('ローソン');
  await expect(slip).toContainText('お支払い期限');
  const code = (await slip.locator('dd').nth(0).textContent())?.trim() ?? '';
  await expect(slip.getByRole('link', { name: '払込票を表示' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'konbini-complete');
  await page.setViewportSize({ width: 390, height: 844 });
  // The seats stay taken while the slip waits.
  expect(await seatsLeft(page.request, 'OP0001', usedate)).toBe(before - 1);

  // The slip's mail.
  await expect.poll(() => outboxFiles(rsvno, 'konbini_slip').length, { timeout: 20_000 }).toBe(1);
  const mail = mailText(outboxFiles(rsvno, 'konbini_slip')[0] ?? '');
  expect(mail).toContain('お支払い番号');
  expect(mail).toContain('ローソン');
  const voucher = /https?:\/\/\S+\/sandbox\/konbini\/cs_sandbox_[\w-]+/.exec(mail)?.[0] ?? '';
  expect(voucher).not.toBe('');

  // Later, on my page: お支払い待ち（コンビニ） and the slip first.
  await customerLogin(page, rsvno, '09012345678');
  await page.goto('/mypage');
  await expect(page.getByTestId('booking-status')).toContainText('お支払い待ち（コンビニ）');
  await expect(page.getByTestId('konbini-slip')).toContainText('ローソン');
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'konbini-mypage');
  await page.setViewportSize({ width: 390, height: 844 });

  // At the store (the sandbox's stand-in), from the mail's link in another tab.
  const store = await page.context().newPage();
  await store.goto(new URL(new URL(voucher).pathname, page.url()).toString());
  await expect(store.getByRole('heading', { name: '払込票（コンビニ決済）' })).toBeVisible();
  if (code) await expect(store.locator('main')).toContainText(code);
  await expectNoSeriousA11yIssues(store);
  await shoot(store, 'sandbox-voucher');
  await store.setViewportSize({ width: 390, height: 844 });
  await store.getByRole('button', { name: '店頭で支払う（テスト）' }).click();
  await expect(store.getByRole('status')).toHaveText('お支払いを受け付けました。ご予約は確定しました。');
  await store.close();

  await page.reload();
  await expect(page.getByTestId('booking-status')).toContainText(Msg.statusPaid);
  await expect(page.getByTestId('konbini-slip')).toHaveCount(0);
  // Paid: the ticket for the door, with its PDF to print.
  await expect(page.getByTestId('ticket-qr')).toBeVisible();
  await shoot(page, 'ticket-mypage');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => outboxFiles(rsvno, 'booking_paid').length, { timeout: 20_000 }).toBe(1);

  // A month ahead the policy charges nothing: canceled, the refund goes to a bank account the provider asks for.
  await page.getByRole('button', { name: 'キャンセルする' }).click();
  const cancel = page.getByRole('dialog', { name: '予約のキャンセル' });
  await expect(cancel.getByTestId('cancel-refund')).toHaveText('￥9,800');
  await cancel.getByRole('checkbox').check();
  page.once('dialog', (d) => void d.accept());
  await cancel.getByRole('button', { name: 'キャンセルを確定する' }).click();
  await expect(page.getByTestId('booking-status')).toContainText(Msg.statusCanceled);
  await expect.poll(() => outboxFiles(rsvno, 'cancellation').length, { timeout: 20_000 }).toBe(1);
  expect(mailText(outboxFiles(rsvno, 'cancellation')[0] ?? '')).toContain('銀行口座');

  // The console shows the refund made and waiting for the customer's account.
  await asStaff(page, ADMIN);
  await page.goto(`/admin/bookings/${rsvno}`);
  await expect(page.getByText('返金手続き中（お客様の振込先口座の入力待ち）')).toBeVisible();
  await expect(page.getByText('コンビニ決済').first()).toBeVisible();
});

test('an English visitor leaves a slip unpaid: at its deadline the booking is canceled and the seat comes back (OP0001)', async ({
  page,
}) => {
  const tel = '09087654321';
  const rsvno = await makeBooking(page, 'OP0001', tel, 'KONBINI', 1);
  const booking = await api<{ fromdate: string }>(page.request, page, `/api/booking/${rsvno}`, {
    session: await customerLogin(page, rsvno, tel),
  });
  const usedate = booking.fromdate;
  const before = await seatsLeft(page.request, 'OP0001', usedate);

  await page.goto(await checkoutFromMyPage(page, rsvno, tel, 'en'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('link', { name: 'Pay with Convenience store' }).click();
  await page.getByRole('radio', { name: 'FamilyMart' }).check();
  await page.getByRole('button', { name: 'Issue a payment number' }).click();
  await expect(page).toHaveURL(/\/en\/mypage\?checkout-processing=0/);
  const issued = page.getByRole('dialog', { name: 'Your payment number has been issued' });
  await issued.getByRole('button', { name: 'Close' }).click();
  await expect(issued).toHaveCount(0);
  await expect(page.getByTestId('booking-status')).toContainText('Awaiting payment at a convenience store');
  await expect(page.getByTestId('konbini-slip')).toContainText('FamilyMart');
  await shoot(page, 'konbini-mypage-en');
  await page.setViewportSize({ width: 390, height: 844 });

  // Four days on, the sweeper finds the slip's deadline passed.
  const { expired, lapsed } = await api<{ expired: string[]; lapsed: string[] }>(
    page.request,
    page,
    '/api/_test/sweep',
    { at: new Date(Date.now() + 4 * 86_400_000).toISOString() },
  );
  expect([...expired, ...lapsed]).toContain(rsvno);
  await page.reload();
  await expect(page.getByTestId('booking-status')).toContainText('Cancelled');
  await expect(page.getByTestId('konbini-slip')).toHaveCount(0);
  expect(await seatsLeft(page.request, 'OP0001', usedate)).toBe(before + 1);
  await expect.poll(() => outboxFiles(rsvno, 'konbini_expired').length, { timeout: 20_000 }).toBe(1);
});
