"""Human-style solving on the page, used as a person would: Candidates, Hint (three presses), the step list, Rate,
and the explanations of a puzzle with no solution or several, by roles and labels in real Chromium.

Expected answers come from the engine itself (`engine_request`), so these tests check what the page shows
against what the engine says, never against hard-coded deductions.
"""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
# A diabolical puzzle whose path has an XY-Chain: a step drawn with links.
CHAINED = ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54."
THREE_SOLUTIONS = "....2.6.....3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
# Row 1 can only end in 9, but column 9 already has its 9: no solution, and no two givens clash.
NO_SOLUTION = "12345678." + "........9" + "." * 63


def name(cell: int) -> str:
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


class Board:
    def __init__(self, page, helpers):
        self.page, self.helpers = page, helpers
        self.solver = page.locator("sudoku-solver")
        self.grid = self.solver.get_by_role("grid")
        self.status = self.solver.get_by_role("status")

    def cell(self, index: int):
        return self.grid.get_by_role("gridcell", name=re.compile(fr"^Row {index // 9 + 1}, column {index % 9 + 1}(,|$)"))

    def button(self, label: str):
        return self.solver.get_by_role("button", name=label, exact=True)

    def load(self, line: str) -> None:
        self.page.evaluate("(line) => { document.querySelector('sudoku-solver').puzzle = line; }", line)
        expect(self.cell(80)).to_have_attribute("aria-description", re.compile("^empty" if line[80] == "." else f"^{line[80]}"))

    def engine(self, op: str, **payload) -> dict:
        reply = self.helpers.engine_request(self.page, op, payload, timeoutMs=60_000)
        assert reply["ok"], reply
        return reply["result"]

    def values(self) -> str:
        """The digits in the grid ('.' for an empty cell): pencil marks and a hint's ghost digit left out."""
        return self.page.evaluate("""() => [...document.querySelector('sudoku-solver').shadowRoot
            .querySelectorAll('[role=gridcell]')].map((c) => c.classList.contains('ghost') ? '.' : [...c.childNodes]
            .filter((n) => n.nodeType === 3).map((n) => n.data).join('') || '.').join('')""")

    def expect_values(self, expected: str, timeout_s: float = 5) -> None:
        """Wait until the grid shows `expected` (the Steps panel's toggle event comes after the click)."""
        deadline = time.monotonic() + timeout_s
        while (shown := self.values()) != expected and time.monotonic() < deadline:
            self.page.wait_for_timeout(20)
        assert shown == expected

    def cells_with(self, cls: str) -> "list[int]":
        return self.page.evaluate("""(cls) => [...document.querySelector('sudoku-solver').shadowRoot
            .querySelectorAll('[role=gridcell]')].flatMap((c, i) => c.classList.contains(cls) ? [i] : [])""", cls)

    def marks(self, index: int) -> "list[int]":
        return [int(t) for t in self.cell(index).locator(".mark").all_text_contents() if t]


@pytest.fixture(scope="module")
def page(app_page):
    expect(app_page.locator("sudoku-solver")).to_have_attribute("engine-state", "ready", timeout=90_000)
    return app_page


@pytest.fixture
def board(page, browser_helpers):
    page.get_by_role("radio", name="9×9").check()
    page.evaluate("""() => { const el = document.querySelector('sudoku-solver');
        el.removeAttribute('controls'); el.rules = null; el.size = '9x9'; el.puzzle = ''; el.showCandidates = false;
        el.shadowRoot.querySelector('details').open = false; }""")
    page.emulate_media(color_scheme="light", forced_colors="none")
    board = Board(page, browser_helpers)
    expect(board.grid.get_by_role("gridcell")).to_have_count(81)
    return board


# -- candidates ------------------------------------------------------------------------------------------
def test_the_candidates_toggle_shows_the_engines_pencil_marks(board):
    board.load(HARD)
    expected = board.engine("candidates", puzzle=HARD)["candidates"]
    toggle = board.button("Candidates")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(board.cell(1).locator(".mark")).to_have_count(0)
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(board.cell(1).locator(".mark").first).to_be_attached()
    for cell in (1, 2, 40, 79):
        assert board.marks(cell) == expected[cell]
    listed = " ".join(str(d) for d in expected[1])
    expect(board.cell(1)).to_have_attribute("aria-description", f"empty, candidates {listed}")
    assert board.values() == HARD                       # the marks are not digits of the grid
    board.cell(1).click()
    board.page.keyboard.press(str(expected[1][0]))      # an entry updates the marks of its peers
    expect(board.cell(2).locator(".mark", has_text=str(expected[1][0]))).to_have_count(0)
    toggle.click()
    expect(board.cell(2).locator(".mark")).to_have_count(0)


