"""The variant solver, specified: every rule alone and together against an independent brute-force checker
on 4x4 grids, the 9x9 sets of data/variants/, cage tables against itertools, budgets, determinism, and
the classic rules handed to the classic solver."""
from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from sudoku_core import Grid, SearchLimitExceeded, SearchStats, Shape
from sudoku_core.core import solver
# itertools' product and combinations and int.bit_count, which MicroPython lacks (this file runs there too)
from sudoku_core.core.compat import bit_count, combinations, product
from sudoku_core.core.culprits import culprits
from sudoku_core.variants.rules import Cage, Rules, RulesError, sum_range
from sudoku_core.variants.topology import pair_eliminations
from sudoku_core.variants.solver import (_house_sums, _Search, _tables, cage_combinations, count_solutions, is_unique,
                                        iter_solutions, solve, solve_and_count)

DATA = Path(__file__).resolve().parent.parent / "data" / "variants"
NINE = Shape.parse("9x9")
FOUR = Shape.parse("4x4")
SIX = Shape.parse("6x6")
UNIQUE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def load(name: str) -> "list[dict]":
    return [json.loads(line) for line in (DATA / name).read_text().splitlines() if line.strip()]


# -- an independent checker: every rule written out from its definition, not from Rules.houses/peers ----
def breaks_a_rule(values: "tuple[int, ...]", rules: Rules) -> "str | None":
    """Why a full grid breaks `rules`, or None when it keeps them all."""
    shape = rules.shape
    n = shape.side
    at = lambda r, c: values[r * n + c]  # noqa: E731
    if sorted(values) != sorted(list(range(1, n + 1)) * n):
        return "not a full grid of each digit n times"
    groups = [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]
    if rules.regions is None:
        br, bc = shape.box_rows, shape.box_cols
        groups += [[(r0 + r) * n + c0 + c for r in range(br) for c in range(bc)]
                   for r0 in range(0, n, br) for c0 in range(0, n, bc)]
    else:
        groups += [list(region) for region in rules.regions]
    if rules.diagonal_down:
        groups.append([i * n + i for i in range(n)])
    if rules.diagonal_up:
        groups.append([i * n + (n - 1 - i) for i in range(n)])
    if rules.windows:
        groups += [[(r0 + r) * n + c0 + c for r in range(3) for c in range(3)] for r0 in (1, 5) for c0 in (1, 5)]
    groups += [list(region) for region in rules.extra_regions]
    groups += [list(cage.cells) for cage in rules.cages]
    for group in groups:
        digits = [values[i] for i in group]
        if len(set(digits)) != len(digits):
            return f"repeat in {group}"
    for cage in rules.cages:
        if cage.total is not None and sum(values[i] for i in cage.cells) != cage.total:
            return f"cage {cage.cells} does not add up to {cage.total}"
    moves = []
    if rules.anti_knight:
        moves += [(1, 2), (2, 1), (1, -2), (2, -1)]
    if rules.anti_king:
        moves += [(1, 1), (1, -1)]
    for r in range(n):
        for c in range(n):
            for dr, dc in moves:
                if 0 <= r + dr < n and 0 <= c + dc < n and at(r, c) == at(r + dr, c + dc):
                    return f"r{r + 1}c{c + 1} and r{r + dr + 1}c{c + dc + 1} repeat a chess move apart"
    return None


def latin_squares(n: int) -> "list[tuple[int, ...]]":
    """Every n x n Latin square (n = 4: 576), by plain backtracking over cells."""
    out: list[tuple[int, ...]] = []
    values = [0] * (n * n)

    def fill(i: int) -> None:
        if i == n * n:
            out.append(tuple(values))
            return
        r, c = divmod(i, n)
        used = {values[r * n + k] for k in range(c)} | {values[k * n + c] for k in range(r)}
        for d in range(1, n + 1):
            if d not in used:
                values[i] = d
                fill(i + 1)
        values[i] = 0

    fill(0)
    return out


