/**
 * The console's catalog in Chromium: an admin creates an option (a draft no visitor sees), opens its
 * dates with prices on the 在庫・料金カレンダー, previews and publishes it; a visitor then sees it and books it,
 * and the booking is in that day's manifest. An operator is not offered the catalog. Screenshots at 1280×800 and
 * 1024×768 into SHOTS_DIR; axe on every page.
 */

import type { Page } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/checks.ts';
import { xsrfToken } from './support/customer.ts';
import { ADMIN, asStaff, menu, OPERATOR, openDates, shootConsole, tokyoIso } from './support/staff.ts';
import { expect, test } from './support/test.ts';

const shoot = (page: Page, name: string) => shootConsole(page, `admin-catalog-${name}`);

test('an operator is not offered the catalog and is refused its calls', async ({ page }) => {
  await asStaff(page, OPERATOR);
  await expect(menu(page).getByRole('link', { name: '商品' })).toHaveCount(0);
  const res = await page.request.get('/api/admin/options/catalog');
  expect(res.status()).toBe(403);
  // At an admin's address the operator is told so, and offered none of its controls.
  for (const path of ['/admin/options', '/admin/options/OP0001/stock', '/admin/facilities', '/admin/staff']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: '管理者専用の画面です' })).toBeVisible();
    await expect(page.getByRole('button')).toHaveText(['ログアウト']);
  }
});

