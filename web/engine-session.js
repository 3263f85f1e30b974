// engine-session.js: one <sudoku-solver>'s line to the page-wide engine (engine.js, one Web Worker per page).
//
// It starts the engine when the element wants it (at once, or lazily: on first use, when the element nears
// the viewport, or when another element on the page has started it), follows its state, words its download
// progress, sends requests where the latest of each kind wins (an older reply is dropped as 'superseded'),
// and holds the one table that turns an engine error into a sentence for people.

const SOLVE_TIMEOUT_MS = 30000;        // engine.js stops (and restarts) a worker silent for this long: the
                                       // engine's default time limit, set when the first element creates it
                                       // (a page changes it with getEngine().configure({timeoutMs})).
const LAZY_MARGIN = '300px';           // a lazy element starts the engine when it comes this close to view

// The engine module is found relative to this module's own URL, so a page of another origin that loads the
// element from the solver's site gets the engine, worker and runtime from there too.
let enginePromise = null;
const engineStarts = new EventTarget();

/** Start the page-wide engine (once) and get it: the element does so when it wants the engine; a page whose main
 *  content is the element calls it first thing, so the worker starts while the element's own modules load. */
export function loadEngine() {
  if (!enginePromise) {
    enginePromise = import('./engine.js').then((m) => m.getEngine({ timeoutMs: SOLVE_TIMEOUT_MS }));
    enginePromise.catch(() => { enginePromise = null; });     // Retry imports again
    engineStarts.dispatchEvent(new Event('enginestart'));
  }
  return enginePromise;
}

/** An Error for the element's callers: .code, .message (a sentence), .cells (indexes). */
export function solverError(code, message, cells = []) {
  const error = new Error(message);
  error.name = 'SudokuSolverError';
  error.code = code;
  error.cells = cells;
  return error;
}

/** The sentence people see for an engine error while trying to `op` ("solve", "check", ...): the engine's
 *  own message, with what to do next. */
export function sentenceFor(error, op) {
  const code = error?.code ?? 'internal';
  const detail = String(error?.message ?? 'unknown error').replace(/\.$/, '');
  switch (code) {
    case 'conflict': return `Cannot ${op} this grid: ${detail}.`;
    case 'no_solution': return error?.cells?.length ? `${detail}; they are marked on the board.`
      : `${detail}: no way to fill the grid keeps every given.`;
    case 'timeout': return `${detail}. Nothing in the grid was lost: add some givens and try again.`;
    case 'gave_up': return `${detail}: this grid is too open to settle. Add some givens and try again.`;
    case 'engine': case 'engine_failed': return `${detail}.`;
    case 'parse': return `The engine could not read the grid: ${detail}.`;
    case 'bad_request': return `${detail}.`; // the engine's sentence names the field or the limit
    default: return `The engine failed: ${detail}.`;
  }
}

