"""The command line at scale: reading puzzle banks in chunks, solving them with the scalar or the numpy
engine in one or more processes, and writing results in input order (used by `sudoku_core.cli`).

Reading. Each input is a file (plain, or compressed with gzip, bzip2 or xz: told by its first bytes) or
standard input. Three layouts are recognised from the first line that holds something:

* CSV with a header naming the puzzle column (Kaggle's ``quizzes,solutions`` and ``puzzle,solution``, or
  any column given with ``--column``): one puzzle per row;
* one puzzle per line (the first line is a whole puzzle of 36 cells or more, or of ``--shape``'s cells);
* anything else (blocks, .sdk, .ss, library lines...) goes through `sudoku_core.core.formats.parse_puzzles`.

The first two are read lazily, a chunk of lines at a time, and turned into digits in the worker that
solves them (one numpy call for the usual one-line form, `parse_puzzles` for the rest), so memory stays
bounded whatever the file's length and the parsing is spread over the jobs too. Lines are read with a
bound (`MAX_LINE`): a longer one is reported by its number, never held whole.

Solving. A chunk goes to `sudoku_core.bank.batch.run_chunk` (numpy) or to the scalar engine; both give the
scalar engine's answers (`rate` and `explain` chunks go to `sudoku_core.bank.logic`). ``--jobs N`` runs
chunks in N worker processes, ``--scheduler`` on a Dask cluster (`sudoku_core.bank.on_dask`), at most two
chunks a worker in flight, and the results are written in input order as each chunk completes.
`drive` is that loop, shared with ``generate --count N`` (`sudoku_core.bank.generate`).

numpy is imported only when the batch engine is used.
"""
from __future__ import annotations

import csv
import importlib
import importlib.util
import io
import json
import os
import signal
import sys
import time
from collections import deque
from itertools import chain, islice
from typing import Iterable, Iterator, TextIO

from ..core.formats import ParseError, format_grid, parse_puzzles
from ..core.grid import Grid
from ..core.shape import ALPHABET, Shape
from ..core.solver import solve_and_count
from ..core.verdict import Verdict
from .common import Collect, Rendered, RunError, Settings, UsageError  # noqa: F401 (bulk.RunError, ...: the pipeline's face)


#: Puzzles per chunk: one numpy call covers a chunk; the reader holds at most 2 * jobs chunks.
CHUNK = 4096
#: The chunk size of the batch engine with --jobs 2 or more (the work spreads more evenly).
JOBS_CHUNK = 1024
#: The first chunk of an input is this small (then they grow fourfold up to CHUNK), so the first results
#: are written at once.
FIRST_CHUNK = 64
#: The scalar engine gets smaller chunks, so progress and Ctrl-C stay prompt on hard puzzles.
SCALAR_CHUNK = 256
#: Rating and explaining take ~0.05 s a puzzle: chunks of a second or two keep workers evenly busy.
LOGIC_CHUNK = 32
#: Below this many puzzles of one shape in a chunk, `auto` uses the scalar engine (numpy's start-up and
#: per-call costs are not worth it for a handful).
AUTO_MIN = 32
#: Column names taken as the puzzle column of a CSV file, in order of preference.
PUZZLE_COLUMNS = ("quizzes", "puzzle", "puzzles", "quiz", "sudoku", "grid")
#: The smallest one-line puzzle recognised without --shape (6x6); 16-character lines may be 16x16 rows.
MIN_LINE_CELLS = 36
#: The longest line read (characters): far past a 64x64 grid written as numbers (about 12,000), so a
#: longer line is no puzzle, and reading stops there instead of holding a hostile file's one huge line.
MAX_LINE = 1 << 20

OUTPUT_FORMATS = ("line", "block", "sdk", "ss", "json", "csv")


def numpy_available() -> bool:
    """Whether numpy is installed (found, not imported: importing it costs a tenth of a second, which
    a run of a few puzzles does not need)."""
    try:
        return importlib.util.find_spec("numpy") is not None
    except (ImportError, ValueError):
        return False


# -- opening and reading ----------------------------------------------------------------------------
# First bytes of compressed files, and the module that reads them (imported only when needed: Pyodide,
# for one, ships lzma as a separate package).
_MAGIC = ((b"\x1f\x8b", "gzip"), (b"BZh", "bz2"), (b"\xfd7zXZ\x00", "lzma"))


