/**
 * The console's booking work in Chromium, on bookings this spec makes itself through the public API
 * (so the demo bookings the other specs read stay as they are): an operator finds a request by the customer's
 * phone and confirms it, and the customer's my page then offers payment; a paid booking is canceled on the
 * customer's behalf with a fee override, and the refund and the cancellation mail show; tomorrow's manifest is
 * printed. Screenshots at 1280×800 and 1024×768 into SHOTS_DIR; axe on every page and dialog.
 */
import type { Page } from '@playwright/test';
import { formatJpy } from '@tabi/contract/format';
import { Msg } from '@tabi/contract/messages';
import { expectNoSeriousA11yIssues } from './support/checks.ts';
import { customerLogin, type Envelope, makeBooking, payFromMyPage, xsrfToken } from './support/customer.ts';
import { asStaff, OPERATOR, shootConsole } from './support/staff.ts';
import { expect, test } from './support/test.ts';

const REQUEST_TEL = '080-4321-0099';
const PAID_TEL = '080-4321-0077';
const CONTACT_TEL = '080-4321-0055';

const shoot = (page: Page, name: string) => shootConsole(page, `admin-${name}`);

const menu = (page: Page) => page.getByRole('navigation', { name: '管理メニュー' });

test('an operator confirms a request found by phone, and the customer can then pay on my page', async ({ page }) => {
  const rsvno = await makeBooking(page, 'OP0002', REQUEST_TEL, 'KAKUNIN', 2);
  await asStaff(page, OPERATOR);
  await expect(page.getByRole('heading', { name: /照合できなかった決済処理/ })).toBeVisible();

  await menu(page).getByRole('link', { name: '予約一覧' }).click();
  await page.getByLabel('電話番号（ハイフン有無どちらでも）').fill('08043210099');
  await page.getByRole('button', { name: '検索', exact: true }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: rsvno }) });
  await expect(row).toContainText(Msg.statusRequested);
  await row.getByRole('link', { name: rsvno }).click();
  await expect(page.getByRole('heading', { level: 1, name: `予約詳細 ${rsvno}` })).toBeFocused();
  await expect(page.getByText(Msg.statusRequested).first()).toBeVisible();
  // What the state does not allow is not offered.
  await expect(page.getByRole('button', { name: 'お客様に代わってキャンセル' })).toHaveCount(0);
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'booking-request');

  const open = page.getByRole('button', { name: 'リクエストを確定' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'リクエストを確定（手配済みにする）' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('2名');
  await expect(dialog).toContainText('￥');
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'dialog-confirm');
  // Esc closes it, and focus returns to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();
  await open.click();
  await page.getByRole('dialog').getByRole('button', { name: '確定する' }).click();
  await expect(page.getByText(/リクエストを確定しました/)).toBeVisible();
  // The button that opened the dialog is gone with the request: focus is on the page's heading, not lost.
  await expect(page.getByRole('heading', { level: 1, name: `予約詳細 ${rsvno}` })).toBeFocused();
  await expect(page.getByText(Msg.statusTmp).first()).toBeVisible();
  const history = page.getByRole('table', { name: '予約の履歴' });
  const confirmed = history.getByRole('row').filter({ hasText: 'リクエストを手配済みに（確定）' });
  await expect(confirmed).toContainText(OPERATOR.mail);
  await expect(confirmed).toContainText('仮予約（手配済）');
  await expect(page.getByRole('button', { name: 'リクエストを確定' })).toHaveCount(0);
  // Back to the list as it was searched.
  await page.getByRole('link', { name: '予約一覧へ' }).click();
  await expect(page.getByLabel('電話番号（ハイフン有無どちらでも）')).toHaveValue('08043210099');
  await expect(page.getByRole('link', { name: rsvno })).toBeVisible();

  await customerLogin(page, rsvno, REQUEST_TEL);
  await page.goto('/mypage');
  await expect(page.getByRole('button', { name: '決済する' })).toBeVisible();
});

