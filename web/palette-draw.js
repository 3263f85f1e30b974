// palette-draw.js: the setters' palette (the engine's `Rules.to_dict()["constraints"]`, see
// sudoku_core/variants/constraints.py) drawn as SudokuPad and f-puzzles players know it: thermometers,
// arrows, Kropki dots, X and V, lines (whispers, renban, palindrome, between), odd and even cells,
// quadruples, minimum and maximum cells, clones, and clues outside the grid (little killers, sandwiches).
// Also the words that say them to a screen reader. The engine checks the rules; this only reads them.
//
// Drawn in the rules layer's user units: one unit per cell, (0, 0) the grid's top-left corner; clues outside
// the grid sit at -1 or n, in the margin the board gets when `hasOutside(rules)`.

const SVG = 'http://www.w3.org/2000/svg';

export const PALETTE_CSS = `
.rules-layer { overflow: visible; }
.rules-layer .pal .fill { fill: var(--sudoku-palette-grey, light-dark(rgba(125, 125, 125, 0.45), rgba(170, 170, 170, 0.4))); }
.rules-layer .pal .line { fill: none; stroke-linecap: round; stroke-linejoin: round; stroke: var(--sudoku-palette-grey, light-dark(rgba(125, 125, 125, 0.45), rgba(170, 170, 170, 0.4))); }
.rules-layer .pal .thin { fill: none; stroke: var(--sudoku-palette-ink, light-dark(#7a7a7a, #a0a0a0)); stroke-width: 0.045; stroke-linecap: round; stroke-linejoin: round; }
.rules-layer .pal .slow-dash { fill: none; stroke: var(--_cell-bg, #fff); stroke-width: 0.07; stroke-dasharray: 0.12 0.12; stroke-linecap: butt; }
.rules-layer .pal-whispers .line { stroke: var(--sudoku-palette-whispers, light-dark(rgba(40, 190, 40, 0.6), rgba(80, 220, 80, 0.55))); }
.rules-layer .pal-renban .line { stroke: var(--sudoku-palette-renban, light-dark(rgba(200, 70, 220, 0.55), rgba(220, 120, 240, 0.55))); }
.rules-layer .dot { stroke: var(--_fg, #000); stroke-width: 0.03; }
.rules-layer .dot.white { fill: var(--_cell-bg, #fff); }
.rules-layer .dot.black { fill: var(--_fg, #000); }
.rules-layer .pal text { font-family: system-ui, sans-serif; text-anchor: middle; dominant-baseline: central; fill: var(--_fg, #000); }
.rules-layer .pal .on-black { fill: var(--_cell-bg, #fff); }
.rules-layer .pal .halo { paint-order: stroke; stroke: var(--_cell-bg, #fff); stroke-width: 0.07; stroke-linejoin: round; font-weight: 700; }
.rules-layer .pal .quad { fill: var(--_cell-bg, #fff); stroke: var(--_fg, #000); stroke-width: 0.03; }
.rules-layer .pal .clone { fill: var(--sudoku-palette-clone, light-dark(rgba(230, 150, 40, 0.2), rgba(240, 170, 70, 0.22))); }
.rules-layer .pal.lit .fill, .rules-layer .pal.lit .clone { fill: var(--_hint-rule); }
.rules-layer .pal.lit .line, .rules-layer .pal.lit .thin { stroke: var(--_hint-rule); }
.rules-layer .pal.lit .dot, .rules-layer .pal.lit .quad { stroke: var(--_hint-rule); stroke-width: 0.06; }
.rules-layer .pal.lit text { fill: var(--_hint-rule); }
.board-frame { --_hint-rule: var(--sudoku-hint-rule, light-dark(rgba(212, 100, 10, 0.6), rgba(240, 136, 62, 0.6))); }
.board-frame.outside { --outside: calc(100cqi / (var(--n) + 2)); padding: var(--outside); }
.board-frame.outside .cell { font-size: calc(100cqi / (var(--n) + 2) * 0.56); }
.board-frame.outside .marks { font-size: calc(100cqi / (var(--n) + 2) / var(--mk) * 0.78); }
.rules-summary { margin: 0.4em 0 0; font-size: 0.875em; color: var(--_muted, inherit); }
.rules-words { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
@media print {
  .rules-layer .pal .fill { fill: #c8c8c8; }
  .rules-layer .pal .line { stroke: #c8c8c8; }
  .rules-layer .pal-whispers .line { stroke: #7fd67f; }
  .rules-layer .pal-renban .line { stroke: #d9a0e6; }
  .rules-layer .pal .thin, .rules-layer .dot { stroke: #000; }
  .rules-layer .dot.white, .rules-layer .pal .quad, .rules-layer .pal .on-black { fill: #fff; }
  .rules-layer .dot.black, .rules-layer .pal text { fill: #000; }
  .rules-layer .pal .clone { fill: #e6e6e6; }
  .rules-summary { color: #000; }
}
@media (forced-colors: active) {
  .rules-layer .pal .line, .rules-layer .pal .thin, .rules-layer .dot, .rules-layer .pal .quad { stroke: CanvasText; }
  .rules-layer .pal .fill, .rules-layer .dot.black, .rules-layer .pal text { fill: CanvasText; }
  .rules-layer .pal .on-black { fill: Canvas; }
}
`;

