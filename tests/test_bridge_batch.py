"""The bridge's batch operations (the page's Batch panel): the layout of an input, many puzzles per request
with their line numbers, the CLI's answers and wording, a time budget per request, and size limits."""
from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from sudoku_core import Grid, count_solutions, solve
from sudoku_core.cli import main

from bridge_replies import error, ok

DATA = Path(__file__).resolve().parent.parent / "data"
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
CLASH = "5...5" + "." * 76  # r1c1 and r1c5 are both 5
NO_SOLUTION = "12345678." + "........9" + "." * 63  # no clash, but r1c9 has no candidate left
SEVERAL = "." * 81
# A 6x6 puzzle with boxes of 3 rows by 2 columns (not the default 2x3): its lines draw the boxes.
SIX_BLOCK = ".2|..|.6\n..|.6|12\n.6|1.|3.\n--+--+--\n..|.3|6.\n4.|6.|21\n..|..|..\n"



@pytest.fixture(scope="module")
def seventeen() -> "list[str]":
    with gzip.open(DATA / "17_clue.txt.gz", "rt") as f:
        return [next(f).strip() for _ in range(40)]


def solve_all(lines: "list[str]", first: int = 1, **options) -> "list[dict]":
    """Every result for `lines`, sending the rest again whenever a request stops on its budget."""
    results: list[dict] = []
    while lines:
        reply = ok({"op": "solve_many", "lines": lines, "first": first, **options})
        assert reply["consumed"] >= 1
        results += reply["results"]
        lines, first = lines[reply["consumed"]:], first + reply["consumed"]
    return results


# -- solve_many --------------------------------------------------------------------------------------
def test_solutions_are_the_engines_with_their_line_numbers(seventeen):
    lines = ["# 17-clue puzzles", ""] + seventeen
    results = ok({"op": "solve_many", "lines": lines, "first": 1, "budgetMs": 60_000})["results"]
    assert [r["line"] for r in results] == list(range(3, 3 + len(seventeen)))
    assert [r["solution"] for r in results] == [solve(Grid.parse(p)).to_line() for p in seventeen]
    assert {r["status"] for r in results} == {"solved"}
    assert all(r["output"] == r["solution"] and r["message"] is None for r in results)


def test_bad_lines_are_reported_with_line_and_reason_and_the_rest_are_solved():
    lines = [PUZZLE, PUZZLE.replace("3", "Z", 1), PUZZLE[:-1], CLASH, NO_SOLUTION, PUZZLE]
    results = ok({"op": "solve_many", "lines": lines, "first": 10})["results"]
    assert [r["status"] for r in results] == ["solved", "bad", "bad", "conflict", "none", "solved"]
    assert results[1]["message"] == "line 11, column 11: 'Z' is not a digit for a 9x9 grid"
    assert results[2]["message"] == "line 12: expected 81 cells, found 80"
    assert results[3]["message"] == "line 13: clashing givens: r1c1 and r1c5 are both 5 in row 1"
    assert results[4]["message"] == "line 14: no solution"
    assert [r["solution"] for r in results] == [SOLUTION, "", "", "", "", SOLUTION]
    assert [r["puzzle"] for r in results] == lines


@pytest.mark.parametrize("mode", ["solve", "check", "count"])
def test_outputs_are_the_command_lines(mode, tmp_path, capsys):
    lines = [PUZZLE, "", SEVERAL, PUZZLE.replace("3", "Z", 1), CLASH, NO_SOLUTION, "# note", PUZZLE[:-1]]
    path = tmp_path / "bank.txt"
    path.write_text("\n".join(lines) + "\n")
    main([mode, "--engine", "scalar", str(path)])
    printed = capsys.readouterr().out.splitlines()
    results = ok({"op": "solve_many", "lines": lines, "first": 1, "mode": mode})["results"]
    assert [r["output"] for r in results] == printed


def test_bigger_grids_go_through_as_lines():
    lines = [(DATA / name).read_text().splitlines()[0] for name in ("generated_16x16.txt", "generated_25x25.txt")]
    results = ok({"op": "solve_many", "lines": lines, "budgetMs": 60_000})["results"]
    assert [r["solution"] for r in results] == [solve(Grid.parse(p)).to_line() for p in lines]
    assert ok({"op": "batch_layout", "head": lines[:1]})["layout"] == "lines"


def test_check_and_count_tell_unique_from_several():
    for mode, limit in (("check", 2), ("count", 5)):
        results = ok({"op": "solve_many", "lines": [PUZZLE, SEVERAL], "mode": mode, "limit": limit})["results"]
        assert [r["status"] for r in results] == ["unique", "several"]
        assert [r["count"] for r in results] == [1, count_solutions(Grid.parse(SEVERAL), limit)]
        assert results[1]["solution"] == solve(Grid.parse(SEVERAL)).to_line()


