// play.js: the Play page. New puzzles come from the engine's `generate` request (in the worker, with progress
// and Cancel); the game itself (play-game.js) and its board (play-board.js) live on the page, saved in
// localStorage after every change; print and export are in play-extras.js. A variant (Killer, Jigsaw, ...)
// is asked of `generate` with the puzzle; its rules come back with it and stay with the game.
import { getEngine } from './engine.js';
import { registerServiceWorker } from './offline.js';
import { Game, PREVIOUS_KEY, STORAGE_KEY, SYMBOLS, formatTime } from './play-game.js';
import { PlayBoard } from './play-board.js';
import { setUpExport, setUpPrint, variantTitle } from './play-extras.js';
import { VARIANT_CSS } from './variant-view.js';

// The light engine starts first, as on the Solve page: engine.js hands the ops it does not answer (today the
// generator's `generate`, and a variant's `link`) to the full one, which starts when such a request comes. A
// returning player whose game is saved downloads nothing more until a new puzzle is asked for.
const engine = getEngine();
registerServiceWorker();

const SETTINGS_KEY = 'sudoku-play/v1:settings';
const MODES = ['digit', 'corner', 'centre'];
const MAX_SEED = 2 ** 31 - 1;
const $ = (id) => document.getElementById(id);

// The rules layer's look is the element's own (variant-view.js); a constructed sheet passes the strict CSP.
const variantSheet = new CSSStyleSheet();
variantSheet.replaceSync(VARIANT_CSS);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, variantSheet];

const ui = {
  form: $('new-puzzle'), size: $('size'), level: $('level'), symmetry: $('symmetry'), seed: $('seed'),
  newButton: $('new-button'), generating: $('generating'), progress: $('gen-progress'),
  genMessage: $('gen-message'), cancel: $('cancel'), info: $('game-info'), timer: $('timer'),
  empty: $('empty-board'), pad: $('pad'), erase: $('erase'), undo: $('undo'), redo: $('redo'),
  check: $('check'), showMistakes: $('show-mistakes'), status: $('status'), previous: $('previous'),
  centreKey: $('centre-key'), variants: [...document.querySelectorAll('input[name=variant]')],
  variantHelp: $('variant-help'), game: document.querySelector('.game'),
};
const VARIANT_HELP = ui.variantHelp.textContent;
const EMPTY_BOARD = [...ui.empty.childNodes].map((node) => node.cloneNode(true)); // "Press New puzzle to start."

let game = null;
let mode = 'digit';
let checked = []; // cells marked wrong by Check, until the next edit
let generation = null; // the AbortController of the running generation
let generationPrefix = ''; // what its progress line starts with ("Puzzle 2 of 4: " for a print sheet)
let listeners = []; // called after every change of the game (export, print sheet)

const board = new PlayBoard($('board'), {
  onKey: (action, i) => act(action, i), summary: $('rules-summary'), words: $('rules-words'),
});

// -- settings (mode, mistake marking) survive reloads too ------------------------------------------------
function loadSettings() {
  try {
    const saved = JSON.parse(localStorage.getItem(SETTINGS_KEY)) || {};
    if (MODES.includes(saved.mode)) mode = saved.mode;
    ui.showMistakes.checked = Boolean(saved.showMistakes);
  } catch { /* no settings yet */ }
}

function saveSettings() {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ mode, showMistakes: ui.showMistakes.checked }));
  } catch { /* storage disabled: settings last this visit */ }
}

function setMode(next) {
  mode = next === 'next' ? MODES[(MODES.indexOf(mode) + 1) % MODES.length] : next;
  for (const radio of document.querySelectorAll('input[name=mode]')) radio.checked = radio.value === mode;
  ui.pad.dataset.mode = mode;
  saveSettings();
}

// -- the clock: runs while a game is unsolved and the tab is visible (Page Visibility API) ------------------
let runningSince = null;

