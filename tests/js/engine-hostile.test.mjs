// engine.js against payloads it cannot send and a light worker that asks to be recycled, with fake workers: a
// bad payload is refused at once (code 'bad_request') and the next request runs as if nothing happened; a
// worker whose memory grew asks for a fresh one, which answers the next requests while the engine stays ready.
import { test, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';

/** A stand-in for a Web Worker whose postMessage clones as a browser's does (a function throws). */
class FakeWorker extends EventTarget {
  static all = [];

  constructor(url, options) {
    super();
    this.kind = options.name === 'sudoku-engine-light' ? 'light' : 'full';
    this.posted = [];
    this.terminated = false;
    FakeWorker.all.push(this);
  }

  postMessage(message) { this.posted.push(structuredClone(message)); }

  terminate() { this.terminated = true; }

  send(data) { this.dispatchEvent(Object.assign(new Event('message'), { data })); }

  ready(ops) {
    this.send({ type: 'ready', runtime: this.kind === 'light' ? 'micropython' : 'pyodide', ops, python: '3' });
  }

  /** Answer the last request posted to this worker (`extra`: fields beside the reply, such as recycle). */
  answer(result, extra = {}) {
    const { id } = this.posted.at(-1);
    this.send({ id, ok: true, result, ...extra });
  }
}
globalThis.Worker = FakeWorker;

const { getEngine } = await import('../../web/engine.js');
const { sentenceFor } = await import('../../web/engine-session.js');
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
});

afterEach(() => {
  for (let round = 0; round < 3; round += 1) {
    for (const worker of FakeWorker.all.filter((w) => !w.terminated)) worker.send({ type: 'failed', message: 'test over' });
  }
});

const cyclic = () => {
  const payload = { puzzle: '...' };
  payload.self = payload;
  return payload;
};

const HOSTILE = [
  ['its own id', { puzzle: '...', id: 'x' }, /carries 'id'/],
  ['its own op', { puzzle: '...', op: 'hint' }, /carries 'op'/],
  ['a BigInt', { puzzle: '...', limit: 10n }, /'limit' is a BigInt/],
  ['a function', { puzzle: '...', onDone() {} }, /'onDone' is a function/],
  ['a symbol', { puzzle: '...', tag: Symbol('x') }, /'tag' is a symbol/],
  ['a cycle', cyclic(), /refers to itself/],
  ['an array', ['...'], /must be an object of fields, not an array/],
  ['a string', 'puzzle', /must be an object of fields, not string/],
  ['an object whose toJSON throws', { puzzle: { toJSON() { throw new Error('no'); } } }, /cannot be written as JSON \(no\)/],
];

for (const [what, payload, words] of HOSTILE) {
  test(`a payload with ${what} is refused at once and the next request runs`, async () => {
    const engine = getEngine();
    const light = only('light');
    light.ready(LIGHT_OPS);
    await assert.rejects(engine.request('solve', payload), (error) => {
      assert.equal(error.code, 'bad_request');
      assert.match(error.message, /^The 'solve' request cannot be sent to the engine: /);
      assert.match(error.message, words);
      return true;
    });
    assert.deepEqual(light.posted, []); // nothing reached the worker
    const next = engine.request('solve', { puzzle: '...' }, { timeoutMs: 60_000 });
    assert.deepEqual(light.posted.map(({ id, ...message }) => message), [{ op: 'solve', puzzle: '...' }]);
    light.answer({ count: 1 });
    assert.deepEqual(await next, { count: 1 });
    assert.equal(engine.state, 'ready');
  });
}

test('an op that is not text is refused at once', async () => {
  const engine = getEngine();
  only('light').ready(LIGHT_OPS);
  for (const op of [undefined, '', 7, { op: 'solve' }]) {
    await assert.rejects(engine.request(op, {}), (error) => error.code === 'bad_request' && /name its operation/.test(error.message));
  }
});

test('a payload goes as its JSON form: undefined fields are left out, dates are text, NaN is null', async () => {
  const engine = getEngine();
  const light = only('light');
  light.ready(LIGHT_OPS);
  engine.request('solve', { puzzle: '...', shape: undefined, when: new Date(0), limit: NaN });
  assert.deepEqual(light.posted, [{ id: 1, op: 'solve', puzzle: '...', when: '1970-01-01T00:00:00.000Z', limit: null }]);
  light.answer({});
});

