"""The bridge's operations for pencil marks, hints, the step-by-step path, the rating and the diagnosis of a broken puzzle (sudoku_core.logic).

Each takes the request dict and returns a JSON-shaped dict, raising `bridge.BridgeError` for failures.
Cells are indices (row-major from 0) and digits 1..n, so the page can draw them without reading names:

  candidates {puzzle, shape?}        -> {candidates: [[digits] per cell]}   (filled cells: [])
  hint       {puzzle, shape?, givens?, candidates? | eliminated?}
                                     -> {status, step, message, cells, candidates, ms}
  path       {puzzle, shape?, maxSteps?}
                                     -> {status, solved, steps: [step ...], candidates, end, message, cells}
  rate       {puzzle, shape?}        -> {score, level, hardest, steps, message, diagnosis}
  diagnose   {puzzle, shape?}        -> {status, message, cells, clue: {cell, digit} | null}

`puzzle` is the grid as the person sees it (givens and their own entries). `givens` (optional, same
forms) is the puzzle as it was given: with it, an entry the solution does not have is pointed out
("Wrong Entry") before any deduction. `candidates` (optional) are the person's pencil marks, one list
of digits per cell: the hint then reasons from them (and says so when a mark removed was the answer). `eliminated`
(optional, instead of `candidates`) lists [cell, digit] marks taken away from the plain ones, which is
what the page keeps: the eliminations of the hints it applied.

A step is `{technique, text, hint, difficulty, placements: [{cell, digit}], eliminations: [{cell, digit}],
cells, candidates: [{cell, digit}], units: [{name, cells}], links: [{from: {cell, digit}, to: {cell,
digit}, kind}], clear, restore}`: `cells`/`candidates`/`units` are the pattern to highlight,
`placements`/`eliminations` the result, `links` a chain's arrows ("strong", "weak" or "implies"),
`clear` the cells of a wrong entry, `restore` the marks to put back after a "Candidate Error".

A path's steps also carry `removed`: every mark the step takes away, as [cell, digit] pairs (its
eliminations, and for a placement the cell's other marks and the digit in its peers), so the page can
show the marks before any step from the starting `candidates`; `end` is the grid where the path stopped.

`hint` and `path` statuses: "step" (a step was found), "solved" (the grid is full and right),
"stuck" (no technique here finds the next step: the grid needs guessing), "no solution" and
"several solutions" (for the end of a path), with a sentence and the `cells` to point at (from
`diagnose` when the grid is broken). Clashing digits are a `conflict` error, as for `solve`.
"""
from __future__ import annotations

import time
from typing import Any, Callable

from . import bridge
from .grid import Grid
from .logic import candidate_lists, diagnose, next_step, rate, solve_path
from .logic.board import Board, bits, tables
from .logic.diagnose import NO_SOLUTION, SEVERAL, Diagnosis
from .logic.path import STATUS_BROKEN, STATUS_SOLVED, STATUS_STUCK
from .logic.step import Step

#: The most steps a path request may return (a 25x25 grid takes a few thousand).
MAX_PATH_STEPS = 20_000


# -- steps as data ------------------------------------------------------------------------------------
def _pair(pair: "tuple[int, int]") -> dict:
    return {"cell": int(pair[0]), "digit": int(pair[1])}


def step_data(step: Step, grid: Grid) -> dict:
    """A `Step` with cell indices (and each unit's cells), for the page to draw."""
    t = tables(grid.shape)
    unit_cells = dict(zip(t.unit_names, t.units))
    extra = step.extra or {}
    return {
        "technique": step.technique,
        "text": step.text,
        "hint": step.hint,
        "difficulty": step.difficulty,
        "placements": [_pair(p) for p in step.placements],
        "eliminations": [_pair(p) for p in step.eliminations],
        "cells": [int(c) for c in step.cells],
        "candidates": [_pair(p) for p in step.candidates],
        "units": [{"name": name, "cells": list(unit_cells.get(name, ()))} for name in step.units],
        "links": [{"from": _pair(a), "to": _pair(b), "kind": kind} for a, b, kind in step.links],
        "clear": [int(c) for c in extra.get("clear", ())],
        "restore": [_pair(p) for p in extra.get("restore", ())],
    }