class _Input:
    """One input opened as text, with the position in the underlying file (for the progress ETA)."""

    def __init__(self, path: str) -> None:
        self.name = path
        self.size = 0
        if path == "-":
            raw = getattr(sys.stdin, "buffer", None)
            if raw is None:  # already text (tests, embedding)
                self.raw, self.text = None, sys.stdin
                return
            self.raw = None
        else:
            try:
                self.raw = open(path, "rb")
                self.size = os.fstat(self.raw.fileno()).st_size
            except OSError as err:
                raise UsageError(f"cannot read {path!r}: {err.strerror or err}") from None
            raw = self.raw
        head = raw.peek(8)[:8] if hasattr(raw, "peek") else b""
        for magic, module in _MAGIC:
            if head.startswith(magic):
                raw = importlib.import_module(module).open(raw, "rb")
                break
        self.text = io.TextIOWrapper(raw, encoding="utf-8-sig", errors="replace", newline=None)

    def lines(self) -> Iterator[str]:
        """The lines of the input, each read with a bound: a line longer than `MAX_LINE` characters is
        skipped a piece at a time and given as an `OverLong` (never held whole, so a hostile file cannot
        make memory grow). A read error (a truncated or corrupt compressed file, say) ends them and is
        kept in `error`, so the lines before it are still solved and written."""
        self.error: "str | None" = None
        read = 0
        readline = self.text.readline
        try:
            while True:
                line = readline(MAX_LINE + 1)
                if not line:
                    return
                read += 1
                if len(line) > MAX_LINE and not line.endswith("\n"):
                    length = len(line)
                    while line and not line.endswith("\n"):
                        line = readline(MAX_LINE)
                        length += len(line)
                    line = OverLong(length - line.endswith("\n"))
                yield line
        except Exception as problem:  # OSError, EOFError, zlib.error, lzma.LZMAError...
            if not isinstance(problem, (OSError, EOFError)) and type(problem).__module__ not in (
                    "zlib", "lzma", "_lzma", "bz2", "_bz2", "gzip"):
                raise
            self.error = f"cannot read {self.name!r} past line {read}: {problem}"

    def position(self) -> int:
        try:
            return self.raw.tell() if self.raw is not None else 0
        except (OSError, ValueError):
            return 0

    def close(self) -> None:
        if self.raw is not None:
            self.text.close()


class OverLong(str):
    """Stands for a line of more than `MAX_LINE` characters (its text is not kept): reported by number."""

    def __new__(cls, length: int) -> "OverLong":
        line = super().__new__(cls, "")
        line.length = length
        return line

    def __reduce__(self):  # keep the length across processes (pickle would rebuild it from its text)
        return OverLong, (self.length,)

    def error(self, number: int) -> ParseError:
        return ParseError(f"line too long ({self.length:,} characters; at most {MAX_LINE:,} are read): "
                          "not a puzzle", number)


def _content(line: str) -> bool:
    if isinstance(line, OverLong):
        return True
    text = line.strip()
    return bool(text) and not text.startswith("#")


def _split_csv(line: str) -> list[str]:
    if '"' in line:
        return next(csv.reader([line]), [])
    return line.split(",")