# -- hint ------------------------------------------------------------------------------------------------
def test_hint_names_the_area_then_shows_the_deduction_then_applies_it(board):
    board.load(HARD)
    step = board.engine("hint", puzzle=HARD)["step"]
    area = sorted({c for u in step["units"] for c in u["cells"]})
    (place,) = step["placements"]

    board.button("Hint").click()
    expect(board.status).to_have_text(f"{step['hint']}.")
    assert board.cells_with("hl-area") == area
    assert board.values() == HARD                        # the first press gives nothing away

    board.button("Hint").click()
    expect(board.status).to_have_text(f"{step['text']}.")
    assert place["cell"] in board.cells_with("hl-pattern")
    expect(board.cell(place["cell"])).to_have_attribute("aria-description", re.compile(f"hint: {place['digit']} goes here"))
    assert board.values() == HARD                        # shown, not yet entered

    board.button("Hint").click()
    expect(board.status).to_have_text(f"Applied: {step['text']}.")
    expected = HARD[:place["cell"]] + str(place["digit"]) + HARD[place["cell"] + 1:]
    assert board.values() == expected
    assert board.cells_with("hl-area") == []
    board.button("Undo").click()
    assert board.values() == HARD


def test_a_hint_keeps_the_persons_entries_and_points_at_a_wrong_one(board):
    board.load(HARD)
    solution = board.engine("solve", puzzle=HARD)["solution"]
    marks = board.engine("candidates", puzzle=HARD)["candidates"]
    right_cell = next(i for i, ch in enumerate(HARD) if ch == "." and i != 1)
    board.cell(right_cell).click()
    board.page.keyboard.press(solution[right_cell])             # a right entry of the person's own
    wrong = next(d for d in marks[1] if str(d) != solution[1])   # a digit that clashes with nothing
    board.cell(1).click()
    board.page.keyboard.press(str(wrong))

    board.button("Hint").click()
    expect(board.status).to_have_text("Look at r1c2: a Wrong Entry.")
    board.button("Hint").click()
    expect(board.status).to_contain_text("r1c2 does not hold the right digit")
    assert board.cells_with("hl-wrong") == [1]
    assert solution[1] not in board.status.text_content().replace("r1c2", "")   # the answer is not revealed
    board.button("Hint").click()
    shown = board.values()
    assert shown[1] == "." and shown[right_cell] == solution[right_cell]


def test_an_applied_elimination_changes_the_marks_and_the_next_hint_moves_on(board):
    # Play the engine's path up to its first step that only eliminates.
    path = board.engine("path", puzzle=CHAINED)["steps"]
    line = list(CHAINED)
    for step in path:
        if not step["placements"]:
            break
        for p in step["placements"]:
            line[p["cell"]] = str(p["digit"])
    line = "".join(line)
    board.load(line)
    board.button("Candidates").click()
    step = board.engine("hint", puzzle=line)["step"]
    assert step["eliminations"] and not step["placements"]
    gone = step["eliminations"][0]
    expect(board.cell(gone["cell"]).locator(".mark", has_text=str(gone["digit"]))).to_have_count(1)
    # Each press as a person makes it, once the last one's answer is shown (a press while the first hint is
    # still being found asks again rather than moving on).
    for said in (f"{step['hint']}.", f"{step['text']}.", f"Applied: {step['text']}."):
        board.button("Hint").click()
        expect(board.status).to_have_text(said, timeout=30_000)
    expect(board.cell(gone["cell"]).locator(".mark", has_text=str(gone["digit"]))).to_have_count(0)
    board.button("Hint").click()
    expect(board.status).not_to_have_text(f"{step['hint']}.")
    expect(board.status).to_have_text(re.compile(r"^Look at "))
    board.button("Undo").click()                         # undo brings the mark back
    expect(board.cell(gone["cell"]).locator(".mark", has_text=str(gone["digit"]))).to_have_count(1)


