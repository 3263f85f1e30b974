// grid-codec.js: the one place in the front end that knows how a grid is written down: the alphabet, size
// names, the one-line exchange format and the page's URL fragment. Geometry only: the rules (clashes,
// solutions) and every other format belong to the engine (`parse`, `conflicts`, `solve`).
//
// The exchange line: side*side characters, '.' for empty, then 1-9 and A-Z for the symbols.
// The URL fragment (documented in docs/page.md and docs/embedding.md):
//   #<line>         its length gives the size (16, 36, 81, 144, 256 or 625 characters), default boxes
//   #<size>:<line>  a size first, needed only for boxes that are not the default (#3x2:...)
//   #<size>         an empty grid of that size, e.g. #16x16
//   ...;<rules>     any of these, then variant rules after a ';' (rules-codec.js), e.g. #9x9;x;c15-111221
// Anything else after '#' is text for the engine's parser.

export const ALPHABET = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** The largest side the board draws (its symbols are single characters); the engine goes further. */
export const MAX_SIDE = 25;

/** Boxes as square as the side allows: 9 -> 3x3, 6 -> 2 rows x 3 columns, 12 -> 3x4. */
export function defaultBox(side) {
  let rows = 1;
  for (let d = 1; d * d <= side; d++) if (side % d === 0) rows = d;
  return { rows, cols: side / rows };
}

/** Read a size: "9x9" or "9" (grid side, default boxes), "2x3" (box of 2 rows x 3 columns). Null if not one. */
export function parseSize(text) {
  const m = /^\s*(\d{1,2})\s*(?:[x×]\s*(\d{1,2}))?\s*$/i.exec(String(text ?? ''));
  if (!m) return null;
  const a = Number(m[1]);
  const b = m[2] === undefined ? a : Number(m[2]);
  const box = a === b ? defaultBox(a) : { rows: a, cols: b };
  const side = box.rows * box.cols;
  if (side < 1 || side > MAX_SIDE) return null;
  return { side, rows: box.rows, cols: box.cols };
}

/** "9x9" for default boxes, else the box shape ("3x2"): the element's `size` attribute. */
export function sizeName(shape) {
  const d = defaultBox(shape.side);
  return d.rows === shape.rows ? `${shape.side}x${shape.side}` : `${shape.rows}x${shape.cols}`;
}

/** The shape as the engine reads it: "9x9", or "6x6:3x2" when the boxes are not the default. */
export function shapeSpec(shape) {
  const base = `${shape.side}x${shape.side}`;
  return defaultBox(shape.side).rows === shape.rows ? base : `${base}:${shape.rows}x${shape.cols}`;
}

export function sameShape(a, b) {
  return a.rows === b.rows && a.cols === b.cols;
}

/** The exchange line decoded for `shape`: values 0 (empty) to side, or null if it is not one. */
export function decodeLine(line, shape) {
  const symbols = ALPHABET.slice(0, shape.side);
  if (line.length !== shape.side * shape.side) return null;
  const values = new Array(line.length);
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '.') values[i] = 0;
    else {
      const k = symbols.indexOf(ch);
      if (k < 0) return null;
      values[i] = k + 1;
    }
  }
  return values;
}

/** An exchange line of any side the board draws (its length says which), with the default boxes. */
export function decodeAnyLine(line) {
  const side = Math.round(Math.sqrt(line.length));
  if (side * side !== line.length || side < 1 || side > MAX_SIDE) return null;
  const shape = parseSize(String(side));
  const values = shape && decodeLine(line, shape);
  return values ? { shape, values } : null;
}

/** A text that is plainly a grid, read here so it shows at once: one line, or one row per line, or one
 *  cell per word, of '.' and the symbols ('0' is empty up to 9x9). `shape` is used when the side matches.
 *  Null for anything else (the engine reads it). */
export function decodePlainGrid(text, shape = null) {
  const words = String(text).trim().split(/\s+/);
  const cells = words.join('');
  const side = Math.round(Math.sqrt(cells.length));
  if (side * side !== cells.length || side < 4) return null;
  const plain = words.length === 1 || (words.length === side && words.every((w) => w.length === side))
    || (words.length === cells.length);
  if (!plain) return null;
  const line = (side <= 9 ? cells.replace(/0/g, '.') : cells).toUpperCase();
  if (shape && shape.side === side) {
    const values = decodeLine(line, shape);
    return values ? { shape, values } : null;
  }
  return decodeAnyLine(line);
}

export function encodeLine(values) {
  let s = '';
  for (const v of values) s += v ? ALPHABET[v - 1] : '.';
  return s;
}

/** The symbol of a value (1 -> '1', 10 -> 'A'), '' for 0. */
export function symbolOf(value) {
  return value ? ALPHABET[value - 1] : '';
}

/** The value a typed key stands for on a board of `side` (case-insensitive), or -1. */
export function valueOfKey(key, side) {
  if (typeof key !== 'string' || key.length !== 1) return -1;
  const k = ALPHABET.slice(0, side).indexOf(key.toUpperCase());
  return k < 0 ? -1 : k + 1;
}

/** Read a URL fragment (without '#') into {size, puzzle, rules}; any may be null. `limit` caps the text.
 *  `rules` is the text of the rule parts after the grid's first ';' (rules-codec.js reads it); only a grid
 *  written in the forms above takes rule parts, so other text reaches the engine's parser whole. */
export function readFragment(fragment, limit = Infinity) {
  let text;
  try { text = decodeURIComponent(fragment); } catch { text = fragment; }
  text = text.trim().slice(0, limit);
  if (!text) return { size: null, puzzle: null, rules: null };
  let rules = null;
  const split = /^(\d{1,2}(?:x\d{1,2})?(?::[.0-9A-Za-z]*)?|[.0-9A-Za-z]+);(.*)$/s.exec(text);
  if (split) { text = split[1]; rules = split[2]; }
  const m = /^(\d{1,2}(?:x\d{1,2})?)(?::(.*))?$/is.exec(text);
  if (m) return { size: m[1], puzzle: m[2] ?? null, rules };
  return { size: null, puzzle: text, rules };
}

/** The fragment that describes a grid: '' for an empty 9x9, the size alone for another empty grid, the
 *  line alone when its length gives the size, else "<size>:<line>"; then `rules` (rule parts written by
 *  rules-codec.js), after a ';'. */
export function fragmentOf(puzzle, size, rules = '') {
  const empty = !/[^.]/.test(puzzle);
  const side = Math.round(Math.sqrt(puzzle.length));
  const plain = side * side === puzzle.length && `${side}x${side}` === size;
  const grid = empty ? (size === '9x9' && !rules ? '' : size) : plain ? puzzle : `${size}:${puzzle}`;
  return rules ? `${grid};${rules}` : grid;
}
