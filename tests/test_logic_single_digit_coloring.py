"""Turbot Fish, the dual kite and empty rectangle, Multi-Colors, Remote Pair and the templates: each on a
built position where its pattern is (the eliminations worked out by hand), the same position with the
pattern broken, and real positions checked against their solution."""
from __future__ import annotations

import json

import pytest

from sudoku_core import Grid, Shape
from sudoku_core.logic.board import Board, tables
from sudoku_core.logic.position import Position
from sudoku_core.logic.techniques import coloring, remote_pairs, single_digit, templates
from sudoku_core.core.solver import solve

SHAPE = Shape.of(3, 3)
ALL = (1 << 9) - 1


def cell(name: str) -> int:
    """"r3c4" -> its index on 9x9."""
    row, col = name[1:].split("c")
    return (int(row) - 1) * 9 + int(col) - 1


def board_with(digit: int, places: "set[str]", bivalue: "dict[str, int] | None" = None) -> Board:
    """An empty 9x9 position where every digit may go everywhere, except `digit`, which may go only in
    `places`; `bivalue` gives some cells a candidate mask of their own."""
    bit = 1 << (digit - 1)
    where = {cell(c) for c in places}
    cands = [ALL if i in where else ALL & ~bit for i in range(81)]
    for name, mask in (bivalue or {}).items():
        cands[cell(name)] = mask
    return Board(tables(SHAPE), [0] * 81, cands, False)


def everywhere_but(*excluded: str) -> "set[str]":
    """Every cell's name but those of the rows ("r2"), columns ("c5"), boxes ("b4") and cells named."""
    out = set()
    for r in range(1, 10):
        for c in range(1, 10):
            b = (r - 1) // 3 * 3 + (c - 1) // 3 + 1
            if not {f"r{r}", f"c{c}", f"b{b}", f"r{r}c{c}"} & set(excluded):
                out.add(f"r{r}c{c}")
    return out


def removed(step) -> "set[str]":
    return {f"r{c // 9 + 1}c{c % 9 + 1}:{d}" for c, d in step.eliminations}


# -- Turbot Fish ---------------------------------------------------------------------------------------
def turbot_places() -> "set[str]":
    # 1 in row 2 only at r2c1/r2c2, in box 4 only at r5c3/r6c1; r2c1 sees r6c1 in column 1
    return everywhere_but("r2", "b4") | {"r2c1", "r2c2", "r5c3", "r6c1"}


def test_turbot_fish_joins_a_row_link_and_a_box_link():
    step = single_digit.turbot_fish(board_with(1, turbot_places()))
    # one of r2c2 and r5c3 is 1: r1c3 and r3c3 see both
    assert step.technique == "Turbot Fish" and removed(step) == {"r1c3:1", "r3c3:1"}
    assert ((cell("r2c1"), 1), (cell("r6c1"), 1), "weak") in step.links
    assert step.difficulty == 4.2 and step.text.startswith("Turbot Fish: 1 has two places in row 2")
    json.dumps(step.to_dict())


def test_no_turbot_fish_without_the_row_link():
    assert single_digit.turbot_fish(board_with(1, turbot_places() | {"r2c3"})) is None


def test_turbot_fish_is_the_general_form_of_a_skyscraper():
    # rows 1 and 5 joined in column 1: a Skyscraper (r1c5 or r5c6 is 1), and so a Turbot Fish too (the
    # hint order asks the Skyscraper first)
    places = everywhere_but("r1", "r5") | {"r1c1", "r1c5", "r5c1", "r5c6"}
    b = board_with(1, places)
    skyscraper, turbot = single_digit.skyscraper(b), single_digit.turbot_fish(b)
    assert skyscraper is not None and turbot is not None
    assert removed(turbot) == removed(skyscraper)


# -- Dual 2-String Kite --------------------------------------------------------------------------------
def kite_places() -> "set[str]":
    # box 5 holds 1 at r4c4 and r5c5 only; row 4 r4c4=r4c8, column 5 r5c5=r8c5, row 5 r5c5=r5c1,
    # column 4 r4c4=r9c4
    return everywhere_but("r4", "r5", "c4", "c5") | {"r4c4", "r5c5", "r4c8", "r8c5", "r5c1", "r9c4"}


