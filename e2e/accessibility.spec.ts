import type { Locator, Page } from '@playwright/test';
import { Msg } from '@tabi/contract/messages';
import {
  expectAccessible,
  expectNoSeriousA11yIssues,
  seriousA11yIssues,
  TARGET_VIEWPORTS,
  WCAG_TAGS,
} from './support/checks.ts';
import { expect, test } from './support/test.ts';

/**
 * Accessibility: axe-core on every route of SPEC §2 at both target viewports, reached through
 * the real UI (once, each state scanned at both widths in turn), and a whole request purchase done with the keyboard
 * alone. The purchase's own pages (participants, rental, check with its consent dialog, the completed and the failed
 * page, for a card, a rental and a request item) are scanned the same way where purchase.spec.ts's journeys reach
 * them, rather than walked a second time here.
 */

const TEL = '090-1234-5678';

// ---- helpers for the real UI (after e2e/purchase.spec.ts) ----

function section(page: Page, title: string | RegExp): Locator {
  return page.getByRole('region', { name: title });
}

async function openPartyDialog(page: Page, opcd: string): Promise<Locator> {
  await page.goto(`/detail?opcd=${opcd}`);
  await page.getByTestId('availability-calendar').locator('td[data-day] button:not([disabled])').first().click();
  const dialog = page.getByRole('dialog', { name: 'ご利用人数の選択' });
  await expect(dialog.getByTestId('price-adult')).toHaveText(/^￥[\d,]+$/);
  return dialog;
}

async function loginThroughForm(page: Page, rsvno: string, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByLabel('予約番号').fill(rsvno);
  await page.getByLabel('電話番号').fill(TEL);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
}

// ---- 1. axe-core on every route ----

test('the scan every spec uses finds what it must: a missing label, a missing alt, low contrast', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'ログイン' })).toBeVisible();
  expect(await seriousA11yIssues(page, { tags: WCAG_TAGS })).toEqual([]);
  await page.evaluate(() => {
    const bad = document.createElement('div');
    bad.innerHTML = '<input type="text"><img src="/logo.svg"><p style="color:#ddd;background:#fff">薄い文字</p>';
    document.querySelector('main')?.append(bad);
  });
  const found = (await seriousA11yIssues(page, { tags: WCAG_TAGS })).join('\n');
  for (const rule of ['label [critical]', 'image-alt [critical]', 'color-contrast [serious]'])
    expect(found).toContain(rule);
});

test.describe(`axe-core WCAG 2.2 AA at ${TARGET_VIEWPORTS.map((v) => `${v.width}px`).join(' and ')}`, () => {
  test.use({ viewport: TARGET_VIEWPORTS[0] });

  // One test per page or two: each scan takes seconds on a busy machine, and four of them in one test came
  // near its 60 s on a loaded CI run.
  // The list and the detail with every rule, best practices included: the catalog's pages as a visitor first sees them.
  test('index and login', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: new RegExp(`^${Msg.detailLink}`) }).first()).toBeVisible();
    await expectAccessible(page, '/', { everyRule: true, shot: 'list' });
    // The phone's search sheet, over the page (only a phone has it).
    await page.getByRole('button', { name: /検索条件を指定する/ }).click();
    await expect(page.getByLabel('方面')).toBeVisible();
    await expectNoSeriousA11yIssues(page, { what: '/ with the search sheet open' });

    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'ログイン' })).toBeVisible();
    await expectAccessible(page, '/login');
  });

  test('detail, with the party dialog and without', async ({ page }) => {
    const dialog = await openPartyDialog(page, 'OP0001');
    await expectAccessible(page, '/detail?opcd=OP0001 with the party dialog', {
      everyRule: true,
      shot: 'detail-modal',
    });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectAccessible(page, '/detail?opcd=OP0001', { everyRule: true, shot: 'detail-full' });
  });

  test('my page (AA100001)', async ({ page }) => {
    await loginThroughForm(page, 'AA100001', '/mypage');
    await expect(page.getByText('AA100001', { exact: true })).toBeVisible();
    await expectAccessible(page, '/mypage');
  });

  test('rental edit (AA100009)', async ({ page }) => {
    await loginThroughForm(page, 'AA100009', '/mypage/rental/edit');
    await expect(page.getByRole('heading', { level: 1, name: 'レンタル詳細・変更' })).toBeVisible();
    await expect(page.getByRole('combobox').first()).toBeVisible();
    await expectAccessible(page, '/mypage/rental/edit');
  });

  test('coupon list and coupon detail (AA100010)', async ({ page }) => {
    await loginThroughForm(page, 'AA100010', '/coopon');
    await expect(page.getByRole('heading', { level: 1, name: 'クーポン一覧' })).toBeVisible();
    await expect(page.getByTestId('coupon-OP0011')).toBeVisible();
    await expectAccessible(page, '/coopon');
    await page.goto('/coopon/OP0011/PK0001');
    await expect(page.getByTestId('remaining-adult')).toBeVisible();
    await expect(page.locator('#use-coopon').getByLabel('暗証番号')).toBeVisible();
    await expectAccessible(page, '/coopon/OP0011/PK0001');
  });
});

