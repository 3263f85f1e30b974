"""Variant puzzles on the Play page, used as a person would: the Variant choices of the new-puzzle form, the
rules drawn on the board (Killer cages with their totals, Jigsaw regions as thick borders) and said to a screen
reader, a game played to the end, a reload, the print view and the export links that carry the rules.

The tests share one page in a fresh context of their own (its own storage); each makes the puzzle it needs
with a fixed seed through the form, and asks the engine for the same puzzle to know its solution.
"""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from sudoku_core.formats.fpuzzles import read_fpuzzles

KILLER_SEED = 5
JIGSAW_SEED = 3
VARIANT_NAMES = ["Killer", "Jigsaw", "X", "Windoku", "Anti-knight", "Anti-king"]


@pytest.fixture(scope="module")
def context(browser, site_server, browser_helpers):
    context = browser_helpers.new_logged_context(browser, viewport={"width": 1100, "height": 900})
    yield context
    context.close()


@pytest.fixture(scope="module")
def page(context, site_server, browser_helpers):
    page = context.new_page()
    page.goto(site_server.url + "play.html")
    browser_helpers.wait_for_engine(page)
    expect(page.locator("#status")).to_contain_text("New 9×9 puzzle", timeout=60_000)
    yield page
    page.close()


class Play:
    def __init__(self, page, helpers):
        self.page = page
        self.helpers = helpers
        self.board = page.get_by_role("grid", name="Sudoku board")
        self.status = page.locator("#status")
        self.layer = page.locator(".board-wrap svg.rules-layer")

    def cell(self, row: int, col: int):
        return self.board.get_by_role("gridcell", name=re.compile(rf"^Row {row}, column {col},"))

    def cells(self):
        return self.board.get_by_role("gridcell")

    def variant(self, name: str):
        return self.page.get_by_role("checkbox", name=name, exact=True)

    def new_puzzle(self, variants: "list[str]", seed: int, size: str = "9x9") -> dict:
        """Make a puzzle through the form; returns the engine's own reply for the same options."""
        self.page.get_by_label("Size").select_option(size)
        if size == "9x9":
            self.page.get_by_label("Level").select_option("")
        self.page.get_by_label("Symmetry").select_option("rotate180")
        for name in VARIANT_NAMES:
            self.variant(name).set_checked(name in variants)
        self.page.get_by_label("Seed").fill(str(seed))
        self.page.get_by_role("button", name="New puzzle").click()
        expect(self.status).to_contain_text(f"New {size.replace('x', '×')} {', '.join(variants)} puzzle", timeout=60_000)
        expect(self.page.locator("#game-info")).to_contain_text(f"seed {seed}")
        reply = self.helpers.engine_request(self.page, "generate", {
            "size": size, "symmetry": "rotate180", "seed": seed, "variant": ",".join(v.lower() for v in variants)})
        assert reply["ok"], reply
        return reply["result"]

    def saved(self) -> dict:
        return json.loads(self.page.evaluate("() => localStorage.getItem('sudoku-play/v1')"))

    def descriptions(self) -> "list[str]":
        return self.cells().evaluate_all("(cells) => cells.map((c) => c.getAttribute('aria-description') || '')")

    def labels(self) -> "list[str]":
        return self.cells().evaluate_all("(cells) => cells.map((c) => c.getAttribute('aria-label'))")

    def fill_row(self, row: int, digits: str) -> None:
        """Type a row's digits from its first cell, moving right (givens are typed over: they stay)."""
        self.cell(row, 1).click()
        for digit in digits:
            self.page.keyboard.press(digit)
            self.page.keyboard.press("ArrowRight")


@pytest.fixture
def play(page, browser_helpers):
    page.get_by_role("radio", name=re.compile("^Digit")).check()
    return Play(page, browser_helpers)


def cage_words(cage: dict) -> str:
    return f"in a cage of {len(cage['cells'])} cells, total {cage['total']}"


