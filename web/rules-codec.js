// rules-codec.js: variant rules (the engine's `Rules.to_dict()` form, docs/variants.md) written short enough
// for a URL fragment, and read back. Notation only: whether the rules can hold (regions of the right size,
// cage totals some digits make) is the engine's to say.
//
// After the grid, each rule is one part, parts separated by ';' (docs/page.md):
//   x   both diagonals          d  the diagonal r1c1-rNcN only     a  the anti-diagonal rNc1-r1cN only
//   w   Windoku's four windows  n  anti-knight                     k  anti-king
//   r<one symbol per cell>      Jigsaw regions, row by row: the region (1-9 then A-Z) of each cell
//   c<total>-<cells>            a Killer cage; `c-<cells>` has no total
//   e-<cells>                   an extra region
// <cells> names each cell by two symbols, its row and its column (1-9 then A-Z): "111221" is r1c1 r1c2 r2c1.
// Example: "#4.....8.5.3...;x;n;c15-111221;c-5556"
import { ALPHABET } from './grid-codec.js';

const FLAGS = [['diagonal', 'd'], ['antiDiagonal', 'a'], ['windows', 'w'], ['antiKnight', 'n'], ['antiKing', 'k']];

/** The rules in to_dict()'s key order, without rules that are off; null when nothing is left (classic). */
export function canonicalRules(rules) {
  if (!rules || typeof rules !== 'object') return null;
  const out = {};
  if (Array.isArray(rules.regions)) out.regions = rules.regions.map((r) => [...r]);
  for (const [key] of FLAGS) if (rules[key] === true) out[key] = true;
  if (Array.isArray(rules.extraRegions) && rules.extraRegions.length) out.extraRegions = rules.extraRegions.map((r) => [...r]);
  if (Array.isArray(rules.cages) && rules.cages.length) {
    out.cages = rules.cages.map((c) => ({ cells: [...(c.cells ?? [])], total: Number.isInteger(c.total) ? c.total : null }));
  }
  return Object.keys(out).length ? out : null;
}

function cellsText(cells, side) {
  return cells.map((i) => ALPHABET[Math.floor(i / side)] + ALPHABET[i % side]).join('');
}

/** The fragment's rule parts for rules on a grid of `side` ('' for none), without the leading ';'. */
export function encodeRules(rules, side) {
  const r = canonicalRules(rules);
  if (!r) return '';
  const parts = [];
  if (r.diagonal && r.antiDiagonal) parts.push('x');
  else if (r.diagonal) parts.push('d');
  else if (r.antiDiagonal) parts.push('a');
  if (r.windows) parts.push('w');
  if (r.antiKnight) parts.push('n');
  if (r.antiKing) parts.push('k');
  if (r.regions) {
    const owner = new Array(side * side).fill('.');
    r.regions.forEach((cells, k) => { for (const c of cells) if (c >= 0 && c < owner.length) owner[c] = ALPHABET[k] ?? '.'; });
    parts.push(`r${owner.join('')}`);
  }
  for (const cells of r.extraRegions ?? []) parts.push(`e-${cellsText(cells, side)}`);
  for (const cage of r.cages ?? []) parts.push(`c${cage.total ?? ''}-${cellsText(cage.cells, side)}`);
  return parts.join(';');
}

/** Read the rule parts of a fragment (the text after the grid's ';') for a grid of `side`. Returns the rules
 *  object (or null for none); throws an Error whose message says which part is wrong and why. */
export function decodeRules(text, side) {
  const symbols = ALPHABET.slice(0, side);
  const out = {};
  const cages = [];
  const extra = [];
  const parts = String(text).split(';').map((p) => p.trim());
  parts.forEach((part, k) => {
    const where = `rule part ${k + 1} ("${part.slice(0, 12)}${part.length > 12 ? '…' : ''}")`;
    const cellsOf = (list) => {
      if (list.length % 2) throw new Error(`${where}: cells are written as pairs of row and column symbols`);
      const cells = [];
      for (let j = 0; j < list.length; j += 2) {
        const r = symbols.indexOf(list[j].toUpperCase()), c = symbols.indexOf(list[j + 1].toUpperCase());
        if (r < 0 || c < 0) throw new Error(`${where}: "${list.slice(j, j + 2)}" is not a cell of a ${side}x${side} grid`);
        cells.push(r * side + c);
      }
      if (!cells.length) throw new Error(`${where}: it names no cells`);
      return cells;
    };
    if (part === '') return;
    if (part === 'x') { out.diagonal = true; out.antiDiagonal = true; return; }
    const flag = FLAGS.find(([, letter]) => letter === part);
    if (flag) { out[flag[0]] = true; return; }
    let m = /^r(.+)$/s.exec(part);
    if (m && !m[1].includes('-')) {
      if (m[1].length !== side * side) throw new Error(`${where}: the regions need ${side * side} symbols, one per cell, not ${m[1].length}`);
      const regions = Array.from({ length: side }, () => []);
      [...m[1]].forEach((ch, i) => {
        const region = symbols.indexOf(ch.toUpperCase());
        if (region < 0) throw new Error(`${where}: "${ch}" (cell ${i + 1}) is not a region of a ${side}x${side} grid`);
        regions[region].push(i);
      });
      out.regions = regions;
      return;
    }
    m = /^c(\d*)-(.*)$/s.exec(part);
    if (m) { cages.push({ cells: cellsOf(m[2]), total: m[1] === '' ? null : Number(m[1]) }); return; }
    m = /^e-(.*)$/s.exec(part);
    if (m) { extra.push(cellsOf(m[1])); return; }
    throw new Error(`${where} is not a rule (x, d, a, w, n, k, r…, c…-…, e-…)`);
  });
  if (extra.length) out.extraRegions = extra;
  if (cages.length) out.cages = cages;
  return canonicalRules(out);
}
