"""The published puzzles of SudokuPad's importer tests (data/variants/sudokupad_importer_tests.jsonl,
MPL-2.0, see data/README.md), read from their f-puzzles data and solved: each unique one gives its
published solution, and the others are the ones known to need rules the reader leaves in prose or
drawings (several solutions, or none, under the rules read)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_core.core.reading import ParseError
from sudoku_core.formats.fpuzzles import read_fpuzzles_details
from sudoku_core.variants.solver import solve_and_count

SET = Path(__file__).resolve().parent.parent / "data" / "variants" / "sudokupad_importer_tests.jsonl"
ENTRIES = [json.loads(line) for line in SET.read_text().splitlines()]
#: Under the rules read: "The ARt of Sashimi", "XVXV - Episode 4: Renban", "Scatterplot" and
#: "WackyWavingInflatableTubeMan!" keep rules in their text or drawings; "Digit Sum Arrows" has arrows whose
#: circle is the digit sum of the shaft's total (more than 10), not the total, and "<" marks drawn as text.
SEVERAL = {"The ARt of Sashimi", "XVXV - Episode 4: Renban", "Scatterplot", "WackyWavingInflatableTubeMan!"}
NONE = {"Digit Sum Arrows"}


def test_the_set_is_the_importers_37_with_setters_and_solutions() -> None:
    assert len(ENTRIES) == 37
    assert all(e["title"] and e["setter"] and e["fpuzzles"] for e in ENTRIES)
    assert sum(bool(e["solution"]) for e in ENTRIES) == 30


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["title"] for e in ENTRIES])
def test_each_readable_puzzle_solves_as_published(entry: dict) -> None:
    try:
        read = read_fpuzzles_details(entry["fpuzzles"])
    except ParseError as err:
        assert entry["title"] == "Irregular 7x7 Kropki" and "7x7" in str(err)  # no boxes to default to
        return
    tally = solve_and_count(read.grid, read.rules, 2, max_nodes=20_000)
    assert tally.gave_up is None
    expected = 2 if entry["title"] in SEVERAL else 0 if entry["title"] in NONE else 1
    assert tally.count == expected
    if tally.first is not None:
        assert not read.rules.conflicts(tally.first)
    if expected == 1 and entry["solution"]:
        assert "".join(map(str, tally.first.values)) == entry["solution"]
