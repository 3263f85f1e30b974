"""The bridge the web worker calls: JSON-shaped requests in, JSON-shaped replies out, never a traceback."""
from __future__ import annotations

import json

import sys

import pytest

from sudoku_core import Grid, bridge
from sudoku_core.bridge import handle, handle_json

from bridge_replies import error, ok

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
# The same puzzle with r1c2 set to 4: 4 twice in row 1 and in box 1.
CLASHING = "44" + PUZZLE[2:]
EMPTY = "." * 81



# -- parse ------------------------------------------------------------------------------------------
def test_parse_reports_shape_and_values():
    result = ok({"op": "parse", "text": PUZZLE})
    assert result["shape"] == "9x9"
    assert (result["side"], result["boxRows"], result["boxCols"]) == (9, 3, 3)
    assert result["line"] == PUZZLE
    assert result["values"][:2] == [4, 0] and len(result["values"]) == 81
    assert result["givens"] == 17


def test_parse_infers_a_6x6_grid_with_wide_boxes():
    result = ok({"op": "parse", "text": "1" + "." * 35})
    assert (result["side"], result["boxRows"], result["boxCols"]) == (6, 2, 3)


def test_parse_honours_a_requested_box_shape_and_names_it_so_it_can_be_sent_back():
    result = ok({"op": "parse", "text": "." * 36, "shape": "6x6:3x2"})
    assert (result["boxRows"], result["boxCols"]) == (3, 2)
    assert ok({"op": "parse", "text": "." * 36, "shape": result["shape"]})["boxRows"] == 3


def test_unreadable_text_is_a_parse_error_with_a_reason():
    err = error({"op": "parse", "text": "12345"})
    assert err["code"] == "parse"
    assert err["message"]


# -- solve ------------------------------------------------------------------------------------------
def test_solve_returns_the_solution_line_and_values():
    result = ok({"op": "solve", "puzzle": PUZZLE})
    assert result["solution"] == SOLUTION
    assert result["values"] == [int(c) for c in SOLUTION]
    assert result["count"] == 1 and result["unique"] is True
    assert result["ms"] >= 0


def test_solve_accepts_a_list_of_cell_values():
    values = [0 if c == "." else int(c) for c in PUZZLE]
    assert ok({"op": "solve", "puzzle": values})["solution"] == SOLUTION


def test_solve_of_a_puzzle_with_several_solutions_shows_one_and_says_so():
    result = ok({"op": "solve", "puzzle": EMPTY})
    assert result["count"] == 2 and result["unique"] is False
    assert "not unique" in result["message"]
    assert "." not in result["solution"]


def test_solve_counts_solutions_up_to_the_requested_limit():
    assert ok({"op": "solve", "puzzle": EMPTY, "limit": 5})["count"] == 5


def test_solve_with_clashing_givens_is_a_conflict_error_naming_the_cells():
    err = error({"op": "solve", "puzzle": CLASHING})
    assert err["code"] == "conflict"
    assert {0, 1} <= set(err["cells"])
    assert "r1c1 and r1c2 are both 4 in row 1" in err["message"]
    assert err["conflicts"][0]["digit"] == 4


def test_solve_without_a_solution_is_a_no_solution_error():
    # Row 1 needs a 9 in r1c9, but column 9 already holds one lower down.
    puzzle = "12345678." + "." * 8 + "9" + "." * 63
    err = error({"op": "solve", "puzzle": puzzle})
    assert err["code"] == "no_solution"
    # r1c7 and r1c8 are not needed: box 3's 9 (r2c9) already keeps the 9 out of them.
    assert err["message"] == ("This puzzle has no solution: the givens at r1c1, r1c2, r1c3, r1c4, r1c5, r1c6 "
                              "and r2c9 cannot all be right.")
    assert err["cells"] == [0, 1, 2, 3, 4, 5, 17]


def test_a_search_that_runs_out_of_time_gives_up():
    # An empty 16x16 grid: its first solution takes far longer than 1 ms to find (178 search nodes, 17 ms on
    # CPython; the clock is read every 64 nodes).
    err = error({"op": "solve", "puzzle": "." * 256, "maxMs": 1, "limit": 1})
    assert err["code"] == "gave_up"
    assert "gave up" in err["message"]


def test_solve_reports_what_it_found_when_counting_runs_out_of_time(monkeypatch):
    from sudoku_core.core import solver

    real = solver.iter_solutions

    def one_then_give_up(grid, **kwargs):
        yield next(real(grid))
        raise solver.SearchLimitExceeded()

    monkeypatch.setattr(solver, "iter_solutions", one_then_give_up)
    result = ok({"op": "solve", "puzzle": PUZZLE})
    assert result["solution"] == SOLUTION and result["count"] == 1


def test_solve_of_a_4x4_grid():
    result = ok({"op": "solve", "puzzle": "1..." + "." * 12})
    assert len(result["solution"]) == 16 and result["solution"][0] == "1"


