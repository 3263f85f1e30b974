// logic-view.js: how <sudoku-solver> draws the engine's human-style solving: pencil marks inside cells, a
// step's highlight (its area, pattern cells and candidates, placements, eliminations) and chain links as
// lines over the board, the collapsible panel that steps through a whole path, and its replay.
//
// Nothing here decides anything about Sudoku: steps, marks and the marks each step removes all come from the
// engine (sudoku_core/bridge/ops_logic.py). This module only turns that data into DOM.

const SVG = 'http://www.w3.org/2000/svg';

export const LOGIC_CSS = `
:host {
  --_hint-area: var(--sudoku-hint-area-bg, light-dark(#fff4c2, #4a3e0b));
  --_hint-cell: var(--sudoku-hint-cell-bg, light-dark(#ffd966, #6b5410));
  --_hint-mark: var(--sudoku-hint-mark-bg, light-dark(#9fd3ff, #1f5f99));
  --_hint-place: var(--sudoku-hint-place, light-dark(#1a7f37, #56d364));
  --_hint-elim: var(--sudoku-hint-elim, light-dark(#c01c28, #ff7b72));
  --_hint-link: var(--sudoku-hint-link, light-dark(#8250df, #d2a8ff));
  --_pointed: var(--sudoku-pointed-bg, light-dark(#ffd8b5, #5a3515));
}
.board-frame { position: relative; width: 100%; }
.links { position: absolute; inset: calc(3px + var(--outside, 0px)); width: calc(100% - 6px - 2 * var(--outside, 0px)); height: calc(100% - 6px - 2 * var(--outside, 0px)); pointer-events: none; overflow: visible; z-index: 2; }
.links line { stroke: var(--_hint-link); stroke-width: 2.5px; vector-effect: non-scaling-stroke; stroke-linecap: round; }
.links line.weak { stroke-dasharray: 5 4; }
.links line.implies { stroke-dasharray: 1 4; stroke-width: 3px; }
.links circle { fill: none; stroke: var(--_hint-link); stroke-width: 2px; vector-effect: non-scaling-stroke; }
.marks {
  position: absolute; inset: 3%;
  display: grid; grid-template-columns: repeat(var(--bc), minmax(0, 1fr)); grid-template-rows: repeat(var(--br), minmax(0, 1fr));
  font-size: calc(100cqi / var(--n) / var(--mk) * 0.78); font-weight: 400; line-height: 1;
  color: var(--_muted); pointer-events: none;
}
.has-total .marks { top: 27%; font-size: calc(100cqi / var(--n) / var(--mk) * 0.68); }
.mark { display: flex; align-items: center; justify-content: center; min-width: 0; min-height: 0; border-radius: 30%; }
.mark.m-pattern { background: var(--_hint-mark); color: var(--_fg); font-weight: 700; }
.mark.m-place { background: var(--_hint-place); color: var(--_cell-bg); font-weight: 700; }
.mark.m-elim { color: var(--_hint-elim); font-weight: 700; text-decoration: line-through 2px; }
.cell.hl-area { background: var(--_hint-area); }
.cell.hl-pattern { background: var(--_hint-cell); }
.cell.hl-place { box-shadow: inset 0 0 0 3px var(--_hint-place); }
.cell.hl-wrong, .cell.hl-pointed { background: var(--_pointed); box-shadow: inset 0 0 0 3px var(--_hint-elim); }
.cell.stepped { color: var(--_hint-place); }
.cell.ghost { color: var(--_hint-place); font-weight: 700; }
/* Hint, Why not? and Candidates share a row between Solve/Check and Rate/Undo/Redo. */
.controls button { padding-inline: 0.4em; }
.controls .candidates-button { flex-basis: 36%; }
.controls .why-button { flex: 1 0 auto; white-space: nowrap; }
.controls button[aria-pressed="true"] { background: var(--_selected); border-color: var(--_accent); }
.steps { width: 100%; margin-top: 0.5em; border: 1px solid var(--_button-border); border-radius: var(--_radius); }
.steps > summary { cursor: pointer; padding: 0.5em 0.75em; font-weight: 600; }
.steps > summary:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
.steps .body { display: grid; gap: 0.5em; padding: 0 0.75em 0.75em; }
.steps .nav { display: flex; gap: 0.5em; align-items: center; flex-wrap: wrap; }
.steps .nav button { flex: 0 0 auto; }
.steps .where { flex: 1 1 auto; text-align: center; font-variant-numeric: tabular-nums; color: var(--_muted); }
.steps .sentence { margin: 0; min-height: 2.8em; }
.steps ol { margin: 0; padding: 0; list-style: none; max-height: 14em; overflow: auto; border-top: 1px solid var(--_line); }
.steps ol button { width: 100%; text-align: start; border: 0; border-radius: 0; background: none; min-height: 2em; padding: 0.25em 0.5em; font-size: 0.875em; }
.steps ol button[aria-current="step"] { background: var(--_selected); font-weight: 600; }
@media (forced-colors: active) {
  .cell.hl-area { forced-color-adjust: none; background: Canvas; color: CanvasText; outline: 2px dotted CanvasText; outline-offset: -4px; }
  .cell.hl-pattern { forced-color-adjust: none; background: Canvas; color: CanvasText; outline: 3px solid Highlight; outline-offset: -4px; }
  .cell.hl-place, .cell.hl-wrong, .cell.hl-pointed { forced-color-adjust: none; background: Canvas; color: CanvasText; outline: 3px double Highlight; outline-offset: -5px; }
  .mark { forced-color-adjust: none; color: CanvasText; }
  .mark.m-pattern, .mark.m-place { background: Highlight; color: HighlightText; }
  .mark.m-elim { color: CanvasText; text-decoration: line-through 3px; outline: 1px solid CanvasText; }
  .cell.ghost, .cell.stepped { forced-color-adjust: none; color: LinkText; text-decoration: underline; }
  .links line, .links circle { stroke: CanvasText; }
  .steps ol button[aria-current="step"] { forced-color-adjust: none; background: Highlight; color: HighlightText; }
  .controls button[aria-pressed="true"] { outline: 2px solid Highlight; }
}
`;

