// What the engine's two workers share (worker-micropython.js: the light runtime that answers first;
// worker.js: Pyodide, the full engine): fetching their large files early and counting the bytes as they
// arrive, and the message loop that hands each request to the Python bridge.
//
// To the page a worker posts, besides replies:
//   {type: 'progress', stage, fraction, message, loaded, total, secondsLeft}   while starting; stage is
//        'download' (loaded/total: bytes on the wire so far and expected) or 'start' (Python is starting)
//   {type: 'ready', runtime, ops, timings, python, engine, build}   once requests can be answered (`ops`: the
//        ops it answers, null for every op)
//   {type: 'failed', message}               when it cannot start
//   {type: 'died', message}                 when its runtime broke after it started (it answers no more)
//   {id, type: 'progress', ...}             while request `id` runs, when its op reports progress
//   {id, ok, result | error, recycle?}      the reply to request `id`; `recycle: true` when the runtime holds
//                                           far more memory than after its start (MicroPython's WebAssembly
//                                           port never gives memory back, and a larger heap makes every later
//                                           request slower): the page starts a fresh worker before the next
// Every asset is found relative to the worker module's own URL, never the host page's, so a worker also
// runs when imported by a blob: worker on a page of another origin (see engine.js).

/** Byte progress of a runtime's large downloads, read from the responses as they stream in. */
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

/** Ask for the large files at once (a round trip less than waiting for the runtime's loader to ask), and
 *  route the loader's own fetches of them to those responses, counted. `large`: [[url, bytes], ...].
 *  Returns a function that gives the worker its own fetch back. */
export async function fetchEarly(large) {
  self.postMessage({ type: 'progress', stage: 'download', fraction: 0.02, message: 'Downloading the solver…',
    loaded: 0, total: null, secondsLeft: null });
  const fetchDirectly = self.fetch.bind(self);
  const early = new Map(large.map(([url]) => [url, fetchDirectly(url)]));
  for (const response of early.values()) response.catch(() => {}); // reported when the loader awaits it
  // Files the service worker has cached come from disk: they are not counted, and are not wrapped (a
  // wrapped wasm response would lose the browser's cache of its compiled code).
  const cached = await Promise.all(large.map(([url]) => (self.caches ? self.caches.match(url).catch(() => null) : null)));
  const downloads = new Downloads(large.filter((_, i) => !cached[i]));
  self.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const response = early.get(url);
    early.delete(url);
    return downloads.track(url, asWasm(url, await (response ?? fetchDirectly(input, init))));
  };
  return () => { self.fetch = fetchDirectly; };
}

/** A .wasm response typed as WebAssembly's streaming compiler requires: a host that does not know the
 *  extension sends application/octet-stream, which it refuses (Pyodide's loader then stalled on a second,
 *  uncounted download of the same file). The bytes are ours either way: only the type is wrong. */
function asWasm(url, response) {
  if (!response.ok || !new URL(url, self.location.href).pathname.endsWith('.wasm')) return response;
  if (response.headers.get('Content-Type')?.split(';')[0].trim() === 'application/wasm') return response;
  const headers = new Headers(response.headers);
  headers.set('Content-Type', 'application/wasm');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Run each solving op once before saying 'ready' (tables built, code generated, formats read on first use),
 *  so the first click costs what the tenth does. `handleJson(requestJson) -> replyJson`. */
export function warmUp(handleJson) {
  const puzzle = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
  for (const request of [{ op: 'parse', text: puzzle }, { op: 'solve', puzzle: '.'.repeat(81), limit: 1 },
    { op: 'solve', puzzle }, { op: 'conflicts', puzzle: `44${puzzle.slice(2)}` }]) {
    handleJson(JSON.stringify(request));
  }
}

/** The first line of an error's message, short enough to show. */
export function firstLine(error) {
  return error && error.message ? String(error.message).split('\n')[0].slice(0, 300) : String(error);
}

/** Answer {id, op, ...payload} messages once `start()` resolves to the runtime: {answer, swollen?}, the bridge's
 *  `answer(requestJson, report) -> replyJson` and, for a runtime that keeps what it allocates, `swollen()`:
 *  whether it now holds so much more than after its start that a fresh worker would be faster (the reply then
 *  says `recycle: true`). A start that fails is reported once ('failed'); a runtime that breaks while answering
 *  (the WebAssembly trapped: not a Python exception, which the bridge answers itself) is reported as 'died' and
 *  the worker closes, so the page notices at once. */
export function serve(start, name) {
  const started = start().then((runtime) => runtime, (error) => {
    self.postMessage({ type: 'failed', message: `The ${name} could not start: ${firstLine(error)}` });
    return null;
  });
  self.addEventListener('message', async (event) => {
    const { id, op, ...payload } = event.data || {};
    if (id === undefined) return;
    const runtime = await started;
    if (!runtime) {
      self.postMessage({ id, ok: false, error: { code: 'engine_failed', message: 'The engine is not running.', cells: [] } });
      return;
    }
    let text;
    try {
      text = JSON.stringify({ op, ...payload });
    } catch (error) { // a BigInt, say (engine.js refuses such payloads before they get here)
      self.postMessage({ id, ok: false, error: { code: 'bad_request', cells: [],
        message: `The request cannot be written as JSON: ${firstLine(error)}.` } });
      return;
    }
    let reply;
    let recycle;
    try {
      // Python calls `report` (a JS function crossing into Python) with JSON text while a long op runs.
      const report = (value) => self.postMessage({ ...JSON.parse(value), id, type: 'progress' });
      reply = JSON.parse(runtime.answer(text, report));
      recycle = Boolean(runtime.swollen?.());
    } catch (error) {
      // bridge.handle never raises: what gets here broke the runtime itself.
      self.postMessage({ type: 'died', message: `The ${name} stopped: ${firstLine(error)}` });
      self.close();
      return;
    }
    self.postMessage(recycle ? { id, ...reply, recycle } : { id, ...reply });
  });
}
