"""The page's door into the engine: JSON-shaped requests in, JSON-shaped replies out.

The web worker (`web/worker.js`) calls `handle_json(text)` with a request like

    {"op": "solve", "puzzle": "4.....8.5.3....", "shape": "9x9", "limit": 2}

and posts back what it returns, one of

    {"ok": true,  "result": {...}}
    {"ok": false, "error": {"code": "parse", "message": "line 1, column 3: ...", "cells": []}}

This is the only module that knows about the page. It never lets an exception (or a traceback) out:
every failure becomes an error with a `code` the page can act on and a `message` a person can read.

Operations (`puzzle` is a string in any format `Grid.parse` reads, or a list of cell values, 0 = empty;
`shape` is optional, like "9x9", "6x6" or "6x6:3x2"):

  parse     {text, shape?}          -> {shape, name, side, boxRows, boxCols, line, values, givens}
  solve     {puzzle, shape?, limit?, maxMs?}
                                    -> {solution, values, count, limit, unique, ms, message}
            (followed through `handle_json_with_progress`, it reports the first solution as soon as it
            is found, {stage: "solution", solution, values, ms, message}, and goes on counting to `limit`)
  check     {puzzle, shape?, maxMs?} -> {status: unique|several|none|conflict, message, cells, ms}
  conflicts {puzzle, shape?}        -> {conflicts: [{digit, unit, cells, message}], cells}
  version   {}                      -> {version, python, platform}
  sleep     {ms}                    -> {ms}   (diagnostic: keeps the engine busy; tests the time limit)

Error codes: bad_request, parse, conflict, no_solution, gave_up, internal.

More operations live in their own modules, each with an `OPS` table merged into this one and documented
in its docstring: `bridge_logic` (candidates, hints, steps, rating), `bridge_generate` (new puzzles) and
`bridge_batch` (many puzzles per request, for the page's Batch panel).
"""
from __future__ import annotations

import inspect
import json
import sys
import time
from typing import Any, Callable

from . import __version__
from .formats import ParseError
from .grid import Grid
from .shape import Shape
from . import solver

#: Solutions counted by `solve` when the request names no limit: 2 answers "is it unique?".
DEFAULT_LIMIT = 2
#: The most solutions a request may ask to count.
MAX_LIMIT = 1000
#: The longest a diagnostic `sleep` may last.
MAX_SLEEP_MS = 60_000


class BridgeError(Exception):
    """A failure to report to the page: a machine-readable code, a sentence, the cells concerned."""

    def __init__(self, code: str, message: str, cells: "list[int] | tuple[int, ...]" = (), **extra: Any) -> None:
        super().__init__(message)
        self.code, self.message, self.cells, self.extra = code, message, list(cells), extra

    def as_dict(self) -> dict:
        return {"code": self.code, "message": self.message, "cells": self.cells, **self.extra}


# -- the entry points -----------------------------------------------------------------------------
def handle(request: Any) -> dict:
    """Answer one request (a dict with an `op`); never raises."""
    try:
        if not isinstance(request, dict):
            raise BridgeError("bad_request", "A request must be a JSON object with an 'op'.")
        op = request.get("op")
        action = OPS.get(op) if isinstance(op, str) else None
        if action is None:
            known = ", ".join(sorted(OPS))
            raise BridgeError("bad_request", f"Unknown operation {op!r}; known: {known}.")
        return {"ok": True, "result": action(request)}
    except BridgeError as error:
        return {"ok": False, "error": error.as_dict()}
    except Exception as error:  # a bug in the engine: say so plainly, without a traceback
        return {"ok": False, "error": {"code": "internal", "cells": [],
                                       "message": f"The engine failed: {type(error).__name__}: {error}"}}


# -- following a request ----------------------------------------------------------------------------
_report: "Callable[[str], Any] | None" = None


def handle_json_with_progress(text: str, report: "Callable[[str], Any] | None") -> str:
    """`handle_json(text)`, with `report(json_text)` called as the request makes progress (the worker
    passes a JavaScript function that posts each report to the page)."""
    global _report
    _report = report
    try:
        return handle_json(text)
    finally:
        _report = None


def followed() -> bool:
    """Whether someone follows the request being answered (so progress is worth preparing)."""
    return _report is not None


