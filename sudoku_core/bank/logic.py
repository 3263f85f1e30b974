"""`rate` and `explain` over puzzle banks: one chunk's work (in whatever process or Dask worker runs it),
its rendering in the `line`, `json` and `csv` formats, and the curators' filters of `rate`.

A puzzle is rated or explained only when it has exactly one solution; the others get the reason the
logic commands have always given (`FILE:line N: r1c1 and r1c5 are both 5 in row 1`, ...).
"""
from __future__ import annotations

import argparse
import csv
import json
import time
from dataclasses import dataclass

from ..core.grid import Grid
from ..core.shape import Shape
from ..core.solver import SearchLimitExceeded, count_solutions
from ..core.verdict import Verdict
from ..logic.levels import Level
from .common import Collect, Rendered, Settings, UsageError

RATE_COLUMNS = ["line", "puzzle", "status", "score", "level", "hardest", "steps", "time", "message"]
EXPLAIN_COLUMNS = ["line", "status", "steps", "grid", "text", "time", "message"]


def csv_columns(command: str) -> "list[str]":
    return RATE_COLUMNS if command == "rate" else EXPLAIN_COLUMNS


# -- filters -----------------------------------------------------------------------------------------
@dataclass
class Filters:
    """Which rated puzzles `rate` keeps: a score from `low` to `high` (inclusive), a level word, or a
    hardest technique (any case). Puzzles without a unique solution are never kept."""

    low: "float | None" = None
    high: "float | None" = None
    level: "str | None" = None
    technique: "str | None" = None

    def check(self) -> None:
        """UsageError naming the choices when the level or the technique names none."""
        if self.level is not None and Level.named(self.level) is None:
            from ..logic.levels import LEVELS

            raise UsageError(f"unknown level {self.level!r}: choose one of {', '.join(LEVELS)}")
        if self.technique is not None and self.technique.lower() not in _techniques():
            names = sorted(_techniques().values())
            raise UsageError(f"unknown technique {self.technique!r}: choose one of {', '.join(names)}")

    def keep(self, rating) -> bool:
        if rating.score is None:
            return False
        if (self.low is not None and rating.score < self.low) or (self.high is not None and rating.score > self.high):
            return False
        if self.level is not None and str(rating.level).lower() != self.level.strip().lower():
            return False
        return self.technique is None or str(rating.hardest).lower() == self.technique.strip().lower()


def _techniques() -> "dict[str, str]":
    """lower-case name -> name of every technique a rating can name as the hardest."""
    from ..logic.path import PathStatus
    from ..logic.rating import LEVEL_OF

    return {name.lower(): name for name in [*LEVEL_OF, str(PathStatus.STUCK)]}


def add_filter_options(rate_parser: argparse.ArgumentParser) -> None:
    """--min, --max, --level and --technique on the `rate` command."""
    group = rate_parser.add_argument_group(
        "filters (keep only some puzzles: the line format then prints the kept puzzles themselves)")
    group.add_argument("--min", type=float, metavar="SCORE", help="keep puzzles scoring at least SCORE (e.g. 4.0)")
    group.add_argument("--max", type=float, metavar="SCORE", help="keep puzzles scoring at most SCORE (e.g. 7.0)")
    group.add_argument("--level", metavar="LEVEL", help="keep puzzles of this level (easy, medium, hard, unfair, "
                                                        "extreme)")
    group.add_argument("--technique", metavar="NAME",
                       help="keep puzzles whose hardest step is this technique (e.g. 'X-Wing')")


def filters_from(args: argparse.Namespace) -> "Filters | None":
    """The filters the `rate` command line asks for (None when none)."""
    found = Filters(getattr(args, "min", None), getattr(args, "max", None), getattr(args, "level", None),
                    getattr(args, "technique", None))
    return None if found == Filters() else found


# -- one chunk ---------------------------------------------------------------------------------------
def _verdict(grid: Grid, settings: Settings) -> "tuple[str, str | None]":
    """("unique", None), or the status and the reason a puzzle cannot be rated or explained."""
    from ..logic.diagnose import diagnose

    try:
        found = count_solutions(grid, 2, max_nodes=settings.max_nodes, timeout=settings.timeout)
    except SearchLimitExceeded:
        return Verdict.GAVE_UP, "gave up: the search limit ran out"
    if found == 1:
        return Verdict.UNIQUE, None
    status = Verdict.SEVERAL if found > 1 else (Verdict.CONFLICT if grid.conflicts() else Verdict.NONE)
    return status, diagnose(grid).message