test('a paid booking is canceled on the customer’s behalf with a fee override; refund and mail show', async ({
  page,
}) => {
  const rsvno = await makeBooking(page, 'OP0001', PAID_TEL, 'TORIKESHI', 2);
  await payFromMyPage(page, rsvno, PAID_TEL);

  await asStaff(page, OPERATOR);
  await page.goto(`/admin/bookings/${rsvno}`);
  await expect(page.getByText(Msg.statusPaid).first()).toBeVisible();
  const amountText =
    (await page
      .getByRole('row', { name: /合計（税込）/ })
      .getByRole('cell')
      .textContent()) ?? '';
  const amount = Number(amountText.replace(/\D/g, ''));
  expect(amount).toBeGreaterThan(1000);
  await page.getByRole('button', { name: 'お客様に代わってキャンセル' }).click();
  const dialog = page.getByRole('dialog', { name: 'お客様に代わってキャンセル' });
  await expect(dialog).toContainText(`お支払い済み${formatJpy(amount)}`);
  await expect(dialog).toContainText('在庫に戻す座席2名');
  await dialog.getByLabel('キャンセル料を変更する（特例）').check();
  await dialog.getByLabel('キャンセル料（円）').fill('500');
  await expect(dialog).toContainText(`返金額${formatJpy(amount - 500)}`);
  await dialog.getByRole('button', { name: 'キャンセルを確定する' }).click();
  await expect(dialog.getByText(Msg.feeOverrideReasonRequired)).toBeVisible();
  await dialog.getByLabel(/変更の理由/).fill('お客様のご入院のため特例で減額');
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'dialog-cancel');
  await dialog.getByRole('button', { name: 'キャンセルを確定する' }).click();
  await expect(
    page.getByText(`キャンセルしました。キャンセル料 ${formatJpy(500)}、返金 ${formatJpy(amount - 500)}。`),
  ).toBeVisible();
  await expect(page.getByText(Msg.statusCanceled).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `予約詳細 ${rsvno}` })).toBeFocused();

  // The refund is a row of its own (ADR 0181), made through its provider call.
  const refunds = page.getByRole('table', { name: '返金', exact: true });
  await expect(refunds.getByRole('row').filter({ hasText: 'キャンセル' })).toContainText(formatJpy(amount - 500));
  await expect(refunds.getByRole('row').filter({ hasText: 'キャンセル' })).toContainText('返金済み');
  const calls = page.getByRole('table', { name: '決済代行への処理' });
  await expect(calls.getByRole('row').filter({ hasText: '返金' })).toContainText('完了');
  const history = page.getByRole('table', { name: '予約の履歴' });
  await expect(history.getByRole('row').filter({ hasText: 'キャンセル受付' })).toContainText(
    'お客様のご入院のため特例で減額',
  );
  await expect(history.getByRole('row').filter({ hasText: 'キャンセル確定' })).toContainText(OPERATOR.mail);
  // The mail's text opens in place.
  const mailSummary = page.locator('.adm-mails summary').filter({ hasText: 'キャンセル' }).first();
  await mailSummary.click();
  await expect(page.locator('.adm-mail-body').first()).toContainText(rsvno);
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'booking-canceled');

  await menu(page).getByRole('link', { name: 'メール' }).click();
  await page.getByRole('textbox', { name: '予約番号', exact: true }).fill(rsvno);
  await page.getByRole('button', { name: '絞り込む' }).click();
  const mailRow = page.getByRole('row').filter({ hasText: 'キャンセル' }).first();
  await expect(mailRow).toContainText(rsvno);
  // A mail still waiting in the outbox is not resent: the worker sends it within about a second.
  await expect(async () => {
    await page.reload();
    await expect(mailRow).toContainText('送信済み', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await mailRow.getByRole('button', { name: /を再送/ }).click();
  const resend = page.getByRole('dialog', { name: 'メールを再送する' });
  await expect(resend).toContainText(rsvno);
  await resend.getByRole('button', { name: '再送する' }).click();
  await expect(page.getByText(/を再送しました/)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'キャンセル' })).toHaveCount(2);
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'mails-resend');
});

