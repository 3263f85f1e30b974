"""The Play page used as a person would: by roles and labels, with the keyboard and the mouse.

New puzzles (made in the worker, with progress and Cancel), play with entries and pencil marks, undo and
redo, checking against the solution, the solved message, the timer, a reload that keeps the game, the print
view and the export strings. The tests share one page in a fresh context of their own (its own storage);
each starts from a new puzzle with a known seed.
"""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

SEED = 12
SYMBOLS = "123456789ABCDEFG"


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
    # A first visit starts with a puzzle of its own.
    expect(page.get_by_role("status").first).to_contain_text("New 9×9 puzzle", timeout=60_000)
    yield page
    page.close()


class Play:
    def __init__(self, page, helpers):
        self.page = page
        self.helpers = helpers
        self.board = page.get_by_role("grid", name="Sudoku board")
        self.status = page.locator("#status")

    def cell(self, row: int, col: int):
        return self.board.get_by_role("gridcell", name=re.compile(rf"^Row {row}, column {col},"))

    def labels(self) -> "list[str]":
        return self.board.get_by_role("gridcell").evaluate_all("(cells) => cells.map((c) => c.getAttribute('aria-label'))")

    def new_puzzle(self, seed: int = SEED, size: str = "9x9", level: str = "", symmetry: str = "rotate180") -> dict:
        self.page.get_by_label("Size").select_option(size)
        if size == "9x9":
            self.page.get_by_label("Level").select_option(level)
        self.page.get_by_label("Symmetry").select_option(symmetry)
        self.page.get_by_label("Seed").fill(str(seed))
        self.page.get_by_role("button", name="New puzzle").click()
        expect(self.status).to_contain_text(f"New {size.replace('x', '×')} puzzle", timeout=60_000)
        expect(self.page.locator("#game-info")).to_contain_text(f"seed {seed}")
        return self.saved()

    def saved(self) -> dict:
        return json.loads(self.page.evaluate("() => localStorage.getItem('sudoku-play/v1')"))

    def empty_cells(self) -> "list[tuple[int, int]]":
        side = int(len(self.labels()) ** 0.5)
        return [(i // side + 1, i % side + 1) for i, label in enumerate(self.labels()) if label.endswith("empty")]

    def type_at(self, row: int, col: int, *keys: str) -> None:
        self.cell(row, col).click()
        for key in keys:
            self.page.keyboard.press(key)


@pytest.fixture
def play(page, browser_helpers):
    play = Play(page, browser_helpers)
    play.new_puzzle()
    page.get_by_role("radio", name=re.compile("^Digit")).check()
    if page.get_by_label("Mark mistakes").is_checked():
        page.get_by_label("Mark mistakes").uncheck()
    return play


# -- new puzzles -------------------------------------------------------------------------------------------
def test_a_seed_makes_the_engines_puzzle_with_its_givens_locked_and_marked(play, browser_helpers):
    made = browser_helpers.engine_request(play.page, "generate", {"seed": SEED, "symmetry": "rotate180"})["result"]
    saved = play.saved()
    assert saved["puzzle"] == made["puzzle"]
    labels = play.labels()
    assert len(labels) == 81
    for i, ch in enumerate(made["puzzle"]):
        assert labels[i].endswith(f"given {ch}") if ch != "." else labels[i].endswith("empty"), labels[i]
    given = play.board.locator(".given")
    expect(given).to_have_count(made["givens"])
    expect(given.first).to_have_attribute("aria-readonly", "true")
    # Givens look different from entries: bold against normal weight, another colour.
    row, col = play.empty_cells()[0]
    play.type_at(row, col, "5")
    entry_style = play.cell(row, col).evaluate("(c) => [getComputedStyle(c).fontWeight, getComputedStyle(c).color]")
    given_style = given.first.evaluate("(c) => [getComputedStyle(c).fontWeight, getComputedStyle(c).color]")
    assert entry_style[0] != given_style[0] and entry_style[1] != given_style[1]


def test_a_given_cannot_be_changed(play):
    first_given = next(i for i, label in enumerate(play.labels()) if "given" in label)
    row, col = first_given // 9 + 1, first_given % 9 + 1
    before = play.labels()[first_given]
    play.type_at(row, col, "Backspace")
    play.page.keyboard.press("1" if not before.endswith("1") else "2")
    expect(play.cell(row, col)).to_have_attribute("aria-label", before)
    expect(play.status).to_contain_text(f"r{row}c{col} is a given")


def test_generation_shows_progress_can_be_cancelled_and_the_page_stays_usable(play, page, browser_helpers):
    row, col = play.empty_cells()[0]
    page.get_by_label("Size").select_option("25x25")
    page.get_by_label("Seed").fill("3")
    page.get_by_role("button", name="New puzzle").click()
    progress = page.get_by_role("progressbar", name="Making the puzzle")
    expect(progress).to_be_visible()
    expect(page.locator("#gen-message")).to_contain_text("Removing givens", timeout=30_000)
    # The page answers while the worker works: the current game still takes entries.
    play.type_at(row, col, "7")
    expect(play.cell(row, col)).to_have_attribute("aria-label", re.compile(r", 7$"))
    page.get_by_role("button", name="Cancel").click()
    expect(play.status).to_contain_text("Cancelled")
    expect(progress).to_be_hidden()
    assert len(play.labels()) == 81 and play.labels()[(row - 1) * 9 + col - 1].endswith(", 7")
    browser_helpers.wait_for_engine(page)  # the worker was restarted


@pytest.mark.parametrize("size, side, pad", [("4x4", 4, "1234"), ("16x16", 16, "123456789ABCDEFG")])
def test_other_sizes_get_their_board_and_pad(play, page, size, side, pad):
    made = play.new_puzzle(seed=5, size=size, symmetry="none")
    assert made["info"]["side"] == side
    assert len(play.labels()) == side * side
    buttons = page.get_by_role("group", name="Number pad").get_by_role("button")
    expect(buttons).to_have_text(list(pad))
    row, col = play.empty_cells()[0]
    play.cell(row, col).click()
    page.get_by_role("group", name="Number pad").get_by_role("button", name=pad[-1], exact=True).click()
    expect(play.cell(row, col)).to_have_attribute("aria-label", re.compile(rf", {pad[-1]}$"))


def test_bad_seed_is_explained_and_the_game_is_kept(play, page):
    before = play.saved()["puzzle"]
    page.get_by_label("Seed").fill("twelve")
    page.get_by_role("button", name="New puzzle").click()
    expect(play.status).to_contain_text("The seed must be a whole number")
    assert play.saved()["puzzle"] == before
    expect(page.get_by_label("Seed")).to_have_value("twelve")


def test_a_new_puzzle_keeps_the_unfinished_game_one_click_away(play, page):
    row, col = play.empty_cells()[0]
    play.type_at(row, col, "x", "5", "z")
    labels = play.labels()
    play.new_puzzle(seed=77)
    back = page.get_by_role("button", name="Back to the previous game")
    expect(back).to_be_visible()
    back.click()
    expect(page.locator("#game-info")).to_contain_text(f"seed {SEED}")
    assert play.labels() == labels
    back.click()  # and forth
    expect(page.locator("#game-info")).to_contain_text("seed 77")


# -- playing ------------------------------------------------------------------------------------------------
def test_entries_corner_and_centre_marks_by_keyboard_and_pad(play, page):
    (r1, c1), (r2, c2), (r3, c3) = play.empty_cells()[:3]
    play.type_at(r1, c1, "4")
    expect(play.cell(r1, c1)).to_have_attribute("aria-label", f"Row {r1}, column {c1}, 4")
    play.type_at(r2, c2, "x", "1", "3")  # X: corner marks
    expect(play.cell(r2, c2)).to_have_attribute("aria-label", f"Row {r2}, column {c2}, empty, corner marks 1 3")
    expect(page.get_by_role("radio", name=re.compile("^Corner"))).to_be_checked()
    page.get_by_role("radio", name=re.compile("^Centre")).check()  # the mouse way
    play.cell(r3, c3).click()
    pad = page.get_by_role("group", name="Number pad")
    for digit in "269":
        pad.get_by_role("button", name=digit, exact=True).click()
    pad.get_by_role("button", name="6", exact=True).click()  # a second press takes the mark away
    expect(play.cell(r3, c3)).to_have_attribute("aria-label", f"Row {r3}, column {c3}, empty, centre marks 2 9")
    expect(play.cell(r3, c3).locator(".centre")).to_have_text("29")
    expect(play.cell(r2, c2).locator(".corner span")).to_have_text(["1", "3"])
    play.page.keyboard.press("Shift+Digit5")  # Shift+digit: a corner mark whatever the mode
    expect(play.cell(r3, c3)).to_have_attribute("aria-label", re.compile("corner marks 5, centre marks 2 9$"))


def test_undo_and_redo_walk_back_and_forth_through_every_kind_of_edit(play, page):
    (r1, c1), (r2, c2) = play.empty_cells()[:2]
    start = play.labels()
    play.type_at(r1, c1, "3")
    play.type_at(r2, c2, "c", "7", "z", "8")  # a centre mark, then a digit over it
    after = play.labels()
    for _ in range(3):
        page.keyboard.press("Control+z")
    assert play.labels() == start
    page.keyboard.press("Control+y")
    expect(play.cell(r1, c1)).to_have_attribute("aria-label", re.compile(", 3$"))
    page.get_by_role("button", name="Redo").click()
    page.get_by_role("button", name="Redo").click()
    assert play.labels() == after
    expect(page.get_by_role("button", name="Redo")).to_be_disabled()


def test_placing_a_digit_clears_it_from_the_peers_pencil_marks_in_one_undo_step(play, page):
    empties = play.empty_cells()
    (ra, ca) = empties[0]
    (rb, cb) = next((r, c) for r, c in empties[1:] if r == ra)
    play.type_at(rb, cb, "x", "6", "z")
    play.type_at(ra, ca, "6")
    expect(play.cell(rb, cb)).to_have_attribute("aria-label", re.compile(", empty$"))
    page.keyboard.press("Control+z")
    expect(play.cell(rb, cb)).to_have_attribute("aria-label", re.compile("corner marks 6$"))
    expect(play.cell(ra, ca)).to_have_attribute("aria-label", re.compile(", empty$"))


def test_check_and_mistake_marking_compare_with_the_solution(play, page):
    solution = play.saved()["solution"]
    empties = play.empty_cells()
    (rw, cw), (rr, cr) = empties[:2]
    right = solution[(rw - 1) * 9 + cw - 1]
    wrong = next(d for d in "123456789" if d != right)
    play.type_at(rw, cw, wrong)
    play.type_at(rr, cr, solution[(rr - 1) * 9 + cr - 1])
    expect(play.cell(rw, cw)).not_to_have_attribute("aria-invalid", "true")  # marking is off by default
    page.get_by_role("button", name="Check").click()
    expect(play.status).to_have_text(f"1 entry is wrong: r{rw}c{cw}.")
    expect(play.cell(rw, cw)).to_have_attribute("aria-invalid", "true")
    expect(play.cell(rr, cr)).not_to_have_attribute("aria-invalid", "true")
    play.type_at(rw, cw, "Backspace")
    page.get_by_label("Mark mistakes").check()
    play.type_at(rw, cw, wrong)
    expect(play.cell(rw, cw)).to_have_attribute("aria-invalid", "true")
    expect(play.cell(rw, cw)).to_have_attribute("aria-label", re.compile(", wrong$"))
    play.type_at(rw, cw, right)
    expect(play.cell(rw, cw)).not_to_have_attribute("aria-invalid", "true")
    page.get_by_role("button", name="Check").click()
    expect(play.status).to_have_text(re.compile(r"^No mistakes so far: \d+ of 81 cells filled\.$"))


def test_a_complete_right_grid_says_solved_calmly_and_stops_the_clock(play, page):
    solution = play.saved()["solution"]
    for row, col in play.empty_cells():
        play.type_at(row, col, solution[(row - 1) * 9 + col - 1])
    expect(play.status).to_have_text(re.compile(r"^Solved in \d+:\d\d\. Well done\.$"))
    expect(play.board).to_have_class(re.compile(r"\bsolved\b"))
    shown = page.get_by_role("timer").text_content()
    page.wait_for_timeout(1500)
    expect(page.get_by_role("timer")).to_have_text(shown)
    assert play.saved()["solved"] is True


def test_the_timer_runs_and_pauses_while_the_tab_is_hidden(play, page):
    timer = page.get_by_role("timer", name="Time played")
    expect(timer).not_to_have_text("0:00", timeout=5_000)
    hide = """(hidden) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => hidden ? 'hidden' : 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
    }"""
    page.evaluate(hide, True)
    paused = timer.text_content()
    page.wait_for_timeout(2200)
    expect(timer).to_have_text(paused)
    assert play.saved()["elapsedMs"] >= 1000  # hiding the tab saved the time so far
    page.evaluate(hide, False)
    expect(timer).not_to_have_text(paused, timeout=3_000)


def test_a_reload_keeps_the_game_marks_history_and_time(play, page, browser_helpers):
    (r1, c1), (r2, c2) = play.empty_cells()[:2]
    play.type_at(r1, c1, "9")
    play.type_at(r2, c2, "x", "2", "4", "z")
    labels = play.labels()
    page.wait_for_timeout(1200)
    page.reload()
    expect(play.board.get_by_role("gridcell")).to_have_count(81)
    assert play.labels() == labels
    expect(page.locator("#game-info")).to_contain_text(f"seed {SEED}")
    assert page.get_by_role("timer").text_content() != "0:00"
    page.keyboard.press("Tab")  # history survived too: undo the corner marks
    play.cell(r2, c2).click()
    page.get_by_role("button", name="Undo").click()
    expect(play.cell(r2, c2)).to_have_attribute("aria-label", re.compile("corner marks 2$"))
    browser_helpers.wait_for_engine(page)


# -- print and export ---------------------------------------------------------------------------------------
def test_the_print_view_shows_only_a_clean_grid(play, page):
    row, col = play.empty_cells()[0]
    play.type_at(row, col, "1")
    puzzle = play.saved()["puzzle"]
    page.emulate_media(media="print")
    try:
        expect(play.board).to_be_hidden()
        expect(page.get_by_role("button", name="New puzzle")).to_be_hidden()
        sheet = page.get_by_role("region", name="Printout")
        expect(sheet).to_be_visible()
        cells = sheet.locator(".sheet-grid > div")
        expect(cells).to_have_count(81)
        assert "".join(t or "." for t in cells.all_text_contents()) == puzzle  # givens only, not the entry
        expect(sheet.locator("figcaption")).to_contain_text(f"seed {SEED}")
    finally:
        page.emulate_media(media="screen")


def test_a_page_of_several_new_puzzles_prints_with_their_seeds(play, page):
    page.locator("summary", has_text="Print").click()  # the panel's summary
    page.get_by_label("A page of new puzzles").check()
    page.get_by_label("Puzzles per page").select_option("2")
    page.get_by_label("Seed").fill("40")
    page.get_by_role("button", name="Print", exact=True).click()
    expect(play.status).to_have_text("A page of 2 new puzzles is ready to print.", timeout=60_000)
    page.emulate_media(media="print")
    try:
        figures = page.get_by_role("region", name="Printout").get_by_role("figure")
        expect(figures).to_have_count(2)
        expect(figures.locator("figcaption")).to_have_text([re.compile("seed 40$"), re.compile("seed 41$")])
    finally:
        page.emulate_media(media="screen")
        page.get_by_label("This puzzle").check()
        page.locator("summary", has_text="Print").click()


def decode_sudokuwiki(text: str) -> "list[tuple[set[int], bool]]":
    return [({d for d in range(1, 10) if int(text[k:k + 2], 32) >> d & 1}, bool(int(text[k:k + 2], 32) & 1))
            for k in range(0, 162, 2)]


def test_export_gives_the_line_sdk_sudokuwiki_string_and_solver_links(play, page, context, site_server, browser_helpers):
    saved = play.saved()
    puzzle = saved["puzzle"]
    (r1, c1), (r2, c2) = play.empty_cells()[:2]
    play.type_at(r1, c1, "8")
    play.type_at(r2, c2, "c", "1", "2", "z")
    page.locator("summary", has_text="Export and share").click()
    try:
        expect(page.get_by_label("One line (givens)")).to_have_value(puzzle)
        sdk = page.get_by_label(".sdk file")
        expect(sdk).to_have_value(re.compile(r"^#D sudoku-core 9x9, seed 12"))
        assert sdk.input_value().splitlines()[1:] == [puzzle[k:k + 9] for k in range(0, 81, 9)]
        wiki = page.get_by_label(re.compile("^SudokuWiki string"))
        expect(wiki).to_have_value(re.compile("^[0-9a-v]{162}$"))
        cells = decode_sudokuwiki(wiki.input_value())
        first_given = next(i for i, ch in enumerate(puzzle) if ch != ".")
        assert cells[first_given] == ({int(puzzle[first_given])}, True)
        assert cells[(r1 - 1) * 9 + c1 - 1] == ({8}, False)
        assert cells[(r2 - 1) * 9 + c2 - 1] == ({1, 2}, False)
        wiki_link = page.get_by_role("link", name="SudokuWiki's solver")
        expect(wiki_link).to_have_attribute("href", "https://www.sudokuwiki.org/sudoku.htm?bd=" + wiki.input_value())
        expect(page.get_by_role("link", name="sudoku.coach's solver")).to_have_attribute(
            "href", "https://sudoku.coach/en/solver/" + puzzle.replace(".", "0"))
        # Links only: nothing went to another origin.
        assert browser_helpers.foreign_requests(context, [site_server.origin]) == []
    finally:
        page.locator("summary", has_text="Export and share").click()



# -- engine.js: a request's own progress ------------------------------------------------------------------------
def test_engine_request_reports_progress_to_its_caller_only(page, browser_helpers):
    found = page.evaluate("""async (engineUrl) => {
      const { getEngine } = await import(engineUrl);
      const engine = getEngine();
      const mine = [];
      const loading = [];
      const onLoad = (e) => loading.push(e.detail);
      engine.addEventListener('progress', onLoad);
      const result = await engine.request('generate', { size: '12x12', seed: 1 }, { timeoutMs: 60000, onProgress: (p) => mine.push(p) });
      const other = await engine.request('solve', { puzzle: result.puzzle }, { onProgress: (p) => mine.push(p) });
      engine.removeEventListener('progress', onLoad);
      return { mine, loading, givens: result.givens, solved: other.unique };
    }""", browser_helpers.engine_url_of(page))
    stages = [p["stage"] for p in found["mine"]]
    assert stages[0] == "grid" and "remove" in stages
    removal = [p for p in found["mine"] if p["stage"] == "remove"]
    assert [p["fraction"] for p in removal] == sorted(p["fraction"] for p in removal)
    assert removal[-1]["fraction"] == 1 and removal[-1]["givens"] == found["givens"]
    assert all("id" not in p and "type" not in p and p["message"] for p in found["mine"])
    # The engine's own events carry nothing of the request's progress: only, when a request waits for the full
    # engine (Play starts on the light one), that engine's start.
    assert all(p.get("upgrade") and p["stage"] in ("download", "start") for p in found["loading"]), found["loading"]
    assert found["solved"] is True
    assert stages[-1] == "solution"  # the solve reported its first solution before counting


def test_no_console_errors_in_the_whole_session(page, browser_helpers):
    assert browser_helpers.console_errors(page) == []