/** Thick lines' widths, in cells. */
const WIDTH = { thermometer: 0.22, slow_thermometer: 0.22, whispers: 0.17, renban: 0.2, palindrome: 0.15, between: 0.06 };
const BULB = 0.38;
const DIRECTIONS = { DR: [1, 1], DL: [1, -1], UR: [-1, 1], UL: [-1, -1] };

const cellName = (i, n) => `r${Math.floor(i / n) + 1}c${(i % n) + 1}`;
const centre = (i, n) => [(i % n) + 0.5, Math.floor(i / n) + 0.5];
const list = (cells, n) => cells.map((i) => cellName(i, n)).join(', ');

/** Are there clues outside the grid (little killers, sandwiches)? The board then gets a margin for them. */
export function hasOutside(rules) {
  return (rules?.constraints ?? []).some((c) => c.kind === 'little_killer' || c.kind === 'sandwich');
}

/** Where a clue outside the grid stands: [x, y] of the cell-sized square beside the grid, or null. */
function outsideSquare(c, n) {
  const first = c.cells?.[0];
  if (first === undefined) return null;
  const r = Math.floor(first / n), col = first % n;
  if (c.kind === 'little_killer') {
    const [dr, dc] = DIRECTIONS[c.direction] ?? [1, 1];
    return [col - dc, r - dr];
  }
  if (c.kind === 'sandwich') {
    const inRow = c.cells.every((i) => Math.floor(i / n) === r);
    return inRow ? [-1, r] : [col, -1];
  }
  return null;
}

/** How many of each kind, then the rules-wide flags: "2 thermometers, 1 V, nonconsecutive ...", the line under
 *  the board ('' when the rules have no palette). */