test('an admin creates an option, opens dates with prices and publishes it; a visitor books it; it is in the manifest', async ({
  page,
}) => {
  // Five pages with axe and a booking: over a minute when the machine is busy.
  test.setTimeout(180_000);
  const opcd = `E2E${String(Date.now()).slice(-6)}`;
  await asStaff(page, ADMIN);
  await menu(page).getByRole('link', { name: '商品' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '商品一覧' })).toBeFocused();
  await expect(page.getByRole('link', { name: /スカイツリー・浅草・お台場めぐり/ })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'list');

  await page.getByRole('link', { name: '新しい商品を作成' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '商品の新規作成' })).toBeVisible();
  // Refused in the browser with the server's own rules: each field says what is wrong.
  await page.getByLabel('商品コード').fill('x');
  await page.getByRole('button', { name: '下書きとして作成' }).click();
  await expect(page.getByRole('alert')).toContainText('入力内容に誤りがあります');
  await expect(page.getByText('商品コードは英大文字と数字の2〜20文字で入力してください。')).toBeVisible();
  await expect(page.getByText('商品名を入力してください。')).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'new-errors');

  await page.getByLabel('商品コード').fill(opcd);
  await page.getByLabel(/^商品名(?!（)/).fill('【E2E】隅田川 朝さんぽツアー');
  await page.getByLabel('方面', { exact: true }).selectOption({ label: '関東' });
  await page.getByLabel('地域', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('市区町村', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('出発地', { exact: true }).selectOption({ label: '両国駅' });
  const intro = page.getByLabel('紹介文', { exact: true });
  await intro.fill('朝の<strong>隅田川</strong>を歩きます。<img src=x alt="" onerror="alert(1)">');
  // The live preview goes through the public page's sanitiser: the markup shows, the script does not.
  const preview = page.getByRole('region', { name: '紹介文のプレビュー' });
  await expect(preview.locator('strong')).toHaveText('隅田川');
  await expect(preview.locator('img')).not.toHaveAttribute('onerror');
  // Saved without the payload: the option goes on sale and stays on the public list for the specs after this one
  // (the XSS fixture of security.spec.ts covers such payloads on the public pages).
  await intro.fill('朝の<strong>隅田川</strong>を歩きます。');
  await page.getByLabel('内容', { exact: true }).fill('<p>両国駅に集合し、隅田川テラスを約2時間歩きます。</p>');
  await page.getByLabel('集合場所', { exact: true }).fill('両国駅 西口改札前');
  // The English page's texts beside the Japanese, with the same sanitised preview; the rest stays Japanese.
  await page.getByLabel('商品名（英語）').fill('[E2E] Sumida River morning walk');
  await page
    .getByRole('textbox', { name: '紹介文（英語）' })
    .fill('A <strong>morning</strong> walk along the Sumida River.');
  await expect(page.getByRole('region', { name: '紹介文（英語）のプレビュー' }).locator('strong')).toHaveText(
    'morning',
  );
  // Each other language in its own tab, with the same fields.
  await page.getByRole('tab', { name: /^韓国語/ }).click();
  await page.getByLabel('商品名（韓国語）').fill('[E2E] 스미다강 아침 산책');
  await expect(page.getByRole('tab', { name: /^韓国語/ })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: '下書きとして作成' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `商品編集 ${opcd}` })).toBeVisible();
  await expect(page.getByText('下書き（お客様には表示されません）')).toBeVisible();
  expect((await page.request.get(`/api/option/${opcd}`)).status()).toBe(404);
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'edit');

  await openDates(page, opcd, { seats: 10, adult: 7000, child: 3500 });
  const usedateIso = tokyoIso(5);
  await page.goto(`/admin/options/${opcd}/stock?month=${usedateIso.slice(0, 7)}`);
  await expect(
    page.getByRole('cell', { name: new RegExp(`^${Number(usedateIso.slice(8))}日 残席 10 `) }),
  ).toBeVisible();
  // Changing the seats of one day alone leaves its prices as they are.
  await page.getByLabel('開始日').fill(usedateIso);
  await page.getByLabel('終了日').fill(usedateIso);
  await page.getByRole('textbox', { name: '席数' }).fill('12');
  await page.getByRole('button', { name: '内容を確認する' }).click();
  const bulk = page.getByRole('dialog', { name: '在庫・料金をまとめて変更' });
  await expect(bulk.getByText('1日（販売期間内の日）')).toBeVisible();
  await expect(bulk.getByText('変更しない')).toBeVisible();
  await bulk.getByRole('button', { name: '変更する' }).click();
  await expect(page.getByText('1日分を変更しました。')).toBeVisible();
  await expect(
    page.getByRole('cell', { name: new RegExp(`^${Number(usedateIso.slice(8))}日 残席 12 .*大人 7,000円`) }),
  ).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'stock');

  await page.goto(`/admin/options/${opcd}/preview`);
  await expect(page.getByRole('heading', { level: 1, name: '【E2E】隅田川 朝さんぽツアー' })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'preview');
  // The page follows once the language's texts are in (the address changes in a transition).
  await page.getByRole('radio', { name: '英語' }).click();
  await expect(page.getByRole('radio', { name: '英語' })).toBeChecked();
  await expect(page.getByRole('heading', { level: 1, name: '[E2E] Sumida River morning walk' })).toBeVisible();
  // The contents have no English: shown in Japanese, marked as such, as the English page shows them.
  await expect(
    page.locator('.adm-preview [lang="ja"]', { hasText: '両国駅に集合し、隅田川テラスを約2時間歩きます。' }),
  ).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'preview-en');
  // Korean: its own name; the texts it lacks in English where there is one, else in Japanese.
  await page.getByRole('radio', { name: '韓国語' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '[E2E] 스미다강 아침 산책' })).toBeVisible();
  await expect(page.locator('.adm-preview')).toHaveAttribute('lang', 'ko');
  await page.getByRole('link', { name: '← 商品編集へ戻る' }).click();
  await page.getByRole('button', { name: '公開する' }).click();
  // Asked for first: publishing puts it on sale at once.
  await shoot(page, 'publish-confirm');
  await page.getByRole('dialog', { name: '商品を公開する' }).getByRole('button', { name: '公開する' }).click();
  await expect(page.getByText('公開しました。お客様の画面に表示されます。')).toBeVisible();
  await expect(page.getByRole('list').getByText('公開', { exact: true })).toBeVisible();

  // A visitor: the detail page, then a booking through the public call the purchase flow makes.
  await page.goto(`/detail?opcd=${opcd}&usedate=${usedateIso.replaceAll('-', '')}`);
  await expect(page.getByRole('heading', { level: 1, name: '【E2E】隅田川 朝さんぽツアー' })).toBeVisible();
  // The English page: the English name and introduction; the contents without English stay Japanese, marked so.
  await page.goto(`/en/detail?opcd=${opcd}&usedate=${usedateIso.replaceAll('-', '')}`);
  await expect(page.getByRole('heading', { level: 1, name: '[E2E] Sumida River morning walk' })).toBeVisible();
  await expect(page.getByText('This text is available in Japanese only.')).toBeVisible();
  await expect(
    page.locator('[lang="ja"]', { hasText: '両国駅に集合し、隅田川テラスを約2時間歩きます。' }),
  ).toBeVisible();
  const usedate = usedateIso.replaceAll('-', '');
  const res = await page.request.post('/api/booking', {
    headers: { 'x-xsrf-token': await xsrfToken(page) },
    data: {
      opcd,
      usedate,
      md: '',
      sei: 'ASAHO',
      mei: 'ICHIRO',
      tel: '080-4321-0055',
      mail: `e2e-${opcd}@example.jp`,
      amountjp: '7000',
      lang: 'ja',
      webname_localized: '',
      memberList: [
        { seq: '1', sei: 'ASAHO', mei: 'ICHIRO', sex: '1', birthday: '19800415', ageclass: '1', nationality_id: '0' },
      ],
      rentskiList: [],
    },
  });
  const booked = (await res.json()) as { errcd: string; errMsg: string; response: { rsvno: string } };
  expect(booked.errcd, booked.errMsg).toBe('000');

  await page.goto(`/admin/manifest?date=${usedate}`);
  await expect(page.getByRole('link', { name: booked.response.rsvno }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: /【E2E】隅田川 朝さんぽツアー/ }).first()).toBeVisible();
  await shoot(page, 'manifest');
});

