"""The Solve page's rules bar: variant rules drawn by a person (X, Windoku, anti-knight, anti-king toggles; Killer
cages selected by mouse, touch or Shift+arrows with their total typed over the board; Jigsaw regions painted),
obeyed by Solve and the clash marks, carried by the URL fragment and a reload, exported as f-puzzles and
SudokuPad links that read back the same, refused or explained with a sentence when they cannot hold, on a
phone, and printed black on white."""
from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from sudoku_core import Grid  # noqa: E402
from element_helpers import cell, centre, drag, rules, solver, status  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path("/tmp")

#: A 4x4 Killer with no givens, unique: drawn whole by the UI. Cells by (row, column) from 1.
MINI_SOLUTION = "1234341221434321"
MINI_CAGES = [([(1, 1), (1, 2), (1, 3)], 6), ([(1, 4), (2, 4)], 6), ([(2, 1), (3, 1)], 5), ([(2, 2), (2, 3)], 5),
              ([(3, 2), (3, 3), (3, 4)], 8), ([(4, 1), (4, 2)], 7), ([(4, 3), (4, 4)], 3)]


def killer_9x9() -> dict:
    with open(ROOT / "data" / "variants" / "killer_9x9.jsonl", encoding="utf-8") as lines:
        return json.loads(next(lines))


def draw_mode(page, name: str) -> None:
    solver(page).get_by_role("radio", name=name, exact=True).check()


def type_total(page, total) -> None:
    field = solver(page).get_by_role("textbox", name=re.compile(r"^Total of"))
    expect(field).to_be_focused()
    if total is not None:
        page.keyboard.type(str(total))
    page.keyboard.press("Enter")
    expect(field).to_be_hidden()


def cage_by_mouse(page, path, total) -> None:
    drag(page, path)
    page.keyboard.press("Enter")
    type_total(page, total)


def cage_by_keyboard(page, start, moves, total) -> None:
    """Click the first cell, then Shift+arrow along `moves` ('Right', 'Down', ...), Enter and the total."""
    cell(page, *start).click()
    for move in moves:
        page.keyboard.press(f"Shift+Arrow{move}")
    page.keyboard.press("Enter")
    type_total(page, total)


def index(row: int, col: int, n: int) -> int:
    return (row - 1) * n + col - 1


def test_cages_drawn_by_mouse_and_by_keyboard_with_their_totals_solve_a_killer(open_page):
    puzzle = killer_9x9()
    cages = puzzle["rules"]["cages"]
    by_mouse = next(c for c in cages if sorted(c["cells"]) == [64, 72, 73, 74, 75])   # r8c2 + r9c1..r9c4
    by_keys = next(c for c in cages if sorted(c["cells"]) == [47, 48, 49, 50])        # r6c3..r6c6
    page = open_page("index.html#9x9")
    rest = [c for c in cages if c not in (by_mouse, by_keys)]
    solver(page).evaluate("(el, cages) => { el.rules = { cages }; }", rest)      # the other cages, by the property

    draw_mode(page, "Cages")
    cage_by_mouse(page, [(9, 1), (9, 2), (9, 3), (9, 4), (9, 2), (8, 2)], by_mouse["total"])
    expect(status(page)).to_have_text(f"Made cage {len(rest) + 1}, total {by_mouse['total']}.")
    cage_by_keyboard(page, (6, 3), ["Right", "Right", "Right"], by_keys["total"])
    expect(status(page)).to_have_text(f"Made cage {len(rest) + 2}, total {by_keys['total']}.")

    drawn = rules(page)["cages"]
    assert drawn[-2:] == [{"cells": sorted(by_mouse["cells"]), "total": by_mouse["total"]},
                          {"cells": sorted(by_keys["cells"]), "total": by_keys["total"]}]
    assert "in a cage of 4 cells, total 15" in cell(page, 6, 4).get_attribute("aria-description")
    assert solver(page).locator(".rules-layer text.total").count() == len(cages)
    page.screenshot(path=str(SHOTS / "rules-killer-drawn.png"))

    solver(page).get_by_role("button", name="Solve", exact=True).click()
    expect(status(page)).to_contain_text("Solved", timeout=60_000)
    assert solver(page).evaluate("(el) => el.solution") == puzzle["solution"]


