"""The bridge's ops for human-style solving (sudoku_core.logic): pencil marks, hints, the step-by-step
path, the rating and the diagnosis of a broken puzzle.

candidates, hint, why, path, rate, diagnose: their fields, results and the form of a step are in
docs/engine-js.md. Cells are indices (row-major from 0) and digits 1..n, so the page draws them without
reading names. Clashing digits are a `conflict` error, as for `solve`. Each takes variant `rules` as
`solve` does (classic when absent; read by `Request.rules`, which imports the rules model only then):
the logic works on the rules' houses, peers, Killer cages and palette constraints.
"""
from ..core.compat import StrEnum, members
from ..core.grid import Grid
from ..logic import Diagnosis, Step, candidate_lists, diagnose, removed_marks, why_not
from ..logic.diagnose import Verdict
from ..logic.board import pause_due
from ..logic.path import PathStatus, next_step_in_parts, walk_path
from ..logic.rating import rate_in_parts
from ..logic.phrases import with_article
from .protocol import BridgeError, Request, op, refuse_conflicts

#: The most steps a path request may return (a 25x25 grid takes a few thousand).
MAX_PATH_STEPS = 20_000


@members
class Status(StrEnum):
    """The `status` of a hint or path reply: the engine's words, but "stuck" for `PathStatus.STUCK`."""

    STEP = "step"
    SOLVED = "solved"
    STUCK = "stuck"
    NO_SOLUTION = Verdict.NO_SOLUTION.value
    SEVERAL = Verdict.SEVERAL.value

    @classmethod
    def of_path(cls, status: PathStatus) -> "Status":
        return {PathStatus.SOLVED: cls.SOLVED, PathStatus.STUCK: cls.STUCK, PathStatus.BROKEN: cls.NO_SOLUTION}[status]


# -- reading requests ---------------------------------------------------------------------------------
def _marks(request: Request, grid: Grid) -> "list[list[int]] | None":
    """The person's pencil marks: one list of digits 1..n per cell, or None when not sent."""
    marks = request.get("candidates")
    if marks is None:
        return None
    n, count = grid.shape.side, grid.shape.cell_count
    if not isinstance(marks, list) or len(marks) != count:
        raise BridgeError("bad_request", f"'candidates' must be a list of {count} lists of digits, one per cell.")
    for i, cell in enumerate(marks):
        if not isinstance(cell, list) or not all(type(d) is int and 1 <= d <= n for d in cell):
            raise BridgeError("bad_request", f"'candidates' for cell {i} must be a list of digits from 1 to {n}.",
                              [i])
    return marks


def _without(request: Request, grid: Grid, rules) -> "list[list[int]] | None":
    """The plain pencil marks less the `eliminated` [cell, digit] pairs (marks a hint took away)."""
    pairs = request.get("eliminated")
    if not pairs:
        return None
    n, count = grid.shape.side, grid.shape.cell_count
    if not isinstance(pairs, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(type(x) is int for x in p)
            and 0 <= p[0] < count and 1 <= p[1] <= n for p in pairs):
        raise BridgeError("bad_request", f"'eliminated' must be a list of [cell, digit] pairs "
                                         f"(cells 0 to {count - 1}, digits 1 to {n}).")
    gone = {(c, d) for c, d in pairs}
    return [[d for d in cell if (i, d) not in gone] for i, cell in enumerate(candidate_lists(grid, rules))]


def _givens(request: Request, grid: Grid) -> "Grid | None":
    """The puzzle as given, when sent and consistent with the grid (every given still in place)."""
    if request.get("givens") in (None, ""):
        return None
    givens = request.grid("givens")
    if givens.shape != grid.shape:
        raise BridgeError("bad_request", "'givens' and 'puzzle' must be grids of the same shape.")
    moved = [i for i, v in enumerate(givens.values) if v and grid.values[i] != v]
    if moved:
        raise BridgeError("bad_request", "'givens' must be part of 'puzzle': a given was changed or erased.", moved)
    return givens


# -- the operations -----------------------------------------------------------------------------------
@op("candidates")
def op_candidates(request: Request) -> dict:
    grid = request.grid()
    return {"candidates": candidate_lists(grid, request.rules(grid))}


@op("hint")
def op_hint(request: Request) -> dict:
    reply = yield from _hint(request)  # in parts: see protocol.Task (a hard position's search takes seconds)
    reply["ms"] = request.context.ms()
    return reply


def _hint(request: Request):
    grid = request.grid()
    rules = request.rules(grid)
    givens = _givens(request, grid)
    marks = _marks(request, grid)
    if marks is None:
        marks = _without(request, grid, rules)
    # Nothing to reason from (and searching a big empty grid takes seconds); a Killer's cages and the
    # palette's constraints are clues.
    if not any(grid.values) and not (rules is not None and (rules.cages or rules.constraints)):
        return {"status": Status.SEVERAL, "step": None, "cells": [], "clue": None,
                "candidates": candidate_lists(grid, rules),
                "message": "The grid is empty: enter or load a puzzle first, then ask for a hint."}
    # With the givens, a wrong entry is found first, even one that clashes: point at the entry.
    step = yield from next_step_in_parts(grid, marks, puzzle=givens, rules=rules)
    if step is not None and step.technique == "Wrong Entry":
        return _found(step, grid, rules, marks)
    refuse_conflicts(grid, rules)
    if grid.is_complete():
        return {"status": Status.SOLVED, "step": None, "message": "The grid is full and every digit fits.",
                "cells": [], "candidates": candidate_lists(grid, rules)}
    if step is not None:
        return _found(step, grid, rules, marks)
    if pause_due():  # the diagnosis runs the exact solver: its garbage apart from the search's
        yield
    diagnosis = diagnose(grid, rules=rules)
    if diagnosis.status in (Verdict.NO_SOLUTION, Verdict.SEVERAL):
        return dict(_said(diagnosis), status=Status(diagnosis.status), step=None,
                    candidates=candidate_lists(grid, rules))
    return {"status": Status.STUCK, "step": None, "cells": [], "candidates": candidate_lists(grid, rules),
            "message": "No technique here finds the next step: this position needs a guess "
                       "(or a technique the engine does not know)."}


