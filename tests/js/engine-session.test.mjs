// The words the element shows for the engine: errors and download progress.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { progressText, sentenceFor, solverError } from '../../web/engine-session.js';

test('engine errors become sentences that keep the engine\'s own words', () => {
  assert.equal(sentenceFor({ code: 'no_solution', message: 'This puzzle has no solution.' }, 'solve'),
    'This puzzle has no solution: no way to fill the grid keeps every given.');
  assert.equal(sentenceFor({ code: 'no_solution', message: 'This puzzle has no solution: the givens at r1c1 and '
    + 'r2c2 cannot all be right.', cells: [0, 10] }, 'solve'),
  'This puzzle has no solution: the givens at r1c1 and r2c2 cannot all be right; they are marked on the board.');
  assert.equal(sentenceFor({ code: 'conflict', message: 'r1c1 and r1c2 are both 1 in row 1.' }, 'check'),
    'Cannot check this grid: r1c1 and r1c2 are both 1 in row 1.');
  assert.match(sentenceFor({ code: 'timeout', message: 'The engine took longer than 30 s' }, 'solve'),
    /^The engine took longer than 30 s\. Nothing in the grid was lost/);
  assert.equal(sentenceFor({ code: 'internal', message: 'boom' }, 'solve'), 'The engine failed: boom.');
  assert.equal(sentenceFor(undefined, 'solve'), 'The engine failed: unknown error.');
});

test('solverError carries code, message and cells', () => {
  const error = solverError('conflict', 'Clash.', [0, 1]);
  assert.equal(error.name, 'SudokuSolverError');
  assert.equal(error.code, 'conflict');
  assert.deepEqual(error.cells, [0, 1]);
});

test('download progress in MB with a rough time left; other stages in words', () => {
  assert.equal(progressText({ stage: 'download', loaded: 1_234_567, total: 3_900_000, secondsLeft: 8 }),
    'Downloading the solver: 1.2 of 3.9 MB, about 8 s left');
  assert.equal(progressText({ stage: 'download', loaded: 1e6, total: 4e6, secondsLeft: 150 }),
    'Downloading the solver: 1.0 of 4.0 MB, about 3 min left');
  assert.equal(progressText({ stage: 'download', loaded: 4e6, total: 4e6, secondsLeft: 0 }),
    'Downloading the solver: 4.0 of 4.0 MB');
  assert.equal(progressText({ stage: 'download', loaded: 0, total: null, fraction: 0.02, message: 'Downloading the solver…' }),
    'Downloading the solver… 2%');
  assert.equal(progressText({ stage: 'start', fraction: 0.9, message: 'Starting the engine…' }), 'Starting the engine… 90%');
});
