"""sudoku_core.logic: candidates, steps, paths, ratings and diagnoses; never a wrong step."""
from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import pytest

from sudoku_core import Grid, Shape, solve
from sudoku_core.logic import (candidate_lists, candidates, diagnose, next_step, rate,
                               solve_path)
from sudoku_core.logic.path import RATING_ORDER, PathStatus

DATA = Path(__file__).resolve().parent.parent / "data"
EASY = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def read_set(name: str) -> list[str]:
    path = DATA / name
    opener = gzip.open if name.endswith(".gz") else open
    with opener(path, "rt") as f:
        return [line.strip() for line in f if line.strip()]


def sample(name: str, k: int, seed: int = 6) -> list[str]:
    lines = read_set(name)
    return random.Random(seed).sample(lines, min(k, len(lines)))


def wrong_steps(grid: Grid, steps) -> list[str]:
    """Every placement or elimination that disagrees with the solution."""
    solution = solve(grid).values
    bad = []
    for step in steps:
        for cell, digit in step.placements:
            if solution[cell] != digit:
                bad.append(f"placed {digit} at {cell}: {step.text}")
        for cell, digit in step.eliminations:
            if solution[cell] == digit:
                bad.append(f"removed {digit} at {cell}: {step.text}")
    return bad


# -- candidates --------------------------------------------------------------------------------------
def test_candidates_are_the_digits_no_peer_holds():
    grid = Grid.parse(EASY)
    marks = candidate_lists(grid)
    assert marks[0] == []  # r1c1 holds 4
    assert marks[1] == [1, 6, 7, 9]  # r1c2: row 1 has 4 8 5, column 2 has 3 2, box 1 has 4 3
    assert candidates(grid)[1] == sum(1 << (d - 1) for d in marks[1])


def test_next_step_accepts_pencil_marks_as_digit_lists():
    grid = Grid.parse(EASY)
    marks = candidate_lists(grid)
    assert next_step(grid, marks) == next_step(grid)


def test_next_step_respects_pencil_marks_the_player_removed():
    grid = Grid.parse(EASY)
    marks = candidate_lists(grid)
    first = next_step(grid)
    cell, digit = first.placements[0]
    marks[cell] = [d for d in marks[cell] if d != digit] or marks[cell]
    assert next_step(grid, marks) != first


# -- steps ----------------------------------------------------------------------------------------------
def test_a_step_is_json_ready_with_cell_indices_and_each_units_cells():
    step = next_step(Grid.parse(EASY))
    data = step.to_dict()
    json.dumps(data)
    assert set(data) >= {"technique", "placements", "eliminations", "text", "cells", "units", "links"}
    assert data["placements"] == [{"cell": c, "digit": d} for c, d in step.placements]
    assert all(unit["cells"] for unit in data["units"])


def test_a_step_sentence_names_the_technique_and_cells():
    step = next_step(Grid.parse(EASY))
    assert step.text.startswith(step.technique)
    cell, digit = step.placements[0]
    assert f"r{cell // 9 + 1}c{cell % 9 + 1}" in step.text and str(digit) in step.text


def test_the_first_hint_names_where_to_look_not_the_answer():
    step = next_step(Grid.parse(EASY))
    assert step.hint.startswith("Look at") and step.technique in step.hint


def test_no_step_on_a_solved_grid():
    assert next_step(solve(Grid.parse(EASY))) is None


def test_no_step_on_a_broken_grid():
    assert next_step(Grid.parse("11" + "." * 79)) is None


# -- paths ---------------------------------------------------------------------------------------------
def test_the_path_of_an_easy_puzzle_is_singles_only_and_reaches_the_solution():
    grid = Grid.parse(read_set("norvig_easy50.txt")[0])
    path = solve_path(grid)
    assert path.solved and path.grid == solve(grid)
    assert {s.technique for s in path} <= {"Full House", "Naked Single", "Hidden Single"}