// ---- 2. the whole purchase with the keyboard alone ----

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
}

/** Presses Tab (or Shift+Tab) until the focus is on or inside `target`. */
async function tabTo(page: Page, target: Locator, { max = 150, back = false } = {}): Promise<void> {
  await expect(target).toHaveCount(1);
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The focused element shows a visible focus indicator (an outline or a ring). */
async function expectVisibleFocus(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nothing focused';
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none';
    return el.matches(':focus-visible') && (outline || shadow)
      ? 'ok'
      : `no visible focus on ${el.outerHTML.slice(0, 120)}`;
  });
  expect(ring).toBe('ok');
}

/** Tabs to a text box of `scope` and types into it. */
async function typeInto(page: Page, scope: Locator, name: string, text: string): Promise<void> {
  await tabTo(page, scope.getByRole('textbox', { name, exact: true }), { max: 40 });
  await page.keyboard.type(text);
}

/** Tabs into the sex radio group; Space checks 男性, ArrowRight moves to and checks 女性. */
async function chooseSex(page: Page, scope: Locator, sex: '男性' | '女性'): Promise<void> {
  await tabTo(page, scope.getByRole('radio', { name: '男性' }), { max: 40 });
  await page.keyboard.press(sex === '女性' ? 'ArrowRight' : 'Space');
  await expect(scope.getByRole('radio', { name: sex })).toBeChecked();
}

/** Tabs to the nationality drop-down and picks 日本 (the first entry) with ArrowDown. */
async function chooseJapan(page: Page, scope: Locator): Promise<void> {
  const select = scope.getByRole('combobox', { name: '国籍', exact: true });
  await tabTo(page, select, { max: 40 });
  await page.keyboard.press('ArrowDown');
  await expect(select.locator('option:checked')).toHaveText('日本');
}

