// logic-controller.js: the human-style solving of one <sudoku-solver>: the Candidates toggle and the pencil
// marks it shows, the three presses of Hint, Rate, and the Steps panel (the whole path, stepped through).
//
// It keeps what belongs to these alone (the hint being shown, the marks, the path, the cells a diagnosis
// points at) and reaches the rest through its host, the element:
//   host.grid()                 {version, shape, values, puzzle, origin, eliminated, solution}: the grid now
//   host.session, host.ui       the engine session (engine-session.js) and the DOM (board-view.js)
//   host.say(text, tone), host.emit(name, detail), host.render(), host.fail(error, op) -> Error
//   host.readyFor(sentence), host.afterReading(), host.commit(values, shape, cause, logic)
//   host.hideSolution(), host.readOnly, host.isConnected
// Every step, mark and diagnosis comes from the engine; logic-view.js draws them.

import { encodeLine, shapeSpec } from './grid-codec.js';
import { make } from './board-view.js';
import { solverError } from './engine-session.js';
import { decoration, positionBefore } from './logic-view.js';

const SHORT_TIMEOUT_MS = 10000;    // candidates: quick by nature
const HINT_TIMEOUT_MS = 30000;     // a hint on an open 9x9 takes well under a second; 4 times this past 9x9
const PATH_TIMEOUT_MS = 180000;    // the whole path of a 16x16 can take a minute in Pyodide
const RATE_TIMEOUT_MS = 180000;    // rating a 16x16 runs every technique many times: minutes, not seconds
const MARKS_DEBOUNCE_MS = 60;
const BIG_GRID_NOTE = ' (a big grid can take a minute or more)';

/** What every logic request sends about the grid: the grid, its shape and its variant rules when it has some. */
function about(grid) {
  return { puzzle: grid.puzzle, shape: shapeSpec(grid.shape), ...(grid.rules ? { rules: grid.rules } : {}) };
}

export class LogicController {
  #host;
  #showMarks = false;                 // the Candidates toggle
  #marks = null;                      // {version, lists, raw}: the engine's marks for the grid (raw: before
                                      // the eliminated ones are taken away)
  #marksTimer = 0;
  #hint = null;                       // {version, stage 1..3, step}: the hint being shown
  #hintPress = null;                  // the press of Hint being answered (a press meanwhile waits for it)
  #pointed = null;                    // {version, cells}: cells a diagnosis points at
  #path = null;                       // {version, steps, candidates, values, cells, index, cache}

  constructor(host) {
    this.#host = host;
  }

