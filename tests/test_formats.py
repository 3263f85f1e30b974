"""Reading and writing puzzles: every format, every error with its place, and round trips."""
from __future__ import annotations

import random
import sys
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.core.formats import (
    FORMATS, ParseError, format_block, format_grid, format_line, format_sdk, format_ss, parse_grid,
    parse_puzzles, solver_links, sudokuwiki_string,
)
from sudoku_core.core.grid import Grid
from sudoku_core.core.shape import Shape

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
PUZZLE_ROWS = [PUZZLE[r * 9:(r + 1) * 9] for r in range(9)]


@pytest.fixture
def puzzle() -> Grid:
    return Grid([0 if c == "." else int(c) for c in PUZZLE], Shape.of(3, 3))


def reason_of(text: str, shape=None) -> ParseError:
    with pytest.raises(ParseError) as caught:
        parse_grid(text, shape)
    return caught.value


# -- one-line strings -------------------------------------------------------------------------------
def test_one_line_with_dots_reads_row_by_row(puzzle):
    assert parse_grid(PUZZLE) == puzzle


@pytest.mark.parametrize("mark", ["0", "-", "x", "X", "*", "_"])
def test_every_empty_mark_reads_as_an_empty_cell(puzzle, mark):
    assert parse_grid(PUZZLE.replace(".", mark)) == puzzle


def test_surrounding_whitespace_and_trailing_newline_are_ignored(puzzle):
    assert parse_grid("  " + PUZZLE + "  \n") == puzzle


def test_extra_spaces_between_cells_are_ignored(puzzle):
    assert parse_grid(" ".join(PUZZLE)) == puzzle
    assert parse_grid(PUZZLE[:10] + "   " + PUZZLE[10:]) == puzzle


def test_bars_inside_a_line_are_ignored(puzzle):
    spaced = "|".join(PUZZLE[k:k + 3] for k in range(0, 81, 3))
    assert parse_grid(spaced) == puzzle


def test_shape_is_inferred_from_the_cell_count():
    assert parse_grid("1234341221434321").shape == Shape.of(2, 2)
    assert parse_grid("." * 36).shape == Shape.of(2, 3)
    assert parse_grid("." * 256).shape == Shape.of(4, 4)


def test_explicit_shape_as_string_or_shape():
    assert parse_grid("." * 36, "6x6:3x2").shape == Shape.of(3, 2)
    assert parse_grid("." * 36, Shape.of(3, 2)).shape == Shape.of(3, 2)
    assert parse_grid("." * 36, "3x2").shape == Shape.of(3, 2)


def test_a_bad_shape_string_is_a_parse_error():
    assert "not a size" in reason_of(PUZZLE, "nine").reason


# -- blocks, separators, comments -------------------------------------------------------------------
def test_block_of_plain_rows(puzzle):
    assert parse_grid("\n".join(PUZZLE_ROWS)) == puzzle


def test_block_with_bars_and_plus_separators(puzzle):
    text = """
    +-------+-------+-------+
    | 4 . . | . . . | 8 . 5 |
    | . 3 . | . . . | . . . |
    | . . . | 7 . . | . . . |
    +-------+-------+-------+
    | . 2 . | . . . | . 6 . |
    | . . . | . 8 . | 4 . . |
    | . . . | . 1 . | . . . |
    +-------+-------+-------+
    | . . . | 6 . 3 | . 7 . |
    | 5 . . | 2 . . | . . . |
    | 1 . 4 | . . . | . . . |
    +-------+-------+-------+
    """
    assert parse_grid(text) == puzzle


def test_block_with_dash_plus_separators_and_no_borders(puzzle):
    rows = [f"{r[:3]}|{r[3:6]}|{r[6:]}" for r in PUZZLE_ROWS]
    text = "\n".join(rows[:3] + ["---+---+---"] + rows[3:6] + ["---+---+---"] + rows[6:])
    assert parse_grid(text) == puzzle


def test_a_line_of_dashes_wider_than_the_rows_is_a_separator(puzzle):
    rows = [" ".join(r) for r in PUZZLE_ROWS]
    text = "\n".join(rows[:3] + ["-" * 17] + rows[3:6] + ["-" * 17] + rows[6:])
    assert parse_grid(text) == puzzle


def test_a_line_of_dashes_as_wide_as_the_rows_is_a_row_of_empty_cells():
    text = "\n".join(["123456789"] + ["---------"] * 8)
    grid = parse_grid(text)
    assert grid.values[:9] == tuple(range(1, 10)) and grid.givens == 9