/** What a step highlights, as lookups the renderer can ask per cell and per candidate. */
export function decoration(step, stage) {
  const deco = { area: new Set(), pattern: new Set(), place: new Map(), wrong: new Set(),
    marks: new Map(), links: [], constraints: [], showMarks: false };
  if (!step) return deco;
  // A step on the setters' palette names its constraints ({kind, cells, head?}): their drawings light up.
  deco.constraints = step.constraints ?? (step.constraint ? [step.constraint] : []);
  const unitCells = [...(step.units ?? []).flatMap((u) => u.cells ?? []),
    ...deco.constraints.flatMap((c) => [...(c.cells ?? []), ...(c.head ?? [])])];
  if (stage === 1) {
    for (const c of unitCells.length ? unitCells : step.cells ?? []) deco.area.add(c);
    return deco;
  }
  for (const c of unitCells) deco.area.add(c);
  for (const c of step.cells ?? []) deco.pattern.add(c);
  for (const c of step.clear ?? []) deco.wrong.add(c);
  const mark = (cell, digit, kind) => {
    if (!deco.marks.has(cell)) deco.marks.set(cell, new Map());
    deco.marks.get(cell).set(digit, kind);
  };
  for (const { cell, digit } of step.candidates ?? []) mark(cell, digit, 'm-pattern');
  for (const { cell, digit } of step.restore ?? []) mark(cell, digit, 'm-pattern');
  for (const { cell, digit } of step.eliminations ?? []) mark(cell, digit, 'm-elim');
  for (const { cell, digit } of step.placements ?? []) deco.place.set(cell, digit);
  deco.links = step.links ?? [];
  deco.showMarks = Boolean((step.eliminations ?? []).length || (step.candidates ?? []).length || deco.links.length);
  return deco;
}

