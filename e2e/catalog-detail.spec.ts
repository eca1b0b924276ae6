import type { Locator, Page } from '@playwright/test';
import { addDays, addMonths, monthStart, tokyoYmd } from '@tabi/contract/dates';
import { Msg } from '@tabi/contract/messages';
import { type SalesCutoff, salesClosed } from '@tabi/contract/sales-cutoff';
import { expectNoSeriousA11yIssues } from './support/checks.ts';
import { xsrfToken } from './support/customer.ts';
import { expect, test } from './support/test.ts';

const shots = process.env.SHOTS_DIR;
/** OP0014's seeded stock from today on, repeating (apps/server/src/seed/stock.ts). */
const OP0014_PATTERN = [8, 0, 15, 3, 0, 20, 1, 12, 5, 0, 25, 9, 18, 2];

function today(): string {
  return tokyoYmd(new Date());
}

function caption(ymd: string): string {
  return `${Number(ymd.slice(0, 4))}年${Number(ymd.slice(4, 6))}月`;
}

function iso(ymd: string): string {
  return `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6)}`;
}

function calendar(page: Page): Locator {
  return page.getByTestId('availability-calendar');
}

function dayCell(page: Page, ymd: string): Locator {
  return calendar(page).locator(`td[data-day="${iso(ymd)}"]`);
}

/** Moves the calendar forward to the month of `ymd`. */
async function showMonth(page: Page, ymd: string): Promise<void> {
  let month = monthStart(today());
  while (month < monthStart(ymd)) {
    await calendar(page).getByRole('button', { name: '次の月' }).click();
    month = addMonths(month, 1);
    await expect(calendar(page).getByText(caption(month), { exact: true })).toBeVisible();
  }
  await expect(dayCell(page, ymd)).toBeVisible();
}

