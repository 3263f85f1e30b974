// The service worker: pre-caches every asset of this build (both engines: MicroPython's and Pyodide's), so that
// after one visit the solver loads and solves with the network off. The page registers it once the engine has answered (offline.js), so the
// pre-cache never competes with the first visit's own downloads. The cache is named after the build
// version: a new build gets a new cache and the old one is deleted once the new worker takes over (never a
// mix of two builds in one cache).
const VERSION = '__BUILD_VERSION__';
const CACHE = `sudoku-solver-${VERSION}`;
const ASSETS = /*__PRECACHE__*/[]; // written by build/build_site.py: every file of the site, relative

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // Each file is asked for under the URL the pages and the worker use, so what the visit has already
    // downloaded comes from the HTTP cache, not the network: a URL that names its content (a digest folder
    // or file, or ?v=<build>; the runtimes' folders) is taken from the HTTP cache as it is ('force-cache'), and so is the page
    // that registered this worker (it has just been loaded). Any other page is revalidated ('no-cache': a
    // 304 when the HTTP cache holds this build's copy), never trusted blindly: it may be an older build's.
    const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const loaded = new Set(open.map((client) => client.url.split('#')[0]));
    // A browser asked to save data gets the light engine offline, not the 4 MB of the full one (Pyodide):
    // that comes when a request needs it, as online.
    const saveData = Boolean(self.navigator?.connection?.saveData);
    const wanted = saveData ? ASSETS.filter((path) => !path.startsWith('pyodide/')) : ASSETS;
    await Promise.all(wanted.map(async (path) => {
      const url = new URL(path, self.registration.scope).href;
      const named = path.includes('?v=') || /^(pyodide|micropython)\//.test(path) || loaded.has(url);
      const response = await fetch(new Request(url, { cache: named ? 'force-cache' : 'no-cache' }));
      if (!response.ok) throw new Error(`pre-caching ${path}: HTTP ${response.status}`);
      await cache.put(url, response);
    }));
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
