// rules-editor.js: the rules bar of <sudoku-solver edit-rules>: toggles for X, Windoku, anti-knight and
// anti-king; Killer cages drawn on the board (select cells by drag, touch or Shift+arrows, Enter or "Make
// cage", then the total in a field over the cage); Jigsaw regions painted by drag or keyboard; thermometers,
// arrows, Kropki dots and X/V drawn the same way (a path dragged or walked with Shift+arrows: the bulb or the
// circle first; for a dot or an X/V, two cells that share an edge), made when the drag ends or on Enter;
// Clear rules.
//
// It only draws and asks: every change goes to the element as new rules (one undoable step), and the engine
// says whether they can hold (the element shows its sentence and keeps the drawing). Two things are refused
// here, before a cage is made, because they are about the drawing itself: a cage whose cells do not touch,
// and a cage over another one; likewise a line whose cells do not touch one after another, and a dot between
// cells that share no edge (said next to the tools).
import { valueOfKey } from './grid-codec.js';
import { canonicalRules } from './rules-codec.js';
import { make } from './board-view.js';
import { SHAPES, drawShape, eraseShape } from './palette-tools.js';

const TOGGLES = [
  ['x', 'X', 'Both diagonals hold each digit once'],
  ['windows', 'Windoku', 'Four extra 3×3 windows hold each digit once (9×9 only)'],
  ['antiKnight', 'Anti-knight', 'Cells a chess knight\'s move apart hold different digits'],
  ['antiKing', 'Anti-king', 'Cells a chess king\'s move apart hold different digits'],
];
const MODES = [['digits', 'Digits'], ['cages', 'Cages'], ['regions', 'Regions'],
  ['thermo', 'Thermo'], ['arrow', 'Arrow'], ['dots', 'Dots'], ['xv', 'XV']];
const HELP = {
  digits: 'Type digits as usual. Pick Cages, Regions, Thermo, Arrow, Dots or XV to draw on the board.',
  cages: 'Drag over cells (or Shift+arrows) to select them, then Enter or Make cage and type the total. Delete removes the cage under the cursor.',
  regions: 'Drag from a cell into others to add them to its region; or type a region number on a cell, or Shift+arrows to carry the region along.',
  thermo: 'Drag from the bulb to the tip. Or Shift+arrows from the bulb (Space adds the cell at the cursor, for a diagonal step; Escape starts again), then Enter. Delete removes a thermometer on the cursor\'s cell.',
  arrow: 'Drag from the circle along the shaft to the arrowhead. Or Shift+arrows from the circle (Space adds the cell at the cursor; Escape starts again), then Enter. Delete removes an arrow on the cursor\'s cell.',
  dots: 'Pick White or Black, then drag from a cell to its neighbour (or Shift+arrow, then Enter). Delete removes a dot beside the cursor.',
  xv: 'Pick X (sum 10) or V (sum 5), then drag from a cell to its neighbour (or Shift+arrow, then Enter). Delete removes one beside the cursor.',
};

