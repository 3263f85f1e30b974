"""The bridge's protocol: how a request is read, how its op is found and run, how a failure is told.

A request is a JSON object naming its `op`, e.g.

    {"op": "solve", "puzzle": "4.....8.5.3....", "shape": "9x9", "limit": 2}

and its reply is one of

    {"ok": true,  "result": {...}}
    {"ok": false, "error": {"code": "parse", "message": "line 1, column 3: ...", "cells": []}}

No exception and no traceback gets out: a failure becomes a `BridgeError` with a `code` the page acts on
(bad_request, parse, conflict, no_solution, gave_up, level_not_reached, internal), a `message` a person
can read, the `cells` concerned and, for some codes, more fields (`conflicts`, `line`, `column`, `ms`).
On MicroPython, which carries only the portable core (`compat.PORTABLE`), a request that needs more (an op
it does not have, a search past its share of work) gets the code `needs_full_engine`: the page then asks Pyodide.

Every op reads its fields through `Request`, so a field means the same and fails the same everywhere:

  puzzle   a grid as text in any format `Grid.parse` reads, or a list of cell values (0 = empty)
  shape    optional, like "9x9", "6x6" or "6x6:3x2"; `size` is the same field (the Play page's name)
  rules    optional variant rules in `Rules.to_dict`'s form ({"diagonal": true, "cages": [...]}, ...)
  maxMs    how long a search may run: a whole number of milliseconds from 1 to `MAX_MS` (one hour)
  numbers  whole numbers within the op's bounds (2.0 counts as 2; null, which is what JSON makes of NaN, is
           refused like any other bad value); flags are true or false

Every request is bounded before it is read: at most `MAX_REQUEST_CHARS` of JSON, nested at most `MAX_DEPTH`
deep, a puzzle's text at most `MAX_TEXT_CHARS` long and a puzzle as a list at most the largest grid's cells
(each a `bad_request` naming the limit). The light engine hands on requests longer than
`LIGHT_MAX_REQUEST_CHARS` (MicroPython reads a long JSON string in quadratic time), and those whose variant
searches run out of `LIGHT_VARIANT_WORK` in one part (see `answer`).

An op is a function `f(request: Request) -> dict` registered with `@op("name")`; `request.context`
carries the clock started when the request arrived and, for `handle_json_with_progress`, the caller's
progress callback. The ops are listed, with their fields and results, in docs/engine-js.md.
"""
import json
import re
import sys

from ..core.compat import drive, perf_counter
from ..core.formats import ParseError
from ..core.grid import Grid
from ..core.shape import MAX_SIDE, Shape
from ..core.wording import sentence  # the engine's wording rule, used by every op

#: The longest search any op may be asked to run (`maxMs`), in milliseconds. One rule for every op: the
#: largest any op accepted before (solve and check), so every request that was valid stays valid.
MAX_MS = 3_600_000

#: The code of a request the portable core cannot answer (on MicroPython): the full engine must.
FULL_ENGINE = "needs_full_engine"
#: Whether this is the light engine: MicroPython, with the portable core alone.
LIGHT = sys.implementation.name == "micropython"
if LIGHT:  # the package alone (its budget, not its modules): where the variant searches find their share
    from .. import variants as _variants