test('a payload the engine queues before it is ready is checked at once too', async () => {
  const engine = getEngine();
  await assert.rejects(engine.request('solve', { id: 3 }), (error) => error.code === 'bad_request');
  const solve = engine.request('solve', { puzzle: '...' });
  only('light').ready(LIGHT_OPS);
  assert.deepEqual(only('light').posted.map(({ id, ...message }) => message), [{ op: 'solve', puzzle: '...' }]);
  only('light').answer({ count: 1 });
  assert.deepEqual(await solve, { count: 1 });
});

test('a post that throws fails its request at once; the next one does not wait for a time-out', async () => {
  const engine = getEngine();
  const light = only('light');
  light.ready(LIGHT_OPS);
  const post = light.postMessage;
  light.postMessage = () => { throw new DOMException('could not be cloned.', 'DataCloneError'); };
  const first = engine.request('solve', { puzzle: '...' }, { timeoutMs: 60_000 });
  const second = engine.request('check', { puzzle: '...' }, { timeoutMs: 60_000 });
  await assert.rejects(first, (error) => error.code === 'bad_request' && /could not be cloned/.test(error.message));
  await assert.rejects(second, (error) => error.code === 'bad_request');
  light.postMessage = post;
  const third = engine.request('solve', { puzzle: '...' }, { timeoutMs: 60_000 });
  light.answer({ count: 1 });
  assert.deepEqual(await third, { count: 1 });
});

test('a light worker that asks to be recycled is replaced before the next request; the engine stays ready', async () => {
  const engine = getEngine();
  const first = only('light');
  first.ready(LIGHT_OPS);
  const events = [];
  for (const type of ['statechange', 'ready', 'failed', 'progress']) engine.addEventListener(type, () => events.push(type));
  const big = engine.request('solve', { puzzle: 'big' });
  const queued = [engine.request('solve', { puzzle: 'a' }), engine.request('check', { puzzle: 'b' })];
  first.answer({ count: 0 }, { recycle: true });
  assert.deepEqual(await big, { count: 0 });
  assert.equal(first.terminated, true); // its memory goes back to the page
  assert.equal(first.posted.length, 1); // the queued requests wait for the fresh worker
  const fresh = only('light');
  assert.equal(engine.state, 'ready');
  fresh.send({ type: 'progress', stage: 'download', fraction: 0.5, message: 'Downloading the solver…' });
  fresh.ready(LIGHT_OPS);
  assert.equal(engine.info.restarted, true);
  assert.deepEqual(fresh.posted.map((m) => m.puzzle), ['a']);
  fresh.answer({ count: 1 });
  await tick();
  assert.deepEqual(fresh.posted.map((m) => m.puzzle), ['a', 'b']);
  fresh.answer({ status: 'unique' });
  assert.deepEqual(await Promise.all(queued), [{ count: 1 }, { status: 'unique' }]);
  assert.deepEqual(events, []); // no 'loading', no second 'ready', no start progress: the page saw nothing
  assert.equal(live('full').length, 0);
});

test('a recycled light worker that hands its request on: the full engine answers it, a fresh light one starts', async () => {
  const engine = getEngine();
  const first = only('light');
  first.ready(LIGHT_OPS);
  const solve = engine.request('solve', { puzzle: 'big' });
  const { id } = first.posted[0];
  first.send({ id, ok: false, error: { code: 'needs_full_engine', message: 'A search this long needs the full engine.', cells: [] }, recycle: true });
  assert.equal(first.terminated, true);
  assert.equal(live('light').length, 1);
  const full = only('full');
  full.ready(null);
  assert.equal(full.posted[0].puzzle, 'big');
  full.answer({ count: 1 });
  assert.deepEqual(await solve, { count: 1 });
});

test('the full engine ignores a recycle flag: only the light runtime is recycled', async () => {
  const engine = getEngine({ light: false });
  const full = only('full');
  full.ready(null);
  const solve = engine.request('solve', {});
  full.answer({ count: 1 }, { recycle: true });
  assert.deepEqual(await solve, { count: 1 });
  assert.equal(full.terminated, false);
  assert.equal(FakeWorker.all.length, 1);
});

test('a bad request reads as the engine\'s own sentence', () => {
  assert.equal(sentenceFor({ code: 'bad_request', message: "'limit' must be a whole number from 1 to 1000, not null." }, 'solve'),
    "'limit' must be a whole number from 1 to 1000, not null.");
});
