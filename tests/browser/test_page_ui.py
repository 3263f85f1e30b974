"""The page, used as a person would: by roles and labels, with the keyboard, the mouse and the clipboard.

All these tests share one loaded page (`app_page`, one Pyodide start) and put it back to an empty 9x9
grid before each test through the element's own API, the way a person would press the size picker and Clear.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
EASY_SOLUTION = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
THREE_SOLUTIONS = "....2.6.....3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
# Row 1 can only end in 9, but column 9 already has its 9: no solution, and no two givens clash.
NO_SOLUTION = "12345678." + "........9" + "." * 63
SIX = ".4..61.5.....25..33.......13.......5"


class Board:
    """What a person sees and does on the page's <sudoku-solver>."""

    def __init__(self, page):
        self.page = page
        self.solver = page.locator("sudoku-solver")
        self.grid = page.get_by_role("grid")
        self.status = self.solver.get_by_role("status")

    def cell(self, row: int, col: int):
        return self.grid.get_by_role("gridcell", name=re.compile(fr"^Row {row}, column {col}(,|$)"))

    def button(self, name: str):
        return self.solver.get_by_role("button", name=name, exact=True)

    def type_at(self, row: int, col: int, *keys: str) -> None:
        self.cell(row, col).click()
        for key in keys:
            self.page.keyboard.press(key)

    def shown(self) -> str:
        """The board as one line, as displayed ('.' for an empty cell)."""
        return self.page.evaluate("""() => [...document.querySelector('sudoku-solver').shadowRoot
            .querySelectorAll('[role=gridcell]')].map((c) => c.textContent || '.').join('')""")

    def cells_where(self, selector: str) -> "list[int]":
        return self.page.evaluate("""(sel) => [...document.querySelector('sudoku-solver').shadowRoot
            .querySelectorAll('[role=gridcell]')].flatMap((c, i) => c.matches(sel) ? [i] : [])""", selector)

    def paste(self, text: str, row: int = 1, col: int = 1) -> None:
        """Put text on the clipboard and press Ctrl+V on a cell, as a person would."""
        self.page.evaluate("(text) => navigator.clipboard.writeText(text)", text)
        self.cell(row, col).click()
        self.page.keyboard.press("Control+V")

    def load(self, line: str) -> None:
        self.page.evaluate("(line) => { document.querySelector('sudoku-solver').puzzle = line; }", line)
        expect(self.cell(1, 1)).to_have_text(line[0].replace(".", ""))

    def focused_label(self) -> str:
        return self.page.evaluate("""() => document.querySelector('sudoku-solver').shadowRoot
            .activeElement?.getAttribute('aria-label') ?? null""")


@pytest.fixture(scope="module")
def page(app_page, shared_context, site_server):
    shared_context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_server.origin)
    expect(app_page.locator("sudoku-solver")).to_have_attribute("engine-state", "ready", timeout=90_000)
    return app_page


@pytest.fixture
def board(page):
    page.get_by_role("radio", name="9×9").check()
    # the page is shared with other files' tests (one per worker): undo what they may have set
    page.evaluate("""() => { const el = document.querySelector('sudoku-solver');
        el.removeAttribute('controls'); el.readOnly = false;
        el.rules = null; el.size = '9x9'; el.puzzle = ''; document.activeElement?.blur?.(); }""")
    board = Board(page)
    expect(board.grid.get_by_role("gridcell")).to_have_count(81)
    return board


# -- the board -----------------------------------------------------------------------------------------
def test_the_board_is_a_grid_of_81_labelled_cells(board):
    expect(board.grid).to_have_count(1)
    expect(board.grid.get_by_role("row")).to_have_count(9)
    expect(board.grid.get_by_role("gridcell")).to_have_count(81)
    expect(board.cell(1, 1)).to_be_visible()
    expect(board.cell(9, 9)).to_be_visible()


def test_typing_a_digit_fills_the_focused_cell(board):
    board.type_at(3, 4, "7")
    expect(board.cell(3, 4)).to_have_text("7")
    assert board.shown()[2 * 9 + 3] == "7"


def test_keys_that_are_not_digits_change_nothing(board):
    board.type_at(1, 1, "x")
    board.page.keyboard.press("Shift+A")
    expect(board.cell(1, 1)).to_have_text("")


@pytest.mark.parametrize("key", ["Backspace", "Delete", "0", ".", " "])
def test_backspace_delete_zero_dot_and_space_empty_a_cell(board, key):
    board.type_at(5, 5, "8")
    expect(board.cell(5, 5)).to_have_text("8")
    board.page.keyboard.press("Space" if key == " " else key)
    expect(board.cell(5, 5)).to_have_text("")


