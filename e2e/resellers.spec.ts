/**
 * 販売代理店 and 販売チャネル (ADR 0169): an admin adds a reseller (the commission checked in Japanese, a taken name
 * refused), issues an API key that is shown once in a dialog with a copy button and never again, revokes it, stops
 * and edits the reseller; 予約一覧 filters by channel; the sales report renders with its totals and CSV link. An
 * operator sees neither page in the menu and the server refuses the calls. Screenshots at 390×844 and 1280×800 into
 * SHOTS_DIR when it is set, axe on each page.
 */
import { ResellerMsg } from '@tabi/contract/resellers';
import { expectNoSeriousA11yIssues, shoot } from './support/checks.ts';
import { xsrfToken } from './support/customer.ts';
import { ADMIN, asStaff, menu, OPERATOR } from './support/staff.ts';
import { expect, test } from './support/test.ts';

// Unique per run: a retry on the same database adds another.
const NAME = `E2E Travel ${Date.now() % 100_000}`;

test('an admin adds a reseller, issues a key shown once, revokes it, stops the reseller and edits it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await asStaff(page, ADMIN);
  await menu(page).getByRole('link', { name: '販売代理店' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '販売代理店' })).toBeFocused();

  const add = page.getByRole('form', { name: '販売代理店を追加' });
  await add.getByLabel('代理店名').fill(NAME);
  await add.getByLabel('手数料率（%）').fill('12.345');
  await add.getByRole('button', { name: '追加する' }).click();
  await expect(add.getByLabel('手数料率（%）')).toHaveAccessibleDescription(
    new RegExp(ResellerMsg.commissionInvalid.slice(0, 12)),
  );
  await add.getByLabel('手数料率（%）').fill('１２．５');
  await add.getByRole('button', { name: '追加する' }).click();
  await expect(page.getByText(`${NAME}を追加しました（手数料率 12.5%）。`)).toBeVisible();
  // The same name in other letters is refused, in Japanese.
  await add.getByLabel('代理店名').fill(NAME.toLowerCase());
  await add.getByLabel('手数料率（%）').fill('10');
  await add.getByRole('button', { name: '追加する' }).click();
  await expect(add.getByRole('alert')).toHaveText(ResellerMsg.nameTaken);

  const card = page.getByRole('region', { name: new RegExp(`^${NAME}`) });
  await expect(card.getByText('12.5%')).toBeVisible();
  await expect(card.getByText('APIキーはまだ発行されていません。')).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // A key with its own rate, shown once.
  await card.getByRole('button', { name: 'APIキーを発行' }).click();
  const issue = page.getByRole('dialog', { name: `${NAME}のAPIキーを発行` });
  await issue.getByLabel('1分あたりの上限回数').fill('0');
  await issue.getByRole('button', { name: '発行する' }).click();
  await expect(issue.getByLabel('1分あたりの上限回数')).toHaveAccessibleDescription(/1分あたりの上限回数は1〜/);
  await issue.getByLabel('1分あたりの上限回数').fill('120');
  await issue.getByRole('button', { name: '発行する' }).click();
  const shown = page.getByRole('dialog', { name: 'APIキーを発行しました' });
  await expect(shown).toBeVisible();
  await expect(shown.getByText('この画面を閉じると、二度と表示できません。')).toBeVisible();
  const key = await shown.getByLabel('APIキー').inputValue();
  expect(key).toMatch(/^tabi_octo_[A-Za-z0-9_-]{40,}$/);
  await shown.getByRole('button', { name: 'コピー' }).click();
  await expect(shown.getByText('コピーしました。')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'resellers-key-shown');
  await shown.getByRole('button', { name: '閉じる' }).click();
  await expect(shown).toBeHidden();
  // Never again: not on the page, not after a reload; the list shows its first characters only.
  expect(await page.content()).not.toContain(key);
  await page.reload();
  expect(await page.content()).not.toContain(key);
  const keyRow = card.getByRole('row').filter({ hasText: '120回/分' });
  await expect(keyRow).toContainText(key.slice(0, 16));
  await expect(keyRow).toContainText('未使用');
  await expect(keyRow).toContainText('有効');
  await shoot(page, 'resellers-list');

  await keyRow.getByRole('button', { name: '失効させる' }).click();
  const revoke = page.getByRole('dialog', { name: 'APIキーを失効させる' });
  await expect(revoke).toContainText('このキーによる接続はすぐに拒否されます');
  await revoke.getByRole('button', { name: '失効させる' }).click();
  await expect(revoke).toBeHidden();
  await expect(keyRow).toContainText('失効');
  await expect(keyRow.getByRole('button', { name: '失効させる' })).toHaveCount(0);

  // Stopping says what it does first.
  await card.getByRole('button', { name: '停止する' }).click();
  const stop = page.getByRole('dialog', { name: `${NAME}を停止する` });
  await expect(stop).toContainText('APIキーはすべて拒否され');
  await stop.getByRole('button', { name: '停止する' }).click();
  await expect(stop).toBeHidden();
  await expect(card.getByText('停止中')).toBeVisible();
  await expect(card.getByRole('button', { name: '再開する' })).toBeVisible();

  await card.getByRole('button', { name: '編集' }).click();
  const edit = page.getByRole('dialog', { name: `${NAME}の編集` });
  await expect(edit.getByLabel('手数料率（%）')).toHaveValue('12.5');
  await edit.getByLabel('手数料率（%）').fill('10');
  await edit.getByRole('button', { name: '保存する' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText(`${NAME}の内容を保存しました（手数料率 10%）。`)).toBeVisible();
  await expect(card.getByText('10%', { exact: true })).toBeVisible();
});