test.describe('option detail', () => {
  test('OP0001 shows every section, the tabs, the gallery, the map and the organiser', async ({ page }) => {
    await page.goto('/detail?opcd=OP0001&homencd=03&md=DT');
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toContainText('日帰りバスツアー');
    await expect(page).toHaveTitle(/日帰りバスツアー/);
    await expect(page.locator('.badge-request')).toHaveCount(0);

    const back = page.getByRole('link', { name: Msg.backToList });
    await expect(back).toHaveAttribute('href', '/?homencd=03&md=DT');

    const main = page.getByRole('main');
    await expect(main).toContainText(/利用期間\s*\d{4}\/\d{2}\/\d{2}～\d{4}\/\d{2}\/\d{2}/);
    await expect(main).toContainText('関東 ／ 東京 ／ 台東区');
    await expect(main).toContainText(/出発地\s*東京駅/);
    await expect(main).toContainText(/集合場所\s*東京駅八重洲南口/);
    await expect(main).toContainText(/商品コード\s*OP0001/);
    await expect(page.getByRole('list', { name: 'キーワード' }).getByRole('listitem')).toHaveCount(4);

    for (const [id, name] of [
      ['content-guide', '内容案内'],
      ['price', '旅行代金'],
      ['application-guide', '申込案内'],
    ] as const) {
      await expect(page.locator(`section#${id}`).getByRole('heading', { level: 2, name })).toBeVisible();
    }
    const tabs = page.getByRole('navigation', { name: 'ページ内メニュー' });
    await tabs.getByRole('link', { name: '申込案内' }).click();
    await expect(page).toHaveURL(/#application-guide$/);
    await expect(page.locator('#application-guide')).toBeInViewport();
    await tabs.getByRole('link', { name: '旅行代金' }).click();
    await expect(page).toHaveURL(/#price$/);
    await expect(page.locator('#price')).toBeInViewport();
    await tabs.getByRole('link', { name: '内容案内' }).click();
    await expect(page.locator('#content-guide')).toBeInViewport();

    await expect(main.getByRole('heading', { name: '施設情報' })).toBeVisible();
    await expect(main).toContainText('さくら観光バス株式会社');
    await expect(main).toContainText('03-5555-0101');
    await expect(main.getByRole('heading', { name: '注意事項' })).toBeVisible();
    await expect(main.getByRole('heading', { name: /取消料/ })).toBeVisible();
    const map = page.locator('iframe[title]');
    await expect(map).toHaveAttribute('src', 'https://maps.google.com/maps?q=35.6812,139.7671&z=15&output=embed');
    await expect(map).toHaveAttribute('loading', 'lazy');

    const organiser = page.getByRole('region', { name: '旅行企画・実施' });
    await expect(organiser).toContainText('さくらトラベル株式会社');
    await expect(organiser).toContainText('観光庁長官登録旅行業第0000号');
    await expect(organiser).toContainText('日本旅行業協会');

    await expect(page.locator('#price')).toContainText('大人１名様あたり');
    await expect(page.locator('#price')).not.toContainText('リクエスト商品です');
  });

  test('the gallery has captions and ten thumbnails per view with their own buttons', async ({ page }) => {
    await page.goto('/detail?opcd=OP0001');
    const thumbs = page.getByRole('list', { name: 'サムネイル' }).getByRole('button');
    await expect(thumbs.nth(11)).toBeAttached();
    await expect(page.locator('figure figcaption').first()).not.toBeEmpty();
    await expect(thumbs.first()).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('button', { name: '前のサムネイル' })).toBeDisabled();
    await expect(thumbs.nth(9)).toBeInViewport();
    await expect(thumbs.nth(10)).not.toBeInViewport();

    await thumbs.nth(2).click();
    await expect(thumbs.nth(2)).toHaveAttribute('aria-current', 'true');
    await expect(page.getByTestId('gallery-counter')).toHaveText(/3 \/ \d+$/);

    await page.getByRole('button', { name: '次のサムネイル' }).click();
    await expect(thumbs.nth(10)).toBeInViewport();
    await expect(page.getByRole('button', { name: '前のサムネイル' })).toBeEnabled();

    await page.getByRole('button', { name: '次の写真' }).click();
    await expect(page.getByTestId('gallery-counter')).toHaveText(/4 \/ \d+$/);
    await page.getByRole('region', { name: /写真（左右キーで切り替え）/ }).press('ArrowLeft');
    await expect(page.getByTestId('gallery-counter')).toHaveText(/3 \/ \d+$/);
  });

  test('a request item shows its badge and the e-mail note', async ({ page }) => {
    await page.goto('/detail?opcd=OP0002');
    await expect(page.getByRole('main').getByText(Msg.requestBadge).first()).toBeVisible();
    await expect(page.locator('#price')).toContainText('メールにてご連絡');
    await expect(page.locator('#price')).toContainText('大人１名様あたり');
  });

  test('an unknown option alerts and goes back to the list', async ({ page }) => {
    const alerts: string[] = [];
    page.on('dialog', async (dialog) => {
      alerts.push(dialog.message());
      await dialog.accept();
    });
    await page.goto('/detail?opcd=NOPE99&md=X1');
    await expect(page).toHaveURL(/\/\?md=X1$/);
    expect(alerts.length).toBe(1);
    expect(alerts[0]).not.toBe('');
  });
});

test.describe('availability calendar', () => {
  test('moves by month but never before the current one', async ({ page }) => {
    await page.goto('/detail?opcd=OP0001');
    const cal = calendar(page);
    const thisMonth = monthStart(today());
    const prev = cal.getByRole('button', { name: '前の月' });
    const next = cal.getByRole('button', { name: '次の月' });
    await expect(cal.getByText(caption(thisMonth), { exact: true })).toBeVisible();
    await expect(prev).toBeDisabled();
    await expect(cal.locator('th').first()).toHaveText('日');
    await expect(cal.locator('th').last()).toHaveText('土');
    // Only the month's own days: no outside days, no padding week.
    const lastDay = addDays(addMonths(thisMonth, 1), -1);
    await expect(cal.locator('td[data-day] button')).toHaveCount(Number(lastDay.slice(6)));

    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/option/OP0001')) requests.push(r.url());
    });
    await next.click();
    await expect(cal.getByText(caption(addMonths(thisMonth, 1)), { exact: true })).toBeVisible();
    await expect(prev).toBeEnabled();
    await expect.poll(() => requests.some((u) => u.includes(`usedate=${addMonths(thisMonth, 1)}`))).toBe(true);
    await expect(cal.locator('td[data-day] button:not([disabled])').first()).toBeVisible();

    await prev.click();
    await expect(cal.getByText(caption(thisMonth), { exact: true })).toBeVisible();
    await expect(prev).toBeDisabled();
  });

  test('starts at the month of the usedate query', async ({ page }) => {
    const target = addMonths(today(), 2);
    await page.goto(`/detail?opcd=OP0001&usedate=${addDays(target, 4)}`);
    await expect(calendar(page).getByText(caption(target), { exact: true })).toBeVisible();
  });

  test('shows ○, digits and blanks and refuses sold-out, past and closed days (OP0014)', async ({ page }) => {
    await page.goto('/detail?opcd=OP0014');
    const t = today();
    const cutoff = (await (await page.request.get('/api/option/OP0014')).json()).response.sales_cutoff as SalesCutoff;
    for (let offset = 0; offset < OP0014_PATTERN.length; offset++) {
      const day = addDays(t, offset);
      if (monthStart(day) !== monthStart(t)) break;
      // Today's bus leaves at 08:00: its sales close at 06:00 (ADR 0191), after which the day is blank too.
      const stock = salesClosed(day, cutoff, new Date()) ? 0 : (OP0014_PATTERN[offset] ?? 0);
      const cell = dayCell(page, day);
      const mark = cell.getByTestId('stock-mark');
      if (stock === 0) {
        await expect(mark).toHaveText('');
        await expect(cell.getByRole('button')).toBeDisabled();
        await expect(cell.getByTestId('day-price')).toHaveText('');
      } else {
        await expect(mark).toHaveText(stock >= 10 ? '○' : String(stock));
        await expect(cell.getByRole('button')).toBeEnabled();
        await expect(cell.getByTestId('day-price')).toHaveText(/^￥\d{1,3}(,\d{3})*$/);
      }
    }
    if (t.slice(6) !== '01') {
      await expect(dayCell(page, addDays(t, -1)).getByRole('button')).toBeDisabled();
      await expect(dayCell(page, addDays(t, -1)).getByTestId('stock-mark')).toHaveText('');
    }

    // The sold-out days of the next stretch, wherever the month boundary falls.
    const soldOut = OP0014_PATTERN.map((s, i) => [s, i] as const)
      .filter(([s]) => s === 0)
      .map(([, i]) => addDays(t, i + 14));
    await showMonth(page, soldOut[0] ?? t);
    await expect(dayCell(page, soldOut[0] ?? t).getByRole('button')).toBeDisabled();
  });
});