  get showCandidates() { return this.#showMarks; }
  set showCandidates(value) {
    this.#showMarks = Boolean(value);
    this.#host.ui.buttons.candidates.setAttribute('aria-pressed', String(this.#showMarks));
    this.requestMarks(0);
    this.#host.render();
  }

  /** The grid changed: what was shown about the old one goes. */
  gridChanged() {
    this.#hint = null;
    this.#pointed = null;
    if (this.#path && this.#host.ui.stepsPanel.open) {
      this.#host.ui.stepsPanel.message('The grid changed since these steps were worked out.', { stale: true });
    }
    this.#path = null;
    this.requestMarks();
  }

  /** One press of Hint (see the element's hint()). A press while the engine is still looking for the last one's
   *  hint waits for it and then counts as the next press (the step's explanation), as a person pressing twice
   *  means: it never asks the engine again for the same hint. */
  async hint() {
    const before = this.#hintPress;
    const press = (async () => {
      if (before) await before.catch(() => {});
      return this.#pressHint();
    })();
    this.#hintPress = press;
    try {
      return await press;
    } finally {
      if (this.#hintPress === press) this.#hintPress = null;
    }
  }

  async #pressHint() {
    const host = this.#host;
    await host.afterReading();
    const current = this.#hint;
    if (current && !current.why && current.version === host.grid().version && current.stage < 3) {
      if (current.stage === 2 && host.readOnly) {
        host.say('This board is read-only: the hint is not applied.');
        return { ...current.step, stage: 2 };
      }
      current.stage += 1;
      return this.#showHint(current);
    }
    this.closeSteps();
    host.hideSolution();                              // a hint is about the grid as typed
    await host.readyFor('The hint will come as soon as the engine has loaded…');
    const grid = host.grid();
    const version = grid.version;
    const payload = about(grid);
    const givens = givensLine(grid);
    if (givens) payload.givens = givens;
    if (grid.eliminated.size) payload.eliminated = [...grid.eliminated].map((k) => k.split(':').map(Number));
    host.say('Looking for a hint…');
    let result;
    try {
      result = await host.session.ask('hint', payload, { timeoutMs: HINT_TIMEOUT_MS * (grid.shape.side > 9 ? 4 : 1) });
    } catch (error) {
      if (error.code === 'superseded') throw error;
      throw host.fail(error, 'give a hint for');
    }
    if (version !== host.grid().version) {
      const error = solverError('changed', 'The grid changed while the hint was being found: press Hint again.');
      host.say(error.message);
      throw error;
    }
    if (Array.isArray(result.candidates)) this.#marks = { version, lists: result.candidates, raw: !grid.eliminated.size };
    if (result.status !== 'step' || !result.step) {
      const cells = Array.isArray(result.cells) ? result.cells : [];
      this.#pointed = { version, cells };
      host.say(String(result.message ?? ''), result.status === 'solved' ? 'ok' : 'error');
      host.render();
      host.emit('hint', { stage: 0, status: result.status, step: null, message: result.message, cells });
      return null;
    }
    this.#hint = { version, stage: 1, step: result.step };
    return this.#showHint(this.#hint);
  }

  #showHint(hint) {
    const { step, stage } = hint;
    const host = this.#host;
    if (stage === 1) host.say(`${step.hint}.`, 'ok');
    else if (stage === 2) host.say(`${step.text}.`, 'ok');
    else this.#applyHint(step);
    if (stage < 3) host.render();
    const data = { ...step, stage };
    host.emit('hint', { stage, status: 'step', step: data, message: host.ui.status.textContent, cells: step.cells });
    return data;
  }

  /** Why `digit` cannot go in `cell` (see the element's whyNot()): the answer drawn as a hint's second press. */
  async why(cell, digit) {
    const host = this.#host;
    await host.afterReading();
    const grid0 = host.grid();
    const n = grid0.shape.side;
    if (!Number.isInteger(cell) || cell < 0 || cell >= n * n || !Number.isInteger(digit) || digit < 1 || digit > n) {
      const error = solverError('bad_request', `Ask about a cell from 0 to ${n * n - 1} and a digit from 1 to ${n}.`);
      host.say(error.message, 'error');
      throw error;
    }
    this.closeSteps();
    host.hideSolution();
    await host.readyFor('The answer will come as soon as the engine has loaded…');
    const grid = host.grid();
    const version = grid.version;
    const payload = { ...about(grid), cell, digit };
    const givens = givensLine(grid);
    if (givens) payload.givens = givens;
    if (grid.eliminated.size) payload.eliminated = [...grid.eliminated].map((k) => k.split(':').map(Number));
    const name = `r${Math.floor(cell / n) + 1}c${cell % n + 1}`;
    host.say(`Looking for why ${digit > 9 ? String.fromCharCode(55 + digit) : digit} cannot go in ${name}…`);
    let result;
    try {
      result = await host.session.ask('why', payload, { timeoutMs: HINT_TIMEOUT_MS * (n > 9 ? 4 : 1) });
    } catch (error) {
      if (error.code === 'superseded') throw error;
      if (error.code !== 'bad_request') throw host.fail(error, 'explain');
      // the question has no answer (a filled cell): the engine's sentence says why
      const message = `${String(error.message).replace(/\.$/, '')}.`;
      host.say(message, 'error');
      host.emit('error', { code: error.code, message, cells: error.cells ?? [] });
      throw solverError(error.code, message, error.cells ?? []);
    }
    if (version !== host.grid().version) {
      const error = solverError('changed', 'The grid changed while the answer was being found: ask again.');
      host.say(error.message);
      throw error;
    }
    const step = result.status === 'step' ? result.step : null;
    this.#hint = step ? { version, stage: 2, step, why: true } : null;
    this.#pointed = step ? null : { version, cells: Array.isArray(result.cells) ? result.cells : [] };
    host.say(`${String(result.message ?? '').replace(/\.$/, '')}.`, step ? 'ok' : 'error');
    host.render();
    host.emit('why', { cell, digit, status: result.status, step, message: host.ui.status.textContent });
    return step;
  }

