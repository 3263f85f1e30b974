// The page: one <sudoku-solver> with its rules bar, a size picker, samples, the grid and its variant rules kept
// in the URL fragment and localStorage, and links that open the puzzle in f-puzzles and SudokuPad.
//
// The URL fragment is read and written by grid-codec.js (nothing after '#': an empty 9x9), its rule parts by
// rules-codec.js. Everything read from the fragment or from storage is data: it only ever reaches the
// element's properties.
import { fragmentOf, parseSize, readFragment, shapeSpec, sizeName } from './grid-codec.js';
import { decodeRules, encodeRules } from './rules-codec.js';

const STORAGE_KEY = 'sudoku-solver:grid';

const SAMPLES = {
  easy: '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..',
  hard: '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......',
  hardest: '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..',
  several: '....2.6.....3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..',
  mini: '.431..4......3..',
  six: '.4..61.5.....25..33.......13.......5',
  twelve: '.....6...A.C..7.4..1.3..6......B..2.C.3....A..5..6..8B...2....84.5.3......256...C.4.....2...71..13.......9...84.7A..2..5.B.....6..8.AC..1...3.6.',
  sixteen: '.7.3.A....E.9...CD5.86.4......A..6...DE...4A.F1........B......EC...C.8.F7B..1..DD2.....7.A.4......A..21.C.5...7.....E.6..1...8F4..E...8.3.....2...G56.C.47.2.A...F...B....1C.986.4.A...2..D6....3B.47.....A12C...C.G..4..8......1.2...9D..C....BF.7.B..6D..5.G..',
  giant: 'J.E.H..I.59.N.K......C.7..49.K.1P....A...5.GH.....F.B5GM....2C1P.6K97.IL4.A.P3.D.LE.95.FI..8.1.2.H.67.LM8.2.K...4.H.N.CI..JB.H8G9...M.......KE.L...B.D4.K.FN.....J...71.5.E.L...3.DL97B...F.......2K..M.I.M..5....6.O2BD......1H.2B.17.C..E.KD4.GMN.FA.8....FG..63IMH48.AO.J9N.1KP..NHE.K...JI3LD..C..7...4.A.I..8...DKM6E..H5.G.....MJ..4..5.21P.NCE..I...OA95...3AH......9O..K.PBIE.88.P7.4I.M3ON.K6...DLJ..1.CM.3I6.KEOB52L.9..J1P...HK.6.ND.....9.1JA...8..I...G....A8.7...C.N.E.K.B5L2L.DB5J...F7AH8PI3M4C6ONKEP....3O.8.4.5B9..6....7.N.IA......N..P.8.D.H9.MCE.95.....J1.D.C3..I7.MH.P..DF..BCE..6.H....G.KO1.3.LG7.H...D.P..KOE....598..4',
};

const solver = document.getElementById('solver');
const sizeRadios = [...document.querySelectorAll('input[name="size"]')];
const shareStatus = document.getElementById('share-status');

/** The side of the grid a fragment describes (its size, else its line's length), for reading its rules. */
function sideOf({ size, puzzle }) {
  if (size) return parseSize(size)?.side ?? 9;
  const cells = puzzle?.length || 81;
  const side = Math.round(Math.sqrt(cells));
  return side * side === cells ? side : 9;
}

/** The rules a fragment carries, or null; a part that cannot be read is said, and the grid loads without them. */
function rulesOf(wanted) {
  if (!wanted.rules) return null;
  try {
    return decodeRules(wanted.rules, sideOf(wanted));
  } catch (error) {
    shareStatus.textContent = `The link's rules could not be read: ${error.message}. The grid was loaded without them.`;
    return null;
  }
}

function apply(wanted) {
  const { size, puzzle } = wanted;
  if (size && size !== solver.size) solver.size = size;
  if (puzzle !== null && puzzle !== undefined) solver.puzzle = puzzle;
  const rules = rulesOf(wanted);
  if (JSON.stringify(rules) !== JSON.stringify(solver.rules)) solver.rules = rules;
}

function currentFragment() {
  const side = Math.round(Math.sqrt(solver.puzzle.length));
  return fragmentOf(solver.puzzle, solver.size, encodeRules(solver.rules, side));
}

