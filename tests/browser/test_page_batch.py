"""The Batch page, used as a person would: paste a list or bring a file (picked or dropped, plain, CSV or
gzip), press Start, watch the progress, cancel, read the summary and the problems, download the results.

The tests share one loaded page (one engine start) and put its inputs back before each test. Answers are
compared with the engine run here on CPython, and the text download with the command line's output.
"""
from __future__ import annotations

import bz2
import csv
import gzip
import io
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from sudoku_core import Grid, solve
from sudoku_core.cli import main

DATA = Path(__file__).resolve().parents[2] / "data"
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
SEVERAL = "....2.6.....3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
NO_SOLUTION = "12345678." + "........9" + "." * 63  # no clash, but r1c9 has no candidate left
CLASH = "5...5" + "." * 76  # r1c1 and r1c5 are both 5
RUN_S = 180  # a run of a few thousand puzzles on a busy machine


@pytest.fixture(scope="module")
def seventeen() -> "list[str]":
    with gzip.open(DATA / "17_clue.txt.gz", "rt") as f:
        return [next(f).strip() for _ in range(2000)]


def solution_of(puzzle: str) -> str:
    found = solve(Grid.parse(puzzle))
    return found.to_line() if found else ""


class Panel:
    """What a person sees and does on the Batch page."""

    def __init__(self, page):
        self.page = page
        self.text = page.get_by_label("Paste puzzles")
        self.file = page.get_by_label("Open a file")
        self.start = page.get_by_role("button", name="Start", exact=True)
        self.cancel = page.get_by_role("button", name="Cancel", exact=True)
        self.status = page.get_by_role("status")
        self.meter = page.locator("#batch-meter")
        self.results = page.get_by_role("region", name="Results", exact=True)

    def paste(self, text: str) -> None:
        """Replace the text area's content with `text` through the clipboard, as a person would (typing
        thousands of lines, or Playwright's fill, takes seconds where a paste takes a moment)."""
        self.page.evaluate("(text) => navigator.clipboard.writeText(text)", text)
        self.text.click()
        self.page.keyboard.press("Control+A")
        self.page.keyboard.press("Control+V")
        expect(self.text).to_have_value(text.replace("\r\n", "\n"))

    def run(self, text: "str | None" = None) -> None:
        if text is not None:
            self.paste(text)
        self.start.click()
        self.wait()

    def wait(self) -> None:
        expect(self.start).to_be_enabled(timeout=RUN_S * 1000)

    def summary(self) -> "dict[str, str]":
        terms = self.page.locator("#batch-summary dt").all_inner_texts()
        values = self.page.locator("#batch-summary dd").all_inner_texts()
        return {t.strip().lower(): v.strip() for t, v in zip(terms, values)}

    def table(self, name: str) -> "list[list[str]]":
        region = self.page.get_by_role("region", name=name, exact=True)
        return [row.locator("th, td").all_inner_texts() for row in region.locator("tbody tr").all()]

    def download(self, name: str) -> "tuple[str, str]":
        """(file name, text) of a download link, clicked as a person would."""
        with self.page.expect_download() as info:
            self.page.get_by_role("link", name=name).click()
        download = info.value
        return download.suggested_filename, Path(download.path()).read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def batch_page(shared_context, site_server, browser_helpers):
    shared_context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_server.origin)
    page = shared_context.new_page()
    page.goto(site_server.url + "batch.html")
    browser_helpers.wait_for_engine(page)
    yield page
    page.close()


@pytest.fixture
def panel(batch_page, browser_helpers):
    page = batch_page
    logged = len(browser_helpers.console_errors(page))
    page.set_viewport_size({"width": 1100, "height": 900})
    forget = page.get_by_role("button", name="Use the pasted text instead")
    if forget.is_visible():
        forget.click()
    page.get_by_role("radio", name="Solve").check()
    page.get_by_label("Size").select_option("")
    page.get_by_label("CSV column").fill("")
    p = Panel(page)
    p.text.fill("")
    yield p
    assert browser_helpers.console_errors(page)[logged:] == []


def cli_output(tmp_path, capsys, command: str, text: str) -> str:
    path = tmp_path / "input.txt"
    path.write_text(text)
    main([command, "--engine", "scalar", str(path)])
    return capsys.readouterr().out


