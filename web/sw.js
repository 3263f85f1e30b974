// The service worker: pre-caches every asset of this build, so that after one visit the solver loads and
// solves with the network off. The cache is named after the build version: a new build gets a new cache
// and the old one is deleted once the new worker takes over (never a mix of two builds in one cache).
const VERSION = '__BUILD_VERSION__';
const CACHE = `sudoku-solver-${VERSION}`;
const ASSETS = /*__PRECACHE__*/[]; // written by build/build_site.py: every file of the site, relative

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // `no-cache`: revalidate every file with the server (never a stale HTTP cache entry in the new cache),
    // but take the body from the HTTP cache when it is current (a 304), so the files the page has just
    // downloaded to start the engine are not downloaded a second time.
    await cache.addAll(ASSETS.map((path) => new Request(new URL(path, self.registration.scope), { cache: 'no-cache' })));
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith('sudoku-solver-') && n !== CACHE).map((n) => caches.delete(n)));
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Query strings only carry the build version (?v=...): the cache holds exactly this build.
    const hit = await cache.match(request, { ignoreSearch: true, ignoreVary: true });
    if (hit) return hit;
    if (request.mode === 'navigate') {
      const page = await cache.match(new URL('./', self.registration.scope).href);
      try {
        return await fetch(request);
      } catch (error) {
        if (page) return page;
        throw error;
      }
    }
    return fetch(request);
  })());
});