@pytest.mark.parametrize("name,k", [
    ("sudoku_exchange_diabolical.txt.gz", 20),
    ("norvig_top95.txt", 6),
    ("magictour_top1465.txt", 6),
    ("kaggle_sample100.txt", 5),
    ("norvig_easy50.txt", 5),
    ("17_clue.txt.gz", 5),
])
def test_no_wrong_step_on_a_sample_of_every_set(name, k):
    for line in sample(name, k):
        grid = Grid.parse(line)
        path = solve_path(grid)
        assert path.status in (PathStatus.SOLVED, PathStatus.STUCK)
        assert wrong_steps(grid, path.steps) == [], line


@pytest.mark.parametrize("name", ["forum_hardest_1106.txt", "forum_hardest_1905_11plus.txt.gz",
                                  "norvig_hardest.txt"])
def test_no_wrong_step_on_the_hardest_puzzles_either(name):
    for line in sample(name, 2, seed=3):
        grid = Grid.parse(line)
        path = solve_path(grid)
        assert wrong_steps(grid, path.steps) == []


def test_no_wrong_step_on_puzzles_with_several_solutions():
    from sudoku_core import iter_solutions
    for line in sample("serg_benchmark_sample1000.txt", 3, seed=4):
        grid = Grid.parse(line)
        solutions = [s.values for _, s in zip(range(10), iter_solutions(grid))]
        for step in solve_path(grid).steps:
            for sol in solutions:
                assert all(sol[c] == d for c, d in step.placements), step.text
                assert all(sol[c] != d for c, d in step.eliminations), step.text


def test_the_first_steps_on_a_25x25_puzzle_are_right():
    grid = Grid.parse(read_set("generated_25x25.txt")[0])
    path = solve_path(grid, max_steps=150)
    assert len(path.steps) == 150 and wrong_steps(grid, path.steps) == []


def test_diabolical_puzzles_are_solved_by_logic_alone():
    lines = sample("sudoku_exchange_diabolical.txt.gz", 20, seed=9)
    solved = sum(solve_path(Grid.parse(line)).solved for line in lines)
    assert solved == len(lines)


def test_a_puzzle_logic_cannot_finish_ends_flagged_needs_guessing():
    # An empty grid has many solutions: nothing forces a digit, and the path says so.
    path = solve_path(Grid.empty("4x4"))
    assert path.status == PathStatus.STUCK and not path.solved


@pytest.mark.parametrize("line", read_set("generated_16x16.txt")[1:2])
def test_sixteen_by_sixteen_paths_are_right(line):
    grid = Grid.parse(line)
    path = solve_path(grid)
    assert path.solved and wrong_steps(grid, path.steps) == []


def _small_puzzles(shape: Shape, count: int, seed: int) -> list[Grid]:
    """Unique puzzles of a small shape: remove clues from a solution while the answer stays unique."""
    from sudoku_core import count_solutions
    rng = random.Random(seed)
    full = solve(Grid.empty(shape))
    puzzles = []
    for _ in range(count):
        values = list(full.values)
        # relabel digits for variety
        perm = list(range(1, shape.side + 1))
        rng.shuffle(perm)
        values = [perm[v - 1] for v in values]
        order = list(range(shape.cell_count))
        rng.shuffle(order)
        for cell in order:
            keep = values[cell]
            values[cell] = 0
            if count_solutions(Grid(values, shape), 2) != 1:
                values[cell] = keep
        puzzles.append(Grid(values, shape))
    return puzzles


@pytest.mark.parametrize("boxes", [(2, 2), (2, 3), (3, 2), (2, 4)])
def test_small_shapes_are_solved_without_a_wrong_step(boxes):
    shape = Shape.of(*boxes)
    for grid in _small_puzzles(shape, 3, seed=sum(boxes)):
        path = solve_path(grid)
        assert wrong_steps(grid, path.steps) == []
        assert path.solved