test('tomorrow’s manifest lists the participants and prints on A4 without the console chrome', async ({ page }) => {
  await asStaff(page, OPERATOR);
  await menu(page).getByRole('link', { name: '参加者名簿' }).click();
  const tomorrow = new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + 86_400_000));
  await expect(page.getByRole('heading', { level: 1, name: `参加者名簿 ${tomorrow}` })).toBeVisible();
  // AA100011 (coupons for tomorrow) travels tomorrow.
  await expect(page.getByRole('link', { name: 'AA100011' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'CSVダウンロード' })).toHaveAttribute(
    'href',
    /\/api\/admin\/manifest\.csv\?date=\d{8}/,
  );
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'manifest');

  await page.emulateMedia({ media: 'print' });
  await expect(menu(page)).toBeHidden();
  await expect(page.getByRole('button', { name: '印刷' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'AA100011' }).first()).toBeVisible();
  await shoot(page, 'manifest-print');
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
  expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
  if (process.env.SHOTS_DIR) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${process.env.SHOTS_DIR}/admin-manifest.pdf`, pdf);
  }
  await page.emulateMedia({ media: 'screen' });
});

test('a clerk notes a call and corrects the customer’s phone and mail; 再送 goes to the corrected address', async ({
  page,
}) => {
  const rsvno = await makeBooking(page, 'OP0002', CONTACT_TEL, 'TEISEI', 1);
  await asStaff(page, OPERATOR);
  // Received today: on the dashboard with its channel.
  const today = page.getByRole('table', { name: '本日の新規予約' });
  await expect(today.getByRole('row').filter({ hasText: rsvno })).toContainText('自社サイト');
  await shoot(page, 'dashboard-today');

  await page.goto(`/admin/bookings/${rsvno}`);
  await expect(page.getByRole('heading', { level: 1, name: `予約詳細 ${rsvno}` })).toBeFocused();
  await page.getByRole('button', { name: '社内メモを追加' }).click();
  await page.getByRole('dialog').getByLabel(/メモ/).fill('お客様より電話：メールアドレスの綴り違い');
  await page.getByRole('dialog').getByRole('button', { name: 'メモを追加する' }).click();
  const memo = page.getByRole('region', { name: /社内メモ/ });
  await expect(memo).toContainText('お客様より電話：メールアドレスの綴り違い');
  await expect(memo).toContainText(OPERATOR.mail);

  await page.getByRole('button', { name: '連絡先を訂正' }).click();
  const dialog = page.getByRole('dialog', { name: '連絡先を訂正' });
  await expect(dialog.getByLabel('電話番号')).toHaveValue(CONTACT_TEL);
  await dialog.getByLabel('メールアドレス').fill('not-a-mail');
  await dialog.getByRole('button', { name: '訂正する' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(Msg.invalidEmail);
  await dialog.getByLabel('電話番号').fill('080-4321-0056');
  await dialog.getByLabel('メールアドレス').fill('corrected-address@example.jp');
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'dialog-contact');
  await dialog.getByRole('button', { name: '訂正する' }).click();
  await expect(page.getByText('連絡先を訂正しました。')).toBeVisible();
  const history = page.getByRole('table', { name: '予約の履歴' });
  await expect(history.getByRole('row').filter({ hasText: '連絡先（電話番号・メール）の訂正' })).toContainText(
    OPERATOR.mail,
  );

  // The request's mail went to the old address; once the outbox has sent it, its copy goes to the new one.
  const mails = page.getByRole('region', { name: /送信したメール/ });
  await expect(async () => {
    await page.reload();
    await expect(mails).toContainText('送信済み', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await mails
    .getByRole('button', { name: /を再送$/ })
    .first()
    .click();
  const resend = page.getByRole('dialog', { name: 'メールを再送する' });
  await expect(resend).toContainText('corrected-address@example.jp（元の宛先');
  await resend.getByRole('button', { name: '再送する' }).click();
  await expect(page.getByText(/を再送しました/)).toBeVisible();
  await expect(mails).toContainText('corrected-address@example.jp');
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'booking-contact-corrected');

  // 予約一覧 marks the booking that has a memo.
  await page.goto(`/admin/bookings?rsvno=${rsvno}`);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: rsvno }) });
  await expect(row.getByText('メモ', { exact: true })).toBeVisible();

  // My page opens with the corrected phone, not the old one.
  const token = await xsrfToken(page);
  const old = await page.request.post('/api/mylogin', {
    data: { rsvno, tel: CONTACT_TEL },
    headers: { 'x-xsrf-token': token },
  });
  expect(((await old.json()) as Envelope<unknown>).errcd).not.toBe('000');
  await customerLogin(page, rsvno, '080-4321-0056');
});
