"""Grid and Shape, specified: geometry of every box shape, immutability, conflicts that say where."""
import pytest

from sudoku_core import Grid, Shape


@pytest.mark.parametrize("spec, rows, cols", [
    ("4x4", 2, 2), ("6x6", 2, 3), ("8x8", 2, 4), ("9x9", 3, 3), ("12x12", 3, 4), ("16x16", 4, 4),
    ("25x25", 5, 5), ("64x64", 8, 8), ("9", 3, 3), ("2x3", 2, 3), ("3x2", 3, 2), ("6x6:3x2", 3, 2),
])
def test_shape_specs_name_the_side_or_the_box(spec, rows, cols):
    shape = Shape.parse(spec)
    assert (shape.box_rows, shape.box_cols) == (rows, cols)


@pytest.mark.parametrize("spec", ["", "nine", "0x0", "11x10", "6x6:2x2", "1x2x3", "1x5", "7x7"])
def test_bad_shape_specs_are_refused_with_a_reason(spec):
    with pytest.raises(ValueError, match="size|grid|box"):
        Shape.parse(spec)


@pytest.mark.parametrize("spec, written", [
    ("9", "9x9"), ("2x3", "6x6"), ("3x2", "6x6:3x2"), ("12x12:4x3", "12x12:4x3"),
])
def test_a_shape_writes_the_spec_that_reads_back_to_it(spec, written):
    assert Shape.parse(spec).spec == written and Shape.parse(written) == Shape.parse(spec)


def test_a_3x3_grid_is_refused_with_a_hint_about_boxes():
    with pytest.raises(ValueError, match=r"too small.*for 3x3 boxes write 9x9"):
        Shape.parse("3x3")


def test_shapes_are_cached_and_equal_by_box():
    assert Shape.parse("9x9") is Shape.of(3, 3)
    assert Shape.of(2, 3) != Shape.of(3, 2)


def test_every_cell_of_9x9_has_20_peers_and_3_units():
    shape = Shape.parse("9x9")
    assert {len(p) for p in shape.peers} == {20}
    assert {len(u) for u in shape.cell_units} == {3}
    assert len(shape.units) == 27


def test_boxes_of_a_2x3_shape_are_two_rows_by_three_columns():
    shape = Shape.parse("6x6")
    first_box = shape.units[12].cells
    assert first_box == (0, 1, 2, 6, 7, 8)
    assert shape.name == "6x6"
    assert Shape.parse("3x2").name == "6x6 (3x2 boxes)"


def test_grid_is_immutable_and_hashable():
    grid = Grid.empty("4x4")
    with pytest.raises(AttributeError):
        grid.values = ()
    assert len({grid, Grid.empty("4x4")}) == 1


def test_grid_refuses_a_value_out_of_range_naming_the_cell():
    with pytest.raises(ValueError, match="r1c2: 10 is not a digit for a 9x9 grid"):
        Grid([0, 10] + [0] * 79)


def test_grid_refuses_a_non_square_cell_count():
    with pytest.raises(ValueError, match="80 cells"):
        Grid([0] * 80)


def test_conflict_names_both_cells_the_digit_and_the_unit():
    grid = Grid.parse("5...5" + "." * 76)
    (conflict,) = grid.conflicts()
    assert conflict.message == "r1c1 and r1c5 are both 5 in row 1"
    assert conflict.cells == (0, 4) and conflict.digit == 5 and conflict.unit == "row 1"


def test_clash_inside_one_box_is_reported_once_for_the_box():
    grid = Grid.parse("7........" + ".7......." + "." * 63)
    assert [c.message for c in grid.conflicts()] == ["r1c1 and r2c2 are both 7 in box 1"]


def test_three_copies_in_a_column_are_listed_together():
    line = ["."] * 81
    for row in (0, 4, 8):
        line[row * 9] = "3"
    (conflict,) = Grid.parse("".join(line)).conflicts()
    assert conflict.message == "r1c1, r5c1 and r9c1 are all 3 in column 1"


def test_letters_name_digits_past_nine_in_conflicts():
    grid = Grid([12, 12] + [0] * 254, "16x16")
    assert grid.conflicts()[0].message == "r1c1 and r1c2 are both C in row 1"


def test_to_line_uses_letters_past_nine_and_numbers_past_35():
    assert Grid([16] + [0] * 255).to_line().startswith("G...")
    big = Grid([36] + [0] * (36 * 36 - 1))
    assert big.to_line().split()[:2] == ["36", "0"]


def test_is_solution_of_checks_rules_and_givens():
    solved = Grid.parse("1234341221434321")
    assert solved.is_solved()
    assert solved.is_solution_of(Grid.parse("1...............", "4x4"))
    assert not solved.is_solution_of(Grid.parse("2...............", "4x4"))


def test_grid_draws_itself_as_svg_for_notebooks():
    svg = Grid.parse("1234341221434321")._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<text") == 16