LATIN_4 = latin_squares(4)


def brute_force(grid: Grid, rules: Rules) -> "set[tuple[int, ...]]":
    return {sq for sq in LATIN_4 if all(g in (0, v) for g, v in zip(grid.values, sq)) and breaks_a_rule(sq, rules) is None}


def random_cages(rng: random.Random, n: int, solution: "tuple[int, ...] | None", count: int) -> "tuple[Cage, ...]":
    """Up to `count` non-overlapping cages of 1-4 orthogonally connected cells; totals from `solution` or
    random (possibly impossible), some without a total."""
    free = set(range(n * n))
    cages = []
    for _ in range(count):
        if not free:
            break
        cells = [rng.choice(sorted(free))]
        free.discard(cells[0])
        for _ in range(rng.randrange(0, 4)):
            r, c = divmod(rng.choice(cells), n)
            options = sorted((r + dr) * n + c + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                             if 0 <= r + dr < n and 0 <= c + dc < n and (r + dr) * n + c + dc in free)
            if options:
                cells.append(rng.choice(options))
                free.discard(cells[-1])
        if rng.random() < 0.2:
            total = None
        elif solution is not None and rng.random() < 0.7:
            total = sum(solution[i] for i in cells)
        else:
            total = rng.randint(*sum_range(len(cells), n))
        if total is not None:
            total = min(max(total, sum_range(len(cells), n)[0]), sum_range(len(cells), n)[1])
        cages.append(Cage(tuple(sorted(cells)), total))
    return tuple(cages)


def random_regions_4(rng: random.Random) -> "tuple[tuple[int, ...], ...] | None":
    """Four connected regions of four cells on a 4x4 (tetromino tilings), found by trying random growth."""
    for _ in range(200):
        owner = [-1] * 16
        ok = True
        for k in range(4):
            start = next(i for i in range(16) if owner[i] < 0)
            cells = [start]
            owner[start] = k
            while len(cells) < 4:
                options = sorted({j for i in cells for j in (i - 4, i + 4, i - 1 if i % 4 else -1, i + 1 if i % 4 < 3 else -1)
                                  if 0 <= j < 16 and owner[j] < 0})
                if not options:
                    ok = False
                    break
                j = rng.choice(options)
                owner[j] = k
                cells.append(j)
            if not ok:
                break
        if ok:
            return tuple(tuple(i for i in range(16) if owner[i] == k) for k in range(4))
    return None


def random_rules_4(rng: random.Random) -> Rules:
    solution = rng.choice(LATIN_4)
    regions = random_regions_4(rng) if rng.random() < 0.4 else None
    return Rules(
        FOUR, regions=regions,
        diagonal_down=rng.random() < 0.3, diagonal_up=rng.random() < 0.3,
        anti_knight=rng.random() < 0.15, anti_king=rng.random() < 0.15,
        extra_regions=((0, 5, 10),) if rng.random() < 0.15 else (),
        cages=random_cages(rng, 4, solution, rng.randrange(0, 7)) if rng.random() < 0.7 else (),
    )


# -- 4x4: every solution, against brute force -----------------------------------------------------
@pytest.mark.parametrize("seed", range(300))
def test_every_rule_alone_and_together_matches_brute_force_on_4x4(seed):
    rng = random.Random(seed)
    rules = random_rules_4(rng)
    givens = [0] * 16
    for i in rng.sample(range(16), rng.randrange(0, 5)):
        givens[i] = rng.randint(1, 4)
    grid = Grid(givens, FOUR)
    expected = brute_force(grid, rules)
    found = [s.values for s in iter_solutions(grid, rules)]
    assert len(found) == len(set(found))
    assert set(found) == expected
    assert count_solutions(grid, rules, limit=3) == min(3, len(expected))
    tally = solve_and_count(grid, rules, 2)
    assert tally.count == min(2, len(expected)) and tally.gave_up is None
    assert (tally.first is None) == (not expected)
    if found:
        assert tally.first.values == found[0] == solve(grid, rules).values
        assert rules.conflicts(tally.first) == []


