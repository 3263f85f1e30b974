"""The `generate` command: its output, seeds, formats and errors (the generator itself: test_generate.py,
which runs inside MicroPython too; the CLI is not portable, so its tests are here)."""
from __future__ import annotations

import json
import sys
import types

import pytest

from sudoku_core import Grid
from sudoku_core.cli import main
from sudoku_core.generator.classic import LEVELS

from test_generate import _rater_works, assert_unique, needs_rater


# -- the command line ---------------------------------------------------------------------------------------
def run(capsys, *argv: str) -> tuple[int, list[str], str]:
    status = main(["generate", *argv])
    captured = capsys.readouterr()
    return status, captured.out.split("\n")[:-1], captured.err


def test_cli_prints_one_81_character_line_by_default(capsys):
    status, out, err = run(capsys)
    assert status == 0 and err == ""
    assert len(out) == 1 and len(out[0]) == 81
    assert_unique(Grid.parse(out[0]))


def test_cli_count_and_seed_reproduce_and_number_the_seeds(capsys):
    _, first, _ = run(capsys, "--count", "3", "--seed", "10", "--size", "6x6")
    _, again, _ = run(capsys, "--count", "3", "--seed", "10", "--size", "6x6")
    _, third, _ = run(capsys, "--seed", "12", "--size", "6x6")
    assert first == again and len(set(first)) == 3
    assert third == first[2:]  # puzzle K uses seed S+K
    assert all(len(line) == 36 for line in first)


def test_cli_json_lines_carry_puzzle_solution_seed_rating_and_time(capsys):
    status, out, _ = run(capsys, "--format", "json", "--seed", "4", "--symmetry", "rotate180")
    assert status == 0 and len(out) == 1
    record = json.loads(out[0])
    assert {"puzzle", "solution", "seed", "rating", "time", "symmetry", "givens"} <= set(record)
    assert record["seed"] == 4 and record["symmetry"] == "rotate180"
    puzzle, solution = Grid.parse(record["puzzle"]), Grid.parse(record["solution"])
    assert solution.is_solution_of(puzzle)
    if _rater_works():
        assert record["rating"]["level"] in LEVELS


def test_cli_sdk_format_writes_rows(capsys):
    status, out, _ = run(capsys, "--format", "sdk", "--seed", "1")
    assert status == 0
    assert [len(row) for row in out[:9]] == [9] * 9


@pytest.mark.parametrize("argv, message", [
    (["--size", "7x7"], "7 is prime"),
    (["--level", "superhard"], "unknown level"),
    (["--symmetry", "spiral"], "unknown symmetry"),
    (["--count", "0"], "at least 1"),
    (["--seed", "x"], "not a whole number"),
    (["--format", "xml"], "invalid choice"),
    (["--timeout", "-1"], "positive number"),
])
def test_cli_bad_options_exit_2_with_a_clear_message(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == []
    assert message in err and "Traceback" not in err


def test_cli_level_without_the_rater_exits_2_saying_why(capsys, monkeypatch):
    from sudoku_core.logic import commands  # the command line still registers explain and rate

    stub = types.ModuleType("sudoku_core.logic")
    stub.rate = lambda grid: None
    stub.commands = commands
    monkeypatch.setitem(sys.modules, "sudoku_core.logic", stub)
    status, out, err = run(capsys, "--level", "hard")
    assert status == 2 and out == []
    assert "rater" in err and "Traceback" not in err


@needs_rater
def test_cli_level_not_reached_exits_1_without_printing_a_puzzle(capsys):
    status, out, err = run(capsys, "--level", "extreme", "--timeout", "0.001")
    assert status == 1 and out == []
    assert "no Extreme puzzle found" in err
