/**
 * The option list where only a browser will do: the phone's search sheet over the page (popover, scroll lock), the
 * page the server rendered answering taps before its script arrives and working as plain links and forms without it.
 * Its scans with every axe rule, the search sheet's included, are in accessibility.spec.ts. The list's one-screen
 * checks (the place cascade, searches and pages in the URL, the search read back from an address, the cards, a page
 * past the last) are component tests: apps/web/src/app/routes/index.dom.test.tsx.
 */
import type { Page } from '@playwright/test';
import { Msg } from '@tabi/contract/messages';
import { expect, test } from './support/test.ts';

const shots = process.env.SHOTS_DIR;

function results(page: Page) {
  return page.locator('#results-count');
}

function cards(page: Page) {
  return page.locator('article[data-opcd]');
}

test.describe('option list on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the search panel opens over the page, locks scrolling and closes after searching', async ({ page }) => {
    await page.goto('/');
    await expect(results(page)).toContainText('件 (全');
    const toggle = page.getByRole('button', { name: /検索条件を指定する/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('方面')).toBeHidden();
    if (shots) await page.screenshot({ path: `${shots}/list-390.png`, fullPage: false });

    await toggle.click();
    await expect(page.getByLabel('方面')).toBeVisible();
    await expect(page.locator('body')).toHaveClass(/scroll-locked/);
    await page.getByRole('checkbox', { name: '日帰り' }).check();
    if (shots) await page.screenshot({ path: `${shots}/list-390-panel.png` });

    await page.getByRole('button', { name: Msg.search }).click();
    await expect(page).toHaveURL(/keycd=K01/);
    await expect(page.getByLabel('方面')).toBeHidden();
    await expect(page.locator('body')).not.toHaveClass(/scroll-locked/);
    await expect(page.getByRole('button', { name: /検索条件を指定する/ })).toContainText('1件指定中');

    // Closing without 検索する drops what was chosen since: the panel agrees with the list again.
    await page.getByRole('button', { name: /検索条件を指定する/ }).click();
    await expect(page.locator('body')).toHaveClass(/scroll-locked/);
    await page.getByRole('checkbox', { name: '温泉' }).check();
    await page.getByRole('button', { name: Msg.close, exact: true }).click();
    await expect(page.locator('body')).not.toHaveClass(/scroll-locked/);
    await page.getByRole('button', { name: /検索条件を指定する/ }).click();
    await expect(page.getByRole('checkbox', { name: '温泉' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: '日帰り' })).toBeChecked();
  });

  test('on a slow line the list answers taps before its script has arrived, and keeps them', async ({ page }) => {
    // The app's entry script is held back: the page the server rendered is all there is until it is let through.
    let letScriptThrough = () => {};
    const scriptHeld = new Promise<void>((resolve) => {
      letScriptThrough = resolve;
    });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await scriptHeld;
      await route.continue();
    });
    const opened = page.goto('/?md=SLOW');
    await expect(cards(page).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();

    // The sheet opens natively; a region and a keyword are chosen before the app is live.
    await page.getByRole('button', { name: /検索条件を指定する/ }).click();
    await expect(page.getByRole('heading', { name: '検索条件' })).toBeVisible();
    await page.getByLabel('方面').selectOption({ label: '関東' });
    await page.getByRole('checkbox', { name: '日帰り' }).check();

    // The app takes the page over with both choices, and the area the region opens.
    letScriptThrough();
    await opened;
    await expect(page.getByLabel('方面')).toHaveValue('03');
    await expect(page.getByRole('checkbox', { name: '日帰り' })).toBeChecked();
    await expect(page.getByLabel('地域（エリア）')).toBeEnabled();
    await page.getByRole('button', { name: Msg.search }).click();
    await expect(page).toHaveURL(/\/\?homencd=03&keycd=K01&md=SLOW$/);
    await expect(page.locator('body')).not.toHaveClass(/scroll-locked/);
  });

  test('before its script has arrived, the search form and the chips work as plain links and forms', async ({
    page,
  }) => {
    // A page of its own, without the fixture's wait for the app, which never comes here: its script is refused.
    const bare = await page.context().newPage();
    await bare.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
    await bare.goto('/?homencd=03&keycd=K01,K05&md=NOJS');
    const chips = bare.getByRole('list', { name: '絞り込み中の条件' });
    await expect(chips.getByRole('link')).toHaveCount(3);
    await chips.getByRole('link', { name: '関東の条件を外す' }).click();
    await expect(bare).toHaveURL(/\/\?keycd=K01%2CK05&md=NOJS$/);

    await bare.getByRole('button', { name: /検索条件を指定する/ }).click();
    await bare.getByRole('checkbox', { name: '絶景' }).uncheck();
    await bare.getByRole('textbox', { name: '利用日' }).fill('2027/01/15');
    await bare.getByRole('button', { name: Msg.search }).click();
    await expect(bare).toHaveURL(/usedate=2027%2F01%2F15/);
    await expect(chips.getByRole('link')).toHaveCount(2);
    await expect(chips).toContainText('2027/01/15');
    expect(await bare.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
    await bare.close();
  });

  test.describe('as most visitors have it, scrolling smoothly', () => {
    // A scroll to the top made smoothly on Back lost the visitor's place; with reduced motion the browser's own
    // restoration came after it and hid that.
    test.use({ reducedMotion: 'no-preference' });

    test('Back from a detail comes back where the visitor was on the list, and a new page starts at its top', async ({
      page,
    }) => {
      await page.goto('/');
      const fourth = cards(page).nth(3);
      await fourth.getByRole('link', { name: '詳細を見る' }).scrollIntoViewIfNeeded();
      const left = await page.evaluate(() => window.scrollY);
      expect(left).toBeGreaterThan(1500);
      await fourth.getByRole('link', { name: '詳細を見る' }).click();
      await expect(page).toHaveURL(/\/detail\?opcd=/);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

      await page.goBack();
      await expect(cards(page)).toHaveCount(10);
      // Cards out of view keep a placeholder height until they come near (content-visibility), and the list may gain a
      // "recently viewed" box: near the same place, not the same pixel.
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(left - 500);
      await expect(fourth).toBeInViewport();
    });
  });
});
