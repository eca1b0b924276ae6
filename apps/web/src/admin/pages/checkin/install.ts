/**
 * The scanner as an installable app (ADR 0215): its web app manifest and its service worker (public/admin/checkin),
 * both added by the check-in page only, so that no other page — a customer's least of all — links or loads them.
 */
import { useEffect } from 'react';
import { preloadQrDecoder } from './qr-reader.ts';

export const SCANNER_MANIFEST = '/admin/checkin/manifest.webmanifest';
export const SCANNER_WORKER = '/admin/checkin/sw.js';
/** The page's own address, which the worker controls (the server allows it the scope above its folder). */
export const SCANNER_SCOPE = '/admin/checkin';

/**
 * The built files this page has loaded (its scripts and styles, the lazy chunks among them): the worker keeps these
 * and lets go of older builds'.
 */
function loadedAssets(): string[] {
  const urls = new Set<string>();
  const add = (href: string) => {
    const url = new URL(href, location.href);
    if (url.origin === location.origin && url.pathname.startsWith('/assets/')) urls.add(url.pathname);
  };
  for (const entry of performance.getEntriesByType('resource')) add(entry.name);
  for (const element of document.querySelectorAll<HTMLScriptElement>('script[src]')) add(element.src);
  for (const element of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"], link[rel="modulepreload"]'))
    add(element.href);
  return [...urls];
}

async function registerWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register(SCANNER_WORKER, { scope: SCANNER_SCOPE });
    await preloadQrDecoder().catch(() => undefined);
    const { active } = await navigator.serviceWorker.ready;
    active?.postMessage({ type: 'keep', urls: loadedAssets() });
  } catch {
    // Without its worker the scanner still works while the page is open (the dev server, an old browser).
  }
}

/** Links the manifest while the page is shown, and registers the worker. */
export function useInstallableScanner(): void {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = SCANNER_MANIFEST;
    document.head.append(link);
    void registerWorker();
    return () => link.remove();
  }, []);
}
