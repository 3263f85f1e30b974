// play-extras.js: the Play page's Print and Export panels.
//
// Print: the page's print stylesheet (play.css, @media print) shows only #print-sheet, which holds the
// current puzzle's givens, or a page of new puzzles made with the form's options; a variant's rules are
// drawn over each grid by variant-view.js (black on white in print), clues outside the grid in a margin as on
// the screen, and the palette's rules counted under it (palette-draw.js).
// Export: the engine's `export_game` request writes the line, the .sdk text, SudokuWiki's string and the
// solver links (sudoku_core/bridge/ops_play.py says where each format is defined); for a variant puzzle the
// engine's `link` request writes f-puzzles and SudokuPad links that carry the rules, SudokuWiki's classic
// forms are left out, and a link opens it on the Solve page (its fragment written by rules-codec.js).
// Links only: nothing is sent anywhere unless the person follows one.
import { fragmentOf } from './grid-codec.js';
import { digitsOf } from './play-game.js';
import { paletteText } from './palette-draw.js';
import { encodeRules } from './rules-codec.js';
import { RulesLayer, regionOf } from './variant-view.js';

const $ = (id) => document.getElementById(id);

/** "Killer, X" for the engine's variant names ("killer,x"); '' for a classic puzzle. */
export function variantTitle(variant) {
  const names = { killer: 'Killer', jigsaw: 'Jigsaw', x: 'X', windoku: 'Windoku', 'anti-knight': 'Anti-knight', 'anti-king': 'Anti-king' };
  return variant ? variant.split(',').map((v) => names[v] ?? v).join(', ') : '';
}

function caption(made) {
  const parts = [made.size.split(':')[0].replace('x', '×')];
  if (made.variant) parts.push(variantTitle(made.variant));
  if (made.rating) parts.push(made.rating.level);
  else if (made.level) parts.push(made.level);
  parts.push(`seed ${made.seed}`);
  return parts.join(' · ');
}

/** Fill the print sheet with these puzzles (engine `generate` results or a game's info + puzzle). */
export function renderSheet(puzzles, perPage = puzzles.length) {
  const sheet = $('print-sheet');
  sheet.replaceChildren();
  sheet.className = `print-sheet per-page-${Math.max(1, perPage)}`;
  for (const made of puzzles) {
    const figure = document.createElement('figure');
    figure.className = 'sheet-puzzle';
    const grid = document.createElement('div');
    grid.className = 'sheet-grid';
    grid.style.setProperty('--side', made.side);
    const n = made.side;
    const shape = { side: n, rows: made.boxRows, cols: made.boxCols };
    const region = regionOf(made.rules, shape);
    Array.from(made.puzzle).forEach((ch, i) => {
      const cell = document.createElement('div');
      if (i % n < n - 1 && region[i + 1] !== region[i]) cell.classList.add('box-right');
      if (i < n * (n - 1) && region[i + n] !== region[i]) cell.classList.add('box-bottom');
      cell.textContent = ch === '.' ? '' : ch;
      grid.append(cell);
    });
    const frame = document.createElement('div');
    frame.className = 'board-frame sheet-frame';
    frame.style.setProperty('--n', n);
    frame.append(grid);
    if (made.rules) new RulesLayer(frame).draw(made.rules, shape);
    figure.append(frame);
    const { summary } = paletteText(made.rules, n);
    if (summary) {
      const line = document.createElement('p');
      line.className = 'rules-summary';
      line.textContent = summary;
      figure.append(line);
    }
    const text = document.createElement('figcaption');
    text.textContent = caption(made);
    figure.append(text);
    sheet.append(figure);
  }
}

function gameAsPuzzle(game) {
  return { ...game.info, puzzle: game.puzzle, rules: game.rules };
}

