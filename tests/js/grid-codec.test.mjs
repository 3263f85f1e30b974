// The grid codec: sizes, the exchange line, plain pasted grids and the URL fragment.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  decodeAnyLine, decodeLine, decodePlainGrid, encodeLine, fragmentOf, parseSize, readFragment, shapeSpec, sizeName,
  valueOfKey,
} from '../../web/grid-codec.js';

const HARD = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';

test('sizes: a side gives the squarest boxes, a box shape gives itself', () => {
  assert.deepEqual(parseSize('9x9'), { side: 9, rows: 3, cols: 3 });
  assert.deepEqual(parseSize('6'), { side: 6, rows: 2, cols: 3 });
  assert.deepEqual(parseSize('3x2'), { side: 6, rows: 3, cols: 2 });
  assert.deepEqual(parseSize(' 12 × 12 '), { side: 12, rows: 3, cols: 4 });
  for (const bad of ['', 'nine', '26x26', '0', '9x9x9', null]) assert.equal(parseSize(bad), null, String(bad));
  assert.equal(sizeName(parseSize('3x2')), '3x2');
  assert.equal(sizeName(parseSize('2x3')), '6x6');
  assert.equal(shapeSpec(parseSize('3x2')), '6x6:3x2');
  assert.equal(shapeSpec(parseSize('16x16')), '16x16');
});

test('the exchange line decodes and encodes back', () => {
  const values = decodeLine(HARD, parseSize('9x9'));
  assert.equal(values.length, 81);
  assert.equal(values[0], 4);
  assert.equal(values[1], 0);
  assert.equal(encodeLine(values), HARD);
  assert.equal(decodeLine(HARD.slice(1), parseSize('9x9')), null);
  assert.equal(decodeLine('A' + HARD.slice(1), parseSize('9x9')), null);    // A is not a 9x9 symbol
  const sixteen = decodeAnyLine('G' + '.'.repeat(255));
  assert.equal(sixteen.shape.side, 16);
  assert.equal(sixteen.values[0], 16);
});

test('a plainly written grid is read: one line, rows, or cells as words, zeros for empty', () => {
  const rows = [];
  for (let r = 0; r < 9; r++) rows.push(HARD.slice(r * 9, r * 9 + 9).replaceAll('.', '0'));
  assert.equal(encodeLine(decodePlainGrid(rows.join('\n')).values), HARD);
  assert.equal(encodeLine(decodePlainGrid(`  ${HARD}\n`).values), HARD);
  assert.equal(encodeLine(decodePlainGrid([...HARD].join(' ')).values), HARD);
  // A box shape that is not the default is kept when the side matches.
  const six = '.4..61.5.....25..33.......13.......5';
  assert.deepEqual(decodePlainGrid(six, parseSize('3x2')).shape, parseSize('3x2'));
});

test('anything else is left to the engine', () => {
  const bordered = '4 . . | . . . | 8 . 5\n' + '. 3 . | . . . | . . .\n'.repeat(8);
  assert.equal(decodePlainGrid(bordered), null);
  assert.equal(decodePlainGrid('1234'), null);                  // a 2x2 is not a puzzle anyone pastes
  assert.equal(decodePlainGrid(`${HARD.slice(0, 40)} ${HARD.slice(40)}`), null);  // two uneven words
  assert.equal(decodePlainGrid('hello world'), null);
});

test('keys: digits and letters up to the side, case-insensitive', () => {
  assert.equal(valueOfKey('5', 9), 5);
  assert.equal(valueOfKey('a', 16), 10);
  assert.equal(valueOfKey('A', 9), -1);
  assert.equal(valueOfKey('ArrowUp', 9), -1);
});

test('the fragment: line, size:line, size alone, or text for the engine; rules after a semicolon', () => {
  assert.deepEqual(readFragment(HARD), { size: null, puzzle: HARD, rules: null });
  assert.deepEqual(readFragment('3x2:' + '.'.repeat(36)), { size: '3x2', puzzle: '.'.repeat(36), rules: null });
  assert.deepEqual(readFragment('16x16'), { size: '16x16', puzzle: null, rules: null });
  assert.deepEqual(readFragment(''), { size: null, puzzle: null, rules: null });
  assert.deepEqual(readFragment('%E2%9C%93'), { size: null, puzzle: '✓', rules: null });
  assert.equal(readFragment('x'.repeat(50), 10).puzzle.length, 10);
  assert.deepEqual(readFragment(`${HARD};x;c15-1112`), { size: null, puzzle: HARD, rules: 'x;c15-1112' });
  assert.deepEqual(readFragment('9x9;n'), { size: '9x9', puzzle: null, rules: 'n' });
  assert.equal(fragmentOf(HARD, '9x9'), HARD);
  assert.equal(fragmentOf('.'.repeat(81), '9x9'), '');
  assert.equal(fragmentOf('.'.repeat(81), '9x9', 'x'), '9x9;x');
  assert.equal(fragmentOf(HARD, '9x9', 'x;n'), `${HARD};x;n`);
  assert.equal(fragmentOf('.'.repeat(256), '16x16'), '16x16');
  assert.equal(fragmentOf('1' + '.'.repeat(35), '3x2'), `3x2:1${'.'.repeat(35)}`);
});