def chunks(text: Iterable[str], shape: "Shape | None", column: "str | None", size: int) -> Iterator[tuple]:
    """The puzzles of one input as jobs of about `size` puzzles, lazily. A job is
    ("lines", first line number, [raw lines], CSV column index or None, column name): lines still to
    be read, by the worker; or ("items", [item, ...]) with items ("G", line, (box_rows, box_cols), digits
    as bytes) or ("E", line, ParseError), for inputs that need the whole-file parser."""
    lines = iter(text)
    head: list[str] = []
    for line in lines:
        head.append(line)
        if _content(line):
            break
    if not head or not _content(head[-1]):
        return
    first = head[-1].strip()
    header = [name.strip().lower() for name in _split_csv(first)] if "," in first else []
    index: "int | None" = None
    if column is not None or any(name in PUZZLE_COLUMNS for name in header):
        wanted = column.strip().lower() if column is not None else next(n for n in PUZZLE_COLUMNS if n in header)
        if wanted not in header:
            raise UsageError(f"no column {column!r} in the CSV header ({first[:80]})")
        index, name = header.index(wanted), wanted
        number = len(head) + 1
    else:
        cells = len(first.replace(" ", "").replace("|", ""))
        # An over-long first line tells no layout: read one puzzle per line.
        one_line = isinstance(head[-1], OverLong) or ((cells == shape.cell_count) if shape is not None else (
            cells >= MIN_LINE_CELLS and Shape.for_cell_count(cells) is not None))
        if not one_line:
            job: list[tuple] = []
            step = min(size, FIRST_CHUNK)
            too_long: list[tuple] = []  # over-long lines, reported in line order among the puzzles
            for number, item in parse_puzzles(_blank_over_long(chain(head, lines), too_long), shape):
                while too_long and too_long[0][1] < number:
                    job.append(too_long.pop(0))
                if isinstance(item, ParseError):
                    job.append(("E", number, item))
                else:
                    job.append(("G", number, (item.shape.box_rows, item.shape.box_cols), bytes(item.values)))
                if len(job) >= step:
                    yield "items", job
                    job = []
                    step = min(size, step * 4)
            job += too_long
            if job:
                yield "items", job
            return
        lines, number, name = chain(head[-1:], lines), len(head), ""
    step = min(size, FIRST_CHUNK)  # a small first chunk: the first results come out at once
    while True:
        batch = list(islice(lines, step))
        if not batch:
            return
        yield "lines", number, batch, index, name
        number += len(batch)
        step = min(size, step * 4)


def _blank_over_long(lines: Iterable[str], found: list) -> Iterator[str]:
    """The lines with each over-long one given as a blank line (a separator), its error put in `found`."""
    for number, line in enumerate(lines, 1):
        if isinstance(line, OverLong):
            found.append(("E", number, line.error(number)))
            yield "\n"
        else:
            yield line


def chunk_items(job: tuple) -> list[tuple]:
    """A job's items: ("L", line, text) for lines still to be read, or the job's own items."""
    if job[0] == "items":
        return job[1]
    _, number, lines, index, name = job
    items: list[tuple] = []
    for number, line in enumerate(lines, number):
        if isinstance(line, OverLong):
            items.append(("E", number, line.error(number)))
            continue
        if index is None:
            text = line.strip()
            if text:
                items.append(("L", number, text))
            continue
        if not line.strip():
            continue
        fields = _split_csv(line.rstrip("\r\n"))
        value = fields[index].strip() if index < len(fields) else ""
        if value:
            items.append(("L", number, value))
        else:
            items.append(("E", number, ParseError(f"no puzzle in the {name!r} column", number)))
    return items


# -- solving a chunk (in a worker process, or here) -------------------------------------------------
# A result: (line, status, count, solution text, seconds, message). Status is one of the STATUS keys.
STATUS = Verdict.ALL


_TABLES: "dict[int, bytes]" = {}


def _line_table(side: int) -> bytes:
    """byte -> digit for the usual one-line form ('.' or '0' empty, 1-9 then A-Z in either case),
    255 for any other byte (such lines go to the full parser)."""
    table = _TABLES.get(side)
    if table is None:
        t = bytearray([255] * 256)
        t[ord(".")] = t[ord("0")] = 0
        for d, ch in enumerate(ALPHABET[:side], 1):
            t[ord(ch)] = t[ord(ch.lower())] = d
        table = _TABLES[side] = bytes(t)
    return table


def _read_uniform(items: list[tuple], shape: "Shape | None") -> "list | None":
    """The common case in one go: every item a one-line puzzle of the same length in the usual form.
    None when the chunk is not like that."""
    if not items or items[0][0] != "L":
        return None
    length = len(items[0][2])
    s = shape if shape is not None else Shape.for_cell_count(length)
    if s is None or s.cell_count != length or s.side > 35 or s.side == 16:
        return None
    if any(item[0] != "L" or len(item[2]) != length for item in items):
        return None
    text = "".join(item[2] for item in items)
    if not text.isascii():
        return None
    digits = text.encode("ascii").translate(_line_table(s.side))
    if digits.find(255) >= 0:
        return None
    spec = (s.box_rows, s.box_cols)
    return [("G", item[1], spec, digits[k * length:(k + 1) * length]) for k, item in enumerate(items)]


