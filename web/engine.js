// engine.js: the page's handle on the Python engine, which runs in two Web Workers (engine-runtime.js):
//   light  MicroPython + the portable engine (about 0.34 MB): starts at once and answers what the Solve and Play
//          pages and the widget ask (solving, hints, Why not?, ratings, paths, new games, variant rules), handing
//          on with 'needs_full_engine' what it cannot (grids past 16x16, a search past its share of work...);
//   full   Pyodide + the whole engine (about 4 MB): every op. It starts when a request needs it (one handed on,
//          Batch's ops...), or once the page is idle after the first answer when the page asks for that
//          (`fullEngine: 'idle'`, not when the browser asks to save data), or at once (`'now'`). Once it is
//          ready it answers every request; the light worker is then stopped.
// A request the light runtime is slow on (past `lightPatienceMs`, 8 s: the hardest hints take it up to 6 s here,
// more on a slow phone) starts the full engine beside it, and moves there once that is ready; one that reaches its
// timeout on the light runtime is asked again of the full engine, not failed.
// The two speak the same protocol and give the same replies: the caller never knows which answered.
//
//   import { getEngine } from './engine.js';
//   const engine = getEngine();                       // one per page, shared by every widget
//   engine.addEventListener('progress', (e) => show(e.detail.fraction, e.detail.message));
//   const result = await engine.request('solve', { puzzle: '4.....8.5.3...' });
//
// The contract (docs/engine-js.md has the whole of it):
//   engine.state             'loading' | 'ready' | 'failed' (ready: some runtime answers)
//   engine.ready             Promise that settles when the current start finishes (rejects on failure)
//   events                   'progress' {stage 'download'|'start', fraction 0..1, message, loaded, total,
//                            secondsLeft, upgrade} (upgrade: true when it is the full engine's start, which
//                            a request waits for), 'ready' {runtime, timings, python, restarted},
//                            'handover' {runtime: 'pyodide', ...} (the full engine answers from now on),
//                            'failed' {message, code 'stalled'|'failed'}, 'statechange' {state},
//                            'answered' {op, runtime} (after each reply)
//   engine.request(op, payload, {timeoutMs, signal, onProgress})
//                            Promise of the result; rejects with an Error carrying .code, .message, .cells.
//                            A payload that is not an object of JSON values (a function, a BigInt, a cycle),
//                            or that carries the message's own `id` or `op`, rejects at once ('bad_request').
//                            Requests made before ready wait in a queue and run in order. One request runs at
//                            a time; its timeoutMs counts from when it starts running on a runtime. Past
//                            timeoutMs (or when `signal` aborts) the worker running it is terminated and
//                            restarted and the request rejects with code 'timeout' / 'cancelled' (on the light
//                            runtime a timeout moves it to the full engine instead, unless that failed).
//   engine.progress          the last 'progress' detail of the start the page waits for (null before the first)
//   engine.runtimes          {light, full}: each runtime's state ('off' | 'loading' | 'ready' | 'failed')
//   engine.settled()         Promise: resolves once no start is under way or planned (offline.js waits for it)
//   engine.restart()         start again (after 'failed', say): files already downloaded come from the cache
// Starting never fails for taking long: only a stall does (no progress for stallMs, default 30 s).
// Every asset is found relative to this module's URL (import.meta.url), never the host page's. On a page
// of another origin the workers are blob: workers that import the real worker modules from here.
import { Runtime } from './engine-runtime.js';

const VERSION = '__BUILD_VERSION__';
const LIGHT_URL = new URL(`./worker-micropython.js?v=${VERSION}`, import.meta.url);
const FULL_URL = new URL(`./worker.js?v=${VERSION}`, import.meta.url);
const FULL_ENGINE = 'needs_full_engine'; // the light runtime's reply to a request only the full engine answers
const DEFAULTS = {
  timeoutMs: 10_000, // a request running longer is stopped
  // A start that makes no progress for this long has 'failed' (a download that stopped; a runtime's loader may
  // never settle when the wasm is blocked). A slow download that keeps arriving never fails.
  stallMs: 30_000,
  fullEngine: 'demand', // 'demand' | 'idle' | 'now': when the full engine starts without a request needing it
  light: true, // false: Pyodide alone (the light runtime never starts)
  // A request running this long on the light runtime starts the full engine (unless the browser asks to save
  // data) and moves there once it is ready: MicroPython is 2-4 times slower than Pyodide on long searches.
  lightPatienceMs: 8_000,
};

