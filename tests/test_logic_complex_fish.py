"""Finned, Sashimi and Siamese fish, Franken and Mutant fish (sudoku_core.logic.techniques.complex_fish) and
Kraken fish (techniques.kraken): built positions where each pattern is (and, a candidate away, where it is
not), other box shapes, and real puzzles, where no step may remove a solution's digit."""
from __future__ import annotations

import gzip
import random
from pathlib import Path

import pytest

import json

from sudoku_core import Grid, Shape
from sudoku_core.logic.board import Board, tables
from sudoku_core.logic.path import TECHNIQUES, find_step, for_rules
from sudoku_core.logic.position import Position, parse_marks
from sudoku_core.logic.techniques import complex_fish as cf, kraken
from sudoku_core.logic.techniques.forcing import settle
from sudoku_core.variants.rules import Rules
from sudoku_core.core.solver import solve

FINDERS = {name: finder for name, finder in TECHNIQUES if name in cf.NAMES}
DATA = Path(__file__).resolve().parent.parent / "data"


def open_board(box_rows: int = 3, box_cols: int = 3) -> Board:
    t = tables(Shape.of(box_rows, box_cols))
    return Board(t, [0] * (t.n * t.n), [t.all_digits] * (t.n * t.n), True)


def keep_one(b: Board, lines: dict, by_rows: bool = True) -> Board:
    """Digit 1 only at the given places of the given lines ({line: cross lines}, 1-based)."""
    n = b.t.n
    for line, places in lines.items():
        for x in range(1, n + 1):
            if x not in places:
                cell = (line - 1) * n + x - 1 if by_rows else (x - 1) * n + line - 1
                b.cands[cell] &= ~1
    return b


def rc(r: int, c: int, n: int = 9) -> int:
    return (r - 1) * n + c - 1


def test_finned_x_wing_clears_the_cover_in_the_fins_box():
    b = keep_one(open_board(), {1: {2, 8}, 5: {2, 8, 9}})
    step = cf.finned_x_wing(b)
    assert step.technique == "Finned X-Wing"
    assert set(step.eliminations) == {(rc(4, 8), 1), (rc(6, 8), 1)}
    assert step.extra["fins"] == [rc(5, 9)] and "row 1" in step.units and "column 8" in step.units
    assert step.text.startswith("Finned X-Wing: in row 1 and row 5, 1 fits only in column 2 and column 8 or in the "
                                "fin r5c9")
    assert cf.sashimi_x_wing(b) is None  # each base row keeps two places in the cover


def test_no_finned_x_wing_without_a_fin_or_with_fins_in_two_boxes():
    assert cf.finned_x_wing(keep_one(open_board(), {1: {2, 8}, 5: {2, 8}})) is None  # a plain X-Wing
    assert cf.finned_x_wing(keep_one(open_board(), {1: {2, 8}, 5: {2, 5, 8, 9}})) is None


def test_sashimi_x_wing_has_a_base_row_with_one_place_in_the_cover():
    b = keep_one(open_board(), {1: {2, 8}, 5: {8, 9}})
    step = cf.sashimi_x_wing(b)
    assert step.technique == "Sashimi X-Wing"
    assert set(step.eliminations) == {(rc(4, 8), 1), (rc(6, 8), 1)}
    assert cf.finned_x_wing(b) is None


def test_siamese_fish_reports_both_fish_in_one_step():
    # rows 4 and 5: columns 1 and 7 with the fin r4c8, or columns 1 and 8 with the fins r4c7 and r5c7
    b = keep_one(open_board(), {4: {1, 7, 8}, 5: {1, 7}})
    step = cf.finned_x_wing(b)
    assert step.technique == "Siamese Finned X-Wing"
    assert set(step.eliminations) == {(rc(6, 7), 1), (rc(6, 8), 1)}
    assert "column 7" in step.text and "column 8" in step.text


def test_finned_swordfish_and_columns_as_base():
    b = keep_one(open_board(), {1: {1, 4}, 4: {4, 7}, 7: {1, 7, 8}}, by_rows=False)
    step = cf.finned_swordfish(b)
    assert step.technique == "Finned Swordfish"
    assert "column 1" in step.units and "row 7" in step.units
    # the fin r8c7 sits in box 9: the cover row 7 loses 1 there, outside the base columns
    assert set(step.eliminations) == {(rc(7, 8), 1), (rc(7, 9), 1)}


