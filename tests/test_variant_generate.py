"""The variant generator: every puzzle it makes has exactly one solution (by the variant solver and by a
brute-force counter written here from the rules' definitions), Jigsaw regions and Killer cages are what
those puzzles promise, a seed makes the same puzzle again, in parts as in one run, and the bridge makes them too
(the CLI's `generate --variant`: tests/test_variant_cli.py; this file runs inside MicroPython too, where the CLI is
not and the bridge, the light engine, makes them within its share of search work or hands them on)."""
from __future__ import annotations

import random

import pytest

from sudoku_core import Grid, bridge
from sudoku_core.generator.classic import RaterUnavailable
from sudoku_core.variants.jigsaw import box_tilings, is_connected, orthogonal, random_regions
from sudoku_core.variants.killer_cages import lay_cages
from sudoku_core.variants.rules import Rules
from sudoku_core.core.shape import Shape
from sudoku_core.generator import variants as variant_generate
from sudoku_core.generator.variants import generate_variant, generate_variant_in_parts, variant_names
from sudoku_core.variants.solver import count_solutions


# -- an independent counter ---------------------------------------------------------------------------
def brute_count(grid: Grid, rules: Rules, limit: int = 2) -> int:
    """Solutions of `grid` under `rules`, up to `limit`, by plain backtracking (the cell with the fewest
    digits left first) over the rules as defined: rows, columns, boxes or regions, diagonals, knight's and
    king's moves, cages."""
    n = grid.shape.side
    regions = rules.regions or [[i for i in range(n * n) if grid.shape.box_of(i) == b] for b in range(n)]
    groups = [list(range(r * n, r * n + n)) for r in range(n)] + [list(range(c, n * n, n)) for c in range(n)]
    groups += [list(r) for r in regions]
    if rules.diagonal_down:
        groups.append([i * n + i for i in range(n)])
    if rules.diagonal_up:
        groups.append([(n - 1 - i) * n + i for i in range(n)])
    steps = ([(1, 2), (2, 1), (1, -2), (2, -1)] if rules.anti_knight else []) + \
            ([(1, 1), (1, -1)] if rules.anti_king else [])
    apart: "list[set[int]]" = [set() for _ in range(n * n)]  # cells that must differ from each cell
    for group in groups + [list(c.cells) for c in rules.cages]:
        for a in group:
            apart[a].update(b for b in group if b != a)
    for i in range(n * n):
        r, c = divmod(i, n)
        for dr, dc in steps:
            if 0 <= r + dr < n and 0 <= c + dc < n:
                j = (r + dr) * n + c + dc
                apart[i].add(j)
                apart[j].add(i)
    cage_of = {i: cage for cage in rules.cages for i in cage.cells}
    values = [0] * (n * n)
    found = 0

    def fits(i: int, d: int) -> bool:
        if any(values[j] == d for j in apart[i]):
            return False
        cage = cage_of.get(i)
        if cage is None or cage.total is None:
            return True
        total = d + sum(values[j] for j in cage.cells if j != i)
        left = sum(1 for j in cage.cells if j != i and not values[j])
        return total == cage.total if left == 0 else total < cage.total

    def fill() -> None:
        nonlocal found
        open_ = [i for i in range(n * n) if not values[i]]
        if not open_:
            found += 1
            return
        options = {i: [d for d in range(1, n + 1) if fits(i, d)] for i in open_}
        cell = min(open_, key=lambda i: len(options[i]))
        for d in options[cell]:
            values[cell] = d
            fill()
            values[cell] = 0
            if found >= limit:
                return

    for i, d in enumerate(grid.values):
        if d:
            if not fits(i, d):
                return 0
            values[i] = d
    fill()
    return found


def assert_unique_and_solved(made) -> None:
    assert made.rules.conflicts(made.solution) == []
    assert made.solution.is_complete()
    assert all(g in (0, s) for g, s in zip(made.givens.values, made.solution.values))
    assert count_solutions(made.givens, made.rules, 3) == 1


