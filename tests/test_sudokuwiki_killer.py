"""SudokuWiki's Killer links (sudoku_core.formats.sudokuwiki): SudokuWiki's own example reads into the
puzzle it shows, every public janko.at Killer goes out and back unchanged, puzzles the form cannot hold
get no link, and bad links get a sentence that says where and why."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core import Grid, Shape
from sudoku_core.core.formats import ParseError
from sudoku_core.variants.rules import Cage, Rules
from sudoku_core.formats.sudokuwiki import (KILLER_URL, looks_like_sudokuwiki_killer, read_sudokuwiki_killer,
                                           sudokuwiki_killer_link)
from sudoku_core.formats.variant_io import is_variant_text, read_variant_puzzle
from sudoku_core.variants.solver import solve_and_count

NINE = Shape.parse("9x9")
# The example on https://www.sudokuwiki.org/Killer_String_Definitions (facts: its colours and totals).
COLOURS = "212112111212112223213331443231221241134412231124133132322122212344411312111411312"
TOTALS = ("171510200026110000000000000000000011000011000017160000001101060000090016110017000900000900001800160800"
          "040010160000001100002100001800001800140000080000000000000000")
EXAMPLE = f"{KILLER_URL}{COLOURS},{TOTALS}"
JANKO = Path(__file__).resolve().parent.parent / "data" / "variants" / "killer_public_janko_9x9.jsonl"


def test_sudokuwiki_s_example_is_a_killer_with_one_solution():
    grid, rules = read_sudokuwiki_killer(EXAMPLE)
    assert grid == Grid.empty(NINE.spec) and set(rules.to_dict()) == {"cages"}
    assert len(rules.cages) == 31 and sum(c.total for c in rules.cages) == 405
    assert rules.cages[0] == Cage((0, 9, 18, 27), 17)            # r1c1 down to r4c1, its total top left
    tally = solve_and_count(grid, rules, 2)
    assert tally.count == 1 and not rules.conflicts(tally.first)
    # the link alone, its data alone, and with the comma escaped, as a copied address may have it
    for text in (EXAMPLE, f"{COLOURS},{TOTALS}", f"  {KILLER_URL}{COLOURS}%2C{TOTALS}\n"):
        assert looks_like_sudokuwiki_killer(text) and is_variant_text(text)
        assert read_variant_puzzle(text) == (grid, rules)


def test_every_public_killer_goes_out_and_back_unchanged():
    for line in JANKO.read_text(encoding="utf-8").splitlines():
        puzzle = json.loads(line)
        grid, rules = Grid.parse(puzzle["givens"]), Rules.from_dict(NINE, puzzle["rules"])
        link = sudokuwiki_killer_link(grid, rules)
        assert link is not None and link.startswith(KILLER_URL), puzzle["source"]
        colours = link[len(KILLER_URL):].split(",")[0]
        cage_of = {c: k for k, cage in enumerate(rules.cages) for c in cage.cells}
        for a in range(81):  # side-by-side cells of two cages never share a colour
            for b in (a + 1, a + 9):
                if b < 81 and (b == a + 9 or b % 9) and cage_of[a] != cage_of[b]:
                    assert colours[a] != colours[b], (puzzle["source"], a, b)
        assert read_sudokuwiki_killer(link) == (grid, rules), puzzle["source"]


@pytest.mark.parametrize("grid, rules", [
    (Grid.parse("4" + "." * 80), Rules(NINE, cages=tuple(Cage((k,), k % 9 + 1) for k in range(81)))),  # a given
    (Grid.empty(NINE.spec), Rules(NINE, diagonal_down=True, cages=(Cage(tuple(range(81))[:2], 3),))),  # X too
    (Grid.empty(NINE.spec), Rules(NINE, cages=(Cage((0, 1), 3),))),                                # cells in no cage
    (Grid.empty(NINE.spec), None),                                                                 # classic
    (Grid.empty(Shape.parse("6x6").spec), Rules(Shape.parse("6x6"), cages=(Cage((0, 1), 3),))),    # not 9x9
])
def test_puzzles_the_form_cannot_hold_get_no_link(grid, rules):
    assert sudokuwiki_killer_link(grid, rules) is None


@pytest.mark.parametrize("text, reason", [
    (f"{KILLER_URL}{COLOURS}", "needs 'bd=', 81 characters colouring the cages, a comma and 162 digits"),
    (f"{KILLER_URL}{COLOURS[1:]},{TOTALS}", "81 letters or digits colouring the cages before the comma; found 80"),
    (f"{KILLER_URL}{COLOURS[:80]}!,{TOTALS}", "found 81 characters, not all of them letters or digits"),
    (f"{KILLER_URL}{COLOURS},{TOTALS[:7]}x{TOTALS[8:]}", "character 8 ('x') is not a digit"),
    (f"{KILLER_URL}{COLOURS},{TOTALS}00", "162 digits, two a cell; found 164"),
    (f"{KILLER_URL}{COLOURS},17{TOTALS[2:18]}11{TOTALS[20:]}", "the cage of r1c1, r2c1, r3c1, r4c1 has two totals, "
                                                              "at r1c1 (17) and r2c1 (11)"),
    (f"{KILLER_URL}{COLOURS},99{TOTALS[2:]}", "total 99"),
    (f"{KILLER_URL}{'5o' * 81},{'vu' * 81}", "SudokuWiki's newer Killer link"),
])
def test_bad_links_say_where_and_why(text, reason):
    with pytest.raises(ParseError) as caught:
        read_variant_puzzle(text)
    assert reason in str(caught.value)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="0123456789abc,%2C", max_size=260))
def test_the_reader_raises_nothing_but_parse_errors(text: str) -> None:
    try:
        read_sudokuwiki_killer(f"{KILLER_URL}{text}")
    except ParseError:
        pass