test('an admin resets a facility PIN, stops and restarts it, and reads the month’s coupon usage', async ({ page }) => {
  await asStaff(page, ADMIN);
  await menu(page).getByRole('link', { name: '施設とクーポン' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '施設とクーポン' })).toBeFocused();
  const table = page.getByRole('table', { name: /施設一覧/ });
  const first = table.getByRole('row').nth(1);
  const name = (await first.getByRole('rowheader').textContent()) ?? '';
  await first.getByLabel(`${name}の新しい暗証番号`).fill('4321');
  await first.getByRole('button', { name: '設定' }).click();
  await expect(page.getByText(`${name}の暗証番号を設定しました。`)).toBeVisible();
  await expect(first.getByLabel(`${name}の新しい暗証番号`)).toHaveValue('');
  await first.getByRole('button', { name: '停止する' }).click();
  await page
    .getByRole('dialog', { name: 'クーポンの利用を停止する' })
    .getByRole('button', { name: '停止する' })
    .click();
  await expect(first.getByText('停止中')).toBeVisible();
  await first.getByRole('button', { name: '利用可にする' }).click();
  await page
    .getByRole('dialog', { name: 'クーポンの利用を再開する' })
    .getByRole('button', { name: '利用可にする' })
    .click();
  await expect(first.getByText('停止中')).toHaveCount(0);
  // The dialog closes after the list is loaded again; until then the page behind it is inert and takes no typing.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The demo PIN again, for the coupon specs that redeem with it.
  await first.getByLabel(`${name}の新しい暗証番号`).fill('1234');
  await expect(first.getByLabel(`${name}の新しい暗証番号`)).toHaveValue('1234');
  await first.getByRole('button', { name: '設定' }).click();
  await expect(page.getByText(`${name}の暗証番号を設定しました。`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'CSVダウンロード' })).toHaveAttribute(
    'href',
    /\/api\/admin\/facilities\/usage\.csv\?month=\d{4}-\d{2}/,
  );
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'facilities');
});
