"""The puzzle sets in data/ as a specification: a seeded sample of every set solves, each answer obeys
the rules and keeps the givens, puzzles known to have several solutions are counted as such, and the
classic solver the benchmark compares against gives the same answers as ours."""
from __future__ import annotations

import gzip
import random
import re
import sys
from functools import lru_cache
from pathlib import Path

import pytest

from sudoku_core import Grid, count_solutions, solve

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SAMPLE = 30
SEED = 20240601

# file -> side of the grid; every puzzle in these has exactly one solution.
UNIQUE_SETS = {
    "17_clue.txt.gz": 9,
    "magictour_top1465.txt": 9,
    "forum_hardest_1905_11plus.txt.gz": 9,
    "forum_hardest_1106.txt": 9,
    "norvig_top95.txt": 9,
    "norvig_hardest.txt": 9,
    "norvig_easy50.txt": 9,
    "kaggle_sample100.txt": 9,
    "sudoku_exchange_diabolical.txt.gz": 9,
    "generated_16x16.txt": 16,
    "generated_25x25.txt": 25,
}
SEVERAL_SOLUTIONS = "serg_benchmark_sample1000.txt"


@lru_cache(maxsize=None)
def puzzles(name: str) -> tuple[str, ...]:
    path = DATA / name
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="ascii") as f:
        return tuple(line.strip() for line in f if line.strip())


def sample(name: str, size: int = SAMPLE) -> list[str]:
    lines = puzzles(name)
    if len(lines) <= size:
        return list(lines)
    return random.Random(f"{SEED}:{name}").sample(lines, size)


def rule_violation(puzzle: str, answer: str) -> "str | None":
    """Why `answer` is not a solution of `puzzle`, checked without the engine; None when it is one."""
    n = round(len(puzzle) ** 0.5)
    b = round(n ** 0.5)
    if len(answer) != len(puzzle):
        return f"{len(answer)} cells instead of {len(puzzle)}"
    for i, (given, value) in enumerate(zip(puzzle, answer)):
        if given != "." and given != value:
            return f"given {given} at cell {i} became {value}"
    symbols = set(SYMBOLS[:n])
    rows = [answer[r * n:(r + 1) * n] for r in range(n)]
    units = (
        [set(row) for row in rows]
        + [{row[c] for row in rows} for c in range(n)]
        + [{rows[r + i][c + j] for i in range(b) for j in range(b)}
           for r in range(0, n, b) for c in range(0, n, b)]
    )
    for k, unit in enumerate(units):
        if unit != symbols:
            return f"unit {k} holds {''.join(sorted(unit))}"
    return None


@pytest.mark.parametrize("name", [*UNIQUE_SETS, SEVERAL_SOLUTIONS])
def test_every_line_of_a_dataset_is_one_puzzle_in_the_default_alphabet(name):
    side = UNIQUE_SETS.get(name, 9)
    pattern = re.compile(rf"[.{re.escape(SYMBOLS[:side])}]{{{side * side}}}")
    bad = [i + 1 for i, line in enumerate(puzzles(name)) if not pattern.fullmatch(line)]
    assert not bad, f"{name}: malformed lines {bad[:5]}"


# More of the hardest-for-backtracking set (150 of 375, about 2 s), 30 of the others.
SAMPLE_SIZES = {"forum_hardest_1106.txt": 150}


@pytest.mark.parametrize("name", UNIQUE_SETS)
def test_a_sample_of_each_dataset_solves_by_the_rules(name):
    for line in sample(name, SAMPLE_SIZES.get(name, SAMPLE)):
        solution = solve(Grid.parse(line))
        assert solution is not None, f"{name}: no solution for {line}"
        why = rule_violation(line, solution.to_line())
        assert why is None, f"{name}: {line} -> {solution.to_line()}: {why}"


def test_serg_benchmark_puzzles_have_two_or_more_solutions():
    for line in sample(SEVERAL_SOLUTIONS):
        assert count_solutions(Grid.parse(line), limit=2) == 2, line


def test_the_hardest_forum_puzzles_have_exactly_one_solution():
    for line in sample("forum_hardest_1106.txt", 5):
        assert count_solutions(Grid.parse(line), limit=2) == 1, line


def test_generated_big_puzzles_have_exactly_one_solution():
    for line in sample("generated_16x16.txt", 3) + sample("generated_25x25.txt", 1):
        assert count_solutions(Grid.parse(line), limit=2) == 1, line


def test_each_diabolical_puzzle_has_a_rating_on_the_same_line():
    ratings = puzzles("sudoku_exchange_diabolical.ratings.txt")
    assert len(ratings) == len(puzzles("sudoku_exchange_diabolical.txt.gz"))
    assert all(re.fullmatch(r"\d+\.\d", r) for r in ratings)


@pytest.fixture(scope="module")
def classic():
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import classic as module
    finally:
        sys.path.remove(str(ROOT / "bench"))
    return module


@pytest.mark.parametrize("name", ["norvig_top95.txt", "17_clue.txt.gz", "forum_hardest_1106.txt"])
def test_the_classic_benchmark_solver_agrees_with_ours(classic, name):
    for line in sample(name, 3):
        theirs, _guesses = classic.solve(line)
        assert theirs == solve(Grid.parse(line)).to_line(), line
        assert rule_violation(line, theirs) is None
