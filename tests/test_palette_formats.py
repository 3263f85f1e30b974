"""The setters' palette in the exchange forms: f-puzzles JSON and links, and the text form, read and written
back equal for every kind; bad clues told with their place; what the reader cannot use (drawings, the rules
text) said beside the answer, with the setter's solution compared, in the reader and the bridge (the CLI's
part: tests/test_variant_cli.py, as this file runs inside MicroPython too, where the CLI is not)."""
from __future__ import annotations

import json

import pytest

from sudoku_core import Grid
from sudoku_core.bridge import handle
from sudoku_core.core.formats import ParseError
from sudoku_core.core.shape import Shape
from sudoku_core.formats.fpuzzles import (FPUZZLES_URL, fpuzzles_link, read_fpuzzles, read_fpuzzles_details,
                                          sudokupad_link, to_fpuzzles_dict, to_fpuzzles_json)
from sudoku_core.formats.lzstring import compress_to_base64
from sudoku_core.formats.variant_io import read_variant_details, setter_verdict
from sudoku_core.formats.variant_text import read_variant, write_variant
from sudoku_core.variants.constraints import KINDS, Constraint
from sudoku_core.variants.rules import Cage, Rules

NINE = Shape.for_side(9)
EMPTY = Grid([0] * 81, NINE)
#: A valid 9x9 grid to test clues against (any grid works: each clue below is made to hold on it).
SOLVED = Grid.parse("417369825632158947958724316825437169791586432346912758289643571573291684164875293")
#: SOLVED with every fourth cell emptied: one solution (checked in the test that uses it).
UNIQUE = Grid(tuple(0 if i % 4 == 0 else v for i, v in enumerate(SOLVED.values)), NINE)


def c(name: str) -> int:
    """r1c1 -> 0."""
    r, col = name[1:].split("c")
    return (int(r) - 1) * 9 + int(col) - 1


def cells(*names: str) -> "tuple[int, ...]":
    return tuple(c(n) for n in names)


#: One constraint of every kind, in `KINDS` order, each one kept by SOLVED (the test below checks it).
EVERY_KIND = (
    Constraint("thermometer", cells("r4c5", "r4c4", "r3c4")),                       # 3 < 4 < 7
    Constraint("slow_thermometer", cells("r1c2", "r2c2")),
    Constraint("arrow", cells("r4c5", "r3c6", "r2c6"), head=cells("r5c3", "r5c4")),  # 3 + 4 + 8 = 15
    Constraint("white_dot", cells("r1c5", "r1c6"), 3),
    Constraint("black_dot", cells("r9c1", "r9c2"), 6),
    Constraint("xv", cells("r1c7", "r1c8"), 10),
    Constraint("little_killer", cells("r1c2", "r2c3", "r3c4", "r4c5", "r5c6", "r6c7", "r7c8", "r8c9"), 37,
               direction="DR"),
    Constraint("sandwich", tuple(range(9)), 16),                                     # 4 [1 7 3 6 9] 8 2 5
    Constraint("whispers", cells("r5c2", "r5c3"), 4),
    Constraint("renban", cells("r4c3", "r4c4", "r4c5")),
    Constraint("palindrome", cells("r3c2", "r4c3")),
    Constraint("between", cells("r1c6", "r1c7", "r1c8")),
    Constraint("odd", cells("r1c2")),
    Constraint("even", cells("r1c8")),
    Constraint("quadruple", cells("r1c1", "r1c2", "r2c1", "r2c2"), digits=(1, 4)),
    Constraint("minimum", cells("r1c2")),
    Constraint("maximum", cells("r3c1", "r4c1")),
    Constraint("clone", cells("r9c3"), head=cells("r1c1")),
)


def every_kind() -> "tuple[Constraint, ...]":
    return EVERY_KIND


