// embed.html: <sudoku-solver> in an iframe, for pages that cannot (or would rather not) run our script.
//
//   <iframe src="https://solver.example/embed.html?parent=https://host.example#4.....8.5.3..."
//           title="Sudoku solver" width="420" height="640"></iframe>
//
// The URL:
//   ?parent=<origin>   the one origin allowed to drive the iframe through postMessage, and the only one it
//                      posts to (e.g. https://host.example, no path). Without it (or not framed) the iframe
//                      is a plain solver: it neither listens nor talks.
//   &controls=<names>  the element's `controls` attribute (e.g. "solve check clear", "none")
//   &readonly          the element's `readonly` attribute
//   #<puzzle>          the grid, as on the site's page: #<line>, #<size>:<line> or #<size>, then variant rules
//                      after ';' (rules-codec.js: #<line>;x;c15-111221); any other text is read by the
//                      engine's parser. A later change of the fragment loads the new grid and rules.
//
// The protocol (docs/embedding.md, "The iframe", has it in full): every message is a plain object whose `type` starts with
// "sudoku-solver:".
//   parent -> iframe   set-puzzle {puzzle, size?, rules?}, solve, check, clear, get-state, configure {readonly?, controls?};
//                      each may carry an `id` (string or number), echoed in the reply.
//   iframe -> parent   loaded {protocol}, ready, change {puzzle, size, cause}, solved {solution, puzzle, count,
//                      unique, ms}, error {code, message, cells}, resize {height},
//                      reply {id, command, ok, result | error {code, message, cells}}.
// A message is accepted only when it comes from the parent window itself (event.source) *and* from the origin
// named in ?parent= (event.origin); everything else is dropped without an answer. Replies and events are
// posted to window.parent with that origin as the target, never '*'. Everything received is data: strings
// reach the element's properties and attributes only, and are limited in length.

import { parseSize, readFragment as readAnyFragment } from './grid-codec.js';
import { decodeRules } from './rules-codec.js';

const PREFIX = 'sudoku-solver:';
const PROTOCOL = 1;
const MAX_PUZZLE = 20000;      // characters: a 25x25 block with separators fits many times over
const MAX_SHORT = 100;         // size, controls, id

const solver = document.getElementById('solver');
const params = new URLSearchParams(location.search);

/** The origin named by ?parent=, or null when absent or not exactly an http(s) origin. */
function parentOriginOf(value) {
  if (typeof value !== 'string' || value.length > 300) return null;
  let url;
  try { url = new URL(value); } catch { return null; }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
  return url.origin;
}

const framed = window.parent !== window;
const parentOrigin = framed ? parentOriginOf(params.get('parent')) : null;
if (framed && !parentOrigin) {
  console.info('sudoku-solver embed: no valid ?parent=<origin>, so postMessage is off (the solver still works).');
}

function post(type, data = {}) {
  if (parentOrigin) window.parent.postMessage({ ...data, type: PREFIX + type }, parentOrigin);
}

const readFragment = (fragment) => readAnyFragment(fragment, MAX_PUZZLE);

/** The rules of a fragment read by readFragment, or null; rule parts that cannot be read are logged. */
function fragmentRules(wanted) {
  if (!wanted.rules) return null;
  const side = wanted.size ? parseSize(wanted.size)?.side : Math.round(Math.sqrt(wanted.puzzle?.length ?? 81));
  try {
    return decodeRules(wanted.rules, side || 9);
  } catch (error) {
    console.info(`sudoku-solver embed: the fragment's rules could not be read: ${error.message}.`);
    return null;
  }
}

function short(value) {
  return typeof value === 'string' && value.length <= MAX_SHORT ? value : null;
}

// -- the element's starting state, set before it is defined (so it is not an undo step) ------------------
const start = readFragment(location.hash.slice(1));
if (start.size) solver.setAttribute('size', start.size);
if (start.puzzle) solver.setAttribute('puzzle', start.puzzle);
const startRules = fragmentRules(start);
if (startRules) solver.setAttribute('rules', JSON.stringify(startRules));
const controls = short(params.get('controls'));
if (controls !== null) solver.setAttribute('controls', controls);
if (params.has('readonly') && params.get('readonly') !== 'false') solver.setAttribute('readonly', '');

await import('./sudoku-solver.js');

window.addEventListener('hashchange', () => {
  const wanted = readFragment(location.hash.slice(1));
  if (wanted.size && wanted.size !== solver.size) solver.size = wanted.size;
  solver.puzzle = wanted.puzzle ?? '';
  solver.rules = fragmentRules(wanted);
});

// -- events out -----------------------------------------------------------------------------------------
function plainError(error) {
  return {
    code: typeof error?.code === 'string' ? error.code : 'internal',
    message: String(error?.message ?? error),
    cells: Array.isArray(error?.cells) ? error.cells.filter(Number.isInteger) : [],
  };
}

