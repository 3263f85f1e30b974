// The full engine's Web Worker (a module worker): loads Pyodide and the site's Python library (the engine and
// the standard-library modules it uses, compiled), then answers {id, op, ...payload} messages with
// {id, ok, result | error}, computed by sudoku_core.bridge in Python: every op. What it posts to the page is
// described in worker-common.js.
import { fetchEarly, serve, warmUp } from './worker-common.js';

const VERSION = '__BUILD_VERSION__';
// Written by the build: {dir, library, bytes: {'pyodide.asm.wasm', library}, lock} (see build/build_site.py).
const RUNTIME = /*__RUNTIME__*/null;
const RUNTIME_URL = new URL(`./${RUNTIME.dir}`, import.meta.url).href;
const LIBRARY_URL = new URL(`./${RUNTIME.library}`, import.meta.url).href;
const t0 = performance.now();
const timings = {};

function mark(name) {
  timings[name] = Math.round(performance.now() - t0);
}

async function start() {
  const large = [[`${RUNTIME_URL}pyodide.asm.wasm`, RUNTIME.bytes['pyodide.asm.wasm']], [LIBRARY_URL, RUNTIME.bytes.library]];
  // Pyodide's loader imports pyodide.asm.mjs by the same URL, so it gets this module instance.
  import(`${RUNTIME_URL}pyodide.asm.mjs`).catch(() => {});
  const restoreFetch = await fetchEarly(large);
  const { loadPyodide } = await import(`${RUNTIME_URL}pyodide.mjs`);
  const pyodide = await loadPyodide({
    indexURL: RUNTIME_URL,
    stdLibURL: LIBRARY_URL,
    // The site installs no packages: no lock file to fetch, only the header whose ABI Pyodide checks.
    lockFileContents: JSON.stringify({ info: RUNTIME.lock, packages: {} }),
    stdout: () => {},
    stderr: (line) => console.warn('[python]', line),
  });
  restoreFetch();
  mark('pyodide');
  self.postMessage({ type: 'progress', stage: 'start', fraction: 0.9, message: 'Starting the engine…' });
  const bridge = pyodide.pyimport('sudoku_core.bridge');
  warmUp(bridge.handle_json);
  mark('engine');
  const version = JSON.parse(bridge.handle_json(JSON.stringify({ op: 'version' }))).result;
  self.postMessage({ type: 'progress', stage: 'start', fraction: 1, message: 'Ready' });
  self.postMessage({ type: 'ready', runtime: 'pyodide', ops: null, timings, python: version.python,
    engine: version.version, build: VERSION });
  return { answer: bridge.handle_json_with_progress };
}

serve(start, 'Python engine');

