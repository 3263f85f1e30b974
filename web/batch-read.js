// Reading what a person brings to the Batch panel as lines, a few at a time: pasted text, or a file (plain or
// gzip, through the browser's DecompressionStream). Only lines are split here; the engine reads the puzzles.
//
//   const source = await openFile(file);   // or openText(textarea.value)
//   const lines = await source.take(100);  // up to 100 more lines, [] at the end
//   source.fractionAfter(unsent)           // how much is done, 0..1, when `unsent` of the lines taken are
//                                          // still to be sent (a file counts characters against its size)
//   source.error                           // a sentence when the file could not be read to its end
// A file is streamed: memory holds the lines not yet taken, never the whole file.

/** Compressed formats by their first bytes; only gzip can be opened by the browser. */
const MAGIC = [
  { bytes: [0x1f, 0x8b], name: 'gzip' },
  { bytes: [0x42, 0x5a, 0x68], name: 'bzip2' },
  { bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], name: 'xz' },
];

class LineSource {
  #next; // async () => string[] | null: the next lines read, null at the end
  #pending = []; // lines read and not taken yet, from #at on
  #at = 0;
  #done = false;
  #fraction; // (lines done, characters done) -> 0..1
  #takenChars = 0;

  constructor(next, fraction) {
    this.#next = next;
    this.#fraction = fraction;
    this.error = null;
    this.taken = 0;
  }

  fractionAfter(unsent = 0) {
    if (this.#done && this.#at === this.#pending.length && !unsent) return 1;
    const lines = this.taken - unsent;
    const chars = this.taken ? this.#takenChars * (lines / this.taken) : 0; // unsent lines: of average length
    return Math.max(0, Math.min(1, this.#fraction(lines, chars)));
  }

  /** Up to `count` more lines (fewer only at the end of the input). */
  async take(count) {
    while (this.#pending.length - this.#at < count && !this.#done) {
      const more = await this.#next();
      if (more === null) {
        this.#done = true;
      } else {
        this.#pending = this.#pending.slice(this.#at).concat(more);
        this.#at = 0;
      }
    }
    const lines = this.#pending.slice(this.#at, this.#at + count);
    this.#at += lines.length;
    this.taken += lines.length;
    for (const line of lines) this.#takenChars += line.length + 1;
    return lines;
  }
}

/** Split text at \n, \r\n or \r. */
function splitLines(text) {
  return text.split(/\r\n|\r|\n/);
}

export function openText(text) {
  const lines = splitLines(text);
  if (lines.length && lines[lines.length - 1] === '') lines.pop(); // a final newline ends the last line
  let given = false;
  return new LineSource(async () => {
    if (given) return null;
    given = true;
    return lines;
  }, (done) => (lines.length ? done / lines.length : 1));
}

/** What the file's first bytes say it is: 'gzip', 'bzip2', 'xz' or 'text'. */
async function kindOf(file) {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const found = MAGIC.find((m) => m.bytes.every((b, i) => head[i] === b));
  return found ? found.name : 'text';
}

/** A LineSource over a File; rejects with a sentence when the file cannot be opened at all. */
export async function openFile(file) {
  const kind = await kindOf(file);
  if (kind === 'bzip2' || kind === 'xz') {
    throw new Error(`${file.name} is compressed with ${kind}, which a browser cannot open: decompress it first, ` +
      'or compress it with gzip, or use the command line (python -m sudoku_core solve reads it as it is).');
  }
  // Progress counts the characters of the lines taken against the size of the text: the file's size, or for
  // gzip the uncompressed size its last four bytes give (modulo 4 GiB, and only the last member's size when
  // several are concatenated: then the bar may stop short and jumps to the end when done).
  // (Counting the compressed bytes read would not do: the streams read far ahead of the lines taken.)
  let size = file.size;
  let stream = file.stream();
  if (kind === 'gzip') {
    if (typeof DecompressionStream !== 'function') {
      throw new Error(`${file.name} is compressed with gzip, which this browser cannot open: decompress it first.`);
    }
    stream = stream.pipeThrough(new DecompressionStream('gzip'));
    const trailer = new DataView(await file.slice(-4).arrayBuffer());
    size = file.size >= 18 ? trailer.getUint32(0, true) : 0;
  }
  const reader = stream.pipeThrough(new TextDecoderStream('utf-8')).getReader();
  let rest = ''; // the start of a line whose end has not been read yet
  let lineCount = 0;
  let ended = false;
  const source = new LineSource(async () => {
    if (ended) return null;
    let value;
    try {
      ({ value } = await reader.read());
    } catch (error) {
      // A truncated or corrupt file: keep the lines read before the problem, as the command line does.
      ended = true;
      source.error = `${file.name} could not be read past line ${lineCount}` +
        `${error && error.message ? ` (${error.message})` : ''}.`;
      return null;
    }
    if (value === undefined) {
      ended = true;
      return rest ? [rest.replace(/\r$/, '')] : null;
    }
    const text = rest + value;
    // A \r at the very end may be the first half of \r\n: keep it for the next piece.
    const cut = text.endsWith('\r') ? text.length - 1 : text.length;
    const lines = splitLines(text.slice(0, cut));
    rest = lines.pop() + text.slice(cut);
    lineCount += lines.length;
    return lines;
  }, (done, chars) => (size ? Math.min(0.999, chars / size) : 0));
  return source;
}
