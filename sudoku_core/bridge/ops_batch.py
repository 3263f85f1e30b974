"""The bridge's ops for many puzzles per request, for the page's Batch panel.

batch_layout, batch_split, solve_many: their fields and results are in docs/engine-js.md. The page reads
a file (or pasted text) as lines and sends them a chunk at a time, so that progress shows and Cancel
works between chunks. It never parses a puzzle itself: the layout of the input, the reading of each line
and the answers all come from the command line's own code (`sudoku_core.bank.bulk`), so a file gives the page
what it gives `python -m sudoku_core solve|count|check`.
"""
from __future__ import annotations

from ..bank import bulk
from ..core.formats import ParseError
from ..core.grid import Grid
from ..core.shape import Shape
from ..core.verdict import Verdict
from .protocol import BridgeError, Request, capitalised, op

#: The most lines (or items) one request may carry, and the most characters in all.
MAX_LINES = 20_000
MAX_CHARS = 4_000_000
#: The most lines `batch_layout` looks at.
MAX_HEAD = 200
#: A puzzle's default search time before it is reported as "gave up" (the page's request time-out is larger).
DEFAULT_MAX_MS = 10_000
#: How long a request keeps taking new puzzles, by default.
DEFAULT_BUDGET_MS = 100
MODES = ("solve", "count", "check")
#: The verdicts, as the page's batch table names them (the others as they are).
_STATUS = {Verdict.INVALID: "bad", Verdict.GAVE_UP: "gave_up"}


def _strings(request: Request, key: str, limit: int = MAX_LINES) -> "list[str]":
    value = request.get(key)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BridgeError("bad_request", f"'{key}' must be a list of strings (lines of the input).")
    if len(value) > limit:
        raise BridgeError("bad_request", f"At most {limit:,} lines per request; {len(value):,} were sent.")
    if sum(map(len, value)) > MAX_CHARS:
        raise BridgeError("bad_request", f"At most {MAX_CHARS:,} characters per request.")
    return value


def _column(request: Request) -> "str | None":
    column = request.get("column")
    if column in (None, ""):
        return None
    if not isinstance(column, str):
        raise BridgeError("bad_request", "'column' must be the name of a CSV column.")
    return column


def _box(shape: "Shape | None") -> "tuple[int, int] | None":
    return (shape.box_rows, shape.box_cols) if shape is not None else None


# -- the layout of an input -----------------------------------------------------------------------
@op("batch_layout")
def op_batch_layout(request: Request) -> dict:
    head = _strings(request, "head", MAX_HEAD)
    shape, column = request.shape(), _column(request)
    try:
        job = next(bulk.chunks(head, shape, column, 1), None)
    except bulk.UsageError as problem:
        raise BridgeError("parse", capitalised(str(problem))) from None
    if job is None:
        return {"layout": "empty", "start": None, "column": None, "name": None}
    if job[0] == "items":
        return {"layout": "blocks", "start": 1, "column": None, "name": None}
    _, start, _, index, name = job
    return {"layout": "csv" if index is not None else "lines", "start": start, "column": index,
            "name": name or None}


@op("batch_split")
def op_batch_split(request: Request) -> dict:
    text = request.get("text")
    if not isinstance(text, str):
        raise BridgeError("bad_request", "'text' must be the input as a string.")
    if len(text) > MAX_CHARS:
        raise BridgeError("bad_request", f"At most {MAX_CHARS:,} characters of blocks per request; "
                                         "put one puzzle per line for bigger inputs.")
    items: list[dict] = []
    shape = request.shape()
    for job in bulk.chunks(text.splitlines(keepends=True), shape, None, MAX_LINES):
        found = bulk.chunk_items(job)
        if job[0] == "lines":  # one puzzle a line after all: read them as solve_many would
            found = [item for item in bulk.read_lines(found, shape) if item is not None]
        for item in found:  # ("G", line, box, digits) or ("E", line, error)
            if item[0] == "E":
                items.append({"line": item[1], "error": str(item[2])})
            else:
                shape = Shape.of(*item[2])
                items.append({"line": item[1], "puzzle": Grid(item[3], shape).to_line(), "shape": shape.spec})
    return {"items": items}