def logic_chunk(items: list, settings: Settings, name: str = "-") -> Rendered:
    """Rate or explain each item of a chunk (("G", line, box shape, digits) or ("E", line, ParseError))
    and render them. Ctrl-C renders the puzzles done before it and marks the chunk stopped."""
    results = []
    stopped = False
    for item in items:
        start = time.perf_counter()
        try:
            results.append(_answer(item, settings) + (time.perf_counter() - start,))
        except KeyboardInterrupt:
            stopped = True
            break
    rendered = _render(results, settings, name)
    rendered.stopped = stopped
    return rendered


def _answer(item: tuple, settings: Settings) -> tuple:
    """(line, status, puzzle line, what was found (a rating, a path, or explain's text), message)."""
    if item[0] == "E":
        return item[1], "invalid", "", None, str(item[2])
    _, number, spec, digits = item
    grid = Grid(digits, Shape.of(*spec))
    status, message = _verdict(grid, settings)
    if status != Verdict.UNIQUE:
        return number, status, grid.to_line(), None, message
    if settings.command == "rate":
        from ..logic.rating import rate

        return number, "rated", grid.to_line(), rate(grid), None
    if settings.fmt in ("line", "json"):
        from ..logic.commands import explain_one

        return number, "explained", grid.to_line(), explain_one(grid, number, settings.fmt == "json"), None
    from ..logic.path import solve_path

    return number, "explained", grid.to_line(), solve_path(grid, unique=True), None


def _render(results: list, s: Settings, name: str) -> Rendered:
    r = Rendered()
    c = r.counts
    out: list[str] = []
    err: list[str] = []
    prefix = f"{name}:" if name != "-" else ""
    writer = csv.writer(Collect(out), lineterminator="\n") if s.fmt == "csv" else None
    lead = [name] if s.name_field else []
    for number, status, puzzle, found, message, seconds in results:
        r.last = number
        c[0] += 1
        good = found is not None
        c[1] += good
        c[2] += good
        c[3] += status == Verdict.SEVERAL
        c[4] += status in (Verdict.NONE, Verdict.CONFLICT)
        c[5] += status == "invalid"
        c[6] += status == Verdict.GAVE_UP
        r.failed |= not good
        if not good:  # a parser's message names its line (and column) already
            where = "" if status == "invalid" and message.startswith("line ") else f"line {number}: "
            err.append(f"{prefix}{where}{message}\n")
        if s.command == "rate":
            kept = s.filters is None or (good and s.filters.keep(found))
            if good and not kept:
                c[7] += 1
            if not kept:
                continue
            if s.fmt == "line":
                out.append((str(found) if good else "") + "\n" if s.filters is None else puzzle + "\n")
                continue
            fields = {"line": number, "puzzle": puzzle or None, "status": status,
                      "score": found.score if good else None, "level": str(found.level) if good else None,
                      "hardest": str(found.hardest) if good else None, "steps": found.steps if good else None,
                      "time": round(seconds, 6), "message": message}
        else:
            if s.fmt in ("line", "json") and not good:
                continue  # explain has always left a failed puzzle out of its output
            if s.fmt == "line":
                out.append(found + "\n\n")
                continue
            if s.fmt == "json":
                out.append((json.dumps({"file": name, **json.loads(found)}, ensure_ascii=False)
                            if s.name_field else found) + "\n")
                continue
            fields = {"line": number, "status": str(found.status) if good else status,
                      "steps": len(found.steps) if good else None, "grid": found.to_dict()["grid"] if good else None,
                      "text": "\n".join(step.text for step in found.steps) if good else None,
                      "time": round(seconds, 6), "message": message}
        if s.fmt == "json":
            record = {**({"file": name} if s.name_field else {}), **fields}
            if record["message"] is None:
                del record["message"]
            out.append(json.dumps(record, ensure_ascii=False) + "\n")
        else:
            writer.writerow(lead + ["" if value is None else value for value in fields.values()])
    r.out, r.err = "".join(out), "".join(err)
    return r