# -- the page --------------------------------------------------------------------------------------------
def test_the_nav_marks_batch_as_the_current_page(panel):
    nav = panel.page.get_by_role("navigation", name="Sections")
    expect(nav.get_by_role("link", name="Batch")).to_have_attribute("aria-current", "page")
    expect(nav.get_by_role("link", name="Solve")).not_to_have_attribute("aria-current", "page")


def test_a_pasted_list_is_solved_and_offered_for_download(panel, tmp_path, capsys):
    text = "\n".join(["# three puzzles, a bad line, clashing givens", PUZZLE, "", SEVERAL,
                      PUZZLE.replace("3", "Z", 1), CLASH, NO_SOLUTION]) + "\n"
    panel.run(text)
    expect(panel.status).to_contain_text("Done: 5 puzzles, 2 with a solution, 3 problems")
    summary = panel.summary()
    assert (summary["puzzles"], summary["solved"], summary["bad lines"]) == ("5", "2", "1")
    assert summary["no solution"] == "2 (1 with clashing givens)"
    assert re.fullmatch(r"[\d,]+ puzzles/s", summary["rate"])
    assert panel.table("Problems") == [
        ["5", "bad line", "line 5, column 11: 'Z' is not a digit for a 9x9 grid"],
        ["6", "clashing givens", "line 6: clashing givens: r1c1 and r1c5 are both 5 in row 1"],
        ["7", "no solution", "line 7: no solution"],
    ]
    rows = panel.table("First results")
    assert [r[:2] for r in rows] == [["2", "solved"], ["4", "solved"], ["5", "bad line"], ["6", "clashing givens"],
                                     ["7", "no solution"]]
    assert rows[0][3] == SOLUTION

    name, body = panel.download("Download text")
    assert name == "puzzles.solutions.txt"
    assert body == cli_output(tmp_path, capsys, "solve", text)
    assert body.splitlines()[:2] == [SOLUTION, solution_of(SEVERAL)]

    name, body = panel.download("Download CSV")
    assert name == "puzzles.results.csv"
    table = list(csv.reader(io.StringIO(body)))
    assert table[0] == ["line", "puzzle", "solution", "status", "message"]
    assert table[1] == ["2", PUZZLE, SOLUTION, "solved", ""]
    assert table[3][0::3] == ["5", "bad"] and table[3][4].startswith("line 5, column 11:")
    assert table[5] == ["7", NO_SOLUTION, "", "none", "line 7: no solution"]
    expect(panel.text).to_have_value(text)  # nothing pasted is lost


def test_check_and_count_modes_answer_as_the_command_line(panel, tmp_path, capsys):
    text = "\n".join([PUZZLE, SEVERAL, NO_SOLUTION, CLASH]) + "\n"
    panel.page.get_by_role("radio", name="Check").check()
    expect(panel.page.get_by_label("Count up to")).to_be_hidden()
    panel.run(text)
    assert [r[1] for r in panel.table("First results")] == ["unique", "several solutions", "no solution",
                                                           "clashing givens"]
    assert panel.summary()["several solutions"] == "1"
    name, body = panel.download("Download text")
    assert name == "puzzles.verdicts.txt" and body == cli_output(tmp_path, capsys, "check", text)

    panel.page.get_by_role("radio", name="Count").check()
    panel.page.get_by_label("Count up to").fill("2")
    panel.run()
    name, body = panel.download("Download text")
    assert name == "puzzles.counts.txt" and body == cli_output(tmp_path, capsys, "count", text)
    assert body.splitlines() == ["1", "2+", "0", "0"]


def test_a_bad_count_limit_is_explained_and_nothing_runs(panel):
    panel.page.get_by_role("radio", name="Count").check()
    panel.page.get_by_label("Count up to").fill("1")
    panel.text.fill(PUZZLE)
    panel.start.click()
    expect(panel.status).to_have_text("Count up to: give a whole number from 2 to 1000.")
    expect(panel.start).to_be_enabled()
    panel.page.get_by_label("Count up to").fill("10")


