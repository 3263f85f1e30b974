"""Unique Rectangles (types 1 to 6, missing candidates), Hidden and Avoidable Rectangles, BUG Lite on hand-built
boards: each applies where its pattern is and finds nothing where it is missing; on real positions, no
step removes a solution's digit; Avoidable Rectangles reach a hint in Play through the givens."""
from __future__ import annotations

import pytest

from sudoku_core import Shape, solve
from sudoku_core.logic import next_step
from sudoku_core.logic.board import Board, tables
from sudoku_core.logic.position import Position, parse_marks
from sudoku_core.logic.techniques import bug_lite, rectangles, uniqueness
from sudoku_core.variants.rules import Rules

from bridge_replies import ok
from technique_library import parse_grid

SHAPE = Shape.of(3, 3)


def cell(name: str, n: int = 9) -> int:
    r, c = name[1:].split("c")
    return (int(r) - 1) * n + int(c) - 1


def board(marks: dict, *, shape: Shape = SHAPE, unique: bool = True, rules=None, values: "dict | None" = None,
          givens: "int | None" = None, without: "tuple[int, tuple[str, ...]] | None" = None) -> Board:
    """Every candidate everywhere, but `marks` ({"r1c1": "12"}), the filled `values` ({"r1c1": 5}) and
    digit `without[0]` taken from the units named in `without[1]` ("row 2", "column 4") outside `marks`."""
    t = tables(shape, rules)
    n = shape.side
    cands = [(1 << n) - 1] * (n * n)
    vals = [0] * (n * n)
    if without:
        d, units = without
        for name in units:
            for i in t.units[t.unit_names.index(name)]:
                cands[i] &= ~(1 << (d - 1))
    for name, digits in marks.items():
        cands[cell(name, n)] = sum(1 << (int(x, 36) - 1) for x in digits)
    for name, v in (values or {}).items():
        vals[cell(name, n)] = v
        cands[cell(name, n)] = 0
    return Board(t, vals, cands, unique, givens)


def elims(step) -> set:
    return {(f"r{c // step.side + 1}c{c % step.side + 1}", d) for c, d in step.eliminations}


# -- Unique Rectangle, types 1 to 5 ---------------------------------------------------------------------
def test_type_1_takes_the_pair_from_the_one_roof_cell():
    step = uniqueness.unique_rectangle(board({"r1c1": "12", "r1c4": "12", "r2c1": "12", "r2c4": "123"}))
    assert step.technique == "Unique Rectangle" and "(type 1)" in step.text
    assert elims(step) == {("r2c4", 1), ("r2c4", 2)} and step.difficulty == 4.5


def test_type_1_with_a_missing_candidate_takes_what_is_left_of_the_pair():
    step = uniqueness.unique_rectangle(board({"r1c1": "12", "r1c4": "12", "r2c1": "12", "r2c4": "23"}))
    assert elims(step) == {("r2c4", 2)} and step.text.endswith("so it is not 2")


def test_no_rectangle_when_a_diagonal_cannot_hold_the_pair():
    # r2c1 holds neither 1 nor 2: the deadly pattern can never form
    assert uniqueness.unique_rectangle(board({"r1c1": "12", "r1c4": "12", "r2c1": "34", "r2c4": "123"})) is None
    # four boxes: no rectangle either
    assert uniqueness.unique_rectangle(board({"r1c1": "12", "r1c4": "12", "r4c1": "12", "r4c4": "123"})) is None


def test_type_2_and_type_5_take_the_one_extra_digit_from_cells_seeing_every_roof_cell():
    step = uniqueness.unique_rectangle(board({"r1c1": "12", "r1c4": "12", "r2c1": "123", "r2c4": "23"}))
    assert "(type 2)" in step.text and ("r2c5", 3) in elims(step) and ("r3c2", 3) not in elims(step)
    diagonal = uniqueness.unique_rectangle(board({"r1c1": "12", "r2c4": "12", "r1c4": "123", "r2c1": "123"}))
    assert "(type 5)" in diagonal.text
    assert elims(diagonal) == {("r1c2", 3), ("r1c3", 3), ("r2c5", 3), ("r2c6", 3)}
    three = uniqueness.unique_rectangle(board({"r1c1": "12", "r1c4": "123", "r2c1": "123", "r2c4": "123"}))
    assert "(type 5)" in three.text and elims(three) == {("r2c5", 3), ("r2c6", 3)}


def test_type_3_makes_a_naked_subset_of_the_roof_and_other_cells():
    step = uniqueness.unique_rectangle(board({"r1c1": "12", "r1c4": "12", "r2c1": "123", "r2c4": "124",
                                              "r2c7": "34"}))
    assert "(type 3)" in step.text and "naked pair 3/4 in row 2" in step.text and step.difficulty == 4.6
    assert elims(step) == {(f"r2c{c}", d) for c in (2, 3, 5, 6, 8, 9) for d in (3, 4)}


