// play-game.js: one game of the Play page as plain data: givens, the person's entries, corner and centre
// pencil marks, undo/redo, the time played, and saving to localStorage. No DOM here.
//
// Cells are indexed row by row from 0. A value is 0 (empty) or 1..side; pencil marks are bit sets
// (bit d-1 for digit d). The puzzle and its solution come from the engine (the `generate` request);
// comparing an entry with the solution is all the checking done here. A variant game keeps its `rules`
// (the engine's Rules.to_dict() form): they decide the peers a placed digit clears from pencil marks.

import { ALPHABET, encodeLine } from './grid-codec.js';
import { canonicalRules } from './rules-codec.js';
import { peersOf } from './variant-view.js';

export const SYMBOLS = ALPHABET;
/** localStorage key of the game in progress; the number changes when the saved shape does. A variant game
 *  is saved as version 2 (version 1 with `rules`), so a page from before variants refuses it, not misreads it. */
export const STORAGE_KEY = 'sudoku-play/v1';
/** Where an unfinished game goes when a new puzzle replaces it (one level of "back"). */
export const PREVIOUS_KEY = 'sudoku-play/v1:previous';
const HISTORY_LIMIT = 500; // undo steps kept (and saved)

/** Cell values from a line of '.' and symbols ("4.3..." -> [4, 0, 3, ...]). */
export function valuesOf(line) {
  return Array.from(line, (ch) => SYMBOLS.indexOf(ch.toUpperCase()) + 1);
}

/** A line from cell values (0 -> '.'). */
export const lineOf = encodeLine;

export function digitsOf(mask) {
  const digits = [];
  for (let d = 1; mask; d += 1, mask >>= 1) if (mask & 1) digits.push(d);
  return digits;
}

export class Game {
  /** `made` is the engine's `generate` result: {puzzle, solution, size, side, boxRows, boxCols, seed, ...},
   *  with {rules, variant} for a variant puzzle. */
  constructor(made) {
    this.info = {
      size: made.size, side: made.side, boxRows: made.boxRows, boxCols: made.boxCols, seed: made.seed,
      level: made.level ?? null, symmetry: made.symmetry ?? 'none', rating: made.rating ?? null,
      givens: made.givens, variant: made.variant || null,
    };
    this.rules = canonicalRules(made.rules);
    this.puzzle = made.puzzle;
    this.solution = valuesOf(made.solution);
    this.givens = valuesOf(made.puzzle);
    const count = this.givens.length;
    this.values = this.givens.slice();
    this.corner = new Array(count).fill(0);
    this.centre = new Array(count).fill(0);
    this.undoStack = [];
    this.redoStack = [];
    this.elapsedMs = 0;
    this.solved = false;
    this.peers = peersOf(this.rules, this.shape);
  }

  get side() {
    return this.info.side;
  }

  /** The shape as variant-view.js reads it. */
  get shape() {
    return { side: this.info.side, rows: this.info.boxRows, cols: this.info.boxCols };
  }

  isGiven(i) {
    return this.givens[i] !== 0;
  }

  cell(i) {
    return { v: this.values[i], corner: this.corner[i], centre: this.centre[i] };
  }

