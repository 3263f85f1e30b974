// engine.js: the page's handle on the Python engine (one Web Worker running Pyodide + sudoku_core).
//
//   import { getEngine } from './engine.js';
//   const engine = getEngine();                       // one per page, shared by every widget
//   engine.addEventListener('progress', (e) => show(e.detail.fraction, e.detail.message));
//   const result = await engine.request('solve', { puzzle: '4.....8.5.3...' });
//
// The contract (docs/engine-js.md has the whole of it):
//   engine.state             'loading' | 'ready' | 'failed'
//   engine.ready             Promise that settles when the current start finishes (rejects on failure)
//   events                   'progress' {stage 'download'|'start', fraction 0..1, message, loaded, total,
//                            secondsLeft} (loaded/total: bytes on the wire, null when unknown),
//                            'ready' {timings, python, restarted}, 'failed' {message, code 'stalled'|'failed'},
//                            'statechange' {state}, 'answered' {op} (after each reply)
//   engine.request(op, payload, {timeoutMs, signal, onProgress})
//                            Promise of the result; rejects with an Error carrying .code, .message, .cells.
//                            onProgress(detail) is called while it runs when the op reports progress
//                            (generate: {stage, fraction, message, ...}).
//                            Requests made before ready wait in a queue and run in order once ready. One
//                            request runs at a time; its timeoutMs counts from when it starts running.
//                            Past timeoutMs (or when `signal` aborts) the worker is terminated and restarted
//                            (Pyodide re-loads) and the request rejects with code 'timeout' / 'cancelled'.
//   engine.progress          the last 'progress' detail of the start under way (null before the first)
//   engine.restart()         start again (after 'failed', say): files already downloaded come from the cache
// Starting never fails for taking long: only a stall does (no progress for stallMs, default 30 s).
// Every asset is found relative to this module's URL (import.meta.url), never the host page's. On a page
// of another origin the worker is a blob: worker that imports the real worker module from here.

const VERSION = '__BUILD_VERSION__';
const WORKER_URL = new URL(`./worker.js?v=${VERSION}`, import.meta.url);
const DEFAULTS = {
  timeoutMs: 10_000, // a request running longer is stopped
  // A start that makes no progress for this long has 'failed' (a download that stopped; loadPyodide may never
  // settle when the wasm is blocked). A slow download that keeps arriving never fails.
  stallMs: 30_000,
};

function engineError(code, message, cells = [], extra = {}) {
  const error = new Error(message);
  error.name = 'EngineError';
  error.code = code;
  error.cells = Array.isArray(cells) ? cells : [];
  Object.assign(error, extra);
  return error;
}

// A page that enforces Trusted Types (CSP `require-trusted-types-for 'script'`) lets a Worker start only from
// a TrustedScriptURL. The policy, named 'sudoku-solver' (such a page lists it in `trusted-types`), vouches
// for exactly our worker module and the blob: URL made below to import it; without Trusted Types, URLs pass.
const OWN_WORKER_URLS = new Set([WORKER_URL.href]);
let trustedPolicy;
function scriptURL(url) {
  if (trustedPolicy === undefined) {
    trustedPolicy = null;
    try {
      trustedPolicy = globalThis.trustedTypes?.createPolicy?.('sudoku-solver', {
        createScriptURL: (value) => {
          if (OWN_WORKER_URLS.has(value)) return value;
          throw new TypeError('sudoku-solver: only the engine\'s own worker URLs are trusted.');
        },
      }) ?? null;
    } catch {
      trustedPolicy = null; // the page's CSP does not allow the name: the Worker constructor will say so
    }
  }
  return trustedPolicy ? trustedPolicy.createScriptURL(url) : url;
}

class Engine extends EventTarget {
  #options;
  #worker = null;
  #state = 'loading';
  #queue = []; // requests waiting for the engine: {id, op, payload, timeoutMs, signal, resolve, reject}
  #running = null; // the request the worker is working on
  #nextId = 1;
  #stallTimer = null;
  #lastSign = 0; // when the starting worker last said something
  #readyHandlers = null;
  #starts = 0;
  #blobURL = null;