def test_a_whole_4x4_killer_drawn_by_the_ui_solves(open_page):
    page = open_page("index.html#4x4")
    expect(solver(page).get_by_role("gridcell")).to_have_count(16)
    draw_mode(page, "Cages")
    for k, (cells, total) in enumerate(MINI_CAGES):
        if k % 2:
            moves = []
            for (r0, c0), (r1, c1) in zip(cells, cells[1:]):
                moves.append("Right" if c1 > c0 else "Left" if c1 < c0 else "Down" if r1 > r0 else "Up")
            cage_by_keyboard(page, cells[0], moves, total)
        else:
            cage_by_mouse(page, cells, total)
    expected = [{"cells": sorted(index(r, c, 4) for r, c in cells), "total": total} for cells, total in MINI_CAGES]
    assert rules(page) == {"cages": expected}
    page.screenshot(path=str(SHOTS / "rules-mini-killer.png"))
    solver(page).get_by_role("button", name="Solve", exact=True).click()
    expect(status(page)).to_contain_text("Solved", timeout=30_000)
    assert solver(page).evaluate("(el) => el.solution") == MINI_SOLUTION
    assert "Not unique" not in status(page).text_content()


def test_a_cage_is_refused_before_it_is_made_when_its_cells_do_not_touch_or_overlap(open_page):
    page = open_page("index.html#9x9")
    draw_mode(page, "Cages")
    cell(page, 1, 1).click()
    cell(page, 1, 3).click(modifiers=["Shift"])                      # r1c1 and r1c3: a gap between
    page.keyboard.press("Enter")
    expect(status(page)).to_have_text(re.compile(r"^No cage made: the cells r1c1, r1c3 do not all touch side by side"))
    assert rules(page) is None

    cage_by_mouse(page, [(1, 1), (1, 2)], 3)
    drag(page, [(1, 2), (1, 3)])                                    # r1c2 is in cage 1 already
    solver(page).get_by_role("button", name="Make cage").click()
    expect(status(page)).to_have_text(re.compile(r"^No cage made: r1c2 is already in cage 1, and cages cannot overlap"))
    assert rules(page) == {"cages": [{"cells": [0, 1], "total": 3}]}

    cell(page, 1, 2).click()
    page.keyboard.press("Delete")                                    # the cage under the cursor goes
    expect(status(page)).to_have_text("Deleted cage 1. Undo brings it back.")
    assert rules(page) is None
    page.keyboard.press("Control+z")
    expect(solver(page).locator(".rules-layer text.total")).to_have_text(["3"])


def test_a_total_that_is_not_a_number_or_no_digits_make_is_said_and_the_drawing_kept(open_page):
    page = open_page("index.html#9x9")
    draw_mode(page, "Cages")
    drag(page, [(2, 2), (2, 3)])
    page.keyboard.press("Enter")
    page.keyboard.type("abc")
    page.keyboard.press("Enter")
    expect(status(page)).to_contain_text('"abc" is not a total: type a whole number')
    field = solver(page).get_by_role("textbox", name=re.compile(r"^Total of"))
    expect(field).to_be_visible()                                   # still open, to be fixed
    field.fill("2")
    page.keyboard.press("Enter")
    # Two distinct digits never make 2: the engine says so, and the cage stays drawn to be fixed.
    expect(status(page)).to_have_text(re.compile(r"These rules cannot hold yet\. The cage r2c2, r2c3 \(total 2\): "
                                                 r"2 distinct digits add up to 3 to 17, never 2\."), timeout=10_000)
    assert rules(page) == {"cages": [{"cells": [10, 11], "total": 2}]}
    expect(solver(page).locator(".rules-layer text.total")).to_have_text(["2"])
    solver(page).get_by_role("button", name="Solve", exact=True).click()
    expect(status(page)).to_contain_text("These rules cannot hold yet.")

    cell(page, 2, 2).click()                                        # Enter on a cage's cell opens its total again
    page.keyboard.press("Enter")
    expect(field).to_have_value("2")
    field.fill("")
    page.keyboard.press("Escape")                                   # Escape: nothing changes
    expect(status(page)).to_have_text("No cage made.")
    cell(page, 2, 3).click()
    page.keyboard.press("Enter")
    field.fill("9")
    page.keyboard.press("Enter")
    expect(status(page)).to_have_text("Changed cage 1, total 9.")
    assert rules(page) == {"cages": [{"cells": [10, 11], "total": 9}]}