export const EDITOR_CSS = `
.rules-bar { display: grid; gap: 0.5em; width: 100%; max-width: var(--sudoku-board-max, 100%); border: 1px solid var(--_button-border); border-radius: var(--_radius); padding: 0.5em 0.6em 0.6em; margin: 0; min-width: 0; }
.rules-bar legend { font-weight: 600; padding: 0 0.3em; }
.rules-bar .row-of { display: flex; flex-wrap: wrap; gap: 0.4em; align-items: center; }
.rules-bar .row-of button { flex: 1 1 auto; min-height: 2.25em; padding: 0.3em 0.6em; }
.rules-bar button[aria-pressed="true"] { background: var(--_selected); border-color: var(--_focus); font-weight: 600; }
.rules-bar .modes { display: flex; flex-wrap: wrap; gap: 0.3em; width: 100%; }
.rules-bar .modes label { position: relative; flex: 1 1 auto; text-align: center; padding: 0.35em 0.3em; cursor: pointer; border: 1px solid var(--_button-border); border-radius: var(--_radius); overflow: hidden; }
.rules-bar .modes input { position: absolute; opacity: 0; inset: 0; margin: 0; cursor: pointer; }
.rules-bar .modes label:has(input:checked) { background: var(--_accent); color: var(--_accent-fg); font-weight: 600; }
.rules-bar .modes label:has(input:focus-visible) { outline: 3px solid var(--_focus); outline-offset: -3px; }
.rules-bar .help { margin: 0; font-size: 0.85em; color: var(--_muted); }
.rules-bar .tool-error { margin: 0; font-size: 0.85em; color: var(--_conflict); font-weight: 600; }
.rules-bar .tool-error:empty { display: none; }
.board.drawing { touch-action: none; }
.board.drawing .cell { cursor: crosshair; }
.cell.picked { background: var(--sudoku-selected-bg, light-dark(#d7e7ff, #1c3558)); box-shadow: inset 0 0 0 2px var(--_focus); }
.cage-total { position: absolute; z-index: 3; width: max(4.5em, calc(200% / var(--n, 9))); font: inherit; font-size: 0.95em; padding: 0.2em 0.35em; border: 2px solid var(--_focus); border-radius: 4px; background: var(--_cell-bg); color: var(--_fg); }
.cage-total:focus-visible { outline: 3px solid var(--_focus); outline-offset: 1px; }
@media (forced-colors: active) { .cell.picked { outline: 3px double CanvasText; outline-offset: -5px; } }
`;

let editorSheet = null;
/** The rules bar's stylesheet, shared by every widget that shows it (added to the shadow root when loaded). */
export function editorStyleSheet() {
  if (!editorSheet) {
    editorSheet = new CSSStyleSheet();
    editorSheet.replaceSync(EDITOR_CSS);
  }
  return editorSheet;
}

/** The region (0..n-1) of every cell: the Jigsaw regions when the rules have them, else the boxes. */
function regionNumbers(rules, shape) {
  const { side: n, rows: br, cols: bc } = shape;
  const owner = new Array(n * n);
  for (let i = 0; i < n * n; i++) owner[i] = Math.floor(Math.floor(i / n) / br) * (n / bc) + Math.floor((i % n) / bc);
  (rules?.regions ?? []).forEach((cells, k) => { for (const c of cells) if (c >= 0 && c < owner.length) owner[c] = k; });
  return owner;
}

/** Regions from an owner array: null when they are the boxes (classic), else the list of cells of each. */
function regionsOf(owner, shape) {
  const boxes = regionNumbers(null, shape);
  if (owner.every((k, i) => k === boxes[i])) return null;
  const regions = Array.from({ length: shape.side }, () => []);
  owner.forEach((k, i) => regions[k].push(i));
  return regions;
}

const cellName = (i, n) => `r${Math.floor(i / n) + 1}c${(i % n) + 1}`;

function connected(cells, n) {
  const set = new Set(cells);
  const seen = new Set([cells[0]]);
  const todo = [cells[0]];
  while (todo.length) {
    const i = todo.pop();
    const r = Math.floor(i / n), c = i % n;
    for (const [dr, dc] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const j = (r + dr) * n + c + dc;
      if (r + dr >= 0 && r + dr < n && c + dc >= 0 && c + dc < n && set.has(j) && !seen.has(j)) { seen.add(j); todo.push(j); }
    }
  }
  return seen.size === set.size;
}

export class RulesEditor {
  mode = 'digits';
  #host;
  #selection = new Set();
  #drag = null;               // {kind: 'select'|'paint', region, owner} while a pointer is down
  #pending = null;            // {cells, index} while the total field is open (index: the cage edited, or -1)

