/**
 * Journeys in English at 390 px, each page with `lang`, axe and nothing Japanese of ours: a ski rental
 * booked with its sizes, a declined card and a retry, then my page, where the booking is cancelled; and a rental's
 * sizes changed on my page (a booking of its own, made as AA100009 is).
 */
import { nextMonthInTokyo } from './support/catalog.ts';
import { expectNoSeriousA11yIssues, otherLanguageOutsideContent, shoot } from './support/checks.ts';
import { DEMO_TEL, ownBooking } from './support/customer.ts';
import { agreeToConsentInEnglish, fillLeaderInEnglish, payOnSandbox } from './support/purchase.ts';
import { expect, test } from './support/test.ts';

const TEL = '+44 20 7946 0958';

test.describe('English journeys', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a ski rental booked in English with sizes, a declined card and a retry; then cancelled on my page', async ({
    page,
  }) => {
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    const month = nextMonthInTokyo();
    await page.goto(`/en/detail?opcd=OP0003&usedate=${month}10`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Niseko Ski & Snowboard Full Set Rental/);
    await page.getByTestId('availability-calendar').locator('td[data-day] button:not([disabled])').first().click();
    const party = page.getByRole('dialog', { name: 'How many people?' });
    await party.getByLabel('Adult', { exact: true }).selectOption('1');
    await party.getByRole('button', { name: 'Continue to your details' }).click();

    await expect(page).toHaveURL(/\/en\/reservation\/member$/);
    await fillLeaderInEnglish(page, {
      last: 'BROWN',
      first: 'SAM',
      birthday: '1990/07/15',
      sex: 'Male',
      nationality: 'Australia',
      tel: TEL,
      mail: 'sam.brown@example.com',
    });
    await page.getByRole('button', { name: 'Continue to rental' }).click();

    await expect(page).toHaveURL(/\/en\/reservation\/rental$/);
    const renter = page.getByRole('region', { name: /^Traveller 1/ });
    // Every size is required: the messages in English.
    await page.getByRole('button', { name: 'Review your booking' }).click();
    await expect(renter.getByText('Please choose the boot size.')).toBeVisible();
    await renter.getByRole('combobox', { name: 'Rental', exact: true }).selectOption({ label: 'Ski' });
    await renter.getByRole('combobox', { name: 'Boots', exact: true }).selectOption('27.0');
    await renter.getByRole('combobox', { name: 'Wear', exact: true }).selectOption('L');
    expect(await otherLanguageOutsideContent(page)).toEqual([]);
    await expectNoSeriousA11yIssues(page, { what: '/en/reservation/rental' });
    await shoot(page, 'en-rental');
    await page.getByRole('button', { name: 'Review your booking' }).click();

    await expect(page).toHaveURL(/\/en\/reservation\/check$/);
    await expect(page.getByRole('main')).toContainText('27.0');
    await agreeToConsentInEnglish(page);
    await page.getByRole('button', { name: 'Book and pay' }).click();

    // A declined card is said in English, the form kept; a second card goes through.
    await payOnSandbox(page, '4000000000000002', 'en');
    await expect(page.getByRole('alert').first()).toContainText('Your card was declined.');
    expect(await otherLanguageOutsideContent(page)).toEqual([]);
    await shoot(page, 'en-card-declined');
    await payOnSandbox(page, '4242424242424242', 'en');
    await expect(page).toHaveURL(/\/en\/reservation\/complete\?processing=success/);
    const rsvno = (await page.getByTestId('rsvno').textContent()) ?? '';
    expect(rsvno).toMatch(/^[A-Z]{2}\d{6}$/);

    await page.goto('/en/login');
    await page.getByLabel('Booking number').fill(rsvno);
    await page.getByLabel('Phone number').fill(TEL);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/en\/mypage$/);
    await expect(page.getByTestId('booking-status')).toHaveText('Status: Booked');
    await expect(page.getByRole('main')).toContainText('Niseko Ski & Snowboard Full Set Rental');
    await expect(page.getByRole('main')).toContainText('Australia');

    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel the booking' });
    await expect(cancel.getByTestId('cancel-fee')).toHaveText(/^¥[\d,]+$/);
    await cancel.getByRole('checkbox', { name: /I agree to cancel/ }).check();
    await cancel.getByRole('button', { name: 'Confirm the cancellation' }).click();
    await expect.poll(() => alerts).toContain('Your booking has been cancelled.');
    await expect(page.getByTestId('booking-status')).toHaveText('Status: Cancelled');
    expect(await otherLanguageOutsideContent(page)).toEqual([]);
    await expectNoSeriousA11yIssues(page, { what: '/en/mypage (cancelled)' });
    await shoot(page, 'en-mypage-cancelled');
  });

  test('rental sizes changed on my page in English, with the English size charts', async ({ page }) => {
    const rsvno = await ownBooking(page, 'AA100009');
    await page.goto('/en/login');
    await page.getByLabel('Booking number').fill(rsvno);
    await page.getByLabel('Phone number').fill(DEMO_TEL);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/en\/mypage$/);
    await page.getByRole('link', { name: 'Rental details and changes' }).click();

    await expect(page).toHaveURL(/\/en\/mypage\/rental\/edit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Rental details and changes' })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Boot size chart/ })).toHaveAttribute('src', /\/size-charts\/en\//);
    const first = page.getByRole('group', { name: /Traveller 1/ });
    const boots = first.getByLabel('Boots');
    const before = await boots.inputValue();
    expect(await otherLanguageOutsideContent(page)).toEqual([]);
    await expectNoSeriousA11yIssues(page, { what: '/en/mypage/rental/edit' });
    await shoot(page, 'en-rental-edit');

    const changeTo = async (size: string) => {
      await boots.selectOption(size);
      await page.getByRole('button', { name: 'Update', exact: true }).click();
      const consent = page.getByRole('dialog');
      await consent.getByRole('button', { name: 'Update with these' }).click();
      const done = page.getByRole('dialog', { name: 'Rental updated' });
      await expect(done).toBeVisible();
      await done.getByRole('button', { name: 'Close' }).click();
      await expect(page).toHaveURL(/\/en\/mypage$/);
      await page.getByRole('link', { name: 'Rental details and changes' }).click();
      await expect(boots).toHaveValue(size);
    };
    await changeTo(before === '28.0' ? '27.5' : '28.0');
  });
});
