"""One JSON form each for a step and a diagnosis, whoever sends it (the CLI's `explain --json`, the bridge),
and statuses and levels as enums that read back from the words they are written as. (The CLI's part is in
tests/test_logic_cli.py: this file runs inside MicroPython too, where the CLI is not.)"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_core import Grid
from sudoku_core.logic import Level, PathStatus, Verdict, diagnose, next_step, solve_path
from sudoku_core.logic.levels import LEVELS

from bridge_replies import ok

# A diabolical puzzle whose path has an XY-Chain (a step with links and units).
CHAINED = ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54."
# Boxes of 3 rows and 2 columns: a unit's cells depend on the shape, not only the side.
TALL_BOXES = ("5...14..21..............6...4.1.4.3.", "6x6:3x2")
THREE_SOLUTIONS = "....2.6.....3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
NO_SOLUTION = "12345678." + "........9" + "." * 63
# One solution; only nested forcing chains finish it (Arto Inkala's "hardest", 2012).
NEEDS_NESTING = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
# One solution, but no technique here finishes it: a cages-only Killer of data/variants/killer_9x9.jsonl.
NEEDS_GUESSING = json.loads((Path(__file__).parent.parent / "data" / "variants" / "killer_9x9.jsonl")
                            .read_text().splitlines()[2])


def test_a_hint_sends_the_steps_own_form():
    grid = Grid.parse(CHAINED)
    assert ok({"op": "hint", "puzzle": CHAINED})["step"] == next_step(grid).to_dict(grid.shape)


@pytest.mark.parametrize("line", [THREE_SOLUTIONS, NO_SOLUTION, CHAINED])
def test_the_bridge_sends_the_diagnosis_own_form(line):
    data = diagnose(Grid.parse(line)).to_dict()
    assert ok({"op": "diagnose", "puzzle": line}) == data
    assert data["message"].endswith(".") and all(isinstance(c, int) for c in data["cells"])


def test_an_unrated_puzzle_carries_the_same_diagnosis():
    assert ok({"op": "rate", "puzzle": NO_SOLUTION})["diagnosis"] == diagnose(Grid.parse(NO_SOLUTION)).to_dict()


def bridge_status():
    """`sudoku_core.bridge.ops_logic.Status`. On MicroPython the bridge imports ops_logic at its first logic
    request, and an import before that request fails (its ops would be registered twice): so a request first."""
    ok({"op": "hint", "puzzle": CHAINED})
    from sudoku_core.bridge.ops_logic import Status

    return Status


def members_of(enum) -> list:
    """The enum's members: on MicroPython (`compat.StrEnum`, no metaclass) the class cannot be iterated, and they
    are its upper-case attributes."""
    if hasattr(enum, "__members__"):
        return list(enum)
    return [value for key, value in enum.__dict__.items() if key.isupper()]


@pytest.mark.parametrize("name", ["PathStatus", "Verdict", "Level", "Status"])
def test_statuses_and_levels_read_back_from_their_words(name):
    enum = bridge_status() if name == "Status" else {"PathStatus": PathStatus, "Verdict": Verdict, "Level": Level}[name]
    members = members_of(enum)
    assert members
    for member in members:
        back = enum(str(member))
        assert back == member and type(back) is enum
        # CPython's enum gives the member itself; MicroPython's compat.StrEnum an equal instance of the class
        assert back is member or not hasattr(enum, "__members__")
        assert json.loads(json.dumps(member)) == member.value


def test_a_level_is_named_in_any_case_and_only_rated_levels_are():
    for level in LEVELS:
        assert Level.named(level.value.upper()) is level and Level.named(f" {level.value.lower()} ") is level
    assert Level.named("Unsolvable") is None and Level.named("hardest") is None


def test_the_bridge_says_stuck_for_a_path_that_needs_guessing():
    Status = bridge_status()
    assert len(members_of(PathStatus)) == 3
    assert [Status.of_path(s) for s in (PathStatus.SOLVED, PathStatus.STUCK, PathStatus.BROKEN)] == \
        [Status.SOLVED, Status.STUCK, Status.NO_SOLUTION]
    assert solve_path(Grid.parse(NEEDS_NESTING), effort=0).status == PathStatus.STUCK
    assert ok({"op": "path", "puzzle": NEEDS_GUESSING["givens"], "rules": NEEDS_GUESSING["rules"]})["status"] == "stuck"