def read_lines(items: list[tuple], shape: "Shape | None") -> list:
    """Turn ("L", line, text) items into ("G", line, (box_rows, box_cols), digits as bytes) or
    ("E", line, ParseError), or None for a comment. The usual one-line form (n*n characters, '.' or '0'
    for empty) is read with one bytes.translate; anything else by `parse_puzzles`, as the scalar CLI does.
    (16x16 lines are always left to the parser, which settles whether '0' is empty or a digit.)"""
    fast = _read_uniform(items, shape)
    if fast is not None:
        return fast
    out: list = []
    hint: "Shape | None" = None  # the shape of the last good puzzle
    by_length: "dict[int, Shape | None]" = {}
    for item in items:
        if item[0] != "L":
            out.append(item)
            continue
        _, number, text = item
        s = shape
        if s is None:
            s = by_length.get(len(text), False)
            if s is False:
                s = by_length[len(text)] = Shape.for_cell_count(len(text))
        if s is not None and s.cell_count == len(text) and s.side <= 35 and s.side != 16 and text.isascii():
            digits = text.encode("ascii").translate(_line_table(s.side))
            if digits.find(255) < 0:
                out.append(("G", number, (s.box_rows, s.box_cols), digits))
                hint = s
                continue
        found = list(parse_puzzles(text, shape))
        if not found:
            out.append(None)  # a comment
            continue
        _, grid = found[0]
        if isinstance(grid, ParseError) and grid.line is None and hint is not None and shape is None:
            # A count error names the cell count of the previous good puzzle, as parse_puzzles does on a
            # whole file: read the line after a stand-in for that puzzle.
            grid = list(parse_puzzles(["." * hint.cell_count, text]))[-1][1]
        if isinstance(grid, ParseError):
            line = number + grid.line - 1 if grid.line else None
            out.append(("E", number, ParseError(grid.reason, line, grid.column)))
        else:
            out.append(("G", number, (grid.shape.box_rows, grid.shape.box_cols), bytes(grid.values)))
            hint = grid.shape
    return out


def solve_chunk(job: tuple, settings: Settings, name: str = "-") -> "Rendered":
    """Read, solve and render one job (see `chunks`) of input `name`. Ctrl-C during a scalar search
    renders the results up to the puzzle it interrupted and says where it stopped."""
    shape = Shape.of(*settings.shape) if settings.shape else None
    items = [item for item in read_lines(chunk_items(job), shape) if item is not None]
    if settings.command in ("rate", "explain"):
        from .logic import logic_chunk

        return logic_chunk(items, settings, name)
    limit = 1 if settings.command == "solve" else (2 if settings.command == "check" else settings.limit)
    results: list = [None] * len(items)
    groups: dict[tuple[int, int], list[int]] = {}
    for k, item in enumerate(items):
        if item[0] == "E":
            results[k] = (item[1], "invalid", 0, "", 0.0, str(item[2]))
        else:
            groups.setdefault(item[2], []).append(k)
    stop = len(items)
    for spec, ks in groups.items():
        s = Shape.of(*spec)
        use_batch = settings.engine == "batch" or (settings.engine == "auto" and len(ks) >= AUTO_MIN
                                                  and numpy_available())
        if use_batch:
            answered = _batch_group(items, ks, s, limit, settings, results)
        else:
            answered = scalar_group(items, ks, s, limit, settings, results)
        if answered < len(ks):
            stop = min(stop, ks[answered])
    rendered = render(results[:stop], settings, name)
    if stop < len(items):
        rendered.stopped = True
    return rendered


#: Puzzles given to the batch search so far in this process, and how many of them had several solutions.
_SEARCH_TALLY = [0, 0]


def _batch_group(items, ks, shape, limit, settings, results) -> int:
    from .batch import from_bytes, run_chunk, to_strings

    values = from_bytes(b"".join(items[k][3] for k in ks), shape)
    want_solutions = settings.command == "solve" or settings.fmt in ("json", "csv")
    # When most puzzles the batch search sees turn out to have several solutions, it only delays the
    # scalar engine that must find their first one: stop searching as a batch (for this process's run).
    seen, several = _SEARCH_TALLY
    search = not (want_solutions and seen >= AUTO_MIN and several * 2 > seen)
    found = run_chunk(values, shape, limit, max_nodes=settings.max_nodes, timeout=settings.timeout,
                      interruptible=True, want_solutions=want_solutions, search=search)
    _SEARCH_TALLY[0] += found.searched
    _SEARCH_TALLY[1] += found.several
    lines = to_strings(found.solutions, shape) if settings.fmt not in ("block", "sdk", "ss") else None
    counts, seconds = found.counts.tolist(), found.seconds.tolist()
    for j, k in enumerate(ks[:found.done]):
        if lines is not None:
            text = lines[j]
        else:
            text = format_grid(Grid(found.solutions[j].tolist(), shape), settings.fmt) if counts[j] != 0 else ""
        results[k] = _result(items[k], shape, counts[j], text, seconds[j], found.notes.get(j), limit, settings)
    return found.done


