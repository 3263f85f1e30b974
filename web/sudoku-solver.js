// <sudoku-solver>: a Sudoku board that asks the Python engine (Pyodide, in a Web Worker) for every answer.
//
// This element is the controller: it holds the grid and what is shown on it, takes the person's input, and
// asks the engine. It never solves, parses or validates: text that is not plainly a grid goes to the engine's
// `parse` op, clashes come from `conflicts`, answers from `solve` and `check`. Its parts live beside it:
// grid-codec.js (the alphabet, sizes, the exchange line), solver-style.js (the stylesheet),
// engine-session.js (starting the engine, latest-request-wins, error sentences), history.js (undo/redo),
// board-view.js (drawing the board), logic-view.js (pencil marks, hints, the step list and its replay),
// variant-view.js (drawing variant rules) and rules-editor.js (the rules bar that draws them, `edit-rules`).
//
//   <script type="module" src="sudoku-solver.js"></script>
//   <sudoku-solver puzzle="4.....8.5.3..." size="9x9" controls="solve check clear undo redo pad"></sudoku-solver>
//
// docs/embedding.md is the whole contract (attributes, methods, events, parts), for pages of any origin:
// every asset is found from this file's own URL, and the page-wide engine is shared by every widget.

import {
  MAX_SIDE, decodeLine, decodePlainGrid, encodeLine, parseSize, sameShape, shapeSpec, sizeName, valueOfKey,
} from './grid-codec.js';
import { EngineSession, formatMs, progressText, sentenceFor, solverError } from './engine-session.js';
import { EditQueue } from './edit-queue.js';
import { History } from './history.js';
import { BoardView, cellIndex } from './board-view.js';
import { LogicController } from './logic-controller.js';
import { styleSheet } from './solver-style.js';
import { readRules } from './variant-view.js';

const SOLUTION_LIMIT = 20;          // several solutions: count up to this many and say "at least N"
const SEARCH_BUDGET_MS = 20000;     // the Python search gives up after this ('gave_up'), before engine.js's
                                    // own time limit (30 s) stops the worker
const SHORT_TIMEOUT_MS = 10000;    // parse and conflicts, quick by nature
const CONFLICTS_DEBOUNCE_MS = 40;
const ALL_CONTROLS = ['solve', 'check', 'hint', 'why', 'candidates', 'rate', 'undo', 'redo', 'clear', 'pad', 'steps'];
const ERASE_KEYS = new Set(['Backspace', 'Delete', '0', '.', ' ']);
// Loading a puzzle sets the givens (what Hint checks entries against); typing adds the person's entries.
const LOADING_CAUSES = new Set(['initial', 'attribute', 'paste', 'clear', 'size']);

export class SudokuSolverElement extends HTMLElement {
  static observedAttributes = ['puzzle', 'size', 'readonly', 'controls', 'loading', 'rules', 'edit-rules'];

