/**
 * 催行中止 and 最少催行人員 in Chromium: an operator previews and stops a day of an option with a paid
 * booking, and the customer's my page then shows it canceled with the full refund; an admin gives an option a
 * minimum, the dashboard lists a day under it near its decision time, and 催行決定 takes it off. Screenshots at the
 * console's sizes into SHOTS_DIR; axe on each page and dialog.
 */
import { formatJpy } from '@tabi/contract/format';
import { Msg } from '@tabi/contract/messages';
import { expectNoSeriousA11yIssues } from './support/checks.ts';
import { api, customerLogin, makeBooking, payFromMyPage } from './support/customer.ts';
import { ADMIN, asStaff, menu, OPERATOR, shootConsole } from './support/staff.ts';
import { expect, test } from './support/test.ts';

const STOP_TEL = '080-4321-0027';
const MINIMUM_TEL = '080-4321-0028';

test('an operator previews and stops a day; the customer sees it canceled with the full refund', async ({ page }) => {
  const rsvno = await makeBooking(page, 'OP0018', STOP_TEL, 'CHUSHI', 2);
  const session = await payFromMyPage(page, rsvno, STOP_TEL);
  const booking = await api<{ fromdate: string; amountjp: number }>(page.request, page, `/api/booking/${rsvno}`, {
    session,
  });
  const day = booking.fromdate.replaceAll('-', '');
  const input = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;

  await asStaff(page, OPERATOR);
  await menu(page).getByRole('link', { name: '催行中止' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '催行中止' })).toBeVisible();
  await page.getByLabel('対象').selectOption('OP0018');
  await page.getByLabel('開始日').fill(input);
  await page.getByLabel('悪天候').check();
  await page.getByRole('button', { name: '内容を確認する' }).click();
  const preview = page.getByRole('region', { name: /催行中止の内容/ });
  await expect(preview).toContainText('キャンセルする予約');
  await expect(preview.getByRole('row').filter({ hasText: rsvno })).toContainText(formatJpy(booking.amountjp));
  await expectNoSeriousA11yIssues(page);
  await shootConsole(page, 'admin-day-stop-preview');
  await preview.getByRole('button', { name: '催行中止を実行する' }).click();
  const dialog = page.getByRole('dialog', { name: '催行中止を実行する' });
  await expect(dialog).toContainText('全額返金');
  await expectNoSeriousA11yIssues(page);
  await dialog.getByRole('button', { name: '実行する' }).click();
  await expect(page.getByText(/催行中止を実行しました/)).toBeVisible();
  const history = page.getByRole('table', { name: /催行中止の履歴/ });
  await expect(history.getByRole('row').nth(1)).toContainText('完了');
  await shootConsole(page, 'admin-day-stops');

  await customerLogin(page, rsvno, STOP_TEL);
  await page.goto('/mypage');
  await expect(page.getByTestId('booking-status')).toContainText(Msg.statusCanceled);
  await expect(page.getByRole('row', { name: /ご返金額/ })).toContainText(formatJpy(booking.amountjp));
  await expect(page.getByRole('row', { name: /キャンセル料/ })).toContainText(formatJpy(0));
});

test('the dashboard lists a day under its minimum near its decision time, and 催行決定 takes it off', async ({
  page,
}) => {
  await asStaff(page, ADMIN);
  await page.goto('/admin/options/OP0017');
  await page.getByLabel('最少催行人員（空欄：人数によらず催行）').fill('6');
  await page.getByLabel('催行の決定（利用日の何日前）').fill('20');
  await page.getByLabel('催行の決定（時刻、例 17:00）').fill('17:00');
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText(/保存しました/)).toBeVisible();
  await page.getByRole('button', { name: 'ログアウト' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'サインイン' })).toBeVisible();

  const rsvno = await makeBooking(page, 'OP0017', MINIMUM_TEL, 'SAISHO', 2);
  await asStaff(page, OPERATOR);
  const card = page.getByRole('table', { name: '最少催行人員に満たない日' });
  const row = card.getByRole('row').filter({ hasText: 'OP0017' });
  await expect(row).toContainText('2名／6名');
  await expect(row).toContainText('期限超過');
  await shootConsole(page, 'admin-dashboard-minimum');
  await row.getByRole('button', { name: '催行決定' }).click();
  const dialog = page.getByRole('dialog', { name: '催行を決定する' });
  await expect(dialog).toContainText('お客様へのメールは送りません');
  await dialog.getByRole('button', { name: '催行決定' }).click();
  await expect(card.getByRole('row').filter({ hasText: 'OP0017' })).toHaveCount(0);
  expect(rsvno).toBeTruthy();
});
