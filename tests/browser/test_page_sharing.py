"""The page on fresh loads: a link carries the grid, a reload keeps it, and the board works before Python does.

URL fragment: `#<line>` (the grid in the exchange format; its length gives the size), `#<size>:<line>` for
boxes that are not the default (`#3x2:...`), `#<size>` for an empty grid of that size, nothing for an empty 9x9.
"""
from __future__ import annotations

import re

from playwright.sync_api import expect

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"


def cell(page, row: int, col: int):
    return page.get_by_role("grid").get_by_role("gridcell", name=re.compile(fr"^Row {row}, column {col}(,|$)"))


def shown(page) -> str:
    return page.evaluate("""() => [...document.querySelector('sudoku-solver').shadowRoot
        .querySelectorAll('[role=gridcell]')].map((c) => c.textContent || '.').join('')""")


def fragment(page) -> str:
    return page.evaluate("() => location.hash")


def test_a_link_opens_its_grid_and_every_edit_updates_the_link(open_page):
    page = open_page(f"index.html#{HARD}", wait_engine=False)
    expect(cell(page, 1, 1)).to_have_text("4")
    assert shown(page) == HARD
    cell(page, 1, 2).click()
    page.keyboard.press("1")
    edited = HARD[0] + "1" + HARD[2:]
    expect(page).to_have_url(re.compile(re.escape("#" + edited) + "$"))

    page.evaluate("() => { location.hash = '#6x6'; }")      # a link to an empty 6x6
    expect(page.get_by_role("gridcell")).to_have_count(36)
    expect(page.get_by_role("radio", name="6×6")).to_be_checked()

    page.evaluate("() => { location.hash = '#3x2:' + '1' + '.'.repeat(35); }")   # boxes of 3 rows x 2 columns
    expect(cell(page, 1, 1)).to_have_text("1")
    assert page.evaluate("() => document.querySelector('sudoku-solver').size") == "3x2"


def test_the_grid_survives_a_reload_and_a_visit_without_a_link(open_page):
    page = open_page(f"index.html#{HARD}", wait_engine=False)
    expect(cell(page, 1, 1)).to_have_text("4")
    cell(page, 9, 9).click()
    page.keyboard.press("3")
    edited = HARD[:80] + "3"
    expect(page).to_have_url(re.compile(re.escape(edited) + "$"))
    page.reload()
    expect(cell(page, 9, 9)).to_have_text("3")
    assert shown(page) == edited

    again = open_page("index.html", wait_engine=False)     # no fragment: the last grid comes back
    expect(cell(again, 9, 9)).to_have_text("3")
    assert shown(again) == edited
    assert fragment(again) == "#" + edited


def test_the_board_works_before_python_and_an_early_solve_runs_when_ready(
        new_context, open_page, site_server, browser_helpers):
    context = new_context()
    held = browser_helpers.HeldRuntimes(context)  # a slow line: the engine is still on its way
    page = open_page(f"index.html#{HARD}", context=context, wait_engine=False)
    solver = page.locator("sudoku-solver")
    expect(cell(page, 1, 1)).to_have_text("4")
    expect(solver).to_have_attribute("engine-state", "loading")
    expect(solver.get_by_role("progressbar", name="Loading the solver engine")).to_be_visible()

    cell(page, 1, 2).click()                                # typing works at once
    page.keyboard.press("1")
    expect(cell(page, 1, 2)).to_have_text("1")
    solver.get_by_role("button", name="Solve", exact=True).click()
    status = solver.get_by_role("status")
    expect(status).to_have_text("Solve will run as soon as the engine has loaded…")
    held.release()

    expect(status).to_have_text(re.compile(r"^Solved in "), timeout=90_000)
    assert shown(page) == HARD_SOLUTION
    expect(solver).to_have_attribute("engine-state", "ready")
    expect(solver.get_by_role("progressbar")).to_be_hidden()
    assert browser_helpers.foreign_requests(context, [site_server.origin]) == []
    assert browser_helpers.console_errors(page) == []
