// Offline support: the page calls registerServiceWorker() once; sw.js then pre-caches the whole build.
//
//   import { registerServiceWorker } from './offline.js';
//   registerServiceWorker();           // a Promise of the registration, or null where none is possible
//
// The service worker is registered relative to this module (so the site works from a sub-path) and only
// when the page is on the site's own origin (a widget embedded elsewhere cannot, and need not, register).
// It is registered once the page's engine has answered its first request (or has been idle a moment after
// starting), the full engine's download (when the page loads it) is over and the page is idle: the first
// visit's downloads and the first solution come first, and the pre-cache then takes what the visit has
// downloaded from the HTTP cache (see sw.js).
import { peekEngine } from './engine.js';

/** How long after the engine is ready the pre-cache waits for a first request before going ahead. */
const FIRST_ANSWER_WAIT_MS = 3000;

async function engineSettled() {
  if (document.readyState !== 'complete') {
    await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  }
  // The page's engine may be created a moment after load (modules load it on demand): look for a while.
  for (let waited = 0; waited < 3000 && !peekEngine(); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const engine = peekEngine();
  if (!engine) return;
  await engine.ready.catch(() => {});
  await new Promise((resolve) => {
    const timer = setTimeout(resolve, FIRST_ANSWER_WAIT_MS);
    engine.addEventListener('answered', () => { clearTimeout(timer); resolve(); }, { once: true });
  });
  await engine.settled(); // the full engine's download, when one is under way or planned, comes first
  await new Promise((resolve) => {
    if (globalThis.requestIdleCallback) requestIdleCallback(resolve, { timeout: 2000 });
    else setTimeout(resolve, 0);
  });
}

let registering = null;

export function registerServiceWorker({ waitForEngine = true } = {}) {
  registering ??= register(waitForEngine);
  return registering;
}

async function register(waitForEngine) {
  if (!('serviceWorker' in navigator) || !globalThis.isSecureContext) return null;
  const scope = new URL('./', import.meta.url);
  if (scope.origin !== location.origin) return null;
  if (waitForEngine) await engineSettled();
  try {
    return await navigator.serviceWorker.register(new URL('./sw.js', import.meta.url), { scope: scope.href });
  } catch (error) {
    console.warn('Offline support is unavailable:', error && error.message ? error.message : error);
    return null;
  }
}

/** Resolves once a service worker controls this page's scope with its cache filled (tests, the UI). */
export async function offlineReady() {
  const registration = await registerServiceWorker();
  if (!registration) return false;
  await navigator.serviceWorker.ready;
  return true;
}
