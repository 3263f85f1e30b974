"""The setters' palette on the Solve page: thermometers, arrows, Kropki dots and X/V drawn by mouse and by keyboard
in the rules bar (a bad drawing refused beside the tool, Undo and Delete taking one away), every kind of the palette
drawn over the board (clues outside the grid in a margin), said to a screen reader and printed; a thermometer
puzzle and an arrow puzzle solved and explained, the hint lighting the constraint it uses; the palette carried by
the URL fragment and by an f-puzzles link pasted back."""
from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from sudoku_core import Grid  # noqa: E402
from sudoku_core.variants import constraints as palette  # noqa: E402
from sudoku_core.variants.rules import Rules  # noqa: E402
from sudoku_core.variants.solver import solve as variant_solve  # noqa: E402
from element_helpers import cell, drag, rules, solver, status  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

#: A 9x9 of 13 givens and seven thermometers, unique; its first hint is a Thermometer step.
THERMO = {
    "puzzle": ".....8...6..............5..........34.......1.......5....5.7.....7..9...3...8....",
    "rules": {"constraints": [
        {"kind": "thermometer", "cells": [50, 59, 51, 43]}, {"kind": "thermometer", "cells": [8, 16, 25, 26, 17]},
        {"kind": "thermometer", "cells": [28, 38, 39, 48]}, {"kind": "thermometer", "cells": [34, 33, 24]},
        {"kind": "thermometer", "cells": [37, 36, 27, 19]}, {"kind": "thermometer", "cells": [49, 41, 31, 30, 29]},
        {"kind": "thermometer", "cells": [0, 10, 20]}]},
}
#: A 9x9 of 14 givens and six arrows with one-cell circles, unique; its first hint is an Arrow step.
ARROW = {
    "puzzle": "....7...2.7.........8.4....8.............3.......2....9.....2......1.6...4..8....",
    "rules": {"constraints": [
        {"kind": "arrow", "cells": [7, 15], "head": [16]}, {"kind": "arrow", "cells": [52, 62], "head": [43]},
        {"kind": "arrow", "cells": [56, 66, 67], "head": [55]}, {"kind": "arrow", "cells": [46, 47], "head": [36]},
        {"kind": "arrow", "cells": [12, 21], "head": [2]}, {"kind": "arrow", "cells": [22, 23], "head": [31]}]},
}


def rc(i: int, n: int = 9) -> "tuple[int, int]":
    return i // n + 1, i % n + 1


def walk(page, cells, n: int = 9) -> None:
    """Draw a path by keyboard: click its first cell, then Shift+arrow to each next one beside it, or (a diagonal
    step) arrows without Shift and Space."""
    cell(page, *rc(cells[0], n)).click()
    page.keyboard.press("Escape")                                # nothing selected yet: the path starts here
    page.keyboard.press("Space")
    for a, b in zip(cells, cells[1:]):
        (ra, ca), (rb, cb) = rc(a, n), rc(b, n)
        vertical = "Down" if rb > ra else "Up" if rb < ra else ""
        horizontal = "Right" if cb > ca else "Left" if cb < ca else ""
        if vertical and horizontal:
            page.keyboard.press(f"Arrow{vertical}")
            page.keyboard.press(f"Arrow{horizontal}")
            page.keyboard.press("Space")
        else:
            page.keyboard.press(f"Shift+Arrow{vertical or horizontal}")


def draw_mode(page, name: str) -> None:
    solver(page).get_by_role("radio", name=name, exact=True).check()


def engine_solution(puzzle: dict) -> str:
    grid = Grid.parse(puzzle["puzzle"])
    return variant_solve(grid, Rules.from_dict(grid.shape, puzzle["rules"])).to_line()


def assert_keeps_every_constraint(solution: str, puzzle: dict) -> None:
    values = [int(ch) for ch in solution]
    for data in puzzle["rules"]["constraints"]:
        assert palette.holds(palette.from_dict(data, "test"), values, 9), data


