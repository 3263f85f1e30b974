// Undo and redo over whole states, bounded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { History } from '../../web/history.js';

test('undo gives back the recorded state, redo the one undone', () => {
  const history = new History();
  assert.equal(history.canUndo, false);
  assert.equal(history.undo('a'), null);
  history.record('a');                   // a -> b
  history.record('b');                   // b -> c
  assert.equal(history.undo('c'), 'b');
  assert.equal(history.undo('b'), 'a');
  assert.equal(history.canUndo, false);
  assert.equal(history.redo('a'), 'b');
  assert.equal(history.redo('b'), 'c');
  assert.equal(history.canRedo, false);
});

test('a new change forgets what was undone, and the oldest steps go past the limit', () => {
  const history = new History(2);
  history.record('a');
  history.record('b');
  history.record('c');
  assert.equal(history.undo('d'), 'c');
  history.record('x');                   // after undo, a new edit
  assert.equal(history.canRedo, false);
  assert.equal(history.undo('y'), 'x');
  assert.equal(history.undo('x'), 'b');
  assert.equal(history.undo('b'), null);  // 'a' fell off the end
});