def test_dual_two_string_kite_tells_both_kites_at_once():
    step = single_digit.dual_two_string_kite(board_with(1, kite_places()))
    # r4c8 or r8c5 is 1 (removes r8c8); r5c1 or r9c4 is 1 (removes r9c1)
    assert step.technique == "Dual 2-String Kite" and removed(step) == {"r8c8:1", "r9c1:1"}
    assert step.difficulty == 4.1 and len(step.links) == 4


def test_no_dual_kite_when_only_one_kite_is_left():
    b = board_with(1, kite_places() | {"r4c6"})  # row 4 loses its strong link
    assert single_digit.two_string_kite(b) is not None
    assert single_digit.dual_two_string_kite(b) is None


# -- Dual Empty Rectangle ------------------------------------------------------------------------------
def er_places() -> "set[str]":
    # box 1 holds 1 at r1c1, r2c2, r2c3 (row 2 and column 1); column 8 r2c8=r9c8; row 5 r5c1=r5c9
    return everywhere_but("b1", "c8", "r5") | {"r1c1", "r2c2", "r2c3", "r2c8", "r9c8", "r5c1", "r5c9"}


def test_dual_empty_rectangle_tells_both_rectangles_of_a_box():
    step = single_digit.dual_empty_rectangle(board_with(1, er_places()))
    assert step.technique == "Dual Empty Rectangle" and removed(step) == {"r9c1:1", "r2c9:1"}
    assert step.units[0] == "box 1" and step.difficulty == 4.2


def test_no_dual_empty_rectangle_with_one_strong_link():
    b = board_with(1, er_places() | {"r5c5"})  # row 5 loses its strong link
    assert single_digit.empty_rectangle(b) is not None
    assert single_digit.dual_empty_rectangle(b) is None


# -- Multi-Colors --------------------------------------------------------------------------------------
def multi_places(second: str = "r6c8") -> "set[str]":
    # cluster A: r1c1=r1c5 (row 1), r1c5=r6c5 (column 5); cluster B: column 8 r3c8=<second>
    return everywhere_but("r1", "c5", "c8") | {"r1c1", "r1c5", "r6c5", "r3c8", second}


def test_multi_colors_type_1():
    step = coloring.multi_colors(board_with(1, multi_places()))
    # r6c5 sees r6c8, so r1c5 or r3c8 is 1: r3c4 and r3c6 see both
    assert step.technique == "Multi-Colors" and removed(step) == {"r3c4:1", "r3c6:1"}
    assert step.text.startswith("Multi-Colors (type 1)") and len(step.extra["colors"]) == 4


def test_no_multi_colors_when_the_clusters_do_not_meet():
    assert coloring.multi_colors(board_with(1, multi_places("r7c8"))) is None


def test_multi_colors_type_2():
    # cluster A as above; cluster B: box 4 r4c1=r6c2 -- r1c1 sees r4c1 and r6c5 sees r6c2: color
    # {r1c1, r6c5} sees both colors of B, so it is false
    places = everywhere_but("r1", "c5", "b4") | {"r1c1", "r1c5", "r6c5", "r4c1", "r6c2"}
    step = coloring.multi_colors(board_with(1, places))
    assert removed(step) == {"r1c1:1", "r6c5:1"} and step.text.startswith("Multi-Colors (type 2)")


# -- Remote Pair ---------------------------------------------------------------------------------------
PAIR = 1 << 1 | 1 << 6  # 2 and 7


def test_remote_pair_removes_both_digits_from_cells_seeing_the_ends():
    chain = {"r1c1": PAIR, "r1c5": PAIR, "r5c5": PAIR, "r5c9": PAIR}
    step = remote_pairs.remote_pair(board_with(1, everywhere_but(), chain))
    # r1c1 and r5c9 are three steps apart: one is 2, the other 7; r1c9 and r5c1 see both
    assert step.technique == "Remote Pair"
    assert removed(step) == {"r1c9:2", "r1c9:7", "r5c1:2", "r5c1:7"}
    assert step.difficulty == 6.7  # Sudoku Explainer's XY-chain of eight nodes


