/**
 * The server's side of the one HTML sanitiser (ADR 0160): DOMPurify with the contract's allow-list, on a jsdom
 * window (the same parser rules as a browser's, so what the server keeps is what the browser would keep). Option
 * HTML is sanitised when it is saved (admin/catalog.ts) and again when a page is rendered (page-render.ts), for
 * rows written before or around the console (demo data, imports).
 */
import { createRequire } from 'node:module';
import { createHtmlSanitizer } from '@tabi/contract/html-policy';
import createDOMPurify from 'dompurify';
import type { JSDOM } from 'jsdom';
import { LRUCache } from 'lru-cache';

/**
 * jsdom is loaded by the first text that needs it, not with the module: it was a quarter of the CPU of a start
 * refused for a wrong setting (0.4 of 1.6 s), which sanitises nothing.
 */
let dom: { window: JSDOM['window']; sanitize: (html: string) => string } | undefined;
function parser(): NonNullable<typeof dom> {
  if (!dom) {
    const { JSDOM } = createRequire(import.meta.url)('jsdom') as typeof import('jsdom');
    const { window } = new JSDOM('');
    dom = { window, sanitize: createHtmlSanitizer(createDOMPurify(window as never)) };
  }
  return dom;
}

/**
 * Pages render the catalog's texts again and again: their clean forms are kept, the least recently used going first
 * once the cache holds about 8 MB of text. The demo catalog alone has 1,100 texts (37 options in five languages); a
 * cache of 500 cleared when full was emptied over and over by a visitor walking it, and by every seed.
 */
const cache = new LRUCache<string, string>({
  maxSize: 4_000_000,
  // UTF-16 code units, two bytes each: the text and its clean form are both held.
  sizeCalculation: (clean, html) => html.length + clean.length || 1,
});

/** HTML from staff (or from any row) as the allow-list keeps it. */
export function sanitizeHtml(html: string): string {
  if (html === '') return '';
  const known = cache.get(html);
  if (known !== undefined) return known;
  const clean = parser().sanitize(html);
  cache.set(html, clean);
  return clean;
}

/** The text of server HTML, as a reader sees it: a space after each block, entities decoded, nothing run. */
export function htmlText(html: string): string {
  const template = parser().window.document.createElement('template');
  template.innerHTML = sanitizeHtml(html).replace(/<\/(p|li|tr|h\d|div|dd|dt)>|<br\s*\/?>/gi, '$& ');
  return template.content.textContent ?? '';
}
