/*
 * The check-in scanner's service worker (ADR 0215), registered by the check-in page only, scope /admin/checkin (the
 * server allows that scope with Service-Worker-Allowed). It keeps the page's shell so that the installed scanner opens
 * without the network: a page of the scope from the network when there is one (the newest build), else the shell
 * kept; the built files (/assets, named by their hash, never changed) from the cache first. The API is never kept:
 * bookings and travellers are the page's to keep (its offline copy), and the server says no-store.
 */
const CACHE = 'tabi-checkin-1';
const SHELL = '/admin/checkin';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request(SHELL, { credentials: 'same-origin' })))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith('tabi-checkin-') && n !== CACHE).map((n) => caches.delete(n))),
      )
      .then(() => self.clients.claim()),
  );
});

/** A page of the scope: the network's (kept as the shell), else the shell kept. */
async function page(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') await cache.put(SHELL, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(SHELL);
    if (kept) return kept;
    throw error;
  }
}

/** A built file: the one kept, else the network's (then kept). */
async function asset(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
});

/**
 * The page names the built files it loaded (`keep`): those loaded before this worker controlled it are fetched now,
 * and the files of older builds are let go.
 */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'keep' || !Array.isArray(data.urls)) return;
  const wanted = new Set(data.urls.filter((u) => typeof u === 'string' && u.startsWith('/assets/')));
  event.waitUntil(
    caches.open(CACHE).then(async (cache) => {
      for (const request of await cache.keys()) {
        const path = new URL(request.url).pathname;
        if (path.startsWith('/assets/') && !wanted.has(path)) await cache.delete(request);
      }
      // All at once: the scanner may lose its network a minute after it is opened.
      await Promise.all(
        [...wanted].map(async (path) => {
          if (!(await cache.match(path))) await cache.add(path).catch(() => undefined);
        }),
      );
    }),
  );
});