def scalar_group(items: list, ks: "list[int]", shape: Shape, limit: int, settings: "Settings",
                 results: list) -> int:
    """Solve items[k] for each k in `ks` with the scalar engine, counting to `limit`, into results[k].
    Returns how many were answered (fewer when interrupted: the rest stay unanswered)."""
    for j, k in enumerate(ks):
        start = time.perf_counter()
        grid = Grid(items[k][3], shape)
        try:
            first, count, note = solve_and_count(grid, limit, max_nodes=settings.max_nodes,
                                                 timeout=settings.timeout)
        except KeyboardInterrupt:
            return j
        if note is not None:
            count = -1  # what _result reads as "gave up"
        text = ""
        if first is not None:
            text = first.to_line() if settings.fmt not in ("block", "sdk", "ss") else format_grid(first, settings.fmt)
        results[k] = _result(items[k], shape, count, text, time.perf_counter() - start, note, limit, settings)
    return len(ks)


def _result(item, shape, count, text, seconds, note, limit, settings) -> tuple:
    number = item[1]
    if count < 0:
        message = note if note.startswith("gave up") else f"gave up: {note}"
        return number, Verdict.GAVE_UP, -1, text if settings.command == "solve" else "", seconds, message
    if count == 0:
        clashes = Grid(item[3], shape).conflicts()
        if clashes:
            return number, Verdict.CONFLICT, 0, "", seconds, clashes[0].message
        return number, Verdict.NONE, 0, "", seconds, None
    verdict = Verdict.of_count(count, 1 if settings.command == "solve" else limit)
    return number, verdict, count, text, seconds, None


# -- writing ----------------------------------------------------------------------------------------
CSV_COLUMNS = ["line", "status", "count", "solution", "time", "message"]


def render(results: list[tuple], s: Settings, name: str) -> Rendered:
    """Results (line, status, count, solution text, seconds, message) as the chosen output format, the
    reports for standard error ("FILE:line N: reason"), the tally and the exit status's part."""
    r = Rendered()
    out: list[str] = []
    err: list[str] = []
    c = r.counts
    prefix = f"{name}:" if name != "-" else ""
    writer = csv.writer(Collect(out), lineterminator="\n") if s.fmt == "csv" else None
    multi = s.command == "solve" and s.fmt in ("block", "sdk", "ss")
    for number, status, count, text, seconds, message in results:
        c[0] += 1
        if status == Verdict.INVALID:
            c[5] += 1
        elif status == Verdict.GAVE_UP:
            c[6] += 1
        elif count == 0:
            c[4] += 1
        else:
            c[1] += 1
            if status == Verdict.UNIQUE:
                c[2] += 1
            elif status == Verdict.SEVERAL:
                c[3] += 1
        r.failed |= (status in (Verdict.INVALID, Verdict.GAVE_UP)
                     or (s.command == "solve" and status in (Verdict.NONE, Verdict.CONFLICT))
                     or (s.command == "check" and status != Verdict.UNIQUE))
        if s.fmt == "json":
            record = {"line": number, "status": status, "count": count if count >= 0 else None,
                      "solution": text or None, "time": round(seconds, 6)}
            if s.name_field:
                record = {"file": name, **record}
            if message:
                record["message"] = message
            out.append(json.dumps(record) + "\n")
        elif s.fmt == "csv":
            writer.writerow(([name] if s.name_field else [])
                            + [number, status, count if count >= 0 else "", text, f"{seconds:.6f}", message or ""])
        elif s.command == "check":
            out.append(_verdict(status, message) + "\n")
        else:
            if s.command == "count" and status not in ("invalid", "gave up"):
                text = f"{count}+" if count >= s.limit else str(count)
            out.append(text + ("\n\n" if multi and text else "\n"))
        if s.fmt in ("json", "csv") or s.command != "check":
            report = report_line(number, status, message, s.command)
            if report:
                err.append(f"{prefix}{report}\n")
        r.last = number
    r.out, r.err = "".join(out), "".join(err)
    return r


