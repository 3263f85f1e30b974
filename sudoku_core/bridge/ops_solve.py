"""The bridge's ops for reading, solving and checking one grid, and two diagnostics.

parse, solve, check, conflicts, link, version, sleep: their fields and results are in docs/engine-js.md.
`solve` followed through `handle_json_with_progress` reports its first solution as soon as it has it,
then goes on counting to `limit`. solve, check and conflicts take variant `rules` (classic when absent):
the variant modules are imported only when a request has rules or variant text, so the engine starts without
them and classic requests run exactly as before. `solve` and `check` also take variant text (an f-puzzles link,
the text form) as their `puzzle`, and then say beside the answer what the reader could not use (`notes`) and
whether the answer matches the setter's solution (`setterSolution`), as `parse` gives the notes and the
setter's solution (`setterLine`) of a paste.
"""
import sys

from .. import __version__
from ..core.compat import monotonic
from ..core.culprits import culprits
from ..core.formats import ParseError
from ..core.grid import Grid
from ..core.solver import SearchLimitExceeded, SearchStats, count_solutions, iter_solutions, tally
from ..core.verdict import Verdict
from .protocol import FULL_ENGINE, LIGHT, OPS, BridgeError, Request, conflict_error, duration, op, refuse_conflicts

#: Solutions counted by `solve` when the request names no limit: 2 answers "is it unique?".
DEFAULT_LIMIT = 2
#: The most solutions a request may ask to count.
MAX_LIMIT = 1000
#: The longest the search for the givens behind "no solution" may take (on top of the solve itself).
CULPRITS_BUDGET_S = 2.0
#: Past this many givens behind "no solution", the sentence counts them instead of naming them.
MAX_NAMED = 8
#: The longest a diagnostic `sleep` may last.
MAX_SLEEP_MS = 60_000
#: The largest side the light engine searches or checks for clashes. MicroPython's WebAssembly port collects
#: garbage only between requests (it cannot scan WebAssembly's own stack during one), so a request holds all it
#: allocates until it ends: about 30 MB for an open 16x16 grid, 400 MB for a 25x25 one, past the browser's
#: 2 GB for 36x36; a 64x64 shape's tables alone take it 4 s to build.
LIGHT_MAX_SIDE = 16
#: What one request's searches may spend on the light engine, in search nodes times cells times digits (the
#: search for the givens behind "no solution" included): for the same reason, a node's garbage stays until the
#: request ends, 26 to 72 bytes per cell and digit (measured: 300 KB a node of a 16x16 search, 50 KB of a 9x9
#: one). That bounds a request to about 300 MB and 4 s (16x16: 976 nodes; the hardest 16x16 puzzle of the tests
#: takes 791, the generator's at most 200; 9x9: 5,486, the hardest known at most 1,043). A search that runs out
#: of it goes to the full engine, which answers as it always has; the givens behind "no solution" are looked
#: for within what is left, as within their time (`CULPRITS_BUDGET_S`): the givens not tried are kept.
LIGHT_SEARCH_WORK = 4_000_000


class _Classic:
    """The classic solver as `_under` gives it: `solve_and_count` (a `Tally`, never raising on a budget) and
    `count_solutions`, both taking the rules (None here) and `_Budget.limits`' keywords (`stats` too)."""

    @staticmethod
    def solve_and_count(grid: Grid, rules: None, limit: int, on_first: "object" = None, **budget: "object") -> "tuple":
        return tally(iter_solutions(grid, **budget), limit, on_first)  # solver.solve_and_count, with `stats`

    @staticmethod
    def count_solutions(grid: Grid, rules: None, limit: int, **budget: object) -> int:
        return count_solutions(grid, limit, **budget)


class _Variant:
    """The variant solver, with `_Classic`'s signatures (imported only for a request with rules)."""

    @staticmethod
    def solve_and_count(grid: Grid, rules: object, limit: int, on_first: "object" = None, **budget: "object") -> "tuple":
        from ..variants import solver

        return tally(solver.iter_solutions(grid, rules, **budget), limit, on_first)

    @staticmethod
    def count_solutions(grid: Grid, rules: object, limit: int, **budget: object) -> int:
        from ..variants import solver

        return solver.count_solutions(grid, rules, limit, **budget)