# -- answering ------------------------------------------------------------------------------------
def _read_items(request: Request) -> "tuple[list[tuple], dict[int, str]]":
    """The request's `items` (from batch_split) as bulk's ("G", line, box, digits) / ("E", line, error),
    and the puzzle text of each line."""
    raw = request.get("items")
    if not isinstance(raw, list) or not all(isinstance(v, dict) for v in raw):
        raise BridgeError("bad_request", "'items' must be a list of {line, puzzle, shape} or {line, error}.")
    if len(raw) > MAX_LINES:
        raise BridgeError("bad_request", f"At most {MAX_LINES:,} items per request; {len(raw):,} were sent.")
    out: list[tuple] = []
    texts: dict[int, str] = {}
    for item in raw:
        line = item.get("line")
        if type(line) is not int or line < 1:
            raise BridgeError("bad_request", "Each item needs its 'line' number.")
        texts[line] = str(item.get("puzzle", ""))
        if isinstance(item.get("error"), str):
            out.append(("E", line, ParseError(item["error"])))
            continue
        try:
            grid = Grid.parse(str(item.get("puzzle", "")), Shape.parse(str(item.get("shape", ""))))
        except ValueError as problem:  # ParseError too
            out.append(("E", line, ParseError(str(problem), line)))
            continue
        out.append(("G", line, _box(grid.shape), bytes(grid.values)))
    return out, texts


def _read_lines(request: Request, shape: "Shape | None") -> "tuple[list[tuple], dict[int, str], int, int]":
    """The request's consecutive `lines` read as the CLI reads them, the puzzle text of each line (a
    CSV row's puzzle field), the number of the first line and of the line after the last."""
    lines = _strings(request, "lines")
    first = request.integer("first", 1, 1, 2**53)
    index = request.get("column")
    if index is not None and (type(index) is not int or index < 0):
        raise BridgeError("bad_request", "'column' must be the index of the CSV column holding the puzzles.")
    name = request.get("name") or "puzzle"
    raw = bulk.chunk_items(("lines", first, lines, index, str(name)))  # ("L", line, text) or ("E", line, error)
    texts = {item[1]: item[2] if item[0] == "L" else "" for item in raw}
    items = [item for item in bulk.read_lines(raw, shape) if item is not None]
    return items, texts, first, first + len(lines)


@op("solve_many")
def op_solve_many(request: Request) -> dict:
    mode = request.get("mode", "solve")
    if mode not in MODES:
        raise BridgeError("bad_request", f"'mode' must be one of {', '.join(MODES)}.")
    limit = request.integer("limit", 2, 1, 1000)
    max_ms = request.max_ms(DEFAULT_MAX_MS)
    budget_ms = request.integer("budgetMs", DEFAULT_BUDGET_MS, 1, 60_000)
    shape = request.shape()
    pre_split = "items" in request
    if pre_split:  # positions count items instead of lines
        items, texts = _read_items(request)
        first, end = 0, len(items)
    else:
        items, texts, first, end = _read_lines(request, shape)
    settings = bulk.Settings(mode, limit, "scalar", _box(shape), None, max_ms / 1000, "line")
    answer_limit = {"solve": 1, "check": 2}.get(mode, limit)
    answered: list = [None] * len(items)
    context = request.context
    done = 0
    for k, item in enumerate(items):
        if k and context.ms() > budget_ms:
            break
        if item[0] == "E":
            answered[k] = (item[1], "invalid", 0, "", 0.0, str(item[2]))
        else:
            bulk.scalar_group(items, [k], Shape.of(*item[2]), answer_limit, settings, answered)
        done = k + 1
    # Stopped on the budget, the next request starts at the next puzzle (lines: at its line).
    stop = end if done == len(items) else (done if pre_split else items[done][1])
    outputs = bulk.render(answered[:done], settings, "-").out.split("\n")
    results = [_result(found, texts[found[0]], outputs[j], mode) for j, found in enumerate(answered[:done])]
    return {"results": results, "consumed": stop - first, "ms": context.ms()}


def _result(found: tuple, puzzle: str, output: str, mode: str) -> dict:
    number, status, count, solution, _seconds, message = found
    report = bulk.report_line(number, status, message, "solve" if mode == "solve" else "check")
    if report is None and status in (Verdict.NONE, Verdict.CONFLICT):  # count and check report these too
        report = f"line {number}: " + ("no solution" if status == Verdict.NONE else f"clashing givens: {message}")
    return {"line": number, "puzzle": puzzle, "status": _STATUS.get(status, status), "count": count,
            "solution": solution, "output": output, "message": report}
