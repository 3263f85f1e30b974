// variant-view.js: how <sudoku-solver> and the Play page show variant rules (the engine's `Rules.to_dict()`
// form, see docs/variants.md): Jigsaw regions as thick borders, diagonals and Windoku windows shaded, Killer cages
// as dashed outlines with their total in a corner, drawn in one SVG layer over the board; and the words a
// screen reader hears for a cell ("in a cage of 3 cells, total 15"). The rules themselves are checked by
// the engine; here they are only read enough to draw them. The setters' palette (thermometers, arrows, dots...)
// is drawn by palette-draw.js into the same layer.
import { PALETTE_CSS, drawPalette, hasOutside, paletteWords, sameConstraint } from './palette-draw.js';

const SVG = 'http://www.w3.org/2000/svg';

export const VARIANT_CSS = `
.rules-layer { position: absolute; inset: calc(var(--_board-border, 3px) + var(--outside, 0px)); width: calc(100% - 2 * var(--_board-border, 3px) - 2 * var(--outside, 0px)); height: calc(100% - 2 * var(--_board-border, 3px) - 2 * var(--outside, 0px)); pointer-events: none; z-index: 2;  /* over the focused cell's background */ }
.rules-layer .shade { fill: var(--sudoku-variant-shade, light-dark(rgba(10, 91, 211, 0.08), rgba(68, 147, 248, 0.14))); }
.rules-layer .diagonal { stroke: var(--sudoku-variant-line, light-dark(rgba(10, 91, 211, 0.35), rgba(68, 147, 248, 0.45))); stroke-width: 2px; vector-effect: non-scaling-stroke; }
.rules-layer .cage { fill: none; stroke: var(--_fg); stroke-width: 1.2px; stroke-dasharray: 4 3; vector-effect: non-scaling-stroke; }
.rules-layer .total { fill: var(--_fg); font: 600 0.22px system-ui, sans-serif; }
.rules-layer .total-bg { fill: var(--_cell-bg); }
.rules-layer .region-number { fill: var(--_muted); font: 0.2px system-ui, sans-serif; text-anchor: end; }
@media print {
  .rules-layer .shade { fill: #d9d9d9; }
  .rules-layer .diagonal { stroke: #777; }
  .rules-layer .cage { stroke: #000; }
  .rules-layer .total { fill: #000; }
  .rules-layer .total-bg { fill: #fff; }
  .rules-layer .region-number { display: none; }
}
@media (forced-colors: active) { .rules-layer .cage, .rules-layer .diagonal { stroke: CanvasText; } .rules-layer .total { fill: CanvasText; } }
${PALETTE_CSS}`;

/** Read the `rules` attribute: null for none or "{}", else the object; throws a sentence when it is not JSON. */
export function readRules(text) {
  if (text === null || text === undefined || String(text).trim() === '') return null;
  let rules;
  try {
    rules = typeof text === 'string' ? JSON.parse(text) : text;
  } catch {
    throw new Error('the rules attribute is not JSON: write it like {"diagonal": true, "cages": [{"cells": [0, 1], "total": 3}]}');
  }
  if (!rules || typeof rules !== 'object' || Array.isArray(rules)) throw new Error('the rules must be a JSON object');
  return Object.keys(rules).length ? rules : null;
}

/** The region of each cell: the Jigsaw regions when given, else the boxes. */
export function regionOf(rules, shape) {
  const { side: n, rows: br, cols: bc } = shape;
  const owner = new Array(n * n);
  for (let i = 0; i < n * n; i++) owner[i] = Math.floor(Math.floor(i / n) / br) * n + Math.floor((i % n) / bc);
  (rules?.regions ?? []).forEach((cells, k) => { for (const c of cells) owner[c] = 1000 + k; });
  return owner;
}

/** Per cell, what a screen reader hears of the rules it is under (empty for a classic grid). */
export function describeRules(rules, shape) {
  const n = shape.side;
  const words = Array.from({ length: n * n }, () => []);
  if (!rules) return words.map(() => '');
  for (let i = 0; i < n; i++) {
    if (rules.diagonal) words[i * n + i].push('on the diagonal');
    if (rules.antiDiagonal) words[(n - 1 - i) * n + i].push('on the anti-diagonal');
  }
  (rules.regions ?? []).forEach((cells, k) => { for (const c of cells) words[c]?.push(`in region ${k + 1}`); });
  for (const cell of windowCells(rules, shape)) words[cell].push('in a window');
  for (const cage of rules.cages ?? []) {
    const total = Number.isInteger(cage.total) ? `, total ${cage.total}` : ', no total';
    for (const c of cage.cells ?? []) words[c]?.push(`in a cage of ${cage.cells.length} cells${total}`);
  }
  paletteWords(rules, n, words);
  return words.map((w) => w.join(', '));
}

/** Per cell, the cells that may not hold its digit under the rules: its row, column and box (or Jigsaw
 *  region), and its diagonals, window, extra regions, cage, knight's and king's moves when the rules have
 *  them. For looks and pencil-mark tidying (the Play page); the engine decides what is right. */
