// <sudoku-solver>: a Sudoku board that asks the Python engine (Pyodide, in a Web Worker) for every answer.
//
// This element is the controller: it holds the grid and what is shown on it, takes the person's input, and
// asks the engine. It never solves, parses or validates: text that is not plainly a grid goes to the engine's
// `parse` op, clashes come from `conflicts`, answers from `solve` and `check`. Its parts live beside it:
// grid-codec.js (the alphabet, sizes, the exchange line), solver-style.js (the stylesheet),
// engine-session.js (starting the engine, latest-request-wins, error sentences), history.js (undo/redo),
// board-view.js (drawing the board) and logic-view.js (pencil marks, hints, the step list and its replay).
//
//   <script type="module" src="sudoku-solver.js"></script>
//   <sudoku-solver puzzle="4.....8.5.3..." size="9x9" controls="solve check clear undo redo pad"></sudoku-solver>
//
// docs/embedding.md is the whole contract (attributes, methods, events, parts), for pages of any origin:
// every asset is found from this file's own URL, and the page-wide engine is shared by every widget.

import {
  MAX_SIDE, decodeLine, decodePlainGrid, encodeLine, parseSize, sameShape, shapeSpec, sizeName, valueOfKey,
} from './grid-codec.js';
import { EngineSession, progressText, sentenceFor, solverError } from './engine-session.js';
import { History } from './history.js';
import { BoardView, cellIndex, make } from './board-view.js';
import { decoration, positionBefore } from './logic-view.js';
import { styleSheet } from './solver-style.js';

const SOLUTION_LIMIT = 20;          // several solutions: count up to this many and say "at least N"
const SEARCH_BUDGET_MS = 20000;     // the Python search gives up after this ('gave_up'), before engine.js's
                                    // own time limit (30 s) stops the worker
const SHORT_TIMEOUT_MS = 10000;    // parse and conflicts, quick by nature
const CONFLICTS_DEBOUNCE_MS = 40;
const ALL_CONTROLS = ['solve', 'check', 'hint', 'candidates', 'rate', 'undo', 'redo', 'clear', 'pad', 'steps'];
const HINT_TIMEOUT_MS = 30000;     // a hint on an open 9x9 takes well under a second; 4 times this past 9x9
const PATH_TIMEOUT_MS = 180000;    // the whole path of a 16x16 can take a minute in Pyodide
const RATE_TIMEOUT_MS = 180000;    // rating a 16x16 runs every technique many times: minutes, not seconds
const MARKS_DEBOUNCE_MS = 60;
// Loading a puzzle sets the givens (what Hint checks entries against); typing adds the person's entries.
const LOADING_CAUSES = new Set(['initial', 'attribute', 'paste', 'clear', 'size']);