def test_a_jigsaw_region_painted_by_drag_and_by_keyboard(open_page):
    page = open_page("index.html#4x4")
    expect(solver(page).get_by_role("gridcell")).to_have_count(16)
    draw_mode(page, "Regions")
    assert "region 1" in cell(page, 2, 2).get_attribute("aria-description")
    drag(page, [(1, 2), (1, 3)])                                   # r1c3 joins region 1 (the top left box)
    # Region 1 now has 5 cells (and region 2 three): the engine's sentence, the drawing kept.
    expect(status(page)).to_have_text(re.compile(r"These rules cannot hold yet\. Region 1 has 5 cells, not 4\."),
                                      timeout=10_000)
    assert sorted(rules(page)["regions"][0]) == [0, 1, 2, 4, 5]
    cell(page, 2, 2).click()
    page.keyboard.press("2")                                        # r2c2 goes to region 2: both have 4 again
    expect(status(page)).to_have_text("r2c2 now in region 2.")
    regions = rules(page)["regions"]
    assert [sorted(r) for r in regions] == [[0, 1, 2, 4], [3, 5, 6, 7], [8, 9, 12, 13], [10, 11, 14, 15]]
    assert "box-right" in cell(page, 2, 1).get_attribute("class")   # a thick border where the regions meet
    assert "in region 2" in cell(page, 2, 2).get_attribute("aria-description")
    page.screenshot(path=str(SHOTS / "rules-jigsaw.png"))
    solution = solver(page).evaluate("(el) => el.solve()")
    for region in regions:
        assert len({solution[i] for i in region}) == 4
    assert Grid.parse(solution).is_complete()


def test_the_x_and_anti_knight_toggles_change_the_answer_and_the_clashes(open_page):
    page = open_page("index.html#9x9")
    x = solver(page).get_by_role("button", name="X", exact=True)
    x.click()
    expect(x).to_have_attribute("aria-pressed", "true")
    assert rules(page) == {"diagonal": True, "antiDiagonal": True}
    solution = solver(page).evaluate("(el) => el.solve()")
    assert len({solution[i * 9 + i] for i in range(9)}) == 9
    assert len({solution[(8 - i) * 9 + i] for i in range(9)}) == 9
    x.click()
    assert rules(page) is None

    cell(page, 1, 3).click()
    page.keyboard.press("1")
    cell(page, 2, 5).click()                                        # a knight's move from r1c3
    page.keyboard.press("1")
    expect(solver(page).locator("[aria-invalid=true]")).to_have_count(0)
    knight = solver(page).get_by_role("button", name="Anti-knight", exact=True)
    knight.click()
    expect(solver(page).locator("[aria-invalid=true]")).to_have_count(2, timeout=10_000)
    expect(status(page)).to_contain_text("a knight's move apart")
    knight.click()
    expect(solver(page).locator("[aria-invalid=true]")).to_have_count(0, timeout=10_000)
    windoku = solver(page).get_by_role("button", name="Windoku", exact=True)
    windoku.click()
    assert rules(page) == {"windows": True}
    expect(solver(page).locator(".rules-layer rect.shade")).to_have_count(36)


def test_the_rules_ride_in_the_fragment_and_a_reload_keeps_them(open_page):
    page = open_page("index.html#9x9")
    solver(page).get_by_role("button", name="X", exact=True).click()
    draw_mode(page, "Cages")
    cage_by_mouse(page, [(1, 1), (1, 2), (2, 2)], 17)
    cage_by_mouse(page, [(5, 5), (5, 6)], None)
    cell(page, 9, 9).click()
    draw_mode(page, "Digits")
    cell(page, 9, 9).click()
    page.keyboard.press("7")
    expected = {"diagonal": True, "antiDiagonal": True,
                "cages": [{"cells": [0, 1, 10], "total": 17}, {"cells": [40, 41], "total": None}]}
    assert rules(page) == expected
    expect(page).to_have_url(re.compile(re.escape("." * 80 + "7;x;c17-111222;c-5556") + "$"))

    page.reload()
    expect(cell(page, 9, 9)).to_have_text("7")
    expect(solver(page).locator(".rules-layer text.total")).to_have_text(["17"])
    assert rules(page) == expected
    link = page.url
    other = open_page(link.split("/")[-1], wait_engine=False)      # the link opens the same rules
    expect(other.locator("sudoku-solver .rules-layer line.diagonal")).to_have_count(2)
    assert rules(other) == expected
    bad = open_page("index.html#9x9;x;q", wait_engine=False)      # a part it cannot read is said
    expect(bad.locator("#share-status")).to_have_text(re.compile(r"The link's rules could not be read: rule part 2"))
    assert rules(bad) is None