test.describe('party-count form', () => {
  test('bounds follow max − others, the total follows the prices, and the way on to applicant entry', async ({
    page,
  }) => {
    await page.goto('/detail?opcd=OP0001&md=PARTY');
    const day = addDays(today(), 3);
    await showMonth(page, day);
    let chosen = day;
    for (let i = 3; i < 40; i++) {
      const candidate = addDays(today(), i);
      if (monthStart(candidate) !== monthStart(day)) continue;
      if ((await dayCell(page, candidate).getByTestId('stock-mark').textContent()) === '○') {
        chosen = candidate;
        break;
      }
    }
    await dayCell(page, chosen).getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: 'ご利用人数の選択' });
    await expect(dialog).toBeVisible();
    const proceed = dialog.getByRole('button', { name: '申込者情報の入力へ' });
    const adult = dialog.getByLabel('大人');
    const child = dialog.getByLabel('小人');
    const infant = dialog.getByLabel('幼児');
    await expect(dialog.getByLabel('中人')).toHaveCount(0);
    await expect(adult).toHaveValue('1');
    await expect(child).toHaveValue('0');
    await expect(dialog).toContainText('利用可能人数：1名～8名');
    await expect(dialog.getByTestId('price-adult')).toHaveText(/^￥[\d,]+$/);
    await expect(proceed).toBeEnabled();

    const optionsOf = async (select: Locator) => (await select.locator('option').allTextContents()).length - 1;
    expect(await optionsOf(adult)).toBe(8);
    expect(await optionsOf(child)).toBe(7);
    await child.selectOption('3');
    expect(await optionsOf(adult)).toBe(5);
    expect(await optionsOf(infant)).toBe(4);
    await adult.selectOption('2');
    expect(await optionsOf(child)).toBe(6);
    expect(await optionsOf(infant)).toBe(3);

    const yen = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));
    const adultPrice = yen(await dialog.getByTestId('price-adult').textContent());
    const childPrice = yen(await dialog.getByTestId('price-child').textContent());
    expect(adultPrice).toBeGreaterThan(0);
    await expect(dialog.getByTestId('party-total')).toHaveText(
      `￥${(adultPrice * 2 + childPrice * 3).toLocaleString('ja-JP')}`,
    );

    // No one at all is outside min..max: the way on closes.
    await adult.selectOption('0');
    await child.selectOption('0');
    await expect(proceed).toBeDisabled();
    await adult.selectOption('2');
    await child.selectOption('1');
    await expect(proceed).toBeEnabled();
    if (shots) await page.screenshot({ path: `${shots}/detail-party-${page.viewportSize()?.width}.png` });

    await proceed.click();
    await expect(page).toHaveURL(/\/reservation\/member$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('reservation') ?? 'null'));
    expect(stored.state.optionDetail.opcd).toBe('OP0001');
    expect(stored.state.optionDetail.valueList).toBeUndefined();
    expect(stored.state.usedate).toBe(chosen);
    expect(stored.state.party).toEqual({ adult: 2, middle: 0, child: 1, infant: 0 });
    expect(stored.state.amount).toBe(adultPrice * 2 + childPrice);
    expect(stored.state.md).toBe('PARTY');
    expect(typeof stored.state.startedAt).toBe('number');
  });

  test('more people than the seats left shows the stock message (OP0014)', async ({ page }) => {
    await page.goto('/detail?opcd=OP0014');
    const t = today();
    // A day with 1 seat left, within the next two weeks.
    const offset = OP0014_PATTERN.indexOf(1);
    const day = addDays(t, offset);
    await showMonth(page, day);
    await expect(dayCell(page, day).getByTestId('stock-mark')).toHaveText('1');
    await dayCell(page, day).getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: 'ご利用人数の選択' });
    const proceed = dialog.getByRole('button', { name: '申込者情報の入力へ' });
    await expect(dialog.getByTestId('price-adult')).toHaveText(/^￥[\d,]+$/);
    await expect(proceed).toBeEnabled();
    await expect(dialog.getByText(Msg.overStock)).toHaveCount(0);
    await dialog.getByLabel('大人').selectOption('2');
    await expect(dialog.getByText(Msg.overStock)).toBeVisible();
    await expect(proceed).toBeDisabled();
    await dialog.getByRole('button', { name: Msg.close }).click();
    await expect(dialog).toBeHidden();
  });

  test('a pair-only option needs exactly two (OP0015)', async ({ page }) => {
    await page.goto('/detail?opcd=OP0015');
    // The first open day with two seats or more (the demo's stock follows the date: some days have one).
    const pairDays = () =>
      calendar(page)
        .locator('td[data-day]')
        .filter({ has: page.locator('button:not([disabled])') })
        .filter({ hasNot: page.getByTestId('stock-mark').getByText('1', { exact: true }) });
    await expect(calendar(page).locator('td[data-day] button:not([disabled])').first()).toBeVisible();
    if ((await pairDays().count()) === 0) await calendar(page).getByRole('button', { name: '次の月' }).click();
    await pairDays().first().getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: 'ご利用人数の選択' });
    await expect(dialog).toContainText('利用可能人数：2名～2名');
    await expect(dialog.getByTestId('price-adult')).toHaveText(/^￥[\d,]+$/);
    const proceed = dialog.getByRole('button', { name: '申込者情報の入力へ' });
    await expect(proceed).toBeDisabled();
    await dialog.getByLabel('大人').selectOption('2');
    await expect(proceed).toBeEnabled();
    expect((await dialog.getByLabel('大人').locator('option').allTextContents()).length).toBe(3);
  });
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`the detail page has no serious accessibility violations at ${viewport.width}px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/detail?opcd=OP0001');
    await expect(calendar(page).locator('td[data-day] button:not([disabled])').first()).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    if (shots) {
      await page.screenshot({ path: `${shots}/detail-${viewport.width}-top.png` });
      await page.screenshot({ path: `${shots}/detail-${viewport.width}-full.png`, fullPage: true });
      await page.locator('#price').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/detail-${viewport.width}-calendar.png` });
    }
    await calendar(page).locator('td[data-day] button:not([disabled])').first().click();
    const dialog = page.getByRole('dialog', { name: 'ご利用人数の選択' });
    await expect(dialog.getByTestId('price-adult')).toHaveText(/^￥[\d,]+$/);
    await expectNoSeriousA11yIssues(page);
    if (shots) await page.screenshot({ path: `${shots}/detail-${viewport.width}-modal.png` });
  });
}