def test_blank_lines_and_comments_are_ignored(puzzle):
    text = "# a comment\n\n" + "\n".join(r + "   # row" for r in PUZZLE_ROWS[:4]) + "\n\n" \
        + "\n".join(PUZZLE_ROWS[4:]) + "\n# the end\n"
    assert parse_grid(text) == puzzle


def test_sdk_file_with_headers(puzzle):
    text = "#ASadMan Software\n#DA hard one\n#S Norvig\n#L Hard\n" + "\n".join(PUZZLE_ROWS) + "\n"
    assert parse_grid(text) == puzzle


def test_sdk_puzzle_section_is_read_and_other_sections_are_skipped(puzzle):
    other = "\n".join("123456789" for _ in range(9))
    text = "[Puzzle]\n" + "\n".join(PUZZLE_ROWS) + "\n[State]\n" + other + "\n"
    assert parse_grid(text) == puzzle


def test_simple_sudoku_ss_file(puzzle):
    text = """*-----------*
|4..|...|8.5|
|.3.|...|...|
|...|7..|...|
|---+---+---|
|.2.|...|.6.|
|...|.8.|4..|
|...|.1.|...|
|---+---+---|
|...|6.3|.7.|
|5..|2..|...|
|1.4|...|...|
*-----------*
"""
    assert parse_grid(text) == puzzle


def test_hodoku_library_line(puzzle):
    assert parse_grid(f":0000:x:{PUZZLE}:::") == puzzle


def test_hodoku_library_line_ignores_plus_marks_of_placed_digits(puzzle):
    marked = "+" + PUZZLE  # HoDoKu writes '+4' for a placed (not given) 4
    assert parse_grid(f":0100:1:{marked}:211::") == puzzle


def test_hodoku_library_line_without_a_puzzle_field():
    err = reason_of(":0000:x")
    assert (err.line, err.column) == (1, 1)
    assert "library line" in err.reason


# -- symbols past 9 ---------------------------------------------------------------------------------
def test_16x16_uses_letters_up_to_g():
    line = "123456789ABCDEFG" + "." * 240
    grid = parse_grid(line)
    assert grid.shape.side == 16 and grid.values[:16] == tuple(range(1, 17))


def test_letters_may_be_lower_case():
    assert parse_grid("123456789abcdefg" + "." * 240) == parse_grid("123456789ABCDEFG" + "." * 240)


def test_16x16_with_a_zero_and_dots_reads_zero_to_f():
    grid = parse_grid("0123456789ABCDEF" + "." * 240)
    assert grid.values[:16] == tuple(range(1, 17))


def test_16x16_with_many_zeros_and_no_other_empty_mark_reads_zero_as_empty():
    grid = parse_grid("123456789ABCDEF" + "0" * 241)
    assert grid.values[:15] == tuple(range(1, 16)) and grid.givens == 15


def test_16x16_with_g_reads_zero_as_empty():
    grid = parse_grid("0123456789ABCDEFG" + "." * 239)
    assert grid.values[:17] == (0,) + tuple(range(1, 17))


def test_25x25_uses_letters_up_to_p():
    grid = parse_grid("ABCDEFGHIJKLMNOP" + "." * (625 - 16))
    assert grid.shape.side == 25 and grid.values[15] == 25