def test_the_sample_clues_are_every_kind_and_the_sample_grid_keeps_them():
    assert tuple(c.kind for c in EVERY_KIND) == KINDS
    assert Rules(NINE, constraints=EVERY_KIND).conflicts(SOLVED) == []


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_reads_back_equal_from_fpuzzles_json_links_and_text(kind):
    clue = next(c for c in every_kind() if c.kind == kind)
    rules = Rules(NINE, constraints=(clue,))
    grid = Grid([5] + [0] * 80, NINE)
    assert read_fpuzzles(to_fpuzzles_json(grid, rules)) == (grid, rules)
    assert read_fpuzzles(fpuzzles_link(grid, rules)) == (grid, rules)
    assert read_fpuzzles(sudokupad_link(grid, rules)) == (grid, rules)
    assert read_variant(write_variant(grid, rules)) == (grid, rules)


def test_every_kind_together_with_other_variants_reads_back_equal():
    rules = Rules(NINE, diagonal_down=True, anti_king=True, cages=(Cage(cells("r9c8", "r9c9"), 12),),
                  constraints=every_kind(), negative=("black", "xv"))
    assert read_fpuzzles(to_fpuzzles_json(EMPTY, rules)) == (EMPTY, rules)
    assert read_variant(write_variant(EMPTY, rules)) == (EMPTY, rules)


@pytest.mark.parametrize("flags", [dict(nonconsecutive=True), dict(negative=("black",)), dict(negative=("xv",))])
def test_nonconsecutive_and_the_negative_constraint_read_back_equal(flags):
    rules = Rules(NINE, **flags)
    assert read_fpuzzles(to_fpuzzles_json(EMPTY, rules)) == (EMPTY, rules)
    assert read_variant(write_variant(EMPTY, rules)) == (EMPTY, rules)


def test_nonconsecutive_beside_white_dots_is_fpuzzles_negative_white_constraint():
    dot = Constraint("white_dot", cells("r1c1", "r1c2"))
    data = to_fpuzzles_dict(EMPTY, Rules(NINE, constraints=(dot,), negative=("white",)))
    assert data["nonconsecutive"] is True and "negative" not in data
    assert read_fpuzzles(json.dumps(data))[1].negative == ("white",)
    with pytest.raises(ValueError, match="nonconsecutive"):
        to_fpuzzles_dict(EMPTY, Rules(NINE, constraints=(dot,), nonconsecutive=True))


def test_a_small_grid_carries_the_palette_too():
    four = Shape.for_side(4)
    rules = Rules(four, constraints=(Constraint("thermometer", (0, 1, 2)), Constraint("xv", (4, 5), 5),
                                     Constraint("little_killer", (1, 6, 11), 7, direction="DR")))
    grid = Grid([0] * 16, four)
    assert read_fpuzzles(to_fpuzzles_json(grid, rules)) == (grid, rules)
    assert read_variant(write_variant(grid, rules)) == (grid, rules)


def payload(**keys: object) -> str:
    return json.dumps(dict({"size": 9, "grid": [[{} for _ in range(9)] for _ in range(9)]}, **keys))


def test_fpuzzles_facts_arrow_lines_start_in_the_circle_and_pills_read_in_order():
    rules = read_fpuzzles(payload(arrow=[{"cells": ["R1C2", "R1C1"], "lines": [["R1C1", "R2C1", "R3C1"],
                                                                               ["R1C2", "R2C3", "R3C4"]]}]))[1]
    assert [(a.head, a.cells) for a in rules.constraints] == [(cells("r1c1", "r1c2"), cells("r2c1", "r3c1")),
                                                              (cells("r1c1", "r1c2"), cells("r2c3", "r3c4"))]


def test_fpuzzles_facts_outside_clues_xv_letters_and_whisper_gaps():
    rules = read_fpuzzles(payload(
        littlekillersum=[{"cell": "R0C4", "direction": "DL", "value": "17", "cells": ["R1C3", "R2C2", "R3C1"]}],
        sandwichsum=[{"cell": "R10C2", "value": "8"}, {"cell": "R4C0", "value": 0}],
        xv=[{"cells": ["R5C5", "R5C6"], "value": "v"}], whispers=[{"lines": [["R9C1", "R9C2"]], "value": "4"}],
        difference=[{"cells": ["R7C7", "R7C8"], "value": "3"}], ratio=[{"cells": ["R8C8", "R8C9"]}]))[1]
    by_kind = {k.kind: k for k in rules.constraints}
    assert by_kind["little_killer"] == Constraint("little_killer", cells("r1c3", "r2c2", "r3c1"), 17, direction="DL")
    column, row = (k for k in rules.constraints if k.kind == "sandwich")
    assert column.cells == tuple(r * 9 + 1 for r in range(9)) and column.value == 8
    assert row.cells == tuple(range(27, 36)) and row.value == 0
    assert by_kind["xv"].value == 5 and by_kind["whispers"].value == 4
    assert by_kind["white_dot"].value == 3 and by_kind["black_dot"].value is None


