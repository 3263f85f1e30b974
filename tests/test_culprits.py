"""culprits: the givens of an unsolvable grid that cannot all be right, each one needed."""
from __future__ import annotations

import gzip
import random
from pathlib import Path

from sudoku_core import Grid
from sudoku_core.core import solver
from sudoku_core.core.culprits import culprits

DATA = Path(__file__).parent.parent / "data"  # (MicroPython's pathlib, under which these tests run too, cannot resolve)


def test_a_cell_with_no_digit_left_names_its_row_and_the_column_given():
    rows = ["12345678.", "........9"] + ["." * 9] * 7       # r1c9 can hold only 9, which column 9 has
    grid = Grid.parse("".join(rows))
    found = culprits(grid)
    assert found.minimal
    # r1c7 and r1c8 are not needed: box 3 already keeps the 9 out of them (r2c9 is 9)
    assert set(found.cells) == set(range(6)) | {17}


def _assert_minimal_core(grid: Grid, cells: "tuple[int, ...]") -> None:
    def count(g: Grid) -> int:
        return solver.count_solutions(g, 1)
    only = Grid([v if i in cells else 0 for i, v in enumerate(grid.values)], grid.shape)
    assert count(only) == 0, "the culprits alone must admit no solution"
    for cell in cells:
        assert count(only.replace({cell: 0})) == 1, f"without {grid.shape.cell_name(cell)} the rest must be completable"


def test_broken_puzzles_from_a_public_set_give_minimal_cores():
    lines = gzip.open(str(DATA / "17_clue.txt.gz")).read().decode().split()[:200]
    rng = random.Random(7)
    checked = 0
    for line in lines:
        grid = Grid.parse(line)
        solution = solver.solve(grid)
        empty = [i for i, v in enumerate(grid.values) if not v]
        cell = rng.choice(empty)
        wrong = [d for d in range(1, 10) if d != solution.values[cell]]
        broken = grid.replace({cell: rng.choice(wrong)})
        if broken.conflicts() or solver.count_solutions(broken, 1):
            continue
        found = culprits(broken)
        assert cell in found.cells                 # the one wrong given always takes part
        assert found.minimal
        _assert_minimal_core(broken, found.cells)
        checked += 1
        if checked == 15:
            break
    assert checked == 15


def test_out_of_time_keeps_every_given_and_says_it_is_not_minimal():
    grid = Grid.parse("12345678." "........9" + "." * 63)
    found = culprits(grid, timeout=0)
    assert not found.minimal and found.cells == tuple(i for i, v in enumerate(grid.values) if v)
