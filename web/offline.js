// Offline support: the page calls registerServiceWorker() once; sw.js then pre-caches the whole build.
//
//   import { registerServiceWorker } from './offline.js';
//   registerServiceWorker();           // a Promise of the registration, or null where none is possible
//
// The service worker is registered relative to this module (so the site works from a sub-path) and only
// when the page is on the site's own origin (a widget embedded elsewhere cannot, and need not, register).
export async function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !globalThis.isSecureContext) return null;
  const scope = new URL('./', import.meta.url);
  if (scope.origin !== location.origin) return null;
  try {
    return await navigator.serviceWorker.register(new URL('./sw.js', import.meta.url), { scope: scope.href });
  } catch (error) {
    console.warn('Offline support is unavailable:', error && error.message ? error.message : error);
    return null;
  }
}

/** Resolves once a service worker controls this page and has its cache filled (for tests and the UI). */
export async function offlineReady() {
  const registration = await registerServiceWorker();
  if (!registration) return false;
  await navigator.serviceWorker.ready;
  return true;
}
