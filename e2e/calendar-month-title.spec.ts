/**
 * The detail calendar's month title keeps one line beside its buttons, in English too (「December 2026」 broke in two
 * at 390 px), on a phone held either way and on a desktop, and the calendar stays inside its card.
 */
import { addMonths, monthStart, tokyoYmd } from '@tabi/contract/dates';
import { expect, test } from './support/test.ts';

const thisMonth = monthStart(tokyoYmd(new Date()));
/**
 * The first such month (0 January) from this month on: December's and September's (the longest) English titles. From
 * this month, not the next: in December the next December is a year ahead, past the calendar's last month.
 */
function monthAhead(monthIndex: number): string {
  let month = thisMonth;
  while (Number(month.slice(4, 6)) !== monthIndex + 1) month = addMonths(month, 1);
  return month;
}
const december = monthAhead(11);
const september = monthAhead(8);
// The English month's name as Intl writes it, which the catalogs' month captions are written by (ADR 0205).
const monthName = (month: string) =>
  new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, Number(month.slice(4, 6)) - 1, 1)),
  );
const enTitle = (month: string) => `${monthName(month)} ${month.slice(0, 4)}`;

test.beforeEach(async ({ page }) => {
  // The Japanese browser's offer of 「日本語で見る」 is not what is measured here.
  await page.addInitScript(() => localStorage.setItem('language-suggestion-dismissed', '1'));
});

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 375, height: 667 },
  { width: 844, height: 390 },
  { width: 1280, height: 800 },
];

const TITLES = [
  [`/en/detail?opcd=OP0001&usedate=${december}`, enTitle(december)],
  [`/en/detail?opcd=OP0001&usedate=${september}`, enTitle(september)],
  [`/detail?opcd=OP0001&usedate=${december}`, `${december.slice(0, 4)}年12月`],
] as const;

// One page per title, measured at each size in turn (the layout follows a resize; a reload per size measured nothing
// more and cost a page load each); the three titles in one test, a step each.
test(`${TITLES.map(([, title]) => title).join(', ')} on one line at ${VIEWPORTS.map((v) => `${v.width}×${v.height}`).join(', ')}`, async ({
  page,
}) => {
  for (const [path, title] of TITLES) {
    await test.step(title, async () => {
      await page.setViewportSize(VIEWPORTS[0] ?? { width: 390, height: 844 });
      await page.goto(path);
      const calendar = page.getByTestId('availability-calendar');
      const caption = calendar.getByText(title, { exact: true });
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await expect(caption).toBeVisible();
        const lines = await caption.evaluate((label) => {
          const range = document.createRange();
          range.selectNodeContents(label);
          return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
        });
        expect(lines, `${title} at ${viewport.width}×${viewport.height}`).toBe(1);
        expect(await calendar.evaluate((cal) => cal.scrollWidth - cal.clientWidth)).toBeLessThanOrEqual(0);
        // The buttons keep their names, whether they show their words or only the arrows.
        await expect(
          calendar.getByRole('button', { name: path.startsWith('/en') ? 'Next month' : '次の月' }),
        ).toBeVisible();
      }
    });
  }
});