export function peersOf(rules, shape) {
  const n = shape.side;
  const region = regionOf(rules, shape);
  const houses = [];
  for (let k = 0; k < n; k++) {
    houses.push(Array.from({ length: n }, (_, j) => k * n + j), Array.from({ length: n }, (_, j) => j * n + k));
  }
  const byRegion = new Map();
  region.forEach((owner, i) => byRegion.set(owner, [...(byRegion.get(owner) ?? []), i]));
  houses.push(...byRegion.values());
  if (rules?.diagonal) houses.push(Array.from({ length: n }, (_, k) => k * n + k));
  if (rules?.antiDiagonal) houses.push(Array.from({ length: n }, (_, k) => (n - 1 - k) * n + k));
  const windows = windowCells(rules, shape);
  for (let k = 0; k < windows.length; k += 9) houses.push(windows.slice(k, k + 9));
  for (const cells of rules?.extraRegions ?? []) houses.push(cells);
  for (const cage of rules?.cages ?? []) houses.push(cage.cells ?? []);
  const peers = Array.from({ length: n * n }, () => new Set());
  for (const house of houses) for (const a of house) for (const b of house) peers[a]?.add(b);
  const moves = [...(rules?.antiKnight ? [[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]] : []),
    ...(rules?.antiKing ? [[1, 1], [1, -1], [-1, 1], [-1, -1]] : [])];
  for (let i = 0; i < n * n; i++) {
    const r = Math.floor(i / n), c = i % n;
    for (const [dr, dc] of moves) if (r + dr >= 0 && r + dr < n && c + dc >= 0 && c + dc < n) peers[i].add((r + dr) * n + c + dc);
    peers[i].delete(i);
  }
  return peers.map((set) => [...set]);
}

function windowCells(rules, shape) {
  if (!rules?.windows || shape.side !== 9) return [];
  const cells = [];
  for (const [r0, c0] of [[1, 1], [1, 5], [5, 1], [5, 5]]) {
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) cells.push((r0 + r) * 9 + c0 + c);
  }
  return cells;
}

/** The SVG layer over the board that draws shading, diagonals and cages. Its host (a `.board-frame` around the
 *  board) gets the class `outside` when clues stand outside the grid, and with it a margin a cell wide
 *  (palette-draw.js's `--outside`, from the host's `--n`); the layer covers the board inside its border
 *  (`--_board-border`, 3px unless the page sets it). */
export class RulesLayer {
  constructor(host) {
    this.host = host;
    this.svg = document.createElementNS(SVG, 'svg');
    this.svg.setAttribute('class', 'rules-layer');
    this.svg.setAttribute('aria-hidden', 'true');
    this.svg.setAttribute('preserveAspectRatio', 'none');
  }

  /** `numbers`: the region (0-based) of each cell, written small in its corner while regions are painted. */
  draw(rules, shape, numbers = null) {
    const n = shape.side;
    this.host.classList.toggle('outside', hasOutside(rules));
    if (!rules && !numbers) { this.svg.remove(); return; }
    rules = rules ?? {};
    this.svg.setAttribute('viewBox', `0 0 ${n} ${n}`);
    const nodes = [];
    const el = (tag, attrs, text) => {
      const node = document.createElementNS(SVG, tag);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
      if (text !== undefined) node.textContent = text;
      nodes.push(node);
    };
    const shaded = new Set(windowCells(rules, shape));
    for (const cell of shaded) el('rect', { class: 'shade', x: cell % n, y: Math.floor(cell / n), width: 1, height: 1 });
    if (rules.diagonal) el('line', { class: 'diagonal', x1: 0, y1: 0, x2: n, y2: n });
    if (rules.antiDiagonal) el('line', { class: 'diagonal', x1: 0, y1: n, x2: n, y2: 0 });
    for (const cage of rules.cages ?? []) {
      const cells = new Set(cage.cells ?? []);
      const inset = 0.08;
      for (const cell of cells) {
        const r = Math.floor(cell / n), c = cell % n;
        const open = (dr, dc) => r + dr < 0 || r + dr >= n || c + dc < 0 || c + dc >= n || !cells.has((r + dr) * n + c + dc);
        // One dashed segment per side that borders another cage or none, drawn just inside the cell.
        const x0 = c + (open(0, -1) ? inset : 0), x1 = c + 1 - (open(0, 1) ? inset : 0);
        const y0 = r + (open(-1, 0) ? inset : 0), y1 = r + 1 - (open(1, 0) ? inset : 0);
        if (open(-1, 0)) el('line', { class: 'cage', x1: x0, y1: y0, x2: x1, y2: y0 });
        if (open(1, 0)) el('line', { class: 'cage', x1: x0, y1: y1, x2: x1, y2: y1 });
        if (open(0, -1)) el('line', { class: 'cage', x1: x0, y1: y0, x2: x0, y2: y1 });
        if (open(0, 1)) el('line', { class: 'cage', x1: x1, y1: y0, x2: x1, y2: y1 });
      }
      if (Number.isInteger(cage.total) && cells.size) {
        const first = Math.min(...cells);
        const x = first % n, y = Math.floor(first / n);
        const patch = { x: x + 0.05, y: y + 0.05, width: 0.12 * String(cage.total).length + 0.1, height: 0.3 };
        el('rect', { class: 'total-bg', ...patch });
        if (shaded.has(first)) el('rect', { class: 'shade', ...patch });   // the window's tint over the patch too
        el('text', { class: 'total', x: x + 0.1, y: y + 0.29 }, String(cage.total));
      }
    }
    if (numbers) {
      numbers.forEach((k, cell) => el('text', { class: 'region-number', x: (cell % n) + 0.9, y: Math.floor(cell / n) + 0.92 }, String(k + 1)));
    }
    this.svg.replaceChildren(...nodes, ...drawPalette(rules, n));
    this.constraints = rules.constraints ?? [];
    if (!this.svg.isConnected) this.host.prepend(this.svg);
  }

  /** Light the drawings of `wanted` (constraints as a hint names them: kind and cells); [] lights none. */
  light(wanted) {
    for (const g of this.svg.querySelectorAll('g.pal')) {
      const c = this.constraints?.[Number(g.dataset.k)];
      g.classList.toggle('lit', Boolean(c && wanted.some((w) => sameConstraint(c, w))));
    }
  }
}