def report_progress(fields: dict) -> None:
    """Tell whoever follows the request being answered, if anyone, how it is going."""
    if _report is not None:
        _report(json.dumps(fields, separators=(",", ":")))


def handle_json(text: str) -> str:
    """`handle` for callers that speak JSON text (the worker: no proxies cross the boundary)."""
    try:
        request = json.loads(text)
    except (TypeError, ValueError) as error:
        reply = {"ok": False, "error": {"code": "bad_request", "cells": [],
                                        "message": f"The request is not JSON: {error}"}}
    else:
        reply = handle(request)
    return json.dumps(reply, separators=(",", ":"))


# -- reading requests -----------------------------------------------------------------------------
def _shape(request: dict) -> "Shape | None":
    spec = request.get("shape")
    if spec in (None, ""):
        return None
    if not isinstance(spec, str):
        raise BridgeError("bad_request", "'shape' must be a string like 9x9, 6x6 or 6x6:3x2.")
    try:
        return Shape.parse(spec)
    except ValueError as error:
        raise BridgeError("bad_request", str(error)) from None


def _grid(request: dict, key: str = "puzzle") -> Grid:
    """The request's puzzle: text in any supported format, or a list of cell values."""
    shape = _shape(request)
    puzzle = request.get(key)
    if isinstance(puzzle, str):
        try:
            return Grid.parse(puzzle, shape)
        except ParseError as error:
            raise BridgeError("parse", str(error) or "The puzzle could not be read.",
                              line=getattr(error, "line", None), column=getattr(error, "column", None)) from None
        except ValueError as error:
            raise BridgeError("parse", str(error)) from None
    if isinstance(puzzle, list):
        if not all(type(v) is int for v in puzzle):
            raise BridgeError("bad_request", f"'{key}' as a list must hold whole numbers (0 = empty).")
        try:
            return Grid(puzzle, shape)
        except ValueError as error:
            raise BridgeError("bad_request", str(error)) from None
    raise BridgeError("bad_request", f"'{key}' must be a puzzle as text or a list of cell values.")


def _int(request: dict, key: str, default: "int | None", low: int, high: int) -> "int | None":
    value = request.get(key, default)
    if value is None:
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if type(value) is not int or not low <= value <= high:
        raise BridgeError("bad_request", f"'{key}' must be a whole number from {low} to {high}.")
    return value


def _budget(func: Callable, max_ms: "int | None") -> dict:
    """Keyword arguments that bound a search to `max_ms`, in whichever form the solver takes."""
    if max_ms is None:
        return {}
    params = _parameters(func)
    if "timeout" in params:
        return {"timeout": max_ms / 1000}
    if "deadline" in params:
        return {"deadline": time.monotonic() + max_ms / 1000}
    return {}


_PARAMS: dict = {}


def _parameters(func: Callable) -> "set[str]":
    found = _PARAMS.get(func)
    if found is None:
        found = _PARAMS[func] = set(inspect.signature(func).parameters)
    return found


def _shape_spec(shape: Shape) -> str:
    """A size string `Shape.parse` reads back to the same shape."""
    base = f"{shape.side}x{shape.side}"
    return base if Shape.for_side(shape.side) == shape else f"{base}:{shape.box_rows}x{shape.box_cols}"


def _conflict_error(grid: Grid) -> "BridgeError | None":
    clashes = grid.conflicts()
    if not clashes:
        return None
    cells = sorted({c for clash in clashes for c in clash.cells})
    message = "; ".join(clash.message for clash in clashes)
    return BridgeError("conflict", _sentence(message), cells,
                       conflicts=[_conflict_dict(clash) for clash in clashes])


def _conflict_dict(clash: Any) -> dict:
    return {"digit": clash.digit, "unit": clash.unit, "cells": list(clash.cells), "message": clash.message}


def _sentence(text: str) -> str:
    """End a message with a full stop (cell names like r1c1 stay lower case)."""
    text = text.strip()
    return text if not text or text.endswith(".") else text + "."


def _ms(start: float) -> float:
    return round((time.perf_counter() - start) * 1000, 2)


