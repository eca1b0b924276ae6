/**
 * Text of another language on a page in `pageLang`, outside what is marked with its own `lang` (the catalog's texts
 * that have no translation, the language switch's names): every visible text node, and the placeholder, alt, title
 * and aria-label of every element. Another language is told by its script: kana, Han and Hangul on an English page;
 * kana and Han on a Korean one; kana and Hangul on a Chinese one. An element with no `lang` above it is in the page's
 * language. An attribute may quote a text that the page shows marked (a chip's "Remove the filter 関東").
 *
 * Self-contained on purpose: the browser tests run this very function inside the page (`page.evaluate`), the
 * component tests in jsdom.
 */
export function otherLanguageTexts(pageLang: string, root: Element = document.body): string[] {
  const FOREIGN: Record<string, RegExp> = {
    en: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}\p{Script=Hangul}]/u,
    ko: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u,
    'zh-Hant': /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u,
    'zh-Hans': /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u,
  };
  const foreign = FOREIGN[pageLang];
  if (!foreign) return [`no check for a page in ${pageLang}`];
  const markedOther = (el: Element) => (el.closest('[lang]')?.getAttribute('lang') ?? pageLang) !== pageLang;
  const marked = Array.from(root.querySelectorAll('[lang]'))
    .filter((el) => el.getAttribute('lang') !== pageLang)
    .map((el) => el.textContent?.trim() ?? '')
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
  const leaks: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const parent = node.parentElement;
    if (!parent || markedOther(parent) || parent.closest('script, style, [hidden]')) continue;
    if (foreign.test(node.textContent ?? '')) leaks.push(`text: ${node.textContent?.trim()}`);
  }
  for (const el of Array.from(root.querySelectorAll('[placeholder], [alt], [title], [aria-label]'))) {
    if (markedOther(el)) continue;
    for (const name of ['placeholder', 'alt', 'title', 'aria-label']) {
      let value = el.getAttribute(name) ?? '';
      for (const text of marked) value = value.split(text).join('');
      if (foreign.test(value)) leaks.push(`${name}: ${el.getAttribute(name)}`);
    }
  }
  return leaks;
}
