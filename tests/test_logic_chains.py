"""Chains and nice loops (sudoku_core/logic/techniques/chains.py, chain_search.py, nice_loops.py): built
positions where each pattern is (and a nearby one where it is not), the choice between chains (the
most eliminations for hints, the easiest for the rating), and every finder checked against the solution
along whole paths on 9x9, 6x6 and variant grids. The technique library (tests/data/techniques/chains.txt)
has harvested positions for each technique."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_core import Grid, Shape
from sudoku_core.generator.classic import generate
from sudoku_core.logic import exact
from sudoku_core.logic.board import Board, tables
from sudoku_core.logic.path import RATING_ORDER, TECHNIQUES, find_step, for_rules
from sudoku_core.logic.position import Position, parse_marks
from sudoku_core.logic.techniques import chains, nice_loops
from sudoku_core.variants.rules import Rules

ROOT = Path(__file__).resolve().parent.parent
ALL = (1 << 9) - 1
NAMES = ("X-Chain", "XY-Chain", "Continuous Nice Loop", "Discontinuous Nice Loop", "AIC",
         "Grouped Continuous Nice Loop", "Grouped Discontinuous Nice Loop", "Grouped AIC")
FINDERS = dict(TECHNIQUES)


def cell(name: str) -> int:
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1


def built(marks: dict) -> Board:
    """An open 9x9 position (every candidate everywhere) but for the cells given, e.g. {"r1c1": "12"}."""
    b = Board(tables(Shape.of(3, 3)), [0] * 81, [ALL] * 81, False)
    for name, digits in marks.items():
        b.cands[cell(name)] = sum(1 << (int(d) - 1) for d in digits)
    return b


def removed(step) -> set:
    return {(f"r{c // 9 + 1}c{c % 9 + 1}", d) for c, d in step.eliminations}


Y_CYCLE = {"r1c1": "12", "r1c5": "23", "r5c5": "34", "r5c1": "41"}


def test_xy_chain_removes_its_ends_digit_from_cells_seeing_both_ends():
    step = chains.xy_chain(built({"r1c1": "12", "r1c5": "23", "r5c5": "31"}))
    assert step.technique == "XY-Chain" and removed(step) == {("r5c1", 1)}
    assert step.text.startswith("XY-Chain: r1c1(1)=r1c1(2)-r1c5(2)=r1c5(3)-r5c5(3)=r5c5(1)")
    assert step.difficulty == 6.6 and len(step.links) == 5


def test_no_xy_chain_when_its_ends_hold_different_digits_in_cells_apart():
    assert chains.xy_chain(built({"r1c1": "12", "r1c5": "23", "r5c5": "34"})) is None


def test_a_hint_takes_the_chain_with_most_eliminations_and_the_rating_the_easiest():
    b = built({"r1c1": "12", "r1c5": "23", "r5c5": "31",  # 3 cells: removes 1 from r5c1
               "r7c1": "56", "r7c9": "67", "r8c9": "78", "r8c2": "85"})  # 4 cells, ends in one box: 13 removals
    hint, rated = chains.xy_chain(b), chains.xy_chain(b, easiest=True)
    assert len(hint.eliminations) == 13 and hint.extra["length"] == 8 and hint.difficulty == 6.7
    assert removed(rated) == {("r5c1", 1)} and rated.difficulty == 6.6
    assert dict(RATING_ORDER)["XY-Chain"](b) == rated  # the rating asks for the easiest


def test_continuous_nice_loop_removes_what_every_weak_link_forbids():
    step = nice_loops.continuous_nice_loop(built(Y_CYCLE))
    assert step.technique == "Continuous Nice Loop" and "closes a loop" in step.text
    rows_cols = {(f"r{r}c1", 1) for r in range(2, 10) if r != 5} | {(f"r1c{c}", 2) for c in range(2, 10) if c != 5}
    rows_cols |= {(f"r{r}c5", 3) for r in range(2, 10) if r != 5} | {(f"r5c{c}", 4) for c in range(2, 10) if c != 5}
    assert removed(step) == rows_cols  # 28: each weak link is in a line
    assert step.difficulty == 6.7  # a Y-cycle of 8 nodes: 6.6 + 0.1
    assert step.links[-1][2] == "weak" and len(step.links) == 8


def test_no_continuous_nice_loop_when_the_loop_is_broken():
    assert nice_loops.continuous_nice_loop(built(dict(Y_CYCLE, r5c1="45"))) is None


def discontinuity() -> Board:
    """r1c1 = 1/2/3; 1 only at r1c1 and r1c5 in row 1; r1c5 = 1/2; 2 only in rows 1 and 5 of columns 1 and 5."""
    b = built({"r1c1": "123", "r1c5": "12"})
    for c in (2, 3, 4, 6, 7, 8, 9):
        b.cands[cell(f"r1c{c}")] &= ~1
    for r in (2, 3, 4, 6, 7, 8, 9):
        b.cands[cell(f"r{r}c1")] &= ~2
        b.cands[cell(f"r{r}c5")] &= ~2
    return b


def test_discontinuous_nice_loop_with_a_weak_and_a_strong_link_at_one_cell():
    step = nice_loops.discontinuous_nice_loop(discontinuity())
    assert step.technique == "Discontinuous Nice Loop" and removed(step) == {("r1c1", 3)}
    assert step.text.startswith("Discontinuous Nice Loop: r1c1(3)-r1c1(1)=r1c5(1)-r1c5(2)=r5c5(2)-r5c1(2)=r1c1(2)-r1c1(3)")
    assert [kind for _, _, kind in step.links] == ["weak", "strong", "weak", "strong", "weak", "strong", "weak"]


def test_no_discontinuous_nice_loop_on_an_open_grid():
    assert nice_loops.discontinuous_nice_loop(built({})) is None
    assert nice_loops.discontinuous_nice_loop(built(Y_CYCLE)) is None


def test_a_box_split_into_a_row_group_and_a_column_group_is_a_strong_link():
    """Box 1 holds 1 only in r1c2, r1c3 (row 1) and r2c1, r3c1 (column 1); row 6 only in r6c1 and r6c8.
    If r1c8 were 1, box 1's 1 would be in {r2c1,r3c1}, r6c8 would be 1 and see r1c8: r1c8 is not 1."""
    b = built({})
    for name in ("r1c1", "r2c2", "r2c3", "r3c2", "r3c3") + tuple(f"r6c{c}" for c in (2, 3, 4, 5, 6, 7, 9)) \
            + tuple(f"r{r}c1" for r in (4, 5, 7, 8, 9)):
        b.cands[cell(name)] &= ~1
    step = chains.grouped_aic(b)
    assert ("r1c8", 1) in removed(step)
    assert "{r2c1,r3c1}(1)={r1c2,r1c3}(1)" in step.text or "{r1c2,r1c3}(1)={r2c1,r3c1}(1)" in step.text
    assert chains.aic(b) is None