class _Budget:
    """What one request's searches may spend: `maxMs` each (`timeout`, in seconds) and, on the light engine,
    `LIGHT_SEARCH_WORK` between them all, counted in nodes."""

    def __init__(self, grid: Grid) -> None:
        self.nodes = LIGHT_SEARCH_WORK // (grid.shape.cell_count * grid.shape.side) if LIGHT else None
        self.stats = SearchStats()

    def limits(self, timeout: "float | None") -> dict:
        """The solver's keyword arguments for the next search (the nodes left; the full engine counts none)."""
        if self.nodes is None:
            return {"timeout": timeout}
        return {"timeout": timeout, "max_nodes": max(0, self.nodes - self.stats.nodes), "stats": self.stats}

    def spent(self) -> bool:
        """Whether the light engine's share ran out (a search stopped for it, not for `maxMs`)."""
        return self.nodes is not None and self.stats.nodes > self.nodes

    def check(self) -> None:
        """Hand the request on when a search stopped because the light engine's share ran out."""
        if self.spent():
            raise BridgeError(FULL_ENGINE, "A search this long needs the full engine.")


def _under(rules: object) -> object:
    """The solver for a request's rules: the variant solver only when it sent some."""
    return _Classic if rules is None else _Variant


#: Characters without which no variant text is written (outside `#` comments): the links' `/`, `:`, `=`,
#: f-puzzles JSON's `{`, SudokuWiki's `,`, the rule lines' `:`.
_VARIANT_MARKS = ",=:{/"


def may_be_variant(text: str) -> bool:
    """Could `text` be variant text (`variant_io.is_variant_text`)? Never False when it is; sometimes True
    when it is not (a HoDoKu library line): what MicroPython, which lacks the variant readers, asks first."""
    plain = "\n".join(line.split("#", 1)[0] for line in text.splitlines())
    return any(mark in plain for mark in _VARIANT_MARKS) or "killersudoku" in text.lower()


def _read_variant(text: object) -> "object":
    """The `FPuzzlesRead` (grid, rules, notes, setter's solution) of variant text (an f-puzzles link, givens
    with rule lines...), None for anything else. The light engine first asks `may_be_variant`, so that a
    classic paste does not load the variant readers."""
    if not isinstance(text, str) or (LIGHT and not may_be_variant(text)):
        return None
    from ..formats.variant_io import is_variant_text, read_variant_details  # on a paste, not at the engine's start

    if not is_variant_text(text):
        return None
    try:
        return read_variant_details(text)
    except ParseError as error:
        raise BridgeError("parse", str(error), line=error.line, column=error.column) from None


@op("parse")
def op_parse(request: Request) -> dict:
    key = "puzzle" if "text" not in request and "puzzle" in request else "text"
    variant = _read_variant(request.source(key))
    grid, rules = (variant.grid, variant.rules) if variant is not None else (request.grid(key), None)
    shape = grid.shape
    reply = {"shape": shape.spec, "name": shape.name, "side": shape.side,
             "boxRows": shape.box_rows, "boxCols": shape.box_cols,
             "line": grid.to_line(), "values": list(grid.values), "givens": grid.givens}
    if rules is not None and not rules.is_classic:
        reply["rules"] = rules.to_dict()
    if variant is not None:
        _add_notes(reply, variant)
        if variant.solution is not None:
            reply["setterLine"] = variant.solution.to_line()
    return reply


def _puzzle(request: Request) -> "tuple":
    """(grid, rules or None, the variant read or None) of `solve` and `check`: `puzzle` may be variant text
    when no `rules` are sent; then the text's rules apply."""
    if request.get("rules") is None:
        variant = _read_variant(request.source("puzzle"))
        if variant is not None:
            return _searchable(variant.grid), variant.rules, variant
    grid = _searchable(request.grid())
    return grid, request.rules(grid), None


def _add_notes(reply: dict, variant: object) -> None:
    if variant.notes:
        reply["notes"] = list(variant.notes)