  /** The third press: placements and clearings go into the grid, eliminations into the marks; one undo step. */
  #applyHint(step) {
    const { values: now, shape, origin, eliminated: before } = this.#host.grid();
    const values = now.slice();
    for (const { cell, digit } of step.placements ?? []) values[cell] = digit;
    for (const cell of step.clear ?? []) values[cell] = 0;
    const eliminated = new Set(before);
    for (const { cell, digit } of step.eliminations ?? []) eliminated.add(`${cell}:${digit}`);
    for (const { cell, digit } of step.restore ?? []) eliminated.delete(`${cell}:${digit}`);
    this.#host.commit(values, shape, 'hint', { origin, eliminated });
    const marksNote = (step.eliminations ?? []).length && !this.#showMarks ? ' (Candidates shows the pencil marks.)' : '';
    this.#host.say(`Applied: ${step.text}.${marksNote}`, 'ok');
  }

  /** Rate the puzzle (see the element's rate()). */
  async rate() {
    const host = this.#host;
    await host.readyFor('Rating will start as soon as the engine has loaded…');
    const grid = host.grid();
    const { version, shape } = grid;
    host.say(`Rating…${shape.side > 9 ? BIG_GRID_NOTE : ''}`);
    host.ui.buttons.rate.disabled = true;
    let result;
    try {
      result = await host.session.ask('rate', about(grid), { timeoutMs: RATE_TIMEOUT_MS });
    } catch (error) {
      if (error.code === 'superseded') throw error;
      throw host.fail(error, 'rate');
    } finally {
      host.ui.buttons.rate.disabled = false;
    }
    if (version !== host.grid().version) {
      host.say('The grid changed while it was being rated: press Rate again.');
      return result;
    }
    this.#pointed = { version, cells: result.diagnosis?.cells ?? [] };
    host.say(String(result.message ?? ''), result.score === null ? 'error' : 'ok');
    host.render();
    host.emit('rated', result);
    return result;
  }

  /** Ask the engine for the marks of the grid, when they are to be shown and not known yet. */
  requestMarks(delay = MARKS_DEBOUNCE_MS) {
    const host = this.#host;
    clearTimeout(this.#marksTimer);
    if (!this.#showMarks && !(this.#hint && this.#hint.stage === 2) || host.session.state !== 'ready') return;
    if (this.#marks?.version === host.grid().version) return;
    this.#marksTimer = setTimeout(() => {
      const grid = host.grid();
      const { version } = grid;
      host.session.ask('candidates', about(grid), { timeoutMs: SHORT_TIMEOUT_MS })
        .then((result) => {
          if (version !== host.grid().version || !host.isConnected || !Array.isArray(result?.candidates)) return;
          this.#marks = { version, lists: result.candidates, raw: true };
          host.render();
        })
        .catch(() => { /* the next change asks again */ });
    }, delay);
  }

  /** The marks to draw: the engine's plain ones for this grid less those applied hints removed (null until known). */
  #currentMarks(grid) {
    const m = this.#marks;
    if (!m || m.version !== grid.version) { this.requestMarks(0); return null; }
    if (!grid.eliminated.size || !m.raw) return m.lists;
    return m.lists.map((list, i) => list.filter((d) => !grid.eliminated.has(`${i}:${d}`)));
  }

  // The step list: opening the panel asks the engine for the whole path from the grid as it is.
  onStepsToggle(open) {
    const version = this.#host.grid().version;
    if (open && (!this.#path || this.#path.version !== version)) this.loadPath();
    else if (open && this.#path) this.goToStep(this.#path.index);
    this.#host.render();
  }

  closeSteps() {
    const panel = this.#host.ui.stepsPanel;
    if (panel.open) panel.details.open = false;
  }

  async loadPath() {
    const host = this.#host;
    const panel = host.ui.stepsPanel;
    this.#hint = null;
    this.#path = null;
    panel.message(`Working out the steps…${host.grid().shape.side > 9 ? BIG_GRID_NOTE : ''}`);
    let result;
    let grid;
    try {
      await host.afterReading();
      await host.session.whenReady();
      grid = host.grid();
      const payload = about(grid);
      const givens = givensLine(grid);
      if (givens) payload.givens = givens;            // as for a hint: entries may make Avoidable Rectangles
      result = await host.session.ask('path', payload, { timeoutMs: PATH_TIMEOUT_MS });
    } catch (error) {
      if (error.code === 'superseded') return;
      const why = error?.code === 'conflict' ? `two digits clash: ${error.message}` : String(error?.message ?? error);
      panel.message(`No steps: ${why.replace(/\.$/, '')}.`, { stale: true });
      return;
    }
    if (grid.version !== host.grid().version) { panel.message('The grid changed meanwhile.', { stale: true }); return; }
    const steps = Array.isArray(result.steps) ? result.steps : [];
    this.#path = { version: grid.version, steps, candidates: result.candidates, values: grid.values.slice(),
      cells: Array.isArray(result.cells) ? result.cells : [], index: 0, cache: [] };
    panel.load(steps, String(result.message ?? ''), make);
    this.goToStep(0);
  }

  goToStep(index) {
    const path = this.#path;
    if (!path || path.version !== this.#host.grid().version) return;
    const at = Math.max(0, Math.min(path.steps.length, Number(index) || 0));
    path.index = at;
    this.#host.ui.stepsPanel.show(at, path.steps);
    this.#host.render();
    this.#host.emit('step', { index: at, count: path.steps.length, step: path.steps[at] ?? null });
  }

  /** What the board shows now: the person's grid (with the solution, a hint, pointed cells), or a step of the path. */
  view() {
    const grid = this.#host.grid();
    const path = this.#path;
    if (path && path.version === grid.version && this.#host.ui.stepsPanel.open) {
      const { values, marks } = positionBefore(path, path.index);
      const step = path.steps[path.index];
      const pointed = path.index >= path.steps.length ? new Set(path.cells) : new Set();
      return { values, marks, deco: decoration(step, 2), pointed, kindOfFilled: 'stepped' };
    }
    const { solution } = grid;
    const values = solution ? grid.values.map((v, i) => v || solution[i]) : grid.values;
    const hint = this.#hint && this.#hint.version === grid.version ? this.#hint : null;
    const deco = decoration(hint?.step, hint?.stage);
    const marks = (this.#showMarks || deco.showMarks) && !solution ? this.#currentMarks(grid) : null;
    const pointed = new Set(this.#pointed && this.#pointed.version === grid.version ? this.#pointed.cells : []);
    return { values, marks, deco, pointed, kindOfFilled: 'solved' };
  }
}

/** The givens still in place, as a line, when the person has entries of their own; else null. */
function givensLine({ origin, values }) {
  const kept = origin.map((v, i) => (v && values[i] === v ? v : 0));
  const own = values.some((v, i) => v && !kept[i]);
  return own && kept.some((v) => v) ? encodeLine(kept) : null;
}