def test_type_4_with_a_missing_candidate():
    # 1 has no place in row 2 but the roof; r2c1 lost 2: only r2c4 loses it
    b = board({"r1c1": "12", "r1c4": "12", "r2c1": "13", "r2c4": "124"}, without=(1, ("row 2",)))
    step = uniqueness.unique_rectangle(b)
    assert "(type 4)" in step.text and elims(step) == {("r2c4", 2)} and step.units == ("row 2",)


def test_a_type_1_comes_before_a_type_3_found_earlier():
    marks = {"r1c1": "12", "r1c4": "12", "r2c1": "123", "r2c4": "124", "r2c7": "34",  # type 3
             "r5c5": "56", "r5c8": "56", "r6c5": "56", "r6c8": "567"}                   # type 1
    assert "(type 1)" in uniqueness.unique_rectangle(board(marks)).text


# -- type 6, Hidden Rectangle -----------------------------------------------------------------------------
def test_type_6_takes_the_x_wing_digit_from_the_roof():
    b = board({"r1c1": "12", "r2c4": "12", "r1c4": "123", "r2c1": "124"}, without=(1, ("row 1", "row 2")))
    step = uniqueness.unique_rectangle_type_6(b)
    assert step.technique == "Unique Rectangle (type 6)" and elims(step) == {("r1c4", 1), ("r2c1", 1)}
    assert step.units == ("row 1", "row 2") and len(step.links) == 2
    # 1 elsewhere in row 2: no X-Wing
    b = board({"r1c1": "12", "r2c4": "12", "r1c4": "123", "r2c1": "124"}, without=(1, ("row 1",)))
    assert uniqueness.unique_rectangle_type_6(b) is None


def test_hidden_rectangle_uses_two_strong_links_on_the_opposite_corner():
    b = board({"r1c1": "12", "r1c4": "126", "r2c1": "125", "r2c4": "123"}, without=(1, ("row 2", "column 4")))
    step = rectangles.hidden_rectangle(b)
    assert step.technique == "Hidden Rectangle" and elims(step) == {("r2c4", 2)}
    assert step.units == ("row 2", "column 4")
    b = board({"r1c1": "12", "r1c4": "126", "r2c1": "125", "r2c4": "123"}, without=(1, ("row 2",)))
    assert rectangles.hidden_rectangle(b) is None


# -- Avoidable Rectangle ------------------------------------------------------------------------------------
def test_avoidable_rectangle_type_1_needs_placed_digits():
    values = {"r1c1": 1, "r1c4": 2, "r2c1": 2}
    step = rectangles.avoidable_rectangle(board({"r2c4": "13"}, values=values, givens=0))
    assert step.technique == "Avoidable Rectangle" and elims(step) == {("r2c4", 1)}
    # a given corner cannot swap; unknown givens: nothing
    assert rectangles.avoidable_rectangle(board({"r2c4": "13"}, values=values, givens=1 << cell("r1c1"))) is None
    assert rectangles.avoidable_rectangle(board({"r2c4": "13"}, values=values)) is None


def test_avoidable_rectangle_type_2():
    b = board({"r2c1": "25", "r2c4": "15"}, values={"r1c1": 1, "r1c4": 2}, givens=0)
    step = rectangles.avoidable_rectangle(b)
    assert "(type 2)" in step.text and ("r2c2", 5) in elims(step) and ("r3c1", 5) not in elims(step)
    b = board({"r2c1": "25", "r2c4": "16"}, values={"r1c1": 1, "r1c4": 2}, givens=0)
    assert rectangles.avoidable_rectangle(b) is None


def test_copy_keeps_the_givens():
    b = board({}, values={"r1c1": 1}, givens=1)
    assert b.copy().givens == 1


# -- when the rectangles stay silent; other shapes ---------------------------------------------------------
TYPE_1 = {"r1c1": "12", "r1c4": "12", "r2c1": "12", "r2c4": "123"}


def test_only_on_puzzles_known_unique_and_rules_that_keep_the_swap():
    assert uniqueness.unique_rectangle(board(TYPE_1, unique=False)) is None
    assert uniqueness.unique_rectangle(board(TYPE_1, rules=Rules(SHAPE, diagonal_down=True))) is None
    # Jigsaw: r3c3 and r3c4 trade regions; the rectangle away from them still counts, one across three
    # regions does not
    boxes = [list(u) for u in tables(SHAPE).units[18:27]]
    boxes[0][boxes[0].index(cell("r3c3"))], boxes[1][boxes[1].index(cell("r3c4"))] = cell("r3c4"), cell("r3c3")
    jigsaw = Rules(SHAPE, regions=tuple(tuple(sorted(b)) for b in boxes))
    assert uniqueness.unique_rectangle(board(TYPE_1, rules=jigsaw)) is not None
    across = {"r3c1": "12", "r3c3": "12", "r4c1": "12", "r4c3": "123"}
    assert uniqueness.unique_rectangle(board(across)) is not None
    assert uniqueness.unique_rectangle(board(across, rules=jigsaw)) is None


