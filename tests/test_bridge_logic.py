"""The bridge's logic operations: pencil marks, hints, the path, the rating and the diagnosis, as the page gets them."""
from __future__ import annotations

import json

from sudoku_core import Grid, solve
from sudoku_core.bridge import handle_json

from bridge_replies import error, ok

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
# A diabolical puzzle whose path has an XY-Chain (a step with links).
CHAINED = ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54."
THREE_SOLUTIONS = "....2.6.....3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
# Row 1 can only end in 9, but column 9 already has its 9: no solution, and no two givens clash.
NO_SOLUTION = "12345678." + "........9" + "." * 63
SIX = ".4..61.5.....25..33.......13.......5"



def apply(line: str, step: dict) -> str:
    cells = list(line)
    for p in step["placements"]:
        cells[p["cell"]] = str(p["digit"])
    return "".join(cells)


# -- candidates ---------------------------------------------------------------------------------------
def test_candidates_are_digit_lists_per_cell_and_empty_for_filled_cells():
    marks = ok({"op": "candidates", "puzzle": HARD})["candidates"]
    assert len(marks) == 81 and marks[0] == []
    solution = solve(Grid.parse(HARD))
    for i, cell in enumerate(marks):
        if HARD[i] == ".":
            assert solution.values[i] in cell          # the answer is always among the marks
            assert all(str(d) not in HARD[i // 9 * 9:i // 9 * 9 + 9] for d in cell)  # nothing its row holds


# -- hint ---------------------------------------------------------------------------------------------
def test_a_hint_is_a_step_with_cell_indices_units_and_both_sentences():
    result = ok({"op": "hint", "puzzle": HARD})
    assert result["status"] == "step"
    step = result["step"]
    assert step["technique"] and step["text"].startswith(step["technique"])
    assert result["message"] == step["hint"] and step["hint"].startswith("Look at ")
    solution = solve(Grid.parse(HARD)).values
    assert step["placements"] and all(solution[p["cell"]] == p["digit"] for p in step["placements"])
    for unit in step["units"]:
        assert unit["name"] in step["hint"] and len(unit["cells"]) == 9
        assert all(p["cell"] in unit["cells"] for p in step["placements"])
    assert len(result["candidates"]) == 81
    assert result["ms"] >= 0


def test_a_chain_step_carries_its_links_as_cell_digit_pairs():
    path = ok({"op": "path", "puzzle": CHAINED})
    found = next((s for s in path["steps"] if s["links"]), None)
    assert found is not None, "the path of this diabolical puzzle has a chain"
    for link in found["links"]:
        assert link["kind"] in {"strong", "weak", "implies"}
        for end in (link["from"], link["to"]):
            assert 0 <= end["cell"] < 81 and 1 <= end["digit"] <= 9
    assert found["eliminations"]


def test_a_wrong_entry_is_pointed_out_without_the_answer_when_the_givens_are_sent():
    solution = solve(Grid.parse(HARD)).to_line()
    marks = ok({"op": "candidates", "puzzle": HARD})["candidates"][1]
    wrong = str(next(d for d in marks if str(d) != solution[1]))   # a digit that clashes with nothing
    entered = HARD[0] + wrong + HARD[2:]
    result = ok({"op": "hint", "puzzle": entered, "givens": HARD})
    step = result["step"]
    assert step["technique"] == "Wrong Entry" and step["clear"] == [1] and step["cells"] == [1]
    assert solution[1] not in step["text"].replace("r1c2", "")
    # Without the givens, the same grid gets an ordinary hint (the entry is not known to be one).
    assert ok({"op": "hint", "puzzle": entered})["step"]["technique"] != "Wrong Entry"


def test_a_wrong_entry_that_clashes_with_a_given_is_still_named_as_an_entry():
    entered = HARD[0] + "4" + HARD[2:]          # 4 twice in row 1: the clash is the person's entry
    step = ok({"op": "hint", "puzzle": entered, "givens": HARD})["step"]
    assert step["technique"] == "Wrong Entry" and step["clear"] == [1]


def test_givens_that_are_not_part_of_the_grid_are_refused_with_the_cells():
    err = error({"op": "hint", "puzzle": "." + HARD[1:], "givens": HARD})
    assert err["code"] == "bad_request" and err["cells"] == [0]


def test_a_hint_follows_the_persons_pencil_marks():
    first = ok({"op": "hint", "puzzle": CHAINED})
    marks = first["candidates"]
    # Take away a true candidate: the hint says to put it back instead of reasoning from it.
    solution = solve(Grid.parse(CHAINED)).values
    cell = next(i for i, ch in enumerate(CHAINED) if ch == ".")
    marks[cell] = [d for d in marks[cell] if d != solution[cell]]
    step = ok({"op": "hint", "puzzle": CHAINED, "candidates": marks})["step"]
    assert step["technique"] == "Candidate Error"
    assert step["restore"] == [{"cell": cell, "digit": solution[cell]}]


def test_pencil_marks_of_the_wrong_length_are_a_bad_request():
    err = error({"op": "hint", "puzzle": HARD, "candidates": [[1]] * 80})
    assert err["code"] == "bad_request" and "81" in err["message"]
    err = error({"op": "hint", "puzzle": HARD, "candidates": [[10]] * 81})
    assert err["code"] == "bad_request" and "1 to 9" in err["message"]


def test_hints_applied_one_after_another_solve_the_puzzle():
    """As the page does: placements go into the grid, eliminations into the pencil marks sent back."""
    line, marks = CHAINED, None
    for _ in range(300):
        request = {"op": "hint", "puzzle": line, "givens": CHAINED}
        if marks is not None:
            request["candidates"] = marks
        result = ok(request)
        if result["status"] == "solved":
            break
        assert result["status"] == "step", result["message"]
        step, marks = result["step"], result["candidates"]
        for e in step["eliminations"]:
            marks[e["cell"]] = [d for d in marks[e["cell"]] if d != e["digit"]]
        line = apply(line, step)
    assert line == solve(Grid.parse(CHAINED)).to_line()


def test_a_full_grid_is_solved_and_a_broken_one_is_diagnosed_with_cells():
    solution = solve(Grid.parse(HARD)).to_line()
    assert ok({"op": "hint", "puzzle": solution})["status"] == "solved"
    broken = ok({"op": "hint", "puzzle": NO_SOLUTION})
    assert broken["status"] == "no solution" and broken["step"] is None
    assert broken["cells"] == [8] and "r1c9" in broken["message"]


def test_a_hint_on_an_empty_grid_asks_for_a_puzzle_at_once():
    result = ok({"op": "hint", "puzzle": "." * 625})
    assert result["status"] == "several solutions" and result["step"] is None
    assert "empty" in result["message"] and result["ms"] < 1000


def test_clashing_digits_are_a_conflict_error_with_the_cells():
    err = error({"op": "hint", "puzzle": "44" + HARD[2:]})
    assert err["code"] == "conflict" and err["cells"] == [0, 1]


def test_a_hint_on_a_6x6_grid_names_units_with_six_cells():
    step = ok({"op": "hint", "puzzle": SIX})["step"]
    assert all(len(u["cells"]) == 6 for u in step["units"])
    assert all(0 <= p["cell"] < 36 and 1 <= p["digit"] <= 6 for p in step["placements"])


# -- path ---------------------------------------------------------------------------------------------
def test_the_path_solves_the_puzzle_step_by_step():
    result = ok({"op": "path", "puzzle": HARD})
    assert result["status"] == "solved" and result["solved"] is True
    line = HARD
    for step in result["steps"]:
        line = apply(line, step)
    assert line == result["end"] == solve(Grid.parse(HARD)).to_line()
    assert len(result["candidates"]) == 81 and str(len(result["steps"])) in result["message"]


def test_the_path_of_a_puzzle_with_several_solutions_points_at_where_they_differ():
    result = ok({"op": "path", "puzzle": THREE_SOLUTIONS})
    assert result["status"] == "several solutions"
    assert result["cells"] and "r2c1" in result["message"]


# A diabolical puzzle (Sudoku Exchange set) and a position on its path, every entry right, whose next step
# is an Avoidable Rectangle: r5c8, r8c8 and r8c9 were placed, so r5c9 is not 5.
AR_PUZZLE = "..62.........9.27.9.2.46....584...6...1.8.3...9...182....56.1.7.23.1.........34.."
AR_POSITION = "..62..94.5341982769.2.4651.3584297612.1.8.39..97..182...9562137723814659..5973482"


def test_steps_know_the_givens_so_an_avoidable_rectangle_shows_as_in_hints():
    hint = ok({"op": "hint", "puzzle": AR_POSITION, "givens": AR_PUZZLE})["step"]
    steps = ok({"op": "path", "puzzle": AR_POSITION, "givens": AR_PUZZLE, "maxSteps": 1})["steps"]
    assert hint["technique"] == steps[0]["technique"] == "Avoidable Rectangle"
    assert steps[0]["eliminations"] == hint["eliminations"]
    # without the givens every digit counts as given: no Avoidable Rectangle there
    alone = ok({"op": "path", "puzzle": AR_POSITION, "maxSteps": 1})["steps"]
    assert alone[0]["technique"] != "Avoidable Rectangle"


def test_max_steps_is_checked():
    assert len(ok({"op": "path", "puzzle": HARD, "maxSteps": 3})["steps"]) == 3
    assert error({"op": "path", "puzzle": HARD, "maxSteps": 0})["code"] == "bad_request"


# -- rate and diagnose --------------------------------------------------------------------------------
def test_rate_gives_score_level_and_a_sentence():
    result = ok({"op": "rate", "puzzle": HARD})
    assert result["score"] > 1 and result["level"] in {"Easy", "Medium", "Hard", "Unfair", "Extreme"}
    assert f"{result['score']:.1f}" in result["message"] and result["level"] in result["message"]
    assert result["diagnosis"] is None


def test_rate_explains_why_a_grid_without_a_solution_is_not_rated():
    result = ok({"op": "rate", "puzzle": NO_SOLUTION})
    assert result["score"] is None and result["level"] == "Unsolvable"
    assert result["diagnosis"]["status"] == "no solution" and result["diagnosis"]["cells"] == [8]
    assert result["message"].startswith("Not rated. No solution")


def test_diagnose_names_where_solutions_differ_and_a_clue_that_makes_it_unique():
    result = ok({"op": "diagnose", "puzzle": THREE_SOLUTIONS})
    assert result["status"] == "several solutions" and result["cells"]
    clue = result["clue"]
    assert clue is not None
    fixed = THREE_SOLUTIONS[:clue["cell"]] + str(clue["digit"]) + THREE_SOLUTIONS[clue["cell"] + 1:]
    assert ok({"op": "check", "puzzle": fixed})["status"] == "unique"


def test_every_logic_op_answers_through_json_text():
    for op in ("candidates", "hint", "path", "rate", "diagnose"):
        reply = json.loads(handle_json(json.dumps({"op": op, "puzzle": HARD})))
        assert reply["ok"] is True, (op, reply)
    assert json.loads(handle_json(json.dumps({"op": "hint", "puzzle": "12"})))["error"]["code"] == "parse"


def test_replaying_the_removed_marks_gives_the_marks_before_each_step():
    result = ok({"op": "path", "puzzle": CHAINED})
    marks = [set(m) for m in result["candidates"]]
    line = CHAINED
    for step in result["steps"]:
        for e in step["eliminations"]:
            assert e["digit"] in marks[e["cell"]]          # every elimination removes a mark still there
        for cell, digit in step["removed"]:
            marks[cell].discard(digit)
        line = apply(line, step)
        expected = ok({"op": "candidates", "puzzle": line})["candidates"]
        assert all(marks[i] <= set(expected[i]) for i in range(81))   # the marks only shrink
        assert all(not marks[i] for i in range(81) if line[i] != ".")
    assert line == solve(Grid.parse(CHAINED)).to_line()


def test_eliminated_marks_are_taken_from_the_plain_ones_and_the_hint_moves_on():
    path = ok({"op": "path", "puzzle": CHAINED})["steps"]
    line = CHAINED
    for step in path:                                   # play the path up to its first elimination step
        if step["eliminations"]:
            break
        line = apply(line, step)
    hint = ok({"op": "hint", "puzzle": line})["step"]
    assert hint["eliminations"] and not hint["placements"]
    gone = [[e["cell"], e["digit"]] for e in hint["eliminations"]]
    after = ok({"op": "hint", "puzzle": line, "eliminated": gone})
    assert all(d not in after["candidates"][c] for c, d in gone)
    assert after["step"]["eliminations"] != hint["eliminations"] or after["step"]["placements"]
    assert error({"op": "hint", "puzzle": line, "eliminated": [[81, 1]]})["code"] == "bad_request"
