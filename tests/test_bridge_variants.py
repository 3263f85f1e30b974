"""The bridge's solve, check and conflicts with variant `rules`: the answers obey the rules, givens that
break a rule come back as a `conflict` with their cells, and bad rules as a `bad_request` naming the field."""
from __future__ import annotations

import json

from sudoku_core import Grid
from sudoku_core.bridge import handle_json
from sudoku_core.variants.rules import Rules

X_WINDOKU = {"diagonal": True, "antiDiagonal": True, "windows": True}


def ask(**request) -> dict:
    return json.loads(handle_json(json.dumps(request)))


def test_solve_obeys_the_rules():
    reply = ask(op="solve", puzzle="." * 81, rules=X_WINDOKU, limit=1)
    assert reply["ok"]
    solution = Grid.parse(reply["result"]["solution"])
    rules = Rules.from_dict(solution.shape, X_WINDOKU)
    assert solution.is_complete() and rules.conflicts(solution) == []


def test_the_same_request_without_rules_is_classic():
    puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    plain = ask(op="solve", puzzle=puzzle)["result"]
    with_empty_rules = ask(op="solve", puzzle=puzzle, rules={})["result"]
    assert plain["solution"] == with_empty_rules["solution"] and plain["unique"]


def test_givens_that_break_a_rule_are_a_conflict_with_their_cells():
    cage = {"cages": [{"cells": [0, 1], "total": 4}]}
    check = ask(op="check", puzzle="12" + "." * 79, rules=cage)["result"]
    assert check["status"] == "conflict" and check["cells"] == [0, 1] and "adds up to 3, not 4" in check["message"]
    solve = ask(op="solve", puzzle="12" + "." * 79, rules=cage)
    assert solve["error"]["code"] == "conflict" and solve["error"]["cells"] == [0, 1]
    knight = ask(op="conflicts", puzzle="..1" + "." * 10 + "1" + "." * 67, rules={"antiKnight": True})["result"]
    assert knight["cells"] == [2, 13] and "knight's move" in knight["conflicts"][0]["message"]
    assert ask(op="conflicts", puzzle="..1" + "." * 10 + "1" + "." * 67)["result"]["cells"] == []


def test_check_counts_under_the_rules():
    # An empty 4x4 has many solutions; with both diagonals still several; a full valid one is unique.
    assert ask(op="check", puzzle="." * 16, rules={"diagonal": True})["result"]["status"] == "several"
    solution = ask(op="solve", puzzle="." * 16, rules={"diagonal": True, "antiDiagonal": True}, limit=1)["result"]
    full = ask(op="check", puzzle=solution["solution"], rules={"diagonal": True, "antiDiagonal": True})["result"]
    assert full["status"] == "unique"


def test_bad_rules_are_a_bad_request_naming_the_field():
    for rules, words in [({"thermo": []}, "Unknown rule 'thermo'"), ({"cages": [{"cells": [0, 1], "total": 2}]}, "never 2"),
                         ({"windows": True}, "9x9"), ("x", "must be an object")]:
        reply = ask(op="solve", puzzle="." * 16, rules=rules)
        assert reply["error"]["code"] == "bad_request" and words in reply["error"]["message"], reply


def test_link_writes_f_puzzles_and_sudokupad_links_that_read_back_the_same_rules():
    from sudoku_core.formats.fpuzzles import read_fpuzzles

    puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    rules = {"diagonal": True, "antiDiagonal": True, "antiKnight": True,
             "cages": [{"cells": [1, 2, 11], "total": 12}, {"cells": [30, 31], "total": None}]}
    reply = ask(op="link", puzzle=puzzle, rules=rules)
    assert reply["ok"], reply
    links = reply["result"]
    assert links["fpuzzles"].startswith("https://www.f-puzzles.com/?load=")
    assert links["sudokupad"].startswith("https://sudokupad.app/fpuzzles")
    for site in ("fpuzzles", "sudokupad"):
        grid, read = read_fpuzzles(links[site])
        assert grid.to_line() == puzzle and read.to_dict() == rules
    assert links["sudokuwiki"] is None       # SudokuWiki's Killer links hold cages only, and no givens
    parsed = ask(op="parse", text=links["sudokupad"])["result"]     # what a paste on the page does
    assert parsed["line"] == puzzle and parsed["rules"] == rules


def test_link_writes_a_sudokuwiki_killer_link_for_cages_alone_that_a_paste_reads_back():
    rows = [{"cells": [r * 9 + c for c in range(9)], "total": 45} for r in range(9)]   # each row one cage
    reply = ask(op="link", puzzle="." * 81, rules={"cages": rows})["result"]
    assert reply["sudokuwiki"].startswith("https://www.sudokuwiki.org/killersudoku.aspx?bd=")
    parsed = ask(op="parse", text=reply["sudokuwiki"])["result"]
    assert parsed["line"] == "." * 81 and parsed["rules"] == {"cages": rows}


def test_link_of_a_classic_grid_and_of_jigsaw_regions():
    from sudoku_core.formats.fpuzzles import read_fpuzzles

    classic = ask(op="link", puzzle="1" + "." * 15)["result"]
    grid, rules = read_fpuzzles(classic["fpuzzles"])
    assert grid.to_line() == "1" + "." * 15 and rules.is_classic
    regions = [[0, 1, 4, 5], [2, 3, 6, 7], [8, 12, 13, 9], [10, 11, 14, 15]]      # the boxes, one pair swapped
    regions[2], regions[3] = [8, 9, 12, 10], [13, 11, 14, 15]
    reply = ask(op="link", puzzle="." * 16, rules={"regions": regions})["result"]
    _, read = read_fpuzzles(reply["fpuzzles"])
    assert sorted(map(sorted, read.to_dict()["regions"])) == sorted(map(sorted, regions))


def test_link_refuses_rules_that_cannot_hold_with_their_sentence():
    reply = ask(op="link", puzzle="." * 81, rules={"cages": [{"cells": [0, 1], "total": 3}, {"cells": [1, 2], "total": 5}]})
    assert reply["error"]["code"] == "bad_request" and "Cages 1 and 2 overlap at r1c2" in reply["error"]["message"]
