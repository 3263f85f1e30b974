"""docs/embedding.md's table of what a widget's visitor downloads, held to what Chromium fetches: for each row,
a fresh visitor does what the row says to a lazy widget, and the engine it brings (nothing, the light one, or
the full one too) and the megabytes it costs (the brotli bodies the site ships) are the row's."""
from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
EMBEDDING = ROOT / "docs" / "embedding.md"
SITE = ROOT / "dist" / "site"
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
#: An X-Sudoku of data/variants (the light engine's to answer: a few nodes of search).
X = json.loads((ROOT / "data" / "variants" / "x_9x9.jsonl").read_text().splitlines()[10])


def _light_everything(page, widget) -> None:
    """Every press the light row names, on a 9x9 grid and a 16x16 one."""
    widget.evaluate("(el, line) => { el.puzzle = line; }", HARD)
    assert widget.evaluate("el => el.solve()")
    widget.evaluate("el => el.check()")
    widget.evaluate("el => { el.clear(); }")
    widget.evaluate("(el, line) => { el.puzzle = line; }", HARD)
    widget.evaluate("el => { el.showCandidates = true; }")
    assert widget.evaluate("el => el.hint()")["stage"] == 1
    widget.evaluate("el => el.whyNot(1, 4)")
    assert widget.evaluate("el => el.rate()")["level"]
    steps = widget.locator("summary", has_text="Steps")
    steps.click()
    expect(widget.locator(".steps .sentence")).to_contain_text("Step 1 of", timeout=60_000)
    steps.click()
    widget.evaluate("(el, x) => { el.puzzle = x.givens; el.rules = x.rules; }", X)
    assert widget.evaluate("el => el.hint()")["stage"] == 1
    assert widget.evaluate("el => el.solve()") == X["solution"]
    widget.evaluate("el => { el.rules = null; el.size = '16x16'; }")
    assert widget.evaluate("el => el.solve()")


def _twenty_five(page, widget) -> None:
    widget.evaluate("el => { el.size = '25x25'; }")
    assert widget.evaluate("el => el.solve()")


#: The first cell of each row of the table -> what the visitor does (None: nothing at all).
SCENARIOS = {
    "nothing (the widget stays out of view)": None,
    "Solve, Check, typing (clash marks), pasting a grid or a variant link, Hint, Why not?, Candidates, Rate, Steps, "
    "variant rules, `solve()`, `check()`, `hint()`, `whyNot()`, `rate()` (grids up to 16x16)": _light_everything,
    "the same on a 25x25 grid": _twenty_five,
}


def table_rows() -> "list[list[str]]":
    text = EMBEDDING.read_text(encoding="utf-8")
    start = text.index("| what the visitor does |")
    rows = []
    for line in text[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def shipped_bytes(url: str) -> int:
    """The bytes a host serving the site's .br copies sends for `url` (its file as is when none)."""
    path = SITE / urlsplit(url).path.lstrip("/")
    brotli = path.with_name(path.name + ".br")
    return (brotli if brotli.is_file() else path).stat().st_size


def test_every_row_of_the_table_has_its_scenario_here():
    assert [row[0] for row in table_rows()] == list(SCENARIOS)


@pytest.mark.parametrize("row", range(len(SCENARIOS)))
def test_a_row_of_the_table_is_what_a_visitor_downloads(row, new_context, site_server):
    first, downloads = table_rows()[row][:2]
    context = new_context(service_workers="block")
    page = context.new_page()
    asked = []
    context.on("request", lambda request: asked.append(request.url))
    page.goto(site_server.url + "element-test.html?far=1")
    page.wait_for_selector("html[data-ready=yes]", state="attached")
    widget = page.locator("#far1")
    if SCENARIOS[first] is None:
        page.wait_for_timeout(1000)
    else:
        SCENARIOS[first](page, widget)
    light = sorted({u for u in asked if urlsplit(u).path.startswith("/micropython/")})
    full = sorted({u for u in asked if urlsplit(u).path.startswith("/pyodide/")})
    if downloads == "nothing":
        assert not light and not full, light + full
        return
    said = re.fullmatch(r"the (light|full) engine(?: too)?: ([\d.]+) MB(?: more)?", downloads)
    assert said, f"the row says {downloads!r}: expected 'the light engine: X MB' or 'the full engine too: X MB more'"
    engine, megabytes = said.group(1), float(said.group(2))
    assert light, "the light engine always comes first"
    assert bool(full) == (engine == "full"), f"Pyodide fetched: {full}" if full else "Pyodide was not fetched"
    measured = sum(shipped_bytes(u) for u in (full if engine == "full" else light)) / 1e6
    assert abs(measured - megabytes) <= 0.1 * measured, f"the row says {megabytes} MB, the files weigh {measured:.2f} MB"