def test_touching_maxima_are_one_group_compared_with_the_cells_round_them():
    rules = read_fpuzzles(payload(maximum=[{"cell": "R1C1"}, {"cell": "R1C2"}, {"cell": "R5C5"}]))[1]
    assert [k.cells for k in rules.constraints] == [cells("r1c1", "r1c2"), cells("r5c5")]
    grid = Grid([9, 8] + [0] * 7 + [7, 6] + [0] * 70, NINE)
    assert rules.conflicts(grid) == []          # 9 beside 8: both maxima, compared only with r2c1 and r2c2


def test_disjoint_groups_with_jigsaw_regions_take_each_regions_kth_cell():
    grid = [[{"region": (r // 3) * 3 + (c // 3)} for c in range(9)] for r in range(9)]
    grid[0][3]["region"], grid[3][0]["region"] = 3, 1          # r1c4 and r4c1 trade regions: Jigsaw
    rules = read_fpuzzles(json.dumps({"size": 9, "grid": grid, "disjointgroups": True}))[1]
    assert rules.regions is not None and len(rules.extra_regions) == 9
    for k, group in enumerate(rules.extra_regions):
        assert sorted(group) == sorted(sorted(region)[k] for region in rules.regions)


@pytest.mark.parametrize("keys, where", [
    (dict(thermometer=[{"lines": [["R1C1", "R1C3"]]}]), "thermometer 1: thermometer r1c1-r1c3: r1c1 and r1c3"),
    (dict(arrow=[{"cells": ["R1C1"], "lines": [["R2C2", "R3C3"]]}]), "arrow 1: its line starts at R2C2"),
    (dict(xv=[{"cells": ["R1C1", "R1C2"], "value": "W"}]), "xv 1: its value 'W' is not X or V"),
    (dict(ratio=[{"cells": ["R1C1", "R2C2"]}]), "ratio 1: black dot r1c1-r2c2: a dot joins two cells"),
    (dict(littlekillersum=[{"cell": "R0C4", "direction": "UP", "value": "9"}]), "littlekillersum 1: its direction"),
    (dict(littlekillersum=[{"cell": "R0C4", "direction": "DR", "value": "9", "cells": ["R1C5"]}]),
     "littlekillersum 1: its cells are not the diagonal"),
    (dict(sandwichsum=[{"cell": "R3C3", "value": "5"}]), "sandwichsum 1: a sandwich clue stands outside"),
    (dict(quadruple=[{"cells": ["R1C1", "R1C2"], "values": [0]}]), "quadruple 1 must list its digits"),
    (dict(clone=[{"cells": ["R1C1"], "cloneCells": ["R9C9", "R9C8"]}]), "clone 1: 1 cells and 2 cloneCells"),
    (dict(odd=[{"cell": "R10C1"}]), "odd 1: cell R10C1 is outside the 9x9 grid"),
    (dict(negative=["difference"]), "negative constraint 'difference' is not supported"),
    (dict(xsum=[{"cell": "R0C1", "value": "9"}]), "f-puzzles constraint 'xsum' is not supported here"),
    (dict(line=[{"lines": [["R1C1", "R1C2"]], "fromConstraint": "Entropic Line"}]),
     "line 1 is drawn by the constraint 'Entropic Line', which is not supported here"),
])
def test_each_bad_fpuzzles_clue_is_refused_with_its_key_and_entry(keys, where):
    with pytest.raises(ParseError) as caught:
        read_fpuzzles(payload(**keys))
    assert where in str(caught.value)


def test_sudokupads_own_form_is_refused_by_name():
    with pytest.raises(ParseError, match="SudokuPad's own puzzle form"):
        read_variant_details("https://sudokupad.app/sclN4IgzglgXgpiBcBOANCA")


@pytest.mark.parametrize("line, column, words", [
    ("thermometer: r1c1 r1c3", 14, "are not neighbours"),
    ("arrow: r2c2 r2c3", 7, "'->'"),
    ("white 12: r1c1 r1c2", 11, "never differ by 12"),
    ("x 3: r1c1 r1c2", 3, "unexpected '3'"),
    ("little killer 23: DR from r2c2", 27, "not a cell outside"),
    ("little killer: DR from r0c1", 14, "needs its total"),
    ("sandwich 5: row 10", 12, "names its row or column"),
    ("quadruple: r1c1 r1c2", 10, "names its digits"),
    ("clone: r1c1 r9c9", 7, "'='"),
    ("odd: r1c1 r1c99", 11, "outside the 9x9 grid"),
    ("rules: negative-purple", 8, "unknown rule"),
])
def test_each_bad_text_line_is_told_with_its_line_and_column(line, column, words):
    with pytest.raises(ParseError) as caught:
        read_variant("." * 81 + "\n# a comment\n" + line + "\n")
    assert (caught.value.line, caught.value.column) == (3, column)
    assert words in str(caught.value)


def test_the_text_form_reads_the_documented_example():
    grid, rules = read_variant("." * 81 + "\nrules: nonconsecutive negative-black\n"
                               "thermometer: r1c1 r1c2 r1c3\narrow: r2c2 -> r2c3 r2c4\nwhite: r1c1 r2c1\n"
                               "x: r4c4 r4c5\nlittle killer 23: DR from r0c1\nsandwich 15: column 4\n"
                               "quadruple 3,4: r7c7 r7c8 r8c7 r8c8\nclone: r1c9 r2c9 = r9c1 r9c2\n")
    assert rules.nonconsecutive and rules.negative == ("black",)
    killer = next(k for k in rules.constraints if k.kind == "little_killer")
    assert killer.cells == cells("r1c2", "r2c3", "r3c4", "r4c5", "r5c6", "r6c7", "r7c8", "r8c9")
    assert [k.kind for k in rules.constraints] == ["thermometer", "arrow", "white_dot", "xv", "little_killer",
                                                   "sandwich", "quadruple", "clone"]


# -- what the reader cannot use ---------------------------------------------------------------------
DRAWN = payload(text=[{"cells": ["R1C1", "R1C2"], "value": "X"}, {"cells": ["R2C1", "R2C2"], "value": "V"}],
                circle=[{"cells": ["R5C5"]}], ruleset="Digits joined by an X add up to 10.")


def test_drawings_and_rules_text_are_told_in_notes():
    read = read_fpuzzles_details(DRAWN)
    assert read.rules.is_classic
    drawings, ruleset = read.notes
    assert "2 text marks and 1 circle" in drawings and "decoration" in drawings
    assert "Digits joined by an X add up to 10." in ruleset and "classic Sudoku only" in ruleset
    assert read_fpuzzles_details(payload()).notes == ()


def test_drawings_of_a_rule_read_from_its_own_key_are_no_decoration():
    read = read_fpuzzles_details(payload(renban=[{"lines": [["R1C1", "R1C2"]]}],
                                         line=[{"lines": [["R1C1", "R1C2"]], "fromConstraint": "Renban"}]))
    assert read.notes == ()


def test_setter_solution_is_compared_with_the_answer():
    givens = Grid(SOLVED.values[:40] + (0,) * 41, NINE)
    read = read_fpuzzles_details(to_fpuzzles_json(givens, Rules(NINE), solution=SOLVED))
    assert read.solution == SOLVED
    assert setter_verdict(read, SOLVED)[:2] == ("matches", [])
    other = list(SOLVED.values)
    other[79], other[80] = other[80], other[79]
    verdict, where, sentence = setter_verdict(read, Grid(other, NINE))
    assert verdict == "differs" and where == [79, 80] and "r9c8, r9c9" in sentence


def test_the_bridge_says_notes_and_the_setter_verdict_with_the_answer():
    data = to_fpuzzles_dict(UNIQUE, Rules(NINE), solution=SOLVED)
    data.update(text=[{"cells": ["R1C1"], "value": "5"}])
    link = FPUZZLES_URL + compress_to_base64(json.dumps(data))
    parsed = handle({"op": "parse", "text": link})["result"]
    assert parsed["setterLine"] == SOLVED.to_line() and "1 text mark" in parsed["notes"][0]
    solved = handle({"op": "solve", "puzzle": link})["result"]
    assert solved["unique"] and solved["setterSolution"] == "matches" and solved["notes"] == parsed["notes"]
    assert "matches the setter's solution" in solved["message"]
    backwards = "".join(reversed(SOLVED.to_line()))  # (MicroPython's str takes no [::-1])
    checked = handle({"op": "check", "puzzle": parsed["line"], "setterLine": backwards})["result"]
    assert checked["setterSolution"] == "differs" and checked["setterCells"]


# -- a public puzzle -------------------------------------------------------------------------------
#: "Clipped" by glum_hippo (arrows, thermometers, anti-king, givens), as kept with its solution in SudokuPad's
#: rules-parser tests (github.com/SudokuPad/sudokutools, src/rulesparser/testfpuzzles.json).
CLIPPED = ("N4IgzglgXgpiBcBOANCALhNAbO8QGEsIAHYmAExFQEMBXNACwHsAnBEABQYiNIAIAQlloBbGH2oBranwDmwkQH1upJlRAtaOMDDTsAyrX"
           "JNJtPgFo+MAG4wWATz4smAd2R8AxkwUA7d9R9yPgBmAA9gvgAjJlC+EVowNE8mHzRqCB8JLCw+RnFyCFlMMD4AM2cRPgBGc0QAOj59JjE+"
           "AqK0EuoWcWosbupyRyLbHzqAHR8JgEFUiHMAaQzZCysAR1pe1sLiuOpHHyYktCZaDwYt6lkU3qx7ccmfABUGOxFm3TsVtp34xL5ElgQDzYRw"
           "ZDz9HRlCpRLSRXJMXIke7TFjOFwrPKeCAsDw4ILfJJeHyJTD0GAlTFgUR8JilXIvLbtTpYFLLTFdNH3dSyQGUeAAbX5wAAvsgRWLReKpZKZRK"
           "ALrIIWy6US1UqkUKpVq5Ugay9Wi4ABsqGGMB8CDQmhgyptmvVNu12rtOr1wlwAFYTRARharS79bgql6ffBLQb/W6EAAWYNm33hp2K+2O5MapM"
           "OqW6gMIYKx82hv0pmXOoul6Ul1MZ4sKkABDCSJbxmCoPIsN5iNB2BBCkBEHzk7v8kAAJUN+Hd6mHAHZ8FHJwAOfDBBf4ABMIDlcslvYyA4FQ+"
           "H7rXk6jS8nwVnk9Xl83277e8FI9PE9Qw4vhqv+Cnn/nG63Yp3fswEHEcj1/V8x2/V8Zw/V9Fw/W8aw5Vxu1Ae9gP3UDL1fU9l1fC911fa9103"
           "VAPBgbIMIPI853/NDdyo6j8FgkdIMnGdwJHRdf1IkByMo7ssIQu8GJA4dFxfEcZznCCz1kkia34rAqK48cNxEoCxOvSS32Yk8v30njFIo5TBO"
           "HbT1IA9CxJnPDVJkkdEDU3ilJU6czy3LcgA=")
CLIPPED_SOLUTION = "867452931342891675519763284984327156635918427721645398498536712276189543153274869"


def test_a_public_puzzle_reads_with_rules_its_published_solution_keeps():
    grid, rules = read_fpuzzles("https://www.f-puzzles.com/?load=" + CLIPPED)
    kinds = [k.kind for k in rules.constraints]
    assert rules.anti_king and kinds.count("thermometer") == 4 and kinds.count("arrow") == 5
    solution = Grid.parse(CLIPPED_SOLUTION)
    assert rules.conflicts(solution) == []
    assert all(g in (0, s) for g, s in zip(grid.values, solution.values))
    assert read_fpuzzles(to_fpuzzles_json(grid, rules)) == (grid, rules)