/** Draw `marks` (digits) as small numbers inside an empty cell; `kinds` maps a digit to a highlight class. */
export function paintMarks(cell, marks, kinds, alphabet) {
  let box = cell.querySelector(':scope > .marks');
  if (!marks) { box?.remove(); return; }
  if (!box) {
    box = document.createElement('div');
    box.className = 'marks';
    box.setAttribute('aria-hidden', 'true');
    cell.append(box);
  }
  const n = Number(cell.dataset.side);
  if (box.childElementCount !== n) {
    const spans = [];
    // A space between marks (not drawn: the box is a grid) keeps them apart in the cell's text, as its name
    // lists them ("candidates 2 5 7"), which axe's label-content-name-mismatch compares token by token.
    for (let d = 1; d <= n; d++) spans.push(Object.assign(document.createElement('span'), { className: 'mark' }), ' ');
    box.replaceChildren(...spans);
  }
  const have = new Set(marks);
  for (let d = 1; d <= n; d++) {
    const span = box.children[d - 1];
    const shown = have.has(d) || kinds?.get(d) === 'm-elim';
    const text = shown ? alphabet[d - 1] : '';
    if (span.textContent !== text) span.textContent = text;
    const cls = `mark${shown && kinds?.has(d) ? ` ${kinds.get(d)}` : ''}`;
    if (span.className !== cls) span.className = cls;
  }
}

/** Chain links as lines between candidates, over the board: an SVG in cell units, in the DOM only while drawn. */
export class LinkLayer {
  constructor(host) {
    this.host = host;
    this.svg = document.createElementNS(SVG, 'svg');
    this.svg.setAttribute('class', 'links');
    this.svg.setAttribute('aria-hidden', 'true');
    this.svg.setAttribute('preserveAspectRatio', 'none');
  }

  draw(links, shape) {
    const { side: n, rows: br, cols: bc } = shape;
    this.svg.setAttribute('viewBox', `0 0 ${n} ${n}`);
    const at = ({ cell, digit }) => {
      const r = Math.floor(cell / n), c = cell % n;
      return [c + ((digit - 1) % bc + 0.5) / bc, r + (Math.floor((digit - 1) / bc) + 0.5) / br];
    };
    const nodes = [];
    const ends = new Map();
    for (const link of links ?? []) {
      const [x1, y1] = at(link.from), [x2, y2] = at(link.to);
      const line = document.createElementNS(SVG, 'line');
      line.setAttribute('class', link.kind);
      for (const [k, v] of Object.entries({ x1, y1, x2, y2 })) line.setAttribute(k, v.toFixed(3));
      nodes.push(line);
      for (const [x, y] of [[x1, y1], [x2, y2]]) ends.set(`${x},${y}`, [x, y]);
    }
    for (const [x, y] of ends.values()) {
      const ring = document.createElementNS(SVG, 'circle');
      ring.setAttribute('cx', x.toFixed(3));
      ring.setAttribute('cy', y.toFixed(3));
      ring.setAttribute('r', (0.42 / Math.max(br, bc)).toFixed(3));
      nodes.push(ring);
    }
    this.svg.replaceChildren(...nodes);
    if (!this.svg.isConnected) this.host.append(this.svg);
  }

  clear() {
    if (this.svg.isConnected) this.svg.remove();
  }
}