solver.addEventListener('sudoku-solver-ready', () => post('ready'));
solver.addEventListener('sudoku-solver-change', (e) => {
  const { puzzle, size, cause } = e.detail ?? {};
  post('change', { puzzle, size, cause });
});
solver.addEventListener('sudoku-solver-solved', (e) => {
  const { solution, puzzle, count, unique, ms } = e.detail ?? {};
  post('solved', { solution, puzzle, count, unique, ms });
});
solver.addEventListener('sudoku-solver-error', (e) => post('error', plainError(e.detail)));
solver.addEventListener('sudoku-solver-found', (e) => {
  const { solution, puzzle, ms } = e.detail ?? {};
  post('found', { solution, puzzle, ms });
});
solver.addEventListener('sudoku-solver-hint', (e) => post('hint', plain(e.detail)));
solver.addEventListener('sudoku-solver-why', (e) => post('why', plain(e.detail)));
solver.addEventListener('sudoku-solver-rated', (e) => post('rated', plain(e.detail)));

let lastHeight = -1;
new ResizeObserver(() => {
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  if (height !== lastHeight) { lastHeight = height; post('resize', { height }); }
}).observe(document.body);

/** The engine's answers as plain JSON data (steps and ratings are, but nothing else may cross). */
function plain(value) {
  return JSON.parse(JSON.stringify(value ?? null));
}

// -- commands in ----------------------------------------------------------------------------------------
function state() {
  return {
    puzzle: solver.puzzle, size: solver.size, solution: solver.solution,
    engineState: solver.engineState, readonly: solver.readOnly, controls: solver.controls,
    rules: plain(solver.rules),
  };
}

const COMMANDS = new Map([
  ['set-puzzle', (msg) => {
    if (typeof msg.puzzle !== 'string' || msg.puzzle.length > MAX_PUZZLE) {
      throw Object.assign(new Error(`set-puzzle needs "puzzle": a string of at most ${MAX_PUZZLE} characters.`), { code: 'bad_request' });
    }
    if (msg.size !== undefined) {
      const size = short(msg.size);
      if (size === null) throw Object.assign(new Error('"size" must be a short string such as "9x9".'), { code: 'bad_request' });
      solver.size = size;
    }
    let rules;
    if (msg.rules !== undefined) {
      const text = msg.rules === null ? '' : JSON.stringify(msg.rules) ?? '';
      if ((msg.rules !== null && (typeof msg.rules !== 'object' || Array.isArray(msg.rules))) || text.length > MAX_PUZZLE) {
        throw Object.assign(new Error(`"rules" must be an object (docs/variants.md) of at most ${MAX_PUZZLE} characters as JSON, or null.`), { code: 'bad_request' });
      }
      rules = text ? JSON.parse(text) : null;          // plain data; the engine says whether the rules can hold
    }
    solver.puzzle = msg.puzzle;
    if (rules !== undefined) solver.rules = rules;
    return state();
  }],
  ['solve', async () => ({ solution: await solver.solve() })],
  ['hint', async () => plain(await solver.hint())],
  ['why', async (msg) => {
    if (!Number.isInteger(msg.cell) || !Number.isInteger(msg.digit)) {
      throw Object.assign(new Error('"cell" (an index from 0) and "digit" must be whole numbers.'), { code: 'bad_request' });
    }
    return plain(await solver.whyNot(msg.cell, msg.digit));
  }],
  ['rate', async () => plain(await solver.rate())],
  ['check', async () => {
    const { status, message, cells } = await solver.check();
    return { status, message, cells: Array.isArray(cells) ? cells : [] };
  }],
  ['clear', () => { solver.clear(); return state(); }],
  ['get-state', () => state()],
  ['configure', (msg) => {
    if (msg.readonly !== undefined) solver.readOnly = msg.readonly === true;
    if (msg.controls !== undefined) {
      const value = short(msg.controls);
      if (value === null) throw Object.assign(new Error('"controls" must be a short string.'), { code: 'bad_request' });
      solver.controls = value;
    }
    return state();
  }],
]);

window.addEventListener('message', (event) => {
  if (!parentOrigin || event.source !== window.parent || event.origin !== parentOrigin) return;
  const msg = event.data;
  if (!msg || typeof msg !== 'object' || typeof msg.type !== 'string' || !msg.type.startsWith(PREFIX)) return;
  const command = msg.type.slice(PREFIX.length, PREFIX.length + 40);
  const id = typeof msg.id === 'number' && Number.isFinite(msg.id) ? msg.id : short(msg.id);
  const run = COMMANDS.get(command);
  if (!run) {
    post('reply', { id, command, ok: false,
      error: { code: 'bad_request', message: `Unknown command "${command}".`, cells: [] } });
    return;
  }
  Promise.resolve()
    .then(() => run(msg))
    .then((result) => post('reply', { id, command, ok: true, result }),
      (error) => post('reply', { id, command, ok: false, error: plainError(error) }));
});

post('loaded', { protocol: PROTOCOL });