def test_a_csv_column_is_read_as_the_cli_reads_it():
    head = ["quizzes,solutions", f"{PUZZLE},{SOLUTION}"]
    layout = ok({"op": "batch_layout", "head": head})
    assert layout == {"layout": "csv", "start": 2, "column": 0, "name": "quizzes"}
    rows = [f"{PUZZLE},{SOLUTION}", f",{SOLUTION}", f"{CLASH},"]
    results = ok({"op": "solve_many", "lines": rows, "first": 2, "column": 0, "name": "quizzes"})["results"]
    assert [r["status"] for r in results] == ["solved", "bad", "conflict"]
    assert results[1]["message"] == "line 3: no puzzle in the 'quizzes' column"
    assert [r["puzzle"] for r in results] == [PUZZLE, "", CLASH]


def test_a_request_stops_on_its_budget_and_the_rest_follows(seventeen):
    reply = ok({"op": "solve_many", "lines": seventeen, "first": 5, "budgetMs": 1})
    assert 1 <= reply["consumed"] < len(seventeen)
    assert len(reply["results"]) == reply["consumed"]
    whole = ok({"op": "solve_many", "lines": seventeen, "first": 5, "budgetMs": 60_000})["results"]
    assert solve_all(seventeen, 5, budgetMs=1) == whole


def test_a_stop_on_the_budget_counts_the_blank_lines_before_the_next_puzzle(seventeen):
    lines = [seventeen[0], "", "", seventeen[1], "", seventeen[2]]
    results = solve_all(lines, 1, budgetMs=1)
    assert [r["line"] for r in results] == [1, 4, 6]


def test_a_puzzle_past_its_time_gives_up_without_stopping_the_others():
    hard = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"
    results = ok({"op": "solve_many", "lines": [hard, PUZZLE], "mode": "count", "limit": 1000,
                  "maxMs": 1})["results"]
    assert results[0]["status"] == "gave_up" and results[0]["count"] == -1
    assert results[0]["message"].startswith("line 1: gave up")


@pytest.mark.parametrize("request_, words", [
    ({"lines": "not a list"}, "must be a list of strings"),
    ({"lines": ["."] * 20_001}, "At most 20,000 lines"),
    ({"lines": [PUZZLE], "mode": "rate"}, "'mode' must be one of"),
    ({"lines": [PUZZLE], "budgetMs": 0}, "'budgetMs' must be a whole number"),
    ({"items": [{"puzzle": PUZZLE}]}, "needs its 'line' number"),
])
def test_malformed_requests_get_a_sentence(request_, words):
    problem = error({"op": "solve_many", **request_})
    assert problem["code"] == "bad_request" and words in problem["message"]


# -- batch_layout and batch_split --------------------------------------------------------------------
@pytest.mark.parametrize("head, layout", [
    (["", "# puzzles", PUZZLE], {"layout": "lines", "start": 3, "column": None, "name": None}),
    (["puzzle,solution", f"{PUZZLE},{SOLUTION}"], {"layout": "csv", "start": 2, "column": 0, "name": "puzzle"}),
    (["id,difficulty,puzzle", f"1,2,{PUZZLE}"], {"layout": "csv", "start": 2, "column": 2, "name": "puzzle"}),
    (SIX_BLOCK.splitlines(), {"layout": "blocks", "start": 1, "column": None, "name": None}),
    (["", "  "], {"layout": "empty", "start": None, "column": None, "name": None}),
])
def test_the_layout_is_told_from_the_first_lines(head, layout):
    assert ok({"op": "batch_layout", "head": head}) == layout


def test_a_missing_csv_column_is_named():
    problem = error({"op": "batch_layout", "head": ["puzzle,solution"], "column": "grid"})
    assert problem["code"] == "parse"
    assert problem["message"] == "No column 'grid' in the CSV header (puzzle,solution)."


def test_blocks_are_split_into_puzzles_that_keep_their_shape():
    text = SIX_BLOCK + "\n" + "1 2 3\n"
    items = ok({"op": "batch_split", "text": text})["items"]
    assert items[0] == {"line": 1, "puzzle": ".2...6...612.61.3....36.4.6.21......", "shape": "6x6:3x2"}
    assert items[1]["line"] == 9 and "error" in items[1]
    results = ok({"op": "solve_many", "items": items, "mode": "check"})["results"]
    assert [r["status"] for r in results] == ["unique", "bad"]
    assert results[0]["solution"] == solve(Grid.parse(SIX_BLOCK)).to_line()
    assert results[1]["message"].startswith("line 9: ")