/** The "Steps" panel: a <details> under the board with Previous / Next, the current sentence, and the list. */
export class StepsPanel {
  constructor(make, { onToggle, onGo, onRefresh }) {
    this.details = make('details', { className: 'steps' }, { part: 'steps' });
    const summary = make('summary', { textContent: 'Steps' });
    this.body = make('div', { className: 'body' });
    this.nav = make('div', { className: 'nav' }, { role: 'group', 'aria-label': 'Step through' });
    this.prev = make('button', { type: 'button', textContent: 'Previous' }, { part: 'button previous-step-button', 'aria-keyshortcuts': 'ArrowLeft' });
    this.where = make('span', { className: 'where' });
    this.next = make('button', { type: 'button', textContent: 'Next' }, { part: 'button next-step-button', 'aria-keyshortcuts': 'ArrowRight' });
    this.nav.append(this.prev, this.where, this.next);
    this.sentence = make('p', { className: 'sentence' }, { 'aria-live': 'polite', 'aria-atomic': 'true' });
    this.refresh = make('button', { type: 'button', textContent: 'Work out the steps again', hidden: true });
    this.list = make('ol', {}, { 'aria-label': 'All steps' });
    this.body.append(this.nav, this.sentence, this.refresh, this.list);
    this.details.append(summary, this.body);
    this.details.addEventListener('toggle', () => onToggle(this.details.open));
    this.prev.addEventListener('click', () => onGo(this.index - 1));
    this.next.addEventListener('click', () => onGo(this.index + 1));
    this.refresh.addEventListener('click', () => onRefresh());
    this.list.addEventListener('click', (e) => {
      const b = e.target.closest?.('button');
      if (b) onGo(Number(b.dataset.index));
    });
    // Left and right arrows step too, from anywhere in the panel.
    this.body.addEventListener('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        e.preventDefault();
        onGo(this.index + (e.key === 'ArrowLeft' ? -1 : 1));
      }
    });
    this.index = 0;
    this.count = 0;
  }

  get open() { return this.details.open; }

  /** Show a message instead of steps (working, failed, stale). */
  message(text, { stale = false } = {}) {
    this.count = 0;
    this.index = 0;
    this.where.textContent = '';
    this.prev.disabled = true;
    this.next.disabled = true;
    this.sentence.textContent = text;
    this.refresh.hidden = !stale;
    this.list.replaceChildren();
  }

  /** A fresh path: list every step; `end` is the sentence after the last one. */
  load(steps, end, make) {
    this.count = steps.length;
    this.end = end;
    this.refresh.hidden = true;
    this.list.replaceChildren(...steps.map((s, i) => {
      const item = make('li');
      const b = make('button', { type: 'button', textContent: `${i + 1}. ${s.text}` });
      b.dataset.index = String(i);
      item.append(b);
      return item;
    }));
  }

  /** Show step `index` (0-based; `count` is the end position). */
  show(index, steps) {
    this.index = index;
    this.prev.disabled = index <= 0;
    this.next.disabled = index >= this.count;
    const step = steps[index];
    this.where.textContent = index < this.count ? `Step ${index + 1} of ${this.count}` : `End (${this.count} steps)`;
    this.sentence.textContent = step ? `Step ${index + 1} of ${this.count}: ${step.text}.` : this.end;
    for (const b of this.list.querySelectorAll('button')) {
      if (Number(b.dataset.index) === index) {
        b.setAttribute('aria-current', 'step');
        b.scrollIntoView?.({ block: 'nearest' });
      } else b.removeAttribute('aria-current');
    }
  }
}

/** Values and marks before step `index` of a path ({steps, values, candidates, cache}): the start, with each
 *  earlier step's placements and the marks it removed (both from the engine) replayed. Positions are cached
 *  in `path.cache` every 32 steps, so stepping back and forth through a long path stays quick. */
export function positionBefore(path, index) {
  let from = Math.floor(index / 32);
  while (from > 0 && !path.cache[from]) from--;
  const start = from ? path.cache[from] : { values: path.values, marks: path.candidates };
  const values = start.values.slice();
  const marks = start.marks.map((m) => m.slice());
  for (let k = from * 32; k < index; k++) {
    const step = path.steps[k];
    for (const { cell, digit } of step.placements) values[cell] = digit;
    for (const [cell, digit] of step.removed ?? []) {
      const at = marks[cell].indexOf(digit);
      if (at >= 0) marks[cell].splice(at, 1);
    }
    if ((k + 1) % 32 === 0 && !path.cache[(k + 1) / 32]) {
      path.cache[(k + 1) / 32] = { values: values.slice(), marks: marks.map((m) => m.slice()) };
    }
  }
  return { values, marks };
}
