// A module Web Worker for Node, enough for engine.js and its workers to run as they do in a browser: each
// `new Worker(url, {type: 'module', name})` is a worker thread whose global scope offers what the engine's
// workers use (self, postMessage, addEventListener('message'), close, fetch of file: URLs, location).
// Messages are cloned as a browser clones them (a function in one throws DataCloneError at once).
//
//   import { WebWorker } from './web_worker.mjs';
//   globalThis.Worker = WebWorker;           // before engine.js makes its first worker
//   WebWorker.replace.set('sudoku-engine', stubUrl);   // run another module for workers of that name
//   await worker.memoryBytes();              // the size of the WebAssembly memory the worker instantiated
//   worker.heldBytes                         // the largest it was when the worker replied to a request
import { Worker } from 'node:worker_threads';

const THREAD = new URL('./web_worker_thread.mjs', import.meta.url);

export class WebWorker extends EventTarget {
  /** Every worker made, in order. */
  static made = [];
  /** Worker name -> module URL to run instead of the one asked for (a stand-in for the full engine, say). */
  static replace = new Map();

  #thread;
  #waiting = [];

  constructor(url, options = {}) {
    super();
    this.name = options.name ?? '';
    this.url = String(WebWorker.replace.get(this.name) ?? url);
    this.terminated = false;
    /** The most WebAssembly memory the worker held when it replied (0 before its first reply); a test resets it. */
    this.heldBytes = 0;
    this.#thread = new Worker(THREAD, { workerData: { url: this.url } });
    this.#thread.on('message', (data) => {
      if (data && data.harness === 'memory') {
        this.#waiting.shift()?.(data.bytes);
        return;
      }
      if (data && data.harness === 'held') {
        this.heldBytes = Math.max(this.heldBytes, data.bytes);
        return;
      }
      this.dispatchEvent(Object.assign(new Event('message'), { data }));
    });
    this.#thread.on('error', (error) => {
      const event = new Event('error', { cancelable: true });
      event.message = `Uncaught ${error?.name ?? 'Error'}: ${error?.message ?? error}`;
      this.dispatchEvent(event);
    });
    WebWorker.made.push(this);
  }

  postMessage(message) {
    this.#thread.postMessage(message);
  }

  terminate() {
    this.terminated = true;
    for (const resolve of this.#waiting.splice(0)) resolve(null);
    this.#thread.terminate();
  }

  /** Bytes of the WebAssembly memory the worker's runtime instantiated (null when none, or terminated). */
  memoryBytes() {
    if (this.terminated) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
      this.#thread.postMessage({ harness: 'memory' });
    });
  }
}
