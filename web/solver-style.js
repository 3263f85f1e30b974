// solver-style.js: the look of <sudoku-solver>, as one constructable stylesheet shared by every instance (no
// <style> element, so a host page's strict style-src is fine). Hosts theme it through the --sudoku-* custom
// properties and ::part() (docs/embedding.md).
import { LOGIC_CSS } from './logic-view.js';
import { VARIANT_CSS } from './variant-view.js';

const CSS = `
:host {
  display: block;
  container-type: inline-size;
  color-scheme: light dark;
  --_fg: var(--sudoku-fg, light-dark(#1f2328, #e6edf3));
  --_muted: var(--sudoku-muted, light-dark(#59636e, #9198a1));
  --_cell-bg: var(--sudoku-cell-bg, light-dark(#ffffff, #0d1117));
  --_line: var(--sudoku-line, light-dark(#c8ced6, #3d444d));
  --_box-line: var(--sudoku-box-line, light-dark(#1f2328, #b7bdc8));
  --_given: var(--sudoku-given, light-dark(#1f2328, #f0f6fc));
  --_solved: var(--sudoku-solved, light-dark(#0a5bd3, #6cb6ff));
  --_accent: var(--sudoku-accent, light-dark(#0a5bd3, #4493f8));
  --_accent-fg: var(--sudoku-accent-fg, light-dark(#ffffff, #0d1117));
  --_peer: var(--sudoku-peer-bg, light-dark(#f1f4f8, #161f2b));
  --_selected: var(--sudoku-selected-bg, light-dark(#d7e7ff, #1c3558));
  --_conflict: var(--sudoku-conflict, light-dark(#c01c28, #ff7b72));
  --_conflict-bg: var(--sudoku-conflict-bg, light-dark(#ffe3e3, #4a1d1f));
  --_focus: var(--sudoku-focus, light-dark(#0a5bd3, #58a6ff));
  --_button-bg: var(--sudoku-button-bg, light-dark(#f6f8fa, #21262d));
  --_button-border: var(--sudoku-button-border, light-dark(#d1d9e0, #3d444d));
  --_radius: var(--sudoku-radius, 6px);
}
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
.root {
  /* Inherited properties are the one way a host page's CSS reaches into a shadow root: set every one that
     matters here, so a host's "* { font-size: 40px !important; letter-spacing: 1em }" changes nothing. */
  font: var(--sudoku-font-size, 16px)/1.4 var(--sudoku-font, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif);
  color: var(--_fg);
  letter-spacing: normal; word-spacing: normal; text-transform: none; text-indent: 0; text-align: start;
  text-shadow: none; white-space: normal;
  visibility: visible; cursor: auto; direction: ltr; writing-mode: horizontal-tb; -webkit-text-fill-color: currentcolor;
  display: grid;
  gap: 0.75em;
  grid-template-columns: minmax(0, 1fr);
  justify-items: center;
}
@container (min-width: 640px) {
  .root { grid-template-columns: minmax(0, 1fr) minmax(13em, 16.5em); align-items: start; justify-items: stretch; }
  .board-wrap { grid-row: 1; }     /* beside the side column, one item: no empty rows (and gaps) under it */
}
.board-wrap { width: 100%; max-width: var(--sudoku-board-max, 100%); container-type: inline-size; justify-self: center; }
.board {
  display: grid;
  grid-template-rows: repeat(var(--n), minmax(0, 1fr));
  aspect-ratio: 1;
  width: 100%;
  border: 3px solid var(--_box-line);
  border-radius: 4px;
  background: var(--_cell-bg);
  overflow: hidden;
  user-select: none;
  -webkit-user-select: none;
  touch-action: manipulation;
}
.row { display: grid; grid-template-columns: repeat(var(--n), minmax(0, 1fr)); min-height: 0; }
.cell {
  display: flex; align-items: center; justify-content: center;
  min-width: 0; min-height: 0;
  border-right: 1px solid var(--_line);
  border-bottom: 1px solid var(--_line);
  background: var(--_cell-bg);
  color: var(--_given);
  font-size: calc(100cqi / var(--n) * 0.56);
  font-variant-numeric: tabular-nums;
  line-height: 1;
  cursor: pointer;
  position: relative;
  outline: none;
}
.cell.last-col { border-right: 0; }
.cell.last-row { border-bottom: 0; }
.cell.box-right { border-right: 2px solid var(--_box-line); }
.cell.box-bottom { border-bottom: 2px solid var(--_box-line); }
.cell.given { font-weight: 700; }
.cell.solved { color: var(--_solved); font-weight: 400; }
.cell.peer { background: var(--_peer); }
.cell:focus { background: var(--_selected); }
.cell:focus-visible, .board:focus-within .cell:focus {
  box-shadow: inset 0 0 0 3px var(--_focus);
  z-index: 1;
}
.cell.conflict { color: var(--_conflict); background: var(--_conflict-bg); text-decoration: underline wavy var(--_conflict); text-decoration-thickness: 0.06em; text-underline-offset: 0.12em; }
.cell.conflict::after {
  content: ""; position: absolute; top: 0; right: 0;
  border-style: solid; border-width: 0 0.55em 0.55em 0;
  border-color: transparent var(--_conflict) transparent transparent;
}
:host([readonly]) .cell { cursor: default; }
.side { display: grid; gap: 0.75em; width: 100%; align-content: start; }
.pad { display: grid; grid-template-columns: repeat(var(--pad-cols), minmax(0, 1fr)); gap: 0.375em; width: 100%; max-width: var(--sudoku-board-max, 100%); }
/* Solve and Check share the first row, Undo, Redo and Clear the second; with fewer controls the rest fill it. */
.controls { display: flex; flex-wrap: wrap; gap: 0.5em; width: 100%; max-width: var(--sudoku-board-max, 100%); }
.controls button { flex: 1 1 26%; min-width: 0; }
.controls button.primary, .controls .check-button { flex-basis: 40%; }
button {
  font: inherit;
  color: var(--_fg);
  background: var(--_button-bg);
  border: 1px solid var(--_button-border);
  border-radius: var(--_radius);
  padding: 0.45em 0.8em;
  min-height: 2.5em;
  cursor: pointer;
}
button:hover:not(:disabled) { border-color: var(--_muted); }
button:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
button:disabled { opacity: 0.5; cursor: not-allowed; }
button.primary { background: var(--_accent); color: var(--_accent-fg); border-color: var(--_accent); font-weight: 600; }
.pad button { padding: 0.3em 0; font-size: 1.1em; font-variant-numeric: tabular-nums; }
.pad button.erase { grid-column: span var(--erase-span, 1); font-size: 0.85em; }
.progress { width: 100%; max-width: var(--sudoku-board-max, 100%); font-size: 0.875em; color: var(--_muted); }
.progress .track { height: 4px; border-radius: 2px; background: var(--_line); overflow: hidden; margin-bottom: 0.3em; }
.progress .bar { height: 100%; width: calc(var(--fraction, 0) * 100%); background: var(--_accent); transition: width 0.2s; }
/* Nothing moves while the element loads (the Solve page's CLS): the status line comes right under the pad and the
   engine's progress under it (its DOM order stays: neither is focusable), in a room of two lines that it keeps while
   hidden, so its coming and going (the full engine's download comes later, for a hint) and its text wrapping move
   nothing. A failed start gives that room to Retry. */
.side > .progress { order: 1; min-height: calc(4px + 0.3em + 2.8em); }
.side > .retry { order: 2; }
.progress[hidden] { display: block !important; visibility: hidden; }
.side:has(> .retry:not([hidden])) > .progress[hidden] { display: none !important; }
/* The rules bar (rules-editor.js, fetched when the element asks for it) comes a moment after the rest: until it is
   there, the pad keeps its room. The bar's height depends on how its buttons and help wrap (measured at the default
   16px: 312 px up to 355 px wide, 293 px up to 365 px, 251 px then, 211 px from 464 px, 312 px in the side
   column); the bar draws nothing before it comes, so an estimate off by a line moves only what is below it.
   app.css holds the same room for the whole element before it is defined: keep the two in step. */
.root { --_bar-room: 19.525em; }
@container (min-width: 356px) { .root { --_bar-room: 18.34em; } }
@container (min-width: 366px) { .root { --_bar-room: 15.69em; } }
@container (min-width: 464px) { .root { --_bar-room: 13.16em; } }
@container (min-width: 640px) { .root { --_bar-room: 19.525em; } }
:host([edit-rules]:not([readonly])) .controls + .pad { margin-top: calc(var(--_bar-room) + 0.75em); }
.status { min-height: 1.4em; margin: 0; width: 100%; max-width: var(--sudoku-board-max, 100%); }
.status.error { color: var(--_conflict); }
.status.ok { color: var(--_fg); }
button.retry { justify-self: start; }
[hidden] { display: none !important; }
@media (prefers-reduced-motion: reduce) { .progress .bar { transition: none; } }
@media print {
  /* The board alone, black on white: the buttons, pad, status and panels are for the screen. */
  .side, .steps, details { display: none !important; }
  .root { display: block; }
  .board { border-color: #000; background: #fff; }
  .cell { background: #fff !important; color: #000 !important; border-color: #999; box-shadow: none !important; }
  .cell.box-right { border-right-color: #000; }
  .cell.box-bottom { border-bottom-color: #000; }
  .cell::after { display: none; }
}
@media (forced-colors: active) {
  .cell.conflict { outline: 2px dashed CanvasText; outline-offset: -4px; }
  .cell:focus { outline: 3px solid Highlight; outline-offset: -3px; }
}
`;

let sharedSheet = null;
export function styleSheet() {
  if (!sharedSheet) {
    sharedSheet = new CSSStyleSheet();
    sharedSheet.replaceSync(CSS + LOGIC_CSS + VARIANT_CSS);
  }
  return sharedSheet;
}
