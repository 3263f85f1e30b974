"""The variant formats: lz-string, f-puzzles JSON and links, and the readable text form (docs/variants.md)."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from sudoku_core.core.formats import ParseError
from sudoku_core.formats.fpuzzles import (fpuzzles_link, read_fpuzzles, sudokupad_link, to_fpuzzles_dict,
                                  to_fpuzzles_json)
from sudoku_core.core.grid import Grid
from sudoku_core.formats.lzstring import compress, compress_to_base64, decompress, decompress_from_base64
from sudoku_core.variants.rules import Cage, Rules
from sudoku_core.core.shape import Shape
from sudoku_core.formats.variant_text import looks_like_variant, read_variant, write_variant

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
S9 = Shape.of(3, 3)
# Box 1 and box 2 trade r1c3 and r1c4: a (disconnected, still valid) Jigsaw partition.
JIGSAW = "112122333111222333111222333444555666444555666444555666777888999777888999777888999"


def regions_of(symbols: str) -> "tuple[tuple[int, ...], ...]":
    return tuple(tuple(i for i, s in enumerate(symbols) if s == k) for k in sorted(set(symbols)))


def sample_cases() -> "list[tuple[Grid, Rules]]":
    grid = Grid.parse(PUZZLE)
    s6 = Shape.of(3, 2)                                      # not the default 2x3 boxes
    s16 = Shape.for_side(16)
    return [
        (grid, Rules(S9)),
        (grid, Rules(S9, diagonal_down=True, diagonal_up=True)),
        (grid, Rules(S9, diagonal_up=True, windows=True, anti_king=True)),
        (grid, Rules(S9, regions=regions_of(JIGSAW), anti_knight=True, extra_regions=((0, 10, 20),))),
        (Grid.empty(S9), Rules(S9, cages=(Cage((0, 1, 9), 15), Cage((40, 41)), Cage((80, 79, 78, 77), 30)))),
        (Grid([0] * 36, s6).replace({0: 1, 7: 2}), Rules(s6, anti_king=True, cages=(Cage((0, 1), 3),))),
        (Grid.empty("4x4").replace({5: 4}), Rules(Shape.for_side(4), diagonal_down=True)),
        (Grid.empty(s16).replace({0: 16, 255: 10}), Rules(s16, cages=(Cage((17, 18), 31),), anti_knight=True)),
    ]


CASES = sample_cases()


# -- lz-string ---------------------------------------------------------------------------------------
# Published vectors: CyberChef's LZString tests (gchq/CyberChef, tests/operations/tests/LZString.mjs) and
# LangServe's test (string "generated with original js lib"); '{"x":3}' from lisudoku's sudoku-formats tests.
VECTORS = [
    ("hello world", "BYUwNmD2AEDukCcwBMg="),
    ("Žluťoučký kůň úpěl ďábelské ódy!", "r6ABsK6KaAD2aLCADWBfgBPQ9oCAlAZAvgDobEARlB4QAEOAjAUxAGd4BL5AZ4BMBPAQiA=="),
    ('{"x":3}', "N4IgHiBcDMC+Q==="),
]


@pytest.mark.parametrize("text, expected", VECTORS)
def test_lzstring_matches_published_vectors(text: str, expected: str) -> None:
    assert compress_to_base64(text) == expected
    assert decompress_from_base64(expected) == text


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_lzstring_round_trips_any_text(text: str) -> None:
    assert decompress_from_base64(compress_to_base64(text)) == text
    assert decompress(compress(text)) == text


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet="ab{}:,\"1é漢😀", min_size=50, max_size=2000))
def test_lzstring_round_trips_repetitive_and_non_ascii_text(text: str) -> None:
    # long repetitive input makes the code width grow many times; 😀 is two UTF-16 units
    assert decompress_from_base64(compress_to_base64(text)) == text


def test_lzstring_edge_cases() -> None:
    assert compress_to_base64("") == "Q==="
    assert decompress_from_base64("Q===") == ""
    assert decompress_from_base64("BYUwNmD2AEDukCcwBMg") == "hello world"     # padding is optional
    assert len(compress_to_base64("a" * 10000)) < 400
    for bad in ["", "BYU*", "BYUw", "////////"]:
        with pytest.raises(ValueError):
            decompress_from_base64(bad)


# -- real f-puzzles links ----------------------------------------------------------------------------
# From lisudoku's sudoku-formats tests (src/.../fpuzzles test): the link and the JSON it holds.
LISUDOKU_PAYLOAD = (
    "N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSTQMY0IB7AOwQAYLXz3iBdZQty6uo3gBGVADcAhgBsArnBGoaYmEIAuGORRCTZ8gE"
    "yKIytRphadchAGZDxhOs0c+Rbryfuyn1q68fnTn39fYO8eEL8/QIjwryiYoNC3eOiXbhBsCAk0BmkAantTVAysnKkAWgK5VAl6VQg"
    "Aa3oINAALVUqYatqGiHo0DtQYAA91CSoaBnxQAGMYKSkwfBAAJQBWAGE9EFQ19attlY2AFgPlgDY904uTnYB2S7v1m5X71dOADnW3"
    "zhdUWmxcPBCCBZvMEC91sIQL8QDA7ECZnMpODlp8oTDVC0YBgALa0HEwVTYqYgKS9GCLIF4FbCdZnU6024M9bvU56daIU5WDkgTg/"
    "NIZABmguxKlmJNBCyWy0QT1Osu+WkllOpMrp8q+vJhGAkdVoEqRKpWsqZO1lrJ+pBBhulss5ZpZWrSYwwtAA7iSyfQKfhVUd1Tt/aa"
    "Vv7WTsNmGVhdI8t7ha0srpf63oH1fyiEA=")
# From Rangsk's SudokuSolver tests (SumConstraintTests.cs): two Killer cages on an empty 9x9.
RANGSK_LINK = ("https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/n"
               "QaCR3PgIm9hk0UM6zR4rssX0QAawgAbLTAwBjAIZo48QiH0wdYfCABKARgDCDkKjsAmFyDUA3Q1oArqYgiCAUFlZaNmb2zh5u"
               "cU4AzImeTgnuXqnuyRk+qP5BIcmpRGqG+gAuEL4wTgD2AHZgVRiGEE1VMXggANLauhgABE7GcLREQA=")
# From lisudoku's sudoku-formats README: one given, 1 at r1c1.
README_LINK = ("https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vy"
               "GCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/Vdk7r58WK5A")


def test_real_link_payload_decodes_to_its_published_json() -> None:
    text = decompress_from_base64(LISUDOKU_PAYLOAD)
    data = json.loads(text)
    assert data["size"] == 9 and data["grid"][1][2] == {"region": 1, "value": 1, "given": True}
    assert data["grid"][0][3] == {"region": 0}
    assert data["diagonal+"] is data["diagonal-"] is data["antiknight"] is data["antiking"] is True
    assert data["extraregion"] == [{"cells": ["R5C2", "R5C3", "R5C4", "R6C3", "R6C4", "R7C3", "R7C4", "R7C5", "R8C5"]}]
    assert data["thermometer"] == [{"lines": [["R1C6", "R1C7", "R1C8", "R2C9", "R3C9"]]}]
    # bit for bit (the text itself: written again from `data` on MicroPython, whose dicts keep no order, its keys
    # could come in another order)
    assert compress_to_base64(text) == LISUDOKU_PAYLOAD


def test_real_link_reads_its_palette_too() -> None:
    rules = read_fpuzzles("https://f-puzzles.com/?load=" + LISUDOKU_PAYLOAD)[1]
    assert sorted(c.kind for c in rules.constraints) == ["arrow", "black_dot", "black_dot", "even", "odd",
                                                         "thermometer", "white_dot", "white_dot"]


def test_real_link_without_them_reads_its_rules() -> None:
    data = json.loads(decompress_from_base64(LISUDOKU_PAYLOAD))
    for key in ("odd", "even", "thermometer", "difference", "ratio", "arrow"):
        del data[key]
    grid, rules = read_fpuzzles(compress_to_base64(json.dumps(data)))
    assert grid.values[9 + 2:9 + 5] == (1, 2, 3) and grid.givens == 3
    assert rules.diagonal_down and rules.diagonal_up and rules.anti_knight and rules.anti_king
    assert rules.regions is not None and 3 in rules.regions[0] and 11 in rules.regions[1]   # r1c4, r2c3 swapped
    assert rules.extra_regions == ((37, 38, 39, 47, 48, 56, 57, 58, 67),)


def test_real_killer_link() -> None:
    grid, rules = read_fpuzzles(RANGSK_LINK)
    assert grid == Grid.empty("9x9")
    assert rules.cages == (Cage((0, 9), 9), Cage((1, 2, 10, 11, 19), 33))
    assert fpuzzles_link(grid, rules) != RANGSK_LINK             # theirs lists "activeConstraints" too
    assert read_fpuzzles(fpuzzles_link(grid, rules)) == (grid, rules)


def test_real_readme_link_and_its_sudokupad_form() -> None:
    grid, rules = read_fpuzzles(README_LINK)
    assert grid.values[0] == 1 and grid.givens == 1 and rules == Rules(S9)
    payload = README_LINK.split("load=")[1]
    assert read_fpuzzles("https://sudokupad.app/fpuzzles" + payload) == (grid, rules)
    assert read_fpuzzles(payload) == (grid, rules)
    assert fpuzzles_link(grid, rules) == "https://www.f-puzzles.com/?load=" + payload   # written as f-puzzles does
    assert sudokupad_link(grid, rules) == "https://sudokupad.app/fpuzzles" + payload


# -- round trips through all three forms ----------------------------------------------------------------
@pytest.mark.parametrize("grid, rules", CASES, ids=lambda x: getattr(x, "name", None) or "")
def test_round_trips(grid: Grid, rules: Rules) -> None:
    assert read_variant(write_variant(grid, rules)) == (grid, rules)
    assert read_fpuzzles(to_fpuzzles_json(grid, rules)) == (grid, rules)
    assert read_fpuzzles(fpuzzles_link(grid, rules)) == (grid, rules)
    assert read_fpuzzles(sudokupad_link(grid, rules)) == (grid, rules)


def test_random_killer_and_jigsaw_round_trips() -> None:
    rng = random.Random(14)
    for _ in range(30):
        cells = list(range(81))
        rng.shuffle(cells)
        cages, k = [], 0
        while k < 60:
            size = rng.randint(1, 5)
            part = tuple(cells[k:k + size])
            k += size
            low, high = size * (size + 1) // 2, size * (19 - size) // 2
            cages.append(Cage(part, rng.choice([None, rng.randint(low, high)])))
        rows = [JIGSAW, "111222333" * 3 + "444555666" * 3 + "777888999" * 3][rng.randint(0, 1)]
        regions = regions_of(rows) if rows == JIGSAW else None
        rules = Rules(S9, regions=regions, cages=tuple(cages), windows=rng.random() < 0.5,
                      diagonal_down=rng.random() < 0.5, anti_king=rng.random() < 0.5)
        grid = Grid([rng.choice([0, 0, 0, rng.randint(1, 9)]) for _ in range(81)])
        assert read_variant(write_variant(grid, rules)) == (grid, rules)
        assert read_fpuzzles(fpuzzles_link(grid, rules)) == (grid, rules)


def test_windoku_is_four_extra_regions_in_fpuzzles() -> None:
    data = to_fpuzzles_dict(Grid.empty(), Rules(S9, windows=True))
    assert data["extraregion"][0] == {"cells": ["R2C2", "R2C3", "R2C4", "R3C2", "R3C3", "R3C4", "R4C2", "R4C3", "R4C4"]}
    assert len(data["extraregion"]) == 4 and "windoku" not in json.dumps(data)
    assert read_fpuzzles(json.dumps(data))[1] == Rules(S9, windows=True)


def test_fpuzzles_extras_read() -> None:
    base = {"size": 9, "grid": [[{} for _ in range(9)] for _ in range(9)]}
    cosmetic = dict(base, title="t", author="a", ruleset="r", text=[{"cells": ["R1C1"], "value": "hi"}],
                    cage=[{"cells": ["R1C1"], "value": "title: x"}], highlightConflicts=True,
                    thermometer=[], nonconsecutive=False)
    assert read_fpuzzles(json.dumps(cosmetic)) == (Grid.empty(), Rules(S9))
    entries = json.loads(json.dumps(base))
    entries["grid"][0][0] = {"value": 5}                        # a solver's entry, not a given
    entries["grid"][0][1] = {"value": 6, "given": True, "centerPencilMarks": [1, 2], "c": "#ff0000"}
    grid, _ = read_fpuzzles(json.dumps(entries))
    assert grid.values[:2] == (0, 6)
    grid, rules = read_fpuzzles(json.dumps(dict(base, disjointgroups=True)))
    assert len(rules.extra_regions) == 9 and rules.extra_regions[0] == (0, 3, 6, 27, 30, 33, 54, 57, 60)


def test_variant_text_details() -> None:
    text = f"""
    # a comment line
    {PUZZLE}   # givens
    RULES: X, Hyper antiking
    regions: 112122333 111222333 111222333
             444555666 444555666 444555666
             777888999 777888999 777888999
    cage 15: r1c1, r1c2 r2c1
    extra-region: r9c9 r8c8
    """
    grid, rules = read_variant(text)
    assert grid == Grid.parse(PUZZLE)
    assert rules == Rules(S9, regions=regions_of(JIGSAW), diagonal_down=True, diagonal_up=True, windows=True,
                          anti_king=True, cages=(Cage((0, 1, 9), 15),), extra_regions=((80, 70),))
    assert looks_like_variant(text) and not looks_like_variant(PUZZLE + "\n" + PUZZLE)
    assert read_variant(f"{PUZZLE}\nregions: {'111222333' * 3}{'444555666' * 3}{'777888999' * 3}")[1] == Rules(S9)
    assert write_variant(grid, Rules(S9)) == PUZZLE + "\n"
    assert read_variant(PUZZLE) == (grid, Rules(S9))


# -- located errors --------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, line, column, reason", [
    (f"{PUZZLE}\nrules: x foo", 2, 10, "unknown rule 'foo'"),
    (f"{PUZZLE}\ncage 15: r1c1 r10c1", 2, 15, "r10c1 is outside the 9x9 grid"),
    (f"{PUZZLE}\ncage 15: r1c1 a1", 2, 15, "'a1' is not a cell name like r1c1"),
    (f"{PUZZLE}\ncage x: r1c1", 2, 6, "a cage total is a whole number, not 'x'"),
    (f"{PUZZLE}\ncage:", 2, 6, "names no cells"),
    (f"{PUZZLE}\n\nregions: 1112", 3, None, "the regions line has 4 cells; a 9x9 grid has 81"),
    (f"{PUZZLE}\nregions: {'1' * 80}A", 2, 90, "'A' is not a region of a 9x9 grid (1-9)"),
    (f"{PUZZLE}\nregions: {'1' * 81}", 2, None, "region 1 has 81 cells, not 9"),
    (f"{PUZZLE}\ncage 50: r1c1 r1c2", 2, None, "2 distinct digits add up to 3 to 17, never 50"),
    (f"{PUZZLE}\ncage: r1c1 r1c2\n# note\ncage 3: r1c2 r1c3", 4, None, "cages 1 and 2 overlap at r1c2"),
    (f"{PUZZLE}\nfoo: 1112", 2, 1, "unknown keyword 'foo'"),
    (f"{PUZZLE}\n{PUZZLE}", 2, 1, "expected a rule line"),
    (f"{PUZZLE[:-1]}Z\nrules: x", 1, 81, "'Z' is not a digit for a 9x9 grid"),
    (f"{'.' * 16}\nrules: windoku", 2, None, "Windoku's windows are defined on 9x9 grids, not 4x4"),
    (f"{'.' * 36}\nsize: 7x7", 2, 6, "cannot be split into boxes"),
    ("rules: x", 1, None, "the first line holds the givens"),
    ("# nothing", None, None, "no puzzle found"),
])
def test_variant_errors_are_located(text: str, line: "int | None", column: "int | None", reason: str) -> None:
    with pytest.raises(ParseError) as caught:
        read_variant(text)
    err = caught.value
    assert reason in err.reason and (err.line, err.column) == (line, column), str(err)


def fp(**changes: object) -> str:
    data = dict({"size": 9, "grid": [[{} for _ in range(9)] for _ in range(9)]}, **changes)
    return json.dumps(data)


@pytest.mark.parametrize("text, reason", [
    (fp(killercage=[{"cells": ["R1C1"], "value": "5"}, {"cells": ["R2C1"]}, {"cells": ["R10C1"], "value": "3"}]),
     "killercage 3: cell R10C1 is outside the 9x9 grid"),
    (fp(killercage=[{"cells": ["A1"], "value": "5"}]), "killercage 1: 'A1' is not a cell name like R1C1"),
    (fp(killercage=[{"cells": ["R1C1"], "value": "?"}]), "killercage 1: its value '?' is not a whole number"),
    (fp(killercage=[{"cells": ["R1C1", "R1C2"], "value": "30"}]), "never 30"),
    (fp(extraregion=[{"cells": []}]), "extraregion 1 must be {\"cells\": [\"R1C1\", ...]}"),
    (fp(xsum=[{"cell": "R0C1", "value": "9"}]), "f-puzzles constraint 'xsum' is not supported here"),
    (fp(skyscraper=[{"cell": "R0C1", "value": "3"}]), "f-puzzles constraint 'skyscraper' is not supported here"),
    (fp(antiknight="yes"), "'antiknight' must be true or false"),
    (fp(size=7), "size 7: a 7x7 grid cannot be split into boxes"),
    (fp(size=6), "\"grid\" must be 6 rows of 6 cells for size 6"),
    (json.dumps({"grid": []}), "needs \"size\""),
    ("[1, 2]", "must be a JSON object"),
    ("https://f-puzzles.com/?load=****", "not an f-puzzles link: its data is not lz-string base64"),
    ("https://f-puzzles.com/?id=abc123", "not an f-puzzles link"),
    ("https://sudokupad.app/sclabc", "SudokuPad's own puzzle form"),
])
def test_fpuzzles_errors(text: str, reason: str) -> None:
    with pytest.raises(ParseError) as caught:
        read_fpuzzles(text)
    assert reason in str(caught.value)


def test_fpuzzles_grid_errors_name_the_cell() -> None:
    data = json.loads(fp())
    data["grid"][1][4] = {"value": 12, "given": True}
    with pytest.raises(ParseError, match=r"grid cell R2C5: 12 is not a digit for a 9x9 grid"):
        read_fpuzzles(json.dumps(data))
    data["grid"][1][4] = {"region": None}
    with pytest.raises(ParseError, match=r"grid cell R2C5 is in no region"):
        read_fpuzzles(json.dumps(data))
    data["grid"][1][4] = {"region": 3}                     # box 2 (1 in f-puzzles) loses a cell
    with pytest.raises(ParseError, match=r"grid regions \(numbered from 1 here, from 0 in f-puzzles\): region 2 has 8 cells, not 9"):
        read_fpuzzles(json.dumps(data))


def test_fpuzzles_bad_json_is_located() -> None:
    with pytest.raises(ParseError) as caught:
        read_fpuzzles('{"size": 9,\n "grid": [}')
    assert caught.value.line == 2 and caught.value.column is not None


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_readers_never_raise_anything_but_parse_errors(text: str) -> None:
    for read in (read_variant, read_fpuzzles):
        try:
            read(text)
        except ParseError:
            pass
    try:
        read_fpuzzles(compress_to_base64(text))
    except ParseError:
        pass


def test_a_percent_escaped_link_reads_as_the_plain_one() -> None:
    payload = RANGSK_LINK.split("load=")[1]
    escaped = "".join(f"%{ord(ch):02X}" if ch in "+/=" else ch for ch in payload)
    assert escaped != payload
    assert read_fpuzzles(RANGSK_LINK.split("load=")[0] + "load=" + escaped) == read_fpuzzles(RANGSK_LINK)