function engineError(code, message, cells = [], extra = {}) {
  const error = new Error(message);
  error.name = 'EngineError';
  error.code = code;
  error.cells = Array.isArray(cells) ? cells : [];
  Object.assign(error, extra);
  return error;
}

/** What JSON cannot carry, kept out of a payload by `sendable` (JSON.stringify would drop it silently, and
 *  the worker's postMessage throw on a function: the request would then never be answered). */
class Unsendable extends Error {}

/** The payload of `op` as a worker will get it: a copy of its JSON form, so that posting it cannot fail and
 *  the worker can write it as JSON. Throws an EngineError 'bad_request' saying why it cannot be sent. */
function sendable(op, payload) {
  if (typeof op !== 'string' || op === '') {
    throw engineError('bad_request', 'A request must name its operation as text, such as \'solve\'.');
  }
  if (payload === null || payload === undefined) return {};
  const refuse = (why) => engineError('bad_request', `The '${op}' request cannot be sent to the engine: ${why}.`);
  if (typeof payload !== 'object' || Array.isArray(payload)) {
    throw refuse(`its payload must be an object of fields, not ${Array.isArray(payload) ? 'an array' : typeof payload}`);
  }
  for (const key of ['id', 'op']) {
    if (Object.hasOwn(payload, key)) throw refuse(`its payload carries '${key}', which the engine sets itself`);
  }
  let text;
  try {
    text = JSON.stringify(payload, (key, value) => {
      const kind = typeof value;
      if (kind === 'function' || kind === 'symbol' || kind === 'bigint') {
        throw new Unsendable(`'${key}' is a ${kind === 'bigint' ? 'BigInt' : kind}, which JSON cannot carry`);
      }
      return value;
    });
  } catch (error) {
    if (error instanceof Unsendable) throw refuse(error.message);
    throw refuse(/circular/i.test(error?.message) ? 'it refers to itself (a cycle), which JSON cannot carry'
      : `it cannot be written as JSON (${String(error?.message ?? error).split('\n')[0]})`);
  }
  return JSON.parse(text);
}

const saveData = () => Boolean(globalThis.navigator?.connection?.saveData);

class Engine extends EventTarget {
  #options;
  #light;
  #full;
  #state = 'loading';
  #queue = []; // requests waiting: {id, op, payload, timeoutMs, signal, resolve, reject, onProgress, needsFull}
  #running = null; // {job, runtime}: the request a worker is working on
  #nextId = 1;
  #readyHandlers = null;
  #idleStart = null; // the full engine's start, scheduled for when the page is idle
  #answeredOnce = false;
  #settledWaiters = [];

  constructor(options = {}) {
    super();
    this.#options = { ...DEFAULTS, ...options };
    this.info = null; // the answering runtime's {runtime, timings, python, engine, build, readyMs, readyAt, restarted}
    this.version = VERSION;
    const stallMs = () => this.#options.stallMs;
    this.#light = new Runtime('light', LIGHT_URL, { stallMs, on: this.#listeners(() => this.#light) });
    this.#full = new Runtime('full', FULL_URL, { stallMs, on: this.#listeners(() => this.#full) });
    this.#begin();
  }

  get state() {
    return this.#state;
  }

