"""Each technique on a position where it applies (checked against the solution) and on a nearby
position where it must not; plus small built positions for the rare patterns.

The positions in tests/data/logic_positions.json come from `python bench/logic_fixtures.py`: for
every technique, the first position of a seeded walk over the puzzle sets in data/ where the hint
order used it, and the latest earlier position of the same path where it found nothing.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_core import Grid, Shape
from sudoku_core.logic import Step
from sudoku_core.logic.board import Board, tables
from sudoku_core.logic.path import TECHNIQUES
from sudoku_core.logic.techniques import fish, forcing, subsets, uniqueness
from technique_library import load

POSITIONS = json.loads((Path(__file__).parent / "data" / "logic_positions.json").read_text())
FINDERS = dict(TECHNIQUES)
SHAPE = Shape.of(3, 3)


def board_from(snapshot: dict, unique: bool) -> Board:
    values = [0 if ch == "." else int(ch) for ch in snapshot["values"]]
    cands = [sum(1 << (int(d) - 1) for d in cell) for cell in snapshot["cands"].split(",")]
    return Board(tables(SHAPE), values, cands, unique)


def check_against_solution(step: Step, solution: str) -> None:
    assert step.placements or step.eliminations, "a step must change something"
    for cell, digit in step.placements:
        assert int(solution[cell]) == digit, step.text
    for cell, digit in step.eliminations:
        assert int(solution[cell]) != digit, step.text


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_technique_applies_where_its_pattern_is(name):
    case = POSITIONS[name]
    step = FINDERS[name](board_from(case["applies"], case["unique"]))
    assert step is not None and step.technique == name
    check_against_solution(step, case["solution"])
    assert step.text.startswith(name.split(" (")[0])
    json.dumps(step.to_dict())


@pytest.mark.parametrize("name", sorted(n for n in POSITIONS if POSITIONS[n]["does_not_apply"]))
def test_technique_finds_nothing_where_its_pattern_is_missing(name):
    case = POSITIONS[name]
    assert FINDERS[name](board_from(case["does_not_apply"], case["unique"])) is None


def test_every_technique_has_a_position():
    # those three are built by hand below; the techniques added since have their cases in the library
    in_library = {case.technique for case in load()}
    missing = set(FINDERS) - set(POSITIONS) - in_library - {"Jellyfish", "Hidden Quad", "Forcing Net"}
    assert not missing


@pytest.mark.parametrize("name", ["Unique Rectangle", "BUG+1"])
def test_uniqueness_techniques_stay_silent_unless_the_puzzle_is_known_unique(name):
    case = POSITIONS[name]
    assert FINDERS[name](board_from(case["applies"], unique=False)) is None


# -- built positions -----------------------------------------------------------------------------------
ALL = (1 << 9) - 1


def open_board(unique: bool = False) -> Board:
    """An empty 9x9 position with every candidate everywhere."""
    return Board(tables(SHAPE), [0] * 81, [ALL] * 81, unique)


def test_jellyfish_on_four_rows_confined_to_four_columns():
    b = open_board()
    rows, cols = (0, 2, 4, 6), (0, 3, 5, 8)
    for r in rows:
        for c in range(9):
            if c not in cols:
                b.cands[r * 9 + c] &= ~1  # digit 1 only in the four columns on these rows
    step = fish.jellyfish(b)
    assert step is not None and step.technique == "Jellyfish"
    assert {(cell, 1) for cell in (r * 9 + c for r in range(9) if r not in rows for c in cols)} == set(step.eliminations)


def test_no_jellyfish_when_a_row_escapes_the_columns():
    b = open_board()
    for r in (0, 2, 4, 6):
        for c in range(9):
            if c not in (0, 3, 5, 8) and not (r == 6 and c == 7):
                b.cands[r * 9 + c] &= ~1
    assert fish.jellyfish(b) is None


def test_hidden_quad_in_a_row():
    b = open_board()
    for c in range(4, 9):
        b.cands[c] &= ~0b1111  # digits 1-4 only in r1c1..r1c4
    step = subsets.hidden_quad(b)
    assert step is not None and step.technique == "Hidden Quad"
    assert set(step.eliminations) == {(c, d) for c in range(4) for d in range(5, 10)}
    assert subsets.hidden_pair(b) is None and subsets.hidden_triple(b) is None


def test_no_hidden_quad_when_the_digits_spread_over_five_cells():
    b = open_board()
    for c in range(5, 9):
        b.cands[c] &= ~0b1111
    assert subsets.hidden_quad(b) is None


def test_forcing_net_finds_what_the_forcing_chain_finds():
    case = POSITIONS["Forcing Chain"]
    step = forcing.forcing_net(board_from(case["applies"], case["unique"]))
    assert step is not None and step.technique == "Forcing Net"
    check_against_solution(step, case["solution"])


def test_forcing_finds_nothing_on_an_open_grid():
    b = Board.from_grid(Grid.empty("4x4"))
    assert forcing.forcing_chain(b) is None and forcing.forcing_net(b) is None


def test_unique_rectangle_type_1_built():
    # r1c1, r1c2, r2c1, r2c2 (one box) are not a rectangle over two boxes; use r1c1, r1c4, r2c1, r2c4
    b = open_board(unique=True)
    pair = 0b11  # 1/2
    for cell in (0, 3, 9):
        b.cands[cell] = pair
    b.cands[12] = pair | 0b100  # r2c4: 1/2/3
    step = uniqueness.unique_rectangle(b)
    assert step is not None and set(step.eliminations) == {(12, 1), (12, 2)}