@pytest.mark.parametrize("site", ["f-puzzles", "SudokuPad"])
def test_an_exported_link_pasted_back_reads_the_same_rules(open_page, browser_helpers, site):
    hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    page = open_page(f"index.html#{hard};x;n;c-1213;c11-5152")
    expect(status(page)).not_to_contain_text("cannot")
    before = rules(page)
    assert before == {"diagonal": True, "antiDiagonal": True, "antiKnight": True,
                      "cages": [{"cells": [1, 2], "total": None}, {"cells": [36, 37], "total": 11}]}
    page.get_by_role("button", name=f"Copy {site} link").click()
    field = page.get_by_role("textbox", name=f"{site} link")
    expect(field).to_have_value(re.compile(r"^https://(www\.f-puzzles\.com/\?load=|sudokupad\.app/fpuzzles)"))
    link = field.input_value()
    solver(page).get_by_role("button", name="Clear rules").click()
    solver(page).get_by_role("button", name="Clear", exact=True).click()
    assert rules(page) is None
    cell(page, 1, 1).click()
    browser_helpers.paste(page, "sudoku-solver", link)
    expect(status(page)).to_contain_text("Loaded the puzzle with 17 givens")
    assert rules(page) == before
    assert solver(page).evaluate("(el) => el.puzzle") == hard


# SudokuWiki's own example of its Killer link (https://www.sudokuwiki.org/Killer_String_Definitions).
WIKI_KILLER = ("https://www.sudokuwiki.org/killersudoku.aspx?bd=212112111212112223213331443231221241134412231124133"
               "132322122212344411312111411312,1715102000261100000000000000000000110000110000171600000011010600000"
               "90016110017000900000900001800160800040010160000001100002100001800001800140000080000000000000000")


def test_a_sudokuwiki_killer_link_pasted_solves_and_goes_back_out_the_same(open_page, browser_helpers):
    page = open_page("index.html#9x9")
    cell(page, 1, 1).click()
    browser_helpers.paste(page, "sudoku-solver", WIKI_KILLER)
    expect(status(page)).to_contain_text("Loaded the puzzle with 0 givens")
    expect(solver(page).locator(".rules-layer text.total")).to_have_count(31)
    pasted = rules(page)
    assert len(pasted["cages"]) == 31 and sum(c["total"] for c in pasted["cages"]) == 405
    solver(page).get_by_role("button", name="Solve", exact=True).click()
    expect(cell(page, 1, 1)).to_have_text("6")
    expect(cell(page, 9, 9)).to_have_text("3")
    page.get_by_role("button", name="Copy SudokuWiki Killer link").click()
    field = page.get_by_role("textbox", name="SudokuWiki Killer link")
    expect(field).to_have_value(re.compile(r"^https://www\.sudokuwiki\.org/killersudoku\.aspx\?bd=[1-9]{81},[0-9]{162}$"))
    link = field.input_value()
    solver(page).get_by_role("button", name="Clear rules").click()
    assert rules(page) is None
    cell(page, 1, 1).click()
    browser_helpers.paste(page, "sudoku-solver", link)
    expect(status(page)).to_contain_text("Loaded the puzzle with 0 givens")
    assert rules(page) == pasted


def test_a_puzzle_sudokuwiki_cannot_hold_gets_a_sentence_not_a_link(open_page):
    page = open_page("index.html#" + "4" + "." * 80 + ";c17-111222")
    expect(solver(page).locator(".rules-layer text.total")).to_have_text(["17"])
    page.get_by_role("button", name="Copy SudokuWiki Killer link").click()
    expect(page.locator("#share-status")).to_have_text(re.compile(
        r"^No SudokuWiki Killer link: SudokuWiki's Killer links hold 9x9 Killer cages that cover the whole grid"))
    expect(page.locator(".export-row")).to_be_hidden()


