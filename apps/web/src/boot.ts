/**
 * The app's loader on a page the server rendered (ADR 0202). Such a page paints from its HTML and inline styles;
 * the app only takes it over. Its scripts are asked for once the page has painted, so on a slow line the HTML and
 * the main picture have the line to themselves first. The server lists them on this script's element: the entry
 * first, then the page's chunks to fetch beside it.
 */
const [entry, ...chunks] = (document.getElementById('app-boot')?.dataset.scripts ?? '').split(' ').filter(Boolean);

function loadApp(): void {
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  if (!entry) return;
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.append(script);
}

// A frame callback runs before the next paint, the timeout after it. A tab opened in the background paints no
// frame until it is shown, so there the app loads at once.
if (document.visibilityState === 'hidden') loadApp();
else requestAnimationFrame(() => setTimeout(loadApp, 0));
