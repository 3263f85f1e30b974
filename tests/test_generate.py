"""The generator: every puzzle has exactly one solution (checked here by an exact-cover counter written
for these tests, not by the engine's solver), seeds reproduce, symmetries hold, minimal puzzles are
minimal, and levels come from the rater or fail clearly (the `generate` command: tests/test_generate_cli.py).

This file also runs inside Pyodide (tests/test_in_pyodide.py), where the golden-seed test checks that a
seed gives the same puzzle there as on CPython, and inside MicroPython (tests/test_in_micropython.py): it
tests only the portable generator, not the CLI.
"""
from __future__ import annotations

import sys

import pytest

from sudoku_core import Grid, Shape
from sudoku_core.generator.classic import (
    LEVELS, SYMMETRIES, GenerationCancelled, GenerationTimeout, LevelNotReached, RaterUnavailable,
    generate, generate_details,
)


# -- a second, independent uniqueness check: Knuth's Algorithm X on dicts of sets -----------------------
def _constraints(shape: Shape, row: int, col: int, digit: int) -> tuple:
    box = (row // shape.box_rows) * (shape.side // shape.box_cols) + col // shape.box_cols
    return (("cell", row, col), ("row", row, digit), ("col", col, digit), ("box", box, digit))


def count_by_exact_cover(grid: Grid, limit: int = 2) -> int:
    """Solutions of `grid`, counted up to `limit`, as exact covers of the Sudoku constraints."""
    shape, n = grid.shape, grid.shape.side
    choices = {(r, c, d): _constraints(shape, r, c, d) for r in range(n) for c in range(n) for d in range(1, n + 1)}
    columns: dict[tuple, set] = {}
    for choice, satisfied in choices.items():
        for constraint in satisfied:
            columns.setdefault(constraint, set()).add(choice)

    def select(choice) -> list:
        removed = []
        for constraint in choices[choice]:
            for other in columns[constraint]:
                for other_constraint in choices[other]:
                    if other_constraint != constraint:
                        columns[other_constraint].discard(other)
            removed.append(columns.pop(constraint))
        return removed

    def deselect(choice, removed: list) -> None:
        for constraint in reversed(choices[choice]):
            columns[constraint] = removed.pop()
            for other in columns[constraint]:
                for other_constraint in choices[other]:
                    if other_constraint != constraint:
                        columns[other_constraint].add(other)

    for cell, digit in enumerate(grid.values):
        if digit:
            choice = (cell // n, cell % n, digit)
            if any(c not in columns or choice not in columns[c] for c in choices[choice]):
                return 0  # the givens clash
            select(choice)

    def fewest() -> list:
        """The choices of the constraint with the fewest (0 or 1 ends the look), in order."""
        constraint, least = None, None
        for key, rows in columns.items():
            if least is None or len(rows) < least:
                constraint, least = key, len(rows)
                if least <= 1:
                    break
        return sorted(columns[constraint])

    # Depth first, with a stack of its own (per level: the choices left, the one made and what it removed), not
    # one call per level: MicroPython's Python stack (this file runs there too) holds too few for a 16x16 grid.
    if not columns:
        return 1
    found = 0
    stack = [[fewest(), None, None]]
    while stack:
        level = stack[-1]
        if level[1] is not None:
            deselect(level[1], level[2])
            level[1] = None
            if found >= limit:
                stack.pop()
                continue
        if not level[0]:
            stack.pop()
            continue
        choice = level[0].pop(0)
        level[1], level[2] = choice, select(choice)
        if columns:
            stack.append([fewest(), None, None])
        else:
            found += 1
    return found


def test_the_exact_cover_counter_tells_unique_several_and_none():
    unique = Grid.parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    assert count_by_exact_cover(unique) == 1
    assert count_by_exact_cover(Grid.empty("4x4")) == 2
    assert count_by_exact_cover(Grid.parse("12345678." + "........9" + "." * 63)) == 0


def assert_unique(puzzle: Grid) -> None:
    assert count_by_exact_cover(puzzle) == 1, f"not exactly one solution: {puzzle.to_line()}"


# -- exactly one solution, any shape ------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(6))
def test_9x9_puzzles_have_exactly_one_solution(seed):
    assert_unique(generate("9x9", seed=seed))


@pytest.mark.parametrize("size", ["4x4", "6x6", "6x6:3x2", "8x8", "12x12"])
def test_other_shapes_have_exactly_one_solution(size):
    puzzle = generate(size, seed=11)
    assert puzzle.shape == Shape.parse(size)
    assert_unique(puzzle)


def test_a_16x16_puzzle_has_exactly_one_solution():
    made = generate_details("16x16", seed=3)
    assert made.puzzle.shape.side == 16
    assert made.puzzle.givens < 256 * 0.45  # well thinned out, not just a few holes
    assert_unique(made.puzzle)


def test_a_36x36_quick_puzzle_has_exactly_one_solution():
    made = generate_details("36x36", seed=2, minimal=False)  # minimal 36x36 takes tens of seconds
    assert made.puzzle.shape.side == 36
    assert made.puzzle.givens < 36 * 36 * 0.65
    assert_unique(made.puzzle)


def test_the_solution_returned_is_the_puzzles_solution():
    made = generate_details("9x9", seed=5)
    assert made.solution.is_solution_of(made.puzzle)
    assert made.solution.is_complete()


# -- seeds ------------------------------------------------------------------------------------------------
def test_the_same_seed_gives_the_same_puzzle():
    assert generate("9x9", seed=42) == generate("9x9", seed=42)
    assert generate("6x6", seed="a sheet for class 3", symmetry="mirror") == \
        generate("6x6", seed="a sheet for class 3", symmetry="mirror")


def test_different_seeds_give_different_puzzles():
    puzzles = {generate("9x9", seed=seed).to_line() for seed in range(8)}
    assert len(puzzles) == 8


def test_a_seed_gives_this_exact_puzzle_on_every_platform():
    # Golden values: the same in CPython and in Pyodide (this file runs in both). They change only
    # when the method changes on purpose; then update them and say so in the commit.
    assert generate("9x9", seed=1).to_line() == \
        "....8.5.....7..9.......2617.1......3964...8.5..5..4...5...7....74.......6.29..4.."
    assert generate("6x6", seed=1, symmetry="rotate180").to_line() == GOLDEN_6X6


GOLDEN_6X6 = "...6......4.1...2525...3.1......6..."


def test_without_a_seed_a_fresh_one_is_drawn_and_recorded():
    made = generate_details("4x4")
    assert isinstance(made.seed, int)
    assert generate("4x4", seed=made.seed) == made.puzzle


# -- symmetry ----------------------------------------------------------------------------------------------
def _images(symmetry: str, n: int, r: int, c: int) -> list[tuple[int, int]]:
    return {
        "none": [],
        "rotate180": [(n - 1 - r, n - 1 - c)],
        "rotate90": [(c, n - 1 - r), (n - 1 - r, n - 1 - c), (n - 1 - c, r)],
        "mirror": [(r, n - 1 - c)],
        "diagonal": [(c, r)],
    }[symmetry]


@pytest.mark.parametrize("size", ["9x9", "6x6"])
@pytest.mark.parametrize("symmetry", SYMMETRIES)
def test_the_givens_keep_the_symmetry_asked(symmetry, size):
    puzzle = generate(size, symmetry=symmetry, seed=8)
    n = puzzle.shape.side
    for r in range(n):
        for c in range(n):
            for a, b in _images(symmetry, n, r, c):
                assert bool(puzzle[r, c]) == bool(puzzle[a, b]), (symmetry, (r, c), (a, b))
    assert_unique(puzzle)


def test_unknown_symmetry_is_refused_with_the_choices():
    with pytest.raises(ValueError, match="rotate180"):
        generate(symmetry="spiral")


# -- minimal ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size, seed", [("9x9", 2), ("9x9", 3), ("6x6", 4), ("4x4", 5)])
def test_minimal_puzzles_lose_uniqueness_when_any_given_is_removed(size, seed):
    made = generate_details(size, seed=seed)
    assert made.minimal
    puzzle = made.puzzle
    for cell, digit in enumerate(puzzle.values):
        if digit:
            assert count_by_exact_cover(puzzle.replace({cell: 0})) == 2, f"r{cell // 9 + 1}c{cell % 9 + 1} removable"


def test_not_minimal_keeps_more_givens_and_stays_unique():
    quick = generate_details("9x9", seed=6, minimal=False)
    assert not quick.minimal
    assert quick.givens > generate_details("9x9", seed=6).givens
    assert_unique(quick.puzzle)


# -- progress, cancel, time ---------------------------------------------------------------------------------
def test_progress_reports_each_stage_and_counts_up():
    seen = []
    generate("6x6", seed=1, progress=seen.append)
    assert seen[0].stage == "grid"
    removing = [p for p in seen if p.stage == "remove"]
    assert [p.done for p in removing] == list(range(1, removing[-1].total + 1))
    assert removing[-1].givens == generate("6x6", seed=1).givens


def test_cancel_stops_the_generation():
    calls = []

    def cancel() -> bool:
        calls.append(1)
        return len(calls) > 5

    with pytest.raises(GenerationCancelled):
        generate("9x9", seed=1, cancel=cancel)


def test_cancel_accepts_an_event_like_object():
    class Flag:
        def is_set(self) -> bool:
            return True

    with pytest.raises(GenerationCancelled):
        generate("9x9", cancel=Flag())


def test_a_tiny_timeout_raises_rather_than_returning_a_half_made_puzzle():
    with pytest.raises(GenerationTimeout):
        generate("16x16", seed=1, timeout=0.001)


# -- levels ---------------------------------------------------------------------------------------------
def _rater_works() -> bool:
    try:
        from sudoku_core.generator.classic import rater

        rater()
        return True
    except RaterUnavailable:
        return False


needs_rater = pytest.mark.skipif(not _rater_works(), reason="the rater (sudoku_core.logic.rate) is not ready")


@needs_rater
@pytest.mark.parametrize("level", ["Easy", "medium"])
def test_a_level_asked_is_the_level_rated(level):
    from sudoku_core.logic import rate

    made = generate_details("9x9", level=level, seed=1, timeout=30)
    word = level[:1].upper() + level[1:].lower()  # level.capitalize(), which MicroPython's str lacks
    assert made.rating.level == word
    assert rate(made.puzzle).level == word
    assert_unique(made.puzzle)


@needs_rater
def test_the_quick_check_turns_away_only_puzzles_the_rater_puts_past_the_level():
    """The generator skips rating a puzzle that the techniques of the level asked and the easier ones do not
    finish: the rater must then put it past that level (else a seed would lose puzzles it should keep)."""
    from sudoku_core.core.compat import drive
    from sudoku_core.logic import rate
    from sudoku_core.logic.rating import finishes_within_in_parts

    turned_away = 0
    for seed in range(1, 13):
        puzzle = generate("9x9", seed=seed)
        rated = LEVELS.index(rate(puzzle).level)
        for top, level in enumerate(LEVELS[:-1]):
            finishes = drive(finishes_within_in_parts(puzzle, level))
            assert finishes or rated > top, f"seed {seed}: rated {LEVELS[rated]}, turned away at {level}"
            turned_away += not finishes
    assert turned_away  # the check was put to work


@needs_rater
def test_puzzles_past_the_level_are_reported_so_and_the_one_kept_is_rated():
    seen = []
    made = generate_details("9x9", level="Medium", seed=3, timeout=30, progress=seen.append)
    rated = [p.level for p in seen if p.stage == "rate"]
    assert len(rated) == made.attempts and rated[-1] == "Medium" and made.rating.level == "Medium"
    assert "harder than Medium" in rated
    assert set(rated) <= {"Easy", "Medium", "harder than Medium"}


@needs_rater
def test_a_score_range_is_respected():
    made = generate_details("9x9", level="1.0-2.5", seed=2, timeout=30)
    assert 1.0 <= made.rating.score <= 2.5


@needs_rater
def test_a_level_not_reached_in_time_is_an_error_not_another_level():
    with pytest.raises(LevelNotReached, match="no Extreme puzzle found"):
        generate("9x9", level="Extreme", seed=1, timeout=0.001)


class ModuleStub:
    """A stand-in for a module in sys.modules (MicroPython, where this file runs too, makes no module objects)."""


def test_a_level_without_the_rater_says_so(monkeypatch):
    stub = ModuleStub()
    stub.rate = lambda grid: None  # an unfinished rater: no score, no level
    monkeypatch.setitem(sys.modules, "sudoku_core.logic", stub)
    with pytest.raises(RaterUnavailable, match="rater"):
        generate(level="hard")


@pytest.mark.parametrize("level", ["impossible", "5-2", (1, 2, 3), 3])
def test_an_unknown_level_is_refused_with_the_choices(level):
    with pytest.raises(ValueError, match="Easy"):
        generate(level=level)


def test_levels_are_the_raters_words():
    assert LEVELS == ("Easy", "Medium", "Hard", "Unfair", "Extreme")