def test_arrow_keys_move_and_only_the_current_cell_is_in_the_tab_order(board):
    board.cell(1, 1).click()
    for key in ["ArrowRight", "ArrowRight", "ArrowDown", "ArrowLeft", "ArrowDown", "ArrowDown"]:
        board.page.keyboard.press(key)
    assert board.focused_label() == "Row 4, column 2"
    board.page.keyboard.press("End")
    assert board.focused_label() == "Row 4, column 9"
    board.page.keyboard.press("ArrowRight")               # stops at the edge
    assert board.focused_label() == "Row 4, column 9"
    board.page.keyboard.press("Home")
    assert board.focused_label() == "Row 4, column 1"
    assert board.cells_where('[tabindex="0"]') == [27]


def test_tab_reaches_the_board_and_leaves_it_in_one_step(board):
    board.cell(6, 6).click()
    board.page.keyboard.press("Shift+Tab")                  # out of the board...
    board.page.keyboard.press("Tab")                        # ...and back to the same cell
    assert board.focused_label() == "Row 6, column 6"
    board.page.keyboard.press("Tab")
    assert board.focused_label() is None or not board.focused_label().startswith("Row ")


def test_the_digit_pad_fills_the_selected_cell_and_erases(board):
    board.cell(2, 2).click()
    board.solver.get_by_role("button", name="Enter 6").click()
    expect(board.cell(2, 2)).to_have_text("6")
    assert board.focused_label() == "Row 2, column 2, 6, given"  # focus stayed on the board, which names the digit
    board.button("Erase").click()
    expect(board.cell(2, 2)).to_have_text("")


# -- undo, redo, clear ---------------------------------------------------------------------------------
def test_undo_and_redo_with_the_keyboard(board):
    board.type_at(1, 1, "1")
    board.type_at(1, 2, "2")
    board.type_at(1, 3, "3")
    board.page.keyboard.press("Control+Z")
    expect(board.cell(1, 3)).to_have_text("")
    board.page.keyboard.press("Control+Z")
    expect(board.cell(1, 2)).to_have_text("")
    board.page.keyboard.press("Control+Y")
    expect(board.cell(1, 2)).to_have_text("2")
    board.page.keyboard.press("Control+Shift+Z")
    expect(board.cell(1, 3)).to_have_text("3")


def test_undo_and_redo_buttons(board):
    board.type_at(4, 4, "4")
    board.button("Undo").click()
    expect(board.cell(4, 4)).to_have_text("")
    board.button("Redo").click()
    expect(board.cell(4, 4)).to_have_text("4")


def test_clear_empties_the_grid_and_undo_brings_it_back(board):
    board.load(EASY)
    board.button("Clear").click()
    assert board.shown() == "." * 81
    expect(board.status).to_contain_text("Undo brings it back")
    board.button("Undo").click()
    expect(board.cell(1, 3)).to_have_text("3")
    assert board.shown() == EASY


# -- paste -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    HARD,
    HARD.replace(".", "0"),
    "\n".join(HARD[r * 9:(r + 1) * 9] for r in range(9)),
    "+-------+-------+-------+\n" + "\n".join(
        "| " + " | ".join(" ".join(HARD[r * 9 + b * 3:r * 9 + b * 3 + 3]) for b in range(3)) + " |"
        + ("\n+-------+-------+-------+" if r % 3 == 2 else "") for r in range(9)),
    "#A someone\n#D a comment line\n" + "\n".join(HARD[r * 9:(r + 1) * 9] for r in range(9)) + "\n",
], ids=["one-line", "zeros", "block", "boxed-block", "sdk-with-comments"])
def test_pasting_a_puzzle_fills_the_board(board, text):
    board.paste(text, 5, 5)
    expect(board.cell(1, 1)).to_have_text("4")
    assert board.shown() == HARD
    expect(board.status).to_contain_text("Loaded the puzzle with 17 givens")


def test_pasting_a_grid_of_another_size_switches_to_it(board):
    board.paste(SIX)
    expect(board.grid.get_by_role("gridcell")).to_have_count(36)
    assert board.shown() == SIX
    expect(board.page.get_by_role("radio", name="6×6")).to_be_checked()
    expect(board.status).to_contain_text("6x6 puzzle")


def test_pasting_text_that_is_not_a_puzzle_says_why_and_keeps_the_grid(board):
    board.type_at(2, 2, "5")
    board.paste("this is not a sudoku")
    expect(board.status).to_contain_text("Could not read that puzzle")
    expect(board.cell(2, 2)).to_have_text("5")