def test_no_remote_pair_in_three_cells():
    chain = {"r1c1": PAIR, "r1c5": PAIR, "r5c5": PAIR}
    assert remote_pairs.remote_pair(board_with(1, everywhere_but(), chain)) is None


# -- Templates -----------------------------------------------------------------------------------------
def test_templates_are_counted_on_an_open_grid():
    b = board_with(1, everywhere_but())
    every, some, count = templates.templates(b, 0)
    assert count == 46656 and every == 0 and some == (1 << 81) - 1  # 6^6 * 3^6 / 9 ... counted, not listed
    assert templates.template_set(b) is None and templates.template_delete(b) is None


def test_template_delete_uses_what_another_digit_must_take():
    # 2 may go in box 1 only at r1c1: every template of 2 takes it, so 1 (and every other digit) leaves it
    b = board_with(1, everywhere_but())
    for name in ("r1c2", "r1c3", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"):
        b.cands[cell(name)] &= ~2
    step = templates.template_delete(b)
    assert step is not None and removed(step) == {"r1c1:1"}
    assert "every way to place 2 puts it in r1c1" in step.text


def test_no_template_step_on_an_open_16x16_grid():
    shape = Shape.of(4, 4)
    b = Board(tables(shape), [0] * 256, [(1 << 16) - 1] * 256, False)
    assert templates.template_delete(b) is None


def test_templates_on_4x4():
    grid = Grid.parse("1.......2..3....")
    solution = solve(grid)
    b = Board.from_grid(grid)
    for d in range(4):
        every, some, count = templates.templates(b, d)
        mine = sum(1 << i for i in range(16) if solution.values[i] == d + 1)
        assert count >= 1 and mine & some == mine and every & mine == every  # the solution's is one
    for finder in (templates.template_set, templates.template_delete):
        step = finder(b)
        if step is not None:
            assert all(solution.values[c] == d for c, d in step.placements)
            assert all(solution.values[c] != d for c, d in step.eliminations)


# -- real positions, checked against their solution ---------------------------------------------------
REAL = [
    (single_digit.turbot_fish, ".9..2......576...9...4.3.6...7...21.96..8..57.34...9...7.3.6...8...726......4..2.", ""),
    (single_digit.dual_two_string_kite,
     "827539614.3.418.271.427683..8912.74....98.1.2.1276.3982.83.7..1..38.127...16.2483",
     "r2c1:5 r5c1:56 r5c2:56 r5c6:5 r7c2:5 r7c5:5 r8c1:6 r8c9:5"),
    (single_digit.dual_empty_rectangle,
     ".54283.1.8..615......749..52.587..31.8613254..1.95.2.85..391......468.52.6.5271..", ""),
    (coloring.multi_colors, "9...51..4..149865.54.2.3..9.25.1.49.3.954.7.84....9..5.5..8.94...79.45...941.5.8.",
     "r1c2:37 r1c3:68 r2c9:7 r6c4:6 r7c3:6 r7c9:23 r8c2:1 r8c8:1"),
    (remote_pairs.remote_pair, "86.715...3.52896.7..7.6385.63...27..7...345..584976321428697135973521486..6348.7.", ""),
    (templates.template_set, ".6.7.....3.52....7..7.6.85.6....27......3......49....1.28.9.1..9....14.6.....8.7.", ""),
    (templates.template_delete, ".71...98...68972..9.8.1...7..7.5.8.........7.6852731947.9.2....8.21.57.9.6.7.9.2.",
     "r1c4:6 r1c5:6 r1c9:5 r3c2:4 r4c1:1 r4c2:3 r7c2:34 r7c9:56 r9c1:34"),
]


@pytest.mark.parametrize("finder, grid, marks", REAL, ids=[f.__name__ for f, _, _ in REAL])
def test_real_positions_lose_no_solution_candidate(finder, grid, marks):
    position = Position.parse(grid, marks)
    solution = solve(position.grid)
    step = finder(position.board(unique=True))
    assert step is not None and (step.eliminations or step.placements)
    assert all(solution.values[c] != d for c, d in step.eliminations), step.text
    assert all(solution.values[c] == d for c, d in step.placements), step.text
    json.dumps(step.to_dict())