class Tally:
    """The whole run's counts, for the summary line."""

    def __init__(self) -> None:
        self.counts = [0] * 8
        self.failed = False
        self.last: "str | None" = None
        self.started = time.perf_counter()

    def add(self, r: Rendered, name: str, unit: str = "line") -> None:
        self.counts = [a + b for a, b in zip(self.counts, r.counts)]
        self.failed |= r.failed
        if r.last is not None:
            self.last = f"{name}:{unit} {r.last}" if name not in ("-", "") else f"{unit} {r.last}"

    @property
    def puzzles(self) -> int:
        return self.counts[0]

    def summary(self, command: str) -> str:
        puzzles, solved, unique, several, none, bad, gave_up, left_out = self.counts
        elapsed = time.perf_counter() - self.started
        rate = puzzles / elapsed if elapsed > 0 else 0.0
        done = {"rate": "rated", "explain": "explained", "generate": "made"}.get(command, "solved")
        parts = [f"{puzzles:,} puzzles", f"{solved:,} {done}"]
        if left_out:
            parts.append(f"{solved - left_out:,} kept by the filters")
        if command != "generate":
            parts.append("several solutions not checked (solve stops at the first)" if command == "solve"
                         else f"{several:,} with several solutions")
            parts.append(f"{none:,} no solution")
            parts.append(f"{bad:,} bad line{'s' if bad != 1 else ''}")
        elif puzzles > solved:
            parts.append(f"{puzzles - solved:,} not made")
        if gave_up:
            parts.append(f"{gave_up:,} gave up")
        line = ", ".join(parts) + f"; {elapsed:.2f} s, {rate:,.0f} puzzles/s"
        return line


def _verdict(status: str, message: "str | None") -> str:
    if status in ("conflict", "invalid"):
        return f"{status}: {message}"
    if status == "gave up":
        return message or "gave up"
    return status


def report_line(number: int, status: str, message: "str | None", command: str) -> "str | None":
    """The standard-error line for a result (None for a good one)."""
    if status == "invalid":  # as the scalar CLI words it: the parser's "line L, column C: ..." or "line N: ..."
        return message if message.startswith("line ") else f"line {number}: {message}"
    if status == "gave up":
        return f"line {number}: {message}"
    if command == "solve":
        if status == "conflict":
            return f"line {number}: clashing givens: {message}"
        if status == "none":
            return f"line {number}: no solution"
    return None


# -- progress ---------------------------------------------------------------------------------------
class Progress:
    """A one-line progress report on a terminal: count, rate and (for files) an ETA from bytes read."""

    def __init__(self, stream: TextIO, enabled: bool) -> None:
        self.stream, self.enabled = stream, enabled
        self.started = self.last = time.perf_counter()
        self.shown = False

    def update(self, done: int, fraction: "float | None") -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self.last < 0.2:
            return
        self.last = now
        elapsed = now - self.started
        rate = done / elapsed if elapsed > 0 else 0.0
        text = f"{done:,} puzzles, {rate:,.0f}/s"
        if fraction and 0 < fraction <= 1:
            left = elapsed * (1 - fraction) / fraction
            text += f", {fraction:.0%}, ETA {int(left // 60)}:{int(left % 60):02d}"
        self.stream.write("\r" + text + "\x1b[K")
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False


# -- where the chunks run ---------------------------------------------------------------------------
class _Here:
    """Each chunk in this process, when its result is asked for."""

    window = 1

    def submit(self, work, *args):
        return work, args

    def result(self, task):
        work, args = task
        return work(*args)

    def close(self, interrupted: bool) -> None:
        pass


def _worker_init() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle


class _Processes:
    """Chunks in `jobs` worker processes of this machine, at most 2 * jobs in flight."""

    def __init__(self, jobs: int) -> None:
        import multiprocessing

        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        self.pool = context.Pool(jobs, initializer=_worker_init)
        self.window = 2 * jobs

    def submit(self, work, *args):
        return self.pool.apply_async(work, args)

    def result(self, task):
        return task.get()

    def close(self, interrupted: bool) -> None:
        if interrupted:
            self.pool.terminate()
        else:
            self.pool.close()
        self.pool.join()