export function setUpPrint({ getGame, readOptions, requestPuzzle, generationFailed, say }) {
  let shown = null; // the game the sheet holds, when it holds the current game
  $('print').addEventListener('click', async () => {
    const game = getGame();
    const what = document.querySelector('input[name=print-what]:checked').value;
    if (what === 'this') {
      if (!game) {
        say('There is no puzzle to print yet.');
        return;
      }
      renderSheet([gameAsPuzzle(game)]);
      shown = game;
      window.print();
      return;
    }
    const options = readOptions();
    if (options.error) {
      say(options.error);
      return;
    }
    const count = Number($('per-page').value);
    const made = [];
    try {
      for (let k = 0; k < count; k += 1) {
        const seed = options.seed === null ? null : (options.seed + k) % 2 ** 31;
        made.push(await requestPuzzle({ ...options, seed }, `Puzzle ${k + 1} of ${count}: `));
      }
    } catch (error) {
      generationFailed(error);
      return;
    }
    renderSheet(made, count);
    shown = null;
    say(`A page of ${count} new puzzles is ready to print.`);
    window.print();
  });
  // After each change of the game: the sheet follows the current puzzle (Ctrl+P prints it too).
  return (game) => {
    if (game && game !== shown) {
      renderSheet([gameAsPuzzle(game)]);
      shown = game;
    }
  };
}

export function setUpExport({ engine, getGame }) {
  const panel = $('export-panel');
  const status = $('export-status');
  let timer = null;
  let asked = 0;

  async function refresh() {
    const game = getGame();
    if (!game || !panel.open) return;
    const mine = ++asked;
    const info = game.info;
    const request = {
      puzzle: game.puzzle, shape: info.size,
      entries: game.values.map((v, i) => (game.givens[i] ? 0 : v)),
      candidates: game.centre.map(digitsOf),
      title: `sudoku-core ${info.size.split(':')[0]}${info.variant ? ` ${variantTitle(info.variant)}` : ''}, seed ${info.seed}${info.rating ? `, ${info.rating.level}` : ''}`,
    };
    status.textContent = 'Writing the exports…';
    let out;
    let links = null;
    try {
      out = await engine.request('export_game', request, { timeoutMs: 10_000 });
      if (game.rules) links = await engine.request('link', { puzzle: game.puzzle, shape: info.size, rules: game.rules }, { timeoutMs: 10_000 });
    } catch (error) {
      if (mine === asked) status.textContent = error.message;
      return;
    }
    if (mine !== asked) return; // a newer request is on its way
    $('export-line').value = out.line;
    $('export-sdk').value = out.sdk;
    $('download-sdk').href = `data:text/plain;charset=utf-8,${encodeURIComponent(out.sdk)}`;
    $('download-sdk').download = `sudoku-${info.size.split(':')[0]}-${info.seed}.sdk`;
    const nine = out.sudokuwiki !== null && !links;
    $('wiki-exports').hidden = !nine;
    $('wiki-note').hidden = nine;
    $('wiki-note').textContent = links
      ? 'The SudokuWiki string and the SudokuWiki and sudoku.coach links are for classic puzzles: they would lose this puzzle\'s rules.'
      : 'The SudokuWiki string and the solver links are for 9×9 grids.';
    $('variant-exports').hidden = !links;
    if (links) {
      $('link-fpuzzles').href = links.fpuzzles;
      $('link-sudokupad').href = links.sudokupad;
      $('link-solve').href = `./#${fragmentOf(game.puzzle, info.size, encodeRules(game.rules, info.side))}`;
    }
    if (nine) {
      $('export-wiki').value = out.sudokuwiki;
      $('link-sudokuwiki').href = out.links.sudokuwiki;
      $('link-sudokucoach').href = out.links.sudokucoach;
    }
    status.textContent = '';
  }

  panel.addEventListener('toggle', () => refresh());
  panel.addEventListener('click', async (event) => {
    const button = event.target.closest('button[data-copy]');
    if (!button) return;
    const field = $(button.dataset.copy);
    try {
      await navigator.clipboard.writeText(field.value);
      status.textContent = 'Copied.';
    } catch {
      field.select(); // the clipboard is not ours to write here: leave the text selected for Ctrl+C
      status.textContent = 'Copying is not allowed here: the text is selected, press Ctrl+C.';
    }
  });
  return () => {
    clearTimeout(timer);
    timer = setTimeout(refresh, 150);
  };
}