# -- the operations -------------------------------------------------------------------------------
def op_parse(request: dict) -> dict:
    if "text" not in request and "puzzle" in request:
        request = {**request, "text": request["puzzle"]}
    grid = _grid(request, "text")
    shape = grid.shape
    return {"shape": _shape_spec(shape), "name": shape.name, "side": shape.side,
            "boxRows": shape.box_rows, "boxCols": shape.box_cols,
            "line": grid.to_line(), "values": list(grid.values), "givens": grid.givens}


def op_solve(request: dict) -> dict:
    grid = _grid(request)
    limit = _int(request, "limit", DEFAULT_LIMIT, 1, MAX_LIMIT)
    max_ms = _int(request, "maxMs", None, 1, 3_600_000)
    clash = _conflict_error(grid)
    if clash is not None:
        raise clash
    start = time.perf_counter()
    first = None
    count = 0
    try:
        for solution in solver.iter_solutions(grid, **_budget(solver.iter_solutions, max_ms)):
            if first is None:
                first = solution
                if limit > 1:  # show it now: proving it is the only one can take as long again
                    report_progress({"stage": "solution", "solution": first.to_line(), "values": list(first.values),
                                     "ms": _ms(start), "message": "Found a solution; counting the others…"})
            count += 1
            if count >= limit:
                break
    except solver.SearchLimitExceeded:
        if first is None:
            raise BridgeError("gave_up", f"The search gave up after {_ms(start):.0f} ms without an answer.",
                              ms=_ms(start)) from None
        # A solution was found but counting further ran out of time: report what is known.
    ms = _ms(start)
    if first is None:
        raise BridgeError("no_solution", "This puzzle has no solution.", ms=ms)
    unique = count == 1 and limit > 1 and count < limit
    if count == 1 and limit > 1:
        message = f"Solved in {ms:.0f} ms; the solution is unique."
    elif count == 1:
        message = f"Solved in {ms:.0f} ms."
    else:
        more = "at least " if count >= limit else ""
        message = f"Solved in {ms:.0f} ms, but the solution is not unique: {more}{count} solutions found."
    return {"solution": first.to_line(), "values": list(first.values), "count": count, "limit": limit,
            "unique": unique, "ms": ms, "message": message}


def op_check(request: dict) -> dict:
    grid = _grid(request)
    max_ms = _int(request, "maxMs", None, 1, 3_600_000)
    start = time.perf_counter()
    clash = _conflict_error(grid)
    if clash is not None:
        return {"status": "conflict", "message": clash.message, "cells": clash.cells, "ms": _ms(start)}
    try:
        count = solver.count_solutions(grid, 2, **_budget(solver.count_solutions, max_ms))
    except solver.SearchLimitExceeded:
        raise BridgeError("gave_up", f"The check gave up after {_ms(start):.0f} ms without an answer.",
                          ms=_ms(start)) from None
    status, message = {
        0: ("none", "This puzzle has no solution."),
        1: ("unique", "This puzzle is valid: it has exactly one solution."),
    }.get(count, ("several", "This puzzle has more than one solution."))
    return {"status": status, "message": message, "cells": [], "ms": _ms(start)}


def op_conflicts(request: dict) -> dict:
    grid = _grid(request)
    clashes = grid.conflicts()
    return {"conflicts": [_conflict_dict(c) for c in clashes],
            "cells": sorted({i for c in clashes for i in c.cells})}


def op_version(request: dict) -> dict:
    return {"version": __version__, "python": sys.version.split()[0], "platform": sys.platform}


def op_sleep(request: dict) -> dict:
    ms = _int(request, "ms", 0, 0, MAX_SLEEP_MS)
    end = time.monotonic() + ms / 1000
    while time.monotonic() < end:  # busy on purpose: a worker's Python cannot be interrupted otherwise
        pass
    return {"ms": ms}


OPS: "dict[str, Callable[[dict], dict]]" = {
    "parse": op_parse,
    "solve": op_solve,
    "check": op_check,
    "conflicts": op_conflicts,
    "version": op_version,
    "sleep": op_sleep,
}

# The other modules' operations: imported last, as they build on the helpers above.
from .bridge_logic import OPS as _LOGIC_OPS  # noqa: E402
from .bridge_generate import OPS as _GENERATE_OPS  # noqa: E402
from .bridge_batch import OPS as _BATCH_OPS  # noqa: E402

OPS.update(_LOGIC_OPS)
OPS.update(_GENERATE_OPS)
OPS.update(_BATCH_OPS)
