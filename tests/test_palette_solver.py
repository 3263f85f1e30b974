"""The variant solver under the setters' palette (thermometers, arrows, dots, XV, little killers, sandwiches,
lines, marked cells, clones, nonconsecutive, the negative constraint), specified against an independent
brute force on 4x4 and 6x6 grids: every kind alone, several together, and with Killer cages, Jigsaw
regions, X and anti-knight; constraints laid over random solutions (seeded), so that puzzles with no
solution, one, and several all occur. Bad constraints are refused with where and why."""
from __future__ import annotations

import itertools
import random

import pytest

from sudoku_core import Grid, Shape
from sudoku_core.core import solver
from sudoku_core.generator.palette import lay, lay_many
from sudoku_core.generator.variants import generate_variant, variant_names
from sudoku_core.variants import constraints as palette, propagators
from sudoku_core.variants.constraints import KINDS, Constraint, holds
from sudoku_core.variants.jigsaw import random_regions
from sudoku_core.variants.killer_cages import as_cages, lay_cages
from sudoku_core.variants.rules import Cage, Rules, RulesError
from sudoku_core.variants.solver import _palette_deductions, _tables, count_solutions, iter_solutions, solve

FOUR = Shape.parse("4x4")
SIX = Shape.parse("6x6")
LIMIT = 6  # solutions counted, by the solver and the brute force alike
FLAGS = ("nonconsecutive", "negative white", "negative black", "negative xv")


# -- the independent count: backtracking over rows, columns and houses, each constraint by `holds` -------
def _pairs_broken(rules: Rules, values: "list[int]", i: int) -> bool:
    """Does cell i break nonconsecutive or the negative constraint with a filled orthogonal neighbour?
    Written from the rules' definitions: a marked pair (any dot or XV) is exempt from the negative ones."""
    n = rules.shape.side
    marked = {frozenset(c.cells) for c in rules.constraints if c.kind in ("white_dot", "black_dot", "xv")}
    r, c = divmod(i, n)
    for j in (i - n if r else -1, i + n if r < n - 1 else -1, i - 1 if c else -1, i + 1 if c < n - 1 else -1):
        if j < 0 or not values[j]:
            continue
        a, b = values[i], values[j]
        if rules.nonconsecutive and abs(a - b) == 1:
            return True
        if frozenset((i, j)) in marked:
            continue
        if ("white" in rules.negative and abs(a - b) == 1) or ("black" in rules.negative and 2 in (a / b, b / a)) \
                or ("xv" in rules.negative and a + b in (5, 10)):
            return True
    return False


def brute_count(grid: Grid, rules: Rules, limit: int = LIMIT) -> int:
    """Solutions of `grid` under `rules`, up to `limit`: cell by cell, a digit kept when it repeats in no
    house, cage or chess move (`Rules.peers`), keeps every constraint that reads the cell (`holds`, which
    judges a constraint once its cells are filled), the cage totals, and the neighbour rules."""
    n = rules.shape.side
    values = list(grid.values)
    reading: "list[list[Constraint]]" = [[] for _ in values]
    for c in rules.constraints:
        cells = set(c.cells) | set(c.head)
        if c.kind in ("minimum", "maximum"):
            cells |= {j for i in c.cells for j in range(n * n) if palette.neighbours(i, j, n)}
        for i in cells:
            reading[i].append(c)
    cages = [[cage for cage in rules.cages if i in cage.cells] for i in range(n * n)]

    def fits(i: int) -> bool:
        if any(values[j] == values[i] for j in rules.peers[i]):
            return False
        if not all(holds(c, values, n) for c in reading[i]):
            return False
        for cage in cages[i]:
            if cage.total is not None and all(values[j] for j in cage.cells) \
                    and sum(values[j] for j in cage.cells) != cage.total:
                return False
        return not _pairs_broken(rules, values, i)

    if not all(fits(i) for i in range(n * n) if values[i]):
        return 0
    empty = [i for i in range(n * n) if not values[i]]
    found = 0

    def fill(k: int) -> bool:
        nonlocal found
        if k == len(empty):
            found += 1
            return found >= limit
        i = empty[k]
        for d in range(1, n + 1):
            values[i] = d
            if fits(i) and fill(k + 1):
                return True
        values[i] = 0
        return False

    fill(0)
    return found