def _setter(reply: dict, request: Request, variant: object, ours: "Grid | None") -> None:
    """`setterSolution` ("matches" | "differs"), `setterCells` and the sentence added to the message, when the
    puzzle carries the setter's solution (or the request sends it as `setterLine`)."""
    line = request.text("setterLine")
    if ours is None or (line is None and (variant is None or variant.solution is None)):
        return
    from ..formats.fpuzzles import FPuzzlesRead  # variant requests only
    from ..formats.variant_io import setter_verdict

    if line is not None:
        setter = request.grid("setterLine", ours.shape)
        rules = request.rules(ours) if variant is None else variant.rules
        variant = FPuzzlesRead(ours if variant is None else variant.grid, rules or _classic_rules(ours), (), setter)
    verdict, cells, sentence = setter_verdict(variant, ours)
    reply.update(setterSolution=verdict, setterCells=cells)
    reply["message"] += " " + sentence


def _classic_rules(grid: Grid) -> object:
    from ..variants.rules import Rules

    return Rules(grid.shape)


def _searchable(grid: Grid, doing: str = "Searching") -> Grid:
    """`grid`, when this engine may search it; larger grids go to the full engine (see `LIGHT_MAX_SIDE`)."""
    if LIGHT and grid.shape.side > LIGHT_MAX_SIDE:
        raise BridgeError(FULL_ENGINE, f"{doing} a {grid.shape.name} grid needs the full engine.")
    return grid


@op("solve")
def op_solve(request: Request) -> dict:
    grid, rules, variant = _puzzle(request)
    limit = request.integer("limit", DEFAULT_LIMIT, 1, MAX_LIMIT)
    timeout = request.timeout()
    refuse_conflicts(grid, rules)
    context = request.context
    budget = _Budget(grid)

    def show_first(first: Grid) -> None:  # at once: proving it is the only one can take as long again
        context.report({"stage": "solution", "solution": first.to_line(), "values": list(first.values),
                        "ms": context.ms(), "message": "Found a solution; counting the others…"})

    first, count, gave_up = _under(rules).solve_and_count(grid, rules, limit, **budget.limits(timeout),
                                            on_first=show_first if limit > 1 and context.followed else None)
    if gave_up is not None:
        budget.check()
    ms = context.ms()
    if first is None:
        if gave_up is not None:
            raise BridgeError("gave_up", f"The search gave up after {duration(ms)} without an answer.", ms=ms)
        clause, cells = _culprits(grid, rules, timeout, budget)
        raise BridgeError("no_solution", f"This puzzle has no solution{clause}", cells, ms=context.ms())
    # When time ran out while counting, the count so far is what is known: reported as such.
    if count == 1 and limit > 1:
        message = f"Solved in {duration(ms)}; the solution is unique."
    elif count == 1:
        message = f"Solved in {duration(ms)}."
    else:
        more = "at least " if count >= limit else ""
        message = f"Solved in {duration(ms)}, but the solution is not unique: {more}{count} solutions found."
        if variant is not None:
            message += " The one shown is the first found under the rules read."
    reply = {"solution": first.to_line(), "values": list(first.values), "count": count, "limit": limit,
             "unique": count == 1 and limit > 1, "ms": ms, "message": message}
    if variant is not None:
        _add_notes(reply, variant)
    _setter(reply, request, variant, first)
    return reply