#: The longest request (JSON text, in characters) any engine reads: room for `solve_many`'s 4,000,000
#: characters of lines however JSON escapes them (CPython reads it in about 0.1 s).
MAX_REQUEST_CHARS = 16_000_000
#: The longest request the light engine reads; it hands longer ones on. MicroPython's JSON reader grows a
#: string 16 bytes at a time, so its time is quadratic in a string's length: 60 KB take 10 ms, 1 MB 3.7 s
#: (CPython: linear, 4 ms a megabyte). A puzzle's text, even 100x100 with separators, is shorter.
LIGHT_MAX_REQUEST_CHARS = 65_536
#: The deepest nesting of lists and objects a request may have (the deepest the ops read, variant rules'
#: cages, is 4): CPython's JSON reader recurses, so a deeper one would otherwise end in a RecursionError.
MAX_DEPTH = 32
#: What the variant searches of one part of a request may spend on the light engine (`variants.LightWork`),
#: all together, in cells times digits: a 9x9 grid's node costs 729, a Killer cage's deduction 182, a palette
#: constraint's 364, so 617 nodes, or fewer with deductions. On MicroPython a 9x9 variant node takes 0.5 to 2.5 ms
#: and leaves 20 to 200 KB of garbage until the part ends, a Killer cage's deduction 0.3 ms and 6 KB, a palette
#: constraint's 0.3 to 1.3 ms (measured on data/variants: bench/variant_light_bench.py): a solve or a hint's
#: searches stay under about 1.5 s and 40 MB, and 97 % of those puzzles' solves are answered here. The full
#: engine answers the rest (the hardest Killers, thermometer and Kropki searches of a thousand nodes and more).
LIGHT_VARIANT_WORK = 450_000
#: The longest puzzle text (`puzzle`, `text`...) an op reads: a 100x100 grid written as numbers with every
#: separator is about 45,000 characters. Reading takes about 18 microseconds a line on CPython (more in
#: the browser), so a text of millions of short lines would take minutes.
MAX_TEXT_CHARS = 200_000


class BridgeError(Exception):
    """A failure to report to the page: a machine-readable code, a sentence, the cells concerned."""

    def __init__(self, code: str, message: str, cells: "list[int] | tuple[int, ...]" = (), **extra: "Any") -> None:
        super().__init__(message)
        self.code, self.message, self.cells, self.extra = code, message, list(cells), extra

    def as_dict(self) -> dict:
        fields = {"code": self.code, "message": self.message, "cells": self.cells}
        fields.update(self.extra)
        return fields


def capitalised(text: str) -> str:
    """An engine's reason ("a 7x7 grid cannot ...") as the page's sentence ("A 7x7 grid cannot ....")."""
    return sentence(text[:1].upper() + text[1:])


def duration(ms: float) -> str:
    """A time for people, as the page writes it: "3.2 ms", "140 ms", "2.35 s", "20.0 s"."""
    if ms < 10:
        return f"{ms:.1f} ms"
    if ms < 1000:
        return f"{ms:.0f} ms"
    return f"{ms / 1000:.{2 if ms < 10_000 else 1}f} s"


def conflict_error(grid: Grid, rules: "Rules | None" = None) -> "BridgeError | None":
    """The `conflict` error for a grid whose givens clash (under `rules` when given), naming every clash;
    None when none do."""
    clashes = rules.conflicts(grid) if rules is not None and not rules.is_classic else grid.conflicts()
    if not clashes:
        return None
    cells = sorted({c for clash in clashes for c in clash.cells})
    return BridgeError("conflict", sentence("; ".join(clash.message for clash in clashes)), cells,
                       conflicts=[clash.to_dict() for clash in clashes])


def refuse_conflicts(grid: Grid, rules: "Rules | None" = None) -> None:
    """Raise the `conflict` error when the grid's givens clash."""
    error = conflict_error(grid, rules)
    if error is not None:
        raise error


class Context:
    """What an op may use besides its fields: the clock of the request and whoever follows it."""

    def __init__(self, report: "Callable[[str], Any] | None" = None) -> None:
        self._report = report
        self._start = perf_counter()

    @property
    def followed(self) -> bool:
        """Whether someone follows the request (so progress is worth preparing)."""
        return self._report is not None

    def report(self, fields: dict) -> None:
        """Tell whoever follows the request, if anyone, how it is going (as JSON text)."""
        if self._report is not None:
            self._report(json.dumps(fields, separators=(",", ":")))

    def ms(self) -> float:
        """Milliseconds since the request arrived, to 0.01 ms."""
        return round((perf_counter() - self._start) * 1000, 2)