SMALL = [("killer", "4x4"), ("jigsaw", "4x4"), ("x", "4x4"), ("anti-knight", "4x4"), ("killer,jigsaw", "4x4"),
         ("jigsaw,x", "4x4"), ("killer", "6x6"), ("jigsaw", "6x6"), ("x", "6x6"), ("anti-knight", "6x6"),
         ("anti-king", "6x6"), ("killer,jigsaw", "6x6"), ("killer,anti-king", "6x6"), ("x", "6x6:3x2")]


@pytest.mark.parametrize("variant, size", SMALL)
@pytest.mark.parametrize("seed", [1, 2])
def test_small_puzzles_have_one_solution_by_the_solver_and_by_brute_force(variant, size, seed):
    made = generate_variant(variant, size, seed=seed)
    assert_unique_and_solved(made)
    assert brute_count(made.givens, made.rules, 3) == 1


@pytest.mark.parametrize("variant", ["x", "windoku", "anti-knight", "anti-king", "killer", "jigsaw",
                                     "killer,windoku", "killer,jigsaw", "x,anti-king"])
def test_9x9_puzzles_have_one_solution(variant):
    made = generate_variant(variant, "9x9", seed=5)
    assert_unique_and_solved(made)
    assert made.givens.shape.side == 9


def test_the_rules_are_those_named():
    rules = generate_variant("x,anti-king,windoku", seed=1).rules
    assert rules.diagonal_down and rules.diagonal_up and rules.anti_king and rules.windows
    assert not rules.anti_knight and rules.regions is None and not rules.cages


def test_the_brute_force_counter_sees_a_second_solution():
    # an empty X grid has many solutions: a counter that found one only would pass every test above
    made = generate_variant("x", "4x4", seed=1)
    empty = Grid([0] * 16, made.givens.shape)
    assert brute_count(empty, made.rules, 2) == 2 == count_solutions(empty, made.rules, 2)


# -- Jigsaw regions --------------------------------------------------------------------------------
@pytest.mark.parametrize("size", ["4x4", "6x6", "8x8", "9x9"])
def test_jigsaw_regions_are_connected_and_partition_the_grid_and_are_not_boxes(size):
    shape = Shape.parse(size)
    for seed in range(5):
        regions = random_regions(shape, random.Random(seed))
        n = shape.side
        assert len(regions) == n and all(len(r) == n for r in regions)
        assert sorted(i for r in regions for i in r) == list(range(n * n))
        assert all(is_connected(r, n) for r in regions)
        assert frozenset(frozenset(r) for r in regions) not in box_tilings(n)


def test_a_jigsaw_puzzle_replaces_the_boxes():
    made = generate_variant("jigsaw", "6x6", seed=4)
    assert made.rules.regions is not None
    assert all(len({made.solution.values[i] for i in r}) == 6 for r in made.rules.regions)


# -- Killer cages ----------------------------------------------------------------------------------
@pytest.mark.parametrize("size, seed", [("4x4", 1), ("6x6", 2), ("9x9", 3), ("9x9", 4)])
def test_killer_cages_are_connected_with_distinct_digits_and_the_solutions_totals(size, seed):
    made = generate_variant("killer", size, seed=seed)
    side, values = made.givens.shape.side, made.solution.values
    cells = sorted(i for cage in made.rules.cages for i in cage.cells)
    assert cells == list(range(side * side))  # every cell is in one cage
    for cage in made.rules.cages:
        assert is_connected(cage.cells, side)
        assert len({values[i] for i in cage.cells}) == len(cage.cells) < side
        assert cage.total == sum(values[i] for i in cage.cells)


def test_killer_puzzles_have_no_givens_by_default_and_mostly_cages_of_two_to_five():
    sizes = []
    for seed in range(4):
        made = generate_variant("killer", seed=seed)
        assert made.givens.givens == 0 and made.minimal
        sizes += [len(c.cells) for c in made.rules.cages]
    assert sum(2 <= s <= 5 for s in sizes) >= 0.9 * len(sizes)