def test_a_gzipped_kaggle_csv_is_read_by_its_puzzle_column(panel, seventeen):
    puzzles = seventeen[:60]
    rows = ["quizzes,solutions"] + [f"{p.replace('.', '0')},{solution_of(p)}" for p in puzzles]
    data = gzip.compress(("\r\n".join(rows) + "\r\n").encode())
    panel.file.set_input_files(files=[{"name": "sudoku.csv.gz", "mimeType": "application/gzip", "buffer": data}])
    expect(panel.page.get_by_text("sudoku.csv.gz (")).to_be_visible()
    panel.run()
    assert panel.summary()["solved"] == "60"
    name, body = panel.download("Download text")
    assert name == "sudoku.solutions.txt"
    assert body.splitlines() == [solution_of(p) for p in puzzles]
    first = panel.table("First results")[0]
    assert first[0] == "2" and first[2] == puzzles[0].replace(".", "0")  # line 1 is the header


def test_a_dropped_file_is_used_instead_of_the_pasted_text(panel):
    panel.text.fill("this pasted text stays")
    transfer = panel.page.evaluate_handle("""(text) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([text], 'dropped.txt', { type: 'text/plain' }));
        return transfer; }""", f"{PUZZLE}\n{SEVERAL}\n")
    zone = panel.page.locator("#drop-zone")
    zone.dispatch_event("dragenter", {"dataTransfer": transfer})
    zone.dispatch_event("drop", {"dataTransfer": transfer})
    expect(panel.status).to_contain_text("File chosen: dropped.txt")
    panel.run()
    assert [r[3] for r in panel.table("First results")] == [SOLUTION, solution_of(SEVERAL)]
    expect(panel.text).to_have_value("this pasted text stays")
    panel.page.get_by_role("button", name="Use the pasted text instead").click()
    expect(panel.page.get_by_text("dropped.txt (")).to_be_hidden()


def test_a_file_compressed_with_bzip2_gets_a_sentence_and_the_text_stays(panel):
    panel.text.fill(PUZZLE)
    panel.file.set_input_files(files=[{"name": "bank.txt.bz2", "mimeType": "application/x-bzip2",
                                       "buffer": bz2.compress(PUZZLE.encode())}])
    panel.start.click()
    expect(panel.status).to_contain_text("bank.txt.bz2 is compressed with bzip2, which a browser cannot open")
    expect(panel.start).to_be_enabled()
    expect(panel.text).to_have_value(PUZZLE)


def test_a_missing_csv_column_is_named_and_the_text_stays(panel):
    text = f"puzzle,solution\n{PUZZLE},{SOLUTION}\n"
    panel.page.get_by_label("CSV column").fill("grid")
    panel.run(text)
    expect(panel.status).to_have_text("No column 'grid' in the CSV header (puzzle,solution).")
    expect(panel.text).to_have_value(text)


def test_puzzles_drawn_as_blocks_are_read_too(panel):
    block = "\n".join(PUZZLE[r * 9:(r + 1) * 9] for r in range(9))
    panel.run(f"#A someone\n{block}\n\n{block.replace('4', '0')}\n")
    rows = panel.table("First results")
    assert [r[0] for r in rows] == ["2", "12"]
    assert rows[0][3] == SOLUTION


def test_line_numbers_count_a_long_comment_header(panel):
    panel.run("# a header longer than what the page first shows the engine\n" * 120 + f"{PUZZLE}\n\n{PUZZLE}\n")
    assert [r[0] for r in panel.table("First results")] == ["121", "123"]


def test_keyboard_focus_moves_to_cancel_while_running_and_back_to_start(panel):
    panel.paste(f"{PUZZLE}\n")
    panel.start.focus()
    panel.page.keyboard.press("Enter")
    panel.wait()
    expect(panel.start).to_be_focused()
    expect(panel.status).to_have_text("Done: 1 puzzle, 1 with a solution, 0 problems. The results can be downloaded.")


def test_an_empty_paste_says_there_is_nothing_to_do_and_hides_the_last_results(panel):
    panel.run(PUZZLE)
    expect(panel.results).to_be_visible()
    panel.run("\n  \n")
    expect(panel.status).to_have_text("No puzzles found: paste puzzles, one per line, or open a file.")
    expect(panel.results).to_be_hidden()
    panel.run("quizzes,solutions\n# a CSV header and no rows\n")
    expect(panel.status).to_have_text("No puzzles found: paste puzzles, one per line, or open a file.")