def test_pasting_one_digit_types_it(board):
    board.paste("7", 9, 9)
    expect(board.cell(9, 9)).to_have_text("7")


# -- sizes -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("label, side", [("4×4", 4), ("6×6", 6), ("12×12", 12), ("16×16", 16), ("25×25", 25)])
def test_the_size_picker_redraws_the_board(board, label, side):
    board.page.get_by_role("radio", name=label).check()
    expect(board.grid.get_by_role("gridcell")).to_have_count(side * side)
    expect(board.cell(side, side)).to_be_visible()
    expect(board.grid).to_have_attribute("aria-label", f"Sudoku grid, {side} by {side}")


def test_letters_are_digits_past_nine(board):
    board.page.get_by_role("radio", name="16×16").check()
    board.type_at(1, 1, "g")
    expect(board.cell(1, 1)).to_have_text("G")
    board.type_at(1, 2, "h")                                # past the alphabet of 16x16
    expect(board.cell(1, 2)).to_have_text("")


def test_switching_size_can_be_undone(board):
    board.load(EASY)
    board.page.get_by_role("radio", name="4×4").check()
    expect(board.grid.get_by_role("gridcell")).to_have_count(16)
    board.button("Undo").click()
    expect(board.grid.get_by_role("gridcell")).to_have_count(81)
    assert board.shown() == EASY
    expect(board.page.get_by_role("radio", name="9×9")).to_be_checked()


# -- solve, check, clashes ------------------------------------------------------------------------------
def test_solve_fills_the_grid_and_says_how_long_it_took(board):
    board.load(HARD)
    board.button("Solve").click()
    expect(board.status).to_have_text(re.compile(r"^Solved in [\d.]+ (ms|s)\.$"))
    assert board.shown() == HARD_SOLUTION


def test_solved_cells_look_different_from_givens(board):
    board.load(EASY)
    board.button("Solve").click()
    expect(board.status).to_contain_text("Solved in")
    givens = [i for i, ch in enumerate(EASY) if ch != "."]
    assert board.cells_where(".given") == givens
    assert len(board.cells_where(".solved")) == 81 - len(givens)
    given_style = board.cell(1, 3).evaluate("(c) => [getComputedStyle(c).color, getComputedStyle(c).fontWeight]")
    solved_style = board.cell(1, 1).evaluate("(c) => [getComputedStyle(c).color, getComputedStyle(c).fontWeight]")
    assert given_style[0] != solved_style[0] and given_style[1] != solved_style[1]


def test_editing_after_a_solve_keeps_the_givens_and_drops_the_stale_solution(board):
    board.load(EASY)
    board.button("Solve").click()
    expect(board.status).to_contain_text("Solved in")
    board.type_at(9, 9, "Backspace")
    assert board.shown() == EASY[:80] + "."


def test_several_solutions_shows_one_and_says_how_many(board):
    board.load(THREE_SOLUTIONS)
    board.button("Solve").click()
    expect(board.status).to_contain_text("Not unique: this puzzle has 3 solutions. One of them is shown")
    assert "." not in board.shown()


def test_no_solution_is_a_plain_sentence_and_the_grid_stays(board):
    board.load(NO_SOLUTION)
    board.button("Solve").click()
    expect(board.status).to_have_text("This puzzle has no solution: the givens at r1c1, r1c2, r1c3, r1c4, r1c5, "
                                      "r1c6 and r2c9 cannot all be right; they are marked on the board.")
    assert board.shown() == NO_SOLUTION
    assert board.cells_where("[aria-invalid]") == [0, 1, 2, 3, 4, 5, 17]


def test_clashes_are_marked_live_as_you_type(board):
    board.type_at(1, 1, "5")
    board.type_at(1, 5, "5")
    expect(board.cell(1, 1)).to_have_attribute("aria-invalid", "true")
    expect(board.cell(1, 5)).to_have_attribute("aria-invalid", "true")
    expect(board.status).to_have_text("Clash: r1c1 and r1c5 are both 5 in row 1.")
    mark = board.cell(1, 5).evaluate("(c) => getComputedStyle(c).backgroundColor")
    plain = board.cell(1, 2).evaluate("(c) => getComputedStyle(c).backgroundColor")
    assert mark != plain
    board.page.keyboard.press("Backspace")                  # fix it: the marks go
    expect(board.cell(1, 1)).not_to_have_attribute("aria-invalid", "true")
    assert board.cells_where("[aria-invalid]") == []
    expect(board.status).to_have_text("")


