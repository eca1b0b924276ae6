import type { Page } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/checks.ts';
import { expect, test } from './support/test.ts';

/** Issue 14 "Pages that sell": screenshots at the three sizes it names, into SHOTS_DIR when set. */
async function shootSizes(page: Page, name: string, before?: () => Promise<void>) {
  const shots = process.env.SHOTS_DIR;
  if (!shots) return;
  for (const [width, height] of [
    [390, 844],
    [320, 640],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    if (before) await before();
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
}

function cards(page: Page) {
  return page.locator('article[data-opcd]');
}

/** The "from" price of each card on the page, in yen. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await cards(page).getByTestId('price-range').allTextContents();
  return texts.map((t) => Number((t.match(/[\d,]+/)?.[0] ?? '0').replaceAll(',', ''))).filter((p) => p > 0);
}

test.describe('list that sells (issue 14)', () => {
  test('sorts by price through the sort query and back to おすすめ順', async ({ page }) => {
    await page.goto('/');
    const sort = page.getByLabel('並び替え');
    await expect(sort).toHaveValue('recommended');
    const recommended = await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-opcd')));

    const request = page.waitForRequest((r) => r.url().includes('/api/option?') && r.url().includes('sort=price_asc'));
    await sort.selectOption({ label: '料金の安い順' });
    await request;
    await expect(page).toHaveURL(/[?&]sort=price_asc/);
    await expect
      .poll(async () => {
        const prices = await cardPrices(page);
        return prices.join() === [...prices].sort((a, b) => a - b).join() && prices.length > 0;
      })
      .toBe(true);

    await sort.selectOption({ label: '料金の高い順' });
    await expect(page).toHaveURL(/[?&]sort=price_desc/);
    await expect
      .poll(async () => {
        const prices = await cardPrices(page);
        return prices.join() === [...prices].sort((a, b) => b - a).join() && prices.length > 0;
      })
      .toBe(true);

    await sort.selectOption({ label: 'おすすめ順' });
    await expect(page).not.toHaveURL(/sort=/);
    await expect
      .poll(() => cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-opcd'))))
      .toEqual(recommended);
  });

  test('shows a removable chip for each condition; removing the region takes its area along', async ({ page }) => {
    await page.goto('/?homencd=03&areacd=0301&keycd=K01');
    const chips = page.getByRole('list', { name: '絞り込み中の条件' });
    await expect(chips.getByRole('button')).toHaveCount(3);
    await expect(chips.getByRole('button', { name: '関東の条件を外す' })).toBeVisible();
    await expect(chips.getByRole('button', { name: '東京の条件を外す' })).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    await chips.getByRole('button', { name: '関東の条件を外す' }).click();
    await expect(page).toHaveURL(/\/\?keycd=K01$/);
    await expect(chips.getByRole('button')).toHaveCount(1);
    await expect(page.getByLabel('方面')).toHaveValue('');
    await chips.getByRole('button').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('list', { name: '絞り込み中の条件' })).toHaveCount(0);
  });

  test('最近見た商品 lists the options this browser opened, newest first', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: '最近見た商品' })).toHaveCount(0);
    for (const opcd of ['OP0001', 'OP0003']) {
      await page.goto(`/detail?opcd=${opcd}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await page.goto('/?sort=price_asc');
    const recent = page.getByRole('region', { name: '最近見た商品' });
    await expect(recent.getByRole('link')).toHaveCount(2);
    await expect(recent.getByRole('link').first()).toHaveAttribute('href', /opcd=OP0003/);
    await expect(recent.getByRole('link').first()).toContainText(/￥[\d,]+〜/);
    await expectNoSeriousA11yIssues(page);
    await shootSizes(page, 'sell-list');
  });
});
