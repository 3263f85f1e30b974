// The engine's Web Worker (a module worker): loads Pyodide and our wheel from this site, then answers
// {id, op, ...payload} messages with {id, ok, result | error}, computed by sudoku_core.bridge in Python.
//
// To the page it posts, besides replies:
//   {type: 'progress', fraction, message}   while starting
//   {type: 'ready', timings, python}        once requests can be answered
//   {type: 'failed', message}               when it cannot start
// Every asset is found relative to this module's own URL, never the host page's, so the worker also
// runs when imported by a blob: worker on a page of another origin (see engine.js).
import { loadPyodide } from './pyodide/pyodide.mjs';

const VERSION = '__BUILD_VERSION__';
const PYODIDE_URL = new URL('./pyodide/', import.meta.url).href;
const t0 = performance.now();
const timings = {};
let handleJson = null; // sudoku_core.bridge.handle_json once loaded

function progress(fraction, message) {
  self.postMessage({ type: 'progress', fraction, message });
}

function mark(name) {
  timings[name] = Math.round(performance.now() - t0);
}

async function start() {
  progress(0.05, 'Loading the Python runtime…');
  // Creep the bar while Pyodide downloads and boots (it reports no progress of its own).
  let fraction = 0.05;
  const creep = setInterval(() => {
    fraction = Math.min(0.85, fraction + (0.85 - fraction) * 0.08);
    progress(fraction, 'Starting Python…');
  }, 250);
  try {
    const pyodide = await loadPyodide({
      indexURL: PYODIDE_URL,
      lockFileURL: new URL(`pyodide-lock.json?v=${VERSION}`, PYODIDE_URL).href,
      packageBaseUrl: PYODIDE_URL,
      packages: ['sudoku-core'], // installed from our own lock entry: offline, sha256-checked
      stdout: () => {},
      stderr: (line) => console.warn('[python]', line),
      checkAPIVersion: true,
    });
    mark('pyodide');
    progress(0.9, 'Starting the engine…');
    const bridge = pyodide.pyimport('sudoku_core.bridge');
    handleJson = bridge.handle_json;
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
    reply = JSON.parse(handleJson(JSON.stringify({ op, ...payload })));
  } catch (error) {
    // Only a failure of the JSON crossing itself gets here: bridge.handle never raises.
    reply = { ok: false, error: { code: 'internal', message: `The engine failed: ${error && error.message ? error.message.split('\n')[0] : error}`, cells: [] } };
  }
  self.postMessage({ id, ...reply });
});
