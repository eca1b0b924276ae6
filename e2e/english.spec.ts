/**
 * The site in English under /en/. The pages translated so far (the frame, the option list and detail,
 * login) in English with `lang`, titles and alternates right, no Japanese outside the catalog's own texts, a
 * language switch that keeps the place, and the browser's language only as a suggestion. One screen in English is a
 * component test: the detail's calendar and party form (apps/web/src/app/routes/detail.dom.test.tsx; the calendar in
 * its card at a phone's width, e2e/calendar-month-title.spec.ts), the coupon list and a coupon with its use form
 * (apps/web/src/features/coupon/components/coupon-views.dom.test.tsx).
 */
import { expectNoSeriousA11yIssues, otherLanguageOutsideContent, shoot } from './support/checks.ts';
import { ownBooking, switchLanguage } from './support/customer.ts';
import { agreeToConsentInEnglish, payOnSandbox } from './support/purchase.ts';
import { expect, test } from './support/test.ts';

test.describe('the English site', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  // The browser here is Japanese: on /en/ it would offer 「日本語で見る」 along the bottom of the screen, over the
  // calendar's last rows when the first open day is late in the month. A visitor who closed it, as these tests are;
  // the offer itself has its own tests below.
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language-suggestion-dismissed', '1'));
  });

  test('the option list: server-rendered in English, with its alternates, and nothing Japanese of ours', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/en/?homencd=03')).text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Things to do | Sakura Travel</title>');
    expect(html).toMatch(/<link rel="alternate" hreflang="ja" href="http:\/\/[^"]+\/\?homencd=03" \/>/);
    expect(html).toMatch(/<link rel="alternate" hreflang="en" href="http:\/\/[^"]+\/en\/\?homencd=03" \/>/);
    expect(html).toMatch(/<link rel="alternate" hreflang="x-default" href="http:\/\/[^"]+\/\?homencd=03" \/>/);
    // Rendered by the server: the list's words are in the HTML before any script runs.
    expect(html).toContain('Things to do</h1>');
    const japanese = await (await request.get('/')).text();
    expect(japanese).toContain('<html lang="ja">');
    expect(japanese).toContain('<title>オプション一覧 | さくらトラベル オプション予約</title>');

    await page.goto('/en/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Things to do');
    await expect(page.locator('#results-count')).toHaveText(/^1–10 of \d+$/);
    await expect(page.getByRole('link', { name: /^See details/ }).first()).toBeVisible();
    await expect(page.getByText('¥', { exact: false }).first()).toBeVisible();

    await page.getByRole('button', { name: 'Filter the list' }).click();
    await page.getByLabel('Region').selectOption({ label: 'Kanto' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/?\?homencd=03/);
    await expect(page.getByRole('link', { name: 'Remove the filter Kanto' })).toBeVisible();
    // The catalog's own texts in English: names, places and keywords, not marked as Japanese.
    // (Options the console's specs made before this one are Japanese only, and marked so.)
    const skytree = page.getByRole('heading', { level: 2, name: /^\[From Tokyo Station\] Tokyo Skytree/ });
    await expect(skytree).toBeVisible();
    await expect(skytree).not.toHaveAttribute('lang');
    await expect(page.getByRole('combobox', { name: 'Region' }).locator('[lang="ja"]')).toHaveCount(0);
    expect(await otherLanguageOutsideContent(page)).toEqual([]);
    await expectNoSeriousA11yIssues(page, { what: '/en/' });
    await shoot(page, 'en-list');
  });

  test('the option detail, and the switch that keeps the option and the search', async ({ page }) => {
    await page.goto('/en/?homencd=03');
    await page.getByRole('link', { name: /^See details.*Tokyo Skytree/ }).click();
    await expect(page).toHaveURL(/\/en\/detail\?opcd=OP0001.*homencd=03/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'What to expect' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Booking information' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\[From Tokyo Station\] Tokyo Skytree/);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveAttribute('lang');
    await expect(page.getByText('Admission to the Tokyo Skytree Tembo Deck')).toBeVisible();
    await expect(page.getByText('This text is available in Japanese only.')).toHaveCount(0);
    await expect(page.getByTestId('headline-facts')).toContainText('Booking');
    await expect(page.getByText(/^\d{1,2} [A-Z][a-z]{2} \d{4} – \d{1,2} [A-Z][a-z]{2} \d{4}$/).first()).toBeVisible();
    expect(await otherLanguageOutsideContent(page)).toEqual([]);
    await expectNoSeriousA11yIssues(page, { what: '/en/detail' });
    await shoot(page, 'en-detail');

    const english = new URL(page.url());
    await switchLanguage(page, '日本語');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    const japanese = new URL(page.url());
    expect(japanese.pathname).toBe('/detail');
    expect(japanese.search).toBe(english.search);
    await expect(page.getByRole('heading', { name: '内容案内' })).toBeVisible();

    await switchLanguage(page, 'English');
    await expect(page).toHaveURL(english.href);
    await page.getByRole('link', { name: 'Back to the list' }).click();
    await expect(page).toHaveURL(/\/en\/?\?homencd=03/);
  });

  test('a card purchase in English: details, review, consent, pay, complete', async ({ page }) => {
    await page.goto('/en/detail?opcd=OP0001');
    await page.getByTestId('availability-calendar').locator('td[data-day] button:not([disabled])').first().click();
    const dialog = page.getByRole('dialog', { name: 'How many people?' });
    await expect(dialog.getByTestId('price-adult')).toHaveText(/^¥[\d,]+$/);
    await dialog.getByLabel('Adult', { exact: true }).selectOption('1');
    await dialog.getByRole('button', { name: 'Continue to your details' }).click();

    await expect(page).toHaveURL(/\/en\/reservation\/member$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your details' })).toBeVisible();
    const leader = page.getByRole('region', { name: 'Lead traveller' });
    // A rule broken shows its message in English, naming the field.
    await leader.getByRole('textbox', { name: 'Family name', exact: true }).fill('SMITH');
    await leader.getByRole('textbox', { name: 'Given name', exact: true }).fill('JANE');
    await leader.getByRole('textbox', { name: 'Date of birth', exact: true }).fill('1988/04/02');
    await leader.getByRole('radio', { name: 'Female' }).check();
    await leader.getByRole('combobox', { name: 'Nationality', exact: true }).selectOption({ label: 'United Kingdom' });
    await leader.getByRole('textbox', { name: 'Phone number', exact: true }).fill('+44 20 7946 0958');
    await leader.getByRole('textbox', { name: 'Email address', exact: true }).fill('not-an-address');
    await page
      .getByRole('region', { name: /^Traveller 1/ })
      .getByRole('checkbox', { name: 'Same as the lead traveller' })
      .check();
    await page.getByRole('button', { name: 'Review your booking' }).click();
    await expect(leader.getByText('Please enter a valid email address.')).toBeVisible();
    await leader.getByRole('textbox', { name: 'Email address', exact: true }).fill('jane.smith@example.com');
    expect(await otherLanguageOutsideContent(page)).toEqual([]);
    await expectNoSeriousA11yIssues(page, { what: '/en/reservation/member' });
    await shoot(page, 'en-member');
    await page.getByRole('button', { name: 'Review your booking' }).click();

    await expect(page).toHaveURL(/\/en\/reservation\/check$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Review your booking' })).toBeVisible();
    await expect(page.getByText('Total (tax included)')).toBeVisible();
    await agreeToConsentInEnglish(page);
    expect(await otherLanguageOutsideContent(page)).toEqual([]);
    await expectNoSeriousA11yIssues(page, { what: '/en/reservation/check' });
    await shoot(page, 'en-check');
    await page.getByRole('button', { name: 'Book and pay' }).click();

    await expect(page.getByRole('heading', { name: 'Card details' })).toBeVisible();
    expect(await otherLanguageOutsideContent(page)).toEqual([]);
    await shoot(page, 'en-card');
    await payOnSandbox(page, '4242424242424242', 'en');
    await expect(page).toHaveURL(/\/en\/reservation\/complete\?processing=success/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your booking is complete' })).toBeVisible();
    await expect(page.getByTestId('rsvno')).toHaveText(/^[A-Z]{2}\d{6}$/);
    expect(await otherLanguageOutsideContent(page)).toEqual([]);
    await expectNoSeriousA11yIssues(page, { what: '/en/reservation/complete' });
    await shoot(page, 'en-complete');
  });

  test('my page in English: the booking, its price and people, the receipt and the cancellation dialogs', async ({
    page,
  }) => {
    const rsvno = await ownBooking(page, 'AA100001');
    await page.goto('/en/login');
    await page.getByLabel('Booking number').fill(rsvno);
    await page.getByLabel('Phone number').fill('090-0000-0000');
    await page.getByRole('button', { name: 'Log in' }).click();
    // The server's refusal, in the page's language.
    await expect(page.getByRole('alert')).toHaveText('The booking number or phone number is not right.');
    await page.getByLabel('Phone number').fill('090-1234-5678');
    await page.getByRole('button', { name: 'Log in' }).click();

    await expect(page).toHaveURL(/\/en\/mypage$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My booking' })).toBeVisible();
    await expect(page.getByTestId('booking-status')).toHaveText('Status: Booked');
    await expect(page.getByTestId('booking-total')).toHaveText(/^¥[\d,]+$/);
    await expect(page.getByRole('heading', { name: 'Travellers' })).toBeVisible();
    expect(await otherLanguageOutsideContent(page)).toEqual([]);
    await expectNoSeriousA11yIssues(page, { what: '/en/mypage' });
    await shoot(page, 'en-mypage');

    await page.getByRole('button', { name: 'Receipt (PDF)' }).click();
    const receipt = page.getByRole('dialog', { name: 'Issue a receipt' });
    await expect(receipt.getByLabel('Name on the receipt')).toBeVisible();
    expect(await otherLanguageOutsideContent(page)).toEqual([]);
    await receipt.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel the booking' });
    await expect(cancel.getByTestId('cancel-fee')).toHaveText(/^¥[\d,]+$/);
    await expect(cancel.getByRole('button', { name: 'Confirm the cancellation' })).toBeDisabled();
    expect(await otherLanguageOutsideContent(page)).toEqual([]);
    await cancel.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/en\/login$/);
  });

  test('login in English stays in English', async ({ page }) => {
    await page.goto('/en/mypage');
    // The login guard sends a visitor who is not logged in to the login page of their language.
    await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fmypage/);
    await expect(page.getByRole('heading', { name: 'My booking' })).toBeVisible();
    await expect(page.getByLabel('Booking number')).toBeVisible();
    await expect(page.getByLabel('Phone number')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeDisabled();
    expect(await otherLanguageOutsideContent(page)).toEqual([]);
    await expectNoSeriousA11yIssues(page, { what: '/en/login' });
    await page.getByRole('link', { name: 'Back to things to do' }).click();
    await expect(page).toHaveURL(/\/en\/?$/);
  });
});

test.describe('the browser asks for English', () => {
  test.use({ locale: 'en-US', viewport: { width: 390, height: 844 } });

  test('a Japanese page suggests the English one in one line, never redirects, and stays closed when closed', async ({
    page,
  }) => {
    await page.goto('/detail?opcd=OP0001');
    await expect(page).toHaveURL(/\/detail\?opcd=OP0001$/);
    const suggestion = page.getByRole('complementary', { name: 'View in English' });
    await expect(suggestion).toContainText('This page is also available in English.');
    await expect(suggestion).toHaveAttribute('lang', 'en');
    await suggestion.getByRole('link', { name: 'View in English' }).click();
    await expect(page).toHaveURL(/\/en\/detail\?opcd=OP0001$/);
    // On the English page, the browser has what it asked for.
    await expect(page.getByRole('complementary', { name: /View in|日本語で見る/ })).toHaveCount(0);

    await page.goto('/');
    await page.getByRole('complementary', { name: 'View in English' }).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('complementary', { name: 'View in English' })).toHaveCount(0);
    await page.reload();
    await expect(page.locator('#results-count')).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'View in English' })).toHaveCount(0);
  });
});
