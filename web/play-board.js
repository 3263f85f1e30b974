// play-board.js: the Play page's board: a role="grid" of cells showing givens, entries and pencil marks,
// with one roving tab stop. It draws a Game (play-game.js) and turns keys into actions for the page:
//
//   const board = new PlayBoard(element, { onKey(action, cellIndex), summary, words });
//   board.show(game, { mistakes: [i, ...] });   // redraw every cell
//
// Actions: {type: 'digit', digit, mode?}, {type: 'erase'}, {type: 'mode', mode ('next' cycles)}, {type: 'undo'},
// {type: 'redo'}. Z, X and C pick a mode unless the grid uses that letter as a digit (C from 12x12 up).
// A variant game's rules are drawn by variant-view.js (the element's own layer): Jigsaw regions as thick
// borders, cages, diagonals and windows in an SVG over the board; each cell's aria-description says them.
// The setters' palette is drawn as on the Solve page (palette-draw.js): the element's parent is the board's
// frame, which gets a margin for clues outside the grid (little killers, sandwiches) only when there are some;
// `summary` (a paragraph under the board) counts the rules and `words` (visually hidden, part of the grid's
// description) says each one.
import { paletteText } from './palette-draw.js';
import { SYMBOLS, digitsOf } from './play-game.js';
import { RulesLayer, describeRules, regionOf } from './variant-view.js';

const MODE_KEYS = { z: 'digit', x: 'corner', c: 'centre' };
// Corner marks stand in the corners first, then along the edges (Snyder style): slots of a 3x3 layout.
const CORNER_SLOTS = [0, 2, 6, 8, 1, 7, 3, 5, 4];

export class PlayBoard {
  constructor(element, { onKey, summary = null, words = null }) {
    this.element = element;
    this.onKey = onKey;
    this.summary = summary;
    this.words = words;
    this.describedBy = element.getAttribute('aria-describedby') ?? ''; // the page's own description (key help)
    this.game = null;
    this.selected = 0;
    this.cells = [];
    this.side = 0;
    this.rulesKey = null; // the rules drawn (as JSON), to redraw them only when they change
    this.ruleWords = [];
    this.frame = element.parentElement;
    this.rulesLayer = new RulesLayer(this.frame);
    element.setAttribute('role', 'grid');
    element.addEventListener('keydown', (event) => this.#keydown(event));
    element.addEventListener('pointerdown', (event) => {
      const cell = event.target.closest('[role=gridcell]');
      if (cell) this.select(Number(cell.dataset.index));
    });
    element.addEventListener('focusin', (event) => {
      const cell = event.target.closest('[role=gridcell]');
      if (cell && Number(cell.dataset.index) !== this.selected) this.select(Number(cell.dataset.index), false);
    });
  }

  /** Build the cells for this game's shape (when it changed) and draw them all. */
  show(game, marks = {}) {
    const { side, boxRows, boxCols } = game.info;
    if (side !== this.side || boxRows !== this.boxRows || boxCols !== this.boxCols) {
      this.#build(side, boxRows, boxCols);
    }
    const rulesKey = JSON.stringify(game.rules);
    if (rulesKey !== this.rulesKey) this.#showRules(game.rules, game.shape, rulesKey);
    this.game = game;
    this.element.classList.toggle('solved', game.solved);
    for (let i = 0; i < side * side; i += 1) this.#draw(game, i, marks);
    this.#highlight();
  }

  select(i, focus = true) {
    const old = this.cells[this.selected];
    if (old) {
      old.tabIndex = -1;
      old.setAttribute('aria-selected', 'false');
    }
    this.selected = Math.max(0, Math.min(i, this.cells.length - 1));
    const cell = this.cells[this.selected];
    if (!cell) return;
    cell.tabIndex = 0;
    cell.setAttribute('aria-selected', 'true');
    if (focus) cell.focus();
    this.#highlight();
  }

  /** Shade the selected cell's peers (row, column, box or region, and those of any variant rule) and the
   *  cells holding its digit (looks only). */
  #highlight() {
    const game = this.game;
    if (!game || game.side !== this.side) return;
    const peers = new Set(game.peers[this.selected]);
    const digit = game.values[this.selected];
    this.cells.forEach((cell, i) => {
      cell.classList.toggle('peer', peers.has(i));
      cell.classList.toggle('same', Boolean(digit) && game.values[i] === digit && i !== this.selected);
    });
  }

  /** Focus the selected cell (`options` as for HTMLElement.focus, e.g. {preventScroll: true}). */
  focus(options) {
    this.cells[this.selected]?.focus(options);
  }

