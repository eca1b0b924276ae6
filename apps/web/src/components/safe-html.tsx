import { useMemo, useSyncExternalStore } from 'react';

/**
 * The one HTML sanitiser (ADR 0160): DOMPurify with the contract's allow-list, the same the server applies when
 * the text is saved and when it renders a page. It loads in parallel with the page's first calls rather than
 * before the first render. Until it is here, server HTML is shown as plain text (tags removed, never parsed or
 * inserted as HTML).
 */
let purifier: ((html: string) => string) | null = null;
const listeners = new Set<() => void>();

/** While the server renders a page, its own DOMPurify (same allow-list, on jsdom) stands in for the browser's. */
let serverSanitizer: ((html: string) => string) | null = null;

export function setServerSanitizer(sanitize: (html: string) => string): void {
  serverSanitizer = sanitize;
}

/** Settles once DOMPurify is loaded (the browser then renders a server-rendered page exactly as it was sent). */
export const purifierReady: Promise<void> =
  typeof document === 'undefined'
    ? Promise.resolve()
    : // The allow-list travels with DOMPurify in its own chunk, outside the index route's budget (ADR 0042).
      Promise.all([import('dompurify'), import('@tabi/contract/html-policy')])
        .then(([{ default: purify }, { createHtmlSanitizer }]) => {
          purifier = createHtmlSanitizer(purify);
          for (const listener of listeners) listener();
        })
        // Not loaded (offline): server HTML stays plain text, as before it arrived.
        .catch(() => undefined);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function usePurifier(): ((html: string) => string) | null {
  // Also while hydrating a server-rendered page: the browser hydrates only once DOMPurify is here (main.tsx),
  // and on the server it is never loaded (the server's sanitiser stands in, see SafeHtml).
  return useSyncExternalStore(
    subscribe,
    () => purifier,
    () => purifier,
  );
}

function inertText(html: string): string {
  // On the server (page rendering) there is no document; the text is only ever rendered as text.
  if (typeof document === 'undefined') return html.replace(/<[^>]*>/g, '').trim();
  // No element may be made from it: Chromium tries an <img onerror> even in a DOMParser document or a
  // <template> (only the CSP stopped it). Tags go first; a <textarea>'s text then only decodes the entities.
  const decoder = document.createElement('textarea');
  decoder.innerHTML = html.replace(/<[^>]*>?/g, '');
  return decoder.value.trim();
}

/**
 * Server HTML (introduction, contents, notes…) is sanitised with the one allow-list before it reaches the DOM:
 * text saved through the console already is (the browser then changes nothing), older rows may not be.
 */
export function SafeHtml({ html, className, lang }: { html: string; className?: string; lang?: string }) {
  const purify = usePurifier();
  const clean = useMemo(() => (purify ? purify(html) : (serverSanitizer?.(html) ?? null)), [purify, html]);
  const classes = className ? `html-content ${className}` : 'html-content';
  if (clean === null)
    return (
      <div className={classes} lang={lang}>
        {inertText(html)}
      </div>
    );
  return (
    <div
      className={classes}
      lang={lang}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

/** Plain text of server HTML (e.g. for a meta description). */
export function htmlToText(html: string): string {
  return inertText(html);
}