# -- check ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("puzzle, status", [
    (PUZZLE, "unique"),
    (EMPTY, "several"),
    ("12345678." + "." * 8 + "9" + "." * 63, "none"),
    (CLASHING, "conflict"),
])
def test_check_says_whether_a_puzzle_is_valid_and_unique(puzzle, status):
    result = ok({"op": "check", "puzzle": puzzle})
    assert result["status"] == status
    assert result["message"].endswith(".")


def test_check_of_clashing_givens_names_the_cells():
    result = ok({"op": "check", "puzzle": CLASHING})
    assert {0, 1} <= set(result["cells"])


# -- conflicts --------------------------------------------------------------------------------------
def test_conflicts_lists_each_clash_with_its_unit_and_cells():
    result = ok({"op": "conflicts", "puzzle": CLASHING})
    units = {c["unit"] for c in result["conflicts"]}
    assert {"row 1", "box 1"} <= units
    row = next(c for c in result["conflicts"] if c["unit"] == "row 1")
    assert row == {"digit": 4, "unit": "row 1", "cells": [0, 1], "message": "r1c1 and r1c2 are both 4 in row 1"}
    assert result["cells"] == [0, 1]


def test_conflicts_of_a_clean_grid_is_empty():
    assert ok({"op": "conflicts", "puzzle": PUZZLE}) == {"conflicts": [], "cells": []}


# -- bad requests -----------------------------------------------------------------------------------
@pytest.mark.parametrize("request_", [
    {},
    {"op": "solve"},
    {"op": "solve", "puzzle": 42},
    {"op": "solve", "puzzle": [1, 2, "x"]},
    {"op": "solve", "puzzle": [0] * 80},
    {"op": "solve", "puzzle": PUZZLE, "limit": 0},
    {"op": "solve", "puzzle": PUZZLE, "limit": "2"},
    {"op": "solve", "puzzle": PUZZLE, "shape": "banana"},
    {"op": "solve", "puzzle": PUZZLE, "shape": 9},
])
def test_malformed_requests_are_bad_request_errors(request_):
    assert error(request_)["code"] == "bad_request"


def test_an_unknown_op_is_a_bad_request_or_on_micropython_handed_to_the_full_engine():
    # The light engine (MicroPython) carries the solving ops only: an op it lacks may be the full engine's.
    light = sys.implementation.name == "micropython"
    assert error({"op": "fly"})["code"] == ("needs_full_engine" if light else "bad_request")


def test_a_request_that_is_not_an_object_is_a_bad_request():
    assert handle(["solve"])["error"]["code"] == "bad_request"


def test_an_engine_bug_is_reported_as_internal_without_a_traceback(monkeypatch):
    from sudoku_core import bridge

    def broken(request):
        raise RuntimeError("boom")

    monkeypatch.setitem(bridge.OPS, "solve", broken)
    err = error({"op": "solve", "puzzle": PUZZLE})
    assert err["code"] == "internal"
    assert "boom" in err["message"]


# -- the JSON door the worker uses ------------------------------------------------------------------
def test_handle_json_round_trips_text():
    reply = json.loads(handle_json(json.dumps({"op": "solve", "puzzle": PUZZLE})))
    assert reply["ok"] and reply["result"]["solution"] == SOLUTION


def test_handle_json_rejects_text_that_is_not_json():
    reply = json.loads(handle_json("{not json"))
    assert reply["error"]["code"] == "bad_request"


def test_every_reply_is_plain_json():
    for request in ({"op": "solve", "puzzle": PUZZLE}, {"op": "check", "puzzle": CLASHING},
                    {"op": "parse", "text": "?"}, {"op": "conflicts", "puzzle": CLASHING}, {"op": "version"}):
        reply = handle(request)
        assert json.loads(json.dumps(reply)) == reply


def test_version_names_the_engine_and_python():
    result = ok({"op": "version"})
    assert result["version"] and result["python"].count(".") == 2


def test_sleep_keeps_the_engine_busy_for_the_time_asked():
    assert ok({"op": "sleep", "ms": 5}) == {"ms": 5}
    assert error({"op": "sleep", "ms": 10**9})["code"] == "bad_request"


def test_a_followed_solve_reports_its_first_solution_before_it_has_counted():
    reports = []
    puzzle = "....2.6.....3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."  # several
    reply = json.loads(bridge.handle_json_with_progress(json.dumps({"op": "solve", "puzzle": puzzle, "limit": 5}),
                                                        reports.append))
    assert reply["ok"] and reply["result"]["count"] > 1
    (first,) = [json.loads(r) for r in reports]
    assert first["stage"] == "solution" and first["solution"] == reply["result"]["solution"]
    assert Grid(first["values"]).to_line() == first["solution"] and first["ms"] <= reply["result"]["ms"]


def test_nobody_follows_a_plain_request_and_limit_one_reports_nothing():
    reports = []
    reply = json.loads(bridge.handle_json_with_progress(json.dumps({"op": "solve", "puzzle": PUZZLE, "limit": 1}),
                                                        reports.append))
    assert reply["ok"] and reports == []


def test_times_in_sentences_read_as_the_page_writes_them():
    from sudoku_core.bridge.protocol import duration

    assert [duration(ms) for ms in (3.21, 140.4, 2345, 20003)] == ["3.2 ms", "140 ms", "2.35 s", "20.0 s"]