def test_finned_x_wing_on_a_6x6_grid():
    b = keep_one(open_board(2, 3), {1: {1, 4}, 3: {1, 4, 5}})
    step = cf.finned_x_wing(b)
    assert step.technique == "Finned X-Wing" and set(step.eliminations) == {(rc(4, 4, 6), 1)}


def test_franken_x_wing_with_a_box_in_the_base():
    # row 1 holds 1 in columns 2 and 5, box 5 only in column 5: columns 2 and 5 take both
    b = keep_one(open_board(), {1: {2, 5}, 4: {1, 2, 3, 5, 7, 8, 9}, 5: {1, 2, 3, 7, 8, 9},
                                6: {1, 2, 3, 5, 7, 8, 9}})
    step = cf.franken_fish(b)
    assert step.technique == "Franken Fish" and "Franken X-Wing" in step.text
    # (r1c2 is covered by column 2 or by box 1: either makes a Franken X-Wing)
    assert {"row 1", "box 5", "column 5"} < set(step.units) and len(step.units) == 4
    assert (rc(2, 2), 1) in step.eliminations and (rc(9, 5), 1) in step.eliminations
    assert all(cell not in (rc(1, 2), rc(1, 5), rc(4, 5), rc(6, 5)) for cell, _ in step.eliminations)


def test_mutant_x_wing_with_a_row_and_a_column_in_the_base():
    # row 1: 1 in columns 2 and 8 only (boxes 1 and 3); column 9: rows 2 and 3 only (box 3). Boxes 1 and 3
    # hold both: r1c8 would leave column 9 no place outside box 3, so r1c2 is 1 and box 3's 1 is in column 9
    b = keep_one(open_board(), {1: {2, 8}})
    keep_one(b, {9: {2, 3}}, by_rows=False)
    # (r1c2 is covered by box 1 or by column 2: either makes a Mutant X-Wing)
    step = cf.mutant_fish(b)
    assert step.technique == "Mutant Fish" and "Mutant X-Wing" in step.text
    second = {"column 2": {(rc(r, 2), 1) for r in range(2, 10)},
              "box 1": {(rc(r, c), 1) for r in (2, 3) for c in (1, 2, 3)}}
    cover = (set(step.units) - {"row 1", "column 9", "box 3"}).pop()
    assert set(step.units) == {"row 1", "column 9", "box 3", cover} and cover in second
    assert set(step.eliminations) == {(rc(r, c), 1) for r in (2, 3) for c in (7, 8)} | second[cover]
    assert cf.finned_mutant_fish(b) is None or cf.finned_mutant_fish(b).extra["fins"]


def test_franken_x_wing_with_an_endo_fin():
    # row 1 holds 1 at r1c1 and r1c8, box 1 at r1c1, r2c1 and r3c1: base row 1 and box 1 share r1c1 (an endo
    # fin). Covers column 1 and column 8: if r1c1 is not 1, box 1's 1 is in column 1 below it; if it is,
    # column 1 has it: either way r4c1-r9c1 lose 1
    b = keep_one(open_board(), {1: {1, 8}})
    for name in ((1, 2), (1, 3), (2, 2), (2, 3), (3, 2), (3, 3)):
        b.cands[rc(*name)] &= ~1
    rows_boxes = tuple(range(9)) + tuple(range(18, 27))
    cols_boxes = tuple(range(9, 27))
    groups = list(cf._Search(b, 0, rows_boxes, cols_boxes, cf.MAX_FINS, [10 ** 6]).fish(2))
    fish = [f for group in groups for f in group if f[0] == (0, 18) and 9 in f[1]]
    assert fish and all(f[2] == 1 << rc(1, 1) for f in fish)
    assert any(f[3] == sum(1 << rc(r, 1) for r in range(4, 10)) for f in fish)


def test_a_whale_is_named_by_its_size():
    assert cf.SIZE_NAMES[5] == "Squirmbag" and cf.SIZE_NAMES[6] == "Whale"
    assert all(size in cf.COMPLEX_SCORES[kind] for kind in cf.COMPLEX_SCORES for size in (5, 6))


