// engine.js's two runtimes, with fake workers standing in for MicroPython and Pyodide: which one answers what,
// the hand-over, requests re-asked of the full engine, and workers that fail or die.
import { test, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';

/** A stand-in for a Web Worker: the test plays the worker's side (ready, replies, failures). */
class FakeWorker extends EventTarget {
  static all = [];

  constructor(url, options) {
    super();
    this.kind = options.name === 'sudoku-engine-light' ? 'light' : 'full';
    this.posted = [];
    this.terminated = false;
    FakeWorker.all.push(this);
  }

  postMessage(message) { this.posted.push(message); }

  terminate() { this.terminated = true; }

  send(data) { this.dispatchEvent(Object.assign(new Event('message'), { data })); }

  ready(ops) {
    this.send({ type: 'ready', runtime: this.kind === 'light' ? 'micropython' : 'pyodide', ops, python: '3' });
  }

  /** Answer the last request posted to this worker. */
  answer(result, error) {
    const { id } = this.posted.at(-1);
    this.send(error ? { id, ok: false, error } : { id, ok: true, result });
  }
}
globalThis.Worker = FakeWorker;

const { getEngine } = await import('../../web/engine.js');
const KEY = Symbol.for(`sudoku-solver.engine ${new URL('../../web/', import.meta.url).href}`);
const LIGHT_OPS = ['check', 'conflicts', 'parse', 'solve', 'version'];
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const live = (kind) => FakeWorker.all.filter((w) => w.kind === kind && !w.terminated);
const only = (kind) => {
  const workers = live(kind);
  assert.equal(workers.length, 1, `one live ${kind} worker`);
  return workers[0];
};

beforeEach(() => {
  delete globalThis[KEY];
  FakeWorker.all = [];
  delete globalThis.navigator;
});

afterEach(() => {
  // Workers still starting keep their stall timers: fail them (and whatever starts in their place).
  for (let round = 0; round < 3; round += 1) {
    for (const worker of FakeWorker.all.filter((w) => !w.terminated)) worker.send({ type: 'failed', message: 'test over' });
  }
});

test('the light runtime starts alone and answers the solving ops; the full one waits to be needed', async () => {
  const engine = getEngine();
  assert.equal(engine.state, 'loading');
  assert.deepEqual(engine.runtimes, { light: 'loading', full: 'off' });
  const answer = engine.request('solve', { puzzle: '...' });
  only('light').ready(LIGHT_OPS);
  assert.equal(engine.state, 'ready');
  assert.equal(engine.info.runtime, 'micropython');
  assert.deepEqual(only('light').posted, [{ id: 1, op: 'solve', puzzle: '...' }]);
  only('light').answer({ solution: '123' });
  assert.deepEqual(await answer, { solution: '123' });
  assert.equal(live('full').length, 0);
});

test('an op only the full engine has starts it, waits with upgrade progress, and is answered by it', async () => {
  const engine = getEngine();
  only('light').ready(LIGHT_OPS);
  const progress = [];
  engine.addEventListener('progress', (e) => progress.push(e.detail));
  const handovers = [];
  engine.addEventListener('handover', (e) => handovers.push(e.detail.runtime));
  const hint = engine.request('hint', { puzzle: '...' });
  const full = only('full');
  assert.equal(engine.state, 'ready'); // the light runtime still answers what it can
  full.send({ type: 'progress', stage: 'download', fraction: 0.5, message: 'Downloading the solver…', loaded: 2, total: 4 });
  assert.equal(progress.at(-1).upgrade, true);
  assert.equal(progress.at(-1).loaded, 2);
  full.ready(null);
  assert.deepEqual(handovers, ['pyodide']);
  assert.equal(full.posted[0].op, 'hint');
  assert.equal(FakeWorker.all.find((w) => w.kind === 'light').terminated, true); // its memory goes back
  full.answer({ step: 'Hidden Single' });
  assert.deepEqual(await hint, { step: 'Hidden Single' });
  const solve = engine.request('solve', {});
  assert.equal(full.posted.at(-1).op, 'solve'); // from now on, everything goes to the full engine
  full.answer({ count: 1 });
  assert.deepEqual(await solve, { count: 1 });
});

test('a request the light runtime refuses as needing the full engine is asked again of it, once', async () => {
  const engine = getEngine();
  const light = only('light');
  light.ready(LIGHT_OPS);
  const settled = [];
  const solve = engine.request('solve', { puzzle: '...', rules: { diagonal: true } });
  solve.then((r) => settled.push(r));
  light.answer(null, { code: 'needs_full_engine', message: 'This request needs the full engine.', cells: [] });
  const full = only('full');
  full.ready(null);
  assert.deepEqual(full.posted, [{ id: 1, op: 'solve', puzzle: '...', rules: { diagonal: true } }]);
  full.answer({ count: 1 });
  await tick();
  assert.deepEqual(settled, [{ count: 1 }]);
});

test('the hand-over loses no request and answers none twice', async () => {
  const engine = getEngine({ fullEngine: 'now' });
  const light = only('light');
  const full = only('full');
  light.ready(LIGHT_OPS);
  const answers = [];
  const asks = [1, 2, 3, 4].map((k) => engine.request('solve', { k }).then((r) => answers.push([k, r])));
  assert.deepEqual(light.posted.map((m) => m.k), [1]);
  full.ready(null); // while the light runtime works on request 1
  assert.equal(light.terminated, false);
  light.answer('light-1');
  assert.equal(light.terminated, true);
  for (const k of [2, 3, 4]) {
    assert.equal(full.posted.at(-1).k, k);
    full.answer(`full-${k}`);
  }
  await Promise.all(asks);
  assert.deepEqual(answers, [[1, 'light-1'], [2, 'full-2'], [3, 'full-3'], [4, 'full-4']]);
  assert.equal(light.posted.length + full.posted.length, 4);
});

test('a worker that dies while it answers is noticed at once: its request fails, it starts again', async () => {
  const engine = getEngine();
  const light = only('light');
  light.ready(LIGHT_OPS);
  const solve = engine.request('solve', {}, { timeoutMs: 60_000 });
  const next = engine.request('check', {});
  light.send({ type: 'died', message: 'The solver engine stopped: RuntimeError: unreachable.' });
  await assert.rejects(solve, (error) => error.code === 'engine_failed' && /stopped.*restarting/.test(error.message));
  assert.equal(light.terminated, true);
  const again = only('light');
  assert.equal(engine.state, 'loading');
  again.ready(LIGHT_OPS);
  assert.equal(again.posted[0].op, 'check'); // the queued request survives the restart
  again.answer({ status: 'unique' });
  assert.deepEqual(await next, { status: 'unique' });
});

test('an uncaught error in a running worker counts as its death too', async () => {
  const engine = getEngine();
  const light = only('light');
  light.ready(LIGHT_OPS);
  const solve = engine.request('solve', {}, { timeoutMs: 60_000 });
  light.dispatchEvent(Object.assign(new Event('error'), { message: 'Uncaught RuntimeError: memory access out of bounds' }));
  await assert.rejects(solve, (error) => error.code === 'engine_failed' && /memory access/.test(error.message));
  assert.equal(only('light').terminated, false);
});

test('when the light runtime cannot start, the full engine starts in its place', async () => {
  const engine = getEngine();
  let failed = false;
  engine.addEventListener('failed', () => { failed = true; });
  const solve = engine.request('solve', {});
  only('light').send({ type: 'failed', message: 'The solver engine could not start: no WebAssembly.' });
  const full = only('full');
  assert.equal(engine.state, 'loading');
  full.ready(null);
  full.answer({ count: 1 });
  assert.deepEqual(await solve, { count: 1 });
  assert.equal(failed, false);
});

test('a stalled light download fails the start at once: the full engine would not come either', async () => {
  const engine = getEngine({ stallMs: 40 });
  const failures = [];
  engine.addEventListener('failed', (e) => failures.push(e.detail.code));
  await new Promise((resolve) => setTimeout(resolve, 120));
  assert.equal(engine.state, 'failed');
  assert.deepEqual(failures, ['stalled']);
  assert.equal(FakeWorker.all.filter((w) => w.kind === 'full').length, 0);
});

test('when neither runtime can start, the engine fails and says why', async () => {
  const engine = getEngine();
  const failures = [];
  engine.addEventListener('failed', (e) => failures.push(e.detail.message));
  const solve = engine.request('solve', {});
  only('light').send({ type: 'failed', message: 'light: no' });
  only('full').send({ type: 'failed', message: 'The Python engine could not start: blocked.' });
  await assert.rejects(solve, (error) => error.code === 'engine_failed' && /blocked/.test(error.message));
  assert.equal(engine.state, 'failed');
  assert.deepEqual(failures, ['The Python engine could not start: blocked.']);
});

test('a full engine that cannot start fails the requests that need it, and the light one goes on', async () => {
  const engine = getEngine();
  only('light').ready(LIGHT_OPS);
  const hint = engine.request('hint', {});
  only('full').send({ type: 'failed', message: 'The Python engine could not start: 404.' });
  await assert.rejects(hint, (error) => error.code === 'engine_failed' && /404/.test(error.message));
  assert.equal(engine.state, 'ready');
  const solve = engine.request('solve', {});
  only('light').answer({ count: 1 });
  assert.deepEqual(await solve, { count: 1 });
});

test("'idle' starts the full engine after the first answer, unless the browser asks to save data", async () => {
  globalThis.navigator = { connection: { saveData: true } };
  let engine = getEngine({ fullEngine: 'idle' });
  only('light').ready(LIGHT_OPS);
  let solve = engine.request('solve', {});
  only('light').answer({});
  await solve;
  await new Promise((resolve) => setTimeout(resolve, 1100));
  assert.equal(live('full').length, 0);
  await engine.settled();

  delete globalThis[KEY];
  FakeWorker.all = [];
  globalThis.navigator = { connection: { saveData: false } };
  engine = getEngine({ fullEngine: 'idle' });
  only('light').ready(LIGHT_OPS);
  assert.equal(live('full').length, 0); // not before the first answer
  solve = engine.request('solve', {});
  only('light').answer({});
  await solve;
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const full = only('full');
  let settled = false;
  engine.settled().then(() => { settled = true; });
  await tick();
  assert.equal(settled, false); // the full engine's download is under way
  full.ready(null);
  await tick();
  assert.equal(settled, true);
});

test('a request past its time limit on the light runtime is asked of the full engine; past it there, it fails', async () => {
  const engine = getEngine({ lightPatienceMs: 60_000 });
  only('light').ready(LIGHT_OPS);
  const slow = engine.request('solve', {}, { timeoutMs: 20 });
  const first = only('light');
  await new Promise((resolve) => setTimeout(resolve, 40));
  assert.equal(first.terminated, true); // stopped, its memory back to the page
  assert.equal(only('light').posted.length, 0); // a new light worker, for other requests meanwhile
  const full = only('full');
  full.ready(null);
  assert.equal(full.posted.at(-1).op, 'solve');
  await assert.rejects(slow, (error) => error.code === 'timeout');
  assert.equal(full.terminated, true);
  assert.equal(FakeWorker.all.filter((w) => w.kind === 'full').length, 2); // it starts again
});

test('a light timeout fails the request when the full engine cannot start', async () => {
  const engine = getEngine({ lightPatienceMs: 60_000 });
  only('light').ready(LIGHT_OPS);
  engine.request('version', {}).catch(() => {});
  only('light').answer(null, { code: 'needs_full_engine', message: 'x', cells: [] });
  only('full').send({ type: 'failed', message: 'no network' });
  const slow = engine.request('solve', {}, { timeoutMs: 20 });
  await assert.rejects(slow, (error) => error.code === 'timeout');
  assert.equal(FakeWorker.all.filter((w) => w.kind === 'light').length, 2);
  assert.equal(live('full').length, 0);
});

test('a request the light runtime is slow on starts the full engine beside it and moves there once it is ready', async () => {
  const engine = getEngine({ lightPatienceMs: 20 });
  const light = only('light');
  light.ready(LIGHT_OPS);
  const solve = engine.request('solve', { puzzle: 'hard' }, { timeoutMs: 60_000 });
  assert.equal(live('full').length, 0);
  await new Promise((resolve) => setTimeout(resolve, 40));
  const full = only('full'); // started beside the light runtime, which goes on meanwhile
  assert.equal(light.terminated, false);
  full.ready(null);
  assert.equal(light.terminated, true);
  assert.deepEqual(full.posted, [{ id: 1, op: 'solve', puzzle: 'hard' }]);
  light.answer({ late: true }); // a reply of the stopped worker is not taken
  full.answer({ count: 1 });
  assert.deepEqual(await solve, { count: 1 });
});

test('a quick light answer does not start the full engine, and a slow one does not when the browser saves data', async () => {
  globalThis.navigator = { connection: { saveData: true } };
  const engine = getEngine({ lightPatienceMs: 20 });
  const light = only('light');
  light.ready(LIGHT_OPS);
  const quick = engine.request('solve', {});
  light.answer({ count: 1 });
  assert.deepEqual(await quick, { count: 1 });
  const slow = engine.request('solve', {});
  await new Promise((resolve) => setTimeout(resolve, 40));
  assert.equal(live('full').length, 0);
  light.answer({ count: 2 });
  assert.deepEqual(await slow, { count: 2 });
});
