import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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

/**
 * Text of another language on a page, outside what is marked with its own `lang` (the catalog's texts that have
 * no translation, the language switch's names): every visible text node, and the placeholder, alt, title and
 * aria-label of every element. Another language is told by its script: kana, Han and Hangul on an English page;
 * kana and Han on a Korean one; kana and Hangul on a Chinese one. An attribute may quote a text that the page shows
 * marked (a chip's "Remove the filter 関東").
 */
export async function otherLanguageOutsideContent(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const pageLang = document.documentElement.lang;
    const FOREIGN: Record<string, RegExp> = {
      en: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}\p{Script=Hangul}]/u,
      ko: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u,
      'zh-Hant': /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u,
      'zh-Hans': /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u,
    };
    const foreign = FOREIGN[pageLang];
    if (!foreign) return [`no check for a page in ${pageLang}`];
    const markedOther = (el: Element | null) => el?.closest('[lang]')?.getAttribute('lang') !== pageLang;
    const marked = Array.from(document.querySelectorAll('[lang]'))
      .filter((el) => el.getAttribute('lang') !== pageLang)
      .map((el) => el.textContent?.trim() ?? '')
      .filter(Boolean)
      .sort((a, b) => b.length - a.length);
    const leaks: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const parent = node.parentElement;
      if (!parent || markedOther(parent) || parent.closest('script, style, [hidden]')) continue;
      if (foreign.test(node.textContent ?? '')) leaks.push(`text: ${node.textContent?.trim()}`);
    }
    for (const el of Array.from(document.body.querySelectorAll('[placeholder], [alt], [title], [aria-label]'))) {
      if (markedOther(el)) continue;
      for (const name of ['placeholder', 'alt', 'title', 'aria-label']) {
        let value = el.getAttribute(name) ?? '';
        for (const text of marked) value = value.split(text).join('');
        if (foreign.test(value)) leaks.push(`${name}: ${el.getAttribute(name)}`);
      }
    }
    return leaks;
  });
}