def test_nothing_on_an_open_grid():
    for size in ((3, 3), (2, 3), (4, 4)):
        b = open_board(*size)
        assert all(finder(b) is None for finder in FINDERS.values())


def test_every_finder_has_its_name_and_a_level():
    from sudoku_core.logic.rating import LEVEL_OF
    assert set(FINDERS) <= set(cf.NAMES) <= set(LEVEL_OF)


def _puzzles(count: int) -> "list[str]":
    with gzip.open(DATA / "sudoku_exchange_diabolical.txt.gz", "rt") as f:
        lines = [line.split()[0] for line in f if line.strip() and not line.startswith("#")]
    return random.Random(7).sample(lines, count)


def _walk(b: Board, solution: str, order=TECHNIQUES) -> None:
    while not b.is_solved():
        for name, finder in FINDERS.items():
            step = finder(b)
            if step is not None:
                assert step.technique in cf.NAMES and step.technique.endswith(name.split()[-1])
                assert all(int(solution[c]) != d for c, d in step.eliminations), step.text
        step = find_step(b, order)
        if step is None:
            break
        b.apply(step)


@pytest.mark.parametrize("text", _puzzles(4))
def test_no_finder_removes_a_solution_digit_along_a_real_path(text):
    grid = Grid.parse(text)
    _walk(Board.from_grid(grid, None, True), solve(grid).to_line())


@pytest.mark.parametrize("name", ["jigsaw_9x9", "killer_9x9"])
def test_no_finder_removes_a_solution_digit_under_variant_rules(name):
    # houses are the rules' rows, columns and regions, and "sees" the rules' peers (cage mates too)
    record = json.loads((DATA / "variants" / f"{name}.jsonl").read_text().splitlines()[0])
    grid = Grid.parse(record["givens"], Shape.of(3, 3))
    b = Board.from_grid(grid, None, True, Rules.from_dict(grid.shape, record["rules"]))
    _walk(b, record["solution"], for_rules(TECHNIQUES, b.t))


def test_the_complex_search_only_targets_what_no_template_takes():
    # a digit every template can place anywhere has no fish to find: the search skips it
    b = open_board()
    assert all(cf._targets(b, d) == 0 for d in range(9))
    # row 1: 1 at c2 and c8 only, column 9: rows 2-3 only: r1c8 is in no template of 1
    b = keep_one(open_board(), {1: {2, 8}})
    keep_one(b, {9: {2, 3}}, by_rows=False)
    assert cf._targets(b, 0) >> rc(1, 8) & 1 and not cf._targets(b, 0) >> rc(1, 2) & 1


KRAKEN = ("...8...3...5...7.....1.........5.9..18.+7.....3+5.4...+7...7.+12..6....7+45...4.....1+7",
          "r1c3:9 r1c6:69 r3c3:9 r3c6:369 r6c7:2 r7c8:9 r8c1:9 r8c2:39 r8c3:9 r8c4:9 r9c1:8 r9c3:89 r9c6:5 r9c7:8")


def test_a_kraken_fish_removes_what_each_fin_reaches_by_singles():
    grid = Grid.parse(KRAKEN[0].replace("+", ""))
    b = Position(grid, parse_marks(KRAKEN[1], 9)).board(unique=True)
    step = kraken.kraken_fish(b)
    assert step.technique == "Kraken Fish" and "a finned X-Wing" in step.text and step.links
    assert set(step.eliminations) == {(rc(2, 4), 3), (rc(5, 9), 3), (rc(9, 4), 3)}
    peer = b.t.peer_masks
    for x, d in step.eliminations:
        # not a plain finned fish: some fin does not see x, and placing it removes d from x
        blind = [f for f in step.extra["fins"] if not peer[f] >> x & 1]
        assert blind
        for f in blind:
            out = settle(b, ((f, d - 1),), ())
            assert out is None or not out[1][x] >> (d - 1) & 1
    solution = solve(grid)
    assert all(solution.values[x] != d for x, d in step.eliminations)


def test_no_kraken_fish_on_an_open_grid():
    assert kraken.kraken_fish(open_board()) is None