# -- the form -------------------------------------------------------------------------------------------------
def test_the_variant_choices_follow_the_size_and_say_why(play, page):
    help_text = page.locator("#variant-help")
    play.variant("Windoku").check()
    page.get_by_label("Size").select_option("6x6")
    expect(play.variant("Windoku")).to_be_disabled()
    expect(play.variant("Windoku")).to_be_checked()  # the choice is kept for when the size comes back
    expect(play.variant("Killer")).to_be_enabled()
    expect(help_text).to_contain_text("Windoku is 9×9 only")
    page.get_by_label("Size").select_option("16x16")
    for name in VARIANT_NAMES:
        expect(play.variant(name)).to_be_disabled()
    expect(help_text).to_contain_text("Variants are made from 4×4 to 9×9: a 16×16 puzzle is classic.")
    page.get_by_label("Size").select_option("9x9")
    expect(play.variant("Windoku")).to_be_enabled()
    play.variant("Windoku").uncheck()
    expect(help_text).to_have_text("Variants are made from 4×4 to 9×9; Windoku is 9×9 only.")


def test_rules_no_grid_can_obey_get_the_engines_sentence_and_the_game_is_kept(play, page):
    before = play.saved()
    play.variant("Anti-king").check()
    page.get_by_label("Size").select_option("4x4")
    page.get_by_label("Seed").fill("1")
    page.get_by_role("button", name="New puzzle").click()
    expect(play.status).to_contain_text("4x4", timeout=30_000)
    expect(play.status).to_contain_text("anti-king")
    assert play.saved()["puzzle"] == before["puzzle"]
    expect(play.variant("Anti-king")).to_be_checked()
    play.variant("Anti-king").uncheck()
    page.get_by_label("Size").select_option("9x9")


# -- Killer -------------------------------------------------------------------------------------------------------
def test_a_killer_puzzle_draws_its_cages_with_totals_and_says_them(play, page):
    made = play.new_puzzle(["Killer"], KILLER_SEED)
    cages = made["rules"]["cages"]
    assert play.saved()["rules"] == made["rules"] and play.saved()["puzzle"] == made["puzzle"]
    expect(page.locator("#game-info")).to_contain_text(f"Killer · {len(cages)} cages")
    expect(play.layer).to_be_visible()
    expect(play.layer.locator("text.total")).to_have_count(len(cages))
    # No clue outside the grid, so no margin: the board fills its place.
    assert play.board.bounding_box()["width"] == pytest.approx(page.locator(".board-wrap").bounding_box()["width"], abs=1)
    assert sorted(play.layer.locator("text.total").all_text_contents()) == sorted(str(c["total"]) for c in cages)
    assert play.layer.locator("line.cage").count() >= 4 * len(cages)  # every cage closed by dashed sides
    words = play.descriptions()
    for cage in cages:
        for i in cage["cells"]:
            assert cage_words(cage) in words[i], (i, words[i])
    # The total's cell keeps its corner marks out of the total's way.
    first = min(cages[0]["cells"])
    expect(play.cells().nth(first)).to_have_class(re.compile(r"\bhas-total\b"))
    expect(page.locator(".play-cell.has-total")).to_have_count(len(cages))
    assert all(label.endswith("empty") for label in play.labels())  # a Killer of cages only


