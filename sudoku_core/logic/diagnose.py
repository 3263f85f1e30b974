"""Why a grid is not a proper puzzle: where it breaks, or where its solutions differ.

`diagnose(grid)` answers with a `Diagnosis` whose `status` is a `Verdict`:
  * "no solution": clashing givens, or (after following singles from the givens) a cell left with no
    candidate or a digit with no place in a unit, named; failing that, the search's verdict;
  * "several solutions": cells where two solutions differ, and one clue that would make the puzzle
    unique when a single clue can;
  * "unique": one solution;
  * "unknown": the search gave up first.
"""
from ..core.compat import TYPE_CHECKING, StrEnum, field, members, record
from ..core.grid import Grid
from ..core.solver import SearchLimitExceeded
from . import exact
from .board import Board, bits
from .phrases import cell_name, cells_text, sentence, sym
from .techniques import singles

if TYPE_CHECKING:
    from ..variants.rules import Rules


@members
class Verdict(StrEnum):
    """How many solutions a grid has, as `diagnose` words it (the CLI and the page show the value)."""

    NO_SOLUTION = "no solution"
    SEVERAL = "several solutions"
    UNIQUE = "unique"
    UNKNOWN = "unknown"


@record("status message cells clue solutions", frozen=True)
class Diagnosis:
    status: Verdict
    message: str
    cells: tuple = ()  # cell indices to point at
    clue: "tuple | None" = None  # (cell, digit) that makes the puzzle unique
    solutions: tuple = field(default=(), compare=False)  # up to two solutions (Grids) when found

    def to_dict(self) -> dict:
        """The one JSON form of a diagnosis (the bridge sends it): the message as a sentence, cells as
        indices, the clue as {cell, digit} or None."""
        clue = None if self.clue is None else {"cell": int(self.clue[0]), "digit": int(self.clue[1])}
        return {"status": str(self.status), "message": sentence(self.message),
                "cells": [int(c) for c in self.cells], "clue": clue}


def where_broken(b: Board) -> "tuple[str, tuple] | None":
    """(sentence, cells) naming a cell with no candidate or a digit with no place in a unit."""
    t = b.t
    n = t.n
    for i, v in enumerate(b.values):
        if not v and not b.cands[i]:
            return f"{cell_name(i, n)} has no candidate left", (i,)
    pos = b.positions()
    for u, cells in enumerate(t.units):
        have = 0
        for i in cells:
            if b.values[i]:
                have |= 1 << (b.values[i] - 1)
        for d in range(n):
            if not have >> d & 1 and not pos[d] & t.unit_masks[u]:
                return f"{sym(d + 1, n)} has no place left in {t.unit_names[u]}", tuple(i for i in cells if not b.values[i])
    return None


def _follow_singles(b: Board) -> "tuple[str, tuple] | None":
    """Apply singles until stuck; the place it breaks, if it does."""
    while True:
        broken = where_broken(b)
        if broken:
            return broken
        step = singles.full_house(b) or singles.naked_single(b) or singles.hidden_single(b)
        if step is None:
            return None
        cell, digit = step.placements[0]
        # a single may clash with a peer already holding the digit (two hidden singles at once)
        if any(b.values[p] == digit for p in b.t.peers[cell]):
            return f"{cell_name(cell, b.t.n)} would need {sym(digit, b.t.n)} twice in a unit", (cell,)
        b.apply(step)


def diagnose(grid: Grid, *, max_nodes: int = 200000, rules: "Rules | None" = None) -> Diagnosis:
    """How many solutions `grid` has (under variant `rules`, when given), and where it breaks or its
    solutions differ."""
    n = grid.shape.side
    conflicts = exact.conflicts(grid, rules)
    if conflicts:
        c = conflicts[0]
        return Diagnosis(Verdict.NO_SOLUTION, f"No solution: {c.message}", tuple(c.cells))
    b = Board.from_grid(grid, rules=rules)
    broken = _follow_singles(b)
    if broken:
        reason, cells = broken
        return Diagnosis(Verdict.NO_SOLUTION, f"No solution: after the singles that follow from the givens, "
                         f"{reason}", cells)
    try:
        found = []
        for solution in exact.iter_solutions(grid, rules, max_nodes=max_nodes):
            found.append(solution)
            if len(found) == 2:
                break
    except SearchLimitExceeded:
        return Diagnosis(Verdict.UNKNOWN, "The search gave up before deciding how many solutions there are")
    if not found:
        return Diagnosis(Verdict.NO_SOLUTION, "No solution: every way to continue from the givens ends in a "
                         "contradiction (no single cell or unit shows it yet)")
    if len(found) == 1:
        return Diagnosis(Verdict.UNIQUE, "The puzzle has exactly one solution", solutions=(found[0],))
    first, second = found
    differ = tuple(i for i in range(grid.shape.cell_count) if first.values[i] != second.values[i])
    clue = _unique_clue(grid, rules, first, second, max_nodes)
    message = (f"Several solutions: they differ at {cells_text(differ[:8], n)}"
               f"{' and more' if len(differ) > 8 else ''}")
    if clue:
        message += f"; giving {cell_name(clue[0], n)} = {sym(clue[1], n)} makes the puzzle unique"
    else:
        message += "; no single added clue was found that makes it unique"
    return Diagnosis(Verdict.SEVERAL, message, differ, clue, (first, second))


def _unique_clue(grid: Grid, rules: "Rules | None", first: Grid, second: Grid, max_nodes: int):
    """A (cell, digit) that leaves exactly one solution, or None when none is found cheaply.

    A clue makes the puzzle unique when exactly one solution has that digit there. So count, over a
    sample of solutions, how often each digit stands in each empty cell: digits seen in exactly one
    sampled solution come first, then candidates no sampled solution uses; each is then checked."""
    n = grid.shape.side
    try:
        sample = []
        for solution in exact.iter_solutions(grid, rules, max_nodes=max_nodes):
            sample.append(solution)
            if len(sample) == 100:
                break
    except SearchLimitExceeded:
        sample = [first, second]
    empty = [i for i, v in enumerate(grid.values) if not v]
    counts = {i: [0] * (n + 1) for i in empty}
    for solution in sample:
        for i in empty:
            counts[i][solution.values[i]] += 1
    marks = Board.from_grid(grid, rules=rules).cands
    once, never = [], []
    for i in empty:
        for d in bits(marks[i]):
            c = counts[i][d + 1]
            if c == 1:
                once.append((i, d + 1))
            elif c == 0:
                never.append((i, d + 1))
    for k, (cell, digit) in enumerate(once + never):
        if k >= 40:
            break
        try:
            if exact.count_solutions(grid.replace({cell: digit}), rules, 2, max_nodes=max_nodes // 10) == 1:
                return cell, digit
        except SearchLimitExceeded:
            continue
    return None