def hint_lights_its_constraint(page, browser_helpers, puzzle: dict, technique: str) -> dict:
    """Hint twice: the engine's step names a constraint of `technique`; its drawing (and only it) lights up and
    its cells are the hint's area. Returns the step."""
    reply = browser_helpers.engine_request(page, "hint", {"puzzle": puzzle["puzzle"], "shape": "9x9",
                                                          "rules": puzzle["rules"]}, timeoutMs=60_000)
    assert reply["ok"], reply
    step = reply["result"]["step"]
    assert step["technique"] == technique and step["constraints"]
    hint = solver(page).get_by_role("button", name="Hint", exact=True)
    hint.click()
    expect(status(page)).to_have_text(f"{step['hint']}.")
    named = step["constraints"][0]
    k = next(k for k, c in enumerate(puzzle["rules"]["constraints"])
             if c["kind"] == named["kind"] and sorted(c["cells"] + c.get("head", [])) == sorted(named["cells"] + named.get("head", [])))
    lit = solver(page).locator(".rules-layer g.pal.lit")
    expect(lit).to_have_count(1)
    expect(lit).to_have_attribute("data-k", str(k))
    for i in named["cells"]:
        expect(cell(page, *rc(i))).to_have_class(re.compile(r"\bhl-area\b"))
    hint.click()
    expect(status(page)).to_have_text(f"{step['text']}.")
    expect(lit).to_have_count(1)
    return step


# -- a thermometer puzzle, by mouse ---------------------------------------------------------------------------
def test_a_thermometer_puzzle_drawn_by_mouse_is_explained_and_solved(open_page, browser_helpers):
    page = open_page(f"index.html#{THERMO['puzzle']}")
    draw_mode(page, "Thermo")
    thermometers = THERMO["rules"]["constraints"]
    for k, thermo in enumerate(thermometers, 1):
        drag(page, [rc(i) for i in thermo["cells"]])
        first, last = thermo["cells"][0], thermo["cells"][-1]
        expect(status(page)).to_have_text(f"Thermometer from r{rc(first)[0]}c{rc(first)[1]} to "
                                          f"r{rc(last)[0]}c{rc(last)[1]}. Undo takes it away.")
    assert rules(page) == THERMO["rules"]
    layer = solver(page).locator(".rules-layer")
    expect(layer.locator("g.pal-thermometer")).to_have_count(len(thermometers))
    expect(layer.locator("g.pal-thermometer circle.fill")).to_have_count(len(thermometers))   # one bulb each
    expect(solver(page).locator("[part=rules-summary]")).to_have_text(f"Rules: {len(thermometers)} thermometers.")
    bulb = thermometers[0]["cells"][0]
    assert "thermometer from r6c6 to r5c8 (its bulb)" in cell(page, *rc(bulb)).get_attribute("aria-description")

    draw_mode(page, "Digits")
    hint_lights_its_constraint(page, browser_helpers, THERMO, "Thermometer")
    solver(page).get_by_role("button", name="Solve", exact=True).click()
    expect(status(page)).to_contain_text("Solved", timeout=60_000)
    solution = solver(page).evaluate("(el) => el.solution")
    assert solution == engine_solution(THERMO)
    assert_keeps_every_constraint(solution, THERMO)


# -- an arrow puzzle, by keyboard -----------------------------------------------------------------------------
def test_an_arrow_puzzle_drawn_by_keyboard_is_explained_and_solved(open_page, browser_helpers):
    page = open_page(f"index.html#{ARROW['puzzle']}")
    draw_mode(page, "Arrow")
    arrows = ARROW["rules"]["constraints"]
    for arrow in arrows:
        walk(page, arrow["head"] + arrow["cells"])                # the circle first, then the shaft
        page.keyboard.press("Enter")
        expect(status(page)).to_contain_text("Arrow from")
    assert rules(page) == ARROW["rules"]
    layer = solver(page).locator(".rules-layer")
    expect(layer.locator("g.pal-arrow")).to_have_count(len(arrows))
    expect(layer.locator("g.pal-arrow polyline")).to_have_count(2 * len(arrows))    # a shaft and a head each
    words = solver(page).locator("#rules-words")
    expect(words).to_contain_text("Arrow from the circle at r2c8 along r1c8, r2c7: the shaft adds up to the circle")
    assert solver(page).get_by_role("grid").get_attribute("aria-describedby") == "rules-words"

    draw_mode(page, "Digits")
    hint_lights_its_constraint(page, browser_helpers, ARROW, "Arrow")
    cell(page, 9, 9).click()
    page.keyboard.press("Escape")
    solver(page).get_by_role("button", name="Solve", exact=True).focus()
    page.keyboard.press("Enter")
    expect(status(page)).to_contain_text("Solved", timeout=60_000)
    solution = solver(page).evaluate("(el) => el.solution")
    assert solution == engine_solution(ARROW)
    assert_keeps_every_constraint(solution, ARROW)


