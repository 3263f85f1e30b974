// <sudoku-solver>: a Sudoku board that asks the Python engine (Pyodide, in a Web Worker) for every answer.
//
// This file renders, edits and talks. It never solves, parses or validates: pasted text goes to the engine's
// `parse` op, clashes come from its `conflicts` op, answers from `solve` and `check`. The only thing decoded
// here is the exchange format itself: one line of side*side characters, '.' for empty and 1-9 then A-Z.
//
//   <script type="module" src="sudoku-solver.js"></script>
//   <sudoku-solver puzzle="4.....8.5.3..." size="9x9" controls="solve check clear undo redo pad"></sudoku-solver>
//
// Attributes reflect to properties: puzzle, size, readonly, controls, loading. Methods: solve(), check(), hint(),
// rate(), clear(), undo(), redo(); property showCandidates. Events: sudoku-solver-ready, -change, -solved,
// -hint, -rated, -step, -error. Theming: CSS custom properties (--sudoku-*) and ::part() (board, cell, given,
// solved, conflict, pad, pad-button, controls, button, solve-button, ..., status, progress, steps).
// The human-style solving (pencil marks, hints, the step list) is drawn by logic-view.js.
// The README's "Embedding" section is the whole contract, for pages of any origin:
// every asset is found from this file's own URL, and the page-wide engine is shared by every widget.

import { LOGIC_CSS, LinkLayer, StepsPanel, decoration, paintMarks } from './logic-view.js';

const ALPHABET = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const MAX_SIDE = 25;
const SOLUTION_LIMIT = 20;          // several solutions: count up to this many and say "at least N"
const SEARCH_BUDGET_MS = 20000;   // the Python search gives up after this ('gave_up')...
const SOLVE_TIMEOUT_MS = 30000;    // ...and engine.js stops (and restarts) a worker silent for this long.
                                   // It is the engine's default time limit (set when this file creates the
                                   // engine): a page changes it with getEngine().configure({timeoutMs}).
const SHORT_TIMEOUT_MS = 10000;    // parse and conflicts, quick by nature
const CONFLICTS_DEBOUNCE_MS = 40;
const HISTORY_LIMIT = 500;
const ALL_CONTROLS = ['solve', 'check', 'hint', 'candidates', 'rate', 'undo', 'redo', 'clear', 'pad', 'steps'];
const HINT_TIMEOUT_MS = 30000;     // a hint on an open 9x9 takes well under a second; 4 times this past 9x9
const PATH_TIMEOUT_MS = 180000;    // the whole path of a 16x16 can take a minute in Pyodide
const RATE_TIMEOUT_MS = 180000;    // rating a 16x16 runs every technique many times: minutes, not seconds
const MARKS_DEBOUNCE_MS = 60;
// Loading a puzzle sets the givens (what Hint checks entries against); typing adds the person's entries.
const LOADING_CAUSES = new Set(['initial', 'attribute', 'paste', 'clear', 'size']);

// One engine per page, loaded on first use, relative to this module's own URL (so a page of another origin
// that loads this file from the solver's site gets the engine, worker and runtime from there too).
// A lazy widget waits for its first use or for scrolling into view; once any widget has started the
// engine, every other one joins it ('enginestart' below), since it costs nothing more.
let enginePromise = null;
const engineStarts = new EventTarget();
function loadEngine() {
  if (!enginePromise) {
    enginePromise = import('./engine.js').then((m) => m.getEngine({ timeoutMs: SOLVE_TIMEOUT_MS }));
    enginePromise.catch(() => { enginePromise = null; });     // Retry imports again
    engineStarts.dispatchEvent(new Event('enginestart'));
  }
  return enginePromise;
}
const LAZY_MARGIN = '300px';          // start a lazy widget's engine when it comes this close to the viewport