def test_laid_cages_leave_a_lone_cell_only_where_no_touching_cage_can_take_it():
    values = generate_variant("x", seed=9).solution.values
    for seed in range(10):
        cut = lay_cages(values, 9, random.Random(seed))
        owner = {i: cage for cage in cut for i in cage}
        for cage in cut:
            if len(cage) == 1:
                (cell,) = cage
                for j in orthogonal(cell, 9):
                    other = owner[j]
                    assert values[cell] in {values[i] for i in other} or len(other) >= 6


def test_a_killer_asked_for_givens_shows_at_least_that_many_symmetrically():
    made = generate_variant("killer", "6x6", seed=3, givens=5, symmetry="rotate180")
    values = made.givens.values
    assert made.givens.givens >= 5
    assert all(bool(values[i]) == bool(values[35 - i]) for i in range(36))
    assert_unique_and_solved(made)


# -- determinism and options -----------------------------------------------------------------------
@pytest.mark.parametrize("variant", ["killer", "jigsaw", "killer,x", "anti-king"])
def test_the_same_seed_makes_the_same_puzzle(variant):
    def made(seed: int) -> tuple:
        puzzle = generate_variant(variant, "6x6", seed=seed)
        return puzzle.givens, puzzle.rules, puzzle.solution

    assert made(11) == made(11)
    assert made(12) != made(11)


def test_in_parts_each_with_the_light_engine_s_share_the_same_puzzle_is_made():
    """Driven as the light engine drives it (a fresh share of search work for each part), the generator pauses
    less often than it searches and makes the puzzle made in one run."""
    from sudoku_core import variants
    from sudoku_core.bridge.protocol import LIGHT_VARIANT_WORK

    want = generate_variant("x", "9x9", seed=2, symmetry="rotate180")
    parts = generate_variant_in_parts("x", "9x9", seed=2, symmetry="rotate180")
    count = 0
    try:
        while True:
            variants.light_work = variants.LightWork(LIGHT_VARIANT_WORK)
            try:
                next(parts)
            except StopIteration as done:
                made = done.value
                break
            assert not variants.light_work.spent
            count += 1
    finally:
        variants.light_work = None
    assert (made.givens, made.rules, made.solution) == (want.givens, want.rules, want.solution)
    assert 2 <= count < 41  # a pause after the puzzle made, and fewer than one per orbit tried


def test_a_search_past_the_light_engine_s_share_pauses_at_once():
    # the bridge looks at the share when the generator pauses: nothing may be made of a search cut short first
    from sudoku_core import variants

    parts = generate_variant_in_parts("killer", "9x9", seed=3)
    try:
        variants.light_work = variants.LightWork(2_000)  # a few nodes: the first try at a full grid runs out
        next(parts)
        assert variants.light_work.spent
    finally:
        variants.light_work = None
        parts.close()


def test_symmetric_givens_keep_the_symmetry():
    values = generate_variant("x", seed=2, symmetry="rotate180").givens.values
    assert all(bool(values[i]) == bool(values[80 - i]) for i in range(81))


def test_variant_names_are_read_in_any_case_and_order_and_unknown_ones_named():
    assert variant_names("X, Killer") == ("killer", "x")
    assert variant_names(["hyper", "antiking"]) == ("windoku", "anti-king")
    with pytest.raises(ValueError, match="unknown variant 'sandwich'"):
        variant_names("killer,sandwich")


