// Edits in the order they were made, when a slow one holds back those after it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EditQueue } from '../../web/edit-queue.js';

test('with nothing waiting, an edit runs at once', () => {
  const done = [];
  const queue = new EditQueue();
  queue.run(() => done.push(1));
  assert.deepEqual(done, [1]);
  assert.equal(queue.busy, false);
});

test('edits made while a slow one waits run after it, in order, and settled() waits for all', async () => {
  const done = [];
  const busy = [];
  const queue = new EditQueue((b) => busy.push(b));
  let release;
  const slow = new Promise((resolve) => { release = resolve; });
  queue.wait(async () => { await slow; done.push('pasted'); });
  queue.run(() => done.push('typed'));
  queue.run(() => done.push('undone'));
  assert.deepEqual(done, []);
  assert.equal(queue.busy, true);
  const settled = queue.settled().then(() => done.push('settled'));
  release();
  await settled;
  assert.deepEqual(done, ['pasted', 'typed', 'undone', 'settled']);
  assert.equal(queue.busy, false);
  assert.deepEqual(busy, [true, false]);
});

test('a task that fails does not stop the ones behind it', async () => {
  const done = [];
  const queue = new EditQueue();
  queue.wait(async () => { throw new Error('could not read'); });
  queue.run(() => done.push('typed'));
  await queue.settled();
  assert.deepEqual(done, ['typed']);
});