  #build(side, boxRows, boxCols) {
    this.side = side;
    this.boxRows = boxRows;
    this.boxCols = boxCols;
    this.element.replaceChildren();
    this.element.style.setProperty('--side', side);
    this.frame.style.setProperty('--n', side); // the margin for clues outside the grid is a cell wide
    this.element.style.setProperty('--mark-cols', Math.ceil(Math.sqrt(side)));
    this.element.dataset.side = side;
    this.cells = [];
    for (let r = 0; r < side; r += 1) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.className = 'play-row';
      for (let c = 0; c < side; c += 1) {
        const cell = document.createElement('div');
        cell.setAttribute('role', 'gridcell');
        cell.className = 'play-cell';
        cell.dataset.index = r * side + c;
        cell.tabIndex = -1;
        row.append(cell);
        this.cells.push(cell);
      }
      this.element.append(row);
    }
    this.rulesKey = null;
    this.select(Math.min(this.selected, side * side - 1), false);
  }

  /** Region borders (the boxes, or Jigsaw regions), the cage totals' cells, the SVG layer and the words (per
   *  cell, and for the palette the line under the board and the grid's description). */
  #showRules(rules, shape, key) {
    const n = shape.side;
    const region = regionOf(rules, shape);
    // The cell where a cage's total is written: its corner marks move down, out of the total's way.
    const totals = new Set((rules?.cages ?? []).filter((k) => Number.isInteger(k.total) && k.cells?.length)
      .map((k) => Math.min(...k.cells)));
    this.cells.forEach((cell, i) => {
      cell.classList.toggle('box-right', i % n < n - 1 && region[i + 1] !== region[i]);
      cell.classList.toggle('box-bottom', i < n * (n - 1) && region[i + n] !== region[i]);
      cell.classList.toggle('has-total', totals.has(i));
    });
    this.element.classList.toggle('has-cages', Boolean(rules?.cages?.length));
    this.ruleWords = describeRules(rules, shape);
    this.rulesLayer.draw(rules, shape);
    const { summary, words } = paletteText(rules, n);
    if (this.summary) {
      this.summary.textContent = summary;
      this.summary.hidden = !summary;
    }
    if (this.words) this.words.textContent = words;
    const describedBy = [words && this.words?.id, this.describedBy].filter(Boolean).join(' ');
    if (describedBy) this.element.setAttribute('aria-describedby', describedBy);
    else this.element.removeAttribute('aria-describedby');
    this.rulesKey = key;
  }

  #draw(game, i, { mistakes = [] } = {}) {
    const cell = this.cells[i];
    const side = game.side;
    const r = Math.floor(i / side) + 1;
    const c = (i % side) + 1;
    const { v, corner, centre } = game.cell(i);
    const given = game.isGiven(i);
    const wrong = mistakes.includes(i);
    cell.classList.toggle('given', given);
    cell.classList.toggle('entry', Boolean(v) && !given);
    cell.classList.toggle('mistake', wrong);
    cell.setAttribute('aria-readonly', given ? 'true' : 'false');
    if (wrong) cell.setAttribute('aria-invalid', 'true');
    else cell.removeAttribute('aria-invalid');
    let label = `Row ${r}, column ${c}, `;
    cell.replaceChildren();
    if (v) {
      const value = document.createElement('span');
      value.className = 'value';
      value.textContent = SYMBOLS[v - 1];
      cell.append(value);
      label += given ? `given ${SYMBOLS[v - 1]}` : `${SYMBOLS[v - 1]}${wrong ? ', wrong' : ''}`;
    } else {
      label += 'empty';
      if (corner) {
        const box = document.createElement('span');
        box.className = 'corner';
        digitsOf(corner).forEach((d, k) => {
          const mark = document.createElement('span');
          mark.textContent = SYMBOLS[d - 1];
          mark.className = `slot-${k < CORNER_SLOTS.length ? CORNER_SLOTS[k] : 'more'}`;
          box.append(mark);
        });
        cell.append(box);
        label += `, corner marks ${digitsOf(corner).map((d) => SYMBOLS[d - 1]).join(' ')}`;
      }
      if (centre) {
        const box = document.createElement('span');
        box.className = 'centre';
        box.textContent = digitsOf(centre).map((d) => SYMBOLS[d - 1]).join('');
        cell.append(box);
        label += `, centre marks ${digitsOf(centre).map((d) => SYMBOLS[d - 1]).join(' ')}`;
      }
    }
    cell.setAttribute('aria-label', label);
    if (this.ruleWords[i]) cell.setAttribute('aria-description', this.ruleWords[i]);
    else cell.removeAttribute('aria-description');
  }

  #move(dr, dc) {
    const side = this.side;
    const r = Math.floor(this.selected / side);
    const c = this.selected % side;
    this.select(((r + dr + side) % side) * side + ((c + dc + side) % side));
  }

  #keydown(event) {
    if (!this.side) return;
    const { key, code } = event;
    const ctrl = event.ctrlKey || event.metaKey;
    let action = null;
    if (ctrl && !event.altKey) {
      const k = key.toLowerCase();
      if (k === 'z' && !event.shiftKey) action = { type: 'undo' };
      else if (k === 'y' || (k === 'z' && event.shiftKey)) action = { type: 'redo' };
      else return; // leave the browser's own shortcuts alone
    } else if (event.altKey) {
      return;
    } else if (key === 'ArrowUp') this.#move(-1, 0);
    else if (key === 'ArrowDown') this.#move(1, 0);
    else if (key === 'ArrowLeft') this.#move(0, -1);
    else if (key === 'ArrowRight') this.#move(0, 1);
    else if (key === 'Home') this.select(this.selected - (this.selected % this.side));
    else if (key === 'End') this.select(this.selected - (this.selected % this.side) + this.side - 1);
    else if (key === 'Backspace' || key === 'Delete' || key === '0' || key === '.') action = { type: 'erase' };
    else if (key === ' ') action = { type: 'mode', mode: 'next' };
    else {
      const symbol = SYMBOLS.slice(0, this.side).indexOf(key.toUpperCase());
      const shifted = /^Digit[1-9]$/.test(code) && event.shiftKey ? Number(code.slice(5)) : 0;
      if (shifted && shifted <= this.side) action = { type: 'digit', digit: shifted, mode: 'corner' };
      else if (symbol >= 0 && key.length === 1) action = { type: 'digit', digit: symbol + 1 };
      else if (MODE_KEYS[key.toLowerCase()] && key.length === 1) action = { type: 'mode', mode: MODE_KEYS[key.toLowerCase()] };
      else return;
    }
    event.preventDefault();
    if (action) this.onKey(action, this.selected);
  }
}