  constructor(options = {}) {
    super();
    this.#options = { ...DEFAULTS, ...options };
    this.info = null; // {timings, python, engine, build, readyMs} once ready
    this.version = VERSION;
    this.#start();
  }

  get state() {
    return this.#state;
  }

  /** Set how long a request may run by default (timeoutMs), and how long a start may go without progress
   *  (stallMs). Both apply from now on, also to a start under way. */
  configure(options) {
    Object.assign(this.#options, options);
  }

  request(op, payload = {}, { timeoutMs, signal, onProgress } = {}) {
    return new Promise((resolve, reject) => {
      if (signal && signal.aborted) {
        reject(engineError('cancelled', 'The request was cancelled.'));
        return;
      }
      if (this.#state === 'failed') {
        reject(engineError('engine_failed', this.failure || 'The engine could not start.'));
        return;
      }
      const job = {
        id: this.#nextId++, op, payload: payload || {}, signal, resolve, reject,
        onProgress: typeof onProgress === 'function' ? onProgress : null,
        timeoutMs: timeoutMs ?? this.#options.timeoutMs,
      };
      if (signal) {
        job.onAbort = () => this.#cancel(job);
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.#queue.push(job);
      this.#pump();
    });
  }

  restart() {
    this.#stopWorker();
    this.#start();
    return this.ready;
  }

  // -- starting and stopping the worker ----------------------------------------------------------
  #start() {
    this.#starts += 1;
    const restarted = this.#starts > 1;
    this.failure = null;
    this.progress = null;
    this.ready = new Promise((resolve, reject) => {
      this.#readyHandlers = { resolve, reject };
    });
    this.ready.catch(() => {}); // a failure is reported by 'failed'; never an unhandled rejection
    this.#setState('loading');
    const began = performance.now();
    let worker;
    try {
      worker = this.#makeWorker();
    } catch (error) {
      this.#fail(`The engine could not start: ${error && error.message ? error.message : error}`);
      return;
    }
    this.#worker = worker;
    this.#lastSign = performance.now();
    this.#stallTimer = setInterval(() => {
      const quiet = performance.now() - this.#lastSign;
      if (quiet < this.#options.stallMs) return;
      this.#fail(`The solver's download stopped: nothing arrived for ${Math.round(quiet / 1000)} s. ` +
        'Check the connection and press Retry.', 'stalled');
    }, Math.min(1000, this.#options.stallMs / 4));
    worker.addEventListener('message', (event) => {
      if (worker !== this.#worker) return;
      this.#lastSign = performance.now();
      this.#onMessage(event.data || {}, began, restarted);
    });
    worker.addEventListener('error', (event) => {
      if (worker !== this.#worker) return;
      event.preventDefault();
      const detail = event.message ? `: ${event.message}` : ' (its script could not be loaded)';
      this.#fail(`The engine's worker failed${detail}.`);
    });
    worker.addEventListener('messageerror', () => {
      if (worker === this.#worker && this.#running) this.#finish(this.#running, engineError('internal', 'A reply could not be read.'));
    });
  }

  #makeWorker() {
    const here = globalThis.location ? globalThis.location.origin : null;
    if (WORKER_URL.origin === here) {
      return new Worker(scriptURL(WORKER_URL.href), { type: 'module', name: 'sudoku-engine' });
    }
    // A worker script must be same-origin with the page: start a blob: worker that imports ours.
    if (!this.#blobURL) {
      const body = `import ${JSON.stringify(WORKER_URL.href)};\n`;
      this.#blobURL = URL.createObjectURL(new Blob([body], { type: 'text/javascript' }));
      OWN_WORKER_URLS.add(this.#blobURL);
    }
    return new Worker(scriptURL(this.#blobURL), { type: 'module', name: 'sudoku-engine' });
  }

  #stopWorker() {
    clearInterval(this.#stallTimer);
    if (this.#worker) {
      this.#worker.terminate();
      this.#worker = null;
    }
  }

  #setState(state) {
    if (this.#state === state) return;
    this.#state = state;
    this.dispatchEvent(new CustomEvent('statechange', { detail: { state } }));
  }

  #fail(message, code = 'failed') {
    this.#stopWorker();
    this.failure = message;
    this.#setState('failed');
    const queued = this.#queue.splice(0);
    if (this.#running) queued.unshift(this.#running);
    this.#running = null;
    for (const job of queued) this.#settle(job, engineError('engine_failed', message));
    this.#readyHandlers.reject(engineError('engine_failed', message));
    this.dispatchEvent(new CustomEvent('failed', { detail: { message, code } }));
  }

  #onMessage(data, began, restarted) {
    if (data.type === 'progress' && data.id !== undefined) {
      // A running request's own progress: only its caller hears of it (a late one is dropped).
      const job = this.#running;
      if (job && job.id === data.id && job.onProgress) {
        const { id, type, ...detail } = data;
        try {
          job.onProgress(detail);
        } catch (error) {
          console.error('onProgress failed:', error);
        }
      }
    } else if (data.type === 'progress') {
      const { type, ...detail } = data;
      this.progress = { loaded: null, total: null, secondsLeft: null, ...detail };   // for a listener that joins late
      this.dispatchEvent(new CustomEvent('progress', { detail: this.progress }));
    } else if (data.type === 'ready') {
      clearInterval(this.#stallTimer);
      this.info = { timings: data.timings, python: data.python, engine: data.engine, build: data.build,
        readyMs: Math.round(performance.now() - began), readyAt: Math.round(performance.now()), restarted };
      this.#setState('ready');
      this.#readyHandlers.resolve(this);
      this.dispatchEvent(new CustomEvent('ready', { detail: this.info }));
      this.#pump();
    } else if (data.type === 'failed') {
      this.#fail(data.message || 'The engine could not start.');
    } else if (data.id !== undefined && this.#running && data.id === this.#running.id) {
      const job = this.#running;
      this.#running = null;
      if (data.ok) this.#settle(job, null, data.result);
      else {
        const e = data.error || {};
        const { code, message, cells, ...extra } = e;
        this.#settle(job, engineError(code || 'internal', message || 'The engine failed.', cells, { details: e, ...extra }));
      }
      this.dispatchEvent(new CustomEvent('answered', { detail: { op: job.op } }));
      this.#pump();
    }
  }

  // -- running requests one at a time --------------------------------------------------------------
  #pump() {
    if (this.#state !== 'ready' || this.#running || !this.#worker) return;
    const job = this.#queue.shift();
    if (!job) return;
    this.#running = job;
    job.timer = setTimeout(() => this.#interrupt(job, 'timeout',
      `The engine took longer than ${(job.timeoutMs / 1000).toFixed(job.timeoutMs < 1000 ? 1 : 0)} s and was stopped; it is restarting.`),
    job.timeoutMs);
    this.#worker.postMessage({ id: job.id, op: job.op, ...job.payload });
  }

  #cancel(job) {
    if (this.#running === job) {
      this.#interrupt(job, 'cancelled', 'The request was cancelled; the engine is restarting.');
      return;
    }
    const at = this.#queue.indexOf(job);
    if (at >= 0) {
      this.#queue.splice(at, 1);
      this.#settle(job, engineError('cancelled', 'The request was cancelled.'));
    }
  }

  #interrupt(job, code, message) {
    // Python in a worker cannot be interrupted: terminate it and start a new one (queued requests wait).
    this.#running = null;
    this.#settle(job, engineError(code, message));
    this.#stopWorker();
    this.#start();
  }

  #finish(job, error) {
    this.#running = null;
    this.#settle(job, error);
    this.#pump();
  }

  #settle(job, error, result) {
    clearTimeout(job.timer);
    if (job.signal && job.onAbort) job.signal.removeEventListener('abort', job.onAbort);
    if (error) job.reject(error);
    else job.resolve(result);
  }
}

// Kept on globalThis so that one page gets one engine even if this module is loaded twice.
const KEY = Symbol.for(`sudoku-solver.engine ${new URL('./', import.meta.url).href}`);

/** The page-wide engine (created on first call; `options` apply only then: {timeoutMs, stallMs}). */
export function getEngine(options) {
  if (!globalThis[KEY]) globalThis[KEY] = new Engine(options);
  return globalThis[KEY];
}

/** The page's engine if one was created, else null (never starts one). */
export function peekEngine() {
  return globalThis[KEY] || null;
}

export { VERSION as ENGINE_BUILD };
