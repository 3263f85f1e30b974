// The Batch page: many puzzles at once, pasted or from a file, solved (or checked, or counted) by the engine in
// its worker a chunk at a time, with progress, Cancel, a summary, the first rows and problems, and downloads.
//
// The page splits the input into lines and nothing more: the engine says how the input is laid out
// (`batch_layout`), reads every puzzle and answers it (`solve_many`), as `python -m sudoku_core solve` would.
// Each request carries more lines than the engine will get through, and the engine stops taking puzzles once
// it has worked for TARGET_MS (its `budgetMs`) and says how many lines it used; the rest go out with the next
// request. So every request is about TARGET_MS of work, however hard the puzzles: progress moves, Cancel
// (which stops between requests, keeping what was done) answers at once, and the requests stay few enough
// not to cost much (a few ms each).
import { getEngine } from './engine.js';
import { openFile, openText } from './batch-read.js';
import { Results, statusWords, tableRow, SHOWN_ROWS, SHOWN_PROBLEMS } from './batch-results.js';

const TARGET_MS = 75;
/** A puzzle's search time before it is reported as "gave up". */
const PUZZLE_MS = 10_000;
/** A request stuck past this (a puzzle past its time, plus the budget, plus slack) restarts the engine. */
const REQUEST_MS = PUZZLE_MS + 20_000;
const FIRST_CHUNK = 8;
const MAX_CHUNK = 4000;
/** Lines sent to `batch_layout`: enough to reach the first puzzle past a comment header. */
const HEAD_LINES = 50;
/** The most text read whole for inputs that are not one puzzle per line (blocks, .sdk...). */
const BLOCKS_MAX_CHARS = 4_000_000;

const $ = (id) => document.getElementById(id);
const textArea = $('batch-text');
const fileInput = $('batch-file');
const fileName = $('file-name');
const fileClear = $('file-clear');
const dropZone = $('drop-zone');
const shapeSelect = $('batch-shape');
const columnInput = $('batch-column');
const limitInput = $('batch-limit');
const limitOption = $('limit-option');
const startButton = $('batch-start');
const cancelButton = $('batch-cancel');
const bar = $('batch-bar');
const meter = $('batch-meter');
const statusLine = $('batch-status');
const resultsSection = $('results');
const summary = $('batch-summary');
const textLink = $('download-text');
const csvLink = $('download-csv');
const downloadHelp = $('download-help');
const problemsTable = $('problems-table');
const problemsNone = $('problems-none');
const problemsMore = $('problems-more');
const rowsTable = $('rows-table');
const rowsMore = $('rows-more');
const modeRadios = [...document.querySelectorAll('input[name="mode"]')];

const engine = getEngine({ light: false }); // banks go through solve_many: the full engine
const number = (n) => n.toLocaleString('en-US');
const plural = (n, word) => `${number(n)} ${word}${n === 1 ? '' : 's'}`;

let chosenFile = null;
let current = null; // the run under way: {cancelled}
let downloadURLs = [];

