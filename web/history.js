// history.js: undo and redo over whole states (the element keeps each state immutable, so an entry is a
// reference, not a copy). Bounded: the oldest entries go first.

export class History {
  #undo = [];
  #redo = [];
  #limit;

  constructor(limit = 500) {
    this.#limit = limit;
  }

  get canUndo() { return this.#undo.length > 0; }
  get canRedo() { return this.#redo.length > 0; }

  /** A change is about to replace `current`: it becomes the undo step, and what was undone is forgotten. */
  record(current) {
    this.#undo.push(current);
    if (this.#undo.length > this.#limit) this.#undo.shift();
    this.#redo = [];
  }

  /** The state to go back to, `current` kept for redo; null when there is none. */
  undo(current) { return History.#move(this.#undo, this.#redo, current); }

  /** The state to go forward to, `current` kept for undo; null when there is none. */
  redo(current) { return History.#move(this.#redo, this.#undo, current); }

  static #move(from, to, current) {
    const entry = from.pop();
    if (entry === undefined) return null;
    to.push(current);
    return entry;
  }
}
