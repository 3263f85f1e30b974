// The light engine's Web Worker (a module worker): MicroPython's WebAssembly port (about 0.2 MB) with the
// portable engine precompiled to its bytecode (sudoku_core's modules listed in compat.PORTABLE), so that no
// answer of the Solve and Play pages or the widget waits for CPython: solving, hints, ratings, steps, new games,
// variant rules. It answers the ops it names in its 'ready' message, through the same sudoku_core.bridge as the
// full engine (worker.js); a request that needs more (a 25x25 grid, a search past its share of work, say) gets
// the code 'needs_full_engine' and engine.js asks the
// full engine instead. What it posts to the page is described in worker-common.js.
import { fetchEarly, serve, warmUp } from './worker-common.js';

const VERSION = '__BUILD_VERSION__';
// Written by the build: {dir, bundle, heapBytes, bytes: {'micropython.wasm', bundle}} (see build/build_site.py).
const RUNTIME = /*__MICROPYTHON__*/null;
const RUNTIME_URL = new URL(`./${RUNTIME.dir}`, import.meta.url).href;
const WASM_URL = `${RUNTIME_URL}micropython.wasm`;
const BUNDLE_URL = new URL(`./${RUNTIME.bundle}`, import.meta.url).href;
const LIBRARY = '/lib';
// MicroPython's WebAssembly port collects garbage only between requests and never hands memory back: a request
// that allocated much (a long search) leaves a heap that every later request pays for (after a 16x16 search
// that grew it to 1 GB, a 9x9 solve took 90 ms instead of 2.5 ms). Past this much growth since the start, the
// reply asks the page for a fresh worker (engine.js starts one before the next request: a fraction of a second).
const RECYCLE_GROWTH_BYTES = 64 << 20;
const t0 = performance.now();
const timings = {};

function mark(name) {
  timings[name] = Math.round(performance.now() - t0);
}

/** The bundle's files: a 4-byte little-endian header length, the header (JSON: [[path, bytes], ...]), then
 *  the files' bytes one after another (build/micropython_bundle.py writes it). */
function unpack(buffer) {
  const view = new DataView(buffer);
  const headerBytes = view.getUint32(0, true);
  const header = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 4, headerBytes)));
  let offset = 4 + headerBytes;
  return header.map(([path, size]) => {
    const bytes = new Uint8Array(buffer, offset, size);
    offset += size;
    return [path, bytes];
  });
}

/** `loadMicroPython(options)` and its WebAssembly memory, to read how large it has grown (the loader exports no
 *  view of it): taken from the instance as WebAssembly instantiates it. {mp, memory}; memory null if missed. */
async function loadKeepingMemory(loadMicroPython, options) {
  const { instantiate, instantiateStreaming } = WebAssembly;
  let memory = null;
  const keep = (made) => {
    memory = (made.instance ?? made).exports?.memory ?? memory;
    return made;
  };
  WebAssembly.instantiate = (...args) => instantiate.apply(WebAssembly, args).then(keep);
  WebAssembly.instantiateStreaming = (...args) => instantiateStreaming.apply(WebAssembly, args).then(keep);
  try {
    const mp = await loadMicroPython(options);
    return { mp, memory: memory instanceof WebAssembly.Memory ? memory : null };
  } finally {
    WebAssembly.instantiate = instantiate;
    WebAssembly.instantiateStreaming = instantiateStreaming;
  }
}

async function start() {
  const loader = import(`${RUNTIME_URL}micropython.mjs`);
  const restoreFetch = await fetchEarly([[WASM_URL, RUNTIME.bytes['micropython.wasm']], [BUNDLE_URL, RUNTIME.bytes.bundle]]);
  const bundle = self.fetch(BUNDLE_URL).then((response) => {
    if (!response.ok) throw new Error(`the engine's code could not be downloaded (HTTP ${response.status})`);
    return response.arrayBuffer();
  });
  const { loadMicroPython } = await loader;
  const { mp, memory } = await loadKeepingMemory(loadMicroPython, {
    url: WASM_URL,
    heapsize: RUNTIME.heapBytes,
    stdout: () => {},
    stderr: (line) => console.warn('[micropython]', line),
  });
  const files = unpack(await bundle);
  restoreFetch();
  mark('runtime');
  self.postMessage({ type: 'progress', stage: 'start', fraction: 0.9, message: 'Starting the engine…' });
  for (const [path, bytes] of files) {
    const dir = `${LIBRARY}/${path}`.replace(/\/[^/]*$/, '');
    mp.FS.mkdirTree(dir);
    mp.FS.writeFile(`${LIBRARY}/${path}`, bytes);
  }
  mp.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(LIBRARY)})`);
  const bridge = mp.pyimport('sudoku_core.bridge');
  const handleJson = bridge.handle_json;
  // A request in parts (bridge.protocol.Task): MicroPython collects garbage only as a call from here begins, so
  // each part of a long request (a step of a rating or a path) starts with the parts before it collected.
  const answer = (text, report) => {
    const task = bridge.Task(text, report);
    let reply;
    do reply = task.advance(); while (reply == null);
    return reply;
  };
  warmUp(handleJson);
  mark('engine');
  const version = JSON.parse(handleJson(JSON.stringify({ op: 'version' }))).result;
  self.postMessage({ type: 'progress', stage: 'start', fraction: 1, message: 'Ready' });
  self.postMessage({ type: 'ready', runtime: 'micropython', ops: version.ops, timings, python: version.python,
    engine: version.version, build: VERSION });
  const bytes = () => (memory ? memory.buffer.byteLength : 0);
  const started = bytes();
  return { answer, swollen: () => bytes() - started > RECYCLE_GROWTH_BYTES };
}

serve(start, 'solver engine');