def test_hint_pressed_twice_before_the_answer_shows_the_deduction_of_one_hint(board):
    """A second press while the engine still looks counts as the next press, not as a new question."""
    board.load(HARD)
    seen = board.page.evaluate("""async () => {
        const el = document.querySelector('sudoku-solver');
        const events = [];
        const log = (e) => events.push(e.detail.stage);
        el.addEventListener('sudoku-solver-hint', log);
        const both = await Promise.all([el.hint(), el.hint()]);   // the second before the first is answered
        el.removeEventListener('sudoku-solver-hint', log);
        return { stages: both.map((s) => s.stage), events };
    }""")
    step = board.engine("hint", puzzle=HARD)["step"]
    assert seen == {"stages": [1, 2], "events": [1, 2]}
    expect(board.status).to_have_text(f"{step['text']}.")
    assert board.values() == HARD


def test_the_hint_method_resolves_to_the_step_and_fires_the_event(board):
    board.load(HARD)
    seen = board.page.evaluate("""async () => {
        const el = document.querySelector('sudoku-solver');
        const events = [];
        const log = (e) => events.push([e.detail.stage, e.detail.step?.technique ?? null]);
        el.addEventListener('sudoku-solver-hint', log);
        const first = await el.hint();
        const second = await el.hint();
        el.removeEventListener('sudoku-solver-hint', log);
        return { first, second, events };
    }""")
    step = board.engine("hint", puzzle=HARD)["step"]
    assert seen["first"]["stage"] == 1 and seen["second"]["stage"] == 2
    assert seen["first"]["technique"] == step["technique"]
    assert seen["first"]["placements"] == step["placements"]
    assert seen["events"] == [[1, step["technique"]], [2, step["technique"]]]


# -- why not ---------------------------------------------------------------------------------------------
def wrong_candidate(board, line: str, cell: int) -> int:
    solution = board.engine("solve", puzzle=line)["solution"]
    marks = board.engine("candidates", puzzle=line)["candidates"]
    return next(d for d in marks[cell] if str(d) != solution[cell])


def test_why_not_shows_the_step_that_rules_the_digit_out_without_applying_it(board):
    board.load(HARD)
    digit = wrong_candidate(board, HARD, 1)
    step = board.engine("why", puzzle=HARD, cell=1, digit=digit)["step"]
    assert (1, digit) in {(e["cell"], e["digit"]) for e in step["eliminations"]} or step["placements"]
    board.cell(1).click()
    why = board.button("Why not?")
    why.click()
    expect(why).to_have_attribute("aria-pressed", "true")
    expect(board.status).to_contain_text("Why not which digit?")
    board.page.keyboard.press(str(digit))                 # a question, not an entry
    expect(board.status).to_have_text(f"{step['text']}.")
    expect(why).to_have_attribute("aria-pressed", "false")
    assert set(step["cells"]) <= set(board.cells_with("hl-pattern"))
    assert board.values() == HARD
    board.button("Hint").click()                          # Hint starts afresh: the answer is not applied
    expect(board.status).to_have_text(re.compile(r"^Look at "))
    assert board.values() == HARD


def test_why_not_from_the_pad_and_about_a_digit_a_peer_holds(board):
    board.load(HARD)                                      # r1c1 holds 4
    board.cell(1).click()
    board.button("Why not?").click()
    board.solver.get_by_role("button", name="Enter 4").click()
    expect(board.status).to_have_text("Peer Digit: r1c1 already holds 4 in row 1, so r1c2 cannot.")
    assert board.cells_with("hl-pattern") == [0, 1]
    assert board.values() == HARD


def test_why_not_about_a_filled_cell_says_so_and_escape_leaves_the_question(board):
    board.load(HARD)
    board.cell(0).click()
    board.page.keyboard.press("?")                        # the keyboard's way in
    expect(board.button("Why not?")).to_have_attribute("aria-pressed", "true")
    board.page.keyboard.press("1")
    expect(board.status).to_have_text("Cell r1c1 already holds 4: clear it to ask about its digits.")
    assert board.values() == HARD
    board.cell(1).click()
    board.page.keyboard.press("?")
    board.page.keyboard.press("Escape")
    expect(board.button("Why not?")).to_have_attribute("aria-pressed", "false")
    board.page.keyboard.press("2")                        # an entry again
    assert board.values()[1] == "2"


