"""why_not: the easiest step that rules a digit out of a cell, and the answers that are not steps."""
from __future__ import annotations

import pytest

from sudoku_core import Grid
from sudoku_core.bridge import handle
from sudoku_core.core.solver import solve
from sudoku_core.logic import candidate_lists, solve_path, why_not
from sudoku_core.logic.board import Board, bits
from sudoku_core.logic.path import TECHNIQUES
from sudoku_core.logic.techniques.singles import hidden_single

# Sudoku Exchange "diabolical" puzzles (data/sudoku_exchange_diabolical.txt.gz)
DIABOLICAL = [
    ".7..9..4.14.2.8.379...1...8.8.....9.2.1.4.6.34.......1.1.....2....629...7...8...9",
    "7.....81..4...82.....2.6..3...32.9..2..8.4..7..3.67...8..6.2.....95...8..51.....2",
]
ORDER = [name for name, _ in TECHNIQUES]


def removed(step, cell: int, digit: int, peer_masks) -> bool:
    """Whether the step rules `digit` out of `cell`: an elimination, another digit placed there, or the
    digit placed in a cell it sees."""
    return (cell, digit) in step.eliminations or any(
        c == cell and d != digit or d == digit and peer_masks[cell] >> c & 1 for c, d in step.placements)


def midgame(line: str) -> "tuple[Grid, list[list[int]]]":
    """The grid and marks just before the path's hardest step, where a person is stuck."""
    grid = Grid.parse(line)
    path = solve_path(grid)
    hardest = max(range(len(path.steps)), key=lambda k: path.steps[k].difficulty)
    board = Board.from_grid(grid)
    for step in path.steps[:hardest]:
        board.apply(step)
    return board.to_grid(), [[d + 1 for d in bits(m)] for m in board.cands]


def test_every_wrong_candidate_of_a_stuck_position_gets_a_sound_step_that_removes_it():
    grid, marks = midgame(DIABOLICAL[0])
    solution = solve(grid)
    board = Board.from_grid(grid)
    asked = 0
    for cell, digits in enumerate(marks):
        for digit in digits:
            if solution.values[cell] == digit:
                continue
            asked += 1
            step = why_not(grid, cell, digit, marks)
            assert step.technique in ORDER, step.text
            assert removed(step, cell, digit, board.t.peer_masks), step.text
            assert all(solution.values[c] != d for c, d in step.eliminations), step.text
            assert all(solution.values[c] == d for c, d in step.placements), step.text
    assert asked >= 10


def test_the_answer_is_the_easiest_technique_that_removes_it():
    """A digit a hidden single rules out is answered with that single (or a still easier step), whatever
    harder technique also removes it."""
    grid = Grid.parse(DIABOLICAL[0])
    marks = candidate_lists(grid)
    board = Board.from_grid(grid)
    checked = 0
    for cell, digits in enumerate(marks):
        for digit in digits:
            single = hidden_single(board, focus=((cell, digit),))
            if single is None:
                continue
            step = why_not(grid, cell, digit, marks)
            assert ORDER.index(step.technique) <= ORDER.index("Hidden Single"), step.text
            checked += 1
    assert checked


def test_a_digit_a_peer_holds_is_answered_with_that_peer():
    grid = Grid.parse(DIABOLICAL[0])  # r1c2 is 7
    step = why_not(grid, 0, 7)
    assert step.technique == "Peer Digit"
    assert step.cells == (1, 0)
    assert step.text == "Peer Digit: r1c2 already holds 7 in row 1, so r1c1 cannot"


def test_the_solution_s_digit_cannot_be_ruled_out():
    grid = Grid.parse(DIABOLICAL[0])
    cell = grid.values.index(0)
    step = why_not(grid, cell, solve(grid).values[cell])
    assert step.technique == "Solution Digit"
    assert "nothing rules out" in step.text


def test_marks_that_lack_the_digit_get_it_back_and_marks_that_lack_the_solution_are_named():
    grid, marks = midgame(DIABOLICAL[1])
    solution = solve(grid)
    cell, digit = next((c, d) for c, m in enumerate(marks) for d in m if d != solution.values[c])
    without = [list(m) for m in marks]
    without[cell].remove(digit)
    assert removed(why_not(grid, cell, digit, without), cell, digit, Board.from_grid(grid).t.peer_masks)
    broken = [list(m) for m in marks]
    other = next(c for c, m in enumerate(marks) if m and c != cell)
    broken[other].remove(solution.values[other])
    assert why_not(grid, cell, digit, broken).technique == "Candidate Error"


def test_a_wrong_entry_is_named_before_any_reasoning():
    puzzle = Grid.parse(DIABOLICAL[0])
    solution = solve(puzzle)
    cell = puzzle.values.index(0)
    values = list(puzzle.values)
    values[cell] = next(d for d in range(1, 10) if d != solution.values[cell]
                        and d in candidate_lists(puzzle)[cell])
    grid = Grid(values, puzzle.shape)
    other = values.index(0)
    assert why_not(grid, other, 1 if solution.values[other] != 1 else 2, puzzle=puzzle).technique == "Wrong Entry"


@pytest.mark.parametrize("grid, cell, digit, words", [
    (DIABOLICAL[0], 81, 1, "Cell 81 is outside the 9x9 grid"),
    (DIABOLICAL[0], 0, 10, "Digit 10 is not one of 1 to 9"),
    (DIABOLICAL[0], 1, 1, "Cell r1c2 already holds 7"),
    ("11" + "." * 79, 5, 3, "The grid breaks the rules"),
    ("." * 81, 5, 3, "several solutions"),
])
def test_a_question_that_has_no_answer_says_why(grid, cell, digit, words):
    with pytest.raises(ValueError, match=words):
        why_not(Grid.parse(grid), cell, digit)


def test_the_bridge_answers_why_as_it_answers_a_hint():
    grid, marks = midgame(DIABOLICAL[0])
    solution = solve(grid)
    cell, digit = next((c, d) for c, m in enumerate(marks) for d in m if d != solution.values[c])
    reply = handle({"op": "why", "puzzle": grid.to_line(), "cell": cell, "digit": digit, "candidates": marks})
    assert reply["ok"], reply
    result = reply["result"]
    assert result["status"] == "step" and result["message"] == result["step"]["text"]
    assert result["candidates"] == marks
    filled = handle({"op": "why", "puzzle": grid.to_line(), "cell": next(i for i, v in enumerate(grid.values) if v),
                     "digit": 1})
    assert filled["error"]["code"] == "bad_request" and "already holds" in filled["error"]["message"]
    several = handle({"op": "why", "puzzle": "." * 81, "cell": 0, "digit": 1})["result"]
    assert several["status"] == "several solutions" and several["step"] is None
    bad = handle({"op": "why", "puzzle": grid.to_line(), "cell": "r1c1", "digit": 1})
    assert bad["error"]["code"] == "bad_request" and "'cell'" in bad["error"]["message"]
