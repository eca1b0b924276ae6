/**
 * What a visitor typed is kept, on a phone: the participant form across a reload (phones reload a tab when the
 * app comes back), the rental sizes across a language switch, and a second tab: one that opens a step continues
 * the same purchase with the same names; one that starts another option leaves the first tab saying plainly that
 * another purchase is in progress, with nothing to book, until the visitor chooses to continue that one.
 * Nothing is booked here, so the demo options' stock is left as it was for the specs after this one.
 */
import type { Page } from '@playwright/test';
import { Msg } from '@tabi/contract/messages';
import { switchLanguage } from './support/customer.ts';
import {
  fillLeader,
  HANAKO,
  leaderSection,
  memberSection,
  startFromDetail,
  storedReservation,
  TARO,
} from './support/purchase.ts';
import { expect, test } from './support/test.ts';

const shots = process.env.SHOTS_DIR;
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 844, height: 390 },
  { width: 1280, height: 800 },
];

/** With SHOTS_DIR: the screen at a phone's width, a phone held sideways and a desktop's, then back to the phone. */
async function shootAll(page: Page, name: string): Promise<void> {
  if (!shots) return;
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${shots}/${name}-${viewport.width}x${viewport.height}.png` });
  }
  await page.setViewportSize(VIEWPORTS[0] ?? { width: 390, height: 844 });
}

/** A page opened by the test itself: it is ready once the app has taken it over (support/test.ts does this for `page`). */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
}

/** The English page's words (apps/web/src/messages/en). */
const EN = {
  toCheck: 'Review your booking',
  submitPurchase: 'Book and pay',
  openConsent: 'Read the documents',
  otherPurchaseTitle: 'A different booking was started in another tab',
  otherPurchase: 'Another tab has started booking a different option or date.',
};

test.use({ viewport: { width: 390, height: 844 } });

test('typed values survive a reload and a language switch; a second tab never books the first tab’s purchase', async ({
  page,
  context,
}) => {
  // The browser is Japanese: on /en/ pages the site would offer Japanese along the bottom of the screen.
  await context.addInitScript(() => localStorage.setItem('language-suggestion-dismissed', '1'));
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });

  // お客様情報入力, half filled in, then reloaded.
  await startFromDetail(page, 'OP0001', { 大人: 2 });
  await fillLeader(page, HANAKO, 'hanako@example.com');
  await memberSection(page, 1).getByRole('checkbox', { name: Msg.sameAsLeader }).check();
  await memberSection(page, 2).getByRole('textbox', { name: '姓', exact: true }).fill('SATO');
  await page.reload();
  const leader = leaderSection(page);
  await expect(leader.getByRole('textbox', { name: '姓', exact: true })).toHaveValue('YAMADA');
  await expect(leader.getByRole('textbox', { name: '名', exact: true })).toHaveValue('HANAKO');
  await expect(leader.getByRole('textbox', { name: '生年月日', exact: true })).toHaveValue('1987/09/30');
  await expect(leader.getByRole('radio', { name: '女性' })).toBeChecked();
  await expect(leader.getByRole('combobox', { name: '国籍', exact: true })).toHaveValue(/.+/);
  await expect(leader.getByRole('textbox', { name: 'メールアドレス', exact: true })).toHaveValue('hanako@example.com');
  await expect(memberSection(page, 1).getByRole('checkbox', { name: Msg.sameAsLeader })).toBeChecked();
  await expect(memberSection(page, 1).getByRole('textbox', { name: '名', exact: true })).toHaveValue('HANAKO');
  await expect(memberSection(page, 2).getByRole('textbox', { name: '姓', exact: true })).toHaveValue('SATO');
  await leader.scrollIntoViewIfNeeded();
  await shootAll(page, 'member-after-reload');

  // レンタル情報入力 of a rental option: the sizes chosen survive the switch to English.
  await startFromDetail(page, 'OP0003', { 大人: 1 });
  await fillLeader(page, TARO);
  await memberSection(page, 1).getByRole('checkbox', { name: Msg.sameAsLeader }).check();
  await page.getByRole('button', { name: Msg.toRental }).click();
  await expect(page).toHaveURL(/\/reservation\/rental$/);
  const renter = page.getByRole('region', { name: /^参加者1/ });
  await renter.getByRole('combobox', { name: 'レンタル', exact: true }).selectOption({ label: 'スキー' });
  await renter.getByRole('combobox', { name: 'ブーツ', exact: true }).selectOption('26.5');
  await renter.getByRole('combobox', { name: 'ウェア', exact: true }).selectOption('L');
  await switchLanguage(page, 'English');
  await expect(page).toHaveURL(/\/en\/reservation\/rental$/);
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
  const renterEn = page.getByRole('region', { name: /^Traveller 1/ });
  await expect(renterEn.getByRole('combobox', { name: 'Rental', exact: true })).toHaveValue('1');
  await expect(renterEn.getByRole('combobox', { name: 'Boots', exact: true })).toHaveValue('26.5');
  await expect(renterEn.getByRole('combobox', { name: 'Wear', exact: true })).toHaveValue('L');
  await page.getByRole('button', { name: EN.toCheck }).click();
  await expect(page).toHaveURL(/\/en\/reservation\/check$/);
  await expect(page.getByRole('main')).toContainText('YAMADA');
  const firstPurchase = (await storedReservation(page)).purchaseId as string;

  // A second tab opened on a step continues the same purchase: the same names.
  const second = await context.newPage();
  await open(second, '/reservation/check');
  await expect(second.getByRole('main')).toContainText('YAMADA');
  await expect(second.getByRole('main')).toContainText('26.5');
  await expect(second.getByRole('heading', { level: 1, name: '購入内容確認' })).toBeVisible();

  // There, another option is started: the first tab says so, in its own language, and has nothing to book.
  await open(second, '/detail?opcd=OP0001');
  await startFromDetail(second, 'OP0001', { 大人: 1 }, '', false);
  await leaderSection(second).getByRole('textbox', { name: '姓', exact: true }).fill('SUZUKI');
  await expect.poll(async () => (await storedReservation(second)).purchaseId).not.toBe(firstPurchase);
  // The draft is written a moment after typing stops, later in a tab the browser has put in the background.
  await expect.poll(async () => JSON.stringify((await storedReservation(second)).memberDraft)).toContain('SUZUKI');

  const message = page.getByRole('heading', { level: 1, name: EN.otherPurchaseTitle });
  await expect(message).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(EN.otherPurchase);
  await expect(page.getByRole('button', { name: EN.submitPurchase })).toHaveCount(0);
  await expect(page.getByRole('button', { name: EN.openConsent })).toHaveCount(0);
  // Reloaded, it does not take the other tab's purchase for its own either.
  await page.reload();
  await expect(message).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('SUZUKI');
  await expect(page.getByRole('button', { name: EN.submitPurchase })).toHaveCount(0);
  await shootAll(page, 'other-purchase-en');
  // The same in Japanese on a Japanese page.
  await open(page, '/reservation/check');
  await expect(page.getByRole('heading', { level: 1, name: '別のタブで別のお申し込みが始まっています' })).toBeVisible();
  await expect(page.getByRole('button', { name: Msg.submitPurchase })).toHaveCount(0);
  await shootAll(page, 'other-purchase-ja');

  // The other tab's purchase is untouched by all this, and the first tab may continue it knowingly.
  const kept = await storedReservation(second);
  expect(kept.optionDetail.opcd).toBe('OP0001');
  expect(kept.leader).toBeNull();
  await page.getByRole('button', { name: '別のタブのお申し込みを続ける' }).click();
  await expect(page).toHaveURL(/\/reservation\/member$/);
  await expect(leaderSection(page).getByRole('textbox', { name: '姓', exact: true })).toHaveValue('SUZUKI');
  expect(alerts).toEqual([]);
});