def executor(jobs: int = 1, scheduler: "str | None" = None):
    """Where chunks run: here, in `jobs` processes, or on the Dask cluster at `scheduler` (``local:N``
    starts one of N worker processes). Each has submit(work, *args), result(task), window, close()."""
    if scheduler is not None:
        from .on_dask import DaskExecutor

        return DaskExecutor(scheduler)
    return _Processes(jobs) if jobs > 1 else _Here()


# -- the run ----------------------------------------------------------------------------------------
def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class FileSource:
    """One input of a bank command: its chunks from `chunks`, read lazily, and how far the reading got."""

    unit = "line"

    def __init__(self, path: str, shape: "Shape | None", column: "str | None", size: int) -> None:
        self.name, self.shape, self.column, self.size = path, shape, column, size
        self.error: "str | None" = None

    def open(self) -> None:
        self.input = _Input(self.name)

    def jobs(self, after: int = 0) -> Iterator[tuple]:
        """The chunks, less the lines up to `after` (those a resumed run has written already)."""
        for job in chunks(self.input.lines(), self.shape, self.column, self.size):
            job = _after(job, after) if after else job
            if job is not None:
                yield job
        self.error = self.input.error

    def fraction(self, done: int) -> "float | None":
        """How much of the input is read (from its bytes: `done`, the puzzles written, does not tell)."""
        return self.input.position() / self.input.size if self.input.size else None

    def close(self) -> None:
        self.input.close()


def _after(job: tuple, after: int) -> "tuple | None":
    """`job` without its lines up to line `after` (None when nothing is left)."""
    if job[0] == "items":
        items = [item for item in job[1] if item[1] > after]
        return ("items", items) if items else None
    _, number, lines, index, name = job
    skip = max(0, after - number + 1)
    return ("lines", number + skip, lines[skip:], index, name) if skip < len(lines) else None


def chunk_size(settings: Settings, jobs: int) -> int:
    """Puzzles per chunk: small for slow work (rating, explaining, the scalar engine), so that progress
    and Ctrl-C stay prompt and the last chunks do not leave a worker idle."""
    if settings.command in ("rate", "explain"):
        return LOGIC_CHUNK
    scalar_only = settings.engine == "scalar" or (settings.engine == "auto" and not numpy_available())
    return SCALAR_CHUNK if scalar_only else (CHUNK if jobs == 1 else JOBS_CHUNK)


def run(files: list[str], settings: Settings, out: TextIO, err: TextIO, *, jobs: int = 1,
        scheduler: "str | None" = None, summary: "bool | None" = None, progress: "bool | None" = None,
        prog: str = "sudoku-core", checkpoint=None) -> int:
    """Read, answer and write everything; returns the exit status: 0, 1 when a puzzle failed, 130 when
    interrupted (what was written stays, and the summary says where it stopped). `summary` and `progress`
    default to "when standard error is a terminal". `checkpoint` (a `resume.Checkpoint`) records
    each chunk written and says where a resumed run starts."""
    if settings.engine == "batch":
        try:
            from . import batch  # noqa: F401
        except ImportError:
            raise UsageError('--engine batch needs numpy: pip install "sudoku-core[batch]"') from None
    paths = files or ["-"]
    settings.name_field = len(paths) > 1
    _SEARCH_TALLY[:] = [0, 0]  # each run learns afresh (workers start from this state)
    shape = Shape.of(*settings.shape) if settings.shape else None
    size = chunk_size(settings, 1 if scheduler is not None else jobs)  # a Dask task costs more: bigger chunks
    header = ""
    if settings.fmt == "csv":
        columns = CSV_COLUMNS
        if settings.command in ("rate", "explain"):
            from .logic import csv_columns

            columns = csv_columns(settings.command)
        header = ",".join((["file"] if settings.name_field else []) + columns) + "\n"
    sources = [FileSource(path, shape, settings.column, size) for path in paths]
    return drive(sources, solve_chunk, settings, out, err, executor(jobs, scheduler), header=header,
                 summary=summary, progress=progress, prog=prog, checkpoint=checkpoint)


