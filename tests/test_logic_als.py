"""The almost-locked-set family (ALS-XZ singly and doubly linked, ALS-XY-Wing, ALS-XY-Chain, Death Blossom)
and Sue de Coq: built positions where a pattern is or is not, and walks over hard classic and variant
puzzles where no step of theirs may remove a solution's digit. Harvested positions are in
tests/data/techniques/als.txt (run by test_technique_library.py)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_core import Grid, Shape
from sudoku_core.logic.board import Board, tables
from sudoku_core.logic.path import TECHNIQUES, find_step, for_rules
from sudoku_core.logic.techniques import als, als_chains, sue_de_coq
from sudoku_core.variants.rules import Rules
from sudoku_core.core.solver import solve

ROOT = Path(__file__).resolve().parent.parent
FINDERS = {"ALS-XZ": als.als_xz, "ALS-XY-Wing": als_chains.als_xy_wing, "ALS-XY-Chain": als_chains.als_xy_chain,
           "Death Blossom": als_chains.death_blossom, "Sue de Coq": sue_de_coq.sue_de_coq}
SIX = Shape.of(2, 3)  # 6x6: boxes of 2 rows and 3 columns


def built(shape: Shape, marks: "dict[str, str]") -> Board:
    """A board whose only empty cells are `marks` ({"r1c1": "12"}); the others hold a digit, which the
    finders (they read candidates) never look at."""
    n = shape.side
    values, cands = [1] * n * n, [0] * n * n
    for name, digits in marks.items():
        row, col = name[1:].split("c")
        cell = (int(row) - 1) * n + int(col) - 1
        values[cell] = 0
        cands[cell] = sum(1 << (int(d) - 1) for d in digits)
    return Board(tables(shape), values, cands)


def cell(name: str, n: int) -> int:
    row, col = name[1:].split("c")
    return (int(row) - 1) * n + int(col) - 1


def test_find_sets_takes_bivalue_cells_and_larger_sets_once_each():
    b = built(SIX, {"r1c1": "12", "r3c1": "13", "r3c2": "23", "r1c2": "24"})
    sets = als.find_sets(b)
    boards = [a.board for a in sets]
    assert len(boards) == len(set(boards))
    assert {a.cells for a in sets if len(a.cells) == 1} == {(0,), (12,), (13,), (1,)}
    pair = next(a for a in sets if a.cells == (12, 13))  # row 3 and box 3 both hold it
    assert pair.digits == 0b111 and pair.places[0] == 1 << 12 and pair.places[1] == 1 << 13
    assert [len(a.cells) for a in sets] == sorted(len(a.cells) for a in sets)


def test_singly_linked_als_xz_on_a_6x6_grid():
    # A = r1c1 (1/2), B = {r3c1 (1/3), r3c2 (2/3)}: the 1s share column 1, so one set is locked and
    # r1c2, seeing r1c1 and r3c2, cannot be 2
    b = built(SIX, {"r1c1": "12", "r3c1": "13", "r3c2": "23", "r1c2": "24"})
    step = als.als_xz(b)
    assert step is not None and step.technique == "ALS-XZ"
    assert step.eliminations == ((cell("r1c2", 6), 2),)
    assert step.links and step.links[0][2] == "weak"
    assert "r1c1" in step.text and "r3c2" in step.text


def test_als_xz_needs_a_restricted_common():
    # the 1 of B moved to r3c2, out of sight of r1c1: no digit links the sets
    b = built(SIX, {"r1c1": "12", "r3c2": "13", "r3c3": "23", "r1c2": "24"})
    assert als.als_xz(b) is None


def test_doubly_linked_als_xz_locks_both_sets():
    # A = {r1c1, r1c2} (1/2/3) and B = {r2c4, r2c5} (1/2/4) in 9x9: 1 and 2 each link them through
    # boxes ... built as rows 1 and 2 of one box pair: A's 1 and 2 sit in box 1, B's in box 2, so use a
    # column instead: A in column 1 (r1c1 1/3, r2c1 2/3), B in column 1 further down (r7c1 1/4, r8c1 2/4)
    b = built(Shape.of(3, 3), {"r1c1": "13", "r2c1": "23", "r7c1": "14", "r8c1": "24",
                               "r3c2": "35", "r9c2": "45", "r5c1": "15"})
    step = als.als_xz(b)
    assert step is not None and step.extra["doubly linked"]
    n = 9
    # 3 is locked in A (box 1 and column 1), 4 in B (box 7): r3c2 loses 3, r9c2 loses 4; 1 is in A or B
    # (column 1): r5c1 loses 1
    assert {(cell("r3c2", n), 3), (cell("r9c2", n), 4), (cell("r5c1", n), 1)} <= set(step.eliminations)


def test_sue_de_coq_on_a_6x6_grid():
    # r1c1 and r1c2 (1/2/3/4) where row 1 meets box 1; r1c5 (1/2) in row 1 and r2c1 (3/4) in box 1:
    # 4 cells, 4 digits; 1 and 2 leave the rest of row 1, 3 and 4 the rest of box 1
    b = built(SIX, {"r1c1": "123", "r1c2": "124", "r1c5": "12", "r2c1": "34", "r1c6": "15", "r2c2": "36"})
    step = sue_de_coq.sue_de_coq(b)
    assert step is not None and step.technique == "Sue de Coq"
    assert set(step.eliminations) == {(cell("r1c6", 6), 1), (cell("r2c2", 6), 3)}
    assert step.units == ("row 1", "box 1")


def test_sue_de_coq_needs_the_outer_parts_apart():
    # r2c1 now holds 1 too: 1 could then be placed twice (in r1c5 and r2c1), nothing follows
    b = built(SIX, {"r1c1": "123", "r1c2": "124", "r1c5": "12", "r2c1": "134", "r1c6": "15", "r2c2": "36"})
    assert sue_de_coq.sue_de_coq(b) is None


def test_death_blossom_on_a_built_position():
    # stem r5c5 (1/2); petal for 1: r5c1 (1/9) in row 5; petal for 2: r1c5 (2/9) in column 5: whichever
    # the stem is, one petal is 9, so r1c1 (seeing both) is not 9
    b = built(Shape.of(3, 3), {"r5c5": "12", "r5c1": "19", "r1c5": "29", "r1c1": "39"})
    step = als_chains.death_blossom(b)
    assert step is not None and step.technique == "Death Blossom"
    assert step.eliminations == ((cell("r1c1", 9), 9),)


def test_als_xy_wing_on_a_built_position():
    # A = r1c1 (1/9) -1- C = r1c5 (1/2) -2- B = r5c5 (2/9): z = 9 leaves r5c1
    b = built(Shape.of(3, 3), {"r1c1": "19", "r1c5": "12", "r5c5": "29", "r5c1": "39"})
    step = als_chains.als_xy_wing(b)
    assert step is not None and step.eliminations == ((cell("r5c1", 9), 9),)


def test_als_xy_chain_on_a_built_position():
    # r1c1 (1/9) -1- r1c5 (1/2) -2- r5c5 (2/3) -3- r5c9 (3/9): z = 9 leaves r1c9 (sees r1c1 and r5c9)
    b = built(Shape.of(3, 3), {"r1c1": "19", "r1c5": "12", "r5c5": "23", "r5c9": "39", "r1c9": "49"})
    step = als_chains.als_xy_chain(b)
    assert step is not None and step.eliminations == ((cell("r1c9", 9), 9),)
    assert step.extra["rcc"] == [1, 2, 3]


@pytest.mark.parametrize("name", sorted(FINDERS))
def test_nothing_on_a_nearly_solved_grid(name):
    grid = Grid.parse((ROOT / "data" / "norvig_top95.txt").read_text().split()[0])
    b = Board.from_grid(solve(grid))
    for i in (0, 10, 20, 30):  # four naked singles: no set holds one digit more than its cells
        b.values[i] = 0
        b.cands[i] = 1 << (solve(grid).values[i] - 1)
    assert FINDERS[name](b) is None


def walk_and_check(grid: Grid, rules: "Rules | None", solution: str, max_steps: int = 120) -> int:
    """Every position of the hint path: each finder's step removes no solution digit. How many steps."""
    b = Board.from_grid(grid, None, True, rules)
    # the hint order without the slow searches past these techniques (templates, forcing chains)
    order = for_rules(tuple(e for e in TECHNIQUES if not ("Forcing" in e[0] or "Template" in e[0])), b.t)
    made = 0
    for _ in range(max_steps):
        if b.is_solved():
            break
        for name, finder in FINDERS.items():
            step = finder(b)
            if step is not None:
                made += 1
                assert step.technique == name and step.eliminations, step.text
                for c, d in step.eliminations:
                    assert int(solution[c], 36) != d, step.text
                json.dumps(step.to_dict(grid.shape, rules))
        step = find_step(b, order)
        if step is None:
            break
        b.apply(step)
    return made


def test_no_step_on_hard_puzzles_removes_a_solution_digit():
    lines = (ROOT / "data" / "magictour_top1465.txt").read_text().split()[:6]
    made = sum(walk_and_check(Grid.parse(p), None, solve(Grid.parse(p)).to_line()) for p in lines)
    assert made > 0


@pytest.mark.parametrize("stem", ["jigsaw_9x9", "x_9x9", "windoku_9x9"])
def test_no_step_under_variant_rules_removes_a_solution_digit(stem):
    record = json.loads((ROOT / "data" / "variants" / f"{stem}.jsonl").read_text().splitlines()[0])
    grid = Grid.parse(record["givens"])
    walk_and_check(grid, Rules.from_dict(grid.shape, record["rules"]), record["solution"])
