// engine-runtime.js: one of the engine's two workers, as engine.js sees it: started, watched for stalls while
// it starts and for breaking after, stopped. engine.js decides which one answers what.
//
//   const runtime = new Runtime('light', url, {stallMs: () => 30000, on: {progress, ready, failed, died, message}});
//   runtime.start(); runtime.post({id, op, ...}); runtime.stop();
//
// state: 'off' (never started, or stopped) | 'loading' | 'ready' | 'failed' (could not start: `failure` says
// why). `ops` once ready: the Set of ops it answers, or null for every op. `info`: its 'ready' details.

// A page that enforces Trusted Types (CSP `require-trusted-types-for 'script'`) lets a Worker start only from
// a TrustedScriptURL. The policy, named 'sudoku-solver' (such a page lists it in `trusted-types`), vouches
// for exactly the engine's own worker modules and the blob: URLs made below to import them; without Trusted
// Types, URLs pass.
const OWN_WORKER_URLS = new Set();
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

export class Runtime {
  state = 'off';
  failure = null;
  ops = null;
  info = null;
  progress = null; // the last progress detail of the start under way
  #name;
  #url;
  #blobURL = null;
  #options;
  #worker = null;
  #stallTimer = null;
  #lastSign = 0;
  #began = 0;
  #starts = 0;

  /** `kind`: 'light' | 'full'; `url`: the worker module (a URL); `options`: {stallMs() -> ms, on: {progress(detail),
   *  ready(info), failed(message, code), died(message), message(data)}} (`message`: replies and request progress). */
  constructor(kind, url, options) {
    this.kind = kind;
    this.#url = url;
    this.#name = kind === 'light' ? 'sudoku-engine-light' : 'sudoku-engine';
    this.#options = options;
    OWN_WORKER_URLS.add(url.href);
  }

  /** Whether it answers `op` once ready. */
  serves(op) { return this.state === 'ready' && (this.ops === null || this.ops.has(op)); }

  start() {
    this.stop();
    this.#starts += 1;
    const restarted = this.#starts > 1;
    this.failure = null;
    this.progress = null;
    this.state = 'loading';
    this.#began = performance.now();
    let worker;
    try {
      worker = this.#makeWorker();
    } catch (error) {
      this.#fail(`The engine could not start: ${error && error.message ? error.message : error}`);
      return;
    }
    this.#worker = worker;
    this.#lastSign = performance.now();
    const stallMs = () => this.#options.stallMs();
    this.#stallTimer = setInterval(() => {
      const quiet = performance.now() - this.#lastSign;
      if (quiet < stallMs()) return;
      this.#fail(`The solver's download stopped: nothing arrived for ${Math.round(quiet / 1000)} s. ` +
        'Check the connection and press Retry.', 'stalled');
    }, Math.min(1000, stallMs() / 4));
    worker.addEventListener('message', (event) => {
      if (worker !== this.#worker) return;
      this.#lastSign = performance.now();
      this.#onMessage(event.data || {}, restarted);
    });
    worker.addEventListener('error', (event) => {
      if (worker !== this.#worker) return;
      event.preventDefault();
      const detail = event.message ? `: ${event.message}` : ' (its script could not be loaded)';
      if (this.state === 'ready') this.#died(`The engine's worker failed${detail}.`);
      else this.#fail(`The engine's worker failed${detail}.`);
    });
    worker.addEventListener('messageerror', () => {
      if (worker === this.#worker) this.#options.on.message({ unreadable: true });
    });
  }

  post(message) {
    this.#worker.postMessage(message);
  }

  stop() {
    clearInterval(this.#stallTimer);
    if (this.#worker) {
      this.#worker.terminate();
      this.#worker = null;
    }
    if (this.state !== 'failed') this.state = 'off';
  }

  #makeWorker() {
    const here = globalThis.location ? globalThis.location.origin : null;
    if (this.#url.origin === here) {
      return new Worker(scriptURL(this.#url.href), { type: 'module', name: this.#name });
    }
    // A worker script must be same-origin with the page: start a blob: worker that imports ours.
    if (!this.#blobURL) {
      const body = `import ${JSON.stringify(this.#url.href)};\n`;
      this.#blobURL = URL.createObjectURL(new Blob([body], { type: 'text/javascript' }));
      OWN_WORKER_URLS.add(this.#blobURL);
    }
    return new Worker(scriptURL(this.#blobURL), { type: 'module', name: this.#name });
  }

  #onMessage(data, restarted) {
    if (data.type === 'progress' && data.id === undefined) {
      const { type, ...detail } = data;
      this.progress = { loaded: null, total: null, secondsLeft: null, ...detail };
      this.#options.on.progress(this.progress);
    } else if (data.type === 'ready') {
      clearInterval(this.#stallTimer);
      this.ops = Array.isArray(data.ops) ? new Set(data.ops) : null;
      this.info = { runtime: data.runtime, timings: data.timings, python: data.python, engine: data.engine,
        build: data.build, readyMs: Math.round(performance.now() - this.#began), readyAt: Math.round(performance.now()),
        restarted };
      this.state = 'ready';
      this.#options.on.ready(this.info);
    } else if (data.type === 'failed') {
      this.#fail(data.message || 'The engine could not start.');
    } else if (data.type === 'died') {
      this.#died(data.message || 'The engine stopped.');
    } else {
      this.#options.on.message(data);
    }
  }

  #fail(message, code = 'failed') {
    this.stop();
    this.failure = message;
    this.state = 'failed';
    this.#options.on.failed(message, code);
  }

  #died(message) {
    this.stop();
    this.#options.on.died(message);
  }
}