def drive(sources: list, work, settings, out: TextIO, err: TextIO, pool, *, header: str = "",
          summary: "bool | None" = None, progress: "bool | None" = None, prog: str = "sudoku-core",
          checkpoint=None) -> int:
    """Run `work(job, settings, name)` on every job of every source (each with open(), jobs(after),
    fraction(), close(), name, unit and error) on `pool` (see `executor`), writing the renderings in
    order: the loop shared by the bank commands and `generate`. Returns the exit status."""
    terminal = _is_terminal(err)
    show_summary = terminal if summary is None else summary
    meter = Progress(err, terminal if progress is None else progress)
    tally = Tally()
    start = checkpoint.start if checkpoint is not None else None
    if start is not None:
        tally.counts = list(start.counts)
    elif header:
        out.write(header)
    interrupted = halted = complete = False
    try:
        if checkpoint is not None:
            checkpoint.begin(out)
        for index, source in enumerate(sources):
            if start is not None and index < start.source:
                continue
            source.open()
            try:
                after = start.line if start is not None and index == start.source else 0
                for rendered in _in_order(source.jobs(after), work, settings, source.name, pool):
                    out.write(rendered.out)
                    out.flush()
                    err.write(rendered.err)
                    tally.add(rendered, source.name, source.unit)
                    if checkpoint is not None and rendered.last is not None:
                        checkpoint.record(index, rendered.last, tally.counts)
                    meter.update(tally.puzzles, source.fraction(tally.puzzles))
                    if rendered.halt:
                        halted = True
                        break
                    if rendered.stopped:
                        raise KeyboardInterrupt
                if source.error:
                    err.write(f"{prog}: error: {source.error}\n")
                    tally.failed = True
            finally:
                source.close()
            if halted:
                break
        complete = not halted
    except KeyboardInterrupt:
        interrupted = True
    finally:
        pool.close(not complete)  # anything but a complete run stops the workers at once
        meter.clear()
        if checkpoint is not None:
            checkpoint.close()
    if interrupted:
        where = (f"stopped after {tally.last} (the results up to there are written)" if tally.last
                 else "stopped before any result")
        err.write(f"{prog}: interrupted: {where}\n{tally.summary(settings.command)}\n")
        return 130
    if checkpoint is not None and not halted:
        checkpoint.finish()
    if show_summary:
        err.write(tally.summary(settings.command) + "\n")
    return 1 if tally.failed else 0


def _in_order(jobs_: Iterator[tuple], work, settings, name: str, pool) -> Iterator[Rendered]:
    """Each job's rendering, in input order; at most `pool.window` jobs in flight (so memory stays
    bounded: the reader waits for the writer)."""
    pending: deque = deque()
    for job in jobs_:
        pending.append(pool.submit(work, job, settings, name))
        while len(pending) >= pool.window:
            yield pool.result(pending.popleft())
    while pending:
        yield pool.result(pending.popleft())


def answer_lines(lines: Iterable[str], command: str = "solve", *, fmt: str = "line", limit: int = 2,
                 engine: str = "auto", shape: "str | None" = None, column: "str | None" = None,
                 filters=None) -> list[str]:
    """The records `command` writes for the puzzles in `lines` (one string each, without its newline):
    the CLI's answers for one shard of a bank, in order, for a Dask bag's ``map_partitions`` or any other
    framework. Line numbers count from the first of `lines`; bad lines get the CLI's record (an empty
    line in the `line` format: use json or csv to keep the reasons)."""
    grid_shape = Shape.parse(shape) if shape else None
    spec = (grid_shape.box_rows, grid_shape.box_cols) if grid_shape else None
    settings = Settings(command, limit, engine, spec, None, None, fmt, column, filters=filters)
    if filters is not None:
        filters.check()
    size = chunk_size(settings, 1)
    text = "".join(solve_chunk(job, settings).out for job in chunks(lines, grid_shape, column, size))
    if fmt == "line" and command != "explain":
        return text.split("\n")[:-1]
    return _records(text, fmt)


def _records(text: str, fmt: str) -> list[str]:
    """Output text cut into records: a JSON or CSV record a line (CSV fields may hold newlines), or the
    blank-line separated blocks of drawings and explanations."""
    if fmt == "json":
        return text.split("\n")[:-1]
    if fmt == "csv":
        parts: list[str] = []
        for row in csv.reader(io.StringIO(text)):
            buffer = io.StringIO()
            csv.writer(buffer, lineterminator="").writerow(row)
            parts.append(buffer.getvalue())
        return parts
    return [block for block in text.split("\n\n") if block]