# -- dots, X and V; bad drawings; Undo and Delete ---------------------------------------------------------------
def test_dots_and_xv_are_drawn_and_a_bad_drawing_is_refused_beside_the_tool(open_page):
    page = open_page("index.html#9x9")
    bar = solver(page).locator("[part~=rules-bar]")
    error = bar.locator("[part=tool-error]")                    # role=alert, hidden while it has nothing to say
    draw_mode(page, "Dots")
    cell(page, 1, 1).click()
    cell(page, 2, 2).click(modifiers=["Shift"])                 # corners touch, but a dot sits on an edge
    expect(error).to_have_attribute("role", "alert")
    expect(error).to_have_text("No dot drawn: r1c1 and r2c2 do not share an edge, and it sits on the edge between two cells.")
    assert rules(page) is None

    bar.get_by_role("button", name="Black", exact=True).click()
    expect(bar.get_by_role("button", name="Black", exact=True)).to_have_attribute("aria-pressed", "true")
    drag(page, [(1, 1), (1, 2)])
    expect(error).to_be_hidden()
    expect(status(page)).to_have_text("Black dot between r1c1 and r1c2. Undo takes it away.")
    bar.get_by_role("button", name="White", exact=True).click()
    drag(page, [(1, 2), (1, 1)])                                  # the same edge: the new dot replaces the old
    expect(status(page)).to_have_text("White dot between r1c2 and r1c1, in place of the one there. Undo takes it away.")
    assert rules(page) == {"constraints": [{"kind": "white_dot", "cells": [0, 1]}]}

    draw_mode(page, "XV")
    bar.get_by_role("button", name="V", exact=True).click()
    cell(page, 5, 5).click()
    page.keyboard.press("Shift+ArrowDown")
    page.keyboard.press("Enter")
    expect(status(page)).to_have_text("V between r5c5 and r6c5. Undo takes it away.")
    layer = solver(page).locator(".rules-layer")
    expect(layer.locator("g.pal-xv text")).to_have_text(["V"])
    expect(layer.locator("g.pal-white_dot circle.dot.white")).to_have_count(1)

    draw_mode(page, "Thermo")
    cell(page, 1, 1).click()
    for key in ("ArrowRight", "ArrowRight", "Space", "Enter"):    # r1c1, then r1c3 added with Space: a gap
        page.keyboard.press(key)
    expect(error).to_have_text(re.compile(r"^No thermometer drawn: r1c1 and r1c3 do not touch"))
    expect(status(page)).to_have_text(re.compile(r"^No thermometer drawn"))
    page.keyboard.press("Escape")
    drag(page, [(3, 3), (4, 4), (4, 5)])
    assert rules(page)["constraints"][-1] == {"kind": "thermometer", "cells": [20, 30, 31]}

    page.keyboard.press("Control+z")                             # Undo takes the thermometer away
    expect(layer.locator("g.pal-thermometer")).to_have_count(0)
    draw_mode(page, "XV")
    cell(page, 6, 5).click()
    page.keyboard.press("Delete")                                # Delete: the V beside the cursor
    expect(status(page)).to_have_text("Deleted the V between r5c5 and r6c5. Undo brings it back.")
    assert rules(page) == {"constraints": [{"kind": "white_dot", "cells": [0, 1]}]}