def random_whole_cages_4(rng: random.Random, solution: "tuple[int, ...]") -> "tuple[Cage, ...]":
    """Cages covering the whole 4x4, totals from `solution` (so the innies and outies of unions of rows and
    columns all apply)."""
    cages = random_cages(rng, 4, None, 16)
    covered = {i for c in cages for i in c.cells}
    cells = [c.cells for c in cages] + [(i,) for i in range(16) if i not in covered]
    # a cage's digits are distinct: where the solution repeats one, the cage falls apart into single cells
    cells = [c for cs in cells for c in ((cs,) if len({solution[i] for i in cs}) == len(cs) else ((i,) for i in cs))]
    return tuple(Cage(c, sum(solution[i] for i in c)) for c in cells)


@pytest.mark.parametrize("seed", range(60))
def test_jigsaw_and_whole_killer_cagings_match_brute_force_on_4x4(seed):
    """Regions always (locked candidates between regions and lines) and, half the time, a whole caging
    (innies and outies over runs of rows and columns)."""
    rng = random.Random(1000 + seed)
    regions = random_regions_4(rng)
    solution = rng.choice(LATIN_4)
    cages = random_whole_cages_4(rng, solution) if seed % 2 else ()
    rules = Rules(FOUR, regions=regions, diagonal_down=rng.random() < 0.3, cages=cages)
    givens = [0] * 16
    for i in rng.sample(range(16), rng.randrange(0, 3)):
        givens[i] = solution[i] if rng.random() < 0.8 else rng.randint(1, 4)
    grid = Grid(givens, FOUR)
    expected = brute_force(grid, rules)
    found = [s.values for s in iter_solutions(grid, rules)]
    assert len(found) == len(set(found)) and set(found) == expected


def test_locked_candidates_between_a_region_and_a_row_eliminate():
    # Region 1 is r1c1-r1c3 and r2c1; when 1 cannot go in r2c1, region 1's 1 is in row 1 (r1c1-r1c3),
    # so r1c4 cannot be 1. Nothing else removes it: the grid is otherwise empty.
    regions = ((0, 1, 2, 4), (3, 7, 11, 15), (5, 6, 9, 10), (8, 12, 13, 14))
    rules = Rules(FOUR, regions=regions)
    search = _Search(Grid.empty("4x4"), rules, None, None, None)
    cand = search._start()
    cand[0] &= ~(1 << 4)
    assert search._propagate(cand) >= 0
    assert not cand[0] >> 3 & 1
    assert all(cand[0] >> i & 1 for i in (0, 1, 2))
    # and the other way: row 4's 2 confined to region 4 (r4c1-r4c3) clears 2 from r3c1
    cand = search._start()
    cand[1] &= ~(1 << 15)
    assert search._propagate(cand) >= 0
    assert not cand[1] >> 8 & 1
    # the classic box-line pairs are left to the classic packed rule: a diagonal pairs with the boxes only
    # (it meets a row or a column in one cell)
    assert len(_tables(Rules(FOUR, diagonal_down=True)).pairs) == 1
    assert len(_tables(Rules(FOUR, regions=regions)).pairs) == 2  # regions with rows, regions with columns


# -- the topology: the rules' houses and peers as the search's tables -------------------------------------
def board(cells) -> int:
    return sum(1 << i for i in cells)


TOPOLOGY_RULES = [
    Rules(NINE, diagonal_down=True, diagonal_up=True),
    Rules(NINE, windows=True, anti_knight=True),
    Rules.from_dict(NINE, load("jigsaw_9x9.jsonl")[0]["rules"]),
    Rules.from_dict(NINE, load("killer_9x9.jsonl")[0]["rules"]),
    Rules(NINE, extra_regions=((0, 10, 20, 30, 40, 50, 60, 70, 80), (1, 2, 3)), anti_king=True),
    Rules(SIX, diagonal_down=True, regions=tuple(tuple(r * 6 + c for c in range(6)) for r in range(6))),
    Rules(FOUR, regions=((0, 1, 4, 8), (2, 3, 6, 7), (5, 9, 10, 11), (12, 13, 14, 15)),
          cages=(Cage((0, 1, 4, 5), 10),)),
]