for (const viewport of TARGET_VIEWPORTS) {
  test(`the whole request purchase can be done with the keyboard alone at ${viewport.width}px (OP0002)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await page.goto('/');

    // List: Tab to OP0002's 詳細を見る and follow it with Enter.
    const more = page.locator('a[href*="opcd=OP0002"]').filter({ hasText: Msg.detailLink });
    await tabTo(page, more);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/detail\?opcd=OP0002/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Detail: Tab into the calendar grid, which has a single tab stop on a selectable day.
    const calendar = page.getByTestId('availability-calendar');
    const grid = calendar.getByRole('grid');
    await expect(calendar.locator('td[data-day] button:not([disabled])').first()).toBeVisible();
    // Near a month's end the request item's cutoff (17:00 the day before) may leave one open day in the month: the
    // next month, by the keyboard too, so that the arrow keys have days to move between.
    if ((await calendar.locator('td[data-day] button:not([disabled])').count()) < 2) {
      const next = calendar.getByRole('button', { name: '次の月' });
      await tabTo(page, next);
      await page.keyboard.press('Enter');
      await expect(calendar.locator('td[data-day] button:not([disabled])').nth(1)).toBeVisible();
    }
    await tabTo(page, grid);
    await expectVisibleFocus(page);
    const firstDay = await page.evaluate(() => document.activeElement?.closest('td')?.dataset.day ?? '');
    expect(firstDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Arrow keys move between the days; the focus stays on enabled days inside the grid.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => isFocused(grid)).toBe(true);
    const chosen = await page.evaluate(() => document.activeElement?.closest('td')?.dataset.day ?? '');
    expect(chosen > firstDay).toBe(true);
    await expect(page.locator(`td[data-day="${chosen}"] button`)).toBeEnabled();
    await page.keyboard.press('Enter');

    // The party dialog opens with the focus inside; Esc closes it and puts the focus back on the day.
    const dialog = page.getByRole('dialog', { name: 'ご利用人数の選択' });
    await expect(dialog).toBeVisible();
    await expect.poll(() => isFocused(dialog)).toBe(true);
    await expect(dialog.getByTestId('party-usedate')).toContainText(chosen.replace(/-/g, '/'));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.locator(`td[data-day="${chosen}"] button`)).toBeFocused();
    await expectVisibleFocus(page);

    // Open it again with Space, set 大人 2 with the arrow key, and proceed with Enter.
    await page.keyboard.press('Space');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('price-adult')).toHaveText(/^￥[\d,]+$/);
    const adults = dialog.getByLabel('大人', { exact: true });
    if (!(await isFocused(adults))) await tabTo(page, adults, { max: 20 });
    await expectVisibleFocus(page);
    await page.keyboard.press('ArrowDown');
    await expect(adults).toHaveValue('2');
    const proceed = dialog.getByRole('button', { name: '申込者情報の入力へ' });
    await expect(proceed).toBeEnabled();
    await tabTo(page, proceed, { max: 20 });
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/reservation\/member$/);

    // Member form: type, Tab, Space on radios and checkboxes, arrow keys on the nationality.
    const leader = section(page, Msg.leader);
    await expect(leader.getByRole('combobox', { name: '国籍', exact: true }).locator('option')).not.toHaveCount(1);
    await typeInto(page, leader, '姓', 'YAMADA');
    await expectVisibleFocus(page);
    await typeInto(page, leader, '名', 'TARO');
    await typeInto(page, leader, '生年月日', '19850412');
    await chooseSex(page, leader, '男性');
    await expect(leader.getByRole('textbox', { name: '生年月日', exact: true })).toHaveValue('1985/04/12');
    await typeInto(page, leader, '電話番号', TEL);
    await typeInto(page, leader, 'メールアドレス', 'keyboard@example.com');
    await chooseJapan(page, leader);

    const first = section(page, /^参加者1/);
    const same = first.getByRole('checkbox', { name: Msg.sameAsLeader });
    await tabTo(page, same, { max: 10 });
    await expectVisibleFocus(page);
    await page.keyboard.press('Space');
    await expect(same).toBeChecked();
    await expect(first.getByRole('textbox', { name: '姓', exact: true })).toHaveValue('YAMADA');

    const second = section(page, /^参加者2/);
    await typeInto(page, second, '姓', 'YAMADA');
    await typeInto(page, second, '名', 'HANAKO');
    // Participant 2's birthday comes from the calendar disclosure, by keyboard too.
    const calendarButton = second.getByRole('button', { name: '生年月日をカレンダーから選ぶ' });
    await tabTo(page, calendarButton, { max: 10 });
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    const picker = second.getByRole('group', { name: '生年月日のカレンダー' });
    await expect(picker).toBeVisible();
    await expect(calendarButton).toHaveAttribute('aria-expanded', 'true');
    const year = picker.getByRole('combobox', { name: /年/ });
    await tabTo(page, year, { max: 10 });
    await page.keyboard.type('1987');
    await expect(year).toHaveValue('1987');
    const month = picker.getByRole('combobox', { name: /月/ });
    // The Japanese calendar puts the year before the month; Tab on (or back) to the month either way.
    const monthAfterYear = await year.evaluate(
      (y) => Array.from(y.closest('fieldset')?.querySelectorAll('select') ?? []).indexOf(y as HTMLSelectElement) === 0,
    );
    await tabTo(page, month, { max: 10, back: !monthAfterYear });
    await page.keyboard.type('9');
    await expect(month.locator('option:checked')).toHaveText('9月');
    await tabTo(page, picker.getByRole('grid'), { max: 10 });
    await expect(page.locator(':focus')).toHaveAccessibleName(/9月1日/);
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await expect(page.locator(':focus')).toHaveAccessibleName(/9月30日/);
    await page.keyboard.press('Enter');
    await expect(picker).toBeHidden();
    const secondBirthday = second.getByRole('textbox', { name: '生年月日', exact: true });
    await expect(secondBirthday).toBeFocused();
    await expect(secondBirthday).toHaveValue('1987/09/30');
    // Esc closes the calendar and gives the focus back to the input.
    await tabTo(page, calendarButton, { max: 5 });
    await page.keyboard.press('Space');
    await expect(picker).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(picker).toBeHidden();
    await expect(secondBirthday).toBeFocused();
    await chooseSex(page, second, '女性');
    await chooseJapan(page, second);

    const toCheck = page.getByRole('button', { name: Msg.toCheck });
    await expect(toCheck).toBeEnabled();
    await tabTo(page, toCheck, { max: 20 });
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');

    // Check: open the consent modal, tick both boxes with Space, agree, submit the request.
    await expect(page).toHaveURL(/\/reservation\/check$/);
    const openConsent = page.getByRole('button', { name: '同意書を確認する' });
    await tabTo(page, openConsent);
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: '同意書の確認' });
    await expect(modal).toBeVisible();
    await expect.poll(() => isFocused(modal)).toBe(true);
    // Esc closes it and the focus returns to the button that opened it.
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(openConsent).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(modal).toBeVisible();
    for (const name of [/電子的方法で受け取る/, /個人情報の取扱い/]) {
      const box = modal.getByRole('checkbox', { name });
      await tabTo(page, box, { max: 20 });
      await expectVisibleFocus(page);
      await page.keyboard.press('Space');
      await expect(box).toBeChecked();
    }
    const agree = modal.getByRole('button', { name: '同意して戻る' });
    await tabTo(page, agree, { max: 20 });
    await page.keyboard.press('Enter');
    await expect(modal).toBeHidden();
    await expect(openConsent).toBeFocused();

    const submit = page.getByRole('button', { name: Msg.submitRequest, exact: true });
    await expect(submit).toBeEnabled();
    await tabTo(page, submit, { max: 20 });
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/reservation\/complete\?processing=success$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('リクエストを受け付けました');
    await expect(page.getByTestId('rsvno')).toHaveText(/^[A-Z]{2}\d{6}$/);
  });
}

test('login, my page and its dialogs and accordion work with the keyboard alone (AA100009)', async ({ page }) => {
  await page.goto('/mypage');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmypage$/);
  const rsvno = page.getByLabel('予約番号');
  await tabTo(page, rsvno, { max: 10 });
  await expectVisibleFocus(page);
  await page.keyboard.type('aa100009');
  await expect(rsvno).toHaveValue('AA100009');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('電話番号')).toBeFocused();
  await page.keyboard.type(TEL);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/mypage$/);
  await expect(page.getByText('AA100009', { exact: true })).toBeVisible();

  // The accordion panels open with Enter.
  const itinerary = page.locator('details').filter({ has: page.locator('summary', { hasText: '行程詳細' }) });
  await tabTo(page, itinerary.locator('summary'));
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(itinerary).toHaveAttribute('open', '');

  // The conditions dialog takes the focus; Esc closes it and the focus returns to its button.
  const conditions = page.getByRole('button', { name: '旅行条件書・同意書' });
  await tabTo(page, conditions);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect.poll(() => isFocused(dialog)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(conditions).toBeFocused();

  // On to the rental edit page, whose selects take the keyboard.
  const rental = page.getByRole('link', { name: 'レンタル詳細・変更' });
  await tabTo(page, rental, { back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/mypage\/rental\/edit$/);
  const firstSelect = page.getByRole('main').getByRole('combobox').first();
  await tabTo(page, firstSelect);
  await expectVisibleFocus(page);
});

test('the phone search sheet keeps the keyboard inside and searches with the keyboard alone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: /^検索条件を(指定する|閉じる)/ });
  await tabTo(page, toggle, { max: 30 });
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const sheet = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
  await expect(sheet.getByRole('heading', { name: '検索条件' })).toBeFocused();

  // Shift+Tab from the top goes to the last control of the sheet, Tab from there back to the first.
  const reset = sheet.getByRole('link', { name: '検索条件をすべてリセット' });
  await page.keyboard.press('Shift+Tab');
  await expect(reset).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(sheet.getByRole('button', { name: Msg.close })).toBeFocused();
  // However far the visitor tabs, the focus never leaves the sheet for the page hidden under it.
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    expect(await isFocused(sheet)).toBe(true);
  }

  // Esc closes it and the focus goes back to the toggle.
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();

  // Choose a region with the arrow key and search with Enter.
  await page.keyboard.press('Enter');
  const region = sheet.getByRole('combobox', { name: '方面' });
  await tabTo(page, region, { max: 5 });
  await page.keyboard.press('ArrowDown');
  await expect(region).not.toHaveValue('');
  const search = sheet.getByRole('button', { name: '検索する' });
  await tabTo(page, search, { max: 40 });
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/homencd=/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
});

test('a card purchase with the keyboard alone, the sandbox card page included (OP0001)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/detail?opcd=OP0001');
  const grid = page.getByTestId('availability-calendar').getByRole('grid');
  await expect(
    page.getByTestId('availability-calendar').locator('td[data-day] button:not([disabled])').first(),
  ).toBeVisible();
  await tabTo(page, grid);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'ご利用人数の選択' });
  await expect(dialog.getByTestId('price-adult')).toHaveText(/^￥[\d,]+$/);
  const proceed = dialog.getByRole('button', { name: '申込者情報の入力へ' });
  await expect(proceed).toBeEnabled();
  await tabTo(page, proceed, { max: 20 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/reservation\/member$/);

  const leader = section(page, Msg.leader);
  await expect(leader.getByRole('combobox', { name: '国籍', exact: true }).locator('option')).not.toHaveCount(1);
  await typeInto(page, leader, '姓', 'SATO');
  await typeInto(page, leader, '名', 'KEN');
  await typeInto(page, leader, '生年月日', '1990/01/31');
  await chooseSex(page, leader, '男性');
  await typeInto(page, leader, '電話番号', TEL);
  await typeInto(page, leader, 'メールアドレス', 'card-keyboard@example.com');
  await chooseJapan(page, leader);
  const same = section(page, /^参加者1/).getByRole('checkbox', { name: Msg.sameAsLeader });
  await tabTo(page, same, { max: 10 });
  await page.keyboard.press('Space');
  await expect(same).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: Msg.toCheck }), { max: 20 });
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/reservation\/check$/);
  await tabTo(page, page.getByRole('button', { name: '同意書を確認する' }));
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: '同意書の確認' });
  for (const name of [/電子的方法で受け取る/, /個人情報の取扱い/]) {
    await tabTo(page, modal.getByRole('checkbox', { name }), { max: 20 });
    await page.keyboard.press('Space');
  }
  await tabTo(page, modal.getByRole('button', { name: '同意して戻る' }), { max: 20 });
  await page.keyboard.press('Enter');
  await expect(modal).toBeHidden();
  const submit = page.getByRole('button', { name: Msg.submitPurchase });
  await tabTo(page, submit, { max: 20 });
  await page.keyboard.press('Enter');

  // The sandbox card page (the stand-in for the card company's page) by keyboard too.
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await tabTo(page, page.getByLabel('カード番号'), { max: 20 });
  await expectVisibleFocus(page);
  await page.keyboard.type('4242 4242 4242 4242');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('有効期限（月/年）')).toBeFocused();
  await page.keyboard.type('12/34');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('セキュリティコード')).toBeFocused();
  await page.keyboard.type('123');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/reservation\/complete\?processing=success&session_id=cs_sandbox_[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ご予約が完了しました');
  await expect(page.getByTestId('rsvno')).toHaveText(/^[A-Z]{2}\d{6}$/);
  await expectAccessible(page, '/reservation/complete (paid)');
});