def test_the_rules_bar_works_on_a_phone(new_context, site_server, browser_helpers):
    context = new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(site_server.url + "index.html#6x6")
    browser_helpers.wait_for_engine(page)
    expect(solver(page).get_by_role("gridcell")).to_have_count(36)
    bar = solver(page).get_by_role("group", name="Rules to add")
    expect(bar).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    draw_mode(page, "Cages")
    touch_drag(page, [(1, 2), (2, 2)])
    solver(page).get_by_role("button", name="Make cage").tap()
    type_total(page, 7)
    assert rules(page) == {"cages": [{"cells": [1, 7], "total": 7}]}
    for name in ["X", "Anti-knight", "Anti-king", "Clear rules", "Make cage", "Delete cage"]:
        button = solver(page).get_by_role("button", name=name, exact=True)
        button.scroll_into_view_if_needed()
        box = button.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["height"] >= 32, name
    assert solver(page).get_by_role("button", name="Windoku").is_disabled()    # 9x9 only
    page.screenshot(path=str(SHOTS / "rules-phone.png"), full_page=True)


def touch_drag(page, path) -> None:
    """A finger pressed on the first cell and slid through the others (pointer events of type touch)."""
    solver(page).get_by_role("grid").scroll_into_view_if_needed()
    points = [centre(page, *p) for p in path]
    solver(page).evaluate("""(el, points) => {
      const board = el.shadowRoot.querySelector('[role=grid]');
      const at = (type, [x, y]) => {
        const target = el.shadowRoot.elementFromPoint(x, y) ?? board;
        target.dispatchEvent(new PointerEvent(type, { pointerId: 7, pointerType: 'touch', isPrimary: true,
          clientX: x, clientY: y, button: 0, buttons: type === 'pointerup' ? 0 : 1, bubbles: true, composed: true }));
      };
      at('pointerdown', points[0]);
      for (const p of points.slice(1)) at('pointermove', p);
      at('pointerup', points[points.length - 1]);
    }""", points)


def test_print_shows_the_rules_black_on_white(open_page):
    puzzle = killer_9x9()
    page = open_page("index.html#9x9")
    solver(page).evaluate("(el, rules) => { el.rules = { ...rules, diagonal: true, antiDiagonal: true }; }",
                          puzzle["rules"])
    page.emulate_media(media="print")
    try:
        expect(solver(page).get_by_role("button", name="Solve", exact=True)).to_be_hidden()
        expect(page.get_by_role("button", name="Copy link to this grid")).to_be_hidden()
        cage = solver(page).locator(".rules-layer line.cage").first
        assert cage.evaluate("(line) => getComputedStyle(line).stroke") == "rgb(0, 0, 0)"
        total = solver(page).locator(".rules-layer text.total").first
        assert total.evaluate("(t) => getComputedStyle(t).fill") == "rgb(0, 0, 0)"
        assert cell(page, 1, 1).evaluate("(c) => getComputedStyle(c).backgroundColor") == "rgb(255, 255, 255)"
        page.screenshot(path=str(SHOTS / "rules-print.png"))
    finally:
        page.emulate_media(media="screen")


def test_a_killer_hint_screenshot_for_the_readme(open_page):
    with open(ROOT / "data" / "variants" / "killer_public_janko_9x9.jsonl", encoding="utf-8") as lines:
        puzzle = json.loads(next(lines))
    page = open_page("index.html#9x9")
    page.set_viewport_size({"width": 1200, "height": 1000})
    solver(page).evaluate("(el, k) => { el.rules = k.rules; el.puzzle = k.givens; }", puzzle)
    hint = solver(page).get_by_role("button", name="Hint", exact=True)
    hint.click()                                               # the first press: where to look
    expect(status(page)).to_contain_text("Look at the cage")
    hint.click()                                               # the second: the cells and the deduction
    expect(status(page)).to_contain_text("so remove")
    page.mouse.move(0, 0)
    # The README's picture is refreshed only on request, so a test run leaves the working tree clean.
    folder = ROOT / ("docs" if os.environ.get("SUDOKU_SCREENSHOTS") else "test-results")
    folder.mkdir(exist_ok=True)
    page.screenshot(path=str(folder / "killer-hint.png"), full_page=True)