@pytest.mark.parametrize("rules", TOPOLOGY_RULES, ids=range(len(TOPOLOGY_RULES)))
def test_the_topology_has_the_houses_and_peers_of_its_rules(rules):
    topology = _tables(rules).topology
    n = rules.shape.side
    assert topology.peer_masks == tuple(board(p) for p in rules.peers)
    expected = {board(u.cells) for u in rules.houses if len(u.cells) == n}
    expected |= {board(c.cells) for c in rules.cages if len(c.cells) == n}
    assert set(topology.houses) == expected and len(topology.houses) == len(expected)
    # every full house is in some kind; the houses of a kind are disjoint
    groups = [group for kind in topology.kinds for group in kind]
    assert {h for group in groups for h in group} == expected
    for group in groups:
        union = 0
        for house in group:
            assert not union & house
            union |= house


@pytest.mark.parametrize("rules", TOPOLOGY_RULES, ids=range(len(TOPOLOGY_RULES)))
def test_hidden_singles_and_locked_candidates_of_the_tables_match_a_house_by_house_count(rules):
    """On random candidate boards (any, even impossible ones): the packed folds and masked shifts find
    the same hidden singles, empty houses and locked-candidate eliminations as a plain walk over the
    houses (the houses of any shape looked at only when the lines and the houses folded like them
    have no single)."""
    t = _tables(rules)
    n, cells = t.n, t.stride
    kinds = [group for kind in t.topology.kinds for group in kind]
    rng = random.Random(5)
    for _ in range(40):
        density = rng.choice([0.15, 0.3, 0.6])
        boards = [sum(1 << i for i in range(cells) if rng.random() < density) for _ in range(n)]
        packed = sum(b << (d * cells) for d, b in enumerate(boards))
        # hidden singles: the search's answer (-1 for a digit with no place in a house) ...
        found = _Search(Grid.empty(rules.shape.spec), rules, None, None, None)._hidden_singles(packed, 0)
        classic_kinds, lattice, irregular = t.topology.kinds
        answer = None
        for part in (classic_kinds + lattice, irregular):
            expected, empty = 0, False
            for house in [h for group in part for h in group]:
                for d, b in enumerate(boards):
                    x = b & house
                    empty |= not x
                    if x and not x & (x - 1):
                        expected |= x << (d * cells)
            answer = -1 if empty else expected
            if answer:
                break
        assert found == answer
        # locked candidates between two kinds, not rows, columns and boxes among themselves
        classic = 3 if t.topology.boxes else 2
        gone = 0
        for a in range(len(kinds)):
            for b in range(max(a + 1, classic), len(kinds)):
                if not any(bit_count(x & y) >= 2 for x in kinds[a] for y in kinds[b]):
                    continue
                pairs = list(product(kinds[a], kinds[b]))
                for x, y in pairs + [(y, x) for x, y in pairs]:
                    for d, cand in enumerate(boards):
                        if cand & x and not cand & x & ~y:  # d of house x lies in house y: y loses it elsewhere
                            gone |= (cand & y & ~x) << (d * cells)
        assert pair_eliminations(t.pairs, packed, cells) & packed == gone