def test_the_why_not_method_resolves_to_the_step_and_fires_the_event(board):
    board.load(HARD)
    digit = wrong_candidate(board, HARD, 1)
    seen = board.page.evaluate("""async (digit) => {
        const el = document.querySelector('sudoku-solver');
        const events = [];
        const log = (e) => events.push([e.detail.cell, e.detail.digit, e.detail.status, e.detail.step?.technique]);
        el.addEventListener('sudoku-solver-why', log);
        const step = await el.whyNot(1, digit);
        el.removeEventListener('sudoku-solver-why', log);
        return { step, events };
    }""", digit)
    step = board.engine("why", puzzle=HARD, cell=1, digit=digit)["step"]
    assert seen["step"]["technique"] == step["technique"] and seen["step"]["text"] == step["text"]
    assert seen["events"] == [[1, digit, "step", step["technique"]]]


# -- the step list ---------------------------------------------------------------------------------------
def test_step_through_the_whole_path_with_buttons_keyboard_and_links(board):
    board.load(CHAINED)
    path = board.engine("path", puzzle=CHAINED)
    steps = path["steps"]
    board.solver.locator("summary", has_text="Steps").click()
    sentence = board.solver.locator(".steps .sentence")
    expect(sentence).to_have_text(f"Step 1 of {len(steps)}: {steps[0]['text']}.")
    expect(sentence).to_have_attribute("aria-live", "polite")
    first = steps[0]["placements"][0]
    assert first["cell"] in board.cells_with("hl-place")

    board.button("Next").click()
    expect(sentence).to_have_text(f"Step 2 of {len(steps)}: {steps[1]['text']}.")
    assert board.values()[first["cell"]] == str(first["digit"])       # the first step is now on the board
    assert board.cells_with("stepped") == [first["cell"]]
    board.page.keyboard.press("ArrowRight")                            # arrows step while in the panel
    expect(sentence).to_contain_text(f"Step 3 of {len(steps)}")
    board.page.keyboard.press("ArrowLeft")
    board.button("Previous").focus()
    board.page.keyboard.press("Enter")
    expect(sentence).to_contain_text(f"Step 1 of {len(steps)}")

    k = next(i for i, s in enumerate(steps) if s["links"])
    item = board.solver.get_by_role("list", name="All steps").get_by_role("button").nth(k)
    item.click()
    expect(item).to_have_attribute("aria-current", "step")
    expect(sentence).to_have_text(f"Step {k + 1} of {len(steps)}: {steps[k]['text']}.")
    expect(board.solver.locator("svg.links line")).to_have_count(len(steps[k]["links"]))
    for e in steps[k]["eliminations"]:
        expect(board.cell(e["cell"]).locator(".mark.m-elim")).to_have_text(str(e["digit"]))

    board.solver.get_by_role("list", name="All steps").get_by_role("button").last.click()
    board.button("Next").click()
    expect(sentence).to_have_text(path["message"])
    assert board.values() == path["end"]
    board.solver.locator("summary", has_text="Steps").click()        # closing shows the person's grid again
    board.expect_values(CHAINED)
    expect(board.solver.locator("svg.links line")).to_have_count(0)


# -- rate and the explanations -----------------------------------------------------------------------------
def test_rate_shows_the_score_and_level(board):
    board.load(HARD)
    expected = board.engine("rate", puzzle=HARD)
    board.button("Rate").click()
    expect(board.status).to_have_text(expected["message"])
    assert f"{expected['score']:.1f}" in expected["message"] and expected["level"] in expected["message"]


def test_no_solution_points_at_where_the_puzzle_breaks(board):
    board.load(NO_SOLUTION)
    diagnosis = board.engine("diagnose", puzzle=NO_SOLUTION)
    board.button("Rate").click()
    expect(board.status).to_have_text(f"Not rated. {diagnosis['message']}")
    assert board.cells_with("hl-pointed") == diagnosis["cells"] == [8]
    expect(board.cell(8)).to_have_attribute("aria-description", re.compile("pointed out"))
    board.button("Hint").click()
    expect(board.status).to_have_text(diagnosis["message"])
    assert board.cells_with("hl-pointed") == [8]