# -- every kind drawn, said, printed; the margin for clues outside ------------------------------------------------
def C(r: int, c: int) -> int:
    return (r - 1) * 9 + c - 1


EVERY_KIND = {"constraints": [
    {"kind": "thermometer", "cells": [C(1, 1), C(1, 2), C(1, 3)]},
    {"kind": "slow_thermometer", "cells": [C(3, 1), C(3, 2), C(3, 3)]},
    {"kind": "arrow", "cells": [C(2, 2), C(2, 3)], "head": [C(2, 1)]},
    {"kind": "arrow", "cells": [C(5, 3)], "head": [C(4, 1), C(4, 2)]},
    {"kind": "white_dot", "cells": [C(5, 5), C(5, 6)]},
    {"kind": "white_dot", "cells": [C(6, 5), C(6, 6)], "value": 3},
    {"kind": "black_dot", "cells": [C(7, 5), C(7, 6)]},
    {"kind": "xv", "cells": [C(8, 1), C(8, 2)], "value": 10},
    {"kind": "little_killer", "cells": [C(1, 2), C(2, 3), C(3, 4)], "value": 12, "direction": "DR"},
    {"kind": "sandwich", "cells": [C(4, c) for c in range(1, 10)], "value": 12},
    {"kind": "whispers", "cells": [C(1, 6), C(2, 7), C(2, 8)]},
    {"kind": "renban", "cells": [C(3, 7), C(3, 8), C(3, 9)]},
    {"kind": "palindrome", "cells": [C(5, 7), C(5, 8), C(6, 8)]},
    {"kind": "between", "cells": [C(7, 7), C(7, 8), C(7, 9)]},
    {"kind": "odd", "cells": [C(9, 5)]},
    {"kind": "even", "cells": [C(9, 6)]},
    {"kind": "quadruple", "cells": [C(8, 7), C(8, 8), C(9, 7), C(9, 8)], "digits": [1, 2]},
    {"kind": "minimum", "cells": [C(9, 4)]},
    {"kind": "maximum", "cells": [C(6, 2)]},
    {"kind": "clone", "cells": [C(8, 4)], "head": [C(1, 9)]},
], "nonconsecutive": True, "negative": ["xv"]}


def test_every_kind_is_drawn_said_and_printed_with_a_margin_for_clues_outside(open_page):
    page = open_page("index.html#9x9")
    grid = solver(page).get_by_role("grid")
    plain = grid.bounding_box()
    solver(page).evaluate("(el, rules) => { el.rules = rules; }", EVERY_KIND)
    layer = solver(page).locator(".rules-layer")
    for kind in palette.KINDS:
        expected = sum(c["kind"] == kind for c in EVERY_KIND["constraints"])
        expect(layer.locator(f"g.pal-{kind}")).to_have_count(expected)
        assert expected, kind
    # The clues outside: the board shrinks to leave a margin, and the clue stands in it, left of row 4.
    with_margin = grid.bounding_box()
    assert with_margin["width"] < plain["width"] * 0.9
    sandwich = layer.locator("g.pal-sandwich text").bounding_box()
    row4 = cell(page, 4, 1).bounding_box()
    assert sandwich["x"] + sandwich["width"] <= row4["x"] and row4["y"] <= sandwich["y"] + sandwich["height"] / 2 <= row4["y"] + row4["height"]
    expect(layer.locator("g.pal-sandwich text")).to_have_text("12")
    expect(layer.locator("g.pal-white_dot text")).to_have_text(["3"])       # only the dot whose value is not 1

    summary = solver(page).locator("[part=rules-summary]")
    expect(summary).to_contain_text("1 thermometer, 1 slow thermometer, 2 arrows, 2 white dots")
    expect(summary).to_contain_text("nonconsecutive (no two cells that share an edge hold consecutive digits)")
    expect(summary).to_contain_text("negative constraint (every X and V is given)")
    words = solver(page).locator("#rules-words")
    expect(words).to_contain_text("Thermometer from r1c1 to r1c3")
    expect(words).to_contain_text("Little killer 12: the diagonal from r1c2 to r3c4 adds up to 12")
    assert "quadruple on r8c7, r8c8, r9c7, r9c8: 1, 2 appear among them" in cell(page, 9, 8).get_attribute("aria-description")
    draw_mode(page, "Dots")                                      # the tools and their alert, checked by axe too
    cell(page, 2, 2).click()
    page.keyboard.press("Enter")
    expect(solver(page).locator("[part=tool-error]")).to_contain_text("No dot drawn")
    page.evaluate(AXE.read_text(encoding="utf-8"))
    violations = page.evaluate("""async () => (await window.axe.run(document, { runOnly: { type: 'rule', values:
        ['aria-valid-attr-value', 'aria-allowed-attr', 'button-name', 'aria-required-children', 'nested-interactive',
         'color-contrast', 'svg-img-alt'] } })).violations.map((v) => [v.id, v.nodes.map((n) => n.target)])""")
    assert not violations, violations

    page.emulate_media(media="print")
    try:
        expect(summary).to_be_visible()
        bulb = layer.locator("g.pal-thermometer circle.fill")
        expect(bulb).to_be_visible()
        assert bulb.evaluate("(c) => getComputedStyle(c).fill") == "rgb(200, 200, 200)"
        black = layer.locator("g.pal-black_dot circle")
        assert black.evaluate("(c) => getComputedStyle(c).fill") == "rgb(0, 0, 0)"
        page.screenshot(path="/tmp/palette-print.png")
    finally:
        page.emulate_media(media="screen")

    solver(page).evaluate("(el) => { el.rules = null; }")
    expect(layer.locator("g.pal")).to_have_count(0)
    expect(summary).to_be_hidden()
    assert grid.bounding_box()["width"] == pytest.approx(plain["width"], abs=1)


