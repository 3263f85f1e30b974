"""The `explain` and `rate` commands: output shapes, errors as `line N: reason`, exit codes."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_core import Grid, Shape
from sudoku_core.cli import main
from sudoku_core.logic import solve_path

from bridge_replies import ok
from test_logic_json import CHAINED, TALL_BOXES

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
CLASH = "5...5" + "." * 76
SEVERAL = "." * 81
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def write(tmp_path):
    def make(name: str, *lines: str) -> str:
        path = tmp_path / name
        path.write_text("".join(line + "\n" for line in lines))
        return str(path)
    return make


def run(capsys, *argv: str):
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out.split("\n")[:-1], captured.err


def test_explain_json_prints_one_object_per_puzzle_with_the_path_and_its_steps(capsys, write):
    status, out, err = run(capsys, "explain", "--json", write("p.txt", EASY, PUZZLE))
    assert status == 0 and err == "" and len(out) == 2
    first = json.loads(out[0])
    assert set(first) == {"line", "status", "solved", "steps", "grid"}
    assert first["line"] == 1 and first["solved"] is True and first["status"] == "solved"
    step = first["steps"][0]
    assert {"technique", "placements", "eliminations", "text", "cells", "units", "links"} <= set(step)
    for pair in step["placements"] + step["eliminations"]:
        assert 0 <= pair["cell"] < 81 and 1 <= pair["digit"] <= 9
    assert json.loads(out[1])["line"] == 2


def test_explain_text_numbers_the_steps_of_each_puzzle(capsys, write):
    status, out, _ = run(capsys, "explain", write("p.txt", EASY))
    assert status == 0
    assert out[0].startswith("line 1: ") and out[0].endswith("solved")
    assert out[1].strip().startswith("1. ")


def test_rate_prints_score_level_and_technique_separated_by_tabs(capsys, write):
    status, out, _ = run(capsys, "rate", write("p.txt", EASY, PUZZLE))
    assert status == 0 and len(out) == 2
    for line in out:
        score, level, technique = line.split("\t")
        assert float(score) > 0 and level in ("Easy", "Medium", "Hard", "Unfair", "Extreme") and technique
    assert out[0].split("\t")[1] == "Easy"


def test_bad_puzzles_are_reported_by_line_and_the_others_still_processed(capsys, write):
    path = write("p.txt", EASY, CLASH, PUZZLE[:-1], SEVERAL, PUZZLE)
    status, out, err = run(capsys, "rate", path)
    assert status == 1
    assert len(out) == 5 and out[1] == out[2] == out[3] == "" and out[0] and out[4]
    lines = err.strip().split("\n")
    assert [m.split(":")[1] for m in lines] == ["line 2", "line 3", "line 4"]
    assert "r1c1" in lines[0] and "Several solutions" in lines[2]
    assert "Traceback" not in err


def test_explain_json_skips_bad_puzzles_and_exits_one(capsys, write):
    status, out, err = run(capsys, "explain", "--json", write("p.txt", CLASH, EASY))
    assert status == 1 and len(out) == 1 and json.loads(out[0])["line"] == 2
    assert "line 1:" in err


def test_python_dash_m_runs_rate_without_a_traceback(write):
    done = subprocess.run([sys.executable, "-m", "sudoku_core", "rate", write("p.txt", EASY, "12")],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 1 and "Traceback" not in done.stderr and "line 2" in done.stderr
    assert done.stdout.split("\n")[0].count("\t") == 2


# -- explain --json sends the bridge's steps (from test_logic_json.py) ---------------------------------
def explain_json(capsys, tmp_path, line: str, shape: str = "9x9") -> dict:
    path = tmp_path / "p.txt"
    path.write_text(line + "\n")
    assert main(["explain", "--json", "--shape", shape, str(path)]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("line, shape", [(CHAINED, "9x9"), TALL_BOXES])
def test_the_cli_and_the_bridge_send_the_same_steps(capsys, tmp_path, line, shape):
    cli = explain_json(capsys, tmp_path, line, shape)
    bridge = ok({"op": "path", "puzzle": line, "shape": shape})
    # the bridge adds what the page replays (`removed`); every other field is the same
    assert [{k: v for k, v in step.items() if k != "removed"} for step in bridge["steps"]] == cli["steps"]
    assert cli["solved"] == bridge["solved"] and cli["grid"] == bridge["end"]
    grid = Grid.parse(line, Shape.parse(shape))
    assert cli["steps"] == [step.to_dict(grid.shape) for step in solve_path(grid).steps]


def test_a_units_cells_follow_the_grids_boxes(capsys, tmp_path):
    steps = explain_json(capsys, tmp_path, *TALL_BOXES)["steps"]
    boxes = [unit for step in steps for unit in step["units"] if unit["name"] == "box 1"]
    assert boxes and boxes[0]["cells"] == [0, 1, 6, 7, 12, 13]