function clockShouldRun() {
  return Boolean(game) && !game.solved && document.visibilityState === 'visible';
}

function foldClock() {
  if (runningSince !== null) {
    const now = performance.now();
    game.elapsedMs += now - runningSince;
    runningSince = now;
  }
}

function syncClock() {
  if (clockShouldRun()) {
    if (runningSince === null) runningSince = performance.now();
  } else if (runningSince !== null) {
    foldClock();
    runningSince = null;
    save();
  }
  showTime();
}

function showTime() {
  ui.timer.textContent = game ? formatTime(game.elapsedMs + (runningSince !== null ? performance.now() - runningSince : 0)) : '0:00';
  ui.timer.classList.toggle('paused', Boolean(game) && runningSince === null && !game.solved);
}

document.addEventListener('visibilitychange', syncClock);
window.addEventListener('pagehide', () => save());
setInterval(() => {
  showTime();
  if (runningSince !== null && performance.now() - runningSince > 5000) save();
}, 500);

function save() {
  if (!game) return;
  foldClock();
  game.save();
}

// -- drawing -----------------------------------------------------------------------------------------------
function mistakesShown() {
  if (!game) return [];
  const wrong = ui.showMistakes.checked ? game.mistakes() : [];
  return [...new Set([...wrong, ...checked.filter((i) => game.values[i] && game.values[i] !== game.solution[i])])];
}

/** What a puzzle is, in words: "9×9 · Killer · 27 cages · 0 givens · seed 5". */
function describe(info, rules = null) {
  const parts = [info.size.split(':')[0].replace('x', '×')];
  if (info.variant) parts.push(variantTitle(info.variant));
  if (info.rating) parts.push(`${info.rating.level} (${info.rating.score})`);
  else if (info.level) parts.push(info.level);
  if (rules?.cages) parts.push(`${rules.cages.length} cages`);
  parts.push(`${info.givens} givens`, `seed ${info.seed}`);
  return parts.join(' · ');
}

function buildPad(side) {
  ui.pad.replaceChildren();
  ui.pad.style.setProperty('--pad-cols', side <= 9 ? Math.min(side, 9) : Math.ceil(side / 2));
  for (let d = 1; d <= side; d += 1) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = SYMBOLS[d - 1];
    button.dataset.digit = d;
    ui.pad.append(button);
  }
}

function showGame() {
  ui.empty.hidden = Boolean(game);
  if (!game) {
    refreshButtons(); // nothing to play yet
    return;
  }
  if (ui.pad.childElementCount !== game.side) buildPad(game.side);
  ui.centreKey.hidden = SYMBOLS.slice(0, game.side).includes('C'); // C is a digit from 12x12 up
  board.show(game, { mistakes: mistakesShown() });
  ui.info.textContent = describe(game.info, game.rules);
  ui.info.title = ui.info.textContent; // the whole of it, where the bar cuts it short
  refreshButtons();
  for (const listener of listeners) listener(game);
}

function refreshButtons() {
  ui.undo.disabled = !game || game.solved || game.undoStack.length === 0;
  ui.redo.disabled = !game || game.solved || game.redoStack.length === 0;
  for (const b of [ui.erase, ui.check, ...ui.pad.querySelectorAll('button')]) b.disabled = !game || game.solved;
}

function say(message) {
  ui.status.textContent = message;
}

// -- playing -----------------------------------------------------------------------------------------------
function cellName(i) {
  return `r${Math.floor(i / game.side) + 1}c${(i % game.side) + 1}`;
}