  get runtimes() {
    return { light: this.#light.state, full: this.#full.state };
  }

  /** Set how long a request may run by default (timeoutMs), how long a start may go without progress
   *  (stallMs) and when the full engine starts (fullEngine). They apply from now on, also to a start under way. */
  configure(options) {
    Object.assign(this.#options, options);
    if (options.fullEngine === 'now') this.#startFull();
    else if (options.fullEngine === 'idle' && this.#answeredOnce) this.#startFullWhenIdle();
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
      let fields;
      try {
        fields = sendable(op, payload);
      } catch (error) {
        reject(error);
        return;
      }
      const job = {
        id: this.#nextId++, op, payload: fields, signal, resolve, reject, needsFull: false,
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
    this.#light.stop();
    this.#full.stop();
    this.#begin();
    return this.ready;
  }

  /** Resolves once neither runtime is starting and no start is planned. */
  settled() {
    return new Promise((resolve) => {
      this.#settledWaiters.push(resolve);
      this.#checkSettled();
    });
  }

  // -- starting --------------------------------------------------------------------------------------
  #begin() {
    this.failure = null;
    this.progress = null;
    this.ready = new Promise((resolve, reject) => {
      this.#readyHandlers = { resolve, reject };
    });
    this.ready.catch(() => {}); // a failure is reported by 'failed'; never an unhandled rejection
    this.#setState('loading');
    if (this.#options.light) this.#light.start();
    if (!this.#options.light || this.#options.fullEngine === 'now') this.#startFull();
  }

  #startFull() {
    if (this.#idleStart) {
      this.#idleStart.cancel();
      this.#idleStart = null;
    }
    if (this.#full.state === 'loading' || this.#full.state === 'ready') return;
    this.#full.start();
  }

  /** Start the full engine once the page is idle (after the first answer), unless the browser asks to save data. */
  #startFullWhenIdle() {
    if (this.#idleStart || this.#full.state !== 'off' || saveData()) {
      this.#checkSettled();
      return;
    }
    const start = () => { this.#idleStart = null; this.#startFull(); };
    if (globalThis.requestIdleCallback) {
      const handle = requestIdleCallback(start, { timeout: 5000 });
      this.#idleStart = { cancel: () => cancelIdleCallback(handle) };
    } else {
      const handle = setTimeout(start, 1000);
      this.#idleStart = { cancel: () => clearTimeout(handle) };
    }
  }

  #listeners(runtime) {
    return {
      progress: (detail) => this.#onProgress(runtime(), detail),
      ready: (info) => this.#onReady(runtime(), info),
      failed: (message, code) => this.#onFailed(runtime(), message, code),
      died: (message) => this.#onDied(runtime(), message),
      message: (data) => this.#onMessage(runtime(), data),
    };
  }

  /** The runtime whose start the page waits for, while nothing answers. */
  #starting() {
    return this.#light.state === 'loading' ? this.#light : this.#full;
  }

  #onProgress(runtime, detail) {
    if (this.#state === 'loading' && runtime === this.#starting()) {
      this.progress = detail;
      this.dispatchEvent(new CustomEvent('progress', { detail }));
    } else if (this.#state === 'ready' && runtime === this.#full && this.#waitingForFull()) {
      this.dispatchEvent(new CustomEvent('progress', { detail: { ...detail, upgrade: true } }));
    }
  }

  #onReady(runtime, info) {
    // Once the full engine is ready it answers everything: the light runtime's memory goes back to the page.
    if (runtime === this.#light && this.#full.state === 'ready') {
      this.#light.stop();
      return;
    }
    if (runtime === this.#full && this.#running?.runtime === this.#light && this.#running.slow) {
      this.#moveToFull(this.#running.job); // the full engine was started for it: it goes on there
    } else if (runtime === this.#full && this.#running?.runtime !== this.#light) this.#light.stop();
    const wasReady = this.#state === 'ready';
    this.info = info;
    if (!wasReady) {
      this.#setState('ready');
      this.#readyHandlers.resolve(this);
      this.dispatchEvent(new CustomEvent('ready', { detail: info }));
    }
    if (runtime === this.#full) this.dispatchEvent(new CustomEvent('handover', { detail: info }));
    this.#pump();
    this.#checkSettled();
  }

  #onFailed(runtime, message, code) {
    if (runtime === this.#light && code !== 'stalled' && this.#full.state === 'off') {
      this.#startFull(); // the light runtime could not start (an old browser, a blocked file): the full one may
      return;             // (not after a stalled download: the connection is gone, 4 MB more will not come)
    }
    if (runtime === this.#full) {
      // Requests that only the full engine can answer cannot be answered.
      for (const job of this.#queue.filter((j) => this.#needsFull(j))) {
        this.#queue.splice(this.#queue.indexOf(job), 1);
        this.#settle(job, engineError('engine_failed', message));
      }
    }
    if (this.#light.state === 'ready' || this.#light.state === 'loading' || this.#full.state === 'loading') {
      this.#pump();
      this.#checkSettled();
      return;
    }
    this.#failAll(message, code);
  }

  #failAll(message, code) {
    this.failure = message;
    this.#setState('failed');
    const queued = this.#queue.splice(0);
    for (const job of queued) this.#settle(job, engineError('engine_failed', message));
    this.#readyHandlers.reject(engineError('engine_failed', message));
    this.dispatchEvent(new CustomEvent('failed', { detail: { message, code } }));
    this.#checkSettled();
  }

  #onDied(runtime, message) {
    // A worker that broke after it started: the request it was running fails now (not at its time-out), and the
    // worker starts again; queued requests wait for it (or go to the other runtime).
    const running = this.#running;
    if (running && running.runtime === runtime) {
      this.#running = null;
      this.#settle(running.job, engineError('engine_failed', `${message.replace(/\.$/, '')}; it is restarting.`));
    }
    this.#restartRuntime(runtime);
  }