  /** host: {ui, rules(), shape(), commit(rules, message), preview(rules), render(), say(text, tone), readOnly} */
  constructor(host) {
    this.#host = host;
    const { ui } = host;
    this.bar = make('fieldset', { className: 'rules-bar', hidden: true }, { part: 'rules-bar' });
    this.bar.append(make('legend', { textContent: 'Rules' }));
    const toggles = make('div', { className: 'row-of' }, { role: 'group', 'aria-label': 'Rules to add' });
    this.toggles = {};
    for (const [name, label, title] of TOGGLES) {
      const b = make('button', { type: 'button', textContent: label, title }, { 'aria-pressed': 'false', part: 'button rule-toggle' });
      b.dataset.rule = name;
      this.toggles[name] = b;
      toggles.append(b);
    }
    const modes = make('div', { className: 'modes' }, { role: 'radiogroup', 'aria-label': 'Draw on the board' });
    this.modeInputs = {};
    for (const [value, label] of MODES) {
      const input = make('input', { type: 'radio', name: 'draw-mode', value, checked: value === 'digits' });
      this.modeInputs[value] = input;
      const l = make('label');
      l.append(input, document.createTextNode(label));
      modes.append(l);
    }
    const tools = make('div', { className: 'row-of' }, { role: 'group', 'aria-label': 'Cage and rule tools' });
    this.makeCage = make('button', { type: 'button', textContent: 'Make cage', title: 'Make a Killer cage of the selected cells (Enter)' }, { part: 'button make-cage-button' });
    this.deleteCage = make('button', { type: 'button', textContent: 'Delete cage', title: 'Remove the cage under the cursor (Delete)' }, { part: 'button delete-cage-button' });
    this.clearRules = make('button', { type: 'button', textContent: 'Clear rules', title: 'Remove every rule (undo brings them back)' }, { part: 'button clear-rules-button' });
    this.choices = make('div', { className: 'row-of', hidden: true }, { role: 'group', 'aria-label': 'Kind' });
    this.choice = { dots: 'white_dot', xv: '10' };
    this.addShape = make('button', { type: 'button', textContent: 'Add' }, { part: 'button add-shape-button' });
    this.deleteShape = make('button', { type: 'button', textContent: 'Delete', title: 'Remove the one on the cursor\'s cell (Delete)' }, { part: 'button delete-shape-button' });
    tools.append(this.makeCage, this.deleteCage, this.addShape, this.deleteShape, this.clearRules);
    this.help = make('p', { className: 'help', textContent: HELP.digits });
    // A bad drawing is said here, beside the tools, as well as in the status line.
    this.toolError = make('p', { className: 'tool-error' }, { role: 'alert', part: 'tool-error' });
    this.bar.append(toggles, modes, this.choices, tools, this.toolError, this.help);

    this.totalField = make('input', { type: 'text', className: 'cage-total', hidden: true, autocomplete: 'off' },
      { inputmode: 'numeric', enterkeyhint: 'done', part: 'cage-total', 'aria-label': 'Cage total' });
    ui.board.parentElement.append(this.totalField);
  }

