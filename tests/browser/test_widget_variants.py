"""<sudoku-solver> with variant rules: the `rules` attribute is drawn and obeyed, an f-puzzles link pasted on
the board loads the puzzle with its cages, clashes under the rules are marked, and what works for classic
rules only (Hint) says so. One page, one engine."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from sudoku_core import Grid  # noqa: E402
from sudoku_core.fpuzzles import fpuzzles_link  # noqa: E402
from sudoku_core.rules import Cage, Rules  # noqa: E402

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"


@pytest.fixture(scope="module")
def widget(shared_context, site_server):
    page = shared_context.new_page()
    page.goto(site_server.url + "element-test.html?near=eager")
    solver = page.locator("#near")
    expect(solver).to_have_attribute("engine-state", "ready", timeout=90_000)
    yield page, solver
    page.close()


def test_x_rules_are_drawn_and_the_solution_obeys_them(widget):
    page, solver = widget
    solver.evaluate("(el) => { el.puzzle = ''; el.rules = { diagonal: true, antiDiagonal: true }; }")
    assert solver.locator(".rules-layer line.diagonal").count() == 2
    solution = solver.evaluate("(el) => el.solve()")
    n = 9
    assert len({solution[i * n + i] for i in range(n)}) == n
    assert len({solution[(n - 1 - i) * n + i] for i in range(n)}) == n
    assert Grid.parse(solution).is_solved()
    solver.evaluate("(el) => el.undo()")                     # the rules were one undoable step
    assert solver.evaluate("(el) => el.rules") is None
    assert solver.locator(".rules-layer").count() == 0


def test_a_pasted_f_puzzles_killer_loads_with_its_cages_and_solves(widget, browser_helpers):
    page, solver = widget
    solution = Grid.parse(HARD_SOLUTION)
    cages = tuple(Cage(cells, sum(solution.values[c] for c in cells))
                  for cells in (tuple(range(r * 9 + c, r * 9 + c + 3)) for r in range(9) for c in (0, 3, 6)))
    link = fpuzzles_link(Grid.parse(HARD), Rules(solution.shape, cages=cages))
    browser_helpers.paste(page, "#near", link)
    status = solver.get_by_role("status")
    expect(status).to_contain_text("Loaded the puzzle with 17 givens")
    assert solver.evaluate("(el) => el.puzzle") == HARD
    assert len(solver.evaluate("(el) => el.rules").get("cages", [])) == 27
    assert solver.locator(".rules-layer text.total").count() == 27
    first = solver.get_by_role("gridcell", name="Row 1, column 1", exact=True)
    assert "in a cage of 3 cells, total 12" in first.get_attribute("aria-description")
    solver.get_by_role("button", name="Solve", exact=True).click()
    expect(status).to_contain_text("Solved", timeout=30_000)
    assert solver.evaluate("(el) => el.solution") == HARD_SOLUTION
    solver.get_by_role("button", name="Hint", exact=True).click()
    expect(status).to_have_text("Hints, pencil marks, ratings and steps are for classic Sudoku: not yet for variant rules.")


def test_a_clash_under_the_rules_is_marked_and_bad_rules_change_nothing(widget):
    page, solver = widget
    solver.evaluate("(el) => { el.rules = null; el.puzzle = '..1' + '.'.repeat(10) + '1' + '.'.repeat(67); }")
    expect(solver.locator("[aria-invalid=true]")).to_have_count(0)
    solver.evaluate("(el) => { el.rules = { antiKnight: true }; }")
    expect(solver.locator("[aria-invalid=true]")).to_have_count(2, timeout=10_000)
    expect(solver.get_by_role("status")).to_contain_text("a knight's move apart")
    solver.evaluate("(el) => el.setAttribute('rules', '{not json')")
    expect(solver.get_by_role("status")).to_contain_text("not JSON")
    assert solver.evaluate("(el) => el.rules") == {"antiKnight": True}
    assert json.loads(json.dumps(solver.evaluate("(el) => el.puzzle"))).count("1") == 2