function act(action, i = board.selected) {
  if (!game) return;
  if (action.type === 'mode') {
    setMode(action.mode);
    return;
  }
  let changed = null; // the cells changed, when something did
  if (action.type === 'undo') changed = game.undo();
  else if (action.type === 'redo') changed = game.redo();
  else if (game.solved) return;
  else if (game.isGiven(i) && (action.type === 'digit' || action.type === 'erase')) {
    say(`${cellName(i)} is a given: it cannot change.`);
    return;
  } else if (action.type === 'erase') {
    if (game.erase(i)) changed = game.changed;
  } else if (action.type === 'digit') {
    const how = action.mode || mode;
    if (how === 'digit' ? game.enter(i, action.digit) : game.toggleMark(i, how, action.digit)) changed = game.changed;
    else if (how !== 'digit' && game.values[i]) say(`${cellName(i)} holds a digit: erase it to add pencil marks.`);
  }
  if (!changed) return;
  checked = [];
  afterChange();
}

function afterChange() {
  if (!game.solved && game.isComplete()) {
    if (game.isCorrect()) {
      foldClock();
      game.solved = true;
      syncClock();
      say(`Solved in ${formatTime(game.elapsedMs)}. Well done.`);
    } else {
      const wrong = game.mistakes().length;
      say(`Every cell is filled, but ${wrong} ${wrong === 1 ? 'entry is' : 'entries are'} not right yet.`);
    }
  } else if (ui.status.textContent && !game.solved) {
    say('');
  }
  save();
  showGame();
}

function checkNow() {
  if (!game) return;
  const wrong = game.mistakes();
  checked = wrong;
  if (wrong.length === 0) {
    say(`No mistakes so far: ${game.filled()} of ${game.values.length} cells filled.`);
  } else {
    const names = wrong.slice(0, 6).map(cellName).join(', ') + (wrong.length > 6 ? ', …' : '');
    say(`${wrong.length} ${wrong.length === 1 ? 'entry is' : 'entries are'} wrong: ${names}.`);
  }
  board.show(game, { mistakes: mistakesShown() });
}

// -- new puzzles -------------------------------------------------------------------------------------------
/** The form's options as a request, or a sentence saying what is wrong with them. */
function readOptions() {
  const text = ui.seed.value.trim();
  let seed = null;
  if (text) {
    if (!/^\d+$/.test(text) || Number(text) > MAX_SEED) {
      return { error: `The seed must be a whole number from 0 to ${MAX_SEED}; “${text}” is not.` };
    }
    seed = Number(text);
  }
  const size = ui.size.value;
  const level = size === '9x9' ? ui.level.value : '';
  const variant = ui.variants.filter((box) => box.checked && !box.disabled).map((box) => box.value).join(',');
  return { size, level: level || null, symmetry: ui.symmetry.value, seed, variant: variant || null };
}

/** Variants are made from 4x4 to 9x9, Windoku at 9x9 only: the others are disabled (kept ticked) and said so. */
function syncVariantChoices() {
  const side = Number(ui.size.value.split('x')[0]);
  for (const box of ui.variants) box.disabled = side > 9 || (box.value === 'windoku' && side !== 9);
  const dropped = ui.variants.filter((box) => box.checked && box.disabled).map((box) => variantTitle(box.value));
  const size = `${side}×${side}`;
  if (side > 9) ui.variantHelp.textContent = `Variants are made from 4×4 to 9×9: a ${size} puzzle is classic.`;
  else if (dropped.length) ui.variantHelp.textContent = `Windoku is 9×9 only: a ${size} puzzle is made without it.`;
  else ui.variantHelp.textContent = VARIANT_HELP;
}

function timeoutFor(options) {
  if (options.level) return 75_000;
  return options.size === '25x25' ? 120_000 : 60_000;
}