def test_the_45_rule_over_runs_of_rows():
    # Rows 1-2 of a 4x4 hold 2 x 10 = 20. Cages inside them total 17, so r2c3 + r2c4 = 3 (innies of two
    # rows: a cage of the search). With a cage r2c3, r2c4, r3c4 of 7 the rows are covered and the cell
    # outside them, r3c4, is 3 + 7 + 7 + 7 - 20 = 4 (an outie of two rows).
    cages = [((0, 1), 3), ((2, 3), 7), ((4, 5), 7)]
    found = _house_sums(Rules(FOUR, cages=tuple(Cage(c, t) for c, t in cages)), cages)
    assert ((6, 7), 3) in found
    cages.append(((6, 7, 11), 7))
    rules = Rules(FOUR, cages=tuple(Cage(c, t) for c, t in cages))
    found = _house_sums(rules, cages)
    assert ((11,), 4) in found
    assert all(s.values[11] == 4 for s in iter_solutions(Grid.empty("4x4"), rules))
    # innies whose cells do not see each other are not kept: rows 1-2 less r1c4 and r2c1 (no row,
    # column or box in common); each row's own innie is
    cages = [((0, 1, 2), 6), ((5, 6, 7), 9)]
    found = _house_sums(Rules(FOUR, cages=tuple(Cage(c, t) for c, t in cages)), cages)
    assert ((3,), 4) in found and ((4,), 1) in found
    assert not [c for c, _ in found if c == (3, 4)]


def test_the_4x4_brute_force_is_sound():
    assert len(LATIN_4) == 576
    assert len(brute_force(Grid.empty("4x4"), Rules(FOUR, anti_king=True))) == 0
    assert len(brute_force(Grid.empty("4x4"), Rules(FOUR, regions=tuple(tuple(r * 4 + c for c in range(4)) for r in range(4))))) == 576
    # the classic 4x4 has 288 solutions
    assert sum(1 for sq in LATIN_4 if breaks_a_rule(sq, Rules(FOUR)) is None) == 288


# -- cage tables ----------------------------------------------------------------------------------
@pytest.mark.parametrize("side", [4, 6, 8, 9])
def test_cage_combinations_match_itertools(side):
    for size in range(1, side + 1):
        for total in range(0, side * (side + 1) // 2 + 2):
            expected = sorted(sum(1 << (d - 1) for d in combo)
                              for combo in combinations(range(1, side + 1), size) if sum(combo) == total)
            assert list(cage_combinations(size, total, side)) == expected


def test_cage_combinations_known_values():
    assert cage_combinations(2, 3, 9) == (0b11,)                  # 1+2
    assert cage_combinations(2, 17, 9) == (0b110000000,)          # 8+9
    assert cage_combinations(3, 15, 9) == tuple(sorted(
        sum(1 << (d - 1) for d in c) for c in [(1, 5, 9), (1, 6, 8), (2, 4, 9), (2, 5, 8), (2, 6, 7), (3, 4, 8), (3, 5, 7), (4, 5, 6)]))
    assert cage_combinations(9, 45, 9) == (0b111111111,)
    assert cage_combinations(2, 2, 9) == ()


# -- 9x9 sets ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("name, count", [("killer_9x9.jsonl", 25), ("jigsaw_9x9.jsonl", 10), ("x_9x9.jsonl", 10),
                                         ("windoku_9x9.jsonl", 10)])
def test_nine_by_nine_sets_solve_uniquely_to_their_solution(name, count):
    for puzzle in load(name)[:count]:
        grid = Grid.parse(puzzle["givens"])
        rules = Rules.from_dict(NINE, puzzle["rules"])
        tally = solve_and_count(grid, rules, 2)
        assert tally.count == 1 and tally.gave_up is None
        assert tally.first.to_line() == puzzle["solution"]
        assert 0 not in tally.first.values
        assert all(g in (0, v) for g, v in zip(grid.values, tally.first.values))
        assert breaks_a_rule(tally.first.values, rules) is None
        assert rules.conflicts(tally.first) == []


def test_the_killer_set_has_no_givens_and_whole_cagings():
    for puzzle in load("killer_9x9.jsonl"):
        assert set(puzzle["givens"]) == {"."}
        cells = sorted(c for cage in puzzle["rules"]["cages"] for c in cage["cells"])
        assert cells == list(range(81))