/** An engine time for people: "3.2 ms", "140 ms", "2.35 s"; '' when there is none. */
export function formatMs(ms) {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '';
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10000 ? 2 : 1)} s`;
}

function megabytes(bytes) {
  return (Math.max(0, Number(bytes) || 0) / 1e6).toFixed(1);
}

function timeLeft(seconds) {
  return seconds < 60 ? `about ${Math.max(1, Math.round(seconds))} s left` : `about ${Math.round(seconds / 60)} min left`;
}

/** "Downloading the solver: 1.2 of 3.6 MB, about 8 s left" while bytes arrive, else the stage's words. */
export function progressText({ fraction, message, stage, loaded, total, secondsLeft }) {
  if (stage === 'download' && total > 0) {
    const left = Number.isFinite(secondsLeft) && secondsLeft > 0 && loaded < total ? `, ${timeLeft(secondsLeft)}` : '';
    return `Downloading the solver: ${megabytes(loaded)} of ${megabytes(total)} MB${left}`;
  }
  const what = message ? String(message).replace(/(\.\.\.|…|\.)\s*$/, '') : 'Loading the solver engine';
  return `${what}… ${Math.round(Math.max(0, Math.min(1, Number(fraction) || 0)) * 100)}%`;
}

/** The sentence for a start that failed: the engine's words, and that the grid is kept. */
function failureSentence(message, code) {
  let why = message ? String(message).trim() : 'The solver engine could not start.';
  why = why.replace(/\s*(Check the connection and )?press Retry\.?$/i, '');
  const next = code === 'stalled' ? 'check the connection and press Retry' : 'press Retry to try again';
  return `${/[.!?]$/.test(why) ? why : `${why}.`} Your grid is kept: ${next}.`;
}

export class EngineSession {
  /** 'idle' (lazy, not started) | 'loading' | 'ready' | 'failed' */
  state = 'idle';
  /** The sentence shown when the engine could not start. */
  failure = '';
  #element;
  #on;
  #engine = null;
  #listeners = null;
  #wake = null;
  #changes = new EventTarget();
  #latest = new Map();       // kind of request -> number of the latest sent

  /** `on`: {state(state), progress(detail), ready(info), failed(sentence), upgrading(detail | null)}, called on the
   *  element's behalf. `upgrading(detail)`: a request waits for the full engine's download (the same progress
   *  words as the first start); `upgrading(null)`: it is in, or will not come. */
  constructor(element, on) {
    this.#element = element;
    this.#on = on;
  }

  get info() { return this.#engine?.info ?? null; }

  /** Eager: start now. Lazy: when the element is first used or nears the viewport, or another element has
   *  started the page's engine (then it costs nothing more). */
  startWhenWanted(eager) {
    if (this.#listeners) return;
    if (eager || enginePromise || typeof IntersectionObserver !== 'function') { this.start(); return; }
    if (this.#wake) return;
    this.#setState('idle');
    this.#wake = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) this.start();
    }, { rootMargin: LAZY_MARGIN });
    this.#wake.observe(this.#element);
    engineStarts.addEventListener('enginestart', this.start);
  }

  /** Start (or join) the page's engine; does nothing once started. */
  start = () => {
    if (this.#listeners || !this.#element.isConnected) return;
    this.#stopWaking();
    const listeners = {
      progress: (e) => {
        if (this.state === 'loading') this.#on.progress(e.detail ?? {});
        else if (e.detail?.upgrade && this.#asking > 0) this.#upgrading(e.detail);
      },
      ready: () => this.#ready(),
      handover: () => this.#upgrading(null),
      failed: (e) => this.#failed(e.detail?.message, e.detail?.code),
      statechange: (e) => { if (e.detail?.state === 'loading') this.#setState('loading'); },
    };
    this.#listeners = listeners;
    loadEngine().then((engine) => {
      if (this.#listeners !== listeners) return;   // stopped meanwhile
      this.#engine = engine;
      for (const [type, fn] of Object.entries(listeners)) engine.addEventListener(type, fn);
      if (engine.state === 'ready') this.#ready();
      else if (engine.state === 'failed') this.#failed(engine.failure);
      else {
        this.#setState('loading');
        // Joining a start under way (another element began it, or this one's modules came late): show how far
        // it got, not 0 %, until its next report.
        if (engine.progress) this.#on.progress(engine.progress);
      }
    }, (error) => {
      if (this.#listeners === listeners) this.#listeners = null;
      this.#failed(`The solver could not be loaded (${error?.message ?? error})`);
    });
    if (this.state === 'idle') this.#setState('loading');
  };

  /** The element left the page: stop listening (the engine stays, for the page's other elements). */
  stop() {
    if (this.#engine && this.#listeners) {
      for (const [type, fn] of Object.entries(this.#listeners)) this.#engine.removeEventListener(type, fn);
    }
    this.#listeners = null;
    this.#stopWaking();
  }

  /** Start again after a failed or stalled start. */
  retry() {
    if (this.#engine) this.#engine.restart();
    else this.start();
  }

  /** Resolves once the engine is ready (starting it if need be); rejects with code 'engine' if it failed. */
  whenReady() {
    this.start();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.state === 'ready') { cleanup(); resolve(); }
        else if (this.state === 'failed') { cleanup(); reject(solverError('engine', this.failure)); }
      };
      const cleanup = () => this.#changes.removeEventListener('change', check);
      this.#changes.addEventListener('change', check);
      check();
    });
  }

  /** Send a request once the engine is ready. Only the latest request of its `kind` (default: the op) is
   *  answered: an older one rejects with code 'superseded', whatever the engine said. */
  async ask(op, payload, { kind = op, timeoutMs, onProgress } = {}) {
    const number = (this.#latest.get(kind) ?? 0) + 1;
    this.#latest.set(kind, number);
    const stale = () => this.#latest.get(kind) !== number;
    const progress = onProgress && ((detail) => { if (!stale()) onProgress(detail); });
    let result;
    this.#asking += 1;
    try {
      await this.whenReady();
      if (stale()) throw solverError('superseded', 'A newer request replaced this one.');
      result = await this.#engine.request(op, payload, { timeoutMs, onProgress: progress });
    } catch (error) {
      if (stale()) throw solverError('superseded', 'A newer request replaced this one.');
      throw error;
    } finally {
      this.#asking -= 1;
      this.#upgrading(null); // answered, or refused: nothing waits for the full engine's download any more
    }
    if (stale()) throw solverError('superseded', 'A newer request replaced this one.');
    return result;
  }

  #showsUpgrade = false;
  #asking = 0;             // requests of this element in flight: only they may be waiting for the full engine

  #upgrading(detail) {
    if (!detail && !this.#showsUpgrade) return;
    this.#showsUpgrade = Boolean(detail);
    this.#on.upgrading?.(detail);
  }

  #stopWaking() {
    this.#wake?.disconnect();
    this.#wake = null;
    engineStarts.removeEventListener('enginestart', this.start);
  }

  #setState(state) {
    this.state = state;
    this.#on.state(state);
    this.#changes.dispatchEvent(new Event('change'));
  }

  #ready() {
    if (this.state === 'ready') return;
    this.#setState('ready');
    this.#on.ready(this.info);
  }

  #failed(message, code = 'failed') {
    if (this.state === 'failed') return;
    this.failure = failureSentence(message, code);
    this.#setState('failed');
    this.#on.failed(this.failure);
  }
}