@pytest.mark.parametrize("rows, cols", [(2, 3), (4, 4)])
def test_type_1_on_other_box_shapes(rows, cols):
    shape = Shape.of(rows, cols)
    far = f"r1c{cols + 1}"
    b = board({"r1c1": "AB", far: "AB", "r2c1": "AB", f"r2c{cols + 1}": "ABC"} if shape.side > 9 else
              {"r1c1": "12", far: "12", "r2c1": "12", f"r2c{cols + 1}": "123"}, shape=shape)
    step = uniqueness.unique_rectangle(b)
    assert step is not None and len(step.eliminations) == 2
    if shape.side > 9:
        assert "A/B" in step.text


# -- real positions: checked against the solution ----------------------------------------------------------
REAL = [  # (finder, grid, removed marks, expected eliminations); from tests/data/techniques/uniqueness.txt
    (uniqueness.unique_rectangle,
     "4985..23.536..28..21783.6..6.34...2.9.52.34..124..83.97.1.2..83..2.....6.69..5742",
     "r1c5:1 r1c6:7 r2c4:9 r2c5:17 r2c8:1 r2c9:7 r4c5:1 r4c9:17 r5c5:7 r5c8:7 r5c9:1 r6c5:7 r7c6:9 r8c2:8 "
     "r8c4:17 r8c5:19 r8c6:19 r8c7:5 r8c8:9", "r4c9:8"),
    (uniqueness.unique_rectangle_type_6,
     ".9..25.7..2576...971849356258763921496..84357.34..7986.7.3.6...84..726...5..4.72.",
     "r1c9:1 r2c7:4 r6c4:1 r7c3:1 r7c7:1 r7c9:1 r9c1:1 r9c4:1 r9c9:8", "r1c1:6 r9c3:6"),
    (rectangles.hidden_rectangle,
     "768.4..9.15..7.84.9.48.176.879.1.5265...9.4.74..5.7...64....25.28.....3439..2..78",
     "r1c9:2 r2c4:23 r2c6:23 r5c2:2 r5c3:12 r5c4:3 r5c6:3 r6c2:3 r6c3:13 r6c5:3 r6c7:1 r6c9:1 r9c6:6", "r8c4:1"),
]


@pytest.mark.parametrize("finder, grid, removed, expected", REAL)
def test_real_positions_lose_no_solution_digit(finder, grid, removed, expected):
    position = Position.parse(grid, removed)
    solution = solve(position.grid)
    step = finder(position.board(unique=True))
    assert set(step.eliminations) == set(parse_marks(expected, 9))
    assert all(solution.values[c] != d for c, d in step.eliminations)


# -- Avoidable Rectangles in Play ------------------------------------------------------------------------
AR_LINE = ("+1+3.+46...8+8+62+1+9+3+7..49...+231+6+7+56+934...+3+2+1+6+785..94+8+5+21+6+7+3+6+7+32.94..+28.+3..."
           "+6.51...+6.3.")


def test_a_hint_in_play_shows_an_avoidable_rectangle_when_the_givens_are_sent():
    grid, givens = parse_grid(AR_LINE)
    marks = Position(grid, parse_marks("r1c8:5", 9)).masks()
    lists = [[d + 1 for d in range(9) if m >> d & 1] for m in marks]
    step = next_step(grid, lists, puzzle=givens)
    assert step.technique == "Avoidable Rectangle" and step.eliminations == ((cell("r1c3"), 7),)
    assert next_step(grid, lists).technique != "Avoidable Rectangle"   # givens unknown
    reply = ok({"op": "hint", "puzzle": grid.to_line(), "givens": givens.to_line(), "candidates": lists})
    assert reply["step"]["technique"] == "Avoidable Rectangle"


# a 6-cell BUG Lite: r3c2, r3c3, r4c2, r4c3 and r9c2 hold 6/7, 6/7, 1/6, 1/6, 1/7; r9c3 holds 1/7 and more
BUG_LITE = ("+132..+8+56+9+8+4+56+39+2..9..2+5+1+8437...849..+3+84...+1.6+25+9.1+6....9.8......2...37..5......9.",
            "r5c8:2 r7c3:6 r8c3:6 r9c2:6 r9c3:6")


def test_bug_lite_removes_the_pattern_digits_from_the_one_cell_with_more():
    grid, givens = parse_grid(BUG_LITE[0])
    position = Position(grid, parse_marks(BUG_LITE[1], 9), givens)
    step = bug_lite.bug_lite(position.board(unique=True))
    assert step.technique == "BUG Lite" and "deadly pattern" in step.text
    assert set(step.eliminations) == {(cell("r9c3"), 1), (cell("r9c3"), 7)}
    assert set(step.cells) == {cell(name) for name in ("r3c2", "r3c3", "r4c2", "r4c3", "r9c2", "r9c3")}
    assert solve(grid).values[cell("r9c3")] not in (1, 7)
    # a uniqueness argument: nothing when the puzzle is not known to have one solution
    assert bug_lite.bug_lite(position.board(unique=False)) is None


def test_bug_lite_needs_a_cell_outside_the_pattern_digits():
    # the four corners of a unique rectangle, all bivalue: a pattern a unique puzzle cannot have, no step
    marks = {"r1c1": "12", "r1c4": "12", "r2c1": "12", "r2c4": "12"}
    assert bug_lite.bug_lite(board(marks)) is None
