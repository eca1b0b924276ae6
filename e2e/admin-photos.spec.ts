/**
 * 商品の写真 (ADR 0151) in Chromium: an admin creates an option, uploads two photos (a JPEG and a PNG made here
 * with sharp) with captions and alt texts, moves the second to the top with the keyboard, opens dates with prices
 * and publishes (through the console's calls: admin-catalog.spec.ts walks their forms); a visitor finds it in search with that photo on its card, sees both in the detail gallery
 * (responsive WebP: srcset), buys it on the sandbox card page, and the booking is in the day's manifest.
 * Screenshots: the photo manager at 1280×800 and 1024×768, the gallery at 390×844; axe on each page.
 */

import { Msg } from '@tabi/contract/messages';
import sharp from 'sharp';
import { expectNoSeriousA11yIssues, shoot } from './support/checks.ts';
import { xsrfToken } from './support/customer.ts';
import { agreeToConsent, fillLeader, memberSection, payOnSandbox, startFromDetail } from './support/purchase.ts';
import { ADMIN, asStaff, shootConsole, tokyoIso } from './support/staff.ts';
import { expect, test } from './support/test.ts';

/** A river at sunrise with a small boat: drawn here so the alt text can say exactly what it shows. */
const RIVER = `<svg xmlns="http://www.w3.org/2000/svg" width="1800" height="1200">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6b26b"/><stop offset="1" stop-color="#fde9c9"/></linearGradient></defs>
<rect width="1800" height="700" fill="url(#s)"/><circle cx="1300" cy="520" r="110" fill="#fff3c4"/>
<rect y="700" width="1800" height="500" fill="#3d6f99"/>
<path d="M600 880 L1200 880 L1120 960 L680 960 Z" fill="#6b3e26"/><rect x="880" y="760" width="14" height="120" fill="#4a2a18"/>
</svg>`;
/** A red arch bridge over green water. */
const BRIDGE = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
<rect width="1200" height="500" fill="#9fd0f0"/><rect y="500" width="1200" height="300" fill="#2f7d5b"/>
<path d="M100 500 Q600 160 1100 500" stroke="#c8322a" stroke-width="40" fill="none"/>
<rect x="80" y="480" width="1040" height="30" fill="#c8322a"/>
</svg>`;

const PHOTO_1 = {
  caption: '朝日の川と小舟',
  alt: '朝日が昇るオレンジ色の空の下、青い川に浮かぶ茶色の小舟（イラスト）',
};
const PHOTO_2 = { caption: '川にかかる赤い橋', alt: '水色の空の下、緑の川面にかかる赤いアーチ橋（イラスト）' };

test('an admin adds two photos to a new option; a visitor sees them in search and the gallery, buys it, and it is in the manifest', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const opcd = `PH${String(Date.now()).slice(-6)}`;
  const webname = '【写真E2E】隅田川 朝の舟あそび';
  const jpeg = await sharp(Buffer.from(RIVER)).jpeg({ quality: 85 }).toBuffer();
  const png = await sharp(Buffer.from(BRIDGE)).png().toBuffer();

  await asStaff(page, ADMIN);
  await page.goto('/admin/options/new');
  await page.getByLabel('商品コード').fill(opcd);
  await page.getByLabel(/^商品名(?!（)/).fill(webname);
  await page.getByLabel('方面', { exact: true }).selectOption({ label: '関東' });
  await page.getByLabel('地域', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('市区町村', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('並び順').fill('1');
  await page.getByLabel('紹介文', { exact: true }).fill('朝の隅田川を小舟でめぐります。');
  const region = {
    homencd: await page.getByLabel('方面', { exact: true }).inputValue(),
    areacd: await page.getByLabel('地域', { exact: true }).inputValue(),
    citycd: await page.getByLabel('市区町村', { exact: true }).inputValue(),
  };
  await page.getByRole('button', { name: '下書きとして作成' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `商品編集 ${opcd}` })).toBeVisible();

  // The photo manager: two uploads, each with its caption and alt text.
  const photos = page.getByRole('region', { name: '写真', exact: true });
  await expect(photos.getByText('写真はまだありません。')).toBeVisible();
  const form = photos.getByRole('form', { name: '写真の追加' });
  // A file that is not a picture is refused by the server with its Japanese message.
  await form.getByLabel(/写真のファイル/).setInputFiles({
    name: 'not-a-photo.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('これは写真ではありません。'),
  });
  await form.getByRole('button', { name: '写真を追加' }).click();
  await expect(photos.getByRole('alert')).toContainText('JPEG・PNG・WebP の画像を選択してください');

  for (const [file, text] of [
    [{ name: 'river.jpg', mimeType: 'image/jpeg', buffer: jpeg }, PHOTO_1],
    [{ name: 'bridge.png', mimeType: 'image/png', buffer: png }, PHOTO_2],
  ] as const) {
    await form.getByLabel(/写真のファイル/).setInputFiles(file);
    await form.getByLabel('キャプション', { exact: true }).fill(text.caption);
    await form.getByLabel('代替テキスト', { exact: true }).fill(text.alt);
    await form.getByRole('button', { name: '写真を追加' }).click();
    await expect(photos.getByText('写真を追加しました。')).toBeVisible();
    await expect(photos.getByRole('img', { name: text.alt })).toBeVisible();
  }
  const items = photos.getByRole('list', { name: '写真の一覧（上から表示順）' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0).getByLabel('キャプション', { exact: true })).toHaveValue(PHOTO_1.caption);

  // The second photo goes to the top with the keyboard; focus stays with it.
  await photos.getByRole('button', { name: '2枚目の写真を上へ移動' }).focus();
  await page.keyboard.press('Enter');
  await expect(photos.getByText('2枚目の写真を1枚目に移動しました。')).toBeVisible();
  await expect(items.nth(0).getByLabel('キャプション', { exact: true })).toHaveValue(PHOTO_2.caption);
  await expect(items.nth(0).getByText('一覧の画像')).toBeVisible();
  await expect(photos.getByRole('button', { name: '1枚目の写真を下へ移動' })).toBeFocused();
  // A caption edited afterwards is saved on its own.
  await items.nth(1).getByLabel('キャプション', { exact: true }).fill('朝日の隅田川と小舟');
  await items.nth(1).getByRole('button', { name: '説明を保存' }).click();
  await expect(photos.getByText('2枚目の写真の説明を保存しました。')).toBeVisible();
  await expect(page.getByRole('region', { name: '変更履歴' })).toContainText('写真の順番を変更');
  await expectNoSeriousA11yIssues(page);
  await photos.scrollIntoViewIfNeeded();
  await shootConsole(page, 'admin-photos-manager');

  // Dates with prices, then publish: the console's own calls (its forms for them are admin-catalog.spec.ts's journey).
  const headers = { 'x-xsrf-token': await xsrfToken(page) };
  const opened = await page.request.post(`/api/admin/options/${opcd}/stock`, {
    headers,
    data: {
      from: tokyoIso(3),
      to: tokyoIso(40),
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      stock: { mode: 'set', seats: 10 },
      prices: { adultbaika: 6000, childbaika: 3000, infantbaika: 0 },
    },
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  const published = await page.request.post(`/api/admin/options/${opcd}/publish`, { headers, data: {} });
  expect(published.ok(), await published.text()).toBe(true);

  // A visitor: the search list shows the option with the photo now first, as responsive WebP.
  const usedate = tokyoIso(5).replaceAll('-', '');
  await page.goto(`/?homencd=${region.homencd}&areacd=${region.areacd}&citycd=${region.citycd}&usedate=${usedate}`);
  const card = page.locator(`article[data-opcd="${opcd}"]`);
  await expect(card.getByRole('heading', { name: webname })).toBeVisible();
  const cardImage = card.locator('figure img');
  await expect(cardImage).toHaveAttribute('alt', PHOTO_2.alt);
  await expect(cardImage).toHaveAttribute(
    'srcset',
    /^\/media\/[0-9a-f]{32}-160\.webp 160w, .*-480\.webp 480w, .*-1200\.webp 1200w$/,
  );
  await expect(cardImage).toHaveAttribute('sizes', /300px/);
  await expect(card.locator('figcaption')).toHaveText(PHOTO_2.caption);
  await expect
    .poll(() => cardImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  // The detail gallery: both photos, in the order staff chose, each with its variants.
  await page.goto(`/detail?opcd=${opcd}&usedate=${usedate}`);
  await expect(page.getByRole('heading', { level: 1, name: webname })).toBeVisible();
  const gallery = page.getByRole('region', { name: `${webname}の写真` });
  const slides = gallery.locator('figure img');
  await expect(slides).toHaveCount(2);
  await expect(slides.nth(0)).toHaveAttribute('alt', PHOTO_2.alt);
  await expect(slides.nth(1)).toHaveAttribute('alt', PHOTO_1.alt);
  for (const i of [0, 1]) await expect(slides.nth(i)).toHaveAttribute('srcset', /\.webp 480w, /);
  await expect(slides.nth(0)).toHaveAttribute('sizes', /460px/);
  await expect(gallery.locator('figcaption').nth(1)).toHaveText('朝日の隅田川と小舟');
  await expect
    .poll(() => slides.nth(0).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'admin-photos-detail');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Bought as any visitor buys: party, applicant, consent, the sandbox card page.
  const day = await startFromDetail(page, opcd, { 大人: 1 }, '', false);
  await fillLeader(page);
  await memberSection(page, 1).getByRole('checkbox', { name: Msg.sameAsLeader }).check();
  await page.getByRole('button', { name: Msg.toCheck }).click();
  await expect(page).toHaveURL(/\/reservation\/check$/);
  await agreeToConsent(page);
  await page.getByRole('button', { name: Msg.submitPurchase }).click();
  await payOnSandbox(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ご予約が完了しました');
  const rsvno = (await page.getByTestId('rsvno').textContent()) ?? '';
  expect(rsvno).toMatch(/^[A-Z]{2}\d{6}$/);

  await page.goto(`/admin/manifest?date=${day}`);
  await expect(page.getByRole('link', { name: rsvno }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: new RegExp(webname) }).first()).toBeVisible();
});
