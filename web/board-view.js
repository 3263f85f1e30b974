// board-view.js: the DOM of <sudoku-solver>: the board, the digit pad, the buttons, the progress bar, the
// status line and the Retry button, built once into the shadow root; the board rebuilt for each shape and
// painted from a view ({values, marks, deco, pointed, kindOfFilled}) the element computes. No state of the
// puzzle lives here, only what is on screen (and which cell holds the roving tabindex).

import { ALPHABET } from './grid-codec.js';
import { LinkLayer, StepsPanel, paintMarks } from './logic-view.js';
import { paletteText } from './palette-draw.js';
import { RulesLayer, describeRules, regionOf } from './variant-view.js';

export function make(tag, props = {}, attrs = {}) {
  const el = document.createElement(tag);
  Object.assign(el, props);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

/** The board index of a cell element (from its data-index), or -1. */
export function cellIndex(node) {
  const i = node?.dataset?.index;
  return i === undefined ? -1 : Number(i);
}

const BUTTONS = [
  ['solve', 'Solve', '', 'primary'],
  ['check', 'Check', 'Is this puzzle valid, with exactly one solution? (does not reveal it)', 'check-button'],
  ['hint', 'Hint', 'Press once: where to look; twice: the deduction; three times: apply it'],
  ['why', 'Why not?', 'Why can a digit not go in the selected cell? Press this (or ? on the board), then the digit', 'why-button'],
  ['candidates', 'Candidates', 'Show the pencil marks: the digits each empty cell may still hold', 'candidates-button'],
  ['rate', 'Rate', 'How hard is this puzzle for a person? (score and level)'],
  ['undo', 'Undo', 'Undo (Ctrl+Z)'],
  ['redo', 'Redo', 'Redo (Ctrl+Y or Ctrl+Shift+Z)'],
  ['clear', 'Clear', 'Empty the whole grid (undo brings it back)'],
];

export class BoardView {
  cells = [];
  buttons = {};
  cursor = 0;                         // the cell holding tabindex=0 (roving tabindex)
  shape = null;
  rules = null;                       // the variant rules drawn (or a preview of them while a region is painted)
  selection = new Set();              // cells selected by the rules bar (rules-editor.js), to make a cage
  regionNumbers = null;               // the region of each cell, drawn while regions are being painted

  /** `steps`: the Steps panel's callbacks {onToggle, onGo, onRefresh}. */
  constructor(shadowRoot, steps) {
    this.shadowRoot = shadowRoot;
    this.root = make('div', { className: 'root' }, { part: 'root' });
    const wrap = make('div', { className: 'board-wrap' });
    this.board = make('div', { className: 'board' }, { part: 'board', role: 'grid' });
    const frame = make('div', { className: 'board-frame' });
    frame.append(this.board);
    this.frame = frame;
    this.links = new LinkLayer(frame);
    this.rulesLayer = new RulesLayer(frame);
    this.ruleWords = [];
    // The palette's rules in short under the board (seen and printed); each one in words for a screen reader
    // (the grid's description).
    this.summary = make('p', { className: 'rules-summary', hidden: true }, { part: 'rules-summary' });
    this.ruleSentences = make('div', { className: 'rules-words', id: 'rules-words' });
    this.stepsPanel = new StepsPanel(make, steps);
    wrap.append(frame, this.summary, this.ruleSentences, this.stepsPanel.details);

    const side = make('div', { className: 'side' });
    this.pad = make('div', { className: 'pad' }, { part: 'pad', role: 'group', 'aria-label': 'Digit pad' });
    this.controls = make('div', { className: 'controls' }, { part: 'controls', role: 'group', 'aria-label': 'Actions' });
    for (const [name, label, title, extra = ''] of BUTTONS) {
      const b = make('button', { type: 'button', textContent: label, className: extra }, { part: `button ${name}-button` });
      if (title) b.title = title;
      b.dataset.action = name;
      this.buttons[name] = b;
      this.controls.append(b);
    }
    this.buttons.candidates.setAttribute('aria-pressed', 'false');
    this.buttons.why.setAttribute('aria-pressed', 'false');
    this.progress = make('div', { className: 'progress' }, { part: 'progress' });
    const track = make('div', { className: 'track' }, {
      role: 'progressbar', 'aria-label': 'Loading the solver engine', 'aria-valuemin': '0', 'aria-valuemax': '100',
    });
    this.progressBar = make('div', { className: 'bar' });
    track.append(this.progressBar);
    this.progressText = make('span', { textContent: 'Loading the solver engine…' });
    this.progress.append(track, this.progressText);
    this.status = make('p', { className: 'status' }, { part: 'status', role: 'status', 'aria-live': 'polite' });
    this.retry = make('button', { type: 'button', textContent: 'Retry', className: 'retry', hidden: true },
      { part: 'button retry-button' });
    side.append(this.controls, this.pad, this.progress, this.status, this.retry);
    this.root.append(wrap, side);
    shadowRoot.append(this.root);
  }

  /** The board and the pad for a shape ({side, rows, cols}), with variant `rules` drawn (null: classic). */
  build(shape, rules = null) {
    this.shape = shape;
    this.cursor = Math.min(this.cursor, shape.side * shape.side - 1);
    this.#buildBoard();
    this.#buildPad();
    this.showRules(rules);
  }

  /** Draw variant rules: region borders where the regions are not the boxes, shading, diagonals, cages. */
  showRules(rules) {
    this.rules = rules;
    const n = this.shape.side;
    const region = regionOf(rules, this.shape);
    // The cell where a cage's total is written: its pencil marks move down, out of the total's way.
    const totals = new Set((rules?.cages ?? []).filter((k) => Number.isInteger(k.total) && k.cells?.length)
      .map((k) => Math.min(...k.cells)));
    this.cells.forEach((cell, i) => {
      const r = Math.floor(i / n), c = i % n;
      const edges = ['cell'];
      if (c === n - 1) edges.push('last-col'); else if (region[i + 1] !== region[i]) edges.push('box-right');
      if (r === n - 1) edges.push('last-row'); else if (region[i + n] !== region[i]) edges.push('box-bottom');
      if (totals.has(i)) edges.push('has-total');
      cell.dataset.edges = edges.join(' ');
    });
    this.ruleWords = describeRules(rules, this.shape);
    this.rulesLayer.draw(rules, this.shape, this.regionNumbers);
    const { summary, words } = paletteText(rules, n);
    this.summary.textContent = summary;
    this.summary.hidden = !summary;
    this.ruleSentences.textContent = words;
    if (words) this.board.setAttribute('aria-describedby', 'rules-words');
    else this.board.removeAttribute('aria-describedby');
    this.renderPeers();                 // a Jigsaw region changes who the focused cell's peers are
  }

  /** Number every cell with its region (0-based `owner` per cell) while regions are painted; null: none. */
  setRegionNumbers(owner) {
    this.regionNumbers = owner;
    this.rulesLayer.draw(this.rules, this.shape, owner);
  }

  /** Show which cells the rules bar has selected (a set of indexes). */
  markSelection(selection) {
    this.selection = selection;
    this.cells.forEach((cell, i) => {
      const on = selection.has(i);
      cell.classList.toggle('picked', on);
      if (on) cell.setAttribute('aria-selected', 'true'); else cell.removeAttribute('aria-selected');
    });
  }

  #buildBoard() {
    const { side: n, rows: br, cols: bc } = this.shape;
    this.board.style.setProperty('--n', String(n));
    this.frame.style.setProperty('--n', String(n));     // the margin for clues outside the grid is a cell wide
    this.board.style.setProperty('--br', String(br));
    this.board.style.setProperty('--bc', String(bc));
    this.board.style.setProperty('--mk', String(Math.max(br, bc)));
    this.board.setAttribute('aria-label', `Sudoku grid, ${n} by ${n}`);
    const rows = [];
    this.cells = [];
    for (let r = 0; r < n; r++) {
      const row = make('div', { className: 'row' }, { role: 'row' });
      for (let c = 0; c < n; c++) {
        const cell = make('div', {}, { role: 'gridcell', 'aria-label': `Row ${r + 1}, column ${c + 1}`, tabindex: '-1' });
        cell.dataset.index = String(r * n + c);
        cell.dataset.side = String(n);
        row.append(cell);
        this.cells.push(cell);
      }
      rows.push(row);
    }
    this.board.replaceChildren(...rows);
    this.renderCursor();
  }

  #buildPad() {
    const n = this.shape.side;
    const buttons = [];
    for (let v = 1; v <= n; v++) {
      const b = make('button', { type: 'button', textContent: ALPHABET[v - 1] }, { part: 'pad-button', 'aria-label': `Enter ${ALPHABET[v - 1]}` });
      b.dataset.value = String(v);
      buttons.push(b);
    }
    const erase = make('button', { type: 'button', textContent: 'Erase', className: 'erase' }, { part: 'pad-button erase-button' });
    erase.dataset.value = '0';
    buttons.push(erase);
    const cols = n <= 9 ? Math.max(n <= 6 ? n + 1 : 5, 1) : n <= 16 ? 6 : 7;
    this.pad.style.setProperty('--pad-cols', String(cols));
    const remainder = (cols - (n % cols)) % cols || cols;
    this.pad.style.setProperty('--erase-span', String(remainder));
    this.pad.replaceChildren(...buttons);
  }

  /** Which controls show (`wanted`: a set of names) and whether the grid can be edited. */
  setControls(wanted, editing) {
    for (const [name, b] of Object.entries(this.buttons)) {
      b.hidden = !wanted.has(name) || (!editing && (name === 'undo' || name === 'redo' || name === 'clear'));
    }
    this.controls.hidden = Object.values(this.buttons).every((b) => b.hidden);
    this.pad.hidden = !wanted.has('pad') || !editing;
    this.stepsPanel.details.hidden = !wanted.has('steps');
    if (this.stepsPanel.details.hidden && this.stepsPanel.open) this.stepsPanel.details.open = false;
    this.board.setAttribute('aria-readonly', String(!editing));
  }

  /** Focus follows the pointer (and stays on the board when the pad is pressed), the roving tabindex follows
   *  focus, and the focused cell's peers are shaded: until `signal` aborts. */
  listen(signal) {
    this.board.addEventListener('focusin', (e) => {
      const index = cellIndex(e.target);
      if (index >= 0 && index !== this.cursor) { this.cursor = index; this.renderCursor(); }
      this.renderPeers();
    }, { signal });
    this.board.addEventListener('focusout', () => queueMicrotask(() => this.renderPeers()), { signal });
    this.board.addEventListener('pointerdown', (e) => {
      const cell = e.target.closest?.('[role="gridcell"]');
      if (cell) cell.focus();
    }, { signal });
    this.pad.addEventListener('mousedown', (e) => { if (e.target.closest?.('button')) e.preventDefault(); }, { signal });
  }

  /** Arrow keys, Home and End (with Ctrl: the first and the last cell) move the focus from cell `index`.
   *  True when the key was one of them. */
  navigate(e, index) {
    const n = this.shape.side;
    const row = Math.floor(index / n);
    const col = index % n;
    let to = -1;
    if (e.ctrlKey && !e.altKey && !e.metaKey) {
      if (e.key === 'Home') to = 0;
      else if (e.key === 'End') to = n * n - 1;
    } else if (!e.ctrlKey && !e.altKey && !e.metaKey) {
      switch (e.key) {
        case 'ArrowUp': to = Math.max(row - 1, 0) * n + col; break;
        case 'ArrowDown': to = Math.min(row + 1, n - 1) * n + col; break;
        case 'ArrowLeft': to = row * n + Math.max(col - 1, 0); break;
        case 'ArrowRight': to = row * n + Math.min(col + 1, n - 1); break;
        case 'Home': to = row * n; break;
        case 'End': to = row * n + n - 1; break;
        default: break;
      }
    }
    if (to < 0) return false;
    this.focusCell(to);
    return true;
  }

  focusCell(index) {
    this.cursor = index;
    this.renderCursor();
    this.cells[index]?.focus();
  }

  renderCursor() {
    this.cells.forEach((cell, i) => { cell.tabIndex = i === this.cursor ? 0 : -1; });
  }

  /** Shade the cells that share a row, column or box (or Jigsaw region) with the focused one. */
  renderPeers() {
    const active = this.shadowRoot.activeElement;
    const focused = active && this.board.contains(active) ? cellIndex(active) : -1;
    const n = this.shape.side;
    const fr = Math.floor(focused / n), fc = focused % n;
    const region = regionOf(this.rules, this.shape);
    this.cells.forEach((cell, i) => {
      const r = Math.floor(i / n), c = i % n;
      const peer = focused >= 0 && i !== focused && (r === fr || c === fc || region[i] === region[focused]);
      cell.classList.toggle('peer', peer);
    });
  }

  /** Paint every cell from `view`; `givens` are the grid's own values, `conflicts` a set of clashing cells. */
  paint(view, givens, conflicts) {
    const { values, deco } = view;
    for (let i = 0; i < this.cells.length; i++) {
      const cell = this.cells[i];
      const ghost = deco.place.get(i);
      const v = values[i] || (ghost ?? 0);
      const kind = givens[i] ? 'given' : ghost && !values[i] ? 'ghost' : values[i] ? view.kindOfFilled : 'empty';
      const clash = conflicts.has(i);
      const text = v ? ALPHABET[v - 1] : '';
      const marks = !v && view.marks ? view.marks[i] : null;
      if (marks) {
        for (const node of [...cell.childNodes]) if (node.nodeType === Node.TEXT_NODE) node.remove();
        paintMarks(cell, marks, deco.marks.get(i), ALPHABET);
      } else {
        paintMarks(cell, null);
        if (cell.textContent !== text) cell.textContent = text;
      }
      const lit = highlightClasses(i, deco, view.pointed);
      const classes = `${cell.dataset.edges} ${kind}${clash ? ' conflict' : ''}${lit}${cell.classList.contains('peer') ? ' peer' : ''}${this.selection.has(i) ? ' picked' : ''}`;
      if (cell.className !== classes) cell.className = classes;
      cell.setAttribute('part', `cell${kind === 'empty' ? '' : ` ${kind}`}${clash ? ' conflict' : ''}`);
      if (clash) cell.setAttribute('aria-invalid', 'true'); else cell.removeAttribute('aria-invalid');
      const region = this.regionNumbers ? `region ${this.regionNumbers[i] + 1}` : '';
      // The name says what the cell shows (axe: label-content-name-mismatch), the description the rest.
      const label = nameOf(i, this.shape.side, { v, kind, text, marks, kinds: deco.marks.get(i) });
      if (cell.getAttribute('aria-label') !== label) cell.setAttribute('aria-label', label);
      const description = [describeCell(i, { v, kind, text, clash, marks, deco, pointed: view.pointed }), this.ruleWords[i], region]
        .filter(Boolean).join(', ');
      if (cell.getAttribute('aria-description') !== description) cell.setAttribute('aria-description', description);
    }
    if (deco.links.length) this.links.draw(deco.links, this.shape); else this.links.clear();
    this.rulesLayer.light(deco.constraints);
  }

  /** The engine's state: the progress bar while it loads, Retry when it failed. */
  showEngineState(state) {
    this.progress.hidden = state !== 'loading';
    this.retry.hidden = state !== 'failed';
  }

  showProgress(fraction, text) {
    const f = Math.max(0, Math.min(1, Number(fraction) || 0));
    this.progressBar.style.setProperty('--fraction', String(f));
    this.progressBar.parentElement.setAttribute('aria-valuenow', String(Math.round(f * 100)));
    this.progressText.textContent = text;
  }

  say(text, tone = '') {
    this.status.textContent = text;
    this.status.className = `status${tone ? ` ${tone}` : ''}`;
  }
}