# -- rating ---------------------------------------------------------------------------------------------
def test_an_easy_puzzle_rates_easy_on_the_explainer_scale():
    rating = rate(Grid.parse(read_set("norvig_easy50.txt")[0]))
    assert rating.level == "Easy" and rating.score <= 2.3


def test_a_diabolical_puzzle_rates_harder_than_an_easy_one():
    easy = rate(Grid.parse(read_set("norvig_easy50.txt")[0]))
    hard = rate(Grid.parse(read_set("sudoku_exchange_diabolical.txt.gz")[0]))
    assert hard.score > easy.score and hard.level in ("Hard", "Unfair", "Extreme")


def test_a_rating_prints_score_level_and_technique_with_tabs():
    text = str(rate(Grid.parse(EASY)))
    score, level, hardest = text.split("\t")
    float(score)
    assert level in ("Easy", "Medium", "Hard", "Unfair", "Extreme") and hardest


def test_the_rating_order_keeps_singles_cheapest_first():
    assert [name for name, _ in RATING_ORDER[:4]] == ["Full House", "Hidden Single", "Hidden Single",
                                                     "Naked Single"]


# -- diagnosis ------------------------------------------------------------------------------------------
def test_a_unique_puzzle_is_diagnosed_unique():
    assert diagnose(Grid.parse(EASY)).status == "unique"


def test_clashing_givens_are_named():
    d = diagnose(Grid.parse("55" + "." * 79))
    assert d.status == "no solution" and d.cells == (0, 1) and "r1c1" in d.message


def test_no_solution_names_the_cell_or_unit_where_it_breaks():
    # r1c9 sees 1-8 in its row and 9 in its column: no candidate left
    line = "12345678." + "........9" + "." * 63
    d = diagnose(Grid.parse(line))
    assert d.status == "no solution" and "r1c9" in d.message and d.cells == (8,)


def test_several_solutions_name_differing_cells_and_offer_a_clue():
    grid = Grid.parse(EASY).replace({0: 0})
    d = diagnose(grid)
    assert d.status == "several solutions" and d.cells
    cell, digit = d.clue
    from sudoku_core import count_solutions
    assert count_solutions(grid.replace({cell: digit}), 2) == 1


def test_a_hint_points_out_a_pencil_mark_removed_by_mistake():
    grid = Grid.parse(EASY)
    solution = solve(grid)
    marks = candidate_lists(grid)
    cell = next(i for i, v in enumerate(grid.values) if not v and len(marks[i]) > 1)
    marks[cell].remove(solution.values[cell])
    step = next_step(grid, marks)
    assert step.technique == "Candidate Error" and f"r{cell // 9 + 1}c{cell % 9 + 1}" in step.text
    assert not step.placements and not step.eliminations


def test_pencil_marks_that_break_the_rules_are_ignored():
    grid = Grid.parse(EASY)
    marks = [list(range(1, 10)) for _ in range(81)]  # every digit everywhere, even beside givens
    step = next_step(grid, marks)
    assert wrong_steps(grid, [step]) == []


def test_sentences_write_digits_past_nine_as_the_grid_does():
    grid = Grid.parse(read_set("generated_16x16.txt")[1])
    texts = " ".join(step.text for step in solve_path(grid).steps[:200])
    assert any(f"be {letter}" in texts for letter in "ABCDEFG")
    import re
    assert not re.search(r"(be|only be|is|so) 1[0-6]\b", texts)  # no digit written as a number


def test_a_path_is_json_ready():
    data = solve_path(Grid.parse(EASY)).to_dict()
    json.dumps(data)
    assert data["solved"] and data["status"] == "solved" and data["steps"][0]["text"]


def test_a_puzzle_logic_cannot_finish_rates_past_every_technique():
    # without the effort nested forcing chains need, logic cannot finish this one
    grid = Grid.parse(read_set("forum_hardest_1106.txt")[0])
    assert not solve_path(grid, effort=0).solved
    rating = rate(grid, effort=0)
    assert rating.score == 10.0 and rating.level == "Extreme" and rating.hardest == "needs guessing"


