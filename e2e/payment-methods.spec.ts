/**
 * Paying another way than by card, on a phone (ADR 0211): the sandbox's checkout offers PayPay, Alipay and WeChat Pay
 * beside the card form; the wallet's stand-in for its app is refused once (back on the checkout, which says so), then
 * approved, and the booking is paid.
 */
import { Msg } from '@tabi/contract/messages';
import { expectNoSeriousA11yIssues, shoot } from './support/checks.ts';
import { agreeToConsent, fillLeader, memberSection, startFromDetail } from './support/purchase.ts';
import { expect, test } from './support/test.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('a visitor on a phone pays with PayPay after refusing it once (OP0001)', async ({ page }) => {
  await startFromDetail(page, 'OP0001', { 大人: 1 });
  await fillLeader(page);
  await memberSection(page, 1).getByRole('checkbox', { name: Msg.sameAsLeader }).check();
  await page.getByRole('button', { name: Msg.toCheck }).click();
  await agreeToConsent(page);
  await page.getByRole('button', { name: Msg.submitPurchase }).click();

  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sandbox_[\w-]+$/);
  const checkoutUrl = page.url();
  await expect(page.getByRole('heading', { name: 'その他のお支払い方法' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Alipay（支付宝）で支払う' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'WeChat Pay（微信支付）で支払う' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'sandbox-methods');
  await page.setViewportSize({ width: 390, height: 844 });

  await page.getByRole('link', { name: 'PayPayで支払う' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'PayPay' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'sandbox-paypay');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: '承認しないで戻る' }).click();
  await expect(page).toHaveURL(checkoutUrl);
  await expect(page.getByRole('alert').first()).toContainText('アプリでのお支払いが承認されませんでした。');

  // The same again, approved this time (with the keyboard).
  await page.getByRole('link', { name: 'PayPayで支払う' }).click();
  await page.getByRole('button', { name: 'お支払いを承認する' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/reservation\/complete\?processing=success&session_id=cs_sandbox_/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ご予約が完了しました');
  await expect(page.getByTestId('rsvno')).toHaveText(/^[A-Z0-9]{8}$/);
  // Back to the wallet's page: the payment is done, and says so.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'お支払いは完了しています' })).toBeVisible();
});
