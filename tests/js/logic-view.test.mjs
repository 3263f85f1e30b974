// The replay of a path: the position before each step, from the engine's placements and removed marks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { positionBefore } from '../../web/logic-view.js';

test('positions before each step replay placements and removed marks, the same with or without the cache', () => {
  // A 4-cell toy path: step k places k+1 in cell k and removes mark k+1 from cell 3.
  const steps = [];
  for (let k = 0; k < 70; k++) steps.push({ placements: [{ cell: k % 3, digit: (k % 4) + 1 }], removed: [[3, (k % 4) + 1]] });
  const path = { steps, values: [0, 0, 0, 0], candidates: [[1], [2], [3], [1, 2, 3, 4]], cache: [] };
  const fresh = (index) => positionBefore({ ...path, cache: [] }, index);
  for (const index of [0, 1, 5, 33, 64, 70, 40, 3]) assert.deepEqual(positionBefore(path, index), fresh(index), `step ${index}`);
  assert.deepEqual(positionBefore(path, 0).values, [0, 0, 0, 0]);
  assert.deepEqual(positionBefore(path, 1).values, [1, 0, 0, 0]);
  assert.deepEqual(positionBefore(path, 4).marks[3], []);
  assert.ok(path.cache[1] && path.cache[2], 'positions were cached every 32 steps');
  assert.deepEqual(path.values, [0, 0, 0, 0], 'the start is not changed');
});