function save() {
  const fragment = currentFragment();
  const url = new URL(location.href);
  url.hash = fragment;
  const target = fragment ? url.href : url.href.replace(/#$/, '');
  if (target !== location.href) history.replaceState(history.state, '', target);
  try { localStorage.setItem(STORAGE_KEY, fragment); } catch { /* storage off: the URL still holds it */ }
}

function syncPicker() {
  const size = solver.size;
  for (const radio of sizeRadios) radio.checked = radio.value === size;
}

// -- start: the grid comes from the link, else from the last visit ------------------------------------
function initialFragment() {
  if (location.hash.length > 1) return location.hash.slice(1);
  try { return localStorage.getItem(STORAGE_KEY) ?? ''; } catch { return ''; }
}

const start = readFragment(initialFragment());
// Set before the element is defined, so the first grid is its starting point rather than an undo step.
if (start.size) solver.setAttribute('size', start.size);
if (start.puzzle) solver.setAttribute('puzzle', start.puzzle);
const startRules = rulesOf(start);
if (startRules) solver.setAttribute('rules', JSON.stringify(startRules));
// The picker shows the grid's size before the element comes: its checked label is bold, so wider, and checking
// another one later would move its neighbours.
const startShape = start.size ? parseSize(start.size) : start.puzzle ? parseSize(String(sideOf(start))) : null;
if (startShape) {
  const name = sizeName(startShape);
  for (const radio of sizeRadios) radio.checked = radio.value === name;
}

await import('./sudoku-solver.js');

syncPicker();
save();

solver.addEventListener('sudoku-solver-change', () => { syncPicker(); save(); });

for (const radio of sizeRadios) {
  radio.addEventListener('change', () => { if (radio.checked) solver.size = radio.value; });
}

for (const button of document.querySelectorAll('[data-sample]')) {
  button.addEventListener('click', () => {
    const line = SAMPLES[button.dataset.sample];
    if (!line) return;
    solver.puzzle = line;
    if (solver.rules) solver.rules = null;               // the samples are classic puzzles (Undo brings the rules back)
  });
}

window.addEventListener('hashchange', () => {
  const wanted = readFragment(location.hash.slice(1));
  if (currentFragment() === location.hash.slice(1)) return;
  apply({ ...wanted, size: wanted.size ?? (wanted.puzzle ? null : '9x9'), puzzle: wanted.puzzle ?? '' });
});

document.getElementById('copy-link').addEventListener('click', async () => {
  save();
  try {
    await navigator.clipboard.writeText(location.href);
    shareStatus.textContent = 'Link copied: it opens this grid.';
  } catch {
    shareStatus.textContent = 'Copy the address from the address bar: it holds this grid.';
  }
});

// -- export: f-puzzles, SudokuPad and SudokuWiki Killer links, written by the engine (`link`) --------------
const exportField = document.getElementById('export-link');
// Each site: [its link's name, where the link opens].
const EXPORT_SITES = {
  fpuzzles: ['f-puzzles', 'f-puzzles'], sudokupad: ['SudokuPad', 'SudokuPad'],
  sudokuwiki: ['SudokuWiki Killer', "SudokuWiki's Killer solver"],
};
for (const button of document.querySelectorAll('[data-export]')) {
  button.addEventListener('click', async () => {
    const site = button.dataset.export;                 // a key of EXPORT_SITES
    const [name, place] = EXPORT_SITES[site];
    shareStatus.textContent = `Writing the ${name} link…`;
    const { getEngine } = await import('./engine.js');
    const shape = parseSize(solver.size);
    let links;
    try {
      links = await getEngine().request('link', {
        puzzle: solver.puzzle, shape: shapeSpec(shape), ...(solver.rules ? { rules: solver.rules } : {}),
      });
    } catch (error) {
      const detail = String(error?.message ?? error).replace(/\.$/, '');
      shareStatus.textContent = `No ${name} link: ${detail}. Nothing on the board was changed.`;
      return;
    }
    if (!links[site]) {                                  // only the SudokuWiki link can be missing
      shareStatus.textContent = `No ${name} link: SudokuWiki's Killer links hold 9x9 Killer cages that cover ` +
        'the whole grid, without givens or other rules. Nothing on the board was changed.';
      return;
    }
    exportField.value = links[site];
    exportField.closest('.export-row').hidden = false;
    exportField.labels[0].textContent = `${name} link`;
    try {
      await navigator.clipboard.writeText(links[site]);
      shareStatus.textContent = `${name} link copied: it opens this puzzle${solver.rules ? ' with its rules' : ''} in ${place}.`;
    } catch {
      exportField.select();
      shareStatus.textContent = `The ${name} link is in the field below: copy it from there.`;
    }
  });
}

// The light engine answers everything the page asks of a classic grid (hints, ratings and steps included);
// the full engine (Pyodide: 4.1 MB, seconds of a phone's CPU and some 100 MB of its memory) starts only for
// what the light one hands on: variant rules, grids past 16x16 (docs/engine-js.md).

// Offline support, when the build ships it.
import('./offline.js')
  .then((offline) => offline.registerServiceWorker?.())
  .catch(() => { /* no service worker in this build: the page still works online */ });