# -- links ------------------------------------------------------------------------------------------------------
def test_the_palette_rides_in_the_fragment_and_in_an_f_puzzles_link_pasted_back(open_page, browser_helpers):
    page = open_page(f"index.html#{ARROW['puzzle']}")
    solver(page).evaluate("(el, rules) => { el.rules = rules; }", ARROW["rules"])
    expect(page).to_have_url(re.compile(r"(;pa-[1-9]+~[1-9]{2}){6}$"))
    page.reload()
    expect(solver(page).locator(".rules-layer g.pal-arrow")).to_have_count(6)
    assert rules(page) == ARROW["rules"]

    page.get_by_role("button", name="Copy f-puzzles link").click()
    field = page.get_by_role("textbox", name="f-puzzles link")
    expect(field).to_have_value(re.compile(r"^https://www\.f-puzzles\.com/\?load="))
    link = field.input_value()
    solver(page).get_by_role("button", name="Clear rules").click()
    assert rules(page) is None
    cell(page, 1, 1).click()
    browser_helpers.paste(page, "sudoku-solver", link)
    expect(status(page)).to_contain_text("Loaded the puzzle")
    assert rules(page) == ARROW["rules"]


# -- the picture for docs/page.md -------------------------------------------------------------------------------
def test_a_thermometer_hint_screenshot_for_the_docs(open_page):
    page = open_page(f"index.html#{THERMO['puzzle']}")
    page.set_viewport_size({"width": 1200, "height": 1000})
    solver(page).evaluate("(el, rules) => { el.rules = rules; }", THERMO["rules"])
    hint = solver(page).get_by_role("button", name="Hint", exact=True)
    hint.click()
    expect(status(page)).to_contain_text("Look at thermometer")
    hint.click()
    expect(status(page)).to_contain_text("each digit is greater than the one before")
    expect(solver(page).locator(".rules-layer g.pal.lit")).to_have_count(1)
    page.mouse.move(0, 0)
    # The docs' picture is refreshed only on request, so a test run leaves the working tree clean.
    folder = ROOT / ("docs" if os.environ.get("SUDOKU_SCREENSHOTS") else "test-results")
    folder.mkdir(exist_ok=True)
    solver(page).screenshot(path=str(folder / "palette-hint.png"))