def test_anti_knight_and_anti_king_puzzles_solve_to_checked_solutions():
    # A solution under both chess rules, made by the solver from an empty grid, then given half its cells back.
    for rules in (Rules(NINE, anti_knight=True), Rules(NINE, anti_king=True),
                  Rules(NINE, anti_knight=True, anti_king=True)):
        full = solve(Grid.empty("9x9"), rules)
        assert full is not None and breaks_a_rule(full.values, rules) is None
        rng = random.Random(7)
        values = list(full.values)
        for i in rng.sample(range(81), 45):
            values[i] = 0
        puzzle = Grid(values, NINE)
        for solution in itertools.islice(iter_solutions(puzzle, rules), 5):
            assert breaks_a_rule(solution.values, rules) is None
            assert all(g in (0, v) for g, v in zip(values, solution.values))


def test_six_by_six_killer_x_with_wide_and_tall_boxes():
    for shape in (Shape.parse("6x6"), Shape.parse("6x6:3x2")):
        x = Rules(shape, diagonal_down=True, diagonal_up=True)
        full = solve(Grid.empty(shape.spec), x)
        assert full is not None and breaks_a_rule(full.values, x) is None
        # Killer cages over that solution: dominoes along the rows.
        cages = tuple(Cage((i, i + 1), full.values[i] + full.values[i + 1]) for i in range(0, 36, 2))
        rules = Rules(shape, diagonal_down=True, diagonal_up=True, cages=cages)
        empty = Grid.empty(shape.spec)
        found = list(itertools.islice(iter_solutions(empty, rules), 50))
        assert full.values in [s.values for s in found]
        assert all(breaks_a_rule(s.values, rules) is None for s in found)


# -- no solution ------------------------------------------------------------------------------------
def test_rules_that_cannot_be_kept_give_no_solution():
    empty9 = Grid.empty("9x9")
    # Two 2-cell cages in one row that both need {1, 2}: only one of them can have it.
    rules = Rules(NINE, cages=(Cage((0, 1), 3), Cage((2, 3), 3)))
    assert solve(empty9, rules) is None and count_solutions(empty9, rules) == 0
    # A given that makes a cage total impossible.
    grid = Grid([9] + [0] * 80, NINE)
    assert solve(grid, Rules(NINE, cages=(Cage((0, 1), 9),))) is None   # the other cell would be 0
    # Givens that break the anti-knight rule.
    values = [0] * 81
    values[0], values[11] = 5, 5     # r1c1 and r2c3 are a knight's move apart
    assert solve(Grid(values, NINE), Rules(NINE, anti_knight=True)) is None
    # Givens on the diagonal that repeat.
    values = [0] * 81
    values[0], values[10] = 1, 1
    assert solve_and_count(Grid(values, NINE), Rules(NINE, diagonal_down=True)).count == 0
    # A full cage that adds up wrong.
    sol = solver.solve(Grid.parse(UNIQUE))
    rules = Rules(NINE, cages=(Cage((0, 1), sol.values[0] + sol.values[1] + 1),))
    assert solve(sol, rules) is None


def test_the_4x4_anti_king_has_no_solution():
    assert solve(Grid.empty("4x4"), Rules(FOUR, anti_king=True)) is None


# -- budgets, stats, determinism ----------------------------------------------------------------------
def test_node_budget_raises_and_solve_and_count_reports_it():
    rules = Rules(NINE, anti_knight=True)
    with pytest.raises(SearchLimitExceeded):
        count_solutions(Grid.empty("9x9"), rules, limit=10 ** 9, max_nodes=50)
    with pytest.raises(SearchLimitExceeded):
        list(iter_solutions(Grid.empty("9x9"), rules, max_nodes=50))
    tally = solve_and_count(Grid.empty("9x9"), rules, limit=10 ** 9, max_nodes=200)
    assert tally.gave_up and "200" in tally.gave_up and tally.first is not None


def test_timeout_raises():
    with pytest.raises(SearchLimitExceeded, match="time"):
        count_solutions(Grid.empty("9x9"), Rules(NINE, windows=True), limit=10 ** 9, timeout=0.05)