class Request:
    """One request's fields, each read and checked one way; a bad field is a `bad_request` naming it."""

    def __init__(self, fields: dict, context: "Context | None" = None) -> None:
        self.fields = fields
        self.context = context if context is not None else Context()

    def __contains__(self, key: str) -> bool:
        return key in self.fields

    def get(self, key: str, default: "Any" = None) -> "Any":
        """A field as sent, for the op to check itself (lists of marks, batch items...)."""
        return self.fields.get(key, default)

    def shape(self) -> "Shape | None":
        """The grid's shape from `shape` (or `size`), None when neither is sent."""
        key = "shape" if self.fields.get("shape") not in (None, "") else "size"
        spec = self.fields.get(key)
        if spec in (None, ""):
            return None
        if not isinstance(spec, str):
            raise BridgeError("bad_request", f"'{key}' must be text like 9x9, 6x6 or 6x6:3x2, "
                                             f"not {type(spec).__name__}.")
        try:
            return Shape.parse(spec)
        except ValueError as error:
            raise BridgeError("bad_request", capitalised(str(error))) from None

    def source(self, key: str = "puzzle") -> "Any":
        """Field `key` as sent, for a reader: a text no longer than `MAX_TEXT_CHARS`."""
        value = self.fields.get(key)
        if isinstance(value, str) and len(value) > MAX_TEXT_CHARS:
            raise BridgeError("bad_request", f"'{key}' is {len(value):,} characters long; a puzzle's text may "
                                             f"have at most {MAX_TEXT_CHARS:,}.")
        return value

    def grid(self, key: str = "puzzle", shape: "Shape | None" = None) -> Grid:
        """The grid in field `key`: text in any supported format, or a list of cell values. Its shape is
        `shape` when given, else the request's `shape` field, else inferred."""
        puzzle = self.source(key)
        if isinstance(puzzle, list) and len(puzzle) > MAX_SIDE * MAX_SIDE:
            raise BridgeError("bad_request", f"'{key}' as a list has {len(puzzle):,} cells; the largest grid "
                                             f"({MAX_SIDE}x{MAX_SIDE}) has {MAX_SIDE * MAX_SIDE:,}.")
        if shape is None:
            shape = self.shape()
        if isinstance(puzzle, str):
            try:
                return Grid.parse(puzzle, shape)
            except ParseError as error:
                raise BridgeError("parse", str(error) or "The puzzle could not be read.",
                                  line=error.line, column=error.column) from None
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

    def rules(self, grid: Grid) -> "Rules | None":
        """The variant rules in `rules` for `grid`'s shape, None when not sent (classic Sudoku)."""
        if self.fields.get("rules") is None:
            return None
        from ..variants.rules import Rules, RulesError  # only for a request with rules: the engine starts without them

        try:
            return Rules.from_dict(grid.shape, self.fields["rules"])
        except RulesError as error:
            raise BridgeError("bad_request", capitalised(str(error))) from None

    def integer(self, key: str, default: "int | None", low: int, high: int) -> "int | None":
        """A whole number from `low` to `high`; `default` when the field is not sent (null is sent: it is
        what JSON makes of NaN and Infinity, and is refused as they would be)."""
        if key not in self.fields:
            return default
        value = self.fields[key]
        if isinstance(value, float) and value % 1 == 0:  # 2.0; not inf or nan
            value = int(value)
        if type(value) is not int or not low <= value <= high:
            sent = ", not null" if value is None else ""
            raise BridgeError("bad_request", f"'{key}' must be a whole number from {low} to {high}{sent}.")
        return value

    def max_ms(self, default: "int | None" = None) -> "int | None":
        """`maxMs`: how long a search may run, in milliseconds (1 to `MAX_MS`); `default` when not sent."""
        return self.integer("maxMs", default, 1, MAX_MS)

    def timeout(self, default: "int | None" = None) -> "float | None":
        """`maxMs` in seconds, the engine's unit for a time-out; None when there is none."""
        max_ms = self.max_ms(default)
        return None if max_ms is None else max_ms / 1000

    def flag(self, key: str, default: bool) -> bool:
        """true or false; `default` when the field is not sent."""
        value = self.fields.get(key, default)
        if not isinstance(value, bool):
            raise BridgeError("bad_request", f"'{key}' must be true or false.")
        return value

    def text(self, key: str, default: "str | None" = None) -> "str | None":
        """A string; `default` when the field is not sent or empty."""
        value = self.fields.get(key)
        if value is None or value == "":
            return default
        if not isinstance(value, str):
            raise BridgeError("bad_request", f"'{key}' must be text, not {type(value).__name__}.")
        return value


