/**
 * The one HTML allow-list (ADR 0160): what staff may write in an option's HTML texts (introduction, contents,
 * notes…) and what any page shows of them. One sanitiser, DOMPurify, applies it everywhere: the server when the
 * text is saved and when it renders a page (on jsdom), the browser before it inserts server HTML and in the
 * console's live preview. {@link createHtmlSanitizer} is the only way to configure it, so the two cannot drift.
 * No zod here and no DOMPurify import: the caller passes its own DOMPurify instance (the browser's, or one made
 * on a jsdom window).
 */

/** Attributes any allowed element may carry. */
export const HTML_GLOBAL_ATTRIBUTES: readonly string[] = ['class', 'title', 'lang', 'dir'];

const none: readonly string[] = [];
const cell: readonly string[] = ['colspan', 'rowspan'];

/** Every allowed element, with the attributes it may carry beyond the global ones. Anything else is removed. */
export const HTML_ALLOWED_ELEMENTS: Readonly<Record<string, readonly string[]>> = {
  // Text blocks.
  p: none,
  div: none,
  br: none,
  hr: none,
  h1: none,
  h2: none,
  h3: none,
  h4: none,
  h5: none,
  h6: none,
  blockquote: none,
  pre: none,
  address: none,
  section: none,
  article: none,
  aside: none,
  header: none,
  footer: none,
  figure: none,
  figcaption: none,
  // Lists.
  ul: none,
  ol: none,
  li: none,
  dl: none,
  dt: none,
  dd: none,
  // Inline text.
  a: ['href', 'name', 'target', 'rel'],
  abbr: none,
  b: none,
  bdi: none,
  bdo: none,
  cite: none,
  code: none,
  dfn: none,
  em: none,
  i: none,
  kbd: none,
  mark: none,
  q: none,
  rp: none,
  rt: none,
  ruby: none,
  s: none,
  samp: none,
  small: none,
  span: none,
  strong: none,
  sub: none,
  sup: none,
  time: none,
  u: none,
  var: none,
  wbr: none,
  // Tables.
  table: none,
  caption: none,
  colgroup: none,
  col: none,
  thead: none,
  tbody: none,
  tfoot: none,
  tr: none,
  th: cell,
  td: cell,
  // Pictures (the CSP lets only our own origin's load).
  img: ['src', 'alt', 'width', 'height'],
};

/** Where a link or a picture may point: http(s), mail and phone links, and addresses on this site. */
export const HTML_ALLOWED_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** The DOMPurify settings the allow-list comes to. */
export const HTML_PURIFY_CONFIG = {
  ALLOWED_TAGS: Object.keys(HTML_ALLOWED_ELEMENTS),
  ALLOWED_ATTR: [...new Set([...HTML_GLOBAL_ATTRIBUTES, ...Object.values(HTML_ALLOWED_ELEMENTS).flat()])],
  ALLOWED_URI_REGEXP: HTML_ALLOWED_URI,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // Script, style and template contents go with their element; other unknown elements leave their text.
  KEEP_CONTENT: true,
};

/** The little of an element the hooks read and write (the DOM's Element, in the browser or in jsdom). */
interface HookElement {
  nodeName: string;
  hasAttribute(name: string): boolean;
  setAttribute(name: string, value: string): void;
}

/** What DOMPurify tells an attribute hook, and what it reads back. */
interface AttributeEvent {
  attrName: string;
  keepAttr: boolean;
}

/** The little of DOMPurify this needs (its instance in the browser, or one made on a jsdom window). */
export interface Purifier {
  sanitize(dirty: string, config: typeof HTML_PURIFY_CONFIG): unknown;
  addHook(entryPoint: 'uponSanitizeAttribute', hook: (node: HookElement, data: AttributeEvent) => void): void;
  addHook(entryPoint: 'afterSanitizeAttributes', hook: (node: HookElement) => void): void;
}

/** An attribute allowed on some element is still removed from the others (DOMPurify's list is one for all). */
function keepAllowedAttribute(node: HookElement, data: AttributeEvent): void {
  const name = data.attrName.toLowerCase();
  if (HTML_GLOBAL_ATTRIBUTES.includes(name)) return;
  if (!HTML_ALLOWED_ELEMENTS[node.nodeName.toLowerCase()]?.includes(name)) data.keepAttr = false;
}

/** A link never hands the page to the site it opens, and opens a new tab only when asked to. */
function safeLink(node: HookElement): void {
  if (node.nodeName.toLowerCase() !== 'a') return;
  node.setAttribute('rel', 'noopener noreferrer');
  if (node.hasAttribute('target')) node.setAttribute('target', '_blank');
}

/** Configures a DOMPurify instance with the allow-list (once per instance) and returns its sanitiser. */
export function createHtmlSanitizer(purify: Purifier): (html: string) => string {
  purify.addHook('uponSanitizeAttribute', keepAllowedAttribute);
  purify.addHook('afterSanitizeAttributes', safeLink);
  return (html) => String(purify.sanitize(html, HTML_PURIFY_CONFIG));
}
