// The engine's Web Worker (a module worker): loads Pyodide and the site's Python library (the engine and
// the standard-library modules it uses, compiled), then answers {id, op, ...payload} messages with
// {id, ok, result | error}, computed by sudoku_core.bridge in Python.
//
// To the page it posts, besides replies:
//   {type: 'progress', stage, fraction, message, loaded, total, secondsLeft}   while starting; stage is
//        'download' (loaded/total: bytes on the wire so far and expected) or 'start' (Python is starting)
//   {type: 'ready', timings, python}        once requests can be answered
//   {type: 'failed', message}               when it cannot start
//   {id, type: 'progress', ...}             while request `id` runs, when its op reports progress
// Every asset is found relative to this module's own URL, never the host page's, so the worker also
// runs when imported by a blob: worker on a page of another origin (see engine.js).

const VERSION = '__BUILD_VERSION__';
// Written by the build: {dir, library, bytes: {'pyodide.asm.wasm', library}, lock} (see build/build_site.py).
const RUNTIME = /*__RUNTIME__*/null;
const RUNTIME_URL = new URL(`./${RUNTIME.dir}`, import.meta.url).href;
const LIBRARY_URL = new URL(`./${RUNTIME.library}`, import.meta.url).href;
const t0 = performance.now();
const timings = {};
let handleJsonWithProgress = null; // sudoku_core.bridge.handle_json_with_progress once loaded

function mark(name) {
  timings[name] = Math.round(performance.now() - t0);
}

/** Byte progress of the two large downloads, read from the responses as they stream in. */
class Downloads {
  #files = new Map(); // url -> {raw, wire, got}: bytes unpacked, bytes on the wire, bytes unpacked so far
  #startedAt = null;
  #lastPost = 0;

  constructor(sizes) {
    for (const [url, raw] of sizes) this.#files.set(url, { raw, wire: raw, got: 0 });
  }

  /** The response, counted as it is read (unchanged when it is not one of ours). */
  track(url, response) {
    const file = this.#files.get(url);
    if (!file || !response.ok || !response.body) return response;
    // The body arrives unpacked; Content-Length (when the host sends it) is the size on the wire.
    const length = Number(response.headers.get('Content-Length'));
    if (length > 0 && response.headers.get('Content-Encoding')) file.wire = length;
    this.#startedAt ??= performance.now();
    const counter = new TransformStream({
      transform: (chunk, controller) => {
        file.got += chunk.byteLength;
        this.#post(false);
        controller.enqueue(chunk);
      },
      flush: () => this.#post(true),
    });
    return new Response(response.body.pipeThrough(counter),
      { status: response.status, statusText: response.statusText, headers: response.headers });
  }

  #post(force) {
    const now = performance.now();
    if (!force && now - this.#lastPost < 100) return;
    this.#lastPost = now;
    let loaded = 0;
    let total = 0;
    if (this.#files.size === 0) return;
    for (const file of this.#files.values()) {
      loaded += Math.min(file.got / file.raw, 1) * file.wire;
      total += file.wire;
    }
    const seconds = (now - this.#startedAt) / 1000;
    // Time left at the average rate so far: rough, and only once there is something to average.
    const secondsLeft = seconds > 1 && loaded > 0 ? Math.max(0, Math.round((total - loaded) / (loaded / seconds))) : null;
    self.postMessage({ type: 'progress', stage: 'download', fraction: 0.05 + 0.8 * (loaded / total),
      message: 'Downloading the solver…', loaded: Math.round(loaded), total, secondsLeft });
  }
}

async function start() {
  self.postMessage({ type: 'progress', stage: 'download', fraction: 0.02, message: 'Downloading the solver…',
    loaded: 0, total: null, secondsLeft: null });
  const fetchDirectly = self.fetch.bind(self);
  const large = [[`${RUNTIME_URL}pyodide.asm.wasm`, RUNTIME.bytes['pyodide.asm.wasm']], [LIBRARY_URL, RUNTIME.bytes.library]];
  // Everything Pyodide will ask for is asked for now, at once, rather than after pyodide.mjs has loaded:
  // a round trip less on a slow connection. (Its loader imports pyodide.asm.mjs by the same URL, so it
  // gets this module instance; it fetches the wasm and the library through the fetch below.)
  const early = new Map(large.map(([url]) => [url, fetchDirectly(url)]));
  for (const response of early.values()) response.catch(() => {}); // reported when Pyodide awaits it
  import(`${RUNTIME_URL}pyodide.asm.mjs`).catch(() => {});
  // Files the service worker has cached come from disk: they are not counted, and are not wrapped (a
  // wrapped wasm response would lose the browser's cache of its compiled code).
  const cached = await Promise.all(large.map(([url]) => (self.caches ? self.caches.match(url).catch(() => null) : null)));
  const downloads = new Downloads(large.filter((_, i) => !cached[i]));
  self.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const response = early.get(url);
    early.delete(url);
    return downloads.track(url, await (response ?? fetchDirectly(input, init)));
  };
  const { loadPyodide } = await import(`${RUNTIME_URL}pyodide.mjs`);
  const pyodide = await loadPyodide({
    indexURL: RUNTIME_URL,
    stdLibURL: LIBRARY_URL,
    // The site installs no packages: no lock file to fetch, only the header whose ABI Pyodide checks.
    lockFileContents: JSON.stringify({ info: RUNTIME.lock, packages: {} }),
    stdout: () => {},
    stderr: (line) => console.warn('[python]', line),
  });
  self.fetch = fetchDirectly;
  mark('pyodide');
  self.postMessage({ type: 'progress', stage: 'start', fraction: 0.9, message: 'Starting the engine…' });
  const bridge = pyodide.pyimport('sudoku_core.bridge');
  handleJsonWithProgress = bridge.handle_json_with_progress;
  // Warm the hot path once (tables for 9x9 are built on first use), so the first click is fast.
  bridge.handle_json(JSON.stringify({ op: 'solve', puzzle: '.'.repeat(81), limit: 1 }));
  mark('engine');
  const version = JSON.parse(bridge.handle_json(JSON.stringify({ op: 'version' }))).result;
  self.postMessage({ type: 'progress', stage: 'start', fraction: 1, message: 'Ready' });
  self.postMessage({ type: 'ready', timings, python: version.python, engine: version.version, build: VERSION });
}

// Resolves to true once requests can be answered, false when starting failed (never rejects).
const started = start().then(() => true, (error) => {
  const message = error && error.message ? String(error.message).split('\n')[0].slice(0, 300) : String(error);
  self.postMessage({ type: 'failed', message: `The Python engine could not start: ${message}` });
  return false;
});

self.addEventListener('message', async (event) => {
  const data = event.data || {};
  const { id, op, ...payload } = data;
  if (id === undefined) return;
  if (!(await started)) {
    self.postMessage({ id, ok: false, error: { code: 'engine_failed', message: 'The engine is not running.', cells: [] } });
    return;
  }
  let reply;
  try {
    // Python calls `report` (a JS function crossing into Python) with JSON text while a long op runs.
    const report = (text) => self.postMessage({ ...JSON.parse(text), id, type: 'progress' });
    reply = JSON.parse(handleJsonWithProgress(JSON.stringify({ op, ...payload }), report));
  } catch (error) {
    // Only a failure of the JSON crossing itself gets here: bridge.handle never raises.
    reply = { ok: false, error: { code: 'internal', message: `The engine failed: ${error && error.message ? error.message.split('\n')[0] : error}`, cells: [] } };
  }
  self.postMessage({ id, ...reply });
});