# -- the registry and the entry points ------------------------------------------------------------
#: Every op by name (an op is a function `Request -> dict`), filled by `@op` as the op modules are imported
#: (`sudoku_core.bridge` imports them).
OPS: "dict[str, Callable[[Request], dict]]" = {}


def op(name: str) -> "Callable[[Callable], Callable]":
    """Register the decorated function as the op `name`."""
    def register(func: "Callable[[Request], dict]") -> "Callable[[Request], dict]":
        if name in OPS:
            raise ValueError(f"two ops named {name!r}")
        OPS[name] = func
        return func
    return register


def _light_part() -> None:
    """A fresh share of work for the variant searches of the part of a request that begins (light engine)."""
    _variants.light_work = _variants.LightWork(LIGHT_VARIANT_WORK)


def _light_spent() -> bool:
    """Whether a variant search of the part that ended stopped because the light engine's share ran out."""
    return _variants.light_work is not None and _variants.light_work.spent


#: The light engine's reply when a variant search ran out of its share.
_SEARCH_TOO_LONG = "A search this long under variant rules needs the full engine."


def _light_parts(parts):
    """A generator op's parts on the light engine, each with its own share for the variant searches; the
    request is handed on as soon as a part runs out of it."""
    while True:
        try:
            pause = next(parts)
        except StopIteration as done:
            return done.value
        if _light_spent():
            parts.close()
            raise BridgeError(FULL_ENGINE, _SEARCH_TOO_LONG)
        yield pause
        _light_part()


def handle(request: "Any", context: "Context | None" = None) -> dict:
    """Answer one request (a dict with an `op`); never raises."""
    return drive(answer(request, context))


def answer(request: "Any", context: "Context | None" = None):
    """`handle` as a generator: it pauses where the op does (an op may be a generator: `rate` and `path` pause
    after each step of their path) and returns the reply. See `Task`. On the light engine each part's variant
    searches get `LIGHT_VARIANT_WORK`; one that runs out of it stops, and whatever the op made of that (a
    search "gave up", a hint without the uniqueness it could not prove) is not the full engine's answer: the
    request is handed on instead."""
    if LIGHT:
        _light_part()
    try:
        if not isinstance(request, dict):
            raise BridgeError("bad_request", "A request must be a JSON object with an 'op'.")
        name = request.get("op")
        if not isinstance(name, str):
            raise BridgeError("bad_request", "A request must name its operation: 'op', as text.")
        action = OPS.get(name)
        if action is None and LIGHT:
            raise BridgeError(FULL_ENGINE, f"The operation {name!r} needs the full engine.")
        if action is None:
            known = ", ".join(sorted(OPS))
            raise BridgeError("bad_request", f"Unknown operation {name!r}; known: {known}.")
        result = action(Request(request, context))
        if hasattr(result, "send"):  # a generator: its pauses are ours
            result = yield from (_light_parts(result) if LIGHT else result)
        if LIGHT and _light_spent():  # what the op made of a search cut short is not the full engine's answer
            raise BridgeError(FULL_ENGINE, _SEARCH_TOO_LONG)
        return {"ok": True, "result": result}
    except BridgeError as error:
        if LIGHT and _light_spent() and error.code != FULL_ENGINE:
            error = BridgeError(FULL_ENGINE, _SEARCH_TOO_LONG)
        return {"ok": False, "error": error.as_dict()}
    except ImportError as error:
        if LIGHT:  # a module the portable core leaves out (variant rules, say)
            return {"ok": False, "error": {"code": FULL_ENGINE, "cells": [],
                                           "message": f"This request needs the full engine ({error})."}}
        return _internal(error)
    except Exception as error:  # a bug in the engine: say so plainly, without a traceback
        return _internal(error)


def _internal(error: Exception) -> dict:
    return {"ok": False, "error": {"code": "internal", "cells": [],
                                   "message": f"The engine failed: {type(error).__name__}: {error}"}}