def test_cancel_keeps_what_was_done_and_says_where_it_stopped(panel, seventeen):
    panel.paste("\n".join(seventeen) + "\n")
    panel.start.click()
    expect(panel.meter).to_have_text(re.compile(r"^[\d,]+ puzzles? · [\d,]+/s · \d+% · about \d+:\d\d left$"),
                                     timeout=60_000)
    panel.cancel.click()
    panel.wait()
    expect(panel.status).to_contain_text("Cancelled: stopped after line")
    stopped = int(re.search(r"stopped after line (\d+)", panel.status.inner_text()).group(1))
    assert 0 < stopped < len(seventeen)
    assert panel.summary()["puzzles"] == f"{stopped:,}"
    _, body = panel.download("Download text")
    assert body.splitlines() == [solution_of(p) for p in seventeen[:stopped]]


def test_the_progress_of_a_gzipped_file_follows_the_puzzles_answered(panel, seventeen):
    data = gzip.compress(("\n".join(seventeen) + "\n").encode())
    panel.file.set_input_files(files=[{"name": "bank.txt.gz", "mimeType": "application/gzip", "buffer": data}])
    panel.start.click()
    progress = re.compile(r"^([\d,]+) puzzles · [\d,]+/s · (\d+)% · about \d+:\d\d left$")
    expect(panel.meter).to_have_text(progress, timeout=60_000)
    done, percent = progress.match(panel.meter.inner_text()).groups()
    panel.cancel.click()
    panel.wait()
    # Same-length lines: the share of characters read is the share of puzzles answered.
    assert abs(int(percent) - 100 * int(done.replace(",", "")) / len(seventeen)) <= 2


def test_the_keyboard_starts_with_ctrl_enter_and_escape_cancels(panel, seventeen):
    panel.paste("\n".join(seventeen) + "\n")
    panel.text.press("Control+Enter")
    expect(panel.cancel).to_be_enabled()
    expect(panel.meter).to_contain_text(" puzzles · ", timeout=60_000)
    panel.page.keyboard.press("Escape")
    panel.wait()
    expect(panel.status).to_contain_text("Cancelled: stopped after line")


def test_the_page_stays_responsive_while_1000_puzzles_are_solved(panel, seventeen, browser_helpers, capsys):
    """Also the measurement for docs/batch.md: puzzles per second in the page for 1,000 17-clue puzzles.
    Behaviour, not speed: the work goes to the engine in several requests, and the page's own tasks run
    between them (a timer set when one chunk is sent has run by the time the next is sent)."""
    puzzles = seventeen[:1000]
    panel.paste("\n".join(puzzles) + "\n")
    panel.page.evaluate("""async (engineUrl) => {
        const engine = (await import(engineUrl)).getEngine();
        const watch = window.batchWatch = { chunks: 0, turns: 0, pending: null };
        const request = engine.request.bind(engine);
        engine.request = (op, payload, options) => {
          if (op === 'solve_many') {
            watch.chunks += 1;
            if (watch.pending === false) watch.turns += 1;
            watch.pending = true;
            setTimeout(() => { watch.pending = false; }, 0);
          }
          return request(op, payload, options);
        };
    }""", browser_helpers.engine_url_of(panel.page))
    panel.run()
    watch = panel.page.evaluate("() => window.batchWatch")
    summary = panel.summary()
    assert summary["solved"] == "1,000"
    _, body = panel.download("Download text")
    assert body.splitlines() == [solution_of(p) for p in puzzles]
    with capsys.disabled():
        print(f"\n[batch page] 1,000 17-clue puzzles: {summary['time']}, {summary['rate']}; "
              f"{watch['chunks']} requests")
    assert watch["chunks"] >= 2, "the work was not split into chunks"
    assert watch["turns"] == watch["chunks"] - 1, "the page did not get the main thread back between chunks"
    expect(panel.page.get_by_role("region", name="First results").locator("tbody tr")).to_have_count(25)
    expect(panel.page.get_by_text("The first 25 of 1,000 results; the downloads have them all.")).to_be_visible()


def test_the_results_fit_a_phone_screen(panel):
    panel.page.set_viewport_size({"width": 360, "height": 740})
    panel.run("\n".join([PUZZLE, PUZZLE.replace("3", "Z", 1)]))
    assert panel.summary()["puzzles"] == "2"
    overflow = panel.page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than a phone screen"
    expect(panel.page.get_by_role("link", name="Download CSV")).to_be_visible()
