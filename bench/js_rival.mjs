// The JavaScript rival for bench/run.py: @algorithm.ts/sudoku (dancing links), pinned in package.json.
//
//   node bench/js_rival.mjs PUZZLES.txt [--warmup N] [--repeat R]
//
// PUZZLES.txt holds one puzzle per line (81, 256 or 625 cells; '.' for empty; 1-9 then A-Z).
// Each puzzle is timed on its own with performance.now(), from the text line to the solved board,
// after solving the first N puzzles (default 10) once untimed so V8 has compiled the hot code;
// with --repeat R each puzzle is solved R times back to back and the median time is kept.
// Prints one JSON object: {engine, node, times_ms: [...], solutions: ["...", ...]} where a solution
// is a line in the same alphabet, or null when the package reports no solution. The caller verifies.
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { SudokuSolver } from "@algorithm.ts/sudoku";

const SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
// The package's exports hide its package.json: find it from the entry point (lib/esm/index.mjs).
const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.resolve("@algorithm.ts/sudoku")), "utf8"));

function parseArgs(argv) {
  const args = { file: null, warmup: 10, repeat: 1 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--warmup") args.warmup = Number(argv[++i]);
    else if (argv[i] === "--repeat") args.repeat = Math.max(1, Number(argv[++i]));
    else args.file = argv[i];
  }
  if (!args.file) {
    console.error("usage: node bench/js_rival.mjs PUZZLES.txt [--warmup N] [--repeat R]");
    process.exit(2);
  }
  return args;
}

// The package wants a flat array of values 0..n-1 with -1 for an empty cell.
function toBoard(line) {
  const board = new Array(line.length);
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    board[i] = ch === "." || ch === "0" ? -1 : SYMBOLS.indexOf(ch);
  }
  return board;
}

function toLine(board) {
  let out = "";
  for (const v of board) out += v >= 0 ? SYMBOLS[v] : ".";
  return out;
}

const solvers = new Map(); // one solver (and its dancing-links arena) per box width
function solverFor(cells) {
  const box = Math.round(Math.sqrt(Math.sqrt(cells)));
  if (box ** 4 !== cells) throw new Error(`${cells} cells is not a square-box Sudoku`);
  if (!solvers.has(box)) solvers.set(box, new SudokuSolver({ childMatrixWidth: box }));
  return solvers.get(box);
}

function solveLine(line) {
  const puzzle = toBoard(line);
  const solution = new Array(puzzle.length).fill(-1);
  return solverFor(puzzle.length).solve(puzzle, solution) ? toLine(solution) : null;
}

const args = parseArgs(process.argv.slice(2));
const lines = readFileSync(args.file, "utf8").split(/\r?\n/).filter((l) => l.trim() !== "");

for (const line of lines.slice(0, args.warmup)) solveLine(line);

const times = [];
const solutions = [];
for (const line of lines) {
  const runs = [];
  let solution = null;
  for (let k = 0; k < args.repeat; k++) {
    const t0 = performance.now();
    const s = solveLine(line);
    runs.push(performance.now() - t0);
    if (k === 0) solution = s;
  }
  runs.sort((a, b) => a - b);
  times.push(runs[(args.repeat - 1) >> 1]);
  solutions.push(solution);
}

process.stdout.write(JSON.stringify({
  engine: `${pkg.name} ${pkg.version}`,
  node: process.version,
  times_ms: times,
  solutions,
}) + "\n");