@op("check")
def op_check(request: Request) -> dict:
    grid, rules, variant = _puzzle(request)
    timeout = request.timeout()
    context = request.context
    clash = conflict_error(grid, rules)
    if clash is not None:
        reply = {"status": Verdict.CONFLICT, "message": clash.message, "cells": clash.cells, "ms": context.ms()}
        if variant is not None:
            _add_notes(reply, variant)
        return reply
    first = None
    budget = _Budget(grid)
    try:
        if variant is not None or request.get("setterLine") is not None:   # the answer is compared: keep it
            first, count, gave_up = _under(rules).solve_and_count(grid, rules, 2, **budget.limits(timeout))
            if gave_up is not None:
                raise SearchLimitExceeded(str(gave_up))
        else:
            count = _under(rules).count_solutions(grid, rules, 2, **budget.limits(timeout))
    except SearchLimitExceeded:
        budget.check()
        ms = context.ms()
        raise BridgeError("gave_up", f"The check gave up after {duration(ms)} without an answer.", ms=ms) from None
    if count == 0:
        clause, cells = _culprits(grid, rules, timeout, budget)
        return {"status": Verdict.NONE, "message": f"No solution{clause}", "cells": cells, "ms": context.ms()}
    status = Verdict.of_count(count)
    message = {Verdict.UNIQUE: "Valid: this puzzle has exactly one solution.",
               Verdict.SEVERAL: "Not unique: this puzzle has more than one solution."}[status]
    reply = {"status": status, "message": message, "cells": [], "ms": context.ms()}
    if variant is not None:
        _add_notes(reply, variant)
    _setter(reply, request, variant, first)
    return reply


def _culprits(grid: Grid, rules: object, timeout: "float | None", budget: _Budget) -> "tuple[str, list[int]]":
    """The end of the "no solution" sentence naming the givens that cannot all be right, and their cells."""
    seconds = CULPRITS_BUDGET_S if timeout is None else min(CULPRITS_BUDGET_S, timeout)
    solver = _under(rules)

    def count(g: Grid, limit: int, timeout: float) -> int:
        if budget.spent():  # the light engine's share is gone: not even a search's start
            raise SearchLimitExceeded("the light engine's budget ran out")
        return solver.count_solutions(g, rules, limit, **budget.limits(timeout))

    cells = list(culprits(grid, count, timeout=seconds).cells)
    if not cells:
        return ".", cells
    if len(cells) > MAX_NAMED:
        return f": the {len(cells)} marked givens cannot all be right.", cells
    names = [grid.shape.cell_name(c) for c in cells]
    return f": the givens at {', '.join(names[:-1])} and {names[-1]} cannot all be right.", cells


@op("conflicts")
def op_conflicts(request: Request) -> dict:
    grid = _searchable(request.grid(), "Checking")
    rules = request.rules(grid)
    clashes = rules.conflicts(grid) if rules is not None else grid.conflicts()
    return {"conflicts": [c.to_dict() for c in clashes], "cells": sorted({i for c in clashes for i in c.cells})}


@op("link")
def op_link(request: Request) -> dict:
    """The grid and its rules as an f-puzzles link, a SudokuPad link and a SudokuWiki Killer link (None
    unless the puzzle is 9x9 Killer cages covering the grid and nothing else): the page's export buttons."""
    grid = request.grid()
    rules = request.rules(grid)
    from ..formats.fpuzzles import fpuzzles_link, sudokupad_link  # the variant modules: only when a link is asked for
    from ..formats.sudokuwiki import sudokuwiki_killer_link

    return {"fpuzzles": fpuzzles_link(grid, rules), "sudokupad": sudokupad_link(grid, rules),
            "sudokuwiki": sudokuwiki_killer_link(grid, rules)}


@op("version")
def op_version(request: Request) -> dict:
    """The engine's version, the Python it runs on ("micropython 1.27.0", "cpython 3.14.2") and the ops it
    answers (MicroPython: the portable ones)."""
    implementation = sys.implementation
    return {"version": __version__, "python": ".".join(str(v) for v in sys.version_info[:3]), "platform": sys.platform,
            "implementation": f"{implementation.name} {'.'.join(str(v) for v in implementation.version[:3])}",
            "ops": sorted(OPS)}


@op("sleep")
def op_sleep(request: Request) -> dict:
    ms = request.integer("ms", 0, 0, MAX_SLEEP_MS)
    if _sleep_ms is not None:
        _sleep_ms(ms)
        return {"ms": ms}
    end = monotonic() + ms / 1000
    while monotonic() < end:  # busy on purpose: a worker's Python cannot be interrupted otherwise
        pass
    return {"ms": ms}


try:  # MicroPython's waits busy too, without allocating: the loop above makes a float a turn there, which its
    from time import sleep_ms as _sleep_ms  # port keeps until the request ends (70 MB a second)
except ImportError:
    _sleep_ms = None