# -- random puzzles ------------------------------------------------------------------------------------
def base_rules(name: str, shape: Shape, rng: random.Random, nonconsecutive: bool) -> Rules:
    regions = random_regions(shape, rng) if name == "jigsaw" else None
    return Rules(shape, regions=regions, diagonal_down=name == "x", diagonal_up=name == "x",
                 anti_knight=name == "anti-knight", nonconsecutive=nonconsecutive)


def a_solution(rules: Rules, rng: random.Random) -> "list[int] | None":
    """A solution of the empty grid under `rules`, from a random first row (nonconsecutive grids are few:
    one of the first ones of the empty grid)."""
    n = rules.shape.side
    if rules.nonconsecutive:
        found = list(itertools.islice(iter_solutions(Grid([0] * n * n, rules.shape), rules, max_nodes=20_000), 100))
        return list(rng.choice(found).values) if found else None
    row = list(range(1, n + 1))
    rng.shuffle(row)
    found = solve(Grid(row + [0] * (n * n - n), rules.shape), rules, max_nodes=20_000)
    return None if found is None else list(found.values)


def random_puzzle(kinds: "tuple[str, ...]", shape: Shape, rng: random.Random, base: str = "classic",
                  count: int = 3) -> "tuple[Grid, Rules] | None":
    """Constraints of `kinds` (and rules-wide flags among them) laid over a random solution (one time in
    four over another solution, so that some puzzles have none), and some of its digits as givens. The
    solutions are drawn under nonconsecutive when it is asked, and the negative constraint gets every dot
    of its kinds the solution has."""
    rules = base_rules(base, shape, rng, "nonconsecutive" in kinds)
    solution = a_solution(rules, rng)
    if solution is None:
        return None
    n = shape.side
    over = solution
    if rng.random() < 0.25:
        over = a_solution(rules, rng) or solution
    negative = tuple(sorted(name.split()[1] for name in kinds if name.startswith("negative")))
    laid = lay_many([k for k in kinds if k not in FLAGS] or ["odd"], count, over, n, rng)
    if negative:
        laid += _all_dots(over, n, negative, {frozenset(c.cells) for c in laid})
    if "nonconsecutive" in kinds:
        laid = [c for c in laid if not (c.kind == "white_dot" and (c.value or 1) == 1)]
    cages = as_cages(lay_cages(over, n, rng), over) if base == "killer" else ()
    rules = Rules(shape, regions=rules.regions, diagonal_down=rules.diagonal_down, diagonal_up=rules.diagonal_up,
                  anti_knight=rules.anti_knight, cages=cages, constraints=tuple(laid),
                  nonconsecutive=rules.nonconsecutive, negative=negative)
    shown = rng.randint(n * n // 4, n * n // 2) if n == 6 else rng.randint(0, n * n // 3)
    givens = [0] * (n * n)
    for i in rng.sample(range(n * n), shown):
        givens[i] = solution[i]
    return Grid(givens, shape), rules


def _all_dots(values: "list[int]", n: int, kinds: "tuple[str, ...]",
              taken: "set[frozenset[int]]") -> "list[Constraint]":
    dots = []
    for i in range(n * n):
        for j in (i + 1, i + n):
            if j >= n * n or not palette.neighbours(i, j, n) or frozenset((i, j)) in taken:
                continue
            a, b = values[i], values[j]
            if "white" in kinds and abs(a - b) == 1:
                dots.append(Constraint("white_dot", (i, j)))
            elif "black" in kinds and (a == 2 * b or b == 2 * a):
                dots.append(Constraint("black_dot", (i, j)))
            elif "xv" in kinds and a + b in (5, 10):
                dots.append(Constraint("xv", (i, j), a + b))
    return dots


def agree(grid: Grid, rules: Rules) -> int:
    """The solver's count equals the brute force's, and every solution it gives keeps every rule."""
    n = rules.shape.side
    solutions = list(iter_solutions(grid, rules, max_nodes=200_000))[:LIMIT]
    for s in solutions:
        assert all(holds(c, s.values, n) for c in rules.constraints), s.to_line()
        assert not rules.conflicts(s), (s.to_line(), rules.conflicts(s))
        assert all(g in (0, v) for g, v in zip(grid.values, s.values))
    expected = brute_count(grid, rules)
    assert len(solutions) == expected == count_solutions(grid, rules, LIMIT), (grid.to_line(), rules.to_dict())
    return expected


@pytest.mark.parametrize("shape", [FOUR, SIX], ids=["4x4", "6x6"])
@pytest.mark.parametrize("kind", KINDS + FLAGS)
def test_each_kind_alone_counts_as_the_brute_force(kind: str, shape: Shape) -> None:
    rng = random.Random(f"{kind} {shape.name}")
    if kind == "nonconsecutive" and shape == FOUR:
        assert agree(Grid([0] * 16, FOUR), Rules(FOUR, nonconsecutive=True)) == 0  # no 4x4 grid is one
        return
    made = 0
    for _ in range(12):
        puzzle = random_puzzle((kind,), shape, rng, count=rng.randint(1, 4))
        if puzzle is None:
            continue
        grid, rules = puzzle
        if not rules.constraints and kind not in FLAGS:
            continue
        agree(grid, rules)
        made += 1
    assert made >= 6


@pytest.mark.parametrize("base", ["classic", "killer", "jigsaw", "x", "anti-knight"])
@pytest.mark.parametrize("shape", [FOUR, SIX], ids=["4x4", "6x6"])
def test_kinds_together_and_with_variants_count_as_the_brute_force(base: str, shape: Shape) -> None:
    rng = random.Random(f"mix {base} {shape.name}")
    made = 0
    for _ in range(30):
        kinds = tuple(rng.sample(KINDS + FLAGS, rng.randint(2, 4)))
        puzzle = random_puzzle(kinds, shape, rng, base=base, count=rng.randint(2, 5))
        if puzzle is None:
            continue
        agree(*puzzle)
        made += 1
    assert made >= 10


@pytest.mark.parametrize("shape", [FOUR, SIX], ids=["4x4", "6x6"])
def test_the_random_puzzles_have_none_one_and_several_solutions(shape: Shape) -> None:
    """The puzzles the tests above draw test every outcome: for most kinds, on both sizes, some have no
    solution, some one and some several (by the brute force alone)."""
    mixed, seen = 0, set()
    for kind in KINDS:
        rng = random.Random(f"{kind} {shape.name}")
        counts = set()
        for _ in range(12):
            puzzle = random_puzzle((kind,), shape, rng, count=rng.randint(1, 4))
            if puzzle is not None:
                counts.add(min(brute_count(*puzzle), 2))
        mixed += len(counts) >= 2
        seen |= counts
    assert seen == {0, 1, 2} and mixed >= len(KINDS) * 3 // 4


# -- the deductions do the work -------------------------------------------------------------------------
def test_a_thermometer_of_nine_cells_is_a_house() -> None:
    nine = Shape.parse("9x9")
    bent = (0, 1, 2, 3, 4, 13, 22, 31, 40)  # along row 1, then down column 5
    rules = Rules(nine, constraints=(Constraint("thermometer", bent),))
    solution = solve(Grid([0] * 81, nine), rules)
    assert [solution.values[i] for i in bent] == list(range(1, 10))
    assert len(_tables(rules).topology.houses) == 28


def test_arrow_sum_and_pill_reach_the_digits_they_allow() -> None:
    """A one-cell shaft equals its circle; a pill of two cells reads as a two-digit number."""
    rules = Rules(FOUR, constraints=(Constraint("arrow", (1,), head=(0,)), Constraint("arrow", (6, 7, 11), head=(4, 5))))
    for s in iter_solutions(Grid([0] * 16, FOUR), rules):
        v = s.values
        assert v[0] == v[1] and 10 * v[4] + v[5] == v[6] + v[7] + v[11]
    assert brute_count(Grid([0] * 16, FOUR), rules, 1000) == count_solutions(Grid([0] * 16, FOUR), rules, 1000)


@pytest.mark.parametrize("shape", [FOUR, SIX], ids=["4x4", "6x6"])
def test_clues_read_with_the_killer_cages_they_overlap_count_as_the_brute_force(shape: Shape) -> None:
    """A clue that shares two cells or more with a cage is read together with it (`propagators._with_cages`),
    sums are read by runs of cells in one house, and cells that hold one digit share their peers: the
    counts stay the brute force's."""
    rng = random.Random(f"joined {shape.name}")
    made = joined = 0
    for _ in range(40):
        kinds = tuple(rng.sample(("quadruple", "arrow", "thermometer", "palindrome", "clone", "between", "whispers",
                                  "renban", "little_killer"), 2))
        puzzle = random_puzzle(kinds, shape, rng, base="killer", count=rng.randint(2, 5))
        if puzzle is None:
            continue
        rules = puzzle[1]
        joined += bool(propagators._with_cages(rules, [set(p) for p in rules.peers]))
        agree(*puzzle)
        made += 1
    assert made >= 20 and joined >= 8


def test_a_quadruple_read_with_a_cage_places_what_neither_alone_does() -> None:
    """A quadruple 3, 4, 5 on r3c3, r3c4, r4c3, r4c4 and a cage of 11 on its first three cells: two of 3, 4,
    5 are in the cage, and only 4 + 5 leaves a third distinct digit (2), so r4c4 is 3."""
    nine = Shape.parse("9x9")
    rules = Rules(nine, cages=(Cage((20, 21, 29), 11),),
                  constraints=(Constraint("quadruple", (20, 21, 29, 30), digits=(3, 4, 5)),))
    (joined,) = propagators._with_cages(rules, [set(p) for p in rules.peers])
    assert joined.cells == (20, 21, 29, 30)
    assert joined.deduce([0x1FF] * 4) == [0b11010, 0b11010, 0b11010, 0b100]


def test_a_quadruples_digits_leave_the_cells_that_see_all_its_places() -> None:
    """A quadruple's digit goes in one of its cells that can take it: the cells that see them all lose it
    (a 2x2 in box 2: the rest of the box, not the rest of its rows or columns)."""
    nine = Shape.parse("9x9")
    rules = Rules(nine, constraints=(Constraint("quadruple", (3, 4, 12, 13), digits=(1, 2, 5, 9)),))
    t = _tables(rules)
    (rule,) = t.palette
    cleared = dict(_palette_deductions(rule, (rule.mask,) * 9, t.peer_masks))
    for d in (0, 1, 4, 8):
        assert {i for i in range(81) if cleared[d] >> i & 1} == {5, 14, 21, 22, 23}
    assert {d for d in cleared if cleared[d] & rule.mask} == {2, 3, 5, 6, 7}  # its cells keep its four digits


def test_a_sum_reads_the_cells_of_one_house_as_distinct() -> None:
    """A little killer of 47 on six cells, two runs of three in one box each: 9 + 8 + 7 and 9 + 8 + 6, so
    every cell is 6 to 9; without the boxes' distinct digits 47 would allow a 2 (9 * 5 + 2)."""
    nine = Shape.parse("9x9")
    clue = Constraint("little_killer", (53, 43, 33, 23, 13, 3), 47, direction="UL")
    (rule,) = propagators.propagators(Rules(nine, constraints=(clue,)))
    kept = rule.deduce([0x1FF] * 6)
    assert kept == [0b111100000] * 6


def test_givens_that_break_a_constraint_give_no_solution() -> None:
    rules = Rules(FOUR, constraints=(Constraint("odd", (0,)), Constraint("thermometer", (4, 5))))
    assert count_solutions(Grid.parse("2" + "." * 15), rules) == 0
    assert count_solutions(Grid.parse("...." + "43" + "." * 10), rules) == 0


# -- refused by name -------------------------------------------------------------------------------------
@pytest.mark.parametrize("constraint, words", [
    (Constraint("arrow", (1, 2)), "arrow"),
    (Constraint("white_dot", (0, 2)), "white dot r1c1-r1c3"),
    (Constraint("sandwich", tuple(range(9)), 40), "sandwich 40 r1c1-r1c9"),
    (Constraint("thermometer", (0, 1, 0)), "listed twice"),
    (Constraint("thermometer", (0, 1, 3)), "r1c2 and r1c4 are not neighbours"),
    (Constraint("little_killer", (0, 10, 21), 15, direction="DR"), "not one diagonal"),
    (Constraint("little_killer", (0, 10, 20), 15, direction="DL"), "not one diagonal"),
])
def test_bad_constraints_are_refused_with_where_and_why(constraint: Constraint, words: str) -> None:
    with pytest.raises(RulesError, match="constraint 1, ") as err:
        Rules(Shape.parse("9x9"), constraints=(constraint,))
    assert words in str(err.value)


def test_a_kind_the_solver_does_not_know_is_refused_not_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(palette, "KINDS", KINDS + ("fog",))
    rules = Rules(FOUR, constraints=(Constraint("fog", (0,)),))
    with pytest.raises(RulesError, match="does not know the fog r1c1"):
        count_solutions(Grid([0] * 16, FOUR), rules)


def test_laid_constraints_hold_on_their_grid() -> None:
    rng = random.Random(5)
    nine = Shape.parse("9x9")
    values = solver.solve(Grid.parse("1" + "." * 80)).values
    for kind in KINDS:
        found = lay(kind, values, 9, rng)
        assert found is not None and found.kind == kind and holds(found, values, 9)
        Rules(nine, constraints=(found,))  # valid


# -- the generator: thermometers, arrows, Kropki dots, XV -------------------------------------------------
@pytest.mark.parametrize("variant, kinds", [
    ("thermometer", {"thermometer"}), ("arrow", {"arrow"}), ("kropki", {"white_dot", "black_dot"}), ("xv", {"xv"}),
    ("thermometer,kropki,x", {"thermometer", "white_dot", "black_dot"}), ("jigsaw,arrow", {"arrow"}),
])
@pytest.mark.parametrize("size", ["4x4", "6x6"])
def test_generated_palette_puzzles_have_one_solution_and_their_clues_hold(variant: str, kinds: set, size: str) -> None:
    made = generate_variant(variant, size, seed=7, timeout=60)
    n = made.givens.shape.side
    assert made.rules.constraints and {c.kind for c in made.rules.constraints} <= kinds
    assert all(c.value is None for c in made.rules.constraints if c.kind.endswith("_dot"))  # the usual dots
    assert all(holds(c, made.solution.values, n) for c in made.rules.constraints)
    assert list(iter_solutions(made.givens, made.rules)) == [made.solution]
    assert brute_count(made.givens, made.rules, 2) == 1
    assert made.givens.givens < n * n // 2  # the clues do much of the work


def test_a_palette_puzzle_with_killer_cages_is_unique_and_the_same_for_a_seed() -> None:
    made = generate_variant("killer,arrow", "6x6", seed=3, timeout=60)
    again = generate_variant("killer,arrow", "6x6", seed=3, timeout=60)
    assert made.rules == again.rules and made.givens == again.givens
    assert made.rules.cages and made.rules.constraints
    assert brute_count(made.givens, made.rules, 2) == 1


def test_palette_variant_names_and_aliases() -> None:
    assert variant_names("Thermo, dots, XV, arrows") == ("thermometer", "arrow", "kropki", "xv")