test.describe('sales cutoff on a phone (ADR 0191)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a day past its cutoff cannot be chosen, the rule is said, and the API refuses it too (OP0007)', async ({
    page,
  }) => {
    // OP0007 closes each day as it begins (the default): today is never sold, whatever the hour.
    await page.goto('/detail?opcd=OP0007');
    await expect(page.getByRole('main')).toContainText('お申し込みの締切：ご利用日の前日24:00まで');
    const cell = dayCell(page, today());
    await expect(cell.getByRole('button')).toBeDisabled();
    await expect(cell.getByTestId('stock-mark')).toHaveText('');

    const res = await page.request.post('/api/booking', {
      headers: { 'x-xsrf-token': await xsrfToken(page) },
      data: {
        opcd: 'OP0007',
        usedate: today(),
        md: '',
        sei: 'YAMADA',
        mei: 'TARO',
        tel: '090-1234-5678',
        mail: 'cutoff@example.jp',
        amountjp: '18000',
        lang: 'ja',
        webname_localized: '',
        memberList: [
          { seq: '1', sei: 'YAMADA', mei: 'TARO', sex: '1', birthday: '19800415', ageclass: '1', nationality_id: '0' },
        ],
        rentskiList: [],
      },
    });
    expect(res.status()).toBe(409);
    expect((await res.json()).errMsg).toBe(Msg.salesClosed);
  });
});