export function paletteCounts(rules) {
  const names = {
    thermometer: 'thermometer', slow_thermometer: 'slow thermometer', arrow: 'arrow', white_dot: 'white dot',
    black_dot: 'black dot', little_killer: 'little killer clue', sandwich: 'sandwich clue', whispers: 'whispers line',
    renban: 'renban line', palindrome: 'palindrome', between: 'between line', odd: 'odd cell', even: 'even cell',
    quadruple: 'quadruple', minimum: 'minimum cell', maximum: 'maximum cell', clone: 'clone',
  };
  const counts = new Map();
  for (const c of rules?.constraints ?? []) {
    const name = c.kind === 'xv' ? (c.value === 5 ? 'V' : 'X') : names[c.kind] ?? String(c.kind).replace(/_/g, ' ');
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const parts = [...counts].map(([name, k]) => `${k} ${name}${k > 1 && name.length > 1 ? 's' : ''}`);
  if (rules?.nonconsecutive) parts.push('nonconsecutive (no two cells that share an edge hold consecutive digits)');
  const given = { white: 'white dot', black: 'black dot', xv: 'X and V' };
  const negative = (rules?.negative ?? []).map((k) => given[k] ?? k);
  if (negative.length) parts.push(`negative constraint (every ${negative.join(', ')} is given)`);
  return parts.join(', ');
}

/** What a board shows and says of the palette besides its drawing: `summary`, the line under the board
 *  ("Rules: 2 thermometers, 1 V."), and `words`, every rule in a sentence for the grid's description
 *  ("Rules: Thermometer from r1c1 to r1c4. ..."); both '' when the rules have no palette. */
export function paletteText(rules, n) {
  const counts = paletteCounts(rules);
  const sentences = paletteSentences(rules, n);
  return { summary: counts ? `Rules: ${counts}.` : '', words: sentences.length ? `Rules: ${sentences.join('. ')}.` : '' };
}

/** One sentence per constraint, then per rules-wide flag: "Thermometer from r1c1 to r1c4". */
export function paletteSentences(rules, n) {
  const out = (rules?.constraints ?? []).map((c) => sentence(c, n));
  if (rules?.nonconsecutive) out.push('Nonconsecutive: cells that share an edge never hold consecutive digits');
  const negative = rules?.negative ?? [];
  const given = { white: 'white dots', black: 'black dots', xv: 'X and V marks' };
  for (const kind of negative) {
    out.push(`Negative constraint: all ${given[kind] ?? kind} are given, so two neighbours without one never make its relation`);
  }
  return out;
}

/** What one constraint says, in words. */
export function sentence(c, n) {
  const cells = c.cells ?? [];
  const from = cellName(cells[0], n), to = cellName(cells[cells.length - 1], n);
  const pair = `between ${from} and ${to}`;
  switch (c.kind) {
    case 'thermometer': return `Thermometer from ${from} to ${to}`;
    case 'slow_thermometer': return `Slow thermometer from ${from} to ${to}`;
    case 'arrow': {
      const head = c.head ?? [];
      const circle = head.length > 1 ? `the pill ${list(head, n)}` : `the circle at ${cellName(head[0], n)}`;
      return `Arrow from ${circle} along ${list(cells, n)}: the shaft adds up to the ${head.length > 1 ? 'pill' : 'circle'}`;
    }
    case 'white_dot': return `White dot ${pair}${c.value && c.value !== 1 ? `: they differ by ${c.value}` : ''}`;
    case 'black_dot': return `Black dot ${pair}${c.value && c.value !== 2 ? `: one is ${c.value} times the other` : ''}`;
    case 'xv': return `${c.value === 5 ? 'V' : 'X'} ${pair}: they add up to ${c.value}`;
    case 'little_killer': return `Little killer ${c.value ?? ''}: the diagonal from ${from} to ${to} adds up to ${c.value}`;
    case 'sandwich': {
      const inRow = cells.every((i) => Math.floor(i / n) === Math.floor(cells[0] / n));
      const line = inRow ? `row ${Math.floor(cells[0] / n) + 1}` : `column ${(cells[0] % n) + 1}`;
      return `Sandwich ${c.value} for ${line}: the digits between the 1 and the ${n} add up to ${c.value}`;
    }
    case 'whispers': return `Whispers line from ${from} to ${to}: neighbours on it differ by ${c.value ?? Math.floor((n + 1) / 2)} or more`;
    case 'renban': return `Renban line from ${from} to ${to}: its digits are a run of consecutive numbers in any order`;
    case 'palindrome': return `Palindrome line from ${from} to ${to}: it reads the same from both ends`;
    case 'between': return `Between line from ${from} to ${to}: the digits on it lie between those in its end circles`;
    case 'odd': return `Odd cell ${from}`;
    case 'even': return `Even cell ${from}`;
    case 'quadruple': return `Quadruple on ${list(cells, n)}: ${(c.digits ?? []).join(', ')} appear among them`;
    case 'minimum': return `Minimum cell ${from}: smaller than its neighbours`;
    case 'maximum': return `Maximum cell ${from}: greater than its neighbours`;
    case 'clone': return `Clone: ${list(cells, n)} hold the same digits as ${list(c.head ?? [], n)}`;
    default: return `${String(c.kind).replace(/_/g, ' ')} on ${list(cells, n)}`;
  }
}

/** Add to `words` (per cell, a list) what each constraint says of the cells it covers. */
export function paletteWords(rules, n, words) {
  for (const c of rules?.constraints ?? []) {
    const said = sentence(c, n);
    const mine = [...(c.cells ?? []), ...(c.head ?? [])];
    const role = (i) => {
      if ((c.kind === 'thermometer' || c.kind === 'slow_thermometer') && i === c.cells[0]) return ' (its bulb)';
      if (c.kind === 'arrow' && (c.head ?? []).includes(i)) return ' (its circle)';
      return '';
    };
    for (const i of mine) words[i]?.push(`${said.charAt(0).toLowerCase()}${said.slice(1)}${role(i)}`);
  }
}

/** The same constraint? (a hint names it by kind and cells, in any order). */
export function sameConstraint(a, b) {
  if (a.kind !== b.kind) return false;
  const key = (c) => [...(c.cells ?? []), ...(c.head ?? [])].sort((x, y) => x - y).join(',');
  return key(a) === key(b);
}

/** The SVG groups, one per constraint (`data-k` its index), drawn in a sensible order: shading under lines,
 *  lines under dots and clues. */
export function drawPalette(rules, n) {
  const constraints = rules?.constraints ?? [];
  const layer = (c) => (c.kind === 'clone' || c.kind === 'odd' || c.kind === 'even' ? 0
    : c.kind === 'white_dot' || c.kind === 'black_dot' || c.kind === 'xv' || c.kind === 'quadruple' ? 2 : 1);
  const order = constraints.map((c, k) => k).sort((a, b) => layer(constraints[a]) - layer(constraints[b]) || a - b);
  return order.map((k) => {
    const c = constraints[k];
    const g = node('g', { class: `pal pal-${c.kind}`, 'data-k': k });
    for (const child of shapes(c, n)) g.append(child);
    return g;
  });
}

function node(tag, attrs, text) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

const fmt = (x) => Math.round(x * 1000) / 1000;
const pointsOf = (pts) => pts.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(' ');

/** `pts` with its first point moved `a` towards the second and its last `b` towards the one before. */
function trim(pts, a, b) {
  const out = pts.map((p) => [...p]);
  const move = (p, q, d) => {
    const len = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
    p[0] += ((q[0] - p[0]) / len) * d; p[1] += ((q[1] - p[1]) / len) * d;
  };
  if (out.length > 1) { move(out[0], pts[1], a); move(out[out.length - 1], pts[pts.length - 2], b); }
  return out;
}

function text(x, y, size, value, extra = '') {
  return node('text', { x: fmt(x), y: fmt(y), 'font-size': size, class: extra }, String(value));
}

function shapes(c, n) {
  const cells = c.cells ?? [];
  const pts = cells.map((i) => centre(i, n));
  const line = (points, width) => node('polyline', { class: 'line', points: pointsOf(points), 'stroke-width': width });
  switch (c.kind) {
    case 'thermometer':
    case 'slow_thermometer': {
      const out = [node('circle', { class: 'fill', cx: pts[0][0], cy: pts[0][1], r: BULB })];
      // The line starts at the bulb's edge, so the two translucent greys do not add up where they overlap.
      if (pts.length > 1) out.push(line(trim(pts, BULB - 0.02, 0), WIDTH.thermometer));
      if (c.kind === 'slow_thermometer' && pts.length > 1) {
        out.push(node('polyline', { class: 'slow-dash', points: pointsOf(trim(pts, BULB, 0)) }));
      }
      return out;
    }
    case 'whispers': case 'renban': case 'palindrome':
      return [line(pts, WIDTH[c.kind])];
    case 'between': {
      const ends = [pts[0], pts[pts.length - 1]];
      return [node('polyline', { class: 'thin', points: pointsOf(trim(pts, BULB, BULB)) }),
        ...ends.map(([x, y]) => node('circle', { class: 'thin', cx: x, cy: y, r: BULB }))];
    }
    case 'arrow': return arrow(c, n);
    case 'white_dot': case 'black_dot': {
      if (pts.length !== 2) return [];
      const [x, y] = [(pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2];
      const black = c.kind === 'black_dot';
      const out = [node('circle', { class: `dot ${black ? 'black' : 'white'}`, cx: x, cy: y, r: 0.14 })];
      const plain = c.value === undefined || c.value === null || c.value === (black ? 2 : 1);
      if (!plain) out.push(text(x, y, 0.19, c.value, black ? 'on-black' : ''));
      return out;
    }
    case 'xv': {
      if (pts.length !== 2) return [];
      const [x, y] = [(pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2];
      return [text(x, y, 0.36, c.value === 5 ? 'V' : 'X', 'halo')];
    }
    case 'odd': return [node('circle', { class: 'fill', cx: pts[0][0], cy: pts[0][1], r: 0.34 })];
    case 'even': return [node('rect', { class: 'fill', x: pts[0][0] - 0.33, y: pts[0][1] - 0.33, width: 0.66, height: 0.66 })];
    case 'clone':
      return [...cells, ...(c.head ?? [])].map((i) => node('rect', { class: 'clone', x: i % n, y: Math.floor(i / n), width: 1, height: 1 }));
    case 'quadruple': {
      const rows = cells.map((i) => Math.floor(i / n)), cols = cells.map((i) => i % n);
      const x = (Math.min(...cols) + Math.max(...cols) + 1) / 2, y = (Math.min(...rows) + Math.max(...rows) + 1) / 2;
      const digits = (c.digits ?? []).map(String);
      const out = [node('circle', { class: 'quad', cx: x, cy: y, r: 0.27 })];
      const lines = digits.length > 2 ? [digits.slice(0, 2).join(''), digits.slice(2).join('')] : [digits.join('')];
      lines.forEach((t, k) => out.push(text(x, y + (lines.length > 1 ? (k ? 0.09 : -0.09) : 0), 0.17, t)));
      return out;
    }
    case 'minimum': case 'maximum': return chevrons(cells[0], n, c.kind === 'maximum');
    case 'little_killer': case 'sandwich': return outsideClue(c, n);
    default: return [];
  }
}

/** A circle (or a pill round several cells) and a shaft from its edge to an arrowhead in the last cell. */
function arrow(c, n) {
  const head = c.head ?? [];
  if (!head.length || !c.cells?.length) return [];
  const rows = head.map((i) => Math.floor(i / n)), cols = head.map((i) => i % n);
  const box = { x0: Math.min(...cols) + 0.12, y0: Math.min(...rows) + 0.12, x1: Math.max(...cols) + 0.88, y1: Math.max(...rows) + 0.88 };
  const out = [node('rect', { class: 'thin', x: box.x0, y: box.y0, width: box.x1 - box.x0, height: box.y1 - box.y0, rx: 0.38, ry: 0.38 })];
  const pts = [centre(head[head.length - 1], n), ...c.cells.map((i) => centre(i, n))];
  // Leave the circle where the shaft's first step crosses its edge.
  const [px, py] = pts[0], [qx, qy] = pts[1];
  const len = Math.hypot(qx - px, qy - py) || 1;
  const dx = (qx - px) / len, dy = (qy - py) / len;
  const tx = dx > 0 ? (box.x1 - px) / dx : dx < 0 ? (box.x0 - px) / dx : Infinity;
  const ty = dy > 0 ? (box.y1 - py) / dy : dy < 0 ? (box.y0 - py) / dy : Infinity;
  const t = head.length === 1 ? 0.38 : Math.min(tx, ty);
  const shaft = [[px + dx * t, py + dy * t], ...pts.slice(1)];
  const tip = shaft[shaft.length - 1];
  const back = shaft[shaft.length - 2];
  out.push(node('polyline', { class: 'thin', points: pointsOf(shaft) }));
  const bl = Math.hypot(tip[0] - back[0], tip[1] - back[1]) || 1;
  const ux = (tip[0] - back[0]) / bl, uy = (tip[1] - back[1]) / bl;
  const wing = (angle) => {
    const cos = Math.cos(angle), sin = Math.sin(angle);
    return [tip[0] - 0.22 * (ux * cos - uy * sin), tip[1] - 0.22 * (ux * sin + uy * cos)];
  };
  out.push(node('polyline', { class: 'thin', points: pointsOf([wing(0.6), tip, wing(-0.6)]) }));
  return out;
}

/** Small chevrons inside each edge of the cell that has a neighbour: pointing out for a maximum (greater than
 *  the neighbour), in for a minimum. */
function chevrons(cell, n, outward) {
  const r = Math.floor(cell / n), col = cell % n;
  const out = [];
  for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
    if (r + dr < 0 || r + dr >= n || col + dc < 0 || col + dc >= n) continue;
    const cx = col + 0.5, cy = r + 0.5;
    const near = 0.36, far = 0.45, spread = 0.1;
    const [tipAt, baseAt] = outward ? [far, near] : [near, far];
    const tip = [cx + dc * tipAt, cy + dr * tipAt];
    const base = [cx + dc * baseAt, cy + dr * baseAt];
    const a = [base[0] + dr * spread, base[1] + dc * spread], b = [base[0] - dr * spread, base[1] - dc * spread];
    out.push(node('polyline', { class: 'thin', points: pointsOf([a, tip, b]) }));
  }
  return out;
}

/** A little killer's number and its small diagonal arrow, or a sandwich's number, beside the grid. */
function outsideClue(c, n) {
  const square = outsideSquare(c, n);
  if (!square) return [];
  const [x, y] = [square[0] + 0.5, square[1] + 0.5];
  if (c.kind === 'sandwich') return [text(x, y, 0.42, c.value ?? '')];
  const [dr, dc] = DIRECTIONS[c.direction] ?? [1, 1];
  const from = [x + dc * 0.14, y + dr * 0.14], to = [x + dc * 0.42, y + dr * 0.42];
  const wing = (sx, sy) => [to[0] - dc * 0.12 * sx, to[1] - dr * 0.12 * sy];
  return [text(x - dc * 0.1, y - dr * 0.1, 0.34, c.value ?? ''),
    node('polyline', { class: 'thin', points: pointsOf([from, to]) }),
    node('polyline', { class: 'thin', points: pointsOf([wing(1, 0), to, wing(0, 1)]) })];
}