def test_whitespace_separated_numbers_for_16x16():
    rows = [" ".join(str((r * 4 + r // 4 + c) % 16 + 1) for c in range(16)) for r in range(16)]
    grid = parse_grid("\n".join(rows))
    assert grid.shape.side == 16 and grid.is_solved()


def test_whitespace_separated_numbers_with_zero_and_dot_for_empty():
    text = "10 0 . 3 " + " ".join(["0"] * 252)
    grid = parse_grid(text)
    assert grid.values[:4] == (10, 0, 0, 3)


def test_whitespace_separated_numbers_for_64x64():
    values = [(k % 64) + 1 if k % 7 == 0 else 0 for k in range(64 * 64)]
    text = "\n".join(" ".join(str(v) for v in values[r * 64:(r + 1) * 64]) for r in range(64))
    grid = parse_grid(text)
    assert grid.shape == Shape.of(8, 8) and list(grid.values) == values


# -- errors and where they are ----------------------------------------------------------------------
def test_empty_text_is_an_error():
    err = reason_of("")
    assert "no puzzle found" in err.reason and err.line is None


def test_only_comments_is_an_error():
    assert "no puzzle found" in reason_of("# nothing\n\n#D here\n").reason


def test_one_cell_short_reports_the_count():
    err = reason_of(PUZZLE[:-1])
    assert str(err) == "expected 81 cells, found 80"
    assert (err.line, err.column) == (None, None)


def test_one_cell_too_many_reports_the_count():
    assert reason_of(PUZZLE + "5").reason == "expected 81 cells, found 82"


def test_stray_letter_reports_line_and_column():
    rows = list(PUZZLE_ROWS)
    rows[2] = rows[2][:6] + "Z" + rows[2][7:]
    err = reason_of("\n".join(rows))
    assert str(err) == "line 3, column 7: 'Z' is not a digit for a 9x9 grid"
    assert (err.line, err.column, err.reason) == (3, 7, "'Z' is not a digit for a 9x9 grid")


def test_stray_punctuation_reports_its_place_even_when_the_count_is_wrong():
    err = reason_of(PUZZLE[:40] + "/" + PUZZLE[40:])
    assert (err.line, err.column) == (1, 41)
    assert "'/'" in err.reason


def test_letter_past_the_alphabet_names_the_alphabet():
    err = reason_of("H" + "." * 255)
    assert err.reason == "'H' is not a digit for a 16x16 grid (1-9 and A-G)"


def test_ten_in_a_9x9_grid_is_out_of_range():
    cells = ["0"] * 81
    cells[13] = "10"
    text = "\n".join(" ".join(cells[r * 9:(r + 1) * 9]) for r in range(9))
    err = reason_of(text)
    assert str(err) == "line 2, column 9: 10 is out of range for a 9x9 grid"


def test_row_of_wrong_length_is_named():
    rows = list(PUZZLE_ROWS)
    rows[4] = rows[4][:-1]
    err = reason_of("\n".join(rows))
    assert err.line == 5 and err.reason == "row 5 has 8 cells, expected 9"


def test_missing_row_reports_rows():
    assert reason_of("\n".join(PUZZLE_ROWS[:8])).reason == "expected 81 cells, found 72 (8 rows of 9)"


def test_two_puzzles_in_parse_grid_points_at_the_second():
    err = reason_of(PUZZLE + "\n" + PUZZLE)
    assert err.line == 2 and "parse_puzzles" in err.reason


def test_explicit_shape_that_does_not_match_the_count():
    assert reason_of(PUZZLE, "4x4").reason == "expected 16 cells, found 81"


def test_parse_error_is_a_value_error():
    assert issubclass(ParseError, ValueError)


def test_parse_grid_rejects_bytes_with_type_error():
    with pytest.raises(TypeError):
        parse_grid(PUZZLE.encode())  # type: ignore[arg-type]


#: What "fast" means below: a reader that went over the line once per cell (quadratic) would take hours on a
#: megabyte; one pass takes well under a second even on a busy shared machine, and inside Pyodide or
#: MicroPython (whose runs of this suite share the bound).
#: A quadratic reader would take hours; a linear one a fraction of a second on CPython and seconds inside
#: MicroPython, which a loaded machine stretches (14.6 s seen beside the whole suite).
FAST_S = 60 if sys.implementation.name == "micropython" else 10


def test_a_one_megabyte_line_fails_fast_with_a_parse_error():
    start = time.perf_counter()
    err = reason_of("1" * 1_000_000)
    assert "1000000 cells" in err.reason
    assert time.perf_counter() - start < FAST_S


def test_a_one_megabyte_line_of_spaced_items_fails_fast():
    start = time.perf_counter()
    with pytest.raises(ParseError):
        parse_grid("1 " * 500_000)
    assert time.perf_counter() - start < FAST_S


def test_a_number_of_thousands_of_digits_is_a_parse_error():
    text = "9" * 5000 + " " + " ".join(["0"] * 80)  # int() would refuse it with a plain ValueError
    reason_of(text)


def test_a_three_digit_number_is_out_of_range():
    text = "100 " + " ".join(["0"] * 80)
    assert reason_of(text).reason == "100 is out of range for a 9x9 grid"


# -- files of many puzzles --------------------------------------------------------------------------
def results(text, shape=None):
    return [(no, item if isinstance(item, ParseError) else item.to_line())
            for no, item in parse_puzzles(text, shape)]


def test_one_puzzle_per_line_with_one_bad_line():
    text = "\n".join([PUZZLE, PUZZLE[:-1], PUZZLE.replace(".", "0")])
    got = results(text)
    assert [no for no, _ in got] == [1, 2, 3]
    assert got[0][1] == PUZZLE and got[2][1] == PUZZLE
    assert isinstance(got[1][1], ParseError) and got[1][1].reason == "expected 81 cells, found 80"


def test_blank_lines_and_comments_between_one_liners_are_skipped():
    got = results(f"# list\n{PUZZLE}\n\n{PUZZLE}\n")
    assert [no for no, _ in got] == [2, 4]


def test_blocks_separated_by_blank_lines(puzzle):
    text = format_block(puzzle) + "\n\n" + "\n".join(PUZZLE_ROWS) + "\n"
    assert results(text) == [(2, PUZZLE), (15, PUZZLE)]


def test_blocks_back_to_back_without_blank_lines():
    text = "\n".join(PUZZLE_ROWS * 3)
    assert results(text) == [(1, PUZZLE), (10, PUZZLE), (19, PUZZLE)]


def test_sdk_files_concatenated_with_headers():
    text = "".join(f"#D puzzle {k}\n" + "\n".join(PUZZLE_ROWS) + "\n" for k in range(2))
    assert results(text) == [(2, PUZZLE), (12, PUZZLE)]


def test_library_lines_mixed_with_one_liners():
    assert results(f":0000:x:{PUZZLE}:::\n{PUZZLE}\n") == [(1, PUZZLE), (2, PUZZLE)]


def test_short_block_is_one_error_and_the_next_puzzle_still_reads():
    text = "\n".join(PUZZLE_ROWS[:8]) + "\n\n" + PUZZLE + "\n"
    got = results(text)
    assert isinstance(got[0][1], ParseError) and got[1] == (10, PUZZLE)


def test_truncated_one_liner_is_reported_against_the_previous_shape():
    got = results(f"{PUZZLE}\n{PUZZLE[:20]}\n{PUZZLE}\n")
    assert got[1][1].reason == "expected 81 cells, found 20"
    assert got[2] == (3, PUZZLE)


def test_one_line_4x4_puzzles_read_one_per_line_when_few():
    got = results("1234341221434321\n" * 3)
    assert got == [(1, "1234341221434321"), (2, "1234341221434321"), (3, "1234341221434321")]


def test_explicit_shape_reads_any_number_of_4x4_lines():
    got = results("1234341221434321\n" * 20, "4x4")
    assert len(got) == 20


def test_parse_puzzles_accepts_an_iterable_of_lines():
    lines = iter([PUZZLE + "\n", "\n", PUZZLE + "\r\n"])
    assert results(lines) == [(1, PUZZLE), (3, PUZZLE)]


def test_parse_puzzles_is_lazy():
    def lines():
        yield PUZZLE + "\n"
        raise AssertionError("read too far")

    first = next(iter(parse_puzzles(lines())))
    assert first[0] == 1


def test_error_in_a_block_carries_the_line_of_the_fault():
    rows = list(PUZZLE_ROWS)
    rows[3] = "...Z....."
    got = results(PUZZLE + "\n\n" + "\n".join(rows))
    no, err = got[1]
    assert no == 3 and (err.line, err.column) == (6, 4)


# -- writers ----------------------------------------------------------------------------------------
def test_format_line_is_to_line(puzzle):
    assert format_line(puzzle) == PUZZLE


def test_format_block_draws_boxes(puzzle):
    lines = format_block(puzzle).splitlines()
    assert lines[0] == "+-------+-------+-------+"
    assert lines[1] == "| 4 . . | . . . | 8 . 5 |"
    assert len(lines) == 13


def test_format_sdk_writes_headers_and_rows(puzzle):
    text = format_sdk(puzzle, [("L", "Hard"), ("D", "a hard one")])
    assert text.splitlines()[:3] == ["#L Hard", "#D a hard one", "4.....8.5"]
    if sys.implementation.name != "micropython":  # whose dicts keep no order: pairs keep theirs everywhere
        assert format_sdk(puzzle, {"D": "a hard one", "L": "Hard"}).splitlines()[:2] == ["#D a hard one", "#L Hard"]


def test_format_ss_draws_simple_sudoku_frames(puzzle):
    lines = format_ss(puzzle).splitlines()
    assert lines[0] == lines[-1] == "*-----------*"
    assert lines[1] == "|4..|...|8.5|" and lines[4] == "|---+---+---|"


def test_format_grid_dispatches_and_rejects_unknown_formats(puzzle):
    assert format_grid(puzzle, "line") == PUZZLE
    assert format_grid(puzzle, "block") == format_block(puzzle)
    with pytest.raises(ValueError):
        format_grid(puzzle, "svg")


def test_grid_str_is_the_block_form(puzzle):
    assert str(puzzle) == format_block(puzzle)


def test_large_grids_are_written_as_numbers():
    grid = Grid([1] + [0] * (36 * 36 - 2) + [36], "36x36")
    assert format_line(grid).split()[-1] == "36"
    assert parse_grid(format_block(grid)) == grid


# -- properties -------------------------------------------------------------------------------------
SHAPES = [Shape.of(2, 2), Shape.of(2, 3), Shape.of(3, 2), Shape.of(3, 3), Shape.of(2, 4), Shape.of(4, 2),
          Shape.of(3, 4), Shape.of(4, 4), Shape.of(5, 5), Shape.of(6, 6)]


@st.composite
def grids(draw, shapes=SHAPES):
    """Random grids (not necessarily valid Sudoku): any digit or empty in any cell, some mostly empty."""
    shape = draw(st.sampled_from(shapes))
    rnd = random.Random(draw(st.integers(0, 2**32)))  # far faster than drawing 1,296 cells one by one
    fill = draw(st.sampled_from([0.0, 0.2, 0.5, 1.0]))
    values = [rnd.randint(1, shape.side) if rnd.random() < fill else 0 for _ in range(shape.cell_count)]
    return Grid(values, shape)


@settings(max_examples=150, deadline=None)
@given(grids(), st.sampled_from(FORMATS))
def test_every_format_round_trips_with_the_shape_given(grid, fmt):
    assert parse_grid(format_grid(grid, fmt), grid.shape) == grid


@settings(max_examples=150, deadline=None)
@given(grids(), st.sampled_from(["block", "ss"]))
def test_drawn_formats_round_trip_without_the_shape(grid, fmt):
    assert parse_grid(format_grid(grid, fmt)) == grid


@settings(max_examples=100, deadline=None)
@given(grids([s for s in SHAPES if s == Shape.for_side(s.side)]), st.sampled_from(FORMATS))
def test_default_shapes_round_trip_in_every_format_without_the_shape(grid, fmt):
    assert parse_grid(format_grid(grid, fmt)) == grid


@settings(max_examples=60, deadline=None)
@given(st.lists(grids([Shape.of(2, 2), Shape.of(3, 3), Shape.of(4, 4)]), min_size=1, max_size=4),
       st.sampled_from(["line", "block", "sdk", "ss"]))
def test_a_file_of_written_puzzles_reads_back_in_order(puzzles, fmt):
    shape = puzzles[0].shape
    same = [g for g in puzzles if g.shape == shape]
    text = "\n\n".join(format_grid(g, fmt) for g in same) + "\n"
    assert [g for _, g in parse_puzzles(text, shape)] == same


PUZZLE_ALPHABET = st.sampled_from(list("0123456789.-x*_|+#:[]ABCDEFGZz \n\r\t/\\\u00e9\x00"))


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=400), st.text(PUZZLE_ALPHABET, max_size=400)))
def test_arbitrary_text_raises_only_parse_error(text):
    try:
        grid = parse_grid(text)
    except ParseError:
        return
    assert isinstance(grid, Grid)


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=400), st.text(PUZZLE_ALPHABET, max_size=400)))
def test_arbitrary_text_in_a_file_yields_grids_or_parse_errors(text):
    for no, item in parse_puzzles(text):
        assert no >= 1 and isinstance(item, (Grid, ParseError))


@settings(max_examples=100, deadline=None)
@given(st.text(PUZZLE_ALPHABET, min_size=70, max_size=90))
def test_near_miss_one_liners_raise_only_parse_error(text):
    try:
        parse_grid(text.replace("\n", ""))
    except ParseError:
        pass


def test_solver_links_open_the_puzzle_in_two_online_solvers(puzzle):
    links = solver_links(puzzle)
    assert links["sudokuwiki"] == "https://www.sudokuwiki.org/sudoku.htm?bd=" + sudokuwiki_string(puzzle.values)
    assert links["sudokucoach"] == "https://sudoku.coach/en/solver/" + PUZZLE.replace(".", "0")


def test_the_online_solvers_take_9x9_grids_only():
    with pytest.raises(ValueError, match="9x9"):
        solver_links(Grid.empty("6x6"))
    with pytest.raises(ValueError, match="9x9"):
        sudokuwiki_string([0] * 36)
