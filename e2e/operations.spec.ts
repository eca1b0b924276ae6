/**
 * The operator's day in Chromium: an operator opens the レンタル準備表 of the day the demo ski rental
 * AA100009 started (two days ago: スノーギア ニセコ, an adult and a 中人 with their boards, boots and wear; other specs'
 * own bookings made as AA100009 is may be there too), reads its counts against its list, and its print view (print
 * media, A4) shows the sheet without the console's chrome. Screenshots into SHOTS_DIR.
 */
import { expectNoSeriousA11yIssues } from './support/checks.ts';
import { asStaff, menu, OPERATOR, shootConsole, tokyoIso } from './support/staff.ts';
import { expect, test } from './support/test.ts';

test('an operator reads the rental preparation sheet of a day and prints it on A4 without the console chrome', async ({
  page,
}) => {
  await asStaff(page, OPERATOR);
  await menu(page).getByRole('link', { name: 'レンタル準備表' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^レンタル準備表/ })).toBeFocused();
  // Tomorrow's by default; once it is shown (the form is drawn again with it), another day is asked for.
  await expect(page.getByRole('link', { name: 'CSVダウンロード' })).toBeVisible();
  const day = tokyoIso(-2);
  await page.getByLabel('利用日').fill(day);
  await page.getByRole('button', { name: '表示' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `レンタル準備表 ${day.replaceAll('-', '/')}` }),
  ).toBeVisible();

  const sheet = page.getByRole('region', { name: /スノーギア ニセコ/ });
  // The counts are the list's, whichever bookings made as AA100009 is the other specs added to the day.
  const list = sheet.getByRole('table', { name: /予約・参加者別レンタル/ });
  await expect(list.getByRole('link', { name: 'AA100009' })).toHaveCount(2);
  const lines = await list
    .getByRole('row')
    .filter({ has: page.getByRole('link') })
    .allTextContents();
  const booked = new Set(await list.getByRole('link').allTextContents()).size;
  await expect(sheet.getByRole('heading', { level: 2 })).toContainText(`予約${booked}件・${lines.length}名`);
  const count = (pattern: RegExp) => lines.filter((l) => pattern.test(l)).length;
  const boards = sheet.getByRole('table', { name: '板' });
  await expect(boards.getByRole('row', { name: 'スキー' })).toContainText(`${count(/スキー/)}台`);
  await expect(boards.getByRole('row', { name: 'スノーボード' })).toContainText(`${count(/スノーボード/)}台`);
  const sizes = [
    ...new Set(lines.map((l) => /(\d+\.\d)cm/.exec(l)?.[1]).filter((size): size is string => size !== undefined)),
  ].sort();
  const boots = sheet.getByRole('table', { name: 'ブーツ（サイズ別）' });
  await expect(boots.getByRole('row')).toHaveText(
    sizes.map((size) => `${size}cm${count(new RegExp(`${size.replace('.', '\\.')}cm`))}足`),
  );
  const wear = sheet.getByRole('table', { name: 'ウェア（年齢区分・サイズ別）' });
  // An adult and a 中人: a line per class and size (other specs' bookings made as AA100009 is may change sizes).
  await expect(wear.getByRole('rowheader').first()).toBeVisible();
  const wearLines = await wear.getByRole('rowheader').allTextContents();
  expect(wearLines.every((line) => /^(大人|中人) \S+$/.test(line))).toBe(true);
  expect(new Set(wearLines.map((line) => line.split(' ')[0]))).toEqual(new Set(['大人', '中人']));
  await expect(list.getByRole('row').filter({ hasText: '小林 優奈' }).first()).toContainText('中人');
  // スノーギア ニセコ has a mail address: the sheet goes there the evening before.
  await expect(sheet.getByText('rental-niseko@example.jp')).toBeVisible();
  await expect(page.getByRole('link', { name: 'CSVダウンロード' })).toHaveAttribute(
    'href',
    /\/api\/admin\/rental-sheet\.csv\?date=\d{8}/,
  );
  await expectNoSeriousA11yIssues(page);
  await shootConsole(page, 'rental-sheet');

  await page.emulateMedia({ media: 'print' });
  await expect(menu(page)).toBeHidden();
  await expect(page.getByText('さくらトラベル スタッフ管理')).toBeHidden();
  await expect(page.getByRole('button', { name: '印刷' })).toBeHidden();
  await expect(page.getByRole('form', { name: 'レンタル準備表の条件' })).toBeHidden();
  await expect(sheet.getByRole('columnheader', { name: '準備' })).toBeVisible();
  await expect(boots).toBeVisible();
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
  expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
  const shots = process.env.SHOTS_DIR;
  if (shots) {
    // A4 at 96 dpi (210 × 297 mm), as the print preview lays it out.
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.screenshot({ path: `${shots}/rental-sheet-print-a4.png`, fullPage: true });
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${shots}/rental-sheet.pdf`, pdf);
  }
  await page.emulateMedia({ media: 'screen' });
});