/** Ask the worker for one puzzle, showing progress; resolves to the engine's result (rejects on failure). */
async function requestPuzzle(options, prefix = '') {
  const controller = new AbortController();
  generation = controller;
  generationPrefix = prefix;
  ui.generating.hidden = false;
  syncPrevious();
  // Busy, but still focusable: disabling the focused button would drop the focus to the page (submit is
  // ignored meanwhile).
  ui.newButton.setAttribute('aria-disabled', 'true');
  ui.progress.removeAttribute('value');
  ui.genMessage.textContent = `${prefix}${engine.state === 'ready' ? 'Making a puzzle…' : 'Starting the engine…'}`;
  if (!game) ui.empty.textContent = 'Making a puzzle…';
  const onProgress = (p) => {
    ui.progress.value = p.fraction;
    ui.genMessage.textContent = prefix + p.message;
  };
  const payload = { size: options.size, symmetry: options.symmetry };
  if (options.level) payload.level = options.level;
  if (options.seed !== null && options.seed !== undefined) payload.seed = options.seed;
  if (options.level) payload.maxMs = 60_000;
  if (options.variant) payload.variant = options.variant;
  try {
    return await engine.request('generate', payload, { timeoutMs: timeoutFor(options), signal: controller.signal, onProgress });
  } finally {
    if (generation === controller) generation = null;
    // Cancel goes out of sight: its focus goes back to New puzzle, not to the page.
    const refocus = ui.generating.contains(document.activeElement);
    ui.generating.hidden = true;
    syncPrevious();
    ui.newButton.removeAttribute('aria-disabled');
    if (refocus) ui.newButton.focus();
    if (!game) ui.empty.replaceChildren(...EMPTY_BOARD.map((node) => node.cloneNode(true)));
  }
}

/** "Downloading the solver… 1.2 of 4.1 MB": the engine's start, in the progress line. */
function engineProgressWords({ message, loaded, total }) {
  const mb = (bytes) => (bytes / 1e6).toFixed(1);
  return loaded && total ? `${message} ${mb(loaded)} of ${mb(total)} MB` : message;
}

function generationFailed(error, options = readOptions()) {
  if (error.code === 'cancelled') say('Cancelled. The engine restarts in the background; your game is as it was.');
  else if (error.code === 'level_not_reached' && options.variant) {
    say(`${error.message} Most variant puzzles rate Extreme: choose the level “Any” (or Extreme) for a ${variantTitle(options.variant)} puzzle.`);
  } else say(error.message || 'The puzzle could not be made.');
}

/** A new puzzle with the form's options. `asked`: the person pressed New puzzle (then the new game is brought on
 *  screen with the focus on its first empty cell; the first visit's own puzzle leaves the page as it is). */
async function newPuzzle({ asked = true } = {}) {
  const options = readOptions();
  if (options.error) {
    say(options.error);
    ui.seed.focus();
    return;
  }
  say('');
  // e.g. the network is back: try again (the full engine too, when it is what failed)
  if (engine.state === 'failed' || engine.runtimes.full === 'failed') engine.restart();
  let made;
  try {
    made = await requestPuzzle(options);
  } catch (error) {
    generationFailed(error, options);
    return;
  }
  startGame(new Game(made));
  if (asked) showBoard();
  const kind = made.variant ? ` ${variantTitle(made.variant)}` : '';
  const cages = made.rules?.cages ? `${made.rules.cages.length} cages, ` : '';
  say(`New ${made.size.split(':')[0].replace('x', '×')}${kind} puzzle: ${cages}${made.givens} givens${made.rating ? `, rated ${made.rating.level}` : ''}. Good luck.`);
}

/** "Back to the previous game" shows when an unfinished game is kept, except while a puzzle is made: the progress
 *  line takes its place then. */
function syncPrevious() {
  ui.previous.hidden = Boolean(generation) || !Game.load(PREVIOUS_KEY);
}

function startGame(next) {
  if (game) {
    save();
    // An unfinished game with the person's work in it is kept: one "back" away.
    if (!game.solved && game.undoStack.length) game.save(PREVIOUS_KEY);
  }
  syncPrevious();
  runningSince = null;
  game = next;
  checked = [];
  showGame();
  syncClock();
  save();
  board.select(0, false);
}

/** Select the first empty cell and focus it, and scroll the game into view when its board is not all on screen
 *  (on a phone the whole form stands above it). */