def test_limit_must_be_positive():
    with pytest.raises(ValueError):
        count_solutions(Grid.empty("9x9"), Rules(NINE, windows=True), limit=0)
    with pytest.raises(ValueError):
        solve_and_count(Grid.empty("9x9"), Rules(NINE, windows=True), limit=0)


def test_stats_count_nodes_and_guesses():
    stats = SearchStats()
    puzzle = load("killer_9x9.jsonl")[0]
    count_solutions(Grid.parse(puzzle["givens"]), Rules.from_dict(NINE, puzzle["rules"]), stats=stats)
    assert stats.nodes >= 1 and stats.guesses >= 0


def test_first_solution_is_deterministic():
    rules = Rules(NINE, diagonal_down=True, diagonal_up=True, windows=True)
    first = solve(Grid.empty("9x9"), rules).to_line()
    assert first == solve(Grid.empty("9x9"), rules).to_line()
    assert first == "123456798456789123798123465934217586671598342582634971845372619217965834369841257"  # the same in CPython and Pyodide: no hash order, no randomness
    assert breaks_a_rule(Grid.parse(first).values, rules) is None
    second = [s.to_line() for s in itertools.islice(iter_solutions(Grid.empty("9x9"), rules), 3)]
    assert second == [s.to_line() for s in itertools.islice(iter_solutions(Grid.empty("9x9"), rules), 3)]


# -- classic rules go to the classic solver ------------------------------------------------------------
def test_classic_rules_delegate_to_the_classic_solver():
    grid = Grid.parse(UNIQUE)
    expected = solver.solve(grid)
    for rules in (None, Rules(NINE)):
        assert solve(grid, rules) == expected
        assert count_solutions(grid, rules) == 1 and is_unique(grid, rules)
        assert solve_and_count(grid, rules) == solver.solve_and_count(grid)
        assert [s for s in itertools.islice(iter_solutions(Grid.empty("9x9"), rules), 3)] == \
            list(itertools.islice(solver.iter_solutions(Grid.empty("9x9")), 3))


def test_the_variant_search_agrees_with_the_classic_one_on_classic_houses():
    # Extra regions that repeat rows make the rules non-classic without changing the puzzle.
    rules = Rules(NINE, extra_regions=(tuple(range(9)),))
    assert not rules.is_classic
    for line in (UNIQUE, "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."):
        grid = Grid.parse(line)
        assert solve(grid, rules) == solver.solve(grid)
        assert count_solutions(grid, rules) == 1


def test_rules_for_another_shape_are_refused():
    with pytest.raises(RulesError, match="the rules are for 6x6"):
        solve(Grid.empty("9x9"), Rules(SIX, diagonal_down=True))


def test_variant_rules_take_part_in_the_givens_behind_no_solution():
    rules = Rules(Shape.parse("4x4"), diagonal_down=True)
    # The diagonal needs 1 and 4 in r1c1 and r4c4 beside r2c2 = 2 and r3c3 = 3; r4c1 = 4 keeps 4 out of both
    # (its row, its column): unsolvable only with the diagonal, and r1c1's own 1 is not needed for that.
    grid = Grid.parse("1..." ".2.." "..3." "4...")
    assert solver.count_solutions(grid, 1) == 1 and not rules.conflicts(grid)
    assert count_solutions(grid, rules, 1) == 0
    found = culprits(grid, lambda g, limit, timeout: count_solutions(g, rules, limit, timeout=timeout))
    assert found.minimal and set(found.cells) == {5, 10, 12}
    only = Grid([v if i in found.cells else 0 for i, v in enumerate(grid.values)], grid.shape)
    assert count_solutions(only, rules, 1) == 0, "the culprits alone must admit no solution"
    for cell in found.cells:
        assert count_solutions(only.replace({cell: 0}), rules, 1) == 1, f"{grid.shape.cell_name(cell)} is needed"