def test_several_solutions_point_at_the_cells_that_differ_and_a_clue(board):
    board.load(THREE_SOLUTIONS)
    diagnosis = board.engine("diagnose", puzzle=THREE_SOLUTIONS)
    board.button("Rate").click()
    expect(board.status).to_have_text(f"Not rated. {diagnosis['message']}")
    assert board.cells_with("hl-pointed") == diagnosis["cells"]
    clue = diagnosis["clue"]
    assert f"giving {name(clue['cell'])} = {clue['digit']} makes the puzzle unique" in diagnosis["message"]
    board.cell(0).click()                                # any edit takes the pointers away
    board.page.keyboard.press("5")
    expect(board.solver.locator(".cell.hl-pointed")).to_have_count(0)


# -- looks and controls ------------------------------------------------------------------------------------
def _styles(board, index: int) -> dict:
    return board.cell(index).evaluate("""(c) => { const s = getComputedStyle(c);
        return { bg: s.backgroundColor, outline: s.outlineStyle, shadow: s.boxShadow }; }""")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_hint_highlight_stands_out_in_both_themes(board, scheme):
    board.page.emulate_media(color_scheme=scheme)
    board.load(HARD)
    step = board.engine("hint", puzzle=HARD)["step"]
    area = step["units"][0]["cells"]
    outside = next(i for i in range(81) if i not in area and HARD[i] == ".")
    board.button("Hint").click()
    expect(board.cell(area[0])).to_have_class(re.compile("hl-area"))
    assert _styles(board, area[0])["bg"] != _styles(board, outside)["bg"]
    board.page.screenshot(path=f"test-results/hint-{scheme}.png")


def test_the_hint_highlight_is_drawn_in_forced_colors_mode(board):
    board.page.emulate_media(forced_colors="active")
    board.load(HARD)
    step = board.engine("hint", puzzle=HARD)["step"]
    board.button("Hint").click()
    inside = step["units"][0]["cells"][0]
    expect(board.cell(inside)).to_have_class(re.compile("hl-area"))
    assert _styles(board, inside)["outline"] != "none"
    board.button("Hint").click()
    expect(board.cell(step["placements"][0]["cell"])).to_have_class(re.compile("hl-place"))
    assert _styles(board, step["placements"][0]["cell"])["outline"] != "none"
    board.page.screenshot(path="test-results/hint-forced-colors.png")


def test_the_controls_attribute_chooses_the_logic_buttons_too(board):
    try:
        board.solver.evaluate("(el) => { el.controls = 'hint why candidates'; }")
        expect(board.button("Hint")).to_be_visible()
        expect(board.button("Why not?")).to_be_visible()
        expect(board.button("Candidates")).to_be_visible()
        expect(board.button("Rate")).to_be_hidden()
        expect(board.solver.locator("summary", has_text="Steps")).to_be_hidden()
        board.solver.evaluate("(el) => { el.controls = 'solve steps'; }")
        expect(board.button("Hint")).to_be_hidden()
        expect(board.button("Why not?")).to_be_hidden()
        expect(board.solver.locator("summary", has_text="Steps")).to_be_visible()
    finally:  # the page is shared with other files' tests
        board.solver.evaluate("(el) => el.removeAttribute('controls')")


def test_the_hint_works_from_the_keyboard_alone(board):
    board.load(HARD)
    step = board.engine("hint", puzzle=HARD)["step"]
    board.cell(0).click()
    board.button("Hint").focus()
    board.page.keyboard.press("Enter")
    expect(board.status).to_have_text(f"{step['hint']}.")
    board.page.keyboard.press("Space")
    expect(board.status).to_have_text(f"{step['text']}.")
    board.page.keyboard.press("Enter")
    expect(board.status).to_have_text(f"Applied: {step['text']}.")


def test_a_hint_on_a_6x6_grid_highlights_a_unit_of_six_cells(board):
    six = ".4..61.5.....25..33.......13.......5"
    board.page.evaluate("(line) => { document.querySelector('sudoku-solver').puzzle = line; }", six)
    expect(board.grid.get_by_role("gridcell")).to_have_count(36)
    step = board.engine("hint", puzzle=six)["step"]
    board.button("Hint").click()
    expect(board.status).to_have_text(f"{step['hint']}.")
    expected = sorted({c for u in step["units"] for c in u["cells"]}) or sorted(step["cells"])
    assert board.cells_with("hl-area") == expected
