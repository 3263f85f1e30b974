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
//   p<kind><value>[@<direction>]-<cells>[~<head cells>][+<digits>]
//                               a constraint of the setters' palette; <kind> is one letter (PALETTE_CODES):
//                               "pt-111213" a thermometer, "pa-1213~11" an arrow from a circle at r1c1,
//                               "pw-1112" a white dot, "px10-1112" an X, "pl25@DR-1223…" a little killer
//   nc                          nonconsecutive          g<w|b|x…>  the negative constraint for white, black, XV
// <cells> names each cell by two symbols, its row and its column (1-9 then A-Z): "111221" is r1c1 r1c2 r2c1.
// Example: "#4.....8.5.3...;x;n;c15-111221;c-5556"
import { ALPHABET } from './grid-codec.js';

const FLAGS = [['diagonal', 'd'], ['antiDiagonal', 'a'], ['windows', 'w'], ['antiKnight', 'n'], ['antiKing', 'k']];
/** The palette's kinds (sudoku_core/variants/constraints.py KINDS) and their one-letter codes in a link. */
const PALETTE_CODES = {
  thermometer: 't', slow_thermometer: 's', arrow: 'a', white_dot: 'w', black_dot: 'b', xv: 'x', little_killer: 'l',
  sandwich: 'z', whispers: 'g', renban: 'r', palindrome: 'p', between: 'm', odd: 'o', even: 'e', quadruple: 'q',
  minimum: 'i', maximum: 'j', clone: 'k',
};
const NEGATIVE_CODES = { white: 'w', black: 'b', xv: 'x' };

/** A constraint with to_dict()'s keys, in its order, and only those it has. */
function canonicalConstraint(c) {
  const out = { kind: c.kind, cells: [...(c.cells ?? [])] };
  if (Number.isInteger(c.value)) out.value = c.value;
  if (c.head?.length) out.head = [...c.head];
  if (c.digits?.length) out.digits = [...c.digits];
  if (c.direction) out.direction = c.direction;
  return out;
}

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
  if (Array.isArray(rules.constraints) && rules.constraints.length) out.constraints = rules.constraints.map(canonicalConstraint);
  if (rules.nonconsecutive === true) out.nonconsecutive = true;
  if (Array.isArray(rules.negative) && rules.negative.length) out.negative = [...new Set(rules.negative)].sort();
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
  for (const c of r.constraints ?? []) {
    const head = c.head ? `~${cellsText(c.head, side)}` : '';
    const digits = c.digits ? `+${c.digits.map((d) => ALPHABET[d - 1]).join('')}` : '';
    parts.push(`p${PALETTE_CODES[c.kind]}${c.value ?? ''}${c.direction ? `@${c.direction}` : ''}-${cellsText(c.cells, side)}${head}${digits}`);
  }
  if (r.nonconsecutive) parts.push('nc');
  if (r.negative) parts.push(`g${r.negative.map((k) => NEGATIVE_CODES[k]).join('')}`);
  return parts.join(';');
}

/** Read the rule parts of a fragment (the text after the grid's ';') for a grid of `side`. Returns the rules
 *  object (or null for none); throws an Error whose message says which part is wrong and why. */
export function decodeRules(text, side) {
  const symbols = ALPHABET.slice(0, side);
  const out = {};
  const cages = [];
  const extra = [];
  const constraints = [];
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
    m = /^p([a-z])(\d*)(?:@(DR|DL|UR|UL))?-([^~+]*)(?:~([^+]*))?(?:\+(.*))?$/s.exec(part);
    if (m) {
      const kind = Object.keys(PALETTE_CODES).find((k) => PALETTE_CODES[k] === m[1]);
      if (!kind) throw new Error(`${where}: "${m[1]}" is not a kind of constraint (${Object.values(PALETTE_CODES).join(', ')})`);
      const c = { kind, cells: cellsOf(m[4]) };
      if (m[2] !== '') c.value = Number(m[2]);
      if (m[5] !== undefined) c.head = cellsOf(m[5]);
      if (m[6] !== undefined) {
        c.digits = [...m[6]].map((ch) => {
          const d = symbols.indexOf(ch.toUpperCase());
          if (d < 0) throw new Error(`${where}: "${ch}" is not a digit of a ${side}x${side} grid`);
          return d + 1;
        });
      }
      if (m[3]) c.direction = m[3];
      constraints.push(c);
      return;
    }
    if (part === 'nc') { out.nonconsecutive = true; return; }
    m = /^g([wbx]+)$/.exec(part);
    if (m) {
      out.negative = [...m[1]].map((ch) => Object.keys(NEGATIVE_CODES).find((k) => NEGATIVE_CODES[k] === ch));
      return;
    }
    throw new Error(`${where} is not a rule (x, d, a, w, n, k, r…, c…-…, e-…, p…-…, nc, g…)`);
  });
  if (extra.length) out.extraRegions = extra;
  if (cages.length) out.cages = cages;
  if (constraints.length) out.constraints = constraints;
  return canonicalRules(out);
}
