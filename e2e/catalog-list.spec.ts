import type { Page } from '@playwright/test';
import { addDays, formatYmd, tokyoYmd } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import { expectNoSeriousA11yIssues } from './support/checks.ts';
import { expect, test } from './support/test.ts';

const shots = process.env.SHOTS_DIR;

function results(page: Page) {
  return page.locator('#results-count');
}

function cards(page: Page) {
  return page.locator('article[data-opcd]');
}

test.describe('option list search', () => {
  test('region → area → city cascade with its resets and hints', async ({ page }) => {
    await page.goto('/');
    const region = page.getByLabel('方面');
    const area = page.getByLabel('地域（エリア）');
    const city = page.getByLabel('都市');

    await expect(region.locator('option').first()).toHaveText(Msg.allRegions);
    await expect(page.getByLabel('出発地').locator('option').first()).toHaveText(Msg.allFromspots);
    await expect(area).toBeDisabled();
    await expect(city).toBeDisabled();
    await expect(page.getByText(Msg.areaHint)).toBeVisible();
    await expect(page.getByText(Msg.cityHint)).toBeVisible();

    await region.selectOption({ label: '関東' });
    await expect(area).toBeEnabled();
    await expect(area.locator('option', { hasText: '箱根' })).toHaveCount(1);
    await expect(page.getByText(Msg.areaHint)).toHaveCount(0);
    await expect(city).toBeDisabled();

    await area.selectOption({ label: '東京' });
    await expect(city).toBeEnabled();
    await expect(page.getByText(Msg.cityHint)).toHaveCount(0);
    await expect(city.locator('option', { hasText: '台東区' })).toHaveCount(1);
    await city.selectOption({ label: '台東区' });

    // A new area clears the city; a new region clears area and city and reloads the areas.
    await area.selectOption({ label: '箱根' });
    await expect(city).toHaveValue('');
    await expect(city.locator('option', { hasText: '箱根町' })).toHaveCount(1);
    await expect(city.locator('option', { hasText: '台東区' })).toHaveCount(0);

    await region.selectOption({ label: '近畿' });
    await expect(area).toHaveValue('');
    await expect(city).toHaveValue('');
    await expect(city).toBeDisabled();
    await expect(area.locator('option', { hasText: '京都' })).toHaveCount(1);
    await expect(area.locator('option', { hasText: '箱根' })).toHaveCount(0);
  });

  test('searching by keyword and by region puts the conditions in the URL', async ({ page }) => {
    await page.goto('/?md=M123');
    await expect(results(page)).toContainText('件 (全');
    await page.getByRole('checkbox', { name: '温泉' }).check();
    await page.getByRole('button', { name: Msg.search }).click();
    await expect(page).toHaveURL(/keycd=K06/);
    await expect(page).toHaveURL(/md=M123/);
    await expect(results(page)).toHaveText(/^1～\d+ 件 \(全 \d+ 件\)$/);
    // The URL changes before the new page of results replaces the old one: wait for the list itself.
    const keywordsOf = () => cards(page).getByRole('list', { name: 'キーワード' }).allInnerTexts();
    await expect.poll(async () => (await keywordsOf()).every((k) => k.includes('温泉'))).toBe(true);
    expect((await keywordsOf()).length).toBeGreaterThan(0);

    await page.getByLabel('方面').selectOption({ label: '関東' });
    await page.getByRole('button', { name: Msg.search }).click();
    await expect(page).toHaveURL(/homencd=03/);
    await expect(results(page)).toHaveText(/^1～\d+ 件 \(全 \d+ 件\)$/);
    await expect
      .poll(async () => (await cards(page).allInnerTexts()).every((t) => t.includes('温泉') && t.includes('関東 ／')))
      .toBe(true);
    await expect(cards(page).first()).toContainText('関東 ／');
  });

  test('searching by use date accepts yyyyMMdd and keeps it in the URL', async ({ page }) => {
    const day = addDays(tokyoYmd(new Date()), 7);
    await page.goto('/');
    const input = page.getByLabel('利用日', { exact: true });
    await input.fill(day);
    await input.press('Enter');
    await expect(input).toHaveValue(formatYmd(day));
    await page.getByRole('button', { name: Msg.search }).click();
    await expect(page).toHaveURL(new RegExp(`usedate=${day}`));
    await expect(results(page)).toHaveText(/件 \(全 \d+ 件\)/);
    expect(await cards(page).count()).toBeGreaterThan(0);

    // Days before yesterday are refused, typed or picked.
    await input.fill(addDays(tokyoYmd(new Date()), -3));
    await input.press('Enter');
    await expect(page.getByText(Msg.invalidDate)).toBeVisible();
    await page.getByRole('button', { name: '利用日をカレンダーから選ぶ' }).click();
    const twoDaysAgo = addDays(tokyoYmd(new Date()), -2);
    const iso = `${twoDaysAgo.slice(0, 4)}-${twoDaysAgo.slice(4, 6)}-${twoDaysAgo.slice(6)}`;
    const cell = page.locator(`td[data-day="${iso}"] button`);
    if ((await cell.count()) > 0) await expect(cell).toBeDisabled();
    const yesterday = addDays(tokyoYmd(new Date()), -1);
    const yIso = `${yesterday.slice(0, 4)}-${yesterday.slice(4, 6)}-${yesterday.slice(6)}`;
    const yCell = page.locator(`td[data-day="${yIso}"] button`);
    if ((await yCell.count()) > 0) {
      await yCell.click();
      await expect(input).toHaveValue(formatYmd(yesterday));
    }
  });

  test('pagination: page 2 is in the URL and shows other options', async ({ page }) => {
    await page.goto('/?md=PG');
    await expect(results(page)).toHaveText(/^1～10 件 \(全 \d+ 件\)$/);
    const firstOnPage1 = await cards(page).first().getAttribute('data-opcd');
    const top = page.getByRole('navigation', { name: 'ページ送り（上）' });
    const bottom = page.getByRole('navigation', { name: 'ページ送り（下）' });
    await expect(top).toBeVisible();
    await expect(bottom).toBeVisible();
    await expect(top.locator('[aria-current="page"]')).toHaveText('1');
    await expect(top.locator('[aria-disabled="true"]').first()).toContainText('前へ');

    await top.getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/md=PG/);
    await expect(results(page)).toHaveText(/^11～20 件 \(全 \d+ 件\)$/);
    await expect(top.locator('[aria-current="page"]')).toHaveText('2');
    await expect(cards(page).first()).not.toHaveAttribute('data-opcd', firstOnPage1 ?? '');

    await bottom.getByRole('link', { name: '前へ' }).click();
    await expect(page).not.toHaveURL(/page=/);
    await expect(results(page)).toHaveText(/^1～10 件/);
  });

  test('no pagination when the results fit on one page', async ({ page }) => {
    await page.goto('/?homencd=03&areacd=0301&citycd=030102');
    await expect(results(page)).toHaveText(/^1～\d 件 \(全 \d 件\)$/);
    await expect(page.getByRole('navigation', { name: /ページ送り/ })).toHaveCount(0);
  });

  test('the search is restored from the URL after a reload, cascading lists included', async ({ page }) => {
    await page.goto('/?homencd=03&areacd=0301&citycd=030102&fromspotcd=1302&keycd=K01,K02&md=R1');
    const check = async () => {
      await expect(page.getByLabel('方面')).toHaveValue('03');
      await expect(page.getByLabel('地域（エリア）')).toHaveValue('0301');
      await expect(page.getByLabel('都市')).toHaveValue('030102');
      await expect(page.getByLabel('出発地')).toHaveValue('1302');
      await expect(page.getByRole('checkbox', { name: '日帰り' })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: '食事付き' })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: '温泉' })).not.toBeChecked();
      await expect(cards(page).first()).toHaveAttribute('data-opcd', 'OP0001');
    };
    await check();
    await page.reload();
    await check();

    await page.getByRole('link', { name: Msg.resetSearch }).click();
    await expect(page).toHaveURL(/\/\?md=R1$/);
    await expect(page.getByLabel('方面')).toHaveValue('');
    await expect(page.getByLabel('地域（エリア）')).toBeDisabled();
    await expect(page.getByLabel('出発地')).toHaveValue('');
    await expect(page.getByRole('checkbox', { name: '日帰り' })).not.toBeChecked();
  });

  test("a card shows the option's fields and links to its detail with the search", async ({ page }) => {
    await page.goto('/?homencd=03&areacd=0301&citycd=030102&md=CARD');
    const card = page.locator('article[data-opcd="OP0001"]');
    await expect(card.getByRole('heading', { level: 2 })).toContainText('日帰りバスツアー');
    await expect(card.locator('figure img')).toHaveAttribute('src', /.+/);
    await expect(card.locator('figure figcaption')).not.toBeEmpty();
    await expect(card.getByRole('list', { name: 'キーワード' }).getByRole('listitem')).toHaveCount(4);
    await expect(card).toContainText(/利用期間\s*\d{4}\/\d{2}\/\d{2}～\d{4}\/\d{2}\/\d{2}/);
    await expect(card).toContainText(/出発地\s*東京駅/);
    await expect(card).toContainText('関東 ／ 東京 ／ 台東区');
    await expect(card).toContainText(Msg.perAdult);
    await expect(card.getByTestId('price-range')).toHaveText(/^￥\d{1,3}(,\d{3})+(～￥\d{1,3}(,\d{3})+)?$/);
    await expect(card).toContainText(/商品コード\s*OP0001/);
    await expect(card.locator('.badge-request')).toHaveCount(0);
    const link = card.getByRole('link', { name: /詳細を見る/ });
    await expect(link).toHaveAttribute('href', /^\/detail\?opcd=OP0001&.*homencd=03.*md=CARD/);

    const request = page.locator('article[data-opcd="OP0002"]');
    await expect(request.getByText(Msg.requestBadge)).toBeVisible();
    await expect(request).toContainText(/出発地\s*現地集合/);

    await link.click();
    await expect(page).toHaveURL(/\/detail\?opcd=OP0001&.*md=CARD/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('日帰りバスツアー');
  });
});

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

  test('a page past the last says so and links back to the first', async ({ page }) => {
    await page.goto('/?page=99');
    await expect(results(page)).toContainText('0 件 (全');
    await expect(page.getByText('このページに表示するオプションはありません。')).toBeVisible();
    await page.getByRole('link', { name: '最初のページへ戻る' }).click();
    await expect(results(page)).toContainText('1～10 件 (全');
  });
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`the list has no serious accessibility violations at ${viewport.width}px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/?md=AX');
    await expect(cards(page).first()).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    if (shots) await page.screenshot({ path: `${shots}/list-${viewport.width}-full.png`, fullPage: true });
    if (viewport.width === 390) {
      await page.getByRole('button', { name: /検索条件を指定する/ }).click();
      await expect(page.getByLabel('方面')).toBeVisible();
      await expectNoSeriousA11yIssues(page);
    } else if (shots) {
      await page.screenshot({ path: `${shots}/list-1280.png` });
    }
  });
}
