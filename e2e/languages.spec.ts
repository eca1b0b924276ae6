/**
 * The site in Korean, Traditional Chinese and Simplified Chinese (ADR 0205), on a phone: the list with its search,
 * a detail, a booking paid with the sandbox card, my page and a cancellation. Each page has its `lang`, its
 * language's words (read from the pages' catalogs by their English), no text of another language outside what is
 * marked, and no serious axe violation.
 */
import { LANG_BASE, LANG_NAMES } from '@tabi/contract/i18n';
import { apiText, nextMonthInTokyo, wordsIn } from './support/catalog.ts';
import { expectNoSeriousA11yIssues, otherLanguageOutsideContent, shoot } from './support/checks.ts';
import { payOnSandbox } from './support/purchase.ts';
import { expect, test } from './support/test.ts';

const TEL = '+82 10-1234-5678';

for (const lang of ['ko', 'zh-Hant', 'zh-Hans'] as const) {
  test.describe(LANG_NAMES[lang], () => {
    test.use({ viewport: { width: 390, height: 844 } });
    // The browser here asks for English: a visitor who closed the offer of the English pages.
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('language-suggestion-dismissed', '1'));
    });

    test('the list and its search, a detail, a booking paid by card, my page and a cancellation', async ({
      page,
      request,
    }) => {
      const t = wordsIn(lang);
      const base = LANG_BASE[lang];
      const alerts: string[] = [];
      page.on('dialog', (d) => {
        alerts.push(d.message());
        void d.accept();
      });
      const check = async (what: string) => {
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        expect(await otherLanguageOutsideContent(page), what).toEqual([]);
        await expectNoSeriousA11yIssues(page, { what });
      };

      // The list, rendered by the server in the language, with the alternates of all five.
      const html = await (await request.get(`${base}/`)).text();
      expect(html).toContain(`<html lang="${lang}">`);
      expect(html).toContain(`<title>${t('Things to do', { area: 'common' })} | Sakura Travel</title>`);
      for (const other of ['ja', 'en', 'ko', 'zh-Hant', 'zh-Hans', 'x-default']) {
        expect(html).toContain(`hreflang="${other}"`);
      }
      await page.goto(`${base}/`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('Things to do', { area: 'catalog' }));
      await page.getByRole('button', { name: t('Filter the list') }).click();
      await page.getByLabel(t('Region'), { exact: true }).selectOption({ index: 1 });
      await page.getByRole('button', { name: t('Search'), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${base}/?\\?homencd=`));
      await check(`${base}/`);
      await shoot(page, `${lang}-list`);

      const month = nextMonthInTokyo();
      await page.goto(`${base}/detail?opcd=OP0001&usedate=${month}10`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await check(`${base}/detail`);
      await shoot(page, `${lang}-detail`);
      await page.getByTestId('availability-calendar').locator('td[data-day] button:not([disabled])').first().click();
      const party = page.getByRole('dialog', { name: t('How many people?') });
      await expect(party.getByTestId('price-adult')).toHaveText(/^¥[\d,]+$/);
      await party.getByLabel(t('Adult'), { exact: true }).selectOption('1');
      await party.getByRole('button', { name: t('Continue to your details') }).click();

      await expect(page).toHaveURL(new RegExp(`${base}/reservation/member$`));
      const leader = page.getByRole('region', { name: t('Lead traveller', { area: 'reservation' }) });
      const familyName = leader.getByRole('textbox', { name: t('Family name'), exact: true });
      // Written as at home first: the form's rule says, in the page's language, to write it as in the passport.
      await familyName.fill(lang === 'ko' ? '김' : '林');
      await leader.getByRole('textbox', { name: t('Given name'), exact: true }).fill('MINJI');
      await leader.getByRole('textbox', { name: t('Date of birth'), exact: true }).fill('1992/05/20');
      await leader.getByRole('radio', { name: t('Female') }).check();
      await leader.getByRole('combobox', { name: t('Nationality'), exact: true }).selectOption({ index: 1 });
      await leader.getByRole('textbox', { name: t('Phone number', { area: 'reservation' }), exact: true }).fill(TEL);
      await leader
        .getByRole('textbox', { name: t('Email address', { area: 'reservation' }), exact: true })
        .fill('minji.kim@example.com');
      await page
        .getByRole('region', { name: new RegExp(`^${t('Traveller {n}', { values: { n: 1 } })}`) })
        .getByRole('checkbox', { name: t('Same as the lead traveller') })
        .check();
      await page.getByRole('button', { name: t('Review your booking', { area: 'reservation' }) }).click();
      await expect(leader.getByText(apiText(lang, 'nameRoman'))).toBeVisible();
      await check(`${base}/reservation/member`);
      await shoot(page, `${lang}-member`);
      await familyName.fill('KIM');
      await expect(leader.getByText(apiText(lang, 'nameRoman'))).toBeHidden();
      await page.getByRole('button', { name: t('Review your booking', { area: 'reservation' }) }).click();

      await expect(page).toHaveURL(new RegExp(`${base}/reservation/check$`));
      await expect(page.getByText(t('Total (tax included)'))).toBeVisible();
      await page.getByRole('button', { name: t('Read the documents') }).click();
      const consent = page.getByRole('dialog', { name: t('Consent documents') });
      await consent
        .getByRole('checkbox', {
          name: t('I agree to receive the travel conditions and other documents electronically'),
        })
        .check();
      await consent.getByRole('checkbox', { name: t('I agree to the handling of my personal information') }).check();
      await consent.getByRole('button', { name: t('Agree and go back') }).click();
      await check(`${base}/reservation/check`);
      await shoot(page, `${lang}-check`);
      await page.getByRole('button', { name: t('Book and pay') }).click();

      // The sandbox card page speaks the page's language too.
      await expect(page).toHaveURL(/\/sandbox\/checkout\//);
      await check(`the sandbox card page in ${lang}`);
      await payOnSandbox(page, '4242424242424242', lang);
      await expect(page).toHaveURL(new RegExp(`${base}/reservation/complete\\?processing=success`));
      await expect(page.getByRole('heading', { level: 1, name: t('Your booking is complete') })).toBeVisible();
      const rsvno = (await page.getByTestId('rsvno').textContent()) ?? '';
      expect(rsvno).toMatch(/^[A-Z]{2}\d{6}$/);
      await check(`${base}/reservation/complete`);

      // My page: a wrong phone number refused in the language, then the booking and its cancellation.
      await page.goto(`${base}/login`);
      await page.getByLabel(t('Booking number', { area: 'auth' })).fill(rsvno);
      await page.getByLabel(t('Phone number', { area: 'auth' })).fill('090-0000-0000');
      await page.getByRole('button', { name: t('Log in', { area: 'auth' }) }).click();
      // The server's refusal, in the page's language (the API's catalog, ADR 0206).
      await expect(page.getByRole('alert')).toHaveText(apiText(lang, 'loginFailed'));
      await check(`${base}/login`);
      await page.getByLabel(t('Phone number', { area: 'auth' })).fill(TEL);
      await page.getByRole('button', { name: t('Log in', { area: 'auth' }) }).click();
      await expect(page).toHaveURL(new RegExp(`${base}/mypage$`));
      await expect(page.getByTestId('booking-status')).toHaveText(`${t('Status: ')}${t('Booked')}`);
      await check(`${base}/mypage`);
      await shoot(page, `${lang}-mypage`);

      await page.getByRole('button', { name: t('Cancel booking') }).click();
      const cancel = page.getByRole('dialog', { name: t('Cancel the booking') });
      await expect(cancel.getByTestId('cancel-fee')).toHaveText(/^¥[\d,]+$/);
      await cancel
        .getByRole('checkbox', { name: t('I have read the cancellation policy and fee, and I agree to cancel') })
        .check();
      await check(`${base}/mypage (the cancellation)`);
      await cancel.getByRole('button', { name: t('Confirm the cancellation') }).click();
      await expect.poll(() => alerts).toContain(t('Your booking has been cancelled.', { area: 'mypage' }));
      await expect(page.getByTestId('booking-status')).toHaveText(`${t('Status: ')}${t('Cancelled')}`);
    });
  });
}
