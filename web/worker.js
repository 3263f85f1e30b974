// The engine's Web Worker (a module worker): loads Pyodide and our wheel from this site, then answers
// {id, op, ...payload} messages with {id, ok, result | error}, computed by sudoku_core.bridge in Python.
//
// To the page it posts, besides replies:
//   {type: 'progress', fraction, message}   while starting
//   {type: 'ready', timings, python}        once requests can be answered
//   {type: 'failed', message}               when it cannot start
//   {id, type: 'progress', ...}             while request `id` runs, when its op reports progress
//                                           (a new puzzle's stages; a solve's first solution)
// Every asset is found relative to this module's own URL, never the host page's, so the worker also
// runs when imported by a blob: worker on a page of another origin (see engine.js).
import { loadPyodide } from './pyodide/pyodide.mjs';

const VERSION = '__BUILD_VERSION__';
const PYODIDE_URL = new URL('./pyodide/', import.meta.url).href;
const t0 = performance.now();
const timings = {};
let handleJson = null; // sudoku_core.bridge.handle_json once loaded
let handleJsonWithProgress = null; // the same, taking a JS function that receives progress reports (JSON text)

let shown = 0; // progress only moves forward
function progress(fraction, message) {
  shown = Math.max(shown, fraction);
  self.postMessage({ type: 'progress', fraction: shown, message });
}

function mark(name) {
  timings[name] = Math.round(performance.now() - t0);
}

// The build writes {file, bytes, wheel, sha256} here when it made a memory snapshot of a started interpreter with the
// engine imported (build/make_snapshot.mjs): restoring it skips Python's start-up. null: no snapshot.
const SNAPSHOT = /*__SNAPSHOT__*/null;

/** The snapshot's bytes, reporting download progress (it is the biggest file of the site). */
async function fetchSnapshot(url, expected) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const out = new Uint8Array(expected);
  const reader = response.body.getReader();
  let at = 0;
  let last = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (at + value.length > out.length) throw new Error('snapshot: larger than the build said');
    out.set(value, at);
    at += value.length;
    if (at - last > expected / 50) {
      last = at;
      progress(0.05 + 0.75 * (at / expected), 'Downloading the engine…');
    }
  }
  if (at !== expected) throw new Error('snapshot: truncated');
  mark('snapshotFetched');
  return out;
}

async function start() {
  progress(0.05, 'Loading the Python runtime…');
  const options = {
    indexURL: PYODIDE_URL,
    lockFileURL: new URL(`pyodide-lock.json?v=${VERSION}`, PYODIDE_URL).href,
    packageBaseUrl: PYODIDE_URL,
    packages: ['sudoku-core'], // installed from our own lock entry: offline, sha256-checked
    stdout: () => {},
    stderr: (line) => console.warn('[python]', line),
  };
  // Creep the bar while Pyodide boots (it reports no progress of its own).
  let fraction = 0.05;
  const creep = setInterval(() => {
    fraction = Math.min(0.85, fraction + (0.85 - fraction) * 0.08);
    progress(fraction, 'Starting Python…');
  }, 250);
  try {
    let pyodide = null;
    if (SNAPSHOT && globalThis.crypto && crypto.subtle) {
      // Downloaded while Pyodide fetches and compiles its wasm: the two overlap. The engine's modules are
      // in the snapshot already; the wheel is installed too (so anything imported later comes from the same
      // files), checked against the sha256 of the lock entry, by hand: `packages` would run Pyodide's
      // package loader, whose first use costs more than a second here.
      // Both carry the build version: their names stay the same from build to build, and an HTTP cache
      // must never pair one build's snapshot or wheel with another's worker.
      const snapshot = fetchSnapshot(new URL(`${SNAPSHOT.file}?v=${VERSION}`, PYODIDE_URL).href, SNAPSHOT.bytes);
      const wheel = fetch(new URL(`${SNAPSHOT.wheel}?v=${VERSION}`, PYODIDE_URL).href).then((r) => {
        if (!r.ok) throw new Error(`wheel: HTTP ${r.status}`);
        return r.arrayBuffer();
      });
      snapshot.catch(() => {});
      wheel.catch(() => {});
      try {
        const { packages, ...plain } = options;
        pyodide = await loadPyodide({ ...plain, _loadSnapshot: snapshot });
        const bytes = new Uint8Array(await wheel);
        const digest = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)),
          (b) => b.toString(16).padStart(2, '0')).join('');
        if (digest !== SNAPSHOT.sha256) throw new Error(`${SNAPSHOT.wheel} does not match its sha256`);
        const sitePackages = pyodide.runPython('import site; site.getsitepackages()[0]');
        pyodide.unpackArchive(bytes, 'wheel', { extractDir: sitePackages });
        timings.snapshot = true;
      } catch (error) {
        console.warn('The start-up snapshot could not be used; starting Python from scratch:', error && error.message);
        pyodide = null;
      }
    }
    if (!pyodide) pyodide = await loadPyodide(options);
    mark('pyodide');
    progress(0.9, 'Starting the engine…');
    const bridge = pyodide.pyimport('sudoku_core.bridge');
    handleJson = bridge.handle_json;
    handleJsonWithProgress = bridge.handle_json_with_progress;
    // Warm the hot path once (tables for 9x9 are built on first use), so the first click is fast.
    handleJson(JSON.stringify({ op: 'solve', puzzle: '.'.repeat(81), limit: 1 }));
    mark('engine');
    const version = JSON.parse(handleJson(JSON.stringify({ op: 'version' }))).result;
    progress(1, 'Ready');
    self.postMessage({ type: 'ready', timings, python: version.python, engine: version.version, build: VERSION });
  } finally {
    clearInterval(creep);
  }
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
