/**
 * 割引コード as staff set it up and a visitor on a phone uses it (ADR 0210): an admin adds a code in the console, the
 * visitor applies it on the check page, removes it and applies it again (a reload keeps it), pays the discounted amount
 * on the card page, and my page shows the discount; on the English pages a code for another option is refused in
 * English, another applied and removed.
 */
import { Msg } from '@tabi/contract/messages';
import { expectNoSeriousA11yIssues, otherLanguageOutsideContent, shoot } from './support/checks.ts';
import { loginAs, xsrfToken } from './support/customer.ts';
import {
  agreeToConsent,
  fillLeader,
  fillLeaderInEnglish,
  memberSection,
  payOnSandbox,
  startFromDetail,
} from './support/purchase.ts';
import { ADMIN, asStaff, shootConsole } from './support/staff.ts';
import { expect, test } from './support/test.ts';

/** A code no other test uses: each run its own. */
const codeOf = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}`;

test('an admin adds a code; a visitor on a phone applies, removes and re-applies it and pays the discounted price', async ({
  page,
  browser,
}) => {
  const code = codeOf('E2E');
  // Staff in their own browser; the visitor is the test's page (its goto waits for the app to take the page over).
  const office = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const staff = await office.newPage();
  await asStaff(staff, ADMIN);
  await staff.getByRole('navigation', { name: '管理メニュー' }).getByRole('link', { name: '割引コード' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: '割引コード' })).toBeVisible();
  const add = staff.getByRole('form', { name: '割引コードを追加' });
  await add.getByRole('textbox', { name: 'コード' }).fill(code.toLowerCase());
  await add.getByRole('textbox', { name: '名前（管理用）' }).fill('E2Eの20%オフ');
  await add.getByRole('combobox', { name: '種類' }).selectOption({ label: '割合（％）' });
  await add.getByRole('textbox', { name: '割引率（％）' }).fill('20');
  await add.getByRole('button', { name: '追加する' }).click();
  await expect(staff.getByRole('table').getByRole('row', { name: new RegExp(code) })).toContainText('20%');
  await shootConsole(staff, 'discount-codes');

  const visitor = page;
  await visitor.setViewportSize({ width: 390, height: 844 });
  await startFromDetail(visitor, 'OP0001', { 大人: 2 });
  await fillLeader(visitor);
  await memberSection(visitor, 1).getByRole('checkbox', { name: Msg.sameAsLeader }).check();
  await memberSection(visitor, 2).getByRole('textbox', { name: '姓', exact: true }).fill('YAMADA');
  await memberSection(visitor, 2).getByRole('textbox', { name: '名', exact: true }).fill('HANAKO');
  await memberSection(visitor, 2).getByRole('textbox', { name: '生年月日', exact: true }).fill('1987/09/30');
  await memberSection(visitor, 2).getByRole('radio', { name: '女性' }).check();
  await memberSection(visitor, 2).getByRole('combobox', { name: '国籍', exact: true }).selectOption({ label: '日本' });
  await visitor.getByRole('button', { name: Msg.toCheck }).click();
  await expect(visitor).toHaveURL(/\/reservation\/check$/);

  const main = visitor.getByRole('main');
  const totalText = (await main.getByRole('row', { name: /合計（税込）/ }).textContent()) ?? '';
  const list = Number(totalText.replace(/[^\d]/g, ''));
  const off = Math.floor(list * 0.2);
  const yen = (n: number) => `￥${n.toLocaleString('ja-JP')}`;
  const box = visitor.getByRole('region', { name: '割引コード' });
  const field = box.getByRole('textbox', { name: '割引コードをお持ちの方は入力してください' });

  // Nothing typed, then a code for other options only: each said beside the field.
  await box.getByRole('button', { name: '適用' }).click();
  await expect(box.getByRole('alert')).toHaveText('割引コードを入力してください。');
  await field.fill('HOTEL1000X');
  await box.getByRole('button', { name: '適用' }).click();
  await expect(box.getByRole('alert')).toHaveText('この割引コードはご利用いただけません。コードをご確認ください。');

  // Typed in lower case with the keyboard: applied, the summary shows the price, the discount and what is paid.
  await field.fill(code.toLowerCase());
  await field.press('Enter');
  await expect(box).toContainText(`割引（${code}） −${yen(off)}`);
  await expect(main.getByRole('row', { name: /お支払い金額（税込）/ })).toContainText(yen(list - off));
  await expectNoSeriousA11yIssues(visitor);
  await shoot(visitor, 'check-discount');
  await visitor.setViewportSize({ width: 390, height: 844 });

  // Removed: the total is the price again, and the field is back with the keyboard on it.
  await box.getByRole('button', { name: '取り消す' }).click();
  await expect(main.getByRole('row', { name: /お支払い金額（税込）/ })).toHaveCount(0);
  await expect(field).toBeFocused();
  await field.fill(code);
  await box.getByRole('button', { name: '適用' }).click();
  await expect(box).toContainText(`割引（${code}）`);
  // A reload keeps it.
  await visitor.reload();
  await expect(main.getByRole('row', { name: /お支払い金額（税込）/ })).toContainText(yen(list - off));

  await agreeToConsent(visitor);
  await visitor.getByRole('button', { name: Msg.submitPurchase }).click();
  await expect(visitor.getByRole('button', { name: new RegExp(yen(list - off).replace('￥', '')) })).toBeVisible();
  await payOnSandbox(visitor, '4242 4242 4242 4242');
  await expect(visitor).toHaveURL(/processing=success/);
  const rsvno = (await visitor.getByTestId('rsvno').textContent()) ?? '';

  // My page: the discount and the total paid.
  await loginAs(visitor, rsvno);
  await visitor.goto('/mypage');
  await expect(visitor.getByTestId('booking-discount')).toHaveText(`−${yen(off)}`);
  await expect(visitor.getByTestId('booking-total')).toHaveText(yen(list - off));
  // Paid: the ticket for the door (ADR 0212), its QR code large on a phone.
  const ticket = visitor.getByRole('img', { name: `ご予約${rsvno}のチケット（QRコード）` });
  await expect(ticket).toBeVisible();
  expect((await ticket.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(280);
  await expectNoSeriousA11yIssues(visitor);
  await shoot(visitor, 'mypage-discount');

  // The console counts the use.
  await staff.reload();
  await expect(staff.getByRole('table').getByRole('row', { name: new RegExp(code) })).toContainText('1');
  await office.close();
});

test('on the English pages a code is refused and applied in English, and removed', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The code this test uses, made through the console's own call.
  const code = codeOf('EN');
  await asStaff(page, ADMIN);
  const made = await page.request.post('/api/admin/discount-codes', {
    data: { code, kind: 'yen', value: 500, opcds: ['OP0002'] },
    headers: { 'x-xsrf-token': await xsrfToken(page) },
  });
  expect(made.ok(), await made.text()).toBe(true);

  await page.goto('/en/detail?opcd=OP0001');
  await page.getByTestId('availability-calendar').locator('td[data-day] button:not([disabled])').first().click();
  const party = page.getByRole('dialog', { name: 'How many people?' });
  await party.getByLabel('Adult', { exact: true }).selectOption('1');
  await party.getByRole('button', { name: 'Continue to your details' }).click();
  await fillLeaderInEnglish(page, {
    last: 'BROWN',
    first: 'SAM',
    birthday: '1990/07/15',
    sex: 'Male',
    nationality: 'Australia',
    tel: '090-1234-5678',
    mail: 'sam.brown@example.com',
  });
  await page.getByRole('button', { name: 'Review your booking' }).click();
  await expect(page).toHaveURL(/\/en\/reservation\/check$/);

  const box = page.getByRole('region', { name: 'Discount code' });
  const field = box.getByRole('textbox', { name: 'Have a discount code? Enter it here' });
  // This code is for OP0002 only.
  await field.fill(code);
  await box.getByRole('button', { name: 'Apply' }).click();
  await expect(box.getByRole('alert')).toHaveText('This discount code cannot be used for this item.');
  await field.fill('WINTER10');
  await field.press('Enter');
  await expect(box).toContainText('Discount (WINTER10)');
  await expect(page.getByRole('main').getByRole('row', { name: /Amount to pay/ })).toBeVisible();
  expect(await otherLanguageOutsideContent(page)).toEqual([]);
  await shoot(page, 'en-check-discount');
  await page.setViewportSize({ width: 390, height: 844 });
  await box.getByRole('button', { name: 'Remove' }).click();
  await expect(box.getByRole('status')).toHaveText('Discount code removed.');
  await expect(page.getByRole('main').getByRole('row', { name: /Amount to pay/ })).toHaveCount(0);
});