#: A position of the hint path of a diabolical puzzle (sudoku_exchange_diabolical) where every chain
#: technique but X-Chain applies, the grouped ones through almost locked sets.
ALS_POSITION = ("8..72513.5..814.6..1.639..82..9..6...5.27389...9..6..394..67.8.....92..7327...9.6",
                "r3c8:47 r4c2:8 r4c5:8 r4c8:45 r5c1:1 r6c7:7 r6c8:15 r8c3:6")


def test_grouped_chains_use_als_nodes_and_are_right():
    grid = Grid.parse(ALS_POSITION[0])
    b = Position(grid, parse_marks(ALS_POSITION[1], 9)).board(unique=True)
    solution = exact.solve(grid, None).values
    texts = []
    for name in NAMES[1:]:
        step = FINDERS[name](b.copy())
        assert step is not None and step.technique == name
        assert all(solution[c] != d for c, d in step.eliminations)
        assert all(solution[c] == d for c, d in step.placements)
        texts.append(step.text)
        json.dumps(step.to_dict())
    assert any("ALS{" in text for text in texts)


def check_paths(grid: Grid, rules=None) -> set:
    """Every chain finder at every position of the grid's hint path (up to forcing chains): never a wrong
    deduction. Returns the names of the finders that applied somewhere."""
    solution = exact.solve(grid, rules).values
    b = Board.from_grid(grid, None, True, rules)
    order = tuple(entry for entry in for_rules(TECHNIQUES, b.t) if "Forcing" not in entry[0])  # (the slow ones)
    applied = set()
    while not b.is_solved():
        for name in NAMES:
            for easiest in (False, True):
                step = FINDERS[name](b.copy(), easiest=easiest)
                if step is None:
                    continue
                applied.add(name)
                assert all(solution[c] != d for c, d in step.eliminations), step.text
                assert all(solution[c] == d for c, d in step.placements), step.text
        step = find_step(b, order)
        if step is None:
            break
        b.apply(step)
    return applied


def test_every_chain_finder_is_right_on_6x6_grids():
    applied = set()
    for seed in (28, 29, 30):
        applied |= check_paths(generate("6x6", seed=seed))
    assert {"XY-Chain", "AIC", "Discontinuous Nice Loop"} <= applied


@pytest.mark.parametrize("number", [0, 1])
def test_every_chain_finder_is_right_under_variant_rules(number):
    line = (ROOT / "data" / "variants" / "x_9x9.jsonl").read_text().splitlines()[number]
    case = json.loads(line)
    grid = Grid.parse(case["givens"])
    rules = Rules.from_dict(grid.shape, case["rules"])
    assert exact.solve(grid, rules).to_line() == case["solution"]
    check_paths(grid, rules)