def _found(step: Step, grid: Grid, rules, marks: "list[list[int]] | None") -> dict:
    return {"status": Status.STEP, "step": step.to_dict(grid.shape, rules), "message": step.hint, "cells": [],
            "candidates": marks if marks is not None else candidate_lists(grid, rules)}


def _said(diagnosis: Diagnosis) -> dict:
    """The diagnosis's message, cells and clue, for a reply whose status says the rest."""
    data = diagnosis.to_dict()
    return {"message": data["message"], "cells": data["cells"], "clue": data["clue"]}


@op("why")
def op_why(request: Request) -> dict:
    """Why `digit` cannot go in `cell`: the easiest step that rules it out (see `logic.why_not`), with the
    hint's fields (givens, candidates or eliminated) and its reply's form."""
    grid = request.grid()
    rules = request.rules(grid)
    n, count = grid.shape.side, grid.shape.cell_count
    cell, digit = request.get("cell"), request.get("digit")
    if type(cell) is not int or not 0 <= cell < count:
        raise BridgeError("bad_request", f"'cell' must be a cell index from 0 to {count - 1}.")
    if type(digit) is not int or not 1 <= digit <= n:
        raise BridgeError("bad_request", f"'digit' must be a digit from 1 to {n}.", [cell])
    givens = _givens(request, grid)
    marks = _marks(request, grid)
    if marks is None:
        marks = _without(request, grid, rules)
    if not grid.values[cell]:
        refuse_conflicts(grid, rules)
    try:
        step = why_not(grid, cell, digit, marks, puzzle=givens, rules=rules)
    except ValueError as error:
        diagnosis = diagnose(grid, rules=rules) if not grid.values[cell] else None
        if diagnosis is not None and diagnosis.status in (Verdict.NO_SOLUTION, Verdict.SEVERAL):
            return dict(_said(diagnosis), status=Status(diagnosis.status), step=None, ms=request.context.ms())
        raise BridgeError("bad_request", f"{error}.", [cell]) from None
    return dict(_found(step, grid, rules, marks), message=step.text, ms=request.context.ms())


@op("path")
def op_path(request: Request) -> dict:
    grid = request.grid()
    rules = request.rules(grid)
    max_steps = request.integer("maxSteps", MAX_PATH_STEPS, 1, MAX_PATH_STEPS)
    givens = _givens(request, grid)
    refuse_conflicts(grid, rules)
    path = yield from walk_path(grid, max_steps=max_steps, rules=rules, puzzle=givens)  # in parts: see protocol.Task
    steps = [s.to_dict(grid.shape, rules) for s in path.steps]
    for data, removed in zip(steps, removed_marks(grid, path.steps, rules)):
        data["removed"] = [list(pair) for pair in removed]
    result = {"steps": steps, "solved": path.solved, "candidates": candidate_lists(grid, rules), "cells": [],
              "end": path.grid.to_line() if path.grid is not None else grid.to_line()}
    if path.status == PathStatus.SOLVED:
        result.update(status=Status.SOLVED, message=f"Solved by logic in {len(steps)} steps.")
        return result
    diagnosis = diagnose(grid, rules=rules)
    if diagnosis.status in (Verdict.NO_SOLUTION, Verdict.SEVERAL):
        result.update(_said(diagnosis), status=Status(diagnosis.status))
        return result
    result.update(status=Status.of_path(path.status),
                  message=f"After {len(steps)} steps no technique here finds the next one: the rest needs a guess.")
    return result


@op("rate")
def op_rate(request: Request) -> dict:
    grid = request.grid()
    rules = request.rules(grid)
    rating = yield from rate_in_parts(grid, rules)  # in parts: see protocol.Task
    result = dict(rating.to_dict(), diagnosis=None)
    if rating.score is None:
        result["diagnosis"] = diagnose(grid, rules=rules).to_dict()
        result["message"] = f"Not rated. {result['diagnosis']['message']}"
    elif rating.hardest == PathStatus.STUCK:
        result["message"] = (f"Rated {rating.score:.1f} ({rating.level}): logic alone does not finish it "
                             f"after {rating.steps} steps; it needs guessing.")
    elif rating.steps == 0:
        result["message"] = "Nothing to rate: the grid is already full."
    else:
        result["message"] = (f"Rated {rating.score:.1f} ({rating.level}): the hardest step is "
                             f"{with_article(rating.hardest)}, in {rating.steps} steps.")
    return result


@op("diagnose")
def op_diagnose(request: Request) -> dict:
    grid = request.grid()
    return diagnose(grid, rules=request.rules(grid)).to_dict()
