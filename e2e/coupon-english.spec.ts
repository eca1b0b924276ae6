/** A coupon used in English at 390 px: the venue's staff enter the PIN and the counts go down. */
import { expectNoSeriousA11yIssues, otherLanguageOutsideContent, shoot } from './support/checks.ts';
import { DEMO_TEL, ownBooking } from './support/customer.ts';
import { expect, test } from './support/test.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('a coupon used in English: the PIN, the counts, and back to my booking', async ({ page }) => {
  const rsvno = await ownBooking(page, 'AA100010');
  await page.goto('/en/login');
  await page.getByLabel('Booking number').fill(rsvno);
  await page.getByLabel('Phone number').fill(DEMO_TEL);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/en\/mypage$/);

  await page.goto('/en/coopon/OP0012/PK0001#use-coopon');
  const form = page.locator('#use-coopon');
  await expect(form).toBeInViewport();
  const left = Number((await page.getByTestId('remaining-adult').textContent())?.replace(/\D/g, ''));
  expect(left).toBeGreaterThanOrEqual(1);
  await form.getByLabel('Adult').selectOption('1');
  await form.getByLabel('PIN').fill('1234');
  expect(await otherLanguageOutsideContent(page)).toEqual([]);
  await expectNoSeriousA11yIssues(page, { what: '/en/coopon/OP0012/PK0001' });
  await form.getByRole('button', { name: 'Use', exact: true }).click();

  const done = page.getByRole('dialog', { name: 'The coupon has been used.' });
  await expect(done).toBeVisible();
  await expect(done).toContainText('Used: 1 adult coupon.');
  await expect(page.getByTestId('remaining-adult')).toContainText(String(left - 1));
  expect(await otherLanguageOutsideContent(page)).toEqual([]);
  await shoot(page, 'en-coupon-used');
  await done.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/en\/mypage$/);
});