def test_steps_on_grids_with_several_solutions_hold_for_every_solution():
    # Every deduction must follow from the grid alone: with several solutions, it must agree with
    # each of them (uniqueness techniques stay out: the grid is not unique).
    from sudoku_core import iter_solutions
    rng = random.Random(42)
    full = solve(Grid.parse(EASY))
    for _ in range(6):
        cells = rng.sample(range(81), 24)
        grid = Grid([full.values[i] if i in cells else 0 for i in range(81)])
        solutions = []
        for s in iter_solutions(grid):
            solutions.append(s.values)
            if len(solutions) == 5:
                break
        path = solve_path(grid)
        for step in path.steps:
            for sol in solutions:
                assert all(sol[c] == d for c, d in step.placements), step.text
                assert all(sol[c] != d for c, d in step.eliminations), step.text


def test_every_step_says_what_it_is_and_changes_something():
    for line in sample("sudoku_exchange_diabolical.txt.gz", 5, seed=21):
        for step in solve_path(Grid.parse(line)).steps:
            assert step.text.startswith(step.technique.split(" (")[0])
            assert step.placements or step.eliminations
            assert step.difficulty >= 1.0


def test_a_grid_with_several_solutions_or_none_is_not_rated():
    assert rate(Grid.empty("9x9")).hardest == "several solutions"
    assert rate(Grid.parse("55" + "." * 79)).hardest == "no solution"
    assert rate(Grid.empty("9x9")).score is None


def test_a_hint_points_out_a_wrong_entry_when_the_givens_are_known():
    puzzle = Grid.parse(EASY)
    solution = solve(puzzle)
    cell = puzzle.values.index(0)
    wrong_digit = solution.values[cell] % 9 + 1
    step = next_step(puzzle.replace({cell: wrong_digit}), puzzle=puzzle)
    assert step.technique == "Wrong Entry" and step.cells == (cell,)
    assert str(solution.values[cell]) not in step.text.split(":")[1].replace(f"r{cell // 9 + 1}c{cell % 9 + 1}", "")
    right = next_step(puzzle.replace({cell: solution.values[cell]}), puzzle=puzzle)
    assert right.technique != "Wrong Entry"


# A diabolical puzzle (Sudoku Exchange set) and a position on its path whose next step is an Avoidable Rectangle.
AR_PUZZLE = "..62.........9.27.9.2.46....584...6...1.8.3...9...182....56.1.7.23.1.........34.."
AR_POSITION = "..62..94.5341982769.2.4651.3584297612.1.8.39..97..182...9562137723814659..5973482"


def test_a_path_knows_the_givens_so_avoidable_rectangles_show_as_in_hints():
    puzzle, position = Grid.parse(AR_PUZZLE), Grid.parse(AR_POSITION)
    # from the puzzle itself (Explain): the digits the path places are not givens
    assert "Avoidable Rectangle" in [s.technique for s in solve_path(puzzle).steps]
    # from a position with the person's entries (Steps), given the puzzle: the same step as the hint
    first = solve_path(position, puzzle=puzzle, max_steps=1).steps[0]
    hint = next_step(position, puzzle=puzzle)
    assert first.technique == hint.technique == "Avoidable Rectangle" and first.eliminations == hint.eliminations
    # without the puzzle every digit counts as given; with a wrong entry the givens are not trusted
    assert solve_path(position, max_steps=1).steps[0].technique != "Avoidable Rectangle"
    wrong = Grid.parse(AR_POSITION.replace("..62..94.", "..62..94" + "1", 1))
    assert not any(s.technique == "Avoidable Rectangle" for s in solve_path(wrong, puzzle=puzzle, max_steps=5).steps)


def test_every_technique_has_a_level_word():
    from sudoku_core.logic.path import TECHNIQUES
    from sudoku_core.logic.rating import LEVEL_OF
    assert {name for name, _ in TECHNIQUES} <= set(LEVEL_OF)