  #shape = parseSize('9x9');
  #values = new Array(81).fill(0);    // what the person (or the puzzle attribute) put in: the givens
  #solution = null;                   // values from the engine, shown in empty cells, or null
  #rules = null;                      // variant rules (Rules.to_dict()'s form), or null for classic Sudoku
  #conflictCells = new Set();
  #history = new History();
  #version = 0;                       // bumped on every change of the givens or the shape
  #started = false;                   // connected once: attributes apply live from then on
  #session = new EngineSession(this, {
    state: (state) => this.#onEngineState(state),
    progress: (detail) => this.#showProgress(detail),
    upgrading: (detail) => {              // Hint, Rate... wait for the full engine's download
      this.#ui.showEngineState(detail ? 'loading' : this.#session.state);
      if (detail) this.#showProgress(detail);
    },
    ready: (info) => this.#onEngineReady(info),
    failed: (sentence) => this.#onEngineFailed(sentence),
  });
  #readyFired = false;
  #conflictsTimer = 0;
  #edits = new EditQueue((busy) => { if (busy) this.#ui.board.setAttribute('aria-busy', 'true'); else this.#ui.board.removeAttribute('aria-busy'); });
  #clashShown = false;                // the status currently shows a live clash message
  #verdictVersion = -1;               // the grid version whose marks came from Solve/Check ("no solution")
  #origin = new Array(81).fill(0);    // the puzzle as loaded: entries typed since then are the person's own
  #eliminated = new Set();            // "cell:digit" marks taken away by applied hints (undoable)
  #logic;                             // logic-controller.js: Candidates, Hint, Rate, Steps
  #editor = null;                     // rules-editor.js: the rules bar, loaded with the first `edit-rules`
  #asking = false;                    // "Why not?" was pressed: the next digit typed is a question, not an entry
  #editorLoading = null;
  #ui;                                // board-view.js: the shadow DOM
  #unlisten = null;                   // aborts the listeners added when connected

  constructor() {
    super();
    const shadow = this.attachShadow({ mode: 'open', delegatesFocus: false });
    shadow.adoptedStyleSheets = [styleSheet()];
    this.#ui = new BoardView(shadow, {
      onToggle: (open) => this.#logic.onStepsToggle(open),
      onGo: (index) => this.#logic.goToStep(index),
      onRefresh: () => this.#logic.loadPath(),
    });
    this.#ui.retry.addEventListener('click', () => this.retry());
    this.#ui.build(this.#shape);
    const element = this;
    this.#logic = new LogicController({
      grid: () => ({ version: this.#version, shape: this.#shape, values: this.#values, puzzle: this.puzzle,
        origin: this.#origin, eliminated: this.#eliminated, solution: this.#solution, rules: this.#rules }),
      session: this.#session,
      ui: this.#ui,
      say: (text, tone) => this.#say(text, tone),
      emit: (name, detail) => this.#emit(name, detail),
      render: () => this.#render(),
      fail: (error, op) => this.#fail(error, op),
      readyFor: (sentence) => this.#readyFor(sentence),
      afterReading: () => this.#edits.settled(),
      commit: (values, shape, cause, logic) => this.#commit(values, shape, cause, logic),
      hideSolution: () => { if (this.#solution) { this.#solution = null; this.#render(); } },
      get readOnly() { return element.readOnly; },
      get isConnected() { return element.isConnected; },
    });
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

  /** Which controls show: space-separated names from ALL_CONTROLS, or "none" (docs/embedding.md). */
  get controls() { return this.getAttribute('controls') ?? ALL_CONTROLS.join(' '); }
  set controls(value) { this.setAttribute('controls', String(value ?? '')); }

  /** Variant rules as an object (docs/variants.md), or null; the attribute holds them as JSON. */
  get rules() { return this.#rules; }
  set rules(value) { this.setAttribute('rules', value ? JSON.stringify(value) : ''); }

  /** Whether the rules bar shows (toggles for X, Windoku, anti-knight, anti-king; cages and regions drawn on
   *  the board; Clear rules). Never on a readonly board. */
  get editRules() { return this.hasAttribute('edit-rules'); }
  set editRules(value) { this.toggleAttribute('edit-rules', Boolean(value)); }

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
    else if (name === 'readonly' || name === 'controls' || name === 'edit-rules') this.#renderControls();
    else if (name === 'rules') this.#edits.run(() => this.#applyRules(value, 'rules'));
    else if (name === 'loading' && this.isConnected) this.#session.startWhenWanted(this.loading === 'eager');
  }

  connectedCallback() {
    this.#unlisten = new AbortController();
    const { signal } = this.#unlisten;
    const on = (target, type, fn) => target.addEventListener(type, fn, { signal });
    this.#ui.listen(signal);
    this.#editor?.listen(signal);
    on(this.#ui.board, 'keydown', this.#onBoardKeydown);
    on(this.#ui.root, 'keydown', this.#onRootKeydown);
    on(this.#ui.root, 'paste', this.#onPaste);
    on(this.#ui.root, 'focusin', this.#session.start);        // a lazy engine starts on first use
    on(this.#ui.root, 'pointerdown', this.#session.start);
    on(this.#ui.controls, 'click', this.#onControlClick);
    on(this.#ui.pad, 'click', this.#onPadClick);

    if (!this.#started) {
      this.#started = true;
      if (this.hasAttribute('size')) this.#applySize(this.getAttribute('size'), false);
      if (this.hasAttribute('puzzle')) this.#loadPuzzle(this.getAttribute('puzzle'), 'initial');
      if (this.hasAttribute('rules')) this.#applyRules(this.getAttribute('rules'), 'initial');
      this.#renderControls();
    }
    this.#session.startWhenWanted(this.loading === 'eager');
    this.#render();
  }

  disconnectedCallback() {
    this.#unlisten?.abort();
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
        { ...this.#payload(), limit: SOLUTION_LIMIT, maxMs: SEARCH_BUDGET_MS }, { onProgress });
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
      result = await this.#session.ask('check', { ...this.#payload(), maxMs: SEARCH_BUDGET_MS });
    } catch (error) {
      if (error.code === 'superseded') throw error;
      throw this.#fail(error, 'check');
    }
    if (version !== this.#version) {
      this.#say('The grid changed while it was being checked: press Check again.');
      return result;
    }
    if (result.status === 'conflict') {
      this.#markConflicts(result.cells ?? []);
      this.#say(`Clash: ${result.message}`, 'error');
    } else {
      if (result.status === 'none') this.#markConflicts(result.cells ?? [], true);
      this.#say(String(result.message ?? result.status), result.status === 'unique' ? 'ok' : 'error');
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
    this.#edits.run(() => {
      if (this.#values.every((v) => v === 0) && !this.#solution) { this.#say('The grid is already empty.'); return; }
      this.#commit(new Array(this.#values.length).fill(0), this.#shape, 'clear');
      this.#say('Cleared. Undo brings it back.');
    });
  }

  undo() { this.#edits.run(() => this.#travel('undo')); }
  redo() { this.#edits.run(() => this.#travel('redo')); }

  // -- human-style solving (logic-controller.js) -------------------------------------------------------
  /** Whether the pencil marks (computed by the engine, less what applied hints removed) show in empty cells. */
  get showCandidates() { return this.#logic.showCandidates; }
  set showCandidates(value) { this.#logic.showCandidates = value; }

  /** One press of Hint. The first press names the technique and highlights where to look; the second shows
   *  the cells and the deduction; the third applies it (undoable). Resolves to the step as data (cells as
   *  indices, see docs/engine-js.md) with its `stage` (1, 2 or 3), or null when there is no step to give
   *  (solved, no solution, several solutions, needs guessing: the status says which and points at cells). */
  hint() { return this.#logic.hint(); }

  /** Why `digit` cannot go in `cell` (an index, row by row from 0): the easiest deduction that rules it out,
   *  shown as a hint's second press (highlights and sentence, not applied). Resolves to the step as data, or
   *  null when there is none to show (the status says why: the solution has that digit there, a digit the
   *  cell sees, no solution or several); a filled cell or a clash rejects with the error the status shows. */
  whyNot(cell, digit) { return this.#logic.why(Number(cell), Number(digit)); }

  /** Rate the puzzle (Sudoku Explainer's scale, a level word). Resolves to {score, level, hardest, steps,
   *  message, diagnosis}; a grid with no solution or several is not rated and its cells are pointed at. */
  rate() { return this.#logic.rate(); }

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
    this.#logic.requestMarks(0);
  }

  #onEngineFailed(sentence) {
    this.#say(sentence, 'error');
    this.#emit('error', { code: 'engine', message: sentence, cells: [] });
  }

  /** Turn an engine rejection into a sentence, marks and an event; returns the Error to throw. */
  #fail(error, op) {
    const code = error?.code ?? 'engine';
    const cells = Array.isArray(error?.cells) ? error.cells : [];
    if (code === 'conflict' || code === 'no_solution') this.#markConflicts(cells, code === 'no_solution');
    const message = code === 'bad_request' && this.#rules ? this.#rulesSentence(error) : sentenceFor(error, op);
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
      this.#session.ask('conflicts', this.#payload(), { timeoutMs: SHORT_TIMEOUT_MS })
        .then((result) => {
          if (version !== this.#version || !this.isConnected) return;     // latest wins
          const list = Array.isArray(result?.conflicts) ? result.conflicts : [];
          if (!list.length && this.#verdictVersion === version) return;   // no clash, but Solve's marks stay
          this.#markConflicts(list.flatMap((c) => c.cells ?? []));
          if (list.length) {
            const more = list.length > 1 ? ` (and ${list.length - 1} more)` : '';
            this.#say(`Clash: ${String(list[0].message).replace(/\.$/, '')}${more}.`, 'error');
            this.#clashShown = true;
          } else if (this.#clashShown) {
            this.#say('');
          }
        })
        .catch((error) => {
          // Rules that cannot hold are told with the engine's sentence; the drawing stays, to be fixed.
          if (error?.code === 'bad_request' && this.#rules && version === this.#version && this.isConnected) {
            this.#say(this.#rulesSentence(error), 'error');
            this.#clashShown = true;
          }
          /* otherwise a newer request replaced it, or the engine restarted: the next edit asks again */
        });
    }, CONFLICTS_DEBOUNCE_MS);
  }

  /** The engine's sentence about rules that cannot hold ("Region 3 has 8 cells, not 9."). */
  #rulesSentence(error) {
    const detail = String(error?.message ?? '').replace(/\.$/, '');
    return `These rules cannot hold yet. ${detail}. Fix the drawing, or Undo.`;
  }

  /** Mark `cells` as at fault: clashing givens, or (`verdict`) givens that cannot all be right together. */
  #markConflicts(cells, verdict = false) {
    this.#verdictVersion = verdict ? this.#version : -1;
    this.#conflictCells = new Set(cells.filter((i) => Number.isInteger(i) && i >= 0 && i < this.#values.length));
    this.#render();
  }

  // -- state changes ------------------------------------------------------------------------------
  /** What every request about the grid sends: the grid, its shape, and its rules when it has some. */
  #payload() {
    return { puzzle: this.puzzle, shape: shapeSpec(this.#shape), ...(this.#rules ? { rules: this.#rules } : {}) };
  }

  /** New rules from the attribute (undoable, the grid kept); text that is not rules is told, nothing lost. */
  #applyRules(text, cause) {
    let rules;
    try { rules = readRules(text); } catch (error) { return this.#say(`${error.message}.`, 'error'); }
    if (JSON.stringify(rules) === JSON.stringify(this.#rules)) return;
    if (cause === 'initial') this.#set(this.#values, this.#shape, cause, { rules });
    else this.#commit(this.#values.slice(), this.#shape, cause, { origin: this.#origin, eliminated: this.#eliminated, rules });
  }

  /** Replace the givens (and maybe the shape) as one undoable step. */
  #commit(values, shape, cause, logic = null) {
    if (this.#asking) this.#askWhy(false, true);      // the grid changed: the question was not asked
    this.#history.record(this.#snapshot());
    this.#set(values, shape, cause, logic);
  }

  /** What undo brings back: the grid, and what Hint knows about it (the givens, the marks hints removed). */
  #snapshot() {
    return { shape: this.#shape, values: this.#values, origin: this.#origin, eliminated: this.#eliminated, rules: this.#rules };
  }

  #set(values, shape, cause, logic = null) {
    const reshaped = !sameShape(shape, this.#shape);
    // Rules are drawn on cells: a grid of another side drops them (in the same undoable step).
    if (shape.side !== this.#shape.side && this.#rules && !(logic && 'rules' in logic)) logic = { ...(logic ?? {}), rules: null };
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
    const newRules = logic && 'rules' in logic && logic.rules !== this.#rules;
    if (newRules) this.#rules = logic.rules;
    this.#logic.gridChanged();
    if (this.#clashShown) { this.#say(''); }
    if (reshaped) {
      this.#ui.build(shape, this.#rules);
      this.#reflectSize();
    } else if (newRules) this.#ui.showRules(this.#rules);
    this.#editor?.sync();
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

  // -- order: a pasted text the engine must read holds back the edits after it (edit-queue.js) ---------
  /** Before a button acts: the board as the person left it, and a ready engine. */
  async #readyFor(waiting) {
    if (this.#edits.busy || this.#session.state !== 'ready') this.#say(waiting);
    await this.#edits.settled();
    try {
      await this.#session.whenReady();
    } catch (error) {
      this.#say(error.message, 'error');
      throw error;
    }
  }

  #setCell(index, value) {
    this.#edits.run(() => this.#setCellNow(index, value));
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
    if (live) this.#edits.run(() => this.#applySizeNow(text, live));
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
    const current = parseSize(this.getAttribute('size'));
    if (current && sameShape(current, this.#shape)) return;
    this.#started = false;                       // reflect without re-applying
    this.setAttribute('size', sizeName(this.#shape));
    this.#started = true;
  }

  /** A puzzle given as text: the exchange line is decoded here; anything else goes to the engine's parser. */
  #loadPuzzle(text, cause) {
    if (cause === 'initial') this.#loadPuzzleNow(text, cause);
    else this.#edits.run(() => this.#loadPuzzleNow(text, cause));
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
    this.#edits.wait(() => this.#read(text, cause));
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
    this.#loaded(values, shape, cause, true, result.rules);
  }

  /** A whole puzzle in place of the grid (undoable); a paste or a parsed text is confirmed in the status. */
  #loaded(values, shape, cause, announce = cause === 'paste', rules = undefined) {
    const switched = !sameShape(shape, this.#shape);
    this.#commit(values, shape, cause, rules ? { rules } : null);
    if (!announce) return;
    const givens = values.filter((v) => v).length;
    const what = switched ? `a ${sizeName(shape)} puzzle` : 'the puzzle';
    this.#say(`Loaded ${what} with ${givens} givens.`, 'ok');
  }

  // -- events from the person ---------------------------------------------------------------------
  #onBoardKeydown = (e) => {
    const index = cellIndex(e.target);
    if (index < 0) return;
    if (this.#editor?.keydown(e, index)) return;        // drawing cages or regions (rules-editor.js)
    if (this.#ui.navigate(e, index)) { e.preventDefault(); return; }
    if (e.altKey || e.metaKey || e.ctrlKey) return;    // undo/redo and browser shortcuts are handled elsewhere
    if (e.key === '?') { e.preventDefault(); this.#askWhy(!this.#asking); return; }
    if (this.#asking && (e.key === 'Escape' || valueOfKey(e.key, this.#shape.side) > 0)) {
      e.preventDefault();
      if (e.key === 'Escape') this.#askWhy(false);
      else this.#ask(index, valueOfKey(e.key, this.#shape.side));
      return;
    }
    const erase = ERASE_KEYS.has(e.key);
    const value = erase ? 0 : valueOfKey(e.key, this.#shape.side);
    if (!erase && (value < 0 || this.readOnly)) return;
    e.preventDefault();
    if (!this.readOnly) this.#setCell(index, value);
  };

  #onRootKeydown = (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || this.readOnly) return;
    const key = e.key.toLowerCase();
    if (key === 'z' && !e.shiftKey) this.undo();
    else if (key === 'y' || (key === 'z' && e.shiftKey)) this.redo();
    else return;
    e.preventDefault();
  };

  #onPaste = (e) => {
    if (this.readOnly || e.target?.tagName === 'INPUT') return;      // a cage's total field takes its own paste
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
    else if (action === 'why') this.#askWhy(!this.#asking);
    else if (action === 'candidates') this.showCandidates = !this.showCandidates;
    else if (action === 'rate') this.rate().catch(() => {});
    else if (action === 'undo') this.undo();
    else if (action === 'redo') this.redo();
    else if (action === 'clear') this.clear();
  };

  #onPadClick = (e) => {
    const b = e.target.closest?.('button');
    if (b && this.#asking && Number(b.dataset.value) > 0) { this.#ask(this.#ui.cursor, Number(b.dataset.value)); return; }
    if (!b || this.readOnly) return;
    this.#setCell(this.#ui.cursor, Number(b.dataset.value));
    if (this.#ui.board.contains(this.shadowRoot.activeElement) || !this.#ui.pad.contains(this.shadowRoot.activeElement)) {
      this.#ui.cells[this.#ui.cursor]?.focus({ preventScroll: true });
    }
  };

  /** "Why not?" on or off: while on, the next digit (keyboard or pad) asks about the selected cell; `quietly`
   *  leaves the status as it is. */
  #askWhy(on, quietly = false) {
    this.#asking = on;
    this.#ui.buttons.why.setAttribute('aria-pressed', String(on));
    if (!on) { if (!quietly) this.#say(''); return; }
    this.#say('Why not which digit? Select the cell, then press the digit (Esc: never mind).');
    this.#ui.cells[this.#ui.cursor]?.focus({ preventScroll: true });   // the digit typed next goes to the board
  }

  #ask(cell, digit) {
    this.#asking = false;
    this.#ui.buttons.why.setAttribute('aria-pressed', 'false');
    this.#ui.cells[cell]?.focus({ preventScroll: true });
    this.whyNot(cell, digit).catch(() => {});       // the status and the error event tell it
  }

  // -- rendering (board-view.js paints the view logic-controller.js computes) ---------------------------
  #renderControls() {
    const raw = this.getAttribute('controls');
    const wanted = new Set(raw === null ? ALL_CONTROLS : raw.toLowerCase().split(/[\s,]+/).filter(Boolean));
    this.#ui.setControls(wanted, !this.readOnly);
    const editing = this.editRules && !this.readOnly;
    if (this.#editor) this.#editor.show(editing);
    else if (editing) this.#loadEditor();
  }

  /** The rules bar's module, fetched the first time `edit-rules` asks for it (a widget without it never does). */
  #loadEditor() {
    this.#editorLoading ??= import('./rules-editor.js').then(({ RulesEditor, editorStyleSheet }) => {
      const element = this;
      this.shadowRoot.adoptedStyleSheets = [...this.shadowRoot.adoptedStyleSheets, editorStyleSheet()];
      this.#editor = new RulesEditor({
        ui: this.#ui,
        rules: () => this.#rules,
        shape: () => this.#shape,
        commit: (rules, message) => this.#edits.run(() => {
          this.#commit(this.#values.slice(), this.#shape, 'rules', { origin: this.#origin, eliminated: this.#eliminated, rules });
          this.#say(message);
        }),
        preview: (rules) => this.#ui.showRules(rules),
        render: () => this.#render(),
        say: (text, tone) => this.#say(text, tone),
        get readOnly() { return element.readOnly; },
      });
      this.#ui.controls.after(this.#editor.bar);
      if (this.#unlisten && !this.#unlisten.signal.aborted) this.#editor.listen(this.#unlisten.signal);
      this.#renderControls();
    }).catch((error) => this.#say(`The rules bar could not be loaded: ${error.message}`, 'error'));
  }

  #render() {
    this.#ui.paint(this.#logic.view(), this.#values, this.#conflictCells);
    this.#ui.buttons.undo.disabled = !this.#history.canUndo;
    this.#ui.buttons.redo.disabled = !this.#history.canRedo;
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