function showBoard() {
  const empty = game.values.findIndex((v) => !v);
  board.select(empty >= 0 ? empty : 0, false);
  board.focus({ preventScroll: true });
  const { top, bottom } = board.element.getBoundingClientRect();
  if (top < 0 || bottom > document.documentElement.clientHeight) ui.game.scrollIntoView({ block: 'start' });
}

ui.form.addEventListener('submit', (event) => {
  event.preventDefault();
  if (!generation) newPuzzle();
});
ui.size.addEventListener('change', () => {
  ui.level.disabled = ui.size.value !== '9x9';
  syncVariantChoices();
});
ui.cancel.addEventListener('click', () => generation?.abort());
ui.previous.addEventListener('click', () => {
  const previous = Game.load(PREVIOUS_KEY);
  if (!previous) return;
  save();
  const current = game;
  localStorage.removeItem(PREVIOUS_KEY);
  startGame(previous);
  if (current && !current.solved) current.save(PREVIOUS_KEY); // so the button swaps back and forth
  syncPrevious();
  if (ui.previous.hidden) board.focus(); // nothing to swap back to: the focus goes to the game, not the page
  say(`Back to the previous game (${describe(previous.info, previous.rules)}).`);
});

// -- controls ----------------------------------------------------------------------------------------------
for (const radio of document.querySelectorAll('input[name=mode]')) {
  radio.addEventListener('change', () => radio.checked && setMode(radio.value));
}
function padAction(action) {
  act(action);
  board.focus();
}
ui.pad.addEventListener('click', (event) => {
  const button = event.target.closest('button[data-digit]');
  if (button) padAction({ type: 'digit', digit: Number(button.dataset.digit) });
});
ui.erase.addEventListener('click', () => padAction({ type: 'erase' }));
ui.undo.addEventListener('click', () => padAction({ type: 'undo' }));
ui.redo.addEventListener('click', () => padAction({ type: 'redo' }));
ui.check.addEventListener('click', checkNow);
ui.showMistakes.addEventListener('change', () => {
  saveSettings();
  if (game) board.show(game, { mistakes: mistakesShown() });
});
// The engine's own start (or, once the light engine answers, the full one's, which `generate` waits for).
engine.addEventListener('progress', (event) => {
  if (generation && (engine.state === 'loading' || event.detail.upgrade)) {
    ui.genMessage.textContent = generationPrefix + engineProgressWords(event.detail);
  }
});
engine.addEventListener('failed', (event) => say(event.detail.message));

// -- start ---------------------------------------------------------------------------------------------
loadSettings();
setMode(mode);
listeners = [setUpExport({ engine, getGame: () => game }), setUpPrint({ getGame: () => game, readOptions, requestPuzzle, generationFailed, say })];
game = Game.load();
syncPrevious();
if (game) {
  for (const [select, value] of [[ui.size, game.info.size], [ui.symmetry, game.info.symmetry], [ui.level, game.info.level || '']]) {
    if ([...select.options].some((o) => o.value === value)) select.value = value;
  }
  const variants = (game.info.variant || '').split(',');
  for (const box of ui.variants) box.checked = variants.includes(box.value);
  ui.level.disabled = ui.size.value !== '9x9';
  syncVariantChoices();
  showGame();
  syncClock();
  if (game.solved) say(`You solved this one in ${formatTime(game.elapsedMs)}. Press New puzzle for another.`);
} else {
  let unreadable = false;
  try { // a game saved by a newer version of this page is kept aside, not guessed at nor overwritten
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved) localStorage.setItem(`${STORAGE_KEY}:unreadable`, saved);
    unreadable = Boolean(saved);
  } catch { /* storage disabled */ }
  showGame();
  syncVariantChoices();
  newPuzzle({ asked: false }).then(() => {
    if (unreadable && game) say(`The saved game could not be read by this version of the page (it is kept aside on this device), so here is a new puzzle. ${ui.status.textContent}`);
  });
}
document.documentElement.dataset.playReady = 'true';