def test_a_placed_digit_clears_the_pencil_marks_of_its_cage_mates(play, page):
    made = play.new_puzzle(["Killer"], KILLER_SEED)

    def box(i):
        return (i // 9 // 3, i % 9 // 3)

    a, b = next((a, b) for cage in made["rules"]["cages"] for a in cage["cells"] for b in cage["cells"]
                if a // 9 != b // 9 and a % 9 != b % 9 and box(a) != box(b))
    ra, ca, rb, cb = a // 9 + 1, a % 9 + 1, b // 9 + 1, b % 9 + 1
    play.cell(rb, cb).click()
    page.keyboard.press("x")
    page.keyboard.press("3")
    page.keyboard.press("z")
    expect(play.cell(rb, cb)).to_have_attribute("aria-label", re.compile("corner marks 3$"))
    play.cell(ra, ca).click()
    page.keyboard.press("3")
    expect(play.cell(rb, cb)).to_have_attribute("aria-label", re.compile(", empty$"))


def test_playing_the_solution_finishes_a_killer_game_and_a_wrong_digit_is_a_mistake(play, page):
    made = play.new_puzzle(["Killer"], KILLER_SEED)
    solution = made["solution"]
    assert play.saved()["solution"] == solution
    wrong = "1" if solution[0] != "1" else "2"
    play.cell(1, 1).click()
    page.keyboard.press(wrong)
    page.get_by_role("button", name="Check").click()
    expect(play.status).to_have_text("1 entry is wrong: r1c1.")
    for row in range(1, 10):
        play.fill_row(row, solution[(row - 1) * 9:row * 9])
    expect(play.status).to_have_text(re.compile(r"^Solved in \d+:\d\d\. Well done\.$"))
    expect(play.board).to_have_class(re.compile(r"\bsolved\b"))
    assert play.saved()["solved"] is True


def test_a_reload_keeps_the_rules_with_the_game(play, page, browser_helpers):
    made = play.new_puzzle(["Killer"], KILLER_SEED)
    play.cell(2, 2).click()
    page.keyboard.press("c")
    page.keyboard.press("4")
    page.keyboard.press("z")
    labels, words = play.labels(), play.descriptions()
    page.reload()
    expect(play.cells()).to_have_count(81)
    expect(play.layer.locator("text.total")).to_have_count(len(made["rules"]["cages"]))
    assert play.labels() == labels and play.descriptions() == words
    expect(page.locator("#game-info")).to_contain_text(f"Killer · {len(made['rules']['cages'])} cages")
    expect(play.variant("Killer")).to_be_checked()  # the form says what the game is
    assert play.saved()["version"] == 2
    browser_helpers.wait_for_engine(page)


def test_a_killer_game_in_progress_looks_right(play, page):
    """A picture for a person to look at (/tmp/play-killer.png): cages, totals, marks clear of the totals."""
    made = play.new_puzzle(["Killer"], KILLER_SEED)
    first = min(made["rules"]["cages"][0]["cells"])
    play.cells().nth(first).click()
    for key in "x1234":
        page.keyboard.press(key)
    play.cell(2, 5).click()
    for key in "c57z":
        page.keyboard.press(key)
    play.cell(3, 3).click()
    page.keyboard.press(made["solution"][20])
    page.locator(".board-wrap").screenshot(path="/tmp/play-killer.png")
    # The corner marks of a total's cell sit below the total.
    total_box = play.layer.locator("text.total").first.bounding_box()
    marks_box = play.cells().nth(first).locator(".corner span").first.bounding_box()
    assert marks_box["y"] + marks_box["height"] / 2 > total_box["y"] + total_box["height"]


# -- Jigsaw ---------------------------------------------------------------------------------------------------------
def test_a_jigsaw_puzzle_draws_its_regions_as_thick_borders(play, page):
    made = play.new_puzzle(["Jigsaw"], JIGSAW_SEED)
    regions = made["rules"]["regions"]
    owner = {cell: k for k, cells in enumerate(regions) for cell in cells}
    right = sorted(i for i in range(81) if i % 9 < 8 and owner[i] != owner[i + 1])
    below = sorted(i for i in range(81) if i < 72 and owner[i] != owner[i + 9])
    classes = play.cells().evaluate_all("(cells) => cells.map((c) => c.className)")
    assert sorted(i for i, c in enumerate(classes) if "box-right" in c.split()) == right
    assert sorted(i for i, c in enumerate(classes) if "box-bottom" in c.split()) == below
    thick = play.cells().nth(right[0]).evaluate("(c) => getComputedStyle(c).borderRightWidth")
    assert thick == "2px"
    words = play.descriptions()
    for k, cells in enumerate(regions):
        assert all(f"in region {k + 1}" in words[i] for i in cells)
    expect(page.locator("#game-info")).to_contain_text("Jigsaw")


# -- clues outside the grid ------------------------------------------------------------------------------------------
# A palette game reaches Play as a saved game (the form makes none with clues outside): a classic puzzle with
# little killers on all four sides and sandwich totals left of two rows and above two columns, from its solution.
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
STEPS = {"DR": (1, 1), "DL": (1, -1), "UR": (-1, 1), "UL": (-1, -1)}


def C(r: int, c: int) -> int:
    return (r - 1) * 9 + c - 1


def little_killer(r: int, c: int, direction: str) -> dict:
    dr, dc = STEPS[direction]
    cells = []
    while 1 <= r <= 9 and 1 <= c <= 9:
        cells.append(C(r, c))
        r, c = r + dr, c + dc
    return {"kind": "little_killer", "cells": cells, "value": sum(int(SOLUTION[i]) for i in cells), "direction": direction}


def sandwich(cells: "list[int]") -> dict:
    digits = [int(SOLUTION[i]) for i in cells]
    a, b = sorted((digits.index(1), digits.index(9)))
    return {"kind": "sandwich", "cells": cells, "value": sum(digits[a + 1:b])}


OUTSIDE = {"constraints": [
    little_killer(1, 2, "DR"), little_killer(2, 9, "DL"), little_killer(9, 3, "UR"), little_killer(8, 1, "UR"),
    little_killer(9, 8, "UL"),
    sandwich([C(4, c) for c in range(1, 10)]), sandwich([C(6, c) for c in range(1, 10)]),
    sandwich([C(r, 3) for r in range(1, 10)]), sandwich([C(r, 9) for r in range(1, 10)]),
]}


def saved_game(puzzle: str, solution: str, rules: dict) -> str:
    """A game as the page saves it (play-game.js toJSON, version 2: with rules), nothing played yet."""
    info = {"size": "9x9", "side": 9, "boxRows": 3, "boxCols": 3, "seed": 7, "level": None, "symmetry": "none",
            "rating": None, "givens": sum(ch != "." for ch in puzzle), "variant": None}
    return json.dumps({"version": 2, "rules": rules, "info": info, "puzzle": puzzle, "solution": solution,
                       "values": puzzle, "corner": [0] * 81, "centre": [0] * 81, "elapsedMs": 0, "solved": False,
                       "undo": [], "redo": []})


def inside(box: dict, outer: dict) -> bool:
    return (box["x"] >= outer["x"] - 0.5 and box["y"] >= outer["y"] - 0.5
            and box["x"] + box["width"] <= outer["x"] + outer["width"] + 0.5
            and box["y"] + box["height"] <= outer["y"] + outer["height"] + 0.5)


def overlaps(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def test_clues_outside_the_grid_stand_in_a_margin_unclipped_at_desktop_and_phone_widths_and_are_said(
        context, site_server, browser_helpers):
    other = context.new_page()
    try:
        other.goto(site_server.url + "engine-test.html")
        other.evaluate("(text) => localStorage.setItem('sudoku-play/v1', text)", saved_game(PUZZLE, SOLUTION, OUTSIDE))
        other.goto(site_server.url + "play.html")
        play = Play(other, browser_helpers)
        expect(play.cells()).to_have_count(81)
        clues = play.layer.locator("g.pal-little_killer, g.pal-sandwich")
        expect(clues).to_have_count(len(OUTSIDE["constraints"]))
        for width in (1280, 375):
            other.set_viewport_size({"width": width, "height": 900})
            wrap = other.locator(".board-wrap")
            wrap.scroll_into_view_if_needed()
            view = {"x": 0, "y": 0, "width": width, "height": 900}
            assert other.evaluate("() => document.documentElement.scrollWidth") <= width   # nothing pushed sideways
            first, last = play.cell(1, 1).bounding_box(), play.cell(9, 9).bounding_box()
            grid = {"x": first["x"], "y": first["y"], "width": last["x"] + last["width"] - first["x"],
                    "height": last["y"] + last["height"] - first["y"]}                    # the cells, inside the border
            for k in range(clues.count()):
                box = clues.nth(k).bounding_box()
                assert inside(box, view) and inside(box, wrap.bounding_box()), (width, k, box)
                assert not overlaps(box, grid), (width, k, box, grid)
            # A sandwich total stands left of its row, in line with it.
            row4 = play.cell(4, 1).bounding_box()
            total = play.layer.locator("g.pal-sandwich text").first.bounding_box()
            assert total["x"] + total["width"] <= row4["x"] and row4["y"] <= total["y"] + total["height"] / 2 <= row4["y"] + row4["height"]
            other.screenshot(path=f"/tmp/play_margin_{width}.png", full_page=True)
        expect(play.layer.locator("g.pal-sandwich text")).to_have_text([str(c["value"]) for c in OUTSIDE["constraints"][5:]])
        # Said as on the Solve page: the grid's description lists every clue, each cell says those it is under,
        # and the line under the board counts them.
        lk, sw = OUTSIDE["constraints"][0], OUTSIDE["constraints"][5]
        expect(play.board).to_have_accessible_description(re.compile(
            rf"Little killer {lk['value']}: the diagonal from r1c2 to r8c9 adds up to {lk['value']}\..*"
            rf"Sandwich {sw['value']} for row 4: the digits between the 1 and the 9 add up to {sw['value']}\."))
        assert f"sandwich {sw['value']} for row 4" in play.cell(4, 5).get_attribute("aria-description")
        expect(other.locator("#rules-summary")).to_have_text("Rules: 5 little killer clues, 4 sandwich clues.")
        # Printed with the margin too: the clues beside the grid, on the sheet.
        other.emulate_media(media="print")
        sheet = other.get_by_role("region", name="Printout")
        printed = sheet.locator("svg.rules-layer").locator("g.pal-little_killer, g.pal-sandwich")
        expect(printed).to_have_count(len(OUTSIDE["constraints"]))
        figure = sheet.get_by_role("figure").bounding_box()
        first, last = sheet.locator(".sheet-grid > div").first.bounding_box(), sheet.locator(".sheet-grid > div").last.bounding_box()
        sheet_grid = {"x": first["x"], "y": first["y"], "width": last["x"] + last["width"] - first["x"],
                      "height": last["y"] + last["height"] - first["y"]}
        for k in range(printed.count()):
            box = printed.nth(k).bounding_box()
            assert inside(box, figure) and not overlaps(box, sheet_grid), (k, box)
        expect(sheet.locator(".rules-summary")).to_have_text("Rules: 5 little killer clues, 4 sandwich clues.")
        other.screenshot(path="/tmp/play_margin_print.png", full_page=True)
        assert browser_helpers.console_errors(other) == []
    finally:
        other.close()


# -- print and export -------------------------------------------------------------------------------------------------
def test_the_print_view_shows_the_rules_in_black_on_white(play, page):
    made = play.new_puzzle(["Killer"], KILLER_SEED)
    page.emulate_media(media="print")
    try:
        sheet = page.get_by_role("region", name="Printout")
        expect(sheet).to_be_visible()
        layer = sheet.locator("svg.rules-layer")
        expect(layer).to_be_visible()
        expect(layer.locator("text.total")).to_have_count(len(made["rules"]["cages"]))
        assert layer.locator("line.cage").first.evaluate("(l) => getComputedStyle(l).stroke") == "rgb(0, 0, 0)"
        assert layer.locator("text.total").first.evaluate("(t) => getComputedStyle(t).fill") == "rgb(0, 0, 0)"
        expect(sheet.locator("figcaption")).to_contain_text(f"Killer · seed {KILLER_SEED}")
    finally:
        page.emulate_media(media="screen")


def test_a_page_of_new_variant_puzzles_prints_with_their_rules(play, page):
    play.new_puzzle(["Killer"], KILLER_SEED)
    page.locator("summary", has_text="Print").click()
    page.get_by_label("A page of new puzzles").check()
    page.get_by_label("Puzzles per page").select_option("2")
    page.get_by_label("Seed").fill("40")
    page.get_by_role("button", name="Print", exact=True).click()
    expect(play.status).to_have_text("A page of 2 new puzzles is ready to print.", timeout=60_000)
    page.emulate_media(media="print")
    try:
        figures = page.get_by_role("region", name="Printout").get_by_role("figure")
        expect(figures).to_have_count(2)
        expect(figures.locator("figcaption")).to_have_text([re.compile("Killer · seed 40$"), re.compile("Killer · seed 41$")])
        for k in range(2):
            expect(figures.nth(k).locator("svg.rules-layer text.total").first).to_be_visible()
    finally:
        page.emulate_media(media="screen")
        page.get_by_label("This puzzle").check()
        page.locator("summary", has_text="Print").click()


def test_export_gives_links_whose_rules_read_back_and_explains_sudokuwiki(play, page, context, site_server, browser_helpers):
    made = play.new_puzzle(["Jigsaw", "X"], JIGSAW_SEED)
    page.locator("summary", has_text="Export and share").click()
    try:
        expect(page.get_by_label("One line (givens)")).to_have_value(made["puzzle"])
        expect(page.locator("#wiki-exports")).to_be_hidden()
        expect(page.locator("#wiki-note")).to_be_visible()
        expect(page.locator("#wiki-note")).to_contain_text("for classic puzzles")
        for name in ("f-puzzles", "SudokuPad"):
            href = page.get_by_role("link", name=name, exact=True).get_attribute("href")
            grid, rules = read_fpuzzles(href)
            assert grid.to_line() == made["puzzle"], name
            got = rules.to_dict()
            assert got.get("diagonal") and got.get("antiDiagonal"), name
            assert sorted(map(sorted, got["regions"])) == sorted(map(sorted, made["rules"]["regions"])), name
        solve = page.get_by_role("link", name="this site's Solve page")
        expect(solve).to_have_attribute("href", re.compile(r"^\./#[^;]+;x;r[1-9]{81}$"))
        assert browser_helpers.foreign_requests(context, [site_server.origin]) == []
        # The Solve page opens it with its rules: the X's diagonals drawn, the regions said per cell.
        other = context.new_page()
        try:
            other.goto(site_server.url + solve.get_attribute("href")[2:])
            expect(other.locator("sudoku-solver svg.rules-layer line.diagonal")).to_have_count(2, timeout=30_000)
            first = other.locator("sudoku-solver [role=gridcell]").first
            expect(first).to_have_attribute("aria-description", re.compile("in region 1"))
        finally:
            other.close()
    finally:
        page.locator("summary", has_text="Export and share").click()


def test_a_classic_puzzle_after_a_variant_has_no_rules_left(play, page):
    play.new_puzzle(["Killer"], KILLER_SEED)
    for name in VARIANT_NAMES:
        play.variant(name).set_checked(False)
    page.get_by_label("Seed").fill("12")
    page.get_by_role("button", name="New puzzle").click()
    expect(play.status).to_contain_text("New 9×9 puzzle", timeout=60_000)
    expect(play.layer).to_have_count(0)
    assert not any(play.descriptions())
    assert "rules" not in play.saved() and play.saved()["version"] == 1


def test_a_game_saved_by_a_newer_page_is_set_aside_politely(play, page, site_server, browser_helpers):
    newer = json.dumps({"version": 99, "info": {}, "puzzle": "."})
    page.goto(site_server.url + "engine-test.html")  # away from Play first: leaving it saves the game
    page.evaluate("(text) => localStorage.setItem('sudoku-play/v1', text)", newer)
    page.goto(site_server.url + "play.html")
    expect(play.status).to_contain_text("The saved game could not be read by this version of the page", timeout=60_000)
    expect(play.status).to_contain_text("New 9×9")
    assert page.evaluate("() => localStorage.getItem('sudoku-play/v1:unreadable')") == newer
    browser_helpers.wait_for_engine(page)


def test_no_console_errors_in_the_whole_session(page, browser_helpers):
    assert browser_helpers.console_errors(page) == []
