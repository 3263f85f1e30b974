"""Nested forcing chains (techniques/nested.py): they finish the hardest puzzles, never make a wrong
step, stop at their effort limit, and work on other box shapes."""
from __future__ import annotations

import itertools

from sudoku_core import Grid, solve
from sudoku_core.logic import next_step, rate, solve_path
from sudoku_core.logic.board import Board
from sudoku_core.logic.path import PathStatus
from sudoku_core.logic.techniques import forcing, nested

# forum_hardest_1106.txt: no technique before the nested chain applies at the start
HARD = "........6..2....41.1...798....79.8...8..5......3..8.1...6....2..9...51..4.......8"


def _check(grid: Grid, step) -> None:
    solution = solve(grid).values
    assert all(solution[c] == d for c, d in step.placements)
    assert all(solution[c] != d for c, d in step.eliminations)


def test_contradiction_where_the_forcing_net_finds_nothing():
    grid = Grid.parse(HARD)
    b = Board.from_grid(grid, None, True)
    assert forcing.forcing_net(b) is None
    step = nested.nested_forcing_chain(b)
    assert step is not None and step.technique == "Nested Forcing Chain"
    _check(grid, step)
    (cell, digit), = step.eliminations
    name = f"r{cell // 9 + 1}c{cell % 9 + 1}"
    assert step.text.startswith(f"Nested Forcing Chain (contradiction): if {name} were {digit}, then ")
    assert step.text.endswith(f"so {name} is not {digit}") and "would lead to" in step.text
    assert 9.5 <= step.difficulty <= 9.9
    assert 0 < len(step.links) <= nested.MAX_LINKS and step.cells[0] == cell


def test_cell_and_unit_forcing_over_nested_branches():
    grid = Grid.parse(HARD)
    b = Board.from_grid(grid, None, True)
    step = nested._search(b, nested._Budget(10 ** 6), contradictions=False)
    assert step is not None
    _check(grid, step)
    assert step.text.startswith(("Nested Forcing Chain (cell): ", "Nested Forcing Chain (unit): "))
    assert "either way" in step.text and len(step.cells) == 2


def test_nothing_without_a_deduction():
    # an empty 4x4 grid: every candidate is in some solution, no branch breaks or forces anything
    b = Board.from_grid(Grid.empty("4x4"))
    assert nested.nested_forcing_chain(b) is None


def test_the_effort_limit_ends_the_search_and_the_path():
    grid = Grid.parse(HARD)
    b = Board.from_grid(grid, None, True)
    with nested.effort_limit(0):
        assert nested.nested_forcing_chain(b) is None
    with nested.effort_limit(10):
        assert nested.nested_forcing_chain(b) is None
    path = solve_path(grid, unique=True, effort=0)
    assert path.status == PathStatus.STUCK
    rating = rate(grid, effort=0)
    assert rating.score == 10.0 and rating.hardest == PathStatus.STUCK
    assert next_step(grid, unique=True, effort=0) is None


def test_rating_finishes_a_forum_hardest_puzzle():
    grid = Grid.parse(HARD)
    path = solve_path(grid, unique=True)
    assert path.solved
    solution = solve(grid).values
    for step in path.steps:
        assert all(solution[c] == d for c, d in step.placements)
        assert all(solution[c] != d for c, d in step.eliminations)
    rating = rate(grid)
    assert rating.hardest == "Nested Forcing Chain" and 9.5 <= rating.score <= 9.9


def _solutions(grid: Grid, most: int = 400) -> "list[tuple]":
    from sudoku_core.logic import exact

    return [s.values for s in itertools.islice(exact.iter_solutions(grid, None), most)]


def test_sound_on_a_6x6_grid_with_several_solutions():
    # without a unique solution every candidate is tried; whatever goes must be in no solution
    grid = Grid.parse("1.....\n...2..\n.3....\n....4.\n..5...\n.....6", "6x6")
    solutions = _solutions(grid)
    assert 1 < len(solutions) < 400
    b = Board.from_grid(grid)
    for _ in range(4):
        step = nested.nested_forcing_chain(b)
        if step is None:
            break
        assert all(all(s[c] == d for s in solutions) for c, d in step.placements)
        assert all(all(s[c] != d for s in solutions) for c, d in step.eliminations)
        b.apply(step)


def test_a_6x6_puzzle():
    grid = Grid.parse(".2.......1.3....6.5.4....15......3..", "6x6")
    step = nested.nested_forcing_chain(Board.from_grid(grid, None, True))
    assert step is not None
    _check(grid, step)
    assert step.text.startswith("Nested Forcing Chain (contradiction): if r")
    assert "then and" not in step.text
