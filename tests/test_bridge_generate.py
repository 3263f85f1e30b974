"""The Play page's requests: `generate` (new puzzles, with progress) and `export_game` (line, .sdk,
SudokuWiki's 162-character string, solver links).

This file also runs inside Pyodide (tests/test_in_pyodide.py): the pinned seed below checks that the page's
worker makes the same puzzle as CPython; and inside MicroPython (tests/test_in_micropython.py), where the light
engine hands sizes past 9x9 on to the full engine (`needs_full_engine`).
"""
from __future__ import annotations

import json

import pytest

from sudoku_core import Grid, bridge, count_solutions
from sudoku_core.bridge import handle_json_with_progress
from sudoku_core.bridge.protocol import FULL_ENGINE, LIGHT
from sudoku_core.core.formats import sudokuwiki_string

# Made on CPython 3.11 by `generate` with seed 1 and symmetry rotate180; Pyodide must agree.
GOLDEN_SEED_1 = ".2....53.4.6.1.9..8..3.....2..5.6.43.........37.8.4..6.....1..8..1.6.3.9.82....7."


def generate(**request) -> dict:
    reply = bridge.handle(dict({"op": "generate"}, **request))
    assert reply["ok"], reply
    return reply["result"]


def error_of(**request) -> dict:
    reply = bridge.handle(request)
    assert not reply["ok"], reply
    assert "Traceback" not in reply["error"]["message"]
    return reply["error"]


# -- generate -------------------------------------------------------------------------------------
def test_generate_makes_a_unique_puzzle_whose_solution_fits_its_givens():
    made = generate(seed=7)
    puzzle, solution = Grid.parse(made["puzzle"]), Grid.parse(made["solution"])
    assert count_solutions(puzzle, limit=2) == 1
    assert solution.is_solution_of(puzzle)
    assert made["givens"] == puzzle.givens and made["size"] == "9x9" and made["side"] == 9
    assert made["seed"] == 7 and made["minimal"] is True and made["ms"] >= 0


def test_a_seed_gives_this_exact_puzzle_on_every_platform():
    assert generate(seed=1, symmetry="rotate180")["puzzle"] == GOLDEN_SEED_1


def test_without_a_seed_one_is_drawn_and_returned_so_the_puzzle_can_be_made_again():
    made = generate()
    assert isinstance(made["seed"], int)
    assert generate(seed=made["seed"])["puzzle"] == made["puzzle"]


def test_a_9x9_puzzle_comes_with_its_rating():
    rating = generate(seed=3)["rating"]
    assert rating["level"] in ("Easy", "Medium", "Hard", "Unfair", "Extreme")
    assert rating["score"] > 0 and rating["steps"] > 0


def test_a_level_asked_is_the_level_got():
    made = generate(seed=4, level="easy")
    assert made["level"] == "Easy" and made["rating"]["level"] == "Easy"


@pytest.mark.parametrize("size, side, rows, cols", [("4x4", 4, 2, 2), ("6x6", 6, 2, 3), ("12x12", 12, 3, 4)])
def test_other_sizes(size, side, rows, cols):
    reply = bridge.handle({"op": "generate", "size": size, "seed": 2})
    if LIGHT and not reply["ok"]:  # MicroPython: the light engine hands sizes past its own on
        # (imported after a request: on MicroPython the bridge imports ops_play at its first request, and an
        # import before that fails, its ops registered twice)
        from sudoku_core.bridge.ops_play import LIGHT_GENERATE_MAX_SIDE

        assert reply["error"]["code"] == FULL_ENGINE and side > LIGHT_GENERATE_MAX_SIDE
        return
    assert reply["ok"], reply
    made = reply["result"]
    assert (made["side"], made["boxRows"], made["boxCols"]) == (side, rows, cols)
    assert count_solutions(Grid.parse(made["puzzle"], size), limit=2) == 1


def test_symmetry_holds_in_the_givens():
    line = generate(seed=9, symmetry="rotate180")["puzzle"]
    assert all((line[i] == ".") == (line[80 - i] == ".") for i in range(81))


@pytest.mark.parametrize("request_, words", [
    ({"size": "7x7"}, "7x7"),
    ({"size": "36x36"}, "largest is 25x25"),
    ({"size": "6x6", "level": "Hard"}, "9x9 puzzles only"),
    ({"level": "insane"}, "Unknown level 'insane'"),
    ({"symmetry": "spiral"}, "Unknown symmetry 'spiral'"),
    ({"seed": -1}, "'seed' must be a whole number"),
    ({"seed": "abc"}, "'seed' must be a whole number"),
    ({"minimal": "yes"}, "'minimal' must be true or false"),
    ({"size": 9}, "'size' must be text"),
])
def test_bad_options_get_a_sentence_naming_the_option(request_, words):
    error = error_of(op="generate", **request_)
    assert error["code"] == "bad_request"
    assert words in error["message"]
    assert error["message"].endswith(".")


