/**
 * Aborted while the page is being left (reload, typed address, link to another site). The browser cuts
 * calls short then, and the API client would take that for a network failure: alert and log out. With this
 * signal it sees an abort instead and stays quiet. The browser may cancel calls as soon as the navigation
 * starts, so `beforeunload` aborts too; if the page is still here a moment later (a tel: link, a download),
 * or comes back from the back/forward cache, calls get a fresh signal.
 * The API client uses it for every call.
 */
const STILL_HERE_MS = 3000;
let controller = new AbortController();

function renew(): void {
  if (controller.signal.aborted) controller = new AbortController();
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => {
    controller.abort();
    window.setTimeout(renew, STILL_HERE_MS);
  });
  window.addEventListener('pagehide', () => controller.abort());
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) renew();
  });
}

export function pageSignal(): AbortSignal {
  return controller.signal;
}
