"""Edits made before the engine is ready are never lost or out of order, and the buttons act on the grid as
the person left it: a paste shows at once when it is plainly a grid, a text only the engine can read fills
in when it has, typing made meanwhile lands after it, and a Solve pressed at once solves what was pasted,
before and after the engine is up. A start that stalls offers Retry, which keeps the grid.

The engine's start is held back by holding its wasm downloads (a route that does not answer)."""
from __future__ import annotations

import re

from playwright.sync_api import expect

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
EASY_SOLUTION = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"


def bordered(line: str) -> str:
    """The puzzle drawn with box borders and zeros: only the engine's parser reads this."""
    rows = []
    for r in range(9):
        cells = [line[r * 9 + c].replace(".", "0") for c in range(9)]
        rows.append(" | ".join(" ".join(cells[b:b + 3]) for b in (0, 3, 6)))
        if r in (2, 5):
            rows.append("------+-------+------")
    return "\n".join(rows) + "\n"


def with_zeros_in_rows(line: str) -> str:
    """Nine lines of nine digits, 0 for empty: plainly a grid, read by the element itself."""
    return "\n".join(line[r * 9:r * 9 + 9].replace(".", "0") for r in range(9))


def board(page, selector: str = "sudoku-solver") -> str:
    return page.evaluate("""(selector) => [...document.querySelector(selector).shadowRoot
        .querySelectorAll('[role=gridcell]')].map((c) => c.textContent || '.').join('')""", selector)


def test_edits_before_the_engine_is_ready_keep_their_order_and_solve_acts_on_the_last(new_context, site_server,
                                                                                     browser_helpers):
    context = new_context(service_workers="block")
    held = browser_helpers.HeldRuntimes(context)
    page = context.new_page()
    page.goto(site_server.url)
    solver = page.locator("sudoku-solver")
    status = solver.get_by_role("status")
    solver.get_by_role("gridcell", name=re.compile(r"^Row 1, column 1(,|$)")).click()
    expect(solver).to_have_attribute("engine-state", "loading")

    # Plainly a grid (rows of digits, zeros for empty): on the board at once, with no engine.
    browser_helpers.paste(page, "sudoku-solver", with_zeros_in_rows(EASY))
    assert board(page) == EASY
    expect(status).to_contain_text("Loaded the puzzle with 32 givens")

    # Only the engine reads this one: the board says so and keeps what it had; a digit typed after it
    # waits behind it, and Solve waits for both.
    browser_helpers.paste(page, "sudoku-solver", bordered(HARD))
    expect(status).to_contain_text("appears as soon as the engine has loaded")
    assert board(page) == EASY
    solver.get_by_role("gridcell", name=re.compile(r"^Row 1, column 2(,|$)")).click()
    page.keyboard.press("1")                           # r1c2 of HARD's solution
    solver.get_by_role("button", name="Solve", exact=True).click()
    expect(status).to_contain_text("Solve will run as soon as the engine has loaded")
    assert solver.get_attribute("engine-state") == "loading" and board(page) == EASY

    assert held.held, "the wasm was never asked for"
    held.release()                                     # the download goes on
    expect(status).to_contain_text("Solved", timeout=90_000)
    assert board(page) == HARD_SOLUTION
    assert solver.evaluate("(el) => el.puzzle") == HARD[:1] + "1" + HARD[2:]
    assert "changed" not in status.inner_text()
    # One undo step each, in the order they were made: the typed 1, then the bordered paste, then the first.
    page.keyboard.press("Control+z")
    assert solver.evaluate("(el) => el.puzzle") == HARD
    page.keyboard.press("Control+z")
    assert solver.evaluate("(el) => el.puzzle") == EASY


def test_a_paste_followed_at_once_by_solve_solves_the_pasted_puzzle(open_page, browser_helpers):
    page = open_page("index.html")
    solver = page.locator("sudoku-solver")
    status = solver.get_by_role("status")
    for text, solution in ((EASY, EASY_SOLUTION), (bordered(HARD), HARD_SOLUTION), (with_zeros_in_rows(EASY), EASY_SOLUTION)):
        browser_helpers.paste(page, "sudoku-solver", text, solve=True)
        expect(status).to_contain_text("Solved", timeout=30_000)
        assert board(page) == solution
        assert "changed" not in status.inner_text()
        solver.evaluate("(el) => el.clear()")


def test_a_stalled_start_offers_retry_and_keeps_the_grid(new_context, site_server, browser_helpers):
    context = new_context(service_workers="block")
    held = browser_helpers.HeldRuntimes(context)
    page = context.new_page()
    page.goto(site_server.url + "element-test.html?near=eager&stallMs=15000")
    solver = page.locator("#near")
    # The library arrives while the wasm does not: the download is shown in MB. (The stall limit leaves
    # a loaded machine time to start the worker before any byte is counted: 8 s was once too short in a
    # full run, where the worker counted no byte before the start was called stalled.)
    expect(solver.locator("[part=progress]")).to_contain_text(
        re.compile(r"Downloading the solver: \d+\.\d of \d+\.\d MB"), timeout=20_000)
    solver.get_by_role("gridcell", name=re.compile(r"^Row 1, column 1(,|$)")).click()
    page.keyboard.press("4")
    status = solver.get_by_role("status")
    expect(solver).to_have_attribute("engine-state", "failed", timeout=60_000)
    expect(status).to_contain_text("nothing arrived for")
    expect(status).to_contain_text("Your grid is kept")
    retry = solver.get_by_role("button", name="Retry", exact=True)
    expect(retry).to_be_visible()
    assert board(page, "#near")[0] == "4"

    context.unroute(held.PATTERN)                          # the connection is back
    retry.click()
    expect(retry).to_be_hidden()
    expect(solver).to_have_attribute("engine-state", "ready", timeout=90_000)
    page.evaluate("(line) => { document.querySelector('#near').puzzle = line; }", HARD)
    assert solver.evaluate("(el) => el.solve()") == HARD_SOLUTION
