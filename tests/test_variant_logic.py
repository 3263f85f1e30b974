"""Human-style logic under variant rules: every step of every path is right (checked against the known
solution), each Killer technique makes the deductions its definition gives on a built position and names
its cage or houses, the uniqueness techniques stay out where the rules break their argument, and the
bridge's logic ops take `rules`."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_core import Grid, Shape
from sudoku_core.bridge import handle_json
from sudoku_core.logic import candidate_lists, next_step, rate, solve_path
from sudoku_core.logic.board import Board, tables
from sudoku_core.logic.path import TECHNIQUES, for_rules
from sudoku_core.logic.techniques import intersections, killer, uniqueness
from sudoku_core.variants.rules import Cage, Rules

ROOT = Path(__file__).resolve().parent.parent
SHAPE = Shape.of(3, 3)
#: The sets in the engine's own JSON form (the SudokuPad importer set is f-puzzles data:
#: tests/test_palette_public.py).
VARIANT_SETS = [ROOT / "data" / "variants" / f"{name}.jsonl" for name in
                ("jigsaw_9x9", "killer_9x9", "killer_public_janko_9x9", "palette_9x9", "windoku_9x9", "x_9x9")]

#: Anti-knight and anti-king puzzles made for these tests (seeded: a random solution under the rule, then
#: givens taken away while the solution stays unique under it).
CHESS = [
    ("9x9", {"antiKnight": True}, ".47..........5........6....9............8.......5.....4............2......873...6",
     "647913258319258764582467139954671382176382945823549671435196827761825493298734516"),
    ("9x9", {"antiKnight": True}, ".........5................1........8...9.7....1.....4.........9.46.....2...1...8.",
     "291573864568491327473826591725364918684917235319285746132658479846739152957142683"),
    ("9x9", {"antiKing": True}, "..29..7...3.....49......6...........81...2...4......8...3.........19....6..457...",
     "562934718731865249984721635325648971819372564476519382153286497247193856698457123"),
    ("9x9", {"antiKing": True}, "5........9......37..15.4..2........8.6..7........1..6.......7....9.....3...6....1",
     "523798416948261537671534892154926378362875149897413265216359784789142653435687921"),
    ("6x6", {"antiKing": True}, ".....6....3..4............5.2..6....", "354216126534543162612453435621261345"),
]


#: Sets whose every puzzle logic finishes (measured: docs/variants.md); the generated Killer set needs more.
FINISHED = ("jigsaw_9x9", "x_9x9", "windoku_9x9", "killer_public_janko_9x9")
#: Of the 472 published Killers (each solved in some 30 ms) every 4th is enough here; the bench runs them all.
EVERY = {"killer_public_janko_9x9": 4}


def variant_puzzles():
    for path in VARIANT_SETS:
        for k, line in enumerate(path.read_text().splitlines()):
            if k % EVERY.get(path.stem, 1):
                continue
            record = json.loads(line)
            yield pytest.param("9x9", record["rules"], record["givens"], record["solution"], path.stem in FINISHED,
                               id=f"{path.stem}-{k + 1}")
    for k, (shape, rules, givens, solution) in enumerate(CHESS):
        yield pytest.param(shape, rules, givens, solution, True, id=f"{next(iter(rules))}-{k + 1}")


def assert_right(step, solution: str) -> None:
    assert step.placements or step.eliminations, step.text
    for cell, digit in step.placements:
        assert int(solution[cell]) == digit, step.text
    for cell, digit in step.eliminations:
        assert int(solution[cell]) != digit, step.text


@pytest.mark.pyodide_sample(12)
@pytest.mark.parametrize("shape, rules, givens, solution, finished", variant_puzzles())
def test_no_step_of_a_variant_path_contradicts_the_solution(shape, rules, givens, solution, finished):
    grid = Grid.parse(givens, Shape.parse(shape))
    path = solve_path(grid, rules=Rules.from_dict(grid.shape, rules))
    for step in path.steps:
        assert_right(step, solution)
    end = path.grid.to_line()
    assert all(ch == "." or ch == solution[i] for i, ch in enumerate(end))
    assert path.solved or not finished


# -- built positions ------------------------------------------------------------------------------------
def board(rules: Rules, givens: str = "." * 81, marks: "dict[int, str] | None" = None) -> Board:
    b = Board.from_grid(Grid.parse(givens), rules=rules)
    for cell, digits in (marks or {}).items():
        b.cands[cell] = sum(1 << (int(d) - 1) for d in digits)
    return b


def killer_rules(*cages: "tuple[tuple[int, ...], int]") -> Rules:
    return Rules(SHAPE, cages=tuple(Cage(cells, total) for cells, total in cages))


def test_cage_combination_keeps_the_digits_of_the_sets_that_make_the_total():
    step = killer.cage_combination(board(killer_rules(((0, 1), 3))))
    assert set(step.eliminations) == {(c, d) for c in (0, 1) for d in range(3, 10)}
    assert "the cage r1c1, r1c2 (total 3)" in step.text and "1+2" in step.text
    assert step.units == ("the cage r1c1, r1c2 (total 3)",) and step.technique == "Cage Combination"
    assert step.to_dict(SHAPE, killer_rules(((0, 1), 3)))["units"] == [{"name": step.units[0], "cells": [0, 1]}]


def test_cage_combination_gives_each_cell_only_digits_it_can_take_in_a_filling():
    # 6 in three cells is 1+2+3; r1c1 can only be 1, so the others cannot be 1.
    step = killer.cage_combination(board(killer_rules(((0, 1, 2), 6)), marks={0: "1", 1: "123", 2: "123"}))
    assert set(step.eliminations) == {(1, 1), (2, 1)}


def test_cage_combination_counts_the_digits_already_placed():
    # 15 in three cells with a 9 placed: the other two make 6 (1+5 or 2+4), never 3 (3+3 repeats).
    step = killer.cage_combination(board(killer_rules(((0, 1, 2), 15)), "9" + "." * 80))
    kept = {(c, d) for c in (1, 2) for d in (1, 2, 4, 5)}
    assert set(step.eliminations) == {(c, d) for c in (1, 2) for d in range(1, 10) if d != 9} - kept


def test_a_cage_inside_a_row_and_a_box_takes_its_must_digits_out_of_both():
    rules = killer_rules(((0, 1), 17))  # 8+9
    step = killer.cage_interaction(board(rules, marks={0: "89", 1: "89"}))
    row_and_box = set(range(2, 9)) | {9, 10, 11, 18, 19, 20}
    assert set(step.eliminations) == {(c, 8) for c in row_and_box}
    assert "must hold 8" in step.text and "row 1" in step.text and "box 1" in step.text
    assert step.units[0] == "the cage r1c1, r1c2 (total 17)"


def test_a_digit_a_house_can_only_place_in_a_cage_decides_the_cage_s_set():
    # 6 in r1c1+r2c1 is 1+5 or 2+4; row 1 has its 5 only in r1c1, so the cage holds 5: it is 1+5.
    marks = {0: "1245", 9: "1245"} | {c: "1234678" for c in range(1, 9)}
    step = killer.cage_interaction(board(killer_rules(((0, 9), 6)), marks=marks))
    assert set(step.eliminations) == {(0, 2), (0, 4), (9, 2), (9, 4)}
    assert step.text.startswith("Cage Interaction: in row 1, 5 fits only in r1c1")


ROW_CAGES = (((0, 1), 3), ((2, 3), 7), ((4, 5), 11), ((6, 7), 15))


def test_a_single_innie_is_placed():
    step = killer.innies_outies(board(killer_rules(*ROW_CAGES)))
    assert step.placements == ((8, 9),) and not step.eliminations
    assert "row 1" in step.text and "the innie r1c9 is 9" in step.text and step.units == ("row 1",)


def test_two_innies_are_a_virtual_cage():
    # Row 1 less cages of 3, 7 and 21: r1c8 + r1c9 = 14, two different digits: 5+9 or 6+8.
    step = killer.innies_outies(board(killer_rules(((0, 1), 3), ((2, 3), 7), ((4, 5, 6), 21))))
    assert set(step.eliminations) == {(c, d) for c in (7, 8) for d in (1, 2, 3, 4, 7)}
    assert "the innies r1c8 and r1c9 add up to 14" in step.text


def test_a_single_outie_is_placed():
    # Box 1 is covered by cages of 6, 15 and 15 and one of 10 that sticks out at r3c4: 46 - 45 = 1.
    rules = killer_rules(((0, 1, 2), 6), ((9, 10, 11), 15), ((18, 19), 15), ((20, 21), 10))
    step = killer.innies_outies(board(rules, "." * 20 + "9" + "." * 60))
    assert step.placements == ((21, 1),)
    assert "box 1" in step.text and "the outie r3c4 is 1" in step.text


def test_killer_techniques_join_the_order_only_with_cages():
    def names(rules):
        return [name for name, _ in for_rules(TECHNIQUES, tables(SHAPE, rules))]

    assert names(Rules(SHAPE, anti_king=True)) == [name for name, _ in TECHNIQUES]
    caged = names(killer_rules(((0, 1), 3)))
    assert caged[3:5] == ["Cage Combination", "Innies & Outies"]
    assert caged.index("Cage Interaction") == caged.index("Locked Candidates (Pointing)") + 1
    caged_grid = next_step(Grid.parse("." * 81), rules=killer_rules(((0, 1), 3)), unique=False)
    assert caged_grid.technique == "Cage Combination"


# -- houses beyond rows, columns and boxes -------------------------------------------------------------
def test_locked_candidates_work_between_a_diagonal_and_a_box():
    rules = Rules(SHAPE, diagonal_down=True)
    b = board(rules, marks={i * 10: "12346789" for i in range(3, 9)})  # 5 off the diagonal past box 1
    step = intersections.pointing(b)
    assert set(step.eliminations) == {(c, 5) for c in (1, 2, 9, 11, 18, 19)}
    assert step.units == ("the main diagonal", "box 1")
    assert step.to_dict(SHAPE, rules)["units"][0]["cells"] == [i * 10 for i in range(9)]


def test_a_hidden_single_in_a_window():
    rules = Rules(SHAPE, windows=True)
    window = tables(SHAPE, rules).unit_cells["window 1"]
    b = board(rules, marks={c: "12346789" for c in window[1:]})
    step = next_step(b.to_grid(), b.cands, rules=rules, unique=False)
    assert step.placements == ((window[0], 5),) and "window 1" in step.text


def test_pencil_marks_follow_the_chess_moves():
    marks = candidate_lists(Grid.parse("5" + "." * 80), Rules(SHAPE, anti_knight=True))
    assert 5 not in marks[11] and 5 not in marks[19] and 5 in marks[12]


# -- uniqueness --------------------------------------------------------------------------------------------
BOXES = tuple(u.cells for u in SHAPE.units[18:])


def rectangle_board(rules: "Rules | None") -> Board:
    """r1c1, r1c4, r2c1 hold only 1/2 and r2c4 holds 1/2/3 on an otherwise empty board: a type 1 unique
    rectangle (r2c4 is neither 1 nor 2) where the argument holds."""
    b = Board.from_grid(Grid.parse("." * 81), unique=True, rules=rules)
    for cell in (0, 3, 9):
        b.cands[cell] = 0b11
    b.cands[12] = 0b111
    return b


def test_unique_rectangles_run_with_jigsaw_regions_alone_and_not_with_a_diagonal():
    assert uniqueness.unique_rectangle(rectangle_board(None)).eliminations == ((12, 1), (12, 2))
    jigsaw = Rules(SHAPE, regions=BOXES)
    assert uniqueness.unique_rectangle(rectangle_board(jigsaw)).eliminations == ((12, 1), (12, 2))
    assert uniqueness.unique_rectangle(rectangle_board(Rules(SHAPE, regions=BOXES, diagonal_down=True))) is None
    assert uniqueness.unique_rectangle(rectangle_board(Rules(SHAPE, anti_knight=True))) is None


def test_a_jigsaw_region_holding_three_corners_is_no_deadly_rectangle():
    # Region 1 trades r3c3 for r1c4, so r1c1, r1c4 and r2c1 share a region and r2c4 is in another.
    first = tuple(c for c in BOXES[0] if c != 20) + (3,)
    second = tuple(c for c in BOXES[1] if c != 3) + (20,)
    rules = Rules(SHAPE, regions=(first, second) + BOXES[2:])
    assert uniqueness.unique_rectangle(rectangle_board(rules)) is None


def test_bug_plus_one_only_on_classic_grids():
    b = Board.from_grid(Grid.parse("." * 81), unique=True, rules=Rules(SHAPE, anti_king=True))
    assert uniqueness.bug_plus_one(b) is None


# -- classic stays classic -----------------------------------------------------------------------------
def test_classic_rules_give_the_classic_steps():
    grid = Grid.parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    assert solve_path(grid, rules=Rules(SHAPE)).to_dict() == solve_path(grid).to_dict()
    assert rate(grid, Rules(SHAPE)) == rate(grid)


# -- the bridge ------------------------------------------------------------------------------------------
def ask(**request) -> dict:
    return json.loads(handle_json(json.dumps(request)))


KILLER = json.loads((ROOT / "data" / "variants" / "killer_9x9.jsonl").read_text().splitlines()[1])  # logic finishes it
JIGSAW = json.loads((ROOT / "data" / "variants" / "jigsaw_9x9.jsonl").read_text().splitlines()[4])  # a quick one


def test_hint_on_an_empty_killer_grid_reasons_from_its_cages():
    reply = ask(op="hint", puzzle=KILLER["givens"], rules=KILLER["rules"])["result"]
    step = reply["step"]
    assert reply["status"] == "step" and step["technique"] == "Cage Combination"
    assert step["units"][0]["name"].startswith("the cage ") and step["units"][0]["cells"] == step["cells"]
    assert all(KILLER["solution"][e["cell"]] != str(e["digit"]) for e in step["eliminations"])


def test_path_and_rate_follow_the_rules():
    path = ask(op="path", puzzle=JIGSAW["givens"], rules=JIGSAW["rules"])["result"]
    assert path["status"] == "solved" and path["end"] == JIGSAW["solution"]
    regions = [s for s in path["steps"] for u in s["units"] if u["name"].startswith("region")]
    assert regions and all(u["cells"] for s in regions for u in s["units"])
    rated = ask(op="rate", puzzle=JIGSAW["givens"], rules=JIGSAW["rules"])["result"]
    assert rated["score"] is not None and rated["steps"] > 0


def test_candidates_and_diagnose_take_rules():
    marks = ask(op="candidates", puzzle="5" + "." * 80, rules={"antiKing": True})["result"]["candidates"]
    assert 5 not in marks[10] and 5 in marks[12]
    assert ask(op="diagnose", puzzle=KILLER["givens"], rules=KILLER["rules"])["result"]["status"] == "unique"


def test_a_rule_broken_by_the_entries_is_a_conflict():
    reply = ask(op="hint", puzzle="." * 20 + "5" + "." * 9 + "5" + "." * 50, rules={"antiKing": True})
    assert reply["error"]["code"] == "conflict" and reply["error"]["cells"] == [20, 30]


@pytest.mark.parametrize("op", ["hint", "path", "rate", "candidates", "diagnose"])
def test_bad_rules_are_a_bad_request_naming_the_field(op):
    reply = ask(op=op, puzzle="." * 81, rules={"cages": [{"cells": [0, 1], "total": 2}]})
    assert reply["error"]["code"] == "bad_request" and "never 2" in reply["error"]["message"]
    reply = ask(op=op, puzzle="1" + "." * 80, rules={"diagonal": "yes"})
    assert reply["error"]["code"] == "bad_request" and "diagonal must be true or false" in reply["error"]["message"]
