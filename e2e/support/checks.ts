import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { otherLanguageTexts } from '../../apps/web/src/test/other-language.ts';

/**
 * The serious and critical axe-core violations on the page as it is now, listed readably: every rule, or only those
 * of `tags` (accessibility.spec.ts: WCAG 2.x A/AA). Only violations are gathered in full (axe's `resultTypes`),
 * about 15 % faster for the same violations. Legacy mode runs axe in the page itself instead of finishing each scan in
 * a new blank page of the context: 0.6–1.6 s a scan instead of 1.2–4.3 s on this machine, the same findings (the
 * control test in accessibility.spec.ts). A frame is scanned only if it answers axe's ping in time (0.5 s), which a
 * loaded CI run does not always do; our pages' only frames are the map's, another site's page, which legacy mode does
 * not scan.
 */
export async function seriousA11yIssues(page: Page, options: { tags?: string[] } = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (options.tags) builder.withTags(options.tags);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) =>
      [
        `${v.id} [${v.impact}] ${v.help} (${v.helpUrl})`,
        ...v.nodes.map(
          (n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
        ),
      ].join('\n'),
    );
}

/** No serious or critical axe-core violation on the page as it is now (see seriousA11yIssues). */
export async function expectNoSeriousA11yIssues(page: Page, options: { tags?: string[]; what?: string } = {}) {
  const report = await seriousA11yIssues(page, options);
  const where = `${options.what ?? page.url()} at ${page.viewportSize()?.width}px`;
  expect(report, `axe serious/critical violations on ${where}`).toEqual([]);
}

/** Full-page screenshots at phone and desktop size into SHOTS_DIR, when it is set. */
export async function shoot(page: Page, name: string): Promise<void> {
  const shots = process.env.SHOTS_DIR;
  if (!shots) return;
  for (const [width, height] of [
    [390, 844],
    [844, 390],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
}

/** Text of another language on the page, outside what is marked with its own `lang` (`otherLanguageTexts`). */
export async function otherLanguageOutsideContent(page: Page): Promise<string[]> {
  const pageLang = await page.evaluate(() => document.documentElement.lang);
  return page.evaluate(otherLanguageTexts, pageLang);
}
