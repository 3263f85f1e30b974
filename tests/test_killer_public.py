"""The public 9x9 Killer set (data/variants/killer_public_janko_9x9.jsonl: the janko.at Killer Sudoku
collection, converted by bench/convert_killer_set.py; source and attribution in data/README.md): every
puzzle has exactly one solution, the stored one, and that solution keeps every rule. The whole set
takes about two seconds."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_core import Grid, Shape
from sudoku_core.variants.rules import Rules
from sudoku_core.variants.solver import solve_and_count

PATH = Path(__file__).resolve().parent.parent / "data" / "variants" / "killer_public_janko_9x9.jsonl"
NINE = Shape.parse("9x9")
PUZZLES = [json.loads(line) for line in PATH.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_the_set_is_whole():
    assert len(PUZZLES) == 472
    assert len({p["source"] for p in PUZZLES}) == len(PUZZLES)
    assert len({p["solution"] for p in PUZZLES}) == len(PUZZLES)
    for puzzle in PUZZLES:
        assert set(puzzle) == {"givens", "rules", "solution", "source"}
        assert puzzle["givens"] == "." * 81
        assert set(puzzle["rules"]) == {"cages"}
        cells = sorted(c for cage in puzzle["rules"]["cages"] for c in cage["cells"])
        assert cells == list(range(81))  # the cages cover the grid, none overlapping


@pytest.mark.parametrize("start", range(0, 472, 118))
def test_every_puzzle_has_exactly_its_stored_solution(start):
    for puzzle in PUZZLES[start:start + 118]:
        grid = Grid.parse(puzzle["givens"])
        rules = Rules.from_dict(NINE, puzzle["rules"])
        tally = solve_and_count(grid, rules, 2)
        assert tally.gave_up is None, puzzle["source"]
        assert tally.count == 1, puzzle["source"]
        assert tally.first.to_line() == puzzle["solution"], puzzle["source"]
        assert rules.conflicts(tally.first) == [], puzzle["source"]


def test_the_stored_solutions_keep_every_cage():
    # Independently of the solver: a Sudoku, and each cage holds distinct digits adding up to its total.
    for puzzle in PUZZLES:
        v = [int(ch) for ch in puzzle["solution"]]
        for k in range(9):
            r, c = 3 * (k // 3), 3 * (k % 3)
            assert len({v[9 * k + j] for j in range(9)}) == 9
            assert len({v[9 * j + k] for j in range(9)}) == 9
            assert len({v[9 * (r + a) + c + b] for a in range(3) for b in range(3)}) == 9
        for cage in puzzle["rules"]["cages"]:
            digits = [v[i] for i in cage["cells"]]
            assert len(set(digits)) == len(digits) and sum(digits) == cage["total"], puzzle["source"]
        assert Rules.from_dict(NINE, puzzle["rules"]).conflicts(Grid.parse(puzzle["solution"])) == []