def _diagnosis_data(diagnosis: Diagnosis) -> dict:
    clue = None if diagnosis.clue is None else _pair(diagnosis.clue)
    return {"status": diagnosis.status, "message": bridge._sentence(diagnosis.message),
            "cells": list(diagnosis.cells), "clue": clue}


# -- reading requests ---------------------------------------------------------------------------------
def _marks(request: dict, grid: Grid) -> "list[list[int]] | None":
    """The person's pencil marks: one list of digits 1..n per cell, or None when not sent."""
    marks = request.get("candidates")
    if marks is None:
        return None
    n, count = grid.shape.side, grid.shape.cell_count
    if not isinstance(marks, list) or len(marks) != count:
        raise bridge.BridgeError("bad_request", f"'candidates' must be a list of {count} lists of digits, one per cell.")
    for i, cell in enumerate(marks):
        if not isinstance(cell, list) or not all(type(d) is int and 1 <= d <= n for d in cell):
            raise bridge.BridgeError("bad_request", f"'candidates' for cell {i} must be a list of digits from 1 to {n}.",
                                     [i] if i < count else [])
    return marks


def _without(request: dict, grid: Grid) -> "list[list[int]] | None":
    """The plain pencil marks less the `eliminated` [cell, digit] pairs (marks a hint took away)."""
    pairs = request.get("eliminated")
    if not pairs:
        return None
    n, count = grid.shape.side, grid.shape.cell_count
    if not isinstance(pairs, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(type(x) is int for x in p)
            and 0 <= p[0] < count and 1 <= p[1] <= n for p in pairs):
        raise bridge.BridgeError("bad_request", f"'eliminated' must be a list of [cell, digit] pairs "
                                 f"(cells 0 to {count - 1}, digits 1 to {n}).")
    marks = candidate_lists(grid)
    gone = {(c, d) for c, d in pairs}
    return [[d for d in cell if (i, d) not in gone] for i, cell in enumerate(marks)]


def _givens(request: dict, grid: Grid) -> "Grid | None":
    """The puzzle as given, when sent and consistent with the grid (every given still in place)."""
    if request.get("givens") in (None, ""):
        return None
    givens = bridge._grid(request, "givens")
    if givens.shape != grid.shape:
        raise bridge.BridgeError("bad_request", "'givens' and 'puzzle' must be grids of the same shape.")
    moved = [i for i, v in enumerate(givens.values) if v and grid.values[i] != v]
    if moved:
        raise bridge.BridgeError("bad_request", "'givens' must be part of 'puzzle': a given was changed or erased.", moved)
    return givens


def _clash(grid: Grid) -> None:
    error = bridge._conflict_error(grid)
    if error is not None:
        raise error


# -- the operations -----------------------------------------------------------------------------------
def op_candidates(request: dict) -> dict:
    grid = bridge._grid(request)
    return {"candidates": candidate_lists(grid)}


def op_hint(request: dict) -> dict:
    start = time.perf_counter()
    reply = _hint(request)
    reply["ms"] = bridge._ms(start)
    return reply


def _hint(request: dict) -> dict:
    grid = bridge._grid(request)
    givens = _givens(request, grid)
    marks = _marks(request, grid)
    if marks is None:
        marks = _without(request, grid)
    if not any(grid.values):  # nothing to reason from (and searching a big empty grid takes seconds)
        return {"status": SEVERAL, "step": None, "cells": [], "clue": None, "candidates": candidate_lists(grid),
                "message": "The grid is empty: enter or load a puzzle first, then ask for a hint."}
    # With the givens, a wrong entry is found first, even one that clashes: point at the entry.
    step = next_step(grid, marks, puzzle=givens)
    if step is not None and step.technique == "Wrong Entry":
        return _found(step, grid, marks)
    _clash(grid)
    if grid.is_complete():
        return {"status": "solved", "step": None, "message": "The grid is full and every digit fits.",
                "cells": [], "candidates": candidate_lists(grid)}
    if step is not None:
        return _found(step, grid, marks)
    diagnosis = diagnose(grid)
    if diagnosis.status in (NO_SOLUTION, SEVERAL):
        return {"status": diagnosis.status, "step": None, **_said(diagnosis), "candidates": candidate_lists(grid)}
    return {"status": "stuck", "step": None, "cells": [], "candidates": candidate_lists(grid),
            "message": "No technique here finds the next step: this position needs a guess "
                       "(or a technique the engine does not know)."}


