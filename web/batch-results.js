// The results of a batch run: kept in input order as plain arrays, tallied, shown (the first rows and the first
// problems only: thousands of table rows would slow the page down) and written out as text or CSV Blobs.

/** How many rows each table shows; the downloads hold everything. */
export const SHOWN_ROWS = 25;
export const SHOWN_PROBLEMS = 100;

const STATUS_WORDS = {
  solved: 'solved', unique: 'unique', several: 'several solutions', none: 'no solution',
  conflict: 'clashing givens', bad: 'bad line', gave_up: 'gave up',
};
const PROBLEMS = new Set(['none', 'conflict', 'bad', 'gave_up']);
/** Lines per string joined at a time when writing a download (one giant string would be slow to build). */
const PART_LINES = 5000;

export class Results {
  constructor(mode) {
    this.mode = mode;
    this.lines = [];
    this.puzzles = [];
    this.statuses = [];
    this.solutions = [];
    this.outputs = []; // the command line's line for each puzzle; null where it is the solution (Solve)
    this.messages = new Map(); // line -> sentence, for the problems only
    this.tally = { solved: 0, unique: 0, several: 0, none: 0, conflict: 0, bad: 0, gave_up: 0 };
    this.problemCount = 0;
  }

  get count() {
    return this.lines.length;
  }

  /** Take a reply's results; returns those worth showing: {rows, problems} within the tables' limits. */
  add(results) {
    const rows = [];
    const problems = [];
    for (const r of results) {
      if (this.lines.length < SHOWN_ROWS) rows.push(r);
      this.lines.push(r.line);
      this.puzzles.push(r.puzzle);
      this.statuses.push(r.status);
      this.solutions.push(r.solution);
      this.outputs.push(r.output === r.solution ? null : r.output);
      this.tally[r.status] = (this.tally[r.status] || 0) + 1;
      if (PROBLEMS.has(r.status)) {
        this.messages.set(r.line, r.message || '');
        if (this.problemCount < SHOWN_PROBLEMS) problems.push(r);
        this.problemCount += 1;
      }
    }
    return { rows, problems };
  }

  /** Puzzles that got a solution (in Solve mode, several solutions are not looked for). */
  get solved() {
    return this.tally.solved + this.tally.unique + this.tally.several;
  }

  /** One line per puzzle, as the command line writes it: the solution (solve), verdict (check) or count. */
  text() {
    return this.#blob(this.outputs.length, (i) => this.outputs[i] ?? this.solutions[i], 'text/plain');
  }

  /** line, puzzle, solution, status, message: one row per puzzle with a header. */
  csv() {
    const row = (i) => [this.lines[i], this.puzzles[i], this.solutions[i], this.statuses[i],
      this.messages.get(this.lines[i]) ?? ''].map(csvField).join(',');
    return this.#blob(this.lines.length, row, 'text/csv', 'line,puzzle,solution,status,message\n');
  }

  #blob(count, lineAt, type, header = '') {
    const parts = header ? [header] : [];
    for (let start = 0; start < count; start += PART_LINES) {
      const lines = [];
      for (let i = start; i < Math.min(count, start + PART_LINES); i += 1) lines.push(lineAt(i));
      parts.push(`${lines.join('\n')}\n`);
    }
    return new Blob(parts, { type: `${type};charset=utf-8` });
  }
}

/** A CSV field; text a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading ' so that it
 *  opens as the text it is (an uploaded bank's lines are not ours to trust). */
export function csvField(value) {
  let text = String(value ?? '');
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function statusWords(status) {
  return STATUS_WORDS[status] || status;
}

/** A table row of plain text cells (textContent: nothing from the input becomes markup). */
export function tableRow(cells, classes = []) {
  const tr = document.createElement('tr');
  cells.forEach((text, i) => {
    const td = document.createElement(i === 0 ? 'th' : 'td');
    if (i === 0) td.scope = 'row';
    td.textContent = text;
    if (classes[i]) td.className = classes[i];
    if (classes[i] === 'puzzle' || classes[i] === 'answer') td.title = text; // these cells may be cut short
    tr.append(td);
  });
  return tr;
}
