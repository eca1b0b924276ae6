import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expectNoSeriousA11yIssues, READING_SIZES } from './support/checks.ts';
import { expect, test } from './support/test.ts';

/**
 * Every mail's HTML part, rendered in Chromium at the three sizes, readable and axe clean. One test, a step per mail:
 * the mails are written by the server's own code once, in the worker that runs it, and read in one page. Each mail is
 * written over the document of the one before (`setContent`): the window stays, and axe with it, evaluated once
 * instead of once a mail (the test 18.5 s → 10.5 s).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KINDS = [
  'booking_changed',
  'booking_paid',
  'cancellation',
  'change_failed',
  'day_before',
  'day_stopped',
  'konbini_expired',
  'konbini_reminder',
  'konbini_slip',
  'payment_refunded',
  'request_confirmed',
  'request_declined',
  'request_received',
  'request_withdrawn',
  'rental_sheet',
  'waitlist_joined',
  'waitlist_offered',
];

test('every mail kind reads in Japanese at 390, 320 and 1280 px with nothing cut off', async ({ page }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tabi-mails-'));
  execFileSync(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/scripts/preview-mails.ts', dir], {
    cwd: root,
  });
  const kinds = readdirSync(dir)
    .filter((f) => f.endsWith('.html'))
    .map((f) => f.replace(/\.html$/, ''));
  expect(kinds.sort()).toEqual([...KINDS].sort());
  // A document of the mails' folder, so that what a mail names by a relative address resolves as it would on disk.
  await page.goto(pathToFileURL(path.join(dir, `${kinds[0]}.html`)).href);

  for (const kind of kinds) {
    await test.step(`mail ${kind}`, async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.setContent(readFileSync(path.join(dir, `${kind}.html`), 'utf8'));
      await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
      // The waiting-list mails (ADR 0167) are about no booking yet, and the レンタル準備表 goes to a shop: no my page,
      // no policy.
      const aboutBooking = !kind.startsWith('waitlist_') && kind !== 'rental_sheet';
      if (aboutBooking) await expect(page.getByRole('link', { name: 'マイページでご予約を確認する' })).toBeVisible();
      // The day-before mail and the 催行中止 mail come when the free cancellation no longer matters.
      if (aboutBooking && !['day_before', 'day_stopped', 'konbini_expired'].includes(kind)) {
        await expect(page.getByText('無料キャンセル期限')).toBeVisible();
      }
      await expectNoSeriousA11yIssues(page, { what: `mail ${kind}` });
      for (const [width, height] of READING_SIZES) {
        await page.setViewportSize({ width, height });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `mail ${kind} wider than ${width} px`).toBeLessThanOrEqual(0);
        const shots = process.env.SHOTS_DIR;
        if (shots) await page.screenshot({ path: `${shots}/mail-${kind}-${width}.png`, fullPage: true });
      }
    });
  }
});
