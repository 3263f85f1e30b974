"""An open solver beside ours on variant puzzles: Google OR-Tools' CP-SAT (Apache-2.0), given each puzzle as
constraints written here from its rules, and asked what the page asks of our engine: a solution, and proof
that there is no second one (solve, forbid that solution, solve again).

The model, one integer variable 1..n a cell: AllDifferent over every house the rules make (rows, columns,
boxes or Jigsaw regions, diagonals, windows, extra regions), every Killer cage (and its total as a linear
sum), anti-knight/anti-king pairs as inequalities; givens fixed. One worker thread (this machine has 2 cores
and our engine uses one). Optional: `pip install -e '.[bench]'` (pinned in pyproject.toml).
"""
from __future__ import annotations

import time

from sudoku_core import Grid
from sudoku_core.variants.rules import Rules


def available() -> bool:
    from importlib.util import find_spec

    return find_spec("ortools") is not None


def solve_twice(grid: Grid, rules: "Rules | None") -> "tuple[float, int, str | None]":
    """(seconds, solutions found up to 2, the first as a line or None) for `grid` under `rules` (None:
    classic), model building included."""
    from ortools.sat.python import cp_model

    start = time.perf_counter()
    shape = grid.shape
    n = shape.side
    model = cp_model.CpModel()
    cells = [model.new_int_var(1, n, f"c{i}") for i in range(shape.cell_count)]
    for i, v in enumerate(grid.values):
        if v:
            model.add(cells[i] == v)
    houses = [u.cells for u in (rules.houses if rules is not None else shape.units)]
    for house in houses:
        model.add_all_different(cells[c] for c in house)
    if rules is not None:
        for cage in rules.cages:
            model.add_all_different(cells[c] for c in cage.cells)
            if cage.total is not None:
                model.add(sum(cells[c] for c in cage.cells) == cage.total)
        if rules.anti_knight or rules.anti_king:
            for i, far in enumerate(rules.moves):
                for j in far:
                    if i < j:
                        model.add(cells[i] != cells[j])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    found, first = 0, None
    for _ in range(2):
        status = solver.solve(model)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break
        values = [solver.value(c) for c in cells]
        found += 1
        if first is None:
            first = Grid(values, shape).to_line()
        # forbid this solution: some cell differs
        differs = [model.new_bool_var(f"d{found}_{i}") for i in range(len(cells))]
        for var, cell, value in zip(differs, cells, values):
            model.add(cell != value).only_enforce_if(var)
        model.add_bool_or(differs)
    return time.perf_counter() - start, found, first