@pytest.mark.parametrize("kwargs, message", [
    (dict(variant="windoku", shape="6x6"), "9x9 grids, not 6x6"),
    (dict(variant="killer", shape="16x16"), "from 4x4 to 9x9"),
    (dict(variant="x", givens=3), "Killer puzzles only"),
    (dict(variant="anti-king", shape="4x4"), "no 4x4 grid obeys anti-king"),
    (dict(variant="x", symmetry="spiral"), "unknown symmetry"),
])
def test_bad_options_raise_value_errors_that_say_why(kwargs, message):
    with pytest.raises(ValueError, match=message):
        generate_variant(**kwargs)


def test_a_level_needs_a_rater_that_takes_the_rules(monkeypatch):
    monkeypatch.setattr(variant_generate, "rater", lambda: (lambda grid: None))
    with pytest.raises(RaterUnavailable, match="takes the rules"):
        generate_variant("x", "6x6", seed=1, level="hard")


def test_a_level_asked_is_the_level_got_from_the_rater(monkeypatch):
    class Rating:
        def __init__(self, level: str) -> None:
            self.level, self.score = level, 1.0

    calls = []

    def rate(grid, rules=None):
        calls.append(rules)
        return Rating("Hard" if len(calls) == 3 else "Easy")  # the third puzzle made is the hard one

    monkeypatch.setattr(variant_generate, "rater", lambda: rate)
    made = generate_variant("x", "6x6", seed=1, level="hard")
    assert made.rating.level == "Hard" and made.attempts == 3
    assert all(rules.diagonal_down for rules in calls)


def test_the_quick_check_turns_away_only_variant_puzzles_the_rater_puts_past_the_level():
    """As for classic puzzles (tests/test_generate.py): under the rules, a puzzle that the techniques of a level and
    the easier ones do not finish is rated past that level; and a search at a level keeps the puzzle rated so."""
    from sudoku_core.core.compat import drive
    from sudoku_core.logic import rate
    from sudoku_core.logic.levels import LEVELS
    from sudoku_core.logic.rating import finishes_within_in_parts

    turned_away = 0
    for variant in ("x", "killer", "jigsaw"):
        for seed in range(1, 4):
            made = generate_variant(variant, "6x6", seed=seed)
            rated = LEVELS.index(rate(made.givens, rules=made.rules).level)
            for top, level in enumerate(LEVELS[:-1]):
                finishes = drive(finishes_within_in_parts(made.givens, level, made.rules))
                assert finishes or rated > top, f"{variant} seed {seed}: rated {LEVELS[rated]}, turned away at {level}"
                turned_away += not finishes
    assert turned_away
    made = generate_variant("x", "6x6", seed=2, level="medium")
    assert made.rating.level == "Medium" == rate(made.givens, rules=made.rules).level


# -- the bridge ------------------------------------------------------------------------------------
def test_the_bridge_generates_a_variant_puzzle_with_its_rules():
    reply = bridge.handle({"op": "generate", "variant": "killer,x", "size": "6x6", "seed": 3})
    assert reply["ok"], reply  # the light engine's too: its searches stay within its share
    result = reply["result"]
    shape = Shape.parse("6x6")
    rules = Rules.from_dict(shape, result["rules"])
    assert rules.cages and rules.diagonal_down and result["variant"] == "killer,x"
    puzzle = Grid.parse(result["puzzle"], shape)
    assert count_solutions(puzzle, rules, 2) == 1
    assert Grid.parse(result["solution"], shape).to_line() == generate_variant("killer,x", "6x6", seed=3).solution.to_line()


@pytest.mark.parametrize("fields, message", [
    ({"variant": "chess"}, "Unknown variant 'chess'"),
    ({"variant": 7}, "'variant' must be text"),
    ({"variant": "windoku", "size": "4x4"}, "9x9 grids, not 4x4"),
    ({"variant": "killer", "givens": -1}, "'givens' must be a whole number"),
])
def test_the_bridge_refuses_bad_variant_fields_with_a_sentence(fields, message):
    reply = bridge.handle(dict({"op": "generate"}, **fields))
    assert not reply["ok"] and reply["error"]["code"] == "bad_request"
    assert message in reply["error"]["message"]