def handle_json(text: str) -> str:
    """`handle` for callers that speak JSON text (the worker: no proxies cross the boundary)."""
    return handle_json_with_progress(text, None)


def handle_json_with_progress(text: str, report: "Callable[[str], Any] | None") -> str:
    """`handle_json(text)`, with `report(json_text)` called as the request makes progress (the worker
    passes a JavaScript function that posts each report to the page)."""
    return drive(_answer_json(text, report))


def _answer_json(text: str, report: "Callable[[str], Any] | None"):
    try:
        request = _read(text)
    except BridgeError as error:
        reply = {"ok": False, "error": error.as_dict()}
    else:
        reply = yield from answer(request, Context(report))
    return json.dumps(reply, separators=(",", ":"))


class Task:
    """One request answered in parts, for the light engine: MicroPython's WebAssembly port collects garbage only
    between calls from JavaScript, so a request made of many steps (a rating, a path) would hold every step's
    garbage until its end (gigabytes for the hardest puzzles). The light worker calls `advance()` until it gives
    the reply: each call runs the request to its next pause, and the garbage of the parts before is collected
    as the call begins. What one part allocates is what the request needs at most (docs/engine-js.md)."""

    def __init__(self, text: str, report: "Callable[[str], Any] | None" = None) -> None:
        self._parts = _answer_json(text, report)

    def advance(self) -> "str | None":
        """The reply's JSON text once the request is answered, None while it has more to do."""
        try:
            next(self._parts)
        except StopIteration as done:
            return done.value
        return None


def _read(text: str) -> "Any":
    """The request in JSON `text`, once its size and depth are within bounds; raises `BridgeError`."""
    if isinstance(text, str):
        if len(text) > MAX_REQUEST_CHARS:
            raise BridgeError("bad_request", f"The request is {len(text):,} characters long; the engine reads "
                                             f"at most {MAX_REQUEST_CHARS:,}.")
        if LIGHT and len(text) > LIGHT_MAX_REQUEST_CHARS:
            raise BridgeError(FULL_ENGINE, "A request this long needs the full engine.")
    too_deep = BridgeError("bad_request", f"The request is nested more than {MAX_DEPTH} levels deep.")
    if not LIGHT and isinstance(text, str) and _nested_deeper_than(text, MAX_DEPTH):
        raise too_deep
    try:
        request = json.loads(text)
    except (TypeError, ValueError) as error:
        raise BridgeError("bad_request", f"The request is not JSON: {error}") from None
    except RuntimeError:  # CPython's RecursionError (MicroPython's reader keeps its own stack)
        raise too_deep from None
    if _deeper_than(request, MAX_DEPTH):
        raise too_deep
    return request


#: JSON's strings and its brackets, the tokens that tell how deep a text nests (compiled where used:
#: MicroPython's `re`, which never needs it, reads less of the syntax).
_STRING_OR_BRACKET = r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]'


def _nested_deeper_than(text: str, limit: int) -> bool:
    """Whether JSON `text` opens more than `limit` lists and objects at once, told before it is read: Pyodide's
    JSON reader recurses on the JavaScript stack, which overflows (a fatal error, not a RecursionError) long
    before Python's recursion limit. Brackets inside strings do not count."""
    if text.count("[") + text.count("{") <= limit:
        return False  # the common case, told without a scan
    depth = 0
    for token in re.findall(_STRING_OR_BRACKET, text):
        if token in ("[", "{"):
            depth += 1
            if depth > limit:
                return True
        elif token in ("]", "}"):
            depth -= 1
    return False


def _deeper_than(value: "Any", limit: int) -> bool:
    """Whether lists and objects nest more than `limit` deep in `value` (level by level, not a recursion)."""
    level = [value] if type(value) in (list, dict) else []
    depth = 1
    while level:
        if depth > limit:
            return True
        inner = []
        for container in level:
            inner += [item for item in (container.values() if type(container) is dict else container)
                      if type(item) in (list, dict)]
        level = inner
        depth += 1
    return False