  #restartRuntime(runtime) {
    if (runtime === this.#full || this.#full.state !== 'ready') runtime.start();
    // While Pyodide starts again, the light runtime (0.2 MB, cached) answers what it can.
    if (runtime === this.#full && this.#options.light && this.#light.state !== 'loading') this.#light.start();
    if (this.#light.state !== 'ready' && this.#full.state !== 'ready') {
      this.#setState('loading');
      this.ready = new Promise((resolve, reject) => {
        this.#readyHandlers = { resolve, reject };
      });
      this.ready.catch(() => {});
    }
    this.#pump();
  }

  #setState(state) {
    if (this.#state === state) return;
    this.#state = state;
    this.dispatchEvent(new CustomEvent('statechange', { detail: { state } }));
  }

  #checkSettled() {
    if (this.#light.state === 'loading' || this.#full.state === 'loading' || this.#idleStart) return;
    for (const resolve of this.#settledWaiters.splice(0)) resolve();
  }

  // -- running requests one at a time, each on the runtime that can answer it -----------------------------
  #needsFull(job) {
    return job.needsFull || this.#light.state === 'failed' || this.#light.state === 'off'
      || (this.#light.state === 'ready' && !this.#light.serves(job.op));
  }

  #waitingForFull() {
    return this.#full.state !== 'ready' && this.#queue.length > 0 && this.#needsFull(this.#queue[0]);
  }

  /** Where the next request runs: the full engine once it is ready, else the light one when it answers the op. */
  #route(job) {
    if (this.#full.state === 'ready') return this.#full;
    if (!this.#needsFull(job)) return this.#light.state === 'ready' ? this.#light : null;
    if (this.#full.state === 'failed' && this.#light.state === 'ready') {
      this.#queue.shift();
      this.#settle(job, engineError('engine_failed', this.#full.failure));
      return undefined;
    }
    this.#startFull();
    if (this.#full.progress) {
      this.dispatchEvent(new CustomEvent('progress', { detail: { ...this.#full.progress, upgrade: true } }));
    }
    return null;
  }

  #pump() {
    while (!this.#running && this.#queue.length > 0) {
      const job = this.#queue[0];
      const runtime = this.#route(job);
      if (runtime === undefined) continue; // the request was answered (refused) on the way
      if (!runtime) return;
      this.#queue.shift();
      try {
        runtime.post({ id: job.id, op: job.op, ...job.payload });
      } catch (error) { // not for a payload `sendable` let through; whatever it is, the next request goes on
        this.#settle(job, engineError('bad_request', `The request could not be sent to the engine: ${error?.message ?? error}`));
        continue;
      }
      this.#running = { job, runtime, slow: false };
      job.timer = setTimeout(() => this.#timedOut(job), job.timeoutMs);
      if (runtime === this.#light) job.patience = setTimeout(() => this.#lightIsSlow(job), this.#options.lightPatienceMs);
    }
  }

  #onMessage(runtime, data) {
    const running = this.#running;
    if (!running || running.runtime !== runtime) return;
    const { job } = running;
    if (data.unreadable) {
      this.#finish(job, engineError('internal', 'A reply could not be read.'));
    } else if (data.type === 'progress') {
      // A running request's own progress: only its caller hears of it (a late one is dropped).
      if (data.id === job.id && job.onProgress) {
        const { id, type, ...detail } = data;
        try {
          job.onProgress(detail);
        } catch (error) {
          console.error('onProgress failed:', error);
        }
      }
    } else if (data.id === job.id) {
      this.#running = null;
      if (runtime === this.#light && this.#full.state === 'ready') this.#light.stop(); // its last request is done
      // Its memory grew past what it gives back (worker-common.js): a fresh worker answers the next request.
      // The engine stays 'ready' meanwhile; requests wait the fraction of a second it takes to start.
      else if (data.recycle && runtime === this.#light) runtime.start();
      if (!data.ok && data.error?.code === FULL_ENGINE) {
        clearTimeout(job.timer);
        clearTimeout(job.patience);
        job.needsFull = true; // asked again, first in line, of the full engine
        this.#queue.unshift(job);
        this.#pump();
        return;
      }
      if (data.ok) this.#settle(job, null, data.result);
      else {
        const e = data.error || {};
        const { code, message, cells, ...extra } = e;
        this.#settle(job, engineError(code || 'internal', message || 'The engine failed.', cells, { details: e, ...extra }));
      }
      this.dispatchEvent(new CustomEvent('answered', { detail: { op: job.op, runtime: runtime.info?.runtime } }));
      if (!this.#answeredOnce) {
        this.#answeredOnce = true;
        if (this.#options.fullEngine === 'idle') this.#startFullWhenIdle();
      }
      this.#pump();
    }
  }

  #cancel(job) {
    if (this.#running?.job === job) {
      this.#interrupt(job, 'cancelled', 'The request was cancelled; the engine is restarting.');
      return;
    }
    const at = this.#queue.indexOf(job);
    if (at >= 0) {
      this.#queue.splice(at, 1);
      this.#settle(job, engineError('cancelled', 'The request was cancelled.'));
    }
  }

  /** A request past the light runtime's patience: the full engine starts beside it (see lightPatienceMs). */
  #lightIsSlow(job) {
    const running = this.#running;
    if (running?.job !== job || running.runtime !== this.#light) return;
    running.slow = true;
    if (this.#full.state === 'ready') this.#moveToFull(job);
    else if (this.#full.state === 'off' && !saveData()) this.#startFull();
  }

  /** Stop the light runtime's work on `job` and ask the full engine, first in line (the light worker's memory
   *  goes back to the page: the full engine answers from now on, or it starts again if that fails). */
  #moveToFull(job) {
    clearTimeout(job.timer);
    clearTimeout(job.patience);
    this.#running = null;
    this.#light.stop();
    job.needsFull = true;
    this.#queue.unshift(job);
    this.#pump();
  }

  #timedOut(job) {
    const running = this.#running;
    if (running?.job === job && running.runtime === this.#light && this.#full.state !== 'failed') {
      this.#moveToFull(job); // MicroPython ran out of time: Pyodide, several times faster, gets its own
      if (this.#full.state !== 'ready') this.#light.start(); // the light runtime answers others meanwhile
      return;
    }
    this.#interrupt(job, 'timeout',
      `The engine took longer than ${(job.timeoutMs / 1000).toFixed(job.timeoutMs < 1000 ? 1 : 0)} s and was stopped; it is restarting.`);
  }

  #interrupt(job, code, message) {
    // Python in a worker cannot be interrupted: terminate it and start a new one (queued requests wait).
    const { runtime } = this.#running;
    this.#running = null;
    this.#settle(job, engineError(code, message));
    runtime.stop();
    this.#restartRuntime(runtime);
  }

  #finish(job, error) {
    this.#running = null;
    this.#settle(job, error);
    this.#pump();
  }

  #settle(job, error, result) {
    clearTimeout(job.timer);
    clearTimeout(job.patience);
    if (job.signal && job.onAbort) job.signal.removeEventListener('abort', job.onAbort);
    if (error) job.reject(error);
    else job.resolve(result);
  }
}

// Kept on globalThis so that one page gets one engine even if this module is loaded twice.
const KEY = Symbol.for(`sudoku-solver.engine ${new URL('./', import.meta.url).href}`);

/** The page-wide engine (created on first call; `options` apply only then: {timeoutMs, stallMs, fullEngine,
 *  light}; `configure` changes them later). */
export function getEngine(options) {
  if (!globalThis[KEY]) globalThis[KEY] = new Engine(options);
  return globalThis[KEY];
}

/** The page's engine if one was created, else null (never starts one). */
export function peekEngine() {
  return globalThis[KEY] || null;
}

export { VERSION as ENGINE_BUILD };
