// edit-queue.js: edits in the order they were made, when some must wait. A pasted text that only the engine
// can read holds back every edit made after it (typing, another paste, undo) until it is on the board;
// with nothing waiting, an edit runs at once (synchronously). `onBusy(true|false)` says when waiting starts
// and ends (the element sets aria-busy on the board).

export class EditQueue {
  #tail = null;                      // the promise of the last waiting task, or null when nothing waits
  #onBusy;

  constructor(onBusy = () => {}) {
    this.#onBusy = onBusy;
  }

  get busy() { return this.#tail !== null; }

  /** Run `edit` now, or after what is waiting. `edit` must be the edit itself (it must not come back here). */
  run(edit) {
    if (this.#tail) this.wait(edit);
    else edit();
  }

  /** Queue `task` (it may be async) behind what is waiting; everything run or queued later waits for it.
   *  A task that throws does not stop the queue (it reports its own errors). */
  wait(task) {
    const next = (this.#tail ?? Promise.resolve()).then(task).catch(() => {});
    if (!this.#tail) this.#onBusy(true);
    this.#tail = next;
    next.then(() => {
      if (this.#tail !== next) return;
      this.#tail = null;
      this.#onBusy(false);
    });
    return next;
  }

  /** Resolves once nothing waits: every queued task and the edits behind it are done. */
  async settled() {
    while (this.#tail) await this.#tail;
  }
}
