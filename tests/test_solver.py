"""The solver, specified: exact answers on every shape, symmetry invariance, bounded work."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from sudoku_core import (Grid, SearchLimitExceeded, SearchStats, Shape, count_solutions, is_unique, iter_solutions,
                         solve, solve_and_count)

UNIQUE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."  # "AI Escargot"
NINE_CLUES = "1........2........3........4........5........6........7........8........9........"
# Conflict-free and no solution: after the givens, r1c1 is left with no candidate.
NO_SOLUTION = ".23456789" + "1" + "." * 71
SHAPES = ["4x4", "6x6", "8x8", "9x9", "12x12", "16x16", "6x6:3x2"]


def assert_solves(puzzle: Grid, solution: "Grid | None") -> None:
    assert solution is not None
    assert solution.is_solution_of(puzzle)


def test_solves_a_unique_puzzle_keeping_its_givens():
    puzzle = Grid.parse(UNIQUE)
    assert_solves(puzzle, solve(puzzle))


def test_solves_a_hard_puzzle():
    puzzle = Grid.parse(HARD)
    assert_solves(puzzle, solve(puzzle))


def test_unique_puzzle_counts_one():
    assert count_solutions(Grid.parse(UNIQUE)) == 1
    assert is_unique(Grid.parse(UNIQUE))


@pytest.mark.parametrize("spec", SHAPES + ["25x25"])
def test_empty_grid_of_every_shape_solves(spec):
    empty = Grid.empty(spec)
    assert_solves(empty, solve(empty))


@pytest.mark.parametrize("spec", SHAPES)
def test_empty_grid_has_several_solutions(spec):
    assert count_solutions(Grid.empty(spec), limit=3) == 3


def test_nine_clue_grid_has_several_solutions():
    assert count_solutions(Grid.parse(NINE_CLUES)) == 2
    assert not is_unique(Grid.parse(NINE_CLUES))


def test_clashing_givens_in_one_box_have_no_solution():
    clash = Grid.parse("5........" + ".5......." + "." * 63)
    assert solve(clash) is None
    assert count_solutions(clash) == 0


def test_conflict_free_grid_without_solution_is_answered_quickly():
    grid = Grid.parse(NO_SOLUTION)
    assert not grid.conflicts()
    stats = SearchStats()
    assert solve(grid, stats=stats) is None
    assert stats.nodes <= 1


def test_a_wrong_but_conflict_free_given_is_refuted():
    # UNIQUE with r1c2 = 6: no clash among the givens, yet no solution exists.
    grid = Grid.parse("46....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    assert not grid.conflicts()
    assert solve(grid) is None
    assert count_solutions(grid, limit=2) == 0


def test_iter_solutions_yields_distinct_valid_solutions_in_a_fixed_order():
    grid = Grid.parse(NINE_CLUES)
    first = [s.to_line() for _, s in zip(range(5), iter_solutions(grid))]
    again = [s.to_line() for _, s in zip(range(5), iter_solutions(grid))]
    assert first == again
    assert len(set(first)) == 5
    assert all(Grid.parse(s).is_solution_of(grid) for s in first)


def test_count_limit_is_respected():
    assert count_solutions(Grid.empty("4x4"), limit=1000) == 288
    assert count_solutions(Grid.empty("4x4"), limit=10) == 10


def test_count_limit_must_be_positive():
    with pytest.raises(ValueError):
        count_solutions(Grid.parse(UNIQUE), limit=0)


def test_node_budget_gives_up_clearly():
    with pytest.raises(SearchLimitExceeded, match="gave up"):
        count_solutions(Grid.empty("9x9"), limit=10**9, max_nodes=50)


def test_timeout_gives_up_clearly():
    with pytest.raises(SearchLimitExceeded, match="time"):
        count_solutions(Grid.empty("9x9"), limit=10**9, timeout=0.05)


def test_solve_and_count_gives_the_first_solution_and_the_count_up_to_the_limit():
    empty = Grid.empty("4x4")
    assert solve_and_count(empty, 10) == (solve(empty), 10, None)
    assert solve_and_count(Grid.parse(UNIQUE)) == (solve(Grid.parse(UNIQUE)), 1, None)
    assert solve_and_count(Grid.parse(NO_SOLUTION)) == (None, 0, None)


def test_solve_and_count_hands_over_the_first_solution_once():
    seen = []
    tally = solve_and_count(Grid.empty("4x4"), 3, on_first=seen.append)
    assert seen == [tally.first] and tally.count == 3


def test_solve_and_count_keeps_what_it_found_when_the_budget_runs_out():
    first, count, gave_up = solve_and_count(Grid.empty("9x9"), 10**9, max_nodes=50)
    assert first is not None and first.is_solved() and count >= 1 and "gave up" in gave_up
    assert solve_and_count(Grid.parse(HARD), max_nodes=1) == (None, 0, "gave up after 1 search nodes")


def test_stats_count_guesses():
    stats = SearchStats()
    solve(Grid.parse(HARD), stats=stats)
    assert stats.guesses > 0 and stats.nodes > stats.guesses / 9


def test_a_puzzle_solved_by_propagation_needs_no_guess():
    stats = SearchStats()
    easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    solve(Grid.parse(easy), stats=stats)
    assert stats.guesses == 0


def test_sixty_four_by_sixty_four_with_most_cells_given_solves():
    n, r = 64, 8  # a solved grid by the pattern formula: row shifts of r within a band, 1 across bands
    values = [((r * (row % r) + row // r + col) % n) + 1 for row in range(n) for col in range(n)]
    solution = Grid(values, Shape.parse("64x64"))
    assert solution.is_solved()
    rng = random.Random(7)
    holes = dict.fromkeys(rng.sample(range(n * n), 600), 0)
    puzzle = solution.replace(holes)
    assert_solves(puzzle, solve(puzzle, timeout=60))


# -- symmetry: the solution count does not change under the moves that keep Sudoku's rules --------
def _transform(line: str, rng: random.Random) -> "tuple[str, callable]":
    """A random Sudoku symmetry of a 9x9 line (relabel, rows within bands, bands, columns likewise,
    transpose), and the same map to apply to solutions."""
    relabel = list("123456789")
    rng.shuffle(relabel)
    table = {str(k + 1): relabel[k] for k in range(9)}
    table["."] = "."
    bands = rng.sample(range(3), 3)
    rows = [b * 3 + r for b in bands for r in rng.sample(range(3), 3)]
    stacks = rng.sample(range(3), 3)
    cols = [s * 3 + c for s in stacks for c in rng.sample(range(3), 3)]
    flip = rng.random() < 0.5

    def apply(text: str) -> str:
        cells = [[table[text[r * 9 + c]] for c in cols] for r in rows]
        if flip:
            cells = [list(col) for col in zip(*cells)]
        return "".join("".join(row) for row in cells)

    return apply(line), apply


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), puzzle=st.sampled_from([UNIQUE, HARD, NINE_CLUES]))
def test_solution_count_and_solutions_follow_the_symmetries(seed, puzzle):
    moved, apply = _transform(puzzle, random.Random(seed))
    original, image = Grid.parse(puzzle), Grid.parse(moved)
    assert count_solutions(image, limit=2) == count_solutions(original, limit=2)
    if count_solutions(original) == 1:
        assert solve(image).to_line() == apply(solve(original).to_line())


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), spec=st.sampled_from(["4x4", "6x6", "9x9", "8x8"]), keep=st.floats(0.2, 0.7))
def test_random_subsets_of_a_solution_solve_to_a_valid_grid(seed, spec, keep):
    rng = random.Random(seed)
    full = solve(Grid.empty(spec))
    holes = {i: 0 for i in range(full.shape.cell_count) if rng.random() > keep}
    puzzle = full.replace(holes)
    assert_solves(puzzle, solve(puzzle))
    assert count_solutions(puzzle, limit=2) >= 1