function formatMs(ms) {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '';
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10000 ? 2 : 1)} s`;
}


export class SudokuSolverElement extends HTMLElement {
  static observedAttributes = ['puzzle', 'size', 'readonly', 'controls', 'loading'];

  #shape = parseSize('9x9');
  #values = new Array(81).fill(0);    // what the person (or the puzzle attribute) put in: the givens
  #solution = null;                   // values from the engine, shown in empty cells, or null
  #conflictCells = new Set();
  #history = new History();
  #version = 0;                       // bumped on every change of the givens or the shape
  #started = false;                   // connected once: attributes apply live from then on
  #session = new EngineSession(this, {
    state: (state) => this.#onEngineState(state),
    progress: (detail) => this.#showProgress(detail),
    ready: (info) => this.#onEngineReady(info),
    failed: (sentence) => this.#onEngineFailed(sentence),
  });
  #readyFired = false;
  #conflictsTimer = 0;
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
  #pointed = null;                    // {version, cells}: cells a diagnosis points at
  #path = null;                       // {version, steps, candidates, values, status, message, cells, index}
  #ui;                                // board-view.js: the shadow DOM

  constructor() {
    super();
    const shadow = this.attachShadow({ mode: 'open', delegatesFocus: false });
    shadow.adoptedStyleSheets = [styleSheet()];
    this.#ui = new BoardView(shadow, {
      onToggle: (open) => this.#onStepsToggle(open),
      onGo: (index) => this.#goToStep(index),
      onRefresh: () => this.#loadPath(),
    });
    this.#ui.retry.addEventListener('click', () => this.retry());
    this.#ui.build(this.#shape);
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
  get engineState() { return this.#session.state; }

  attributeChangedCallback(name, oldValue, value) {
    if (!this.#started) return;            // the first connect applies them in a fixed order
    if (name === 'puzzle') { if (value !== null) this.#loadPuzzle(value, 'attribute'); }
    else if (name === 'size') this.#applySize(value, true);
    else if (name === 'readonly' || name === 'controls') this.#renderControls();
    else if (name === 'loading' && this.isConnected) this.#session.startWhenWanted(this.loading === 'eager');
  }

  connectedCallback() {
    this.#ui.board.addEventListener('keydown', this.#onBoardKeydown);
    this.#ui.board.addEventListener('focusin', this.#onBoardFocusin);
    this.#ui.board.addEventListener('focusout', this.#onBoardFocusout);
    this.#ui.board.addEventListener('pointerdown', this.#onBoardPointerdown);
    this.#ui.root.addEventListener('keydown', this.#onRootKeydown);
    this.#ui.root.addEventListener('paste', this.#onPaste);
    this.#ui.root.addEventListener('focusin', this.#session.start);
    this.#ui.root.addEventListener('pointerdown', this.#session.start);
    this.#ui.controls.addEventListener('click', this.#onControlClick);
    this.#ui.pad.addEventListener('mousedown', this.#onPadMousedown);
    this.#ui.pad.addEventListener('click', this.#onPadClick);

    if (!this.#started) {
      this.#started = true;
      if (this.hasAttribute('size')) this.#applySize(this.getAttribute('size'), false);
      if (this.hasAttribute('puzzle')) this.#loadPuzzle(this.getAttribute('puzzle'), 'initial');
      this.#renderControls();
    }
    this.#session.startWhenWanted(this.loading === 'eager');
    this.#render();
  }

  disconnectedCallback() {
    this.#ui.board.removeEventListener('keydown', this.#onBoardKeydown);
    this.#ui.board.removeEventListener('focusin', this.#onBoardFocusin);
    this.#ui.board.removeEventListener('focusout', this.#onBoardFocusout);
    this.#ui.board.removeEventListener('pointerdown', this.#onBoardPointerdown);
    this.#ui.root.removeEventListener('keydown', this.#onRootKeydown);
    this.#ui.root.removeEventListener('paste', this.#onPaste);
    this.#ui.root.removeEventListener('focusin', this.#session.start);
    this.#ui.root.removeEventListener('pointerdown', this.#session.start);
    this.#ui.controls.removeEventListener('click', this.#onControlClick);
    this.#ui.pad.removeEventListener('mousedown', this.#onPadMousedown);
    this.#ui.pad.removeEventListener('click', this.#onPadClick);
    this.#session.stop();
    clearTimeout(this.#conflictsTimer);
  }

  // -- public methods -----------------------------------------------------------------------------
  /** Solve the grid with the engine. Resolves to the solution line; rejects with an Error carrying .code
   *  ('conflict', 'no_solution', 'timeout', 'gave_up', 'engine', 'changed', ...), .message and .cells. */
  async solve() {
    await this.#readyFor('Solve will run as soon as the engine has loaded…');
    const version = this.#version;
    const puzzle = this.puzzle;
    this.#say('Solving…');
    // The engine reports its first solution before it has counted the others: show it at once (proving
    // it is the only one can take as long again), then say what the count found.
    const onProgress = (found) => {
      if (found.stage !== 'solution' || version !== this.#version) return;
      const values = Array.isArray(found.values) ? found.values.slice() : decodeLine(found.solution, this.#shape);
      this.#solution = values;
      this.#render();
      const time = formatMs(found.ms);
      this.#say(`Found a solution${time ? ` in ${time}` : ''}; checking that it is the only one…`);
      this.#emit('found', { solution: encodeLine(values), puzzle, ms: found.ms });
    };
    let result;
    try {
      result = await this.#session.ask('solve',
        { puzzle, shape: shapeSpec(this.#shape), limit: SOLUTION_LIMIT, maxMs: SEARCH_BUDGET_MS }, { onProgress });
    } catch (error) {
      if (error.code === 'superseded') throw error;
      throw this.#fail(error, 'solve');
    }
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
      result = await this.#session.ask('check', { puzzle: this.puzzle, shape: shapeSpec(this.#shape), maxMs: SEARCH_BUDGET_MS });
    } catch (error) {
      if (error.code === 'superseded') throw error;
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
    this.#ui.retry.hidden = true;
    this.#say('Trying again…');
    this.#session.retry();
  }

  /** Empty the grid (undoable). */
  clear() {
    this.#inOrder(() => {
      if (this.#values.every((v) => v === 0) && !this.#solution) { this.#say('The grid is already empty.'); return; }
      this.#commit(new Array(this.#values.length).fill(0), this.#shape, 'clear');
      this.#say('Cleared. Undo brings it back.');
    });
  }

  undo() { this.#inOrder(() => this.#travel('undo')); }
  redo() { this.#inOrder(() => this.#travel('redo')); }

  // -- human-style solving: pencil marks, hints, rating, the step list ------------------------------
  /** Whether the pencil marks (computed by the engine, less what applied hints removed) show in empty cells. */
  get showCandidates() { return this.#showMarks; }
  set showCandidates(value) {
    this.#showMarks = Boolean(value);
    this.#ui.buttons.candidates.setAttribute('aria-pressed', String(this.#showMarks));
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
    const version = this.#version;
    const payload = { puzzle: this.puzzle, shape: shapeSpec(this.#shape) };
    const givens = this.#givensLine();
    if (givens) payload.givens = givens;
    if (this.#eliminated.size) payload.eliminated = [...this.#eliminated].map((k) => k.split(':').map(Number));
    this.#say('Looking for a hint…');
    let result;
    try {
      result = await this.#session.ask('hint', payload, { timeoutMs: HINT_TIMEOUT_MS * (this.#shape.side > 9 ? 4 : 1) });
    } catch (error) {
      if (error.code === 'superseded') throw error;
      throw this.#fail(error, 'give a hint for');
    }
    if (version !== this.#version) {
      const error = solverError('changed', 'The grid changed while the hint was being found: press Hint again.');
      this.#say(error.message);
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
    this.#emit('hint', { stage, status: 'step', step: data, message: this.#ui.status.textContent, cells: step.cells });
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
    this.#ui.buttons.rate.disabled = true;
    let result;
    try {
      result = await this.#session.ask('rate', { puzzle: this.puzzle, shape: shapeSpec(this.#shape) }, { timeoutMs: RATE_TIMEOUT_MS });
    } catch (error) {
      if (error.code === 'superseded') throw error;
      throw this.#fail(error, 'rate');
    } finally {
      this.#ui.buttons.rate.disabled = false;
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
    if (!this.#showMarks && !(this.#hint && this.#hint.stage === 2) || this.#session.state !== 'ready') return;
    if (this.#marks?.version === this.#version) return;
    this.#marksTimer = setTimeout(() => {
      const version = this.#version;
      this.#session.ask('candidates', { puzzle: this.puzzle, shape: shapeSpec(this.#shape) }, { timeoutMs: SHORT_TIMEOUT_MS })
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
    if (this.#ui.stepsPanel.open) this.#ui.stepsPanel.details.open = false;
  }

  async #loadPath() {
    this.#hint = null;
    this.#path = null;
    this.#ui.stepsPanel.message(`Working out the steps…${this.#shape.side > 9 ? ' (a big grid can take a minute or more)' : ''}`);
    let result;
    let version;
    try {
      await this.#afterReading();
      await this.#session.whenReady();
      version = this.#version;
      result = await this.#session.ask('path', { puzzle: this.puzzle, shape: shapeSpec(this.#shape) }, { timeoutMs: PATH_TIMEOUT_MS });
    } catch (error) {
      if (error.code === 'superseded') return;
      const why = error?.code === 'conflict' ? `two digits clash: ${error.message}` : String(error?.message ?? error);
      this.#ui.stepsPanel.message(`No steps: ${why.replace(/\.$/, '')}.`, { stale: true });
      return;
    }
    if (version !== this.#version) { this.#ui.stepsPanel.message('The grid changed meanwhile.', { stale: true }); return; }
    const steps = Array.isArray(result.steps) ? result.steps : [];
    this.#path = { version, steps, candidates: result.candidates, values: this.#values.slice(),
      cells: Array.isArray(result.cells) ? result.cells : [], index: 0, cache: [] };
    this.#ui.stepsPanel.load(steps, String(result.message ?? ''), make);
    this.#goToStep(0);
  }

  #goToStep(index) {
    const path = this.#path;
    if (!path || path.version !== this.#version) return;
    const at = Math.max(0, Math.min(path.steps.length, Number(index) || 0));
    path.index = at;
    this.#ui.stepsPanel.show(at, path.steps);
    this.#render();
    this.#emit('step', { index: at, count: path.steps.length, step: path.steps[at] ?? null });
  }

  // -- engine (engine-session.js starts it and words its failures) ----------------------------------
  #onEngineState(state) {
    if (state === 'loading') this.#showProgress({ fraction: 0 });
    this.setAttribute('engine-state', state);
    this.#ui.showEngineState(state);
  }

  #showProgress(detail) {
    this.#ui.showProgress(detail.fraction, progressText(detail));
  }

  #onEngineReady(info) {
    if (!this.#readyFired) {
      this.#readyFired = true;
      this.#emit('ready', { info });
    }
    this.#requestConflicts();
    this.#requestMarks(0);
  }

  #onEngineFailed(sentence) {
    this.#say(sentence, 'error');
    this.#emit('error', { code: 'engine', message: sentence, cells: [] });
  }

  /** Turn an engine rejection into a sentence, marks and an event; returns the Error to throw. */
  #fail(error, op) {
    const code = error?.code ?? 'engine';
    const cells = Array.isArray(error?.cells) ? error.cells : [];
    if (code === 'conflict') this.#markConflicts(cells);
    const message = sentenceFor(error, op);
    this.#say(message, 'error');
    this.#emit('error', { code, message, cells });
    return solverError(code, message, cells);
  }

  // Live clash marks: ask the engine after each edit, debounced; only the latest answer counts.
  #requestConflicts() {
    clearTimeout(this.#conflictsTimer);
    if (this.#session.state !== 'ready') return;
    this.#conflictsTimer = setTimeout(() => {
      const version = this.#version;
      this.#session.ask('conflicts', { puzzle: this.puzzle, shape: shapeSpec(this.#shape) }, { timeoutMs: SHORT_TIMEOUT_MS })
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
    this.#history.record(this.#snapshot());
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
    if (this.#path && this.#ui.stepsPanel.open) this.#ui.stepsPanel.message('The grid changed since these steps were worked out.', { stale: true });
    this.#path = null;
    this.#requestMarks();
    if (this.#clashShown) { this.#say(''); }
    if (reshaped) {
      this.#ui.build(shape);
      this.#reflectSize();
    }
    this.#render();
    this.#requestConflicts();
    if (cause !== 'initial') this.#emit('change', { puzzle: this.puzzle, size: this.size, cause });
  }

  #travel(cause) {
    const entry = cause === 'undo' ? this.#history.undo(this.#snapshot()) : this.#history.redo(this.#snapshot());
    if (!entry) { this.#say(cause === 'undo' ? 'Nothing to undo.' : 'Nothing to redo.'); return; }
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
    this.#ui.board.setAttribute('aria-busy', 'true');
    next.then(() => {
      if (this.#reading !== next) return;
      this.#reading = null;
      this.#ui.board.removeAttribute('aria-busy');
    });
    return next;
  }

  /** Resolves once every pasted text, and the edits made behind it, is on the board. */
  async #afterReading() {
    while (this.#reading) await this.#reading;
  }

  /** Before a button acts: the board as the person left it, and a ready engine. */
  async #readyFor(waiting) {
    if (this.#reading || this.#session.state !== 'ready') this.#say(waiting);
    await this.#afterReading();
    try {
      await this.#session.whenReady();
    } catch (error) {
      this.#say(error.message, 'error');
      throw error;
    }
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
    if (this.#session.state !== 'ready') this.#say('Reading the puzzle: it appears as soon as the engine has loaded…');
    else this.#say('Reading the puzzle…');
    this.#queue(() => this.#read(text, cause));
  }

  async #read(text, cause) {
    let result;
    try {
      result = await this.#session.ask('parse', { text }, { timeoutMs: SHORT_TIMEOUT_MS });
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
    const index = cellIndex(e.target);
    if (index < 0) return;
    const n = this.#shape.side;
    const row = Math.floor(index / n);
    const col = index % n;
    if (e.altKey || e.metaKey || e.ctrlKey) {
      if (e.ctrlKey && e.key === 'Home') { this.#ui.focusCell(0); e.preventDefault(); }
      else if (e.ctrlKey && e.key === 'End') { this.#ui.focusCell(n * n - 1); e.preventDefault(); }
      return;                                  // undo/redo and browser shortcuts are handled elsewhere
    }
    let handled = true;
    switch (e.key) {
      case 'ArrowUp': this.#ui.focusCell(Math.max(row - 1, 0) * n + col); break;
      case 'ArrowDown': this.#ui.focusCell(Math.min(row + 1, n - 1) * n + col); break;
      case 'ArrowLeft': this.#ui.focusCell(row * n + Math.max(col - 1, 0)); break;
      case 'ArrowRight': this.#ui.focusCell(row * n + Math.min(col + 1, n - 1)); break;
      case 'Home': this.#ui.focusCell(row * n); break;
      case 'End': this.#ui.focusCell(row * n + n - 1); break;
      case 'Backspace': case 'Delete': case '0': case '.': case ' ':
        if (!this.readOnly) this.#setCell(index, 0);
        break;
      default: {
        const value = valueOfKey(e.key, n);
        if (value > 0 && !this.readOnly) this.#setCell(index, value);
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
    const index = cellIndex(e.target);
    if (index >= 0 && index !== this.#ui.cursor) { this.#ui.cursor = index; this.#ui.renderCursor(); }
    this.#ui.renderPeers();
  };

  #onBoardFocusout = () => { queueMicrotask(() => this.#ui.renderPeers()); };

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
    const index = cellIndex(e.target);
    const value = valueOfKey(trimmed, this.#shape.side);
    if (value > 0 && index >= 0) { this.#setCell(index, value); return; }
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
    this.#setCell(this.#ui.cursor, Number(b.dataset.value));
    if (this.#ui.board.contains(this.shadowRoot.activeElement) || !this.#ui.pad.contains(this.shadowRoot.activeElement)) {
      this.#ui.cells[this.#ui.cursor]?.focus({ preventScroll: true });
    }
  };

  // -- rendering (board-view.js paints what #view() says) ------------------------------------------------
  #renderControls() {
    const raw = this.getAttribute('controls');
    const wanted = new Set(raw === null ? ALL_CONTROLS : raw.toLowerCase().split(/[\s,]+/).filter(Boolean));
    this.#ui.setControls(wanted, !this.readOnly);
  }

  #render() {
    this.#ui.paint(this.#view(), this.#values, this.#conflictCells);
    this.#ui.buttons.undo.disabled = !this.#history.canUndo;
    this.#ui.buttons.redo.disabled = !this.#history.canRedo;
  }

  /** What the board shows now: the person's grid (with the solution, a hint, pointed cells), or a step of the path. */
  #view() {
    const path = this.#path;
    if (path && path.version === this.#version && this.#ui.stepsPanel.open) {
      const { values, marks } = positionBefore(path, path.index);
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

  #say(text, tone = '') {
    this.#clashShown = false;
    this.#ui.say(text, tone);
  }

  #emit(name, detail) {
    this.dispatchEvent(new CustomEvent(`sudoku-solver-${name}`, { detail, bubbles: true }));
  }
}

if (!customElements.get('sudoku-solver')) customElements.define('sudoku-solver', SudokuSolverElement);