  /** Listeners, until `signal` aborts. */
  listen(signal) {
    const on = (target, type, fn) => target.addEventListener(type, fn, { signal });
    const { ui } = this.#host;
    on(this.bar, 'click', (e) => this.#onBarClick(e));
    on(this.bar, 'change', (e) => { if (e.target.name === 'draw-mode') this.setMode(e.target.value); });
    on(ui.board, 'pointerdown', (e) => this.#onPointerDown(e));
    on(ui.board, 'pointermove', (e) => this.#onPointerMove(e));
    on(ui.board, 'pointerup', () => this.#endDrag(true));
    on(ui.board, 'pointercancel', () => this.#endDrag(true));
    on(ui.board, 'lostpointercapture', () => this.#endDrag(true));
    on(this.totalField, 'keydown', (e) => this.#onTotalKey(e));
    on(this.totalField, 'blur', () => { if (this.#pending) this.#closeTotal('No cage made: the total field was left.'); });
  }

  get drawing() { return this.mode !== 'digits' && !this.bar.hidden; }

  /** Show or hide the bar (the `edit-rules` attribute, and not readonly). */
  show(on) {
    this.bar.hidden = !on;
    if (!on) this.setMode('digits');
    this.sync();
  }

  setMode(mode) {
    const before = this.mode;
    this.mode = MODES.some(([m]) => m === mode) ? mode : 'digits';
    this.modeInputs[this.mode].checked = true;
    this.help.textContent = HELP[this.mode];
    this.toolError.textContent = '';
    this.#host.ui.board.classList.toggle('drawing', this.drawing);
    if (this.mode !== 'cages' || before !== this.mode) this.#select([]);
    this.#showChoices();
    if (this.#pending) this.#closeTotal('');
    this.sync();
    this.#host.render();
  }

  /** After the rules or the shape changed: the toggles' states, the region numbers, the selection. */
  sync() {
    const rules = this.#host.rules();
    const shape = this.#host.shape();
    const x = rules?.diagonal && rules?.antiDiagonal ? 'true' : rules?.diagonal || rules?.antiDiagonal ? 'mixed' : 'false';
    this.toggles.x.setAttribute('aria-pressed', x);
    for (const name of ['windows', 'antiKnight', 'antiKing']) this.toggles[name].setAttribute('aria-pressed', String(Boolean(rules?.[name])));
    this.toggles.windows.disabled = shape.side !== 9 && !rules?.windows;
    const cages = this.mode === 'cages';
    this.makeCage.hidden = !cages;
    this.deleteCage.hidden = !cages;
    const tool = SHAPES[this.mode];
    this.addShape.hidden = !tool;
    this.deleteShape.hidden = !tool;
    if (tool) {
      this.addShape.textContent = tool.add;
      this.addShape.title = `${tool.add} from the selected cells (Enter)`;
      this.deleteShape.textContent = `Delete ${tool.name}`;
    }
    const n = shape.side;
    const kept = [...this.#selection].filter((i) => i < n * n);
    if (kept.length !== this.#selection.size) this.#select(kept);
    this.#host.ui.setRegionNumbers(this.drawing && this.mode === 'regions' ? regionNumbers(rules, shape) : null);
  }

  // -- keyboard (the element hands board keys here first; true: handled) ------------------------------
  keydown(e, index) {
    if (!this.drawing || e.altKey || e.ctrlKey || e.metaKey) return false;
    const { ui } = this.#host;
    const arrow = e.key.startsWith('Arrow') || e.key === 'Home' || e.key === 'End';
    if (arrow) {
      const before = index;
      const region = regionNumbers(this.#host.rules(), this.#host.shape())[before];
      if (!ui.navigate(e, index)) return false;
      e.preventDefault();
      if (this.mode === 'cages') {
        if (e.shiftKey) this.#select([...this.#selection, before, ui.cursor]);
        else this.#select([ui.cursor]);
      } else if (SHAPES[this.mode]) {
        // Shift+arrows draw the path on; arrows alone move without drawing, and Space adds the cell reached
        // (a diagonal step).
        if (e.shiftKey) this.#select([...this.#selection, before, ui.cursor]);
      } else if (e.shiftKey) {
        this.#paint([ui.cursor], region);
      }
      return true;
    }
    if (this.#host.readOnly) return false;
    if (this.mode === 'cages') {
      if (e.key === 'Enter') { e.preventDefault(); this.startCage(index); return true; }
      if (e.key === 'Delete' || e.key === 'Backspace') { e.preventDefault(); this.removeCageAt(index); return true; }
      if (e.key === 'Escape') { this.#select([]); return true; }
      if (e.key === ' ') { e.preventDefault(); this.#toggleSelected(index); return true; }
      if (e.key.length === 1) { e.preventDefault(); return true; }     // no digits while drawing cages
      return false;
    }
    if (SHAPES[this.mode]) {
      if (e.key === 'Enter') { e.preventDefault(); this.addShapeFrom([...this.#selection]); return true; }
      if (e.key === 'Delete' || e.key === 'Backspace') { e.preventDefault(); this.removeShapeAt(index); return true; }
      if (e.key === 'Escape') { this.#select([]); this.toolError.textContent = ''; return true; }
      if (e.key === ' ') { e.preventDefault(); this.#toggleSelected(index); return true; }
      if (e.key.length === 1) { e.preventDefault(); return true; }
      return false;
    }
    // regions
    const side = this.#host.shape().side;
    const value = valueOfKey(e.key, side);
    if (value > 0) { e.preventDefault(); this.#paint([index], value - 1); return true; }
    if (e.key.length === 1 || e.key === 'Backspace' || e.key === 'Delete') { e.preventDefault(); return true; }
    return false;
  }

  // -- cages --------------------------------------------------------------------------------------------
  /** Enter / Make cage: the selection (or the cursor's cell) becomes a cage once its total is typed; a
   *  single cell of a cage opens that cage's total again. */
  startCage(cursor = this.#host.ui.cursor) {
    const shape = this.#host.shape();
    const n = shape.side;
    const cages = this.#host.rules()?.cages ?? [];
    let cells = [...this.#selection].sort((a, b) => a - b);
    if (!cells.length) cells = [cursor];
    const owning = cages.findIndex((c) => c.cells.includes(cells[0]));
    if (cells.length === 1 && owning >= 0) { this.#openTotal(cages[owning].cells, owning); return; }
    const taken = cells.find((i) => cages.some((c) => c.cells.includes(i)));
    if (taken !== undefined) {
      const k = cages.findIndex((c) => c.cells.includes(taken)) + 1;
      this.#host.say(`No cage made: ${cellName(taken, n)} is already in cage ${k}, and cages cannot overlap. Delete that cage first, or leave the cell out.`, 'error');
      return;
    }
    if (!connected(cells, n)) {
      this.#host.say(`No cage made: the cells ${cells.map((i) => cellName(i, n)).join(', ')} do not all touch side by side, and a cage's cells must.`, 'error');
      return;
    }
    this.#openTotal(cells, -1);
  }

  removeCageAt(cell) {
    const rules = this.#host.rules();
    const cages = rules?.cages ?? [];
    const k = cages.findIndex((c) => c.cells.includes(cell));
    const n = this.#host.shape().side;
    if (k < 0) { this.#host.say(`${cellName(cell, n)} is in no cage: nothing to delete.`); return; }
    const next = { ...rules, cages: cages.filter((_, j) => j !== k) };
    this.#host.commit(canonicalRules(next), `Deleted cage ${k + 1}. Undo brings it back.`);
  }

  #openTotal(cells, index) {
    const { ui } = this.#host;
    const n = this.#host.shape().side;
    const first = Math.min(...cells);
    this.#pending = { cells, index };
    this.#select(cells);
    const field = this.totalField;
    field.style.left = `calc(3px + var(--outside, 0px) + (100% - 6px - 2 * var(--outside, 0px)) * ${(first % n) / n})`;
    field.style.top = `calc(3px + var(--outside, 0px) + (100% - 6px - 2 * var(--outside, 0px)) * ${Math.floor(first / n) / n})`;
    const old = index >= 0 ? this.#host.rules().cages[index].total : null;
    field.value = Number.isInteger(old) ? String(old) : '';
    const what = index >= 0 ? `cage ${index + 1}` : `the new cage of ${cells.length} cell${cells.length > 1 ? 's' : ''}`;
    field.setAttribute('aria-label', `Total of ${what} (${cells.map((i) => cellName(i, n)).join(', ')})`);
    field.hidden = false;
    field.focus();
    this.#host.say(`Type the total of ${what} and press Enter (empty: no total; Escape: cancel).`);
    void ui;
  }

  #onTotalKey(e) {
    if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); this.#closeTotal('No cage made.'); return; }
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const text = this.totalField.value.trim();
    if (text !== '' && !/^\d{1,4}$/.test(text)) {
      this.#host.say(`"${text.slice(0, 12)}" is not a total: type a whole number such as 15, or leave it empty for a cage with no total.`, 'error');
      return;
    }
    const total = text === '' ? null : Number(text);
    const { cells, index } = this.#pending;
    const rules = this.#host.rules() ?? {};
    const cages = [...(rules.cages ?? [])];
    if (index >= 0) cages[index] = { cells: [...cages[index].cells], total };
    else cages.push({ cells, total });
    const k = index >= 0 ? index + 1 : cages.length;
    this.#pending = null;
    this.#hideTotal();
    this.#select([]);
    const said = total === null ? 'with no total' : `total ${total}`;
    this.#host.commit(canonicalRules({ ...rules, cages }), `${index >= 0 ? 'Changed' : 'Made'} cage ${k}, ${said}.`);
  }

  #closeTotal(message) {
    this.#pending = null;
    this.#hideTotal();
    if (message) this.#host.say(message);
  }

  #hideTotal() {
    const field = this.totalField;
    const had = this.#host.ui.shadowRoot.activeElement === field;
    field.hidden = true;
    if (had) this.#host.ui.focusCell(this.#host.ui.cursor);
  }

  #select(cells) {
    this.#selection = new Set(cells);
    this.#host.ui.markSelection(this.#selection);
  }

  #toggleSelected(i) {
    const next = new Set(this.#selection);
    if (next.has(i)) next.delete(i); else next.add(i);
    this.#select([...next]);
  }

  // -- the palette: thermometers, arrows, dots, X and V --------------------------------------------------
  #showChoices() {
    const tool = SHAPES[this.mode];
    this.choices.hidden = !tool?.choices;
    if (!tool?.choices) { this.choices.replaceChildren(); return; }
    this.choices.setAttribute('aria-label', this.mode === 'dots' ? 'Dot colour' : 'X or V');
    this.choices.replaceChildren(...tool.choices.map(([value, label]) => {
      const b = make('button', { type: 'button', textContent: label }, { 'aria-pressed': String(this.choice[this.mode] === value), part: 'button shape-choice' });
      b.dataset.choice = value;
      return b;
    }));
  }

  /** Make the current tool's shape from `cells` (in the order drawn), or say why the drawing is not one. */
  addShapeFrom(cells) {
    if (!SHAPES[this.mode] || this.#host.readOnly) return;
    const rules = this.#host.rules() ?? {};
    const drawn = drawShape(rules.constraints ?? [], this.mode, this.choice[this.mode], cells, this.#host.shape().side);
    if (drawn.error) {
      this.toolError.textContent = drawn.error;
      this.#host.say(drawn.error, 'error');
      return;
    }
    this.toolError.textContent = '';
    this.#select([]);
    this.#host.commit(canonicalRules({ ...rules, constraints: drawn.constraints }), drawn.message);
  }

  /** Delete: the latest of the tool's shapes on cell `cell` (for a dot or X/V: on one of its sides). */
  removeShapeAt(cell) {
    const rules = this.#host.rules();
    const erased = eraseShape(rules?.constraints ?? [], this.mode, cell, this.#host.shape().side);
    if (erased.error) { this.#host.say(erased.error); return; }
    this.toolError.textContent = '';
    this.#host.commit(canonicalRules({ ...rules, constraints: erased.constraints }), erased.message);
  }

  // -- regions ------------------------------------------------------------------------------------------
  /** Put `cells` into region `region` (0-based) as one undoable step. */
  #paint(cells, region) {
    const rules = this.#host.rules();
    const shape = this.#host.shape();
    const owner = regionNumbers(rules, shape);
    if (cells.every((i) => owner[i] === region)) return;
    for (const i of cells) owner[i] = region;
    this.#host.commit(this.#withRegions(rules, owner, shape), `${cells.length === 1 ? cellName(cells[0], shape.side) : `${cells.length} cells`} now in region ${region + 1}.`);
  }

  #withRegions(rules, owner, shape) {
    const next = { ...(rules ?? {}) };
    const regions = regionsOf(owner, shape);
    if (regions) next.regions = regions; else delete next.regions;
    return canonicalRules(next);
  }

  // -- pointer: drag to select (cages) or to paint (regions); touch works the same ------------------------
  #cellAt(e) {
    const hit = this.#host.ui.shadowRoot.elementFromPoint?.(e.clientX, e.clientY);
    const cell = hit?.closest?.('[role="gridcell"]');
    return cell && this.#host.ui.board.contains(cell) ? Number(cell.dataset.index) : -1;
  }

  #onPointerDown(e) {
    if (!this.drawing || this.#host.readOnly || (e.button ?? 0) !== 0) return;
    const i = this.#cellAt(e);
    if (i < 0) return;
    if (this.#pending) this.#closeTotal('');
    try { this.#host.ui.board.setPointerCapture(e.pointerId); } catch { /* a pointer already gone */ }
    if (this.mode === 'cages') {
      this.#drag = { kind: 'select' };
      this.#select(e.shiftKey ? [...this.#selection, i] : [i]);
    } else if (SHAPES[this.mode]) {
      this.#drag = { kind: 'path' };
      this.#select(e.shiftKey ? [...this.#selection, i] : [i]);
    } else {
      const owner = regionNumbers(this.#host.rules(), this.#host.shape());
      this.#drag = { kind: 'paint', region: owner[i], owner, changed: false };
    }
  }

  #onPointerMove(e) {
    if (!this.#drag) return;
    const i = this.#cellAt(e);
    if (i < 0) return;
    if (this.#drag.kind === 'select') {
      if (!this.#selection.has(i)) this.#select([...this.#selection, i]);
    } else if (this.#drag.kind === 'path') {
      // A path is drawn in order; going back over the cell before the last takes the last one off. A cell
      // counts once the pointer is near its centre, so a diagonal stroke past a corner skips the cells there.
      const box = this.#host.ui.cells[i].getBoundingClientRect();
      if (Math.hypot(e.clientX - box.x - box.width / 2, e.clientY - box.y - box.height / 2) > 0.4 * box.width) return;
      const path = [...this.#selection];
      if (path[path.length - 2] === i) this.#select(path.slice(0, -1));
      else if (!this.#selection.has(i)) this.#select([...path, i]);
    } else if (this.#drag.owner[i] !== this.#drag.region) {
      this.#drag.owner[i] = this.#drag.region;
      this.#drag.changed = true;
      const shape = this.#host.shape();
      const preview = this.#withRegions(this.#host.rules(), this.#drag.owner, shape);
      this.#host.preview(preview);
      this.#host.ui.setRegionNumbers(this.#drag.owner);
      this.#host.render();
    }
  }

  #endDrag(commit) {
    const drag = this.#drag;
    this.#drag = null;
    if (drag?.kind === 'path' && commit && this.#selection.size > 1) { this.addShapeFrom([...this.#selection]); return; }
    if (!drag || drag.kind !== 'paint' || !drag.changed || !commit) return;
    const shape = this.#host.shape();
    this.#host.commit(this.#withRegions(this.#host.rules(), drag.owner, shape), `Region ${drag.region + 1} redrawn.`);
  }

  // -- the bar's buttons --------------------------------------------------------------------------------
  #onBarClick(e) {
    const b = e.target.closest?.('button');
    if (!b || this.#host.readOnly) return;
    const rules = this.#host.rules() ?? {};
    if (b.dataset.rule) {
      const name = b.dataset.rule;
      const next = { ...rules };
      if (name === 'x') {
        const on = !(rules.diagonal && rules.antiDiagonal);
        next.diagonal = on; next.antiDiagonal = on;
        this.#host.commit(canonicalRules(next), on ? 'X: both diagonals now hold each digit once.' : 'X is off.');
      } else {
        next[name] = !rules[name];
        const label = TOGGLES.find(([n]) => n === name)[1];
        this.#host.commit(canonicalRules(next), `${label} is ${next[name] ? 'on' : 'off'}.`);
      }
    } else if (b.dataset.choice) {
      this.choice[this.mode] = b.dataset.choice;
      this.#showChoices();
      this.choices.querySelector(`[data-choice="${b.dataset.choice}"]`)?.focus();
    } else if (b === this.addShape) {
      this.addShapeFrom([...this.#selection]);
    } else if (b === this.deleteShape) {
      this.removeShapeAt(this.#host.ui.cursor);
    } else if (b === this.makeCage) {
      this.startCage();
    } else if (b === this.deleteCage) {
      this.removeCageAt(this.#host.ui.cursor);
    } else if (b === this.clearRules) {
      if (!this.#host.rules()) { this.#host.say('There are no rules to clear.'); return; }
      this.#select([]);
      this.#host.commit(null, 'Rules cleared: classic Sudoku. Undo brings them back.');
    }
  }
}