  // -- edits: each returns true when something changed (and is one undo step) --------------------------
  /** Put `digit` in cell i (0 erases); the digit leaves the pencil marks of the cell's peers too. */
  enter(i, digit) {
    if (this.isGiven(i) || this.solved || this.values[i] === digit) return false;
    const changes = [this.#change(i, { v: digit })];
    if (digit) {
      const bit = 1 << (digit - 1);
      for (const j of this.peers[i]) {
        if (!this.values[j] && ((this.corner[j] | this.centre[j]) & bit)) {
          changes.push(this.#change(j, { corner: this.corner[j] & ~bit, centre: this.centre[j] & ~bit }));
        }
      }
    }
    return this.#commit(changes);
  }

  /** Toggle a corner ('corner') or centre ('centre') pencil mark in an empty cell. */
  toggleMark(i, kind, digit) {
    if (this.isGiven(i) || this.solved || this.values[i]) return false;
    const marks = kind === 'corner' ? this.corner : this.centre;
    return this.#commit([this.#change(i, { [kind]: marks[i] ^ (1 << (digit - 1)) })]);
  }

  /** Erase: the entry if there is one, else the cell's pencil marks. */
  erase(i) {
    if (this.isGiven(i) || this.solved) return false;
    if (this.values[i]) return this.enter(i, 0);
    if (!this.corner[i] && !this.centre[i]) return false;
    return this.#commit([this.#change(i, { corner: 0, centre: 0 })]);
  }

  undo() { return this.#travel(this.undoStack, this.redoStack, 'before'); }

  redo() { return this.#travel(this.redoStack, this.undoStack, 'after'); }

  /** Move one step from one history to the other, setting its cells to their `side` state; the cells changed, or null. */
  #travel(from, to, side) {
    if (this.solved || !from.length) return null;
    const step = from.pop();
    for (const ch of step) this.#set(ch.i, ch[side]);
    to.push(step);
    return step.map((ch) => ch.i);
  }

  #change(i, after) {
    const before = this.cell(i);
    return { i, before, after: { ...before, ...after } };
  }

  #set(i, state) {
    this.values[i] = state.v;
    this.corner[i] = state.corner;
    this.centre[i] = state.centre;
  }

  #commit(changes) {
    for (const ch of changes) this.#set(ch.i, ch.after);
    this.undoStack.push(changes);
    if (this.undoStack.length > HISTORY_LIMIT) this.undoStack.shift();
    this.redoStack = [];
    this.changed = changes.map((ch) => ch.i);
    return true;
  }

  // -- checking against the solution ------------------------------------------------------------------
  /** Cells whose entry differs from the solution. */
  mistakes() {
    const wrong = [];
    this.values.forEach((v, i) => {
      if (v && !this.givens[i] && v !== this.solution[i]) wrong.push(i);
    });
    return wrong;
  }

  filled() {
    return this.values.filter((v) => v).length;
  }

  isComplete() {
    return this.values.every((v) => v);
  }

  isCorrect() {
    return this.values.every((v, i) => v === this.solution[i]);
  }

  // -- saving -------------------------------------------------------------------------------------------
  toJSON() {
    const pack = (step) => step.map(({ i, before, after }) => [i, before.v, before.corner, before.centre, after.v, after.corner, after.centre]);
    return {
      version: this.rules ? 2 : 1, ...(this.rules ? { rules: this.rules } : {}),
      info: this.info, puzzle: this.puzzle, solution: lineOf(this.solution),
      values: lineOf(this.values), corner: this.corner, centre: this.centre, elapsedMs: Math.round(this.elapsedMs),
      solved: this.solved, undo: this.undoStack.map(pack), redo: this.redoStack.map(pack),
    };
  }

  static fromJSON(data) {
    if (!data || ![1, 2].includes(data.version) || !data.info || typeof data.puzzle !== 'string') return null;
    const rules = data.version === 2 ? canonicalRules(data.rules) : null;
    if (data.version === 2 && !rules) return null;
    const game = new Game({ ...data.info, puzzle: data.puzzle, solution: data.solution, rules });
    const count = game.givens.length;
    const ok = (list) => Array.isArray(list) && list.length === count && list.every(Number.isInteger);
    if (data.solution.length !== count || data.values.length !== count || !ok(data.corner) || !ok(data.centre)) return null;
    game.values = valuesOf(data.values);
    game.corner = data.corner.slice();
    game.centre = data.centre.slice();
    game.elapsedMs = Number(data.elapsedMs) || 0;
    game.solved = Boolean(data.solved);
    const unpack = (step) => step.map(([i, v0, c0, m0, v1, c1, m1]) => ({
      i, before: { v: v0, corner: c0, centre: m0 }, after: { v: v1, corner: c1, centre: m1 },
    }));
    game.undoStack = (data.undo || []).map(unpack);
    game.redoStack = (data.redo || []).map(unpack);
    return game;
  }

  save(key = STORAGE_KEY) {
    try {
      localStorage.setItem(key, JSON.stringify(this));
      return true;
    } catch {
      return false; // storage full or disabled: the game goes on, unsaved
    }
  }

  static load(key = STORAGE_KEY) {
    try {
      return Game.fromJSON(JSON.parse(localStorage.getItem(key)));
    } catch {
      return null;
    }
  }
}

/** "4:05", or "1:02:03" past an hour. */
export function formatTime(ms) {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