// -- choosing the input ---------------------------------------------------------------------------------
function formatSize(bytes) {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function chooseFile(file) {
  if (!file) return;
  chosenFile = file;
  fileName.textContent = `${file.name} (${formatSize(file.size)}) is read instead of the pasted text.`;
  fileName.hidden = false;
  fileClear.hidden = false;
  announce(`File chosen: ${file.name}. Press Start to run it.`);
}

function clearFile() {
  chosenFile = null;
  fileInput.value = '';
  fileName.hidden = true;
  fileClear.hidden = true;
  announce('The pasted text will be used.');
}

fileInput.addEventListener('change', () => chooseFile(fileInput.files[0]));
fileClear.addEventListener('click', () => { clearFile(); textArea.focus(); });

// A file dropped anywhere on the page is taken (rather than opened by the browser in place of the page, and
// of the pasted text); the Puzzles panel lights up as the place for it. Dropped text goes into the text area.
const carriesFiles = (event) => [...(event.dataTransfer?.types || [])].includes('Files');
window.addEventListener('dragover', (event) => {
  if (!carriesFiles(event)) return;
  event.preventDefault();
  event.dataTransfer.dropEffect = current ? 'none' : 'copy';
});
window.addEventListener('drop', (event) => {
  dropZone.classList.remove('dragging');
  if (!carriesFiles(event)) return;
  event.preventDefault();
  if (!current) chooseFile(event.dataTransfer.files[0]);
});
dropZone.addEventListener('dragenter', (event) => { if (carriesFiles(event)) dropZone.classList.add('dragging'); });
dropZone.addEventListener('dragleave', (event) => {
  if (!dropZone.contains(event.relatedTarget)) dropZone.classList.remove('dragging');
});

function mode() {
  return modeRadios.find((radio) => radio.checked).value;
}

function syncOptions() {
  limitOption.hidden = mode() !== 'count';
}
for (const radio of modeRadios) radio.addEventListener('change', syncOptions);
syncOptions();

// -- talking to the user ----------------------------------------------------------------------------------
function announce(text) {
  statusLine.textContent = text;
}

function clock(seconds) {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function showProgress(results, fraction, startedAt) {
  const elapsed = (performance.now() - startedAt) / 1000;
  const rate = elapsed > 0 ? results.count / elapsed : 0;
  bar.value = fraction;
  const parts = [plural(results.count, 'puzzle'), `${number(Math.round(rate))}/s`, `${Math.floor(fraction * 100)}%`];
  if (fraction > 0.01 && fraction < 1) parts.push(`about ${clock(elapsed * (1 - fraction) / fraction)} left`);
  meter.textContent = parts.join(' · ');
}

function showRows({ rows, problems }, results) {
  const rowBody = rowsTable.tBodies[0];
  for (const r of rows) {
    const answer = r.message && !r.solution ? r.message : r.output;
    rowBody.append(tableRow([String(r.line), statusWords(r.status), r.puzzle, answer],
      ['', `status status-${r.status}`, 'puzzle', answer === r.output ? 'answer' : '']));
  }
  const problemBody = problemsTable.tBodies[0];
  for (const r of problems) {
    problemBody.append(tableRow([String(r.line), statusWords(r.status), r.message || ''],
      ['', `status status-${r.status}`, '']));
  }
  problemsTable.hidden = results.problemCount === 0;
  problemsNone.hidden = results.problemCount > 0;
  problemsMore.hidden = results.problemCount <= SHOWN_PROBLEMS;
  problemsMore.textContent = `The first ${SHOWN_PROBLEMS} of ${number(results.problemCount)} problems; the CSV download has them all.`;
  rowsMore.hidden = results.count <= SHOWN_ROWS;
  rowsMore.textContent = `The first ${SHOWN_ROWS} of ${number(results.count)} results; the downloads have them all.`;
}

function showSummary(results, seconds, stopped) {
  const t = results.tally;
  const rate = seconds > 0 ? results.count / seconds : 0;
  const several = results.mode === 'solve' ? 'not checked (use Check)' : number(t.several);
  const none = t.conflict ? `${number(t.none + t.conflict)} (${number(t.conflict)} with clashing givens)` : number(t.none);
  const entries = [
    ['Puzzles', number(results.count)],
    [results.mode === 'solve' ? 'Solved' : 'With a solution', number(results.solved)],
    ['Several solutions', several],
    ['No solution', none],
    ['Bad lines', number(t.bad)],
    ...(t.gave_up ? [['Gave up', number(t.gave_up)]] : []),
    ['Time', `${seconds.toFixed(2)} s`],
    ['Rate', `${number(Math.round(rate))} puzzles/s`],
    ...(stopped ? [['Stopped', stopped]] : []),
  ];
  summary.replaceChildren(...entries.map(([term, value]) => {
    const pair = document.createElement('div'); // a dl may group each term with its value in a div
    const dt = document.createElement('dt');
    const dd = document.createElement('dd');
    dt.textContent = term;
    dd.textContent = value;
    pair.append(dt, dd);
    if (term === 'Stopped') pair.className = 'stopped';
    return pair;
  }));
}

function offerDownloads(results, baseName) {
  for (const url of downloadURLs) URL.revokeObjectURL(url);
  downloadURLs = [URL.createObjectURL(results.text()), URL.createObjectURL(results.csv())];
  const what = { solve: 'solutions', check: 'verdicts', count: 'counts' }[results.mode];
  textLink.href = downloadURLs[0];
  textLink.download = `${baseName}.${what}.txt`;
  csvLink.href = downloadURLs[1];
  csvLink.download = `${baseName}.results.csv`;
  textLink.hidden = csvLink.hidden = downloadHelp.hidden = results.count === 0;
}

function resetResults() {
  summary.replaceChildren();
  rowsTable.tBodies[0].replaceChildren();
  problemsTable.tBodies[0].replaceChildren();
  problemsTable.hidden = true;
  problemsNone.hidden = false;
  problemsMore.hidden = rowsMore.hidden = true;
  textLink.hidden = csvLink.hidden = downloadHelp.hidden = true;
  bar.value = 0;
}

function setRunning(on) {
  // Focus on a button about to be disabled would fall to the page: hand it to the other one.
  const from = on ? startButton : cancelButton;
  const refocus = document.activeElement === from;
  startButton.disabled = on;
  cancelButton.disabled = !on;
  if (refocus) (on ? cancelButton : startButton).focus();
  // The run reads its options and input once, at the start: they stay as they are until it ends.
  for (const control of [fileInput, fileClear, shapeSelect, columnInput, limitInput, ...modeRadios]) control.disabled = on;
  resultsSection.setAttribute('aria-busy', String(on)); // the tables fill in while a run is under way
}

// -- feeding the engine ---------------------------------------------------------------------------------
/** Consecutive lines of a one-per-line or CSV input, from `first` on. */
function lineFeeder(source, rest, first, layout) {
  let buffer = rest;
  return {
    async payload(size) {
      if (buffer.length < size) buffer = buffer.concat(await source.take(size - buffer.length));
      if (!buffer.length) return null;
      return { lines: buffer.length > size ? buffer.slice(0, size) : buffer, first, column: layout.column, name: layout.name };
    },
    advance(consumed) {
      buffer = buffer.slice(consumed);
      first += consumed;
    },
    get fraction() {
      return source.fractionAfter(buffer.length);
    },
  };
}

/** The puzzles `batch_split` found in an input of blocks. */
function itemFeeder(items) {
  let at = 0;
  return {
    async payload(size) {
      return at < items.length ? { items: items.slice(at, at + size) } : null;
    },
    advance(consumed) {
      at += consumed;
    },
    get fraction() {
      return items.length ? at / items.length : 1;
    },
  };
}

/** How many lines to send next: four times as many while the engine gets through all it is sent, else twice
 * what it got through in its budget last time (enough to spare for easier puzzles). */
function nextSize(sent, consumed) {
  const size = consumed >= sent ? sent * 4 : consumed * 2;
  return Math.max(FIRST_CHUNK, Math.min(MAX_CHUNK, size));
}

async function feederFor(source, options) {
  let skipped = []; // lines the engine found empty (blank, comments) before the head it is shown
  let head = await source.take(HEAD_LINES);
  let layout = await engine.request('batch_layout', { head, shape: options.shape, column: options.column });
  while (layout.layout === 'empty' && head.length === HEAD_LINES) { // a long comment header: read on
    skipped = skipped.concat(head);
    head = await source.take(HEAD_LINES);
    layout = await engine.request('batch_layout', { head, shape: options.shape, column: options.column });
  }
  if (layout.layout === 'empty') return null;
  if (layout.layout !== 'blocks') {
    return lineFeeder(source, head.slice(layout.start - 1), skipped.length + layout.start, layout);
  }
  // Blocks, .sdk, .ss...: puzzles span lines, so the engine reads the whole text once and lists them.
  const lines = skipped.concat(head);
  let chars = lines.reduce((sum, line) => sum + line.length + 1, 0);
  for (let more = await source.take(1000); more.length; more = await source.take(1000)) {
    lines.push(...more);
    chars += more.reduce((sum, line) => sum + line.length + 1, 0);
    if (chars > BLOCKS_MAX_CHARS) {
      throw new Error('This input is not one puzzle per line and is too long to read whole: ' +
        'put one puzzle per line, or use the command line.');
    }
  }
  const { items } = await engine.request('batch_split', { text: lines.join('\n'), shape: options.shape });
  return itemFeeder(items);
}

function readOptions() {
  const limit = Number(limitInput.value);
  if (mode() === 'count' && !(Number.isInteger(limit) && limit >= 2 && limit <= 1000)) {
    throw new Error('Count up to: give a whole number from 2 to 1000.');
  }
  return { mode: mode(), shape: shapeSelect.value, column: columnInput.value.trim(), limit };
}

async function run() {
  if (current) return;
  let options;
  try {
    options = readOptions();
  } catch (error) {
    announce(error.message);
    limitInput.focus();
    return;
  }
  const job = { cancelled: false };
  current = job;
  setRunning(true);
  resetResults();
  const results = new Results(options.mode);
  const baseName = chosenFile ? chosenFile.name.replace(/(\.gz)?$/i, '').replace(/\.[^.]*$/, '') || 'puzzles' : 'puzzles';
  let note = null; // why the run ended early, for the status line
  let stopped = null; // where, for the summary
  let startedAt = performance.now();
  try {
    const source = chosenFile ? await openFile(chosenFile) : openText(textArea.value);
    if (engine.state !== 'ready') {
      announce('Waiting for the Python engine to start…');
      meter.textContent = 'Starting the engine…';
      await engine.ready;
    }
    announce(`${{ solve: 'Solving', check: 'Checking', count: 'Counting' }[options.mode]}…`);
    startedAt = performance.now();
    const feeder = await feederFor(source, options);
    if (!feeder) return; // nothing but blank lines and comments
    resultsSection.hidden = false;
    let size = FIRST_CHUNK;
    for (;;) {
      if (job.cancelled) {
        note = `Cancelled: stopped after line ${results.lines.at(-1) ?? 0}. The results up to there can be downloaded.`;
        stopped = `after line ${results.lines.at(-1) ?? 0} (cancelled)`;
        break;
      }
      const payload = await feeder.payload(size);
      if (!payload) break;
      const reply = await engine.request('solve_many', {
        ...payload, mode: options.mode, shape: options.shape, limit: options.limit,
        maxMs: PUZZLE_MS, budgetMs: TARGET_MS,
      }, { timeoutMs: REQUEST_MS });
      feeder.advance(reply.consumed);
      size = nextSize((payload.lines || payload.items).length, reply.consumed);
      showRows(results.add(reply.results), results);
      showProgress(results, feeder.fraction, startedAt);
    }
    if (!note && source.error) {
      note = `${source.error} The puzzles before that were answered.`;
      stopped = `after line ${results.lines.at(-1) ?? 0} (the file could not be read further)`;
    }
  } catch (error) {
    const where = results.count ? ` Stopped after line ${results.lines.at(-1)}; the results up to there can be downloaded.` : '';
    note = `${error && error.message ? error.message : error}${where}`;
    stopped = `after line ${results.lines.at(-1) ?? 0} (an error)`;
  } finally {
    current = null;
    setRunning(false);
    if (results.count) {
      const seconds = (performance.now() - startedAt) / 1000;
      showSummary(results, seconds, stopped);
      offerDownloads(results, baseName);
      bar.value = note ? bar.value : 1;
      const rate = seconds > 0 ? Math.round(results.count / seconds) : 0;
      meter.textContent = `${plural(results.count, 'puzzle')} in ${seconds.toFixed(2)} s · ${number(rate)} puzzles/s`;
      announce(note || `Done: ${plural(results.count, 'puzzle')}, ${number(results.solved)} with a solution, ` +
        `${plural(results.problemCount, 'problem')}. The results can be downloaded.`);
    } else {
      resultsSection.hidden = true;
      meter.textContent = 'No puzzles answered.';
      const none = chosenFile ? `No puzzles found in ${chosenFile.name}.`
        : 'No puzzles found: paste puzzles, one per line, or open a file.';
      announce(job.cancelled ? 'Cancelled before any puzzle was answered.' : note || none);
    }
  }
}

function cancel() {
  if (!current || current.cancelled) return;
  current.cancelled = true;
  announce('Cancelling after the current chunk…');
}

startButton.addEventListener('click', run);
cancelButton.addEventListener('click', cancel);
textArea.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    run();
  }
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && current) cancel();
});

// Before any run, the meter tells how the engine's start is going.
engine.addEventListener('progress', (event) => {
  if (!current && resultsSection.hidden) meter.textContent = `Starting the engine… ${Math.round(event.detail.fraction * 100)}%`;
});
engine.addEventListener('ready', () => { if (!current && resultsSection.hidden) meter.textContent = 'Ready.'; });
engine.addEventListener('failed', (event) => { announce(event.detail.message); });
if (engine.state === 'ready') meter.textContent = 'Ready.';

// Offline support, when the build ships it.
import('./offline.js')
  .then((offline) => offline.registerServiceWorker?.())
  .catch(() => { /* no service worker in this build: the page still works online */ });