// -- shapes: geometry only (the engine owns the rules) ---------------------------------------------------
function defaultBox(side) {
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

function sizeName(shape) {
  const d = defaultBox(shape.side);
  return d.rows === shape.rows ? `${shape.side}x${shape.side}` : `${shape.rows}x${shape.cols}`;
}

/** The shape as the engine reads it: "9x9", or "6x6:3x2" when the boxes are not the default. */
function shapeSpec(shape) {
  const base = `${shape.side}x${shape.side}`;
  return defaultBox(shape.side).rows === shape.rows ? base : `${base}:${shape.rows}x${shape.cols}`;
}

function sameShape(a, b) {
  return a.rows === b.rows && a.cols === b.cols;
}

/** The exchange format, decoded: a line of side*side characters from '.' and the shape's symbols. */
function decodeLine(line, shape) {
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

/** A canonical line of a supported side (its length says which), with its default shape. */
function decodeAnyLine(line) {
  const side = Math.round(Math.sqrt(line.length));
  if (side * side !== line.length || side < 1 || side > MAX_SIDE) return null;
  const shape = parseSize(String(side));
  const values = shape && decodeLine(line, shape);
  return values ? { shape, values } : null;
}

/** A pasted text that is plainly a grid, read here so it shows at once: one line, or one row per line, or one
 *  cell per word, of '.' and the symbols ('0' is empty up to 9x9). Null for anything else (the engine reads it). */
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

function encodeLine(values) {
  let s = '';
  for (const v of values) s += v ? ALPHABET[v - 1] : '.';
  return s;
}

function megabytes(bytes) {
  return (Math.max(0, Number(bytes) || 0) / 1e6).toFixed(1);
}

function timeLeft(seconds) {
  return seconds < 60 ? `about ${Math.max(1, Math.round(seconds))} s left` : `about ${Math.round(seconds / 60)} min left`;
}

function formatMs(ms) {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '';
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10000 ? 2 : 1)} s`;
}

function solverError(code, message, cells = []) {
  const error = new Error(message);
  error.name = 'SudokuSolverError';
  error.code = code;
  error.cells = cells;
  return error;
}

// -- styles: one constructable sheet shared by every instance (no <style>, so a strict style-src is fine) --
const CSS = `
:host {
  display: block;
  container-type: inline-size;
  color-scheme: light dark;
  --_fg: var(--sudoku-fg, light-dark(#1f2328, #e6edf3));
  --_muted: var(--sudoku-muted, light-dark(#59636e, #9198a1));
  --_cell-bg: var(--sudoku-cell-bg, light-dark(#ffffff, #0d1117));
  --_line: var(--sudoku-line, light-dark(#c8ced6, #3d444d));
  --_box-line: var(--sudoku-box-line, light-dark(#1f2328, #b7bdc8));
  --_given: var(--sudoku-given, light-dark(#1f2328, #f0f6fc));
  --_solved: var(--sudoku-solved, light-dark(#0a5bd3, #6cb6ff));
  --_accent: var(--sudoku-accent, light-dark(#0a5bd3, #4493f8));
  --_accent-fg: var(--sudoku-accent-fg, light-dark(#ffffff, #0d1117));
  --_peer: var(--sudoku-peer-bg, light-dark(#f1f4f8, #161f2b));
  --_selected: var(--sudoku-selected-bg, light-dark(#d7e7ff, #1c3558));
  --_conflict: var(--sudoku-conflict, light-dark(#c01c28, #ff7b72));
  --_conflict-bg: var(--sudoku-conflict-bg, light-dark(#ffe3e3, #4a1d1f));
  --_focus: var(--sudoku-focus, light-dark(#0a5bd3, #58a6ff));
  --_button-bg: var(--sudoku-button-bg, light-dark(#f6f8fa, #21262d));
  --_button-border: var(--sudoku-button-border, light-dark(#d1d9e0, #3d444d));
  --_radius: var(--sudoku-radius, 6px);
}
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
.root {
  /* Inherited properties are the one way a host page's CSS reaches into a shadow root: set every one that
     matters here, so a host's "* { font-size: 40px !important; letter-spacing: 1em }" changes nothing. */
  font: var(--sudoku-font-size, 16px)/1.4 var(--sudoku-font, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif);
  color: var(--_fg);
  letter-spacing: normal; word-spacing: normal; text-transform: none; text-indent: 0; text-align: start;
  text-shadow: none; white-space: normal;
  visibility: visible; cursor: auto; direction: ltr; writing-mode: horizontal-tb; -webkit-text-fill-color: currentcolor;
  display: grid;
  gap: 0.75em;
  grid-template-columns: minmax(0, 1fr);
  justify-items: center;
}
@container (min-width: 640px) {
  .root { grid-template-columns: minmax(0, 1fr) minmax(13em, 16.5em); align-items: start; justify-items: stretch; }
  .board-wrap { grid-row: 1 / span 4; }
}
.board-wrap { width: 100%; max-width: var(--sudoku-board-max, 100%); container-type: inline-size; justify-self: center; }
.board {
  display: grid;
  grid-template-rows: repeat(var(--n), minmax(0, 1fr));
  aspect-ratio: 1;
  width: 100%;
  border: 3px solid var(--_box-line);
  border-radius: 4px;
  background: var(--_cell-bg);
  overflow: hidden;
  user-select: none;
  -webkit-user-select: none;
  touch-action: manipulation;
}
.row { display: grid; grid-template-columns: repeat(var(--n), minmax(0, 1fr)); min-height: 0; }
.cell {
  display: flex; align-items: center; justify-content: center;
  min-width: 0; min-height: 0;
  border-right: 1px solid var(--_line);
  border-bottom: 1px solid var(--_line);
  background: var(--_cell-bg);
  color: var(--_given);
  font-size: calc(100cqi / var(--n) * 0.56);
  font-variant-numeric: tabular-nums;
  line-height: 1;
  cursor: pointer;
  position: relative;
  outline: none;
}
.cell.last-col { border-right: 0; }
.cell.last-row { border-bottom: 0; }
.cell.box-right { border-right: 2px solid var(--_box-line); }
.cell.box-bottom { border-bottom: 2px solid var(--_box-line); }
.cell.given { font-weight: 700; }
.cell.solved { color: var(--_solved); font-weight: 400; }
.cell.peer { background: var(--_peer); }
.cell:focus { background: var(--_selected); }
.cell:focus-visible, .board:focus-within .cell:focus {
  box-shadow: inset 0 0 0 3px var(--_focus);
  z-index: 1;
}
.cell.conflict { color: var(--_conflict); background: var(--_conflict-bg); text-decoration: underline wavy var(--_conflict); text-decoration-thickness: 0.06em; text-underline-offset: 0.12em; }
.cell.conflict::after {
  content: ""; position: absolute; top: 0; right: 0;
  border-style: solid; border-width: 0 0.55em 0.55em 0;
  border-color: transparent var(--_conflict) transparent transparent;
}
:host([readonly]) .cell { cursor: default; }
.side { display: grid; gap: 0.75em; width: 100%; align-content: start; }
.pad { display: grid; grid-template-columns: repeat(var(--pad-cols), minmax(0, 1fr)); gap: 0.375em; width: 100%; max-width: var(--sudoku-board-max, 100%); }
/* Solve and Check share the first row, Undo, Redo and Clear the second; with fewer controls the rest fill it. */
.controls { display: flex; flex-wrap: wrap; gap: 0.5em; width: 100%; max-width: var(--sudoku-board-max, 100%); }
.controls button { flex: 1 1 26%; min-width: 0; }
.controls button.primary, .controls .check-button { flex-basis: 40%; }
button {
  font: inherit;
  color: var(--_fg);
  background: var(--_button-bg);
  border: 1px solid var(--_button-border);
  border-radius: var(--_radius);
  padding: 0.45em 0.8em;
  min-height: 2.5em;
  cursor: pointer;
}
button:hover:not(:disabled) { border-color: var(--_muted); }
button:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
button:disabled { opacity: 0.5; cursor: not-allowed; }
button.primary { background: var(--_accent); color: var(--_accent-fg); border-color: var(--_accent); font-weight: 600; }
.pad button { padding: 0.3em 0; font-size: 1.1em; font-variant-numeric: tabular-nums; }
.pad button.erase { grid-column: span var(--erase-span, 1); font-size: 0.85em; }
.progress { width: 100%; max-width: var(--sudoku-board-max, 100%); font-size: 0.875em; color: var(--_muted); }
.progress .track { height: 4px; border-radius: 2px; background: var(--_line); overflow: hidden; margin-bottom: 0.3em; }
.progress .bar { height: 100%; width: calc(var(--fraction, 0) * 100%); background: var(--_accent); transition: width 0.2s; }
.status { min-height: 1.4em; margin: 0; width: 100%; max-width: var(--sudoku-board-max, 100%); }
.status.error { color: var(--_conflict); }
.status.ok { color: var(--_fg); }
button.retry { justify-self: start; }
[hidden] { display: none !important; }
@media (prefers-reduced-motion: reduce) { .progress .bar { transition: none; } }
@media (forced-colors: active) {
  .cell.conflict { outline: 2px dashed CanvasText; outline-offset: -4px; }
  .cell:focus { outline: 3px solid Highlight; outline-offset: -3px; }
}
`;

let sharedSheet = null;
function styleSheet() {
  if (!sharedSheet) {
    sharedSheet = new CSSStyleSheet();
    sharedSheet.replaceSync(CSS + LOGIC_CSS);
  }
  return sharedSheet;
}

function make(tag, props = {}, attrs = {}) {
  const el = document.createElement(tag);
  Object.assign(el, props);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

export class SudokuSolverElement extends HTMLElement {
  static observedAttributes = ['puzzle', 'size', 'readonly', 'controls', 'loading'];

  #shape = parseSize('9x9');
  #values = new Array(81).fill(0);    // what the person (or the puzzle attribute) put in: the givens
  #solution = null;                   // values from the engine, shown in empty cells, or null
  #conflictCells = new Set();
  #cursor = 0;                        // the cell holding tabindex=0 (roving tabindex)
  #undo = [];
  #redo = [];
  #version = 0;                       // bumped on every change of the givens or the shape
  #started = false;                   // connected once: attributes apply live from then on
  #engine = null;
  #engineState = 'idle';
  #engineListeners = null;
  #wake = null;                       // a lazy widget's IntersectionObserver, until its engine starts
  #engineFailure = '';                // the sentence shown when the engine could not start
  #readyFired = false;
  #conflictsTimer = 0;
  #solveToken = 0;
  #reading = null;                    // while the engine reads a pasted text: a promise that edits made
                                      // meanwhile, and the buttons, wait behind (so nothing is out of order)
  #clashShown = false;                // the status currently shows a live clash message
  #origin = new Array(81).fill(0);    // the puzzle as loaded: entries typed since then are the person's own
  #eliminated = new Set();            // "cell:digit" marks taken away by applied hints (undoable)
  #showMarks = false;                 // the Candidates toggle
  #marks = null;                      // {version, lists, raw}: the engine's marks for the grid (raw: before
                                      // the eliminated ones are taken away)
  #marksTimer = 0;
  #hint = null;                       // {version, stage 1..3, step}: the hint being shown
  #hintToken = 0;
  #pointed = null;                    // {version, cells}: cells a diagnosis points at
  #path = null;                       // {version, steps, candidates, values, status, message, cells, index}
  #pathToken = 0;
  #links; #stepsPanel;

  // shadow parts
  #root; #board; #cells = []; #pad; #controls; #buttons = {}; #status; #progress; #progressBar; #progressText; #retry;

  constructor() {
    super();
    const shadow = this.attachShadow({ mode: 'open', delegatesFocus: false });
    shadow.adoptedStyleSheets = [styleSheet()];
    this.#root = make('div', { className: 'root' }, { part: 'root' });

    const wrap = make('div', { className: 'board-wrap' });
    this.#board = make('div', { className: 'board' }, { part: 'board', role: 'grid' });
    const frame = make('div', { className: 'board-frame' });
    frame.append(this.#board);
    this.#links = new LinkLayer(frame);
    this.#stepsPanel = new StepsPanel(make, {
      onToggle: (open) => this.#onStepsToggle(open),
      onGo: (index) => this.#goToStep(index),
      onRefresh: () => this.#loadPath(),
    });
    wrap.append(frame, this.#stepsPanel.details);

    const side = make('div', { className: 'side' });
    this.#pad = make('div', { className: 'pad' }, { part: 'pad', role: 'group', 'aria-label': 'Digit pad' });
    this.#controls = make('div', { className: 'controls' }, { part: 'controls', role: 'group', 'aria-label': 'Actions' });
    const button = (name, label, title, extra = '') => {
      const b = make('button', { type: 'button', textContent: label, className: extra }, { part: `button ${name}-button` });
      if (title) b.title = title;
      b.dataset.action = name;
      this.#buttons[name] = b;
      return b;
    };
    this.#controls.append(
      button('solve', 'Solve', '', 'primary'),
      button('check', 'Check', 'Is this puzzle valid, with exactly one solution? (does not reveal it)', 'check-button'),
      button('hint', 'Hint', 'Press once: where to look; twice: the deduction; three times: apply it'),
      button('candidates', 'Candidates', 'Show the pencil marks: the digits each empty cell may still hold', 'candidates-button'),
      button('rate', 'Rate', 'How hard is this puzzle for a person? (score and level)'),
      button('undo', 'Undo', 'Undo (Ctrl+Z)'),
      button('redo', 'Redo', 'Redo (Ctrl+Y or Ctrl+Shift+Z)'),
      button('clear', 'Clear', 'Empty the whole grid (undo brings it back)'),
    );
    this.#progress = make('div', { className: 'progress' }, { part: 'progress' });
    const track = make('div', { className: 'track' }, {
      role: 'progressbar', 'aria-label': 'Loading the solver engine', 'aria-valuemin': '0', 'aria-valuemax': '100',
    });
    this.#progressBar = make('div', { className: 'bar' });
    track.append(this.#progressBar);
    this.#progressText = make('span', { textContent: 'Loading the solver engine…' });
    this.#progress.append(track, this.#progressText);
    this.#status = make('p', { className: 'status' }, { part: 'status', role: 'status', 'aria-live': 'polite' });
    this.#retry = make('button', { type: 'button', textContent: 'Retry', className: 'retry', hidden: true },
      { part: 'button retry-button' });
    this.#retry.addEventListener('click', () => this.retry());
    side.append(this.#controls, this.#pad, this.#progress, this.#status, this.#retry);
    this.#root.append(wrap, side);
    shadow.append(this.#root);
    this.#buttons.candidates.setAttribute('aria-pressed', 'false');

    this.#buildBoard();
    this.#buildPad();
  }

  // -- properties reflecting attributes ----------------------------------------------------------
  /** The current grid as one line ('.' for empty). Setting it loads a puzzle (undoable). */
  get puzzle() { return encodeLine(this.#values); }
  set puzzle(value) { this.setAttribute('puzzle', String(value ?? '')); }

  /** "9x9", "6x6", ... or a box shape such as "3x2" when the boxes are not the default for the side. */
  get size() { return sizeName(this.#shape); }
  set size(value) { this.setAttribute('size', String(value ?? '')); }

  get readOnly() { return this.hasAttribute('readonly'); }
  set readOnly(value) { this.toggleAttribute('readonly', Boolean(value)); }
  get readonly() { return this.readOnly; }
  set readonly(value) { this.readOnly = value; }

  /** Which buttons show: space-separated names from "solve check undo redo clear pad", or "none". */
  get controls() { return this.getAttribute('controls') ?? ALL_CONTROLS.join(' '); }
  set controls(value) { this.setAttribute('controls', String(value ?? '')); }

  /** The solution shown, as one line, or null. */
  get solution() { return this.#solution ? encodeLine(this.#solution) : null; }
  /** 'lazy' (the default: the engine starts on first use or when the widget nears the viewport) or 'eager'. */
  get loading() { return this.getAttribute('loading') === 'eager' ? 'eager' : 'lazy'; }
  set loading(value) { this.setAttribute('loading', String(value ?? '')); }

  /** 'idle' (lazy, not started) | 'loading' | 'ready' | 'failed' */
  get engineState() { return this.#engineState; }

  attributeChangedCallback(name, oldValue, value) {
    if (!this.#started) return;            // the first connect applies them in a fixed order
    if (name === 'puzzle') { if (value !== null) this.#loadPuzzle(value, 'attribute'); }
    else if (name === 'size') this.#applySize(value, true);
    else if (name === 'readonly') this.#renderControls();
    else if (name === 'controls') this.#renderControls();
    else if (name === 'loading' && this.isConnected) this.#startWhenWanted();
  }

  connectedCallback() {
    this.#board.addEventListener('keydown', this.#onBoardKeydown);
    this.#board.addEventListener('focusin', this.#onBoardFocusin);
    this.#board.addEventListener('focusout', this.#onBoardFocusout);
    this.#board.addEventListener('pointerdown', this.#onBoardPointerdown);
    this.#root.addEventListener('keydown', this.#onRootKeydown);
    this.#root.addEventListener('paste', this.#onPaste);
    this.#root.addEventListener('focusin', this.#onFirstUse);
    this.#root.addEventListener('pointerdown', this.#onFirstUse);
    this.#controls.addEventListener('click', this.#onControlClick);
    this.#pad.addEventListener('mousedown', this.#onPadMousedown);
    this.#pad.addEventListener('click', this.#onPadClick);

    if (!this.#started) {
      this.#started = true;
      if (this.hasAttribute('size')) this.#applySize(this.getAttribute('size'), false);
      if (this.hasAttribute('puzzle')) this.#loadPuzzle(this.getAttribute('puzzle'), 'initial');
      this.#renderControls();
    }
    this.#startWhenWanted();
    this.#render();
  }

  disconnectedCallback() {
    this.#board.removeEventListener('keydown', this.#onBoardKeydown);
    this.#board.removeEventListener('focusin', this.#onBoardFocusin);
    this.#board.removeEventListener('focusout', this.#onBoardFocusout);
    this.#board.removeEventListener('pointerdown', this.#onBoardPointerdown);
    this.#root.removeEventListener('keydown', this.#onRootKeydown);
    this.#root.removeEventListener('paste', this.#onPaste);
    this.#root.removeEventListener('focusin', this.#onFirstUse);
    this.#root.removeEventListener('pointerdown', this.#onFirstUse);
    this.#controls.removeEventListener('click', this.#onControlClick);
    this.#pad.removeEventListener('mousedown', this.#onPadMousedown);
    this.#pad.removeEventListener('click', this.#onPadClick);
    if (this.#engine && this.#engineListeners) {
      for (const [type, fn] of Object.entries(this.#engineListeners)) this.#engine.removeEventListener(type, fn);
    }
    this.#engineListeners = null;
    this.#stopWaking();
    clearTimeout(this.#conflictsTimer);
  }

  // -- public methods -----------------------------------------------------------------------------
  /** Solve the grid with the engine. Resolves to the solution line; rejects with an Error carrying .code
   *  ('conflict', 'no_solution', 'timeout', 'gave_up', 'engine', 'changed', ...), .message and .cells. */
  async solve() {
    await this.#readyFor('Solve will run as soon as the engine has loaded…');
    const token = ++this.#solveToken;
    const version = this.#version;
    const puzzle = this.puzzle;
    this.#say('Solving…');
    // The engine reports its first solution before it has counted the others: show it at once (proving
    // it is the only one can take as long again), then say what the count found.
    const onProgress = (found) => {
      if (found.stage !== 'solution' || token !== this.#solveToken || version !== this.#version) return;
      const values = Array.isArray(found.values) ? found.values.slice() : decodeLine(found.solution, this.#shape);
      this.#solution = values;
      this.#render();
      const time = formatMs(found.ms);
      this.#say(`Found a solution${time ? ` in ${time}` : ''}; checking that it is the only one…`);
      this.#emit('found', { solution: encodeLine(values), puzzle, ms: found.ms });
    };
    let result;
    try {
      result = await this.#engine.request('solve',
        { puzzle, shape: shapeSpec(this.#shape), limit: SOLUTION_LIMIT, maxMs: SEARCH_BUDGET_MS }, { onProgress });
    } catch (error) {
      if (token !== this.#solveToken) throw solverError('superseded', 'A newer Solve replaced this one.');
      throw this.#fail(error, 'solve');
    }
    if (token !== this.#solveToken) throw solverError('superseded', 'A newer Solve replaced this one.');
    if (version !== this.#version) {
      const error = solverError('changed', 'The grid changed while it was being solved: press Solve again.');
      this.#say(error.message);
      throw error;
    }
    const values = Array.isArray(result.values) ? result.values.slice() : decodeLine(result.solution, this.#shape);
    this.#solution = values;
    this.#render();
    const time = formatMs(result.ms);
    const took = time ? ` in ${time}` : '';
    if (result.unique === false || result.count > 1) {
      const n = result.count >= SOLUTION_LIMIT ? `at least ${result.count}` : String(result.count);
      this.#say(`Not unique: this puzzle has ${n} solutions. One of them is shown (found${took}).`, 'ok');
    } else {
      this.#say(`Solved${took}.`, 'ok');
    }
    const solution = encodeLine(values);
    this.#emit('solved', { solution, puzzle, count: result.count, unique: result.unique, ms: result.ms });
    return solution;
  }

  /** Ask the engine whether the puzzle is valid and unique, without showing the solution. Resolves to
   *  {status: 'unique'|'several'|'none'|'conflict', message, cells}. */
  async check() {
    await this.#readyFor('Check will run as soon as the engine has loaded…');
    const version = this.#version;
    this.#say('Checking…');
    let result;
    try {
      result = await this.#engine.request('check', { puzzle: this.puzzle, shape: shapeSpec(this.#shape), maxMs: SEARCH_BUDGET_MS });
    } catch (error) {
      throw this.#fail(error, 'check');
    }
    if (version !== this.#version) {
      this.#say('The grid changed while it was being checked: press Check again.');
      return result;
    }
    const sentences = {
      unique: ['Valid: this puzzle has exactly one solution.', 'ok'],
      several: ['Not unique: this puzzle has more than one solution.', 'error'],
      none: ['No solution: these givens cannot all be right.', 'error'],
    };
    if (result.status === 'conflict') {
      this.#markConflicts(result.cells ?? []);
      this.#say(`Clash: ${result.message}.`, 'error');
    } else {
      const [text, tone] = sentences[result.status] ?? [result.message || String(result.status), 'ok'];
      this.#say(text, tone);
    }
    return result;
  }

  /** Start the engine again after it failed or stalled (what the Retry button does); the grid is kept. */
  retry() {
    this.#retry.hidden = true;
    this.#say('Trying again…');
    if (this.#engine) this.#engine.restart();
    else this.#connectEngine();
  }

  /** Empty the grid (undoable). */
  clear() {
    this.#inOrder(() => {
      if (this.#values.every((v) => v === 0) && !this.#solution) { this.#say('The grid is already empty.'); return; }
      this.#commit(new Array(this.#values.length).fill(0), this.#shape, 'clear');
      this.#say('Cleared. Undo brings it back.');
    });
  }

  undo() { this.#inOrder(() => this.#travel(this.#undo, this.#redo, 'undo')); }
  redo() { this.#inOrder(() => this.#travel(this.#redo, this.#undo, 'redo')); }

  // -- human-style solving: pencil marks, hints, rating, the step list ------------------------------
  /** Whether the pencil marks (computed by the engine, less what applied hints removed) show in empty cells. */
  get showCandidates() { return this.#showMarks; }
  set showCandidates(value) {
    this.#showMarks = Boolean(value);
    this.#buttons.candidates.setAttribute('aria-pressed', String(this.#showMarks));
    this.#requestMarks(0);
    this.#render();
  }

  /** One press of Hint. The first press names the technique and highlights where to look; the second shows
   *  the cells and the deduction; the third applies it (undoable). Resolves to the step as data (cells as
   *  indices, see docs/engine-js.md) with its `stage` (1, 2 or 3), or null when there is no step to give
   *  (solved, no solution, several solutions, needs guessing: the status says which and points at cells). */
  async hint() {
    await this.#afterReading();
    const current = this.#hint;
    if (current && current.version === this.#version && current.stage < 3) {
      if (current.stage === 2 && this.readOnly) {
        this.#say('This board is read-only: the hint is not applied.');
        return { ...current.step, stage: 2 };
      }
      current.stage += 1;
      return this.#showHint(current);
    }
    this.#closeSteps();
    if (this.#solution) { this.#solution = null; this.#render(); }   // a hint is about the grid as typed
    await this.#readyFor('The hint will come as soon as the engine has loaded…');
    const token = ++this.#hintToken;
    const version = this.#version;
    const payload = { puzzle: this.puzzle, shape: shapeSpec(this.#shape) };
    const givens = this.#givensLine();
    if (givens) payload.givens = givens;
    if (this.#eliminated.size) payload.eliminated = [...this.#eliminated].map((k) => k.split(':').map(Number));
    this.#say('Looking for a hint…');
    let result;
    try {
      result = await this.#engine.request('hint', payload, { timeoutMs: HINT_TIMEOUT_MS * (this.#shape.side > 9 ? 4 : 1) });
    } catch (error) {
      if (token !== this.#hintToken) throw solverError('superseded', 'A newer hint replaced this one.');
      throw this.#fail(error, 'give a hint for');
    }
    if (token !== this.#hintToken || version !== this.#version) {
      const error = solverError('changed', 'The grid changed while the hint was being found: press Hint again.');
      if (token === this.#hintToken) this.#say(error.message);
      throw error;
    }
    if (Array.isArray(result.candidates)) this.#marks = { version, lists: result.candidates, raw: !this.#eliminated.size };
    if (result.status !== 'step' || !result.step) {
      const cells = Array.isArray(result.cells) ? result.cells : [];
      this.#pointed = { version, cells };
      this.#say(String(result.message ?? ''), result.status === 'solved' ? 'ok' : 'error');
      this.#render();
      this.#emit('hint', { stage: 0, status: result.status, step: null, message: result.message, cells });
      return null;
    }
    this.#hint = { version, stage: 1, step: result.step };
    return this.#showHint(this.#hint);
  }

  #showHint(hint) {
    const { step, stage } = hint;
    if (stage === 1) this.#say(`${step.hint}.`, 'ok');
    else if (stage === 2) this.#say(`${step.text}.`, 'ok');
    else this.#applyHint(step);
    if (stage < 3) this.#render();
    const data = { ...step, stage };
    this.#emit('hint', { stage, status: 'step', step: data, message: this.#status.textContent, cells: step.cells });
    return data;
  }

  /** The third press: placements and clearings go into the grid, eliminations into the marks; one undo step. */
  #applyHint(step) {
    const values = this.#values.slice();
    for (const { cell, digit } of step.placements ?? []) values[cell] = digit;
    for (const cell of step.clear ?? []) values[cell] = 0;
    const eliminated = new Set(this.#eliminated);
    for (const { cell, digit } of step.eliminations ?? []) eliminated.add(`${cell}:${digit}`);
    for (const { cell, digit } of step.restore ?? []) eliminated.delete(`${cell}:${digit}`);
    this.#commit(values, this.#shape, 'hint', { origin: this.#origin, eliminated });
    const marksNote = (step.eliminations ?? []).length && !this.#showMarks ? ' (Candidates shows the pencil marks.)' : '';
    this.#say(`Applied: ${step.text}.${marksNote}`, 'ok');
  }

  /** The givens still in place, as a line, when the person has entries of their own; else null. */
  #givensLine() {
    const kept = this.#origin.map((v, i) => (v && this.#values[i] === v ? v : 0));
    const own = this.#values.some((v, i) => v && !kept[i]);
    return own && kept.some((v) => v) ? encodeLine(kept) : null;
  }

  /** Rate the puzzle (Sudoku Explainer's scale, a level word). Resolves to {score, level, hardest, steps,
   *  message, diagnosis}; a grid with no solution or several is not rated and its cells are pointed at. */
  async rate() {
    await this.#readyFor('Rating will start as soon as the engine has loaded…');
    const version = this.#version;
    const big = this.#shape.side > 9 ? ' (a big grid can take a minute or more)' : '';
    this.#say(`Rating…${big}`);
    this.#buttons.rate.disabled = true;
    let result;
    try {
      result = await this.#engine.request('rate', { puzzle: this.puzzle, shape: shapeSpec(this.#shape) }, { timeoutMs: RATE_TIMEOUT_MS });
    } catch (error) {
      throw this.#fail(error, 'rate');
    } finally {
      this.#buttons.rate.disabled = false;
    }
    if (version !== this.#version) {
      this.#say('The grid changed while it was being rated: press Rate again.');
      return result;
    }
    const cells = result.diagnosis?.cells ?? [];
    this.#pointed = { version, cells };
    this.#say(String(result.message ?? ''), result.score === null ? 'error' : 'ok');
    this.#render();
    this.#emit('rated', result);
    return result;
  }

  /** The marks to draw: the engine's plain ones for this grid less those applied hints removed (null until known). */
  #currentMarks() {
    const m = this.#marks;
    if (!m || m.version !== this.#version) { this.#requestMarks(0); return null; }
    if (!this.#eliminated.size || !m.raw) return m.lists;
    return m.lists.map((list, i) => list.filter((d) => !this.#eliminated.has(`${i}:${d}`)));
  }

  #requestMarks(delay = MARKS_DEBOUNCE_MS) {
    clearTimeout(this.#marksTimer);
    if (!this.#showMarks && !(this.#hint && this.#hint.stage === 2) || this.#engineState !== 'ready') return;
    if (this.#marks?.version === this.#version) return;
    this.#marksTimer = setTimeout(() => {
      const version = this.#version;
      this.#engine.request('candidates', { puzzle: this.puzzle, shape: shapeSpec(this.#shape) }, { timeoutMs: SHORT_TIMEOUT_MS })
        .then((result) => {
          if (version !== this.#version || !this.isConnected || !Array.isArray(result?.candidates)) return;
          this.#marks = { version, lists: result.candidates, raw: true };
          this.#render();
        })
        .catch(() => { /* the next change asks again */ });
    }, delay);
  }

  // The step list: opening the panel asks the engine for the whole path from the grid as it is.
  #onStepsToggle(open) {
    if (open && (!this.#path || this.#path.version !== this.#version)) this.#loadPath();
    else if (open && this.#path) this.#goToStep(this.#path.index);
    this.#render();
  }

  #closeSteps() {
    if (this.#stepsPanel.open) this.#stepsPanel.details.open = false;
  }

  async #loadPath() {
    const token = ++this.#pathToken;
    this.#hint = null;
    this.#path = null;
    this.#stepsPanel.message(`Working out the steps…${this.#shape.side > 9 ? ' (a big grid can take a minute or more)' : ''}`);
    let result;
    let version;
    try {
      await this.#afterReading();
      await this.#whenReady();
      version = this.#version;
      result = await this.#engine.request('path', { puzzle: this.puzzle, shape: shapeSpec(this.#shape) }, { timeoutMs: PATH_TIMEOUT_MS });
    } catch (error) {
      if (token !== this.#pathToken) return;
      const why = error?.code === 'conflict' ? `two digits clash: ${error.message}` : String(error?.message ?? error);
      this.#stepsPanel.message(`No steps: ${why.replace(/\.$/, '')}.`, { stale: true });
      return;
    }
    if (token !== this.#pathToken) return;
    if (version !== this.#version) { this.#stepsPanel.message('The grid changed meanwhile.', { stale: true }); return; }
    const steps = Array.isArray(result.steps) ? result.steps : [];
    this.#path = { version, steps, candidates: result.candidates, values: this.#values.slice(),
      cells: Array.isArray(result.cells) ? result.cells : [], index: 0, cache: [] };
    this.#stepsPanel.load(steps, String(result.message ?? ''), make);
    this.#goToStep(0);
  }

  #goToStep(index) {
    const path = this.#path;
    if (!path || path.version !== this.#version) return;
    const at = Math.max(0, Math.min(path.steps.length, Number(index) || 0));
    path.index = at;
    this.#stepsPanel.show(at, path.steps);
    this.#render();
    this.#emit('step', { index: at, count: path.steps.length, step: path.steps[at] ?? null });
  }

  /** Values and marks before step `index` of the path: the start, with each earlier step's placements and the
   *  marks it removed (both from the engine) replayed. Positions are cached every 32 steps. */
  #positionBefore(index) {
    const path = this.#path;
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

  // -- engine -------------------------------------------------------------------------------------
  /** Eager: start now. Lazy: when the widget is first used, comes near the viewport, or another widget has
   *  started the page's engine (then it costs nothing). */
  #startWhenWanted() {
    if (this.#engineListeners) return;
    if (enginePromise || this.loading === 'eager' || typeof IntersectionObserver !== 'function') {
      this.#connectEngine();
      return;
    }
    if (this.#wake) return;
    this.#setEngineState('idle');
    this.#wake = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) this.#connectEngine();
    }, { rootMargin: LAZY_MARGIN });
    this.#wake.observe(this);
    engineStarts.addEventListener('enginestart', this.#onFirstUse);
  }

  #onFirstUse = () => { if (!this.#engineListeners && this.isConnected) this.#connectEngine(); };

  #stopWaking() {
    this.#wake?.disconnect();
    this.#wake = null;
    engineStarts.removeEventListener('enginestart', this.#onFirstUse);
  }

  #connectEngine() {
    if (this.#engineListeners) return;
    this.#stopWaking();
    const listeners = {
      progress: (e) => this.#onProgress(e.detail ?? {}),
      ready: () => this.#onEngineReady(),
      failed: (e) => this.#onEngineFailed(e.detail?.message, e.detail?.code),
      statechange: (e) => { if (e.detail?.state === 'loading') this.#setEngineState('loading'); },
    };
    this.#engineListeners = listeners;
    loadEngine().then((engine) => {
      if (this.#engineListeners !== listeners) return;   // disconnected meanwhile
      this.#engine = engine;
      for (const [type, fn] of Object.entries(listeners)) engine.addEventListener(type, fn);
      if (engine.state === 'ready') this.#onEngineReady();
      else if (engine.state === 'failed') this.#onEngineFailed(engine.failure);
      else this.#setEngineState('loading');
    }, (error) => {
      if (this.#engineListeners === listeners) this.#engineListeners = null;   // Retry imports again
      this.#onEngineFailed(`The solver could not be loaded (${error?.message ?? error})`);
    });
    if (this.#engineState === 'idle') this.#setEngineState('loading');
  }

  #whenReady() {
    this.#connectEngine();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.#engineState === 'ready') { cleanup(); resolve(); }
        else if (this.#engineState === 'failed') {
          cleanup();
          this.#say(this.#engineFailure, 'error');
          reject(solverError('engine', this.#engineFailure));
        }
      };
      const cleanup = () => this.removeEventListener('sudoku-solver-statechange', check);
      this.addEventListener('sudoku-solver-statechange', check);
      check();
    });
  }

  #setEngineState(state) {
    if (state === 'loading' && this.#engineState !== 'loading') this.#showProgress({ fraction: 0 });
    this.#engineState = state;
    this.setAttribute('engine-state', state);
    this.#progress.hidden = state !== 'loading';
    this.#retry.hidden = state !== 'failed';
    this.dispatchEvent(new Event('sudoku-solver-statechange'));
  }

  #onProgress(detail) {
    if (this.#engineState === 'loading') this.#showProgress(detail);
  }

  /** "Downloading the solver: 1.2 of 3.6 MB, about 8 s left" while bytes arrive, else the stage's words. */
  #showProgress({ fraction, message, stage, loaded, total, secondsLeft }) {
    const f = Math.max(0, Math.min(1, Number(fraction) || 0));
    this.#progressBar.style.setProperty('--fraction', String(f));
    this.#progressBar.parentElement.setAttribute('aria-valuenow', String(Math.round(f * 100)));
    let text;
    if (stage === 'download' && total > 0) {
      const left = Number.isFinite(secondsLeft) && secondsLeft > 0 && loaded < total ? `, ${timeLeft(secondsLeft)}` : '';
      text = `Downloading the solver: ${megabytes(loaded)} of ${megabytes(total)} MB${left}`;
    } else {
      const what = message ? String(message).replace(/(\.\.\.|…|\.)\s*$/, '') : 'Loading the solver engine';
      text = `${what}… ${Math.round(f * 100)}%`;
    }
    this.#progressText.textContent = text;
  }

  #onEngineReady() {
    if (this.#engineState === 'ready') return;
    this.#setEngineState('ready');
    if (!this.#readyFired) {
      this.#readyFired = true;
      this.#emit('ready', { info: this.#engine?.info ?? null });
    }
    this.#requestConflicts();
    this.#requestMarks(0);
  }

  #onEngineFailed(message, code = 'failed') {
    if (this.#engineState === 'failed') return;
    let why = message ? String(message).trim() : 'The solver engine could not start.';
    why = why.replace(/\s*(Check the connection and )?press Retry\.?$/i, '');
    const next = code === 'stalled' ? 'check the connection and press Retry' : 'press Retry to try again';
    this.#engineFailure = `${/[.!?]$/.test(why) ? why : `${why}.`} Your grid is kept: ${next}.`;
    this.#say(this.#engineFailure, 'error');
    this.#setEngineState('failed');
    this.#emit('error', { code: 'engine', message: this.#engineFailure, cells: [] });
  }

  /** Turn an engine rejection into a sentence, marks and an event; returns the Error to throw. */
  #fail(error, op) {
    const code = error?.code ?? 'engine';
    const cells = Array.isArray(error?.cells) ? error.cells : [];
    const detail = String(error?.message ?? 'unknown error').replace(/\.$/, '');
    let message;
    switch (code) {
      case 'conflict':
        this.#markConflicts(cells);
        message = `Cannot ${op} this grid: ${detail}.`;
        break;
      case 'no_solution':
        message = 'This puzzle has no solution: no way to fill the grid keeps every given.';
        break;
      case 'timeout':
        message = `${detail}. Nothing in the grid was lost: add some givens and try again.`;
        break;
      case 'gave_up':
        message = `The engine gave up after ${SEARCH_BUDGET_MS / 1000} s: this grid is too open to settle. Add some givens and try again.`;
        break;
      case 'engine_failed':
        message = `${detail}.`;
        break;
      case 'parse':
        message = `The engine could not read the grid: ${detail}.`;
        break;
      default:
        message = `The engine failed: ${detail}.`;
    }
    this.#say(message, 'error');
    this.#emit('error', { code, message, cells });
    return solverError(code, message, cells);
  }

  // Live clash marks: ask the engine after each edit, debounced; only the latest answer counts.
  #requestConflicts() {
    clearTimeout(this.#conflictsTimer);
    if (this.#engineState !== 'ready') return;
    this.#conflictsTimer = setTimeout(() => {
      const version = this.#version;
      this.#engine.request('conflicts', { puzzle: this.puzzle, shape: shapeSpec(this.#shape) }, { timeoutMs: SHORT_TIMEOUT_MS })
        .then((result) => {
          if (version !== this.#version || !this.isConnected) return;     // latest wins
          const list = Array.isArray(result?.conflicts) ? result.conflicts : [];
          this.#markConflicts(list.flatMap((c) => c.cells ?? []));
          if (list.length) {
            const more = list.length > 1 ? ` (and ${list.length - 1} more)` : '';
            this.#say(`Clash: ${String(list[0].message).replace(/\.$/, '')}${more}.`, 'error');
            this.#clashShown = true;
          } else if (this.#clashShown) {
            this.#say('');
          }
        })
        .catch(() => { /* a newer request replaced it, or the engine restarted: the next edit asks again */ });
    }, CONFLICTS_DEBOUNCE_MS);
  }

  #markConflicts(cells) {
    this.#conflictCells = new Set(cells.filter((i) => Number.isInteger(i) && i >= 0 && i < this.#values.length));
    this.#render();
  }

  // -- state changes ------------------------------------------------------------------------------
  /** Replace the givens (and maybe the shape) as one undoable step. */
  #commit(values, shape, cause, logic = null) {
    this.#undo.push(this.#snapshot());
    if (this.#undo.length > HISTORY_LIMIT) this.#undo.shift();
    this.#redo = [];
    this.#set(values, shape, cause, logic);
  }

  /** What undo brings back: the grid, and what Hint knows about it (the givens, the marks hints removed). */
  #snapshot() {
    return { shape: this.#shape, values: this.#values, origin: this.#origin, eliminated: this.#eliminated };
  }

  #set(values, shape, cause, logic = null) {
    const reshaped = !sameShape(shape, this.#shape);
    this.#shape = shape;
    this.#values = values;
    this.#solution = null;
    this.#conflictCells = new Set();
    this.#version++;
    if (logic?.origin) {
      this.#origin = logic.origin;
      this.#eliminated = logic.eliminated ?? new Set();
    } else if (LOADING_CAUSES.has(cause) || this.#origin.length !== values.length) {
      this.#origin = values.slice();
      this.#eliminated = new Set();
    }
    this.#hint = null;
    this.#pointed = null;
    if (this.#path && this.#stepsPanel.open) this.#stepsPanel.message('The grid changed since these steps were worked out.', { stale: true });
    this.#path = null;
    this.#requestMarks();
    if (this.#clashShown) { this.#say(''); }
    if (reshaped) {
      this.#cursor = Math.min(this.#cursor, values.length - 1);
      this.#buildBoard();
      this.#buildPad();
      this.#reflectSize();
    }
    this.#render();
    this.#requestConflicts();
    if (cause !== 'initial') this.#emit('change', { puzzle: this.puzzle, size: this.size, cause });
  }

  #travel(from, to, cause) {
    const entry = from.pop();
    if (!entry) { this.#say(cause === 'undo' ? 'Nothing to undo.' : 'Nothing to redo.'); return; }
    to.push(this.#snapshot());
    this.#set(entry.values, entry.shape, cause, entry);
    this.#say(cause === 'undo' ? 'Undone.' : 'Redone.');
  }

  #hideSolution() {
    if (this.#solution) { this.#solution = null; this.#render(); this.#say(''); }
  }

  // -- order: a pasted text the engine must read holds back the edits that come after it ---------------
  /** Run an edit now, or, while a pasted text is being read, after it (and after edits queued before).
   *  `edit` must not come back here: it is the edit itself. */
  #inOrder(edit) {
    if (this.#reading) this.#queue(edit);
    else edit();
  }

  #queue(task) {
    const next = (this.#reading ?? Promise.resolve()).then(task).catch(() => { /* reported by the task */ });
    this.#reading = next;
    this.#board.setAttribute('aria-busy', 'true');
    next.then(() => {
      if (this.#reading !== next) return;
      this.#reading = null;
      this.#board.removeAttribute('aria-busy');
    });
    return next;
  }

  /** Resolves once every pasted text, and the edits made behind it, is on the board. */
  async #afterReading() {
    while (this.#reading) await this.#reading;
  }

  /** Before a button acts: the board as the person left it, and a ready engine. */
  async #readyFor(waiting) {
    if (this.#reading || this.#engineState !== 'ready') this.#say(waiting);
    await this.#afterReading();
    await this.#whenReady();
  }

  #setCell(index, value) {
    this.#inOrder(() => this.#setCellNow(index, value));
  }

  #setCellNow(index, value) {
    if (this.#values[index] === value) {             // nothing changes, but a shown solution is now stale
      this.#hideSolution();
      return;
    }
    const values = this.#values.slice();
    values[index] = value;
    this.#commit(values, this.#shape, 'edit');
  }

  #applySize(text, live) {
    if (live) this.#inOrder(() => this.#applySizeNow(text, live));
    else this.#applySizeNow(text, live);
  }

  #applySizeNow(text, live) {
    const shape = parseSize(text);
    if (!shape) {
      if (text !== null) this.#say(`"${String(text).slice(0, 20)}" is not a size: write it like 9x9, 6x6 or 2x3.`, 'error');
      return;
    }
    if (sameShape(shape, this.#shape)) return;
    const values = shape.side === this.#shape.side ? this.#values.slice() : new Array(shape.side * shape.side).fill(0);
    const hadGivens = this.#values.some((v) => v) && shape.side !== this.#shape.side;
    if (!live) { this.#set(values, shape, 'initial'); return; }
    this.#commit(values, shape, 'size');
    this.#say(hadGivens ? `Switched to ${sizeName(shape)}. Undo brings the previous grid back.` : '');
  }

  #reflectSize() {
    const name = sizeName(this.#shape);
    const current = parseSize(this.getAttribute('size'));
    if (!current || !sameShape(current, this.#shape)) {
      this.#started = false;                       // reflect without re-applying
      this.setAttribute('size', name);
      this.#started = true;
    }
  }

  /** A puzzle given as text: the exchange line is decoded here; anything else goes to the engine's parser. */
  #loadPuzzle(text, cause) {
    if (cause === 'initial') this.#loadPuzzleNow(text, cause);
    else this.#inOrder(() => this.#loadPuzzleNow(text, cause));
  }

  #loadPuzzleNow(text, cause) {
    const line = String(text).trim();
    if (line === '') {
      if (cause !== 'initial' && this.#values.some((v) => v)) this.#commit(new Array(this.#values.length).fill(0), this.#shape, cause);
      else this.#hideSolution();
      return;
    }
    const sameSide = decodeLine(line, this.#shape);
    const decoded = sameSide ? { shape: this.#shape, values: sameSide } : decodePlainGrid(line, this.#shape);
    if (decoded) {
      if (cause === 'initial') this.#set(decoded.values, decoded.shape, cause);
      else if (encodeLine(decoded.values) !== this.puzzle || !sameShape(decoded.shape, this.#shape)) {
        this.#loaded(decoded.values, decoded.shape, cause);
      } else {
        this.#hideSolution();                 // the same puzzle again: show it as given
      }
      return;
    }
    this.#parseWithEngine(String(text), cause === 'initial' ? 'attribute' : cause);
  }

  /** Text that is not plainly a grid is read by the engine's parser: the board waits for it, in order. */
  #parseWithEngine(text, cause) {
    if (this.#engineState !== 'ready') this.#say('Reading the puzzle: it appears as soon as the engine has loaded…');
    else this.#say('Reading the puzzle…');
    this.#queue(() => this.#read(text, cause));
  }

  async #read(text, cause) {
    let result;
    try {
      await this.#whenReady();
      result = await this.#engine.request('parse', { text }, { timeoutMs: SHORT_TIMEOUT_MS });
    } catch (error) {
      const where = error?.code === 'parse' ? '' : ' (the engine is not available)';
      const message = `Could not read that puzzle${where}: ${String(error?.message ?? error).replace(/\.$/, '')}. The grid was left as it was.`;
      this.#say(message, 'error');
      this.#emit('error', { code: error?.code ?? 'parse', message, cells: [] });
      return;
    }
    const shape = result.boxRows && result.boxCols
      ? { side: result.boxRows * result.boxCols, rows: result.boxRows, cols: result.boxCols }
      : parseSize(result.shape);
    const values = Array.isArray(result.values) ? result.values.slice() : decodeLine(result.line, shape);
    if (!shape || shape.side > MAX_SIDE || !values) {
      this.#say(`That is a ${result.side}x${result.side} grid; this board shows up to ${MAX_SIDE}x${MAX_SIDE}.`, 'error');
      return;
    }
    this.#loaded(values, shape, cause, true);
  }

  /** A whole puzzle in place of the grid (undoable); a paste or a parsed text is confirmed in the status. */
  #loaded(values, shape, cause, announce = cause === 'paste') {
    const switched = !sameShape(shape, this.#shape);
    this.#commit(values, shape, cause);
    if (!announce) return;
    const givens = values.filter((v) => v).length;
    const what = switched ? `a ${sizeName(shape)} puzzle` : 'the puzzle';
    this.#say(`Loaded ${what} with ${givens} givens.`, 'ok');
  }

  // -- events from the person ---------------------------------------------------------------------
  #onBoardKeydown = (e) => {
    const index = this.#cellIndex(e.target);
    if (index < 0) return;
    const n = this.#shape.side;
    const row = Math.floor(index / n);
    const col = index % n;
    if (e.altKey || e.metaKey || e.ctrlKey) {
      if (e.ctrlKey && e.key === 'Home') { this.#focusCell(0); e.preventDefault(); }
      else if (e.ctrlKey && e.key === 'End') { this.#focusCell(n * n - 1); e.preventDefault(); }
      return;                                  // undo/redo and browser shortcuts are handled elsewhere
    }
    let handled = true;
    switch (e.key) {
      case 'ArrowUp': this.#focusCell(Math.max(row - 1, 0) * n + col); break;
      case 'ArrowDown': this.#focusCell(Math.min(row + 1, n - 1) * n + col); break;
      case 'ArrowLeft': this.#focusCell(row * n + Math.max(col - 1, 0)); break;
      case 'ArrowRight': this.#focusCell(row * n + Math.min(col + 1, n - 1)); break;
      case 'Home': this.#focusCell(row * n); break;
      case 'End': this.#focusCell(row * n + n - 1); break;
      case 'Backspace': case 'Delete': case '0': case '.': case ' ':
        if (!this.readOnly) this.#setCell(index, 0);
        break;
      default: {
        const k = e.key.length === 1 ? ALPHABET.slice(0, n).indexOf(e.key.toUpperCase()) : -1;
        if (k >= 0 && !this.readOnly) this.#setCell(index, k + 1);
        else handled = false;
      }
    }
    if (handled) e.preventDefault();
  };

  #onRootKeydown = (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || this.readOnly) return;
    const key = e.key.toLowerCase();
    if (key === 'z' && !e.shiftKey) this.undo();
    else if (key === 'y' || (key === 'z' && e.shiftKey)) this.redo();
    else return;
    e.preventDefault();
  };

  #onBoardFocusin = (e) => {
    const index = this.#cellIndex(e.target);
    if (index >= 0 && index !== this.#cursor) { this.#cursor = index; this.#renderCursor(); }
    this.#renderPeers();
  };

  #onBoardFocusout = () => { queueMicrotask(() => this.#renderPeers()); };

  #onBoardPointerdown = (e) => {
    const cell = e.target.closest?.('[role="gridcell"]');
    if (cell) cell.focus();
  };

  #onPaste = (e) => {
    if (this.readOnly) return;
    const text = e.clipboardData?.getData('text/plain') ?? '';
    const trimmed = text.trim();
    if (!trimmed) return;
    e.preventDefault();
    const index = this.#cellIndex(e.target);
    const k = trimmed.length === 1 ? ALPHABET.slice(0, this.#shape.side).indexOf(trimmed.toUpperCase()) : -1;
    if (k >= 0 && index >= 0) { this.#setCell(index, k + 1); return; }
    this.#loadPuzzle(text, 'paste');
  };

  #onControlClick = (e) => {
    const action = e.target.closest?.('button')?.dataset.action;
    if (action === 'solve') this.solve().catch(() => {});      // the status and the error event tell it
    else if (action === 'check') this.check().catch(() => {});
    else if (action === 'hint') this.hint().catch(() => {});
    else if (action === 'candidates') this.showCandidates = !this.#showMarks;
    else if (action === 'rate') this.rate().catch(() => {});
    else if (action === 'undo') this.undo();
    else if (action === 'redo') this.redo();
    else if (action === 'clear') this.clear();
  };

  #onPadMousedown = (e) => { if (e.target.closest?.('button')) e.preventDefault(); };  // keep focus on the board

  #onPadClick = (e) => {
    const b = e.target.closest?.('button');
    if (!b || this.readOnly) return;
    this.#setCell(this.#cursor, Number(b.dataset.value));
    if (this.#board.contains(this.shadowRoot.activeElement) || !this.#pad.contains(this.shadowRoot.activeElement)) {
      this.#cells[this.#cursor]?.focus({ preventScroll: true });
    }
  };

  // -- rendering ----------------------------------------------------------------------------------
  #cellIndex(node) {
    const i = node?.dataset?.index;
    return i === undefined ? -1 : Number(i);
  }

  #focusCell(index) {
    this.#cursor = index;
    this.#renderCursor();
    this.#cells[index]?.focus();
  }

  #buildBoard() {
    const { side: n, rows: br, cols: bc } = this.#shape;
    this.#board.style.setProperty('--n', String(n));
    this.#board.style.setProperty('--br', String(br));
    this.#board.style.setProperty('--bc', String(bc));
    this.#board.style.setProperty('--mk', String(Math.max(br, bc)));
    this.#board.setAttribute('aria-label', `Sudoku grid, ${n} by ${n}`);
    const rows = [];
    this.#cells = [];
    for (let r = 0; r < n; r++) {
      const row = make('div', { className: 'row' }, { role: 'row' });
      for (let c = 0; c < n; c++) {
        const cell = make('div', {}, { role: 'gridcell', 'aria-label': `Row ${r + 1}, column ${c + 1}`, tabindex: '-1' });
        cell.dataset.index = String(r * n + c);
        cell.dataset.side = String(n);
        const edges = ['cell'];
        if (c === n - 1) edges.push('last-col'); else if ((c + 1) % bc === 0) edges.push('box-right');
        if (r === n - 1) edges.push('last-row'); else if ((r + 1) % br === 0) edges.push('box-bottom');
        cell.dataset.edges = edges.join(' ');
        row.append(cell);
        this.#cells.push(cell);
      }
      rows.push(row);
    }
    this.#board.replaceChildren(...rows);
    this.#renderCursor();
  }

  #buildPad() {
    const n = this.#shape.side;
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
    this.#pad.style.setProperty('--pad-cols', String(cols));
    const remainder = (cols - (n % cols)) % cols || cols;
    this.#pad.style.setProperty('--erase-span', String(remainder));
    this.#pad.replaceChildren(...buttons);
  }

  #renderControls() {
    const raw = this.getAttribute('controls');
    const wanted = new Set(raw === null ? ALL_CONTROLS : raw.toLowerCase().split(/[\s,]+/).filter(Boolean));
    const editing = !this.readOnly;
    for (const [name, b] of Object.entries(this.#buttons)) {
      b.hidden = !wanted.has(name) || (!editing && (name === 'undo' || name === 'redo' || name === 'clear'));
    }
    this.#controls.hidden = Object.values(this.#buttons).every((b) => b.hidden);
    this.#pad.hidden = !wanted.has('pad') || !editing;
    this.#stepsPanel.details.hidden = !wanted.has('steps');
    if (this.#stepsPanel.details.hidden && this.#stepsPanel.open) this.#stepsPanel.details.open = false;
    this.#board.setAttribute('aria-readonly', String(!editing));
  }

  #renderCursor() {
    this.#cells.forEach((cell, i) => { cell.tabIndex = i === this.#cursor ? 0 : -1; });
  }

  #renderPeers() {
    const active = this.shadowRoot.activeElement;
    const focused = active && this.#board.contains(active) ? this.#cellIndex(active) : -1;
    const { side: n, rows: br, cols: bc } = this.#shape;
    const fr = Math.floor(focused / n), fc = focused % n;
    const box = (r, c) => Math.floor(r / br) * 1000 + Math.floor(c / bc);
    const fbox = box(fr, fc);
    this.#cells.forEach((cell, i) => {
      const r = Math.floor(i / n), c = i % n;
      const peer = focused >= 0 && i !== focused && (r === fr || c === fc || box(r, c) === fbox);
      cell.classList.toggle('peer', peer);
    });
  }

  #render() {
    const view = this.#view();
    const { values, deco } = view;
    for (let i = 0; i < this.#cells.length; i++) {
      const cell = this.#cells[i];
      const ghost = deco.place.get(i);
      const given = this.#values[i];
      const v = values[i] || (ghost ?? 0);
      const kind = given ? 'given' : ghost && !values[i] ? 'ghost' : values[i] ? view.kindOfFilled : 'empty';
      const clash = this.#conflictCells.has(i);
      const text = v ? ALPHABET[v - 1] : '';
      const marks = !v && view.marks ? view.marks[i] : null;
      if (marks) {
        for (const node of [...cell.childNodes]) if (node.nodeType === Node.TEXT_NODE) node.remove();
        paintMarks(cell, marks, deco.marks.get(i), ALPHABET);
      } else {
        paintMarks(cell, null);
        if (cell.textContent !== text) cell.textContent = text;
      }
      const lit = this.#highlightClasses(i, deco, view.pointed);
      const classes = `${cell.dataset.edges} ${kind}${clash ? ' conflict' : ''}${lit}${cell.classList.contains('peer') ? ' peer' : ''}`;
      if (cell.className !== classes) cell.className = classes;
      cell.setAttribute('part', `cell${kind === 'empty' ? '' : ` ${kind}`}${clash ? ' conflict' : ''}`);
      if (clash) cell.setAttribute('aria-invalid', 'true'); else cell.removeAttribute('aria-invalid');
      const description = this.#describeCell(i, { v, kind, text, clash, marks, deco, pointed: view.pointed });
      if (cell.getAttribute('aria-description') !== description) cell.setAttribute('aria-description', description);
    }
    if (deco.links.length) this.#links.draw(deco.links, this.#shape); else this.#links.clear();
    this.#buttons.undo.disabled = this.#undo.length === 0;
    this.#buttons.redo.disabled = this.#redo.length === 0;
  }

  /** What the board shows now: the person's grid (with the solution, a hint, pointed cells), or a step of the path. */
  #view() {
    const path = this.#path;
    if (path && path.version === this.#version && this.#stepsPanel.open) {
      const { values, marks } = this.#positionBefore(path.index);
      const step = path.steps[path.index];
      const pointed = path.index >= path.steps.length ? new Set(path.cells) : new Set();
      return { values, marks, deco: decoration(step, 2), pointed, kindOfFilled: 'stepped' };
    }
    const values = this.#solution ? this.#values.map((v, i) => v || this.#solution[i]) : this.#values;
    const hint = this.#hint && this.#hint.version === this.#version ? this.#hint : null;
    const deco = decoration(hint?.step, hint?.stage);
    const wantMarks = this.#showMarks || deco.showMarks;
    const marks = wantMarks && !this.#solution ? this.#currentMarks() : null;
    const pointed = new Set(this.#pointed && this.#pointed.version === this.#version ? this.#pointed.cells : []);
    return { values, marks, deco, pointed, kindOfFilled: 'solved' };
  }

  #highlightClasses(i, deco, pointed) {
    let out = '';
    if (deco.area.has(i)) out += ' hl-area';
    if (deco.pattern.has(i)) out += ' hl-pattern';
    if (deco.place.has(i)) out += ' hl-place';
    if (deco.wrong.has(i)) out += ' hl-wrong';
    if (pointed.has(i)) out += ' hl-pointed';
    return out;
  }

  /** The cell's description for screen readers: its digit or marks, and what the hint or step says of it. */
  #describeCell(i, { v, kind, text, clash, marks, deco, pointed }) {
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

  #say(text, tone = '') {
    this.#clashShown = false;
    this.#status.textContent = text;
    this.#status.className = `status${tone ? ` ${tone}` : ''}`;
  }

  #emit(name, detail) {
    this.dispatchEvent(new CustomEvent(`sudoku-solver-${name}`, { detail, bubbles: true }));
  }
}

if (!customElements.get('sudoku-solver')) customElements.define('sudoku-solver', SudokuSolverElement);