test('予約一覧 filters by 販売チャネル, and the sales report renders with its totals', async ({ page }) => {
  await asStaff(page, ADMIN);
  // A reseller of this test's own, which has sold nothing: another test's (octo.spec.ts's) may have sold already.
  const unsold = `E2E Unsold ${Date.now() % 100_000}`;
  const added = await page.request.post('/api/admin/resellers', {
    data: { name: unsold, commission: '10' },
    headers: { 'x-xsrf-token': await xsrfToken(page) },
  });
  expect(added.ok(), await added.text()).toBe(true);
  await menu(page).getByRole('link', { name: '予約一覧' }).click();
  // The results' own column (the dashboard, still shown until 予約一覧 loads, has two tables with it too).
  await expect(
    page.getByRole('table', { name: '予約の検索結果' }).getByRole('columnheader', { name: '販売チャネル' }),
  ).toBeVisible();
  const channel = page.getByLabel('販売チャネル');
  await expect(channel.getByRole('option', { name: '自社サイト' })).toHaveCount(1);
  await channel.selectOption({ label: '自社サイト' });
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page).toHaveURL(/channel=own/);
  const cells = page.getByRole('table', { name: '予約の検索結果' }).getByRole('cell', { name: '自社サイト' });
  await expect(cells.first()).toBeVisible();
  await expect(page.getByRole('link', { name: /CSVダウンロード/ })).toHaveAttribute('href', /channel=own/);
  await shoot(page, 'resellers-bookings-own');
  await channel.selectOption({ label: unsold });
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page).toHaveURL(/channel=\d+/);
  await expect(page.getByText('条件に合う予約はありません。')).toBeVisible();

  await menu(page).getByRole('link', { name: '売上レポート' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^売上レポート（\d{4}年\d{1,2}月）$/ })).toBeVisible();
  const table = page.getByRole('table', { name: /販売チャネル・商品別の売上/ });
  await expect(table.getByRole('rowheader', { name: '自社サイト 小計' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: '合計' })).toBeVisible();
  await expect(page.getByText('予約の受付日（日本時間）')).toBeVisible();
  await expect(page.getByRole('link', { name: 'CSVダウンロード' })).toHaveAttribute(
    'href',
    /\/api\/admin\/reports\/sales\.csv\?month=\d{4}-\d{2}/,
  );
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'resellers-report');
  // Another month, from the URL.
  await page.getByLabel('年月（受付日）').fill('2020-01');
  await expect(page).toHaveURL(/month=2020-01/);
  await expect(page.getByText('2020年1月に受け付けた予約はありません。')).toBeVisible();
});

test('an operator sees neither page in the menu, and the server refuses them', async ({ page }) => {
  await asStaff(page, OPERATOR);
  await expect(menu(page).getByRole('link', { name: '販売代理店' })).toHaveCount(0);
  await expect(menu(page).getByRole('link', { name: '売上レポート' })).toHaveCount(0);
  await page.goto('/admin/resellers');
  await expect(page.getByRole('heading', { level: 1, name: '管理者専用の画面です' })).toBeVisible();
  expect((await page.request.get('/api/admin/resellers')).status()).toBe(403);
  expect((await page.request.get('/api/admin/reports/sales?month=2026-11')).status()).toBe(403);
  // 予約一覧's channel filter is theirs too.
  await page.goto('/admin/bookings');
  await expect(page.getByLabel('販売チャネル').getByRole('option', { name: '自社サイト' })).toHaveCount(1);
});