def test_solve_explains_a_clash_by_cell_names_and_keeps_what_was_typed(board):
    board.type_at(2, 1, "3")
    board.type_at(2, 7, "3")
    board.type_at(5, 5, "9")
    board.button("Solve").click()
    expect(board.status).to_contain_text("r2c1 and r2c7 are both 3 in row 2")
    assert board.cells_where("[aria-invalid=true]") == [9, 15]
    line = board.shown()
    assert (line[9], line[15], line[40]) == ("3", "3", "9") and line.count(".") == 78


def test_check_says_unique_without_revealing_the_solution(board):
    board.load(HARD)
    board.button("Check").click()
    expect(board.status).to_have_text("Valid: this puzzle has exactly one solution.")
    assert board.shown() == HARD


def test_check_says_when_a_puzzle_is_not_unique(board):
    board.load(THREE_SOLUTIONS)
    board.button("Check").click()
    expect(board.status).to_have_text("Not unique: this puzzle has more than one solution.")


def test_the_element_methods_and_events(board):
    result = board.page.evaluate("""async (puzzle) => {
        const el = document.querySelector('sudoku-solver');
        const seen = [];
        const log = (e) => seen.push([e.type, e.detail?.solution ?? e.detail?.code ?? e.detail?.cause ?? null]);
        for (const t of ['sudoku-solver-change', 'sudoku-solver-solved', 'sudoku-solver-error']) el.addEventListener(t, log);
        el.puzzle = puzzle;
        const solution = await el.solve();
        el.puzzle = '11' + '.'.repeat(79);
        let error = null;
        try { await el.solve(); } catch (e) { error = [e.code, e.cells]; }
        for (const t of ['sudoku-solver-change', 'sudoku-solver-solved', 'sudoku-solver-error']) el.removeEventListener(t, log);
        return { solution, error, seen };
    }""", HARD)
    assert result["solution"] == HARD_SOLUTION
    assert result["error"] == ["conflict", [0, 1]]
    assert result["seen"] == [["sudoku-solver-change", "attribute"], ["sudoku-solver-solved", HARD_SOLUTION],
                              ["sudoku-solver-change", "attribute"], ["sudoku-solver-error", "conflict"]]


def test_the_first_solution_is_shown_before_the_count_is_known(board):
    result = board.page.evaluate("""async (puzzle) => {
        const el = document.querySelector('sudoku-solver');
        const seen = [];
        const status = () => el.shadowRoot.querySelector('[role=status]').textContent;
        const found = (e) => seen.push(['found', e.detail.solution, el.solution, status()]);
        const solved = (e) => seen.push(['solved', e.detail.solution, e.detail.count, status()]);
        el.addEventListener('sudoku-solver-found', found);
        el.addEventListener('sudoku-solver-solved', solved);
        el.puzzle = puzzle;
        await el.solve();
        el.removeEventListener('sudoku-solver-found', found);
        el.removeEventListener('sudoku-solver-solved', solved);
        return seen;
    }""", THREE_SOLUTIONS)
    assert [event[0] for event in result] == ["found", "solved"]
    (_, shown, on_board, interim), (_, final, count, last) = result
    assert shown == on_board == final and "." not in shown
    assert interim.startswith("Found a solution") and "checking that it is the only one" in interim
    assert count == 3 and last.startswith("Not unique: this puzzle has 3 solutions.")


def test_samples_load_puzzles_of_every_size(board):
    for name, side in [("Very hard", 9), ("12×12 sample", 12), ("4×4 sample", 4)]:
        board.page.get_by_role("button", name=name, exact=True).click()
        expect(board.grid.get_by_role("gridcell")).to_have_count(side * side)
        assert board.shown().strip(".") != ""


def test_a_solved_page_screenshot_for_the_readme(board):
    board.page.set_viewport_size({"width": 1200, "height": 1000})
    board.page.get_by_role("button", name="Very hard", exact=True).click()
    board.button("Solve").click()
    expect(board.status).to_contain_text("Solved in")
    board.cell(5, 5).click()
    board.page.mouse.move(0, 0)
    # The README's picture is refreshed only on request, so a test run leaves the working tree clean.
    folder = ROOT / ("docs" if os.environ.get("SUDOKU_SCREENSHOTS") else "test-results")
    folder.mkdir(exist_ok=True)
    board.page.screenshot(path=str(folder / "screenshot.png"), full_page=True)


def test_no_console_errors(page, browser_helpers):
    assert browser_helpers.console_errors(page) == []