function highlightClasses(i, deco, pointed) {
  let out = '';
  if (deco.area.has(i)) out += ' hl-area';
  if (deco.pattern.has(i)) out += ' hl-pattern';
  if (deco.place.has(i)) out += ' hl-place';
  if (deco.wrong.has(i)) out += ' hl-wrong';
  if (pointed.has(i)) out += ' hl-pointed';
  return out;
}

/** The cell's description for screen readers: its digit or marks, and what the hint or step says of it. */
/** A cell's accessible name: where it is and what it shows, "Row 1, column 2, 5, given" or "Row 1, column 3,
 *  candidates 2 5 7" (the marks drawn, struck ones too, in the order they are drawn). */
function nameOf(i, n, { v, kind, text, marks, kinds }) {
  const where = `Row ${Math.floor(i / n) + 1}, column ${(i % n) + 1}`;
  if (v) return `${where}, ${text}${kind === 'given' ? ', given' : ''}`;
  if (!marks) return where;
  const shown = [];
  for (let d = 1; d <= n; d++) if (marks.includes(d) || kinds?.get(d) === 'm-elim') shown.push(ALPHABET[d - 1]);
  return shown.length ? `${where}, candidates ${shown.join(' ')}` : where;
}

function describeCell(i, { v, kind, text, clash, marks, deco, pointed }) {
  const parts = [];
  if (kind === 'ghost') parts.push(`empty, hint: ${text} goes here`);
  else if (v) parts.push(`${text}${kind === 'solved' ? ', solved' : kind === 'stepped' ? ', placed by an earlier step' : ''}${clash ? ', clashes' : ''}`);
  else parts.push(marks ? `empty, candidates ${marks.map((d) => ALPHABET[d - 1]).join(' ') || 'none'}` : 'empty');
  const kinds = deco.marks.get(i);
  if (kinds) {
    const gone = [...kinds].filter(([, k]) => k === 'm-elim').map(([d]) => ALPHABET[d - 1]);
    const used = [...kinds].filter(([, k]) => k === 'm-pattern').map(([d]) => ALPHABET[d - 1]);
    if (used.length) parts.push(`hint uses ${used.join(' ')}`);
    if (gone.length) parts.push(`hint removes ${gone.join(' ')}`);
  }
  if (deco.wrong.has(i)) parts.push('hint: this entry is wrong');
  else if (deco.pattern.has(i)) parts.push('in the hint');
  else if (deco.area.has(i)) parts.push('in the hint area');
  if (pointed.has(i)) parts.push('pointed out');
  return parts.join(', ');
}