def test_a_time_limit_too_short_is_gave_up_not_a_wrong_puzzle():
    error = error_of(op="generate", size="16x16", seed=1, maxMs=1)
    if LIGHT:  # MicroPython: the light engine hands a 16x16 grid on, before any time is spent
        assert error["code"] == FULL_ENGINE
        return
    assert error["code"] == "gave_up" and "1 ms" in error["message"]


def test_progress_is_reported_as_json_while_generating_and_not_otherwise():
    reports = []
    reply = json.loads(handle_json_with_progress(json.dumps({"op": "generate", "seed": 5, "size": "9x9"}),
                                                 reports.append))
    assert reply["ok"]
    stages = [json.loads(r) for r in reports]
    assert stages[0]["stage"] == "grid"
    removal = [s for s in stages if s["stage"] == "remove"]
    assert removal and removal[-1]["fraction"] == 1.0 and removal[-1]["givens"] == reply["result"]["givens"]
    assert all(isinstance(s["message"], str) and s["message"] for s in stages)
    # Other requests answer the same through the progress door; a check reports nothing.
    reports.clear()
    checked = json.loads(handle_json_with_progress(json.dumps({"op": "check", "puzzle": GOLDEN_SEED_1}),
                                                   reports.append))
    assert checked["ok"] and checked["result"]["status"] == "unique" and reports == []


# -- export ---------------------------------------------------------------------------------------
def export(**request) -> dict:
    reply = bridge.handle(dict({"op": "export_game"}, **request))
    assert reply["ok"], reply
    return reply["result"]


def decode_sudokuwiki(text: str) -> "list[tuple[set[int], bool]]":
    """SudokuWiki's 162-character string read back: (digits, is a clue) per cell."""
    cells = []
    for k in range(0, 162, 2):
        n = int(text[k:k + 2], 32)
        cells.append(({d for d in range(1, 10) if n >> d & 1}, bool(n & 1)))
    return cells


def test_export_writes_the_givens_as_a_line_and_as_sdk():
    made = export(puzzle=GOLDEN_SEED_1, title="seed 1")
    assert made["line"] == GOLDEN_SEED_1
    lines = made["sdk"].splitlines()
    assert lines[0] == "#D seed 1" and lines[1:] == [GOLDEN_SEED_1[r * 9:r * 9 + 9] for r in range(9)]
    assert Grid.parse(made["sdk"]) == Grid.parse(GOLDEN_SEED_1)


def test_the_sudokuwiki_string_marks_clues_entries_and_candidates():
    entries = [0] * 81
    entries[0] = 7  # r1c1 is empty in the puzzle
    marks = [[] for _ in range(81)]
    marks[2] = [1, 9]  # r1c3: the person's centre marks
    made = export(puzzle=GOLDEN_SEED_1, entries=entries, candidates=marks)
    wiki = made["sudokuwiki"]
    assert len(wiki) == 162 and set(wiki) <= set("0123456789abcdefghijklmnopqrstuv")
    cells = decode_sudokuwiki(wiki)
    assert cells[1] == ({2}, True)          # the given 2 at r1c2
    assert cells[0] == ({7}, False)         # the person's 7: solved, not a clue
    assert cells[2] == ({1, 9}, False)      # marked candidates
    # An unmarked empty cell holds every digit that no placed peer rules out.
    placed = [int(c) if c != "." else 0 for c in GOLDEN_SEED_1]
    placed[0] = 7
    peers = Grid.parse(GOLDEN_SEED_1).shape.peers[3]
    assert cells[3] == (set(range(1, 10)) - {placed[j] for j in peers}, False)
    assert made["progress"][0] == "7" and made["line"][0] == "."


def test_the_sudokuwiki_string_of_a_blank_cell_with_every_candidate_is_vu():
    # 511 candidates shifted left, no clue flag: 1022 = 31 * 32 + 30, "vu" (the page's own example starts so).
    assert sudokuwiki_string([0] * 81, [0] * 81, [[] for _ in range(81)])[:2] == "vu"


def test_the_links_open_the_puzzle_in_both_solvers():
    links = export(puzzle=GOLDEN_SEED_1)["links"]
    assert links["sudokuwiki"].startswith("https://www.sudokuwiki.org/sudoku.htm?bd=")
    assert len(links["sudokuwiki"].split("bd=")[1]) == 162
    assert links["sudokucoach"] == "https://sudoku.coach/en/solver/" + GOLDEN_SEED_1.replace(".", "0")


def test_other_sizes_export_a_line_and_sdk_but_no_9x9_only_strings():
    six = ".4615...5......6...2...4...4....3..."
    made = export(puzzle=six)
    assert made["line"] == six and made["sudokuwiki"] is None and made["links"] is None


@pytest.mark.parametrize("request_, words", [
    ({"entries": [4] + [0] * 80}, "r1c1 overwrites a given"),
    ({"candidates": [[10]] * 81}, "lists of digits from 1 to 9"),
    ({"candidates": "12"}, "'candidates' must be a list"),
    ({"entries": "12"}, "expected 81 cells"),
])
def test_bad_exports_get_a_sentence(request_, words):
    puzzle = "5" + GOLDEN_SEED_1[1:]
    error = error_of(op="export_game", puzzle=puzzle, **request_)
    assert words in error["message"]