def _found(step: Step, grid: Grid, marks: "list[list[int]] | None") -> dict:
    return {"status": "step", "step": step_data(step, grid), "message": step.hint, "cells": [],
            "candidates": marks if marks is not None else candidate_lists(grid)}


def _said(diagnosis: Diagnosis) -> dict:
    data = _diagnosis_data(diagnosis)
    return {"message": data["message"], "cells": data["cells"], "clue": data["clue"]}


def op_path(request: dict) -> dict:
    grid = bridge._grid(request)
    max_steps = bridge._int(request, "maxSteps", MAX_PATH_STEPS, 1, MAX_PATH_STEPS)
    _clash(grid)
    path = solve_path(grid, max_steps=max_steps)
    steps = [step_data(s, grid) for s in path.steps]
    for data, removed in zip(steps, _removals(grid, path.steps)):
        data["removed"] = removed
    result = {"steps": steps, "solved": path.solved, "candidates": candidate_lists(grid), "cells": [],
              "end": path.grid.to_line() if path.grid is not None else grid.to_line()}
    if path.status == STATUS_SOLVED:
        return {**result, "status": "solved", "message": f"Solved by logic in {len(steps)} steps."}
    diagnosis = diagnose(grid)
    if diagnosis.status in (NO_SOLUTION, SEVERAL):
        return {**result, "status": diagnosis.status, **_said(diagnosis)}
    status = "stuck" if path.status == STATUS_STUCK else ("no solution" if path.status == STATUS_BROKEN else path.status)
    return {**result, "status": status,
            "message": f"After {len(steps)} steps no technique here finds the next one: the rest needs a guess."}


def _removals(grid: Grid, steps: "list[Step]") -> "list[list[list[int]]]":
    """For each step, every pencil mark it takes away as [cell, digit] pairs: its eliminations, and for
    a placement the cell's other marks and the digit in its peers. The page replays these to show the
    marks before any step without asking again."""
    board = Board.from_grid(grid)
    out = []
    for step in steps:
        before = list(board.cands)
        board.apply(step)
        out.append([[i, d + 1] for i, (was, now) in enumerate(zip(before, board.cands)) if was != now
                    for d in bits(was & ~now)])
    return out


def op_rate(request: dict) -> dict:
    grid = bridge._grid(request)
    rating = rate(grid)
    result: dict[str, Any] = {**rating.to_dict(), "diagnosis": None}
    if rating.score is None:
        diagnosis = diagnose(grid)
        result["diagnosis"] = _diagnosis_data(diagnosis)
        result["message"] = f"Not rated. {result['diagnosis']['message']}"
    elif rating.hardest == "needs guessing":
        result["message"] = (f"Rated {rating.score:.1f} ({rating.level}): logic alone does not finish it "
                             f"after {rating.steps} steps; it needs guessing.")
    elif rating.steps == 0:
        result["message"] = "Nothing to rate: the grid is already full."
    else:
        result["message"] = (f"Rated {rating.score:.1f} ({rating.level}): the hardest step is "
                             f"{_article(rating.hardest)}, in {rating.steps} steps.")
    return result


def _article(name: str) -> str:
    if name.startswith(("Locked Candidates", "Simple Colors")):
        return name
    return f"{'an' if name[:1] in 'AEIOX' else 'a'} {name}"


def op_diagnose(request: dict) -> dict:
    grid = bridge._grid(request)
    return _diagnosis_data(diagnose(grid))


OPS: "dict[str, Callable[[dict], dict]]" = {
    "candidates": op_candidates,
    "hint": op_hint,
    "path": op_path,
    "rate": op_rate,
    "diagnose": op_diagnose,
}
