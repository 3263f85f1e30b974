"""<sudoku-solver> on somebody else's page: another origin, a strict Content-Security-Policy, hostile CSS.

The host page is served on a second local origin (another port) and adds the widget the way the embedding
docs say, with two lines pointing at the solver's site. Its policy is the one docs/embedding.md tells hosts
to send, plus 'self' for the host's own files (its stylesheet and the script that records events):

    script-src <solver> 'wasm-unsafe-eval'; worker-src blob: <solver>; connect-src <solver>
    require-trusted-types-for 'script'; trusted-types sudoku-solver      (if the host enforces Trusted Types)

Its stylesheet does its worst to everything it can reach (`* { font-size: 40px !important }`,
`div { display: none !important }`, ...). Two widgets share the page, hence one engine: the shared page
costs one Pyodide start, plus one restart (a request stopped for taking too long); the last test starts one
more, for a widget served from a sub-path.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
EASY_SOLUTION = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
SIX = ".4..61.5.....25..33.......13.......5"
# Row 1 can only end in 9, but column 9 already has its 9: no solution, and no two givens clash.
NO_SOLUTION = "12345678." + "........9" + "." * 63
EVENTS = ["ready", "change", "solved", "error"]

HOSTILE_CSS = """
* { font-size: 40px !important; line-height: 3 !important; letter-spacing: 0.4em !important;
    color: red !important; text-transform: lowercase !important; font-family: serif !important;
    box-sizing: content-box !important; }
div, p, span, button, [role], [part] { display: none !important; }
main { display: block !important; }
section { display: block !important; margin: 0 0 24px !important; }
#narrow { width: 320px !important; }
"""

# Listeners go on before the widget's module runs, so they see every event, 'ready' included.
HOST_JS = """
window.widgetEvents = [];
window.cspViolations = [];
for (const name of %s) {
  document.addEventListener(`sudoku-solver-${name}`, (e) => {
    window.widgetEvents.push({ name, id: e.target.id, detail: JSON.parse(JSON.stringify(e.detail ?? null)) });
  });
}
document.addEventListener('securitypolicyviolation', (e) => {
  window.cspViolations.push(`${e.violatedDirective}: ${e.blockedURI}`);
});
""" % (EVENTS,)


def host_policy(solver_origin: str) -> str:
    """The host's CSP: 'self' for its own files, the solver's origin exactly where docs/embedding.md says."""
    return (f"default-src 'none'; script-src 'self' {solver_origin} 'wasm-unsafe-eval'; "
            f"worker-src blob: {solver_origin}; connect-src {solver_origin}; style-src 'self'; img-src 'self'; "
            "base-uri 'none'; form-action 'none'; object-src 'none'; "
            "require-trusted-types-for 'script'; trusted-types sudoku-solver")


@pytest.fixture(scope="module")
def host(tmp_path_factory, site_server, serve_directory):
    folder = tmp_path_factory.mktemp("widget-host")
    solver = site_server.url                                   # ends with "/"
    (folder / "favicon.ico").write_bytes(b"")
    (folder / "hostile.css").write_text(HOSTILE_CSS)
    (folder / "host.js").write_text(HOST_JS)
    (folder / "host.html").write_text(f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A host page with a strict policy</title>
<link rel="stylesheet" href="hostile.css">
<script type="module" src="host.js"></script>
<script type="module" src="{solver}sudoku-solver.js"></script>
</head><body><main>
<section id="wide"><sudoku-solver id="first" puzzle="{HARD}"></sudoku-solver></section>
<section id="narrow"><sudoku-solver id="second" size="6x6" puzzle="{SIX}" controls="solve check clear"></sudoku-solver></section>
<section id="scratch"></section>
</main></body></html>""")
    server = serve_directory(folder, csp=host_policy(site_server.origin))
    assert server.origin != site_server.origin
    return server


@pytest.fixture(scope="module")
def context(browser, browser_helpers):
    context = browser_helpers.new_logged_context(browser, viewport={"width": 1100, "height": 900})
    yield context
    context.close()


@pytest.fixture(scope="module")
def page(context, host):
    page = context.new_page()
    page.goto(host.url + "host.html")
    for widget in ("#first", "#second"):
        wait_until_settled(page.locator(widget))
    return page


def wait_until_settled(widget) -> None:
    """Wait until the widget's engine is ready; fail at once, with the widget's own words, if it failed."""
    expect(widget).to_have_attribute("engine-state", re.compile("^(ready|failed)$"), timeout=90_000)
    if widget.get_attribute("engine-state") == "failed":
        pytest.fail(f"the widget's engine failed: {widget.get_by_role('status').text_content()}")


@pytest.fixture
def first(page):
    """The first widget, back to HARD and ready (a test may have left it elsewhere)."""
    page.evaluate(f"""() => {{ const el = document.getElementById('first');
        el.removeAttribute('readonly'); el.removeAttribute('controls'); el.size = '9x9';
        el.puzzle = ''; el.puzzle = '{HARD}'; }}""")
    widget = page.locator("#first")
    expect(widget).to_have_attribute("engine-state", "ready", timeout=90_000)
    expect(cell(widget, 1, 1)).to_have_text("4")
    return widget


def cell(widget, row: int, col: int):
    return widget.get_by_role("grid").get_by_role("gridcell", name=re.compile(fr"^Row {row}, column {col}(,|$)"))


def shown(widget) -> str:
    return widget.evaluate("""(el) => [...el.shadowRoot.querySelectorAll('[role=gridcell]')]
        .map((c) => c.textContent || '.').join('')""")


def events(page, name: str, widget_id: str = "first") -> list:
    return page.evaluate("([name, id]) => widgetEvents.filter((e) => e.name === name && e.id === id)"
                         ".map((e) => e.detail)", [name, widget_id])


def clear_events(page) -> None:
    page.evaluate("() => { widgetEvents.length = 0; }")


# -- it arrives and looks like itself ----------------------------------------------------------------------
def test_the_widget_renders_on_a_page_of_another_origin_despite_hostile_css(page, site_server, host):
    widget = page.locator("#first")
    assert page.evaluate("() => location.origin") == host.origin
    grid = widget.get_by_role("grid")
    expect(grid).to_be_visible()
    expect(grid.get_by_role("row")).to_have_count(9)
    expect(grid.get_by_role("gridcell")).to_have_count(81)
    expect(cell(widget, 1, 1)).to_have_text("4")
    expect(widget.get_by_role("button", name="Solve", exact=True)).to_be_visible()
    style = widget.evaluate("""(el) => { const s = getComputedStyle(el.shadowRoot.querySelector('[role=status]'));
        const c = getComputedStyle(el.shadowRoot.querySelector('[role=gridcell]'));
        return { size: s.fontSize, spacing: s.letterSpacing, transform: s.textTransform, color: s.color,
                 cellRatio: parseFloat(c.fontSize) / parseFloat(c.width), cellDisplay: c.display }; }""")
    assert style["size"] == "16px"
    assert style["spacing"] in ("normal", "0px")
    assert style["transform"] == "none"
    assert style["color"] != "rgb(255, 0, 0)"
    assert style["cellDisplay"] == "flex"
    assert 0.4 < style["cellRatio"] < 0.7           # digits scale with the cell, not with the host's 40px
    page.screenshot(path=str(_results_dir() / "widget-hostile-host.png"), full_page=True)


def test_it_sizes_to_its_container(page):
    wide = page.locator("#first").get_by_role("grid").bounding_box()
    narrow = page.locator("#second").get_by_role("grid").bounding_box()
    container = page.locator("#narrow").bounding_box()
    assert narrow["width"] <= container["width"] + 1
    assert narrow["width"] > 0.8 * container["width"]
    assert abs(narrow["width"] - narrow["height"]) < 2            # square cells
    assert wide["width"] > 1.5 * narrow["width"]                    # the other one fills a wider section


def test_two_widgets_on_a_page_share_one_worker_and_one_runtime(page, context, site_server, browser_helpers):
    assert page.locator("#second").get_by_role("gridcell").count() == 36
    urls = [u.split("?")[0] for u in browser_helpers.request_log(context)]
    assert len([u for u in urls if u.startswith(site_server.url + "micropython/") and u.endswith("/micropython.wasm")]) == 1
    assert urls.count(site_server.url + "worker-micropython.js") == 1
    assert urls.count(site_server.url + "sudoku-solver.js") == 1
    assert sum(u.startswith("blob:") for u in urls) == 1     # the blob: worker that imports worker-micropython.js
    assert page.evaluate("() => widgetEvents.filter((e) => e.name === 'ready').map((e) => e.id).sort()") == [
        "first", "second"]


def test_the_assets_come_from_the_solver_site_and_nothing_else(page, context, site_server, host, browser_helpers):
    assert browser_helpers.foreign_requests(context, [site_server.origin, host.origin]) == []
    urls = browser_helpers.request_log(context)
    assert not any(u.startswith(host.origin) and "pyodide" in u for u in urls)   # never relative to the host


# -- used as a person would --------------------------------------------------------------------------------
def test_it_solves_through_the_ui_and_fires_solved(first, page):
    clear_events(page)
    first.get_by_role("button", name="Solve", exact=True).click()
    expect(first.get_by_role("status")).to_have_text(re.compile(r"^Solved in "))
    assert shown(first) == HARD_SOLUTION
    solved = events(page, "solved")
    assert len(solved) == 1
    assert solved[0]["solution"] == HARD_SOLUTION and solved[0]["puzzle"] == HARD and solved[0]["unique"] is True


def test_typing_in_a_cell_fires_change_with_the_new_puzzle(first, page):
    clear_events(page)
    cell(first, 1, 2).click()
    page.keyboard.press("1")
    expect(cell(first, 1, 2)).to_have_text("1")
    change = events(page, "change")
    assert change[-1] == {"puzzle": HARD[0] + "1" + HARD[2:], "size": "9x9", "cause": "edit"}


def test_the_second_widget_works_on_its_own_grid(page):
    second = page.locator("#second")
    second.get_by_role("button", name="Solve", exact=True).click()
    expect(second.get_by_role("status")).to_have_text(re.compile(r"^Solved in "))
    assert "." not in shown(second) and len(shown(second)) == 36
    expect(second.get_by_role("button", name="Undo")).to_be_hidden()        # controls="solve check clear"


# -- the element's API -------------------------------------------------------------------------------------
def test_solve_resolves_to_the_solution_line(first):
    assert first.evaluate("(el) => el.solve()") == HARD_SOLUTION
    assert first.evaluate("(el) => el.solution") == HARD_SOLUTION


def test_solve_rejects_with_a_coded_error_and_fires_error_when_there_is_no_solution(first, page):
    clear_events(page)
    outcome = first.evaluate(f"""async (el) => {{
        el.puzzle = '{NO_SOLUTION}';
        try {{ await el.solve(); return 'resolved'; }}
        catch (e) {{ return {{ name: e.name, code: e.code, message: e.message }}; }} }}""")
    assert outcome["code"] == "no_solution"
    assert outcome["message"] == ("This puzzle has no solution: the givens at r1c1, r1c2, r1c3, r1c4, r1c5, r1c6 "
                                  "and r2c9 cannot all be right; they are marked on the board.")
    error = events(page, "error")
    assert error and error[-1]["code"] == "no_solution" and error[-1]["message"] == outcome["message"]


def test_a_clash_rejects_with_the_cells_that_clash(first, page):
    clash = "5...5" + "." * 76
    outcome = first.evaluate(f"""async (el) => {{ el.puzzle = '{clash}';
        try {{ await el.solve(); return null; }} catch (e) {{ return {{ code: e.code, cells: e.cells }}; }} }}""")
    assert outcome == {"code": "conflict", "cells": [0, 4]}
    expect(cell(first, 1, 1)).to_have_attribute("aria-invalid", "true")


def test_setting_the_same_puzzle_again_shows_it_as_given(first):
    first.evaluate("(el) => el.solve()")
    assert shown(first) == HARD_SOLUTION
    first.evaluate(f"(el) => {{ el.puzzle = '{HARD}'; }}")
    assert shown(first) == HARD
    assert first.evaluate("(el) => el.solution") is None


def test_check_resolves_to_a_status_without_revealing_the_solution(first):
    assert first.evaluate("(el) => el.check().then((r) => r.status)") == "unique"
    assert shown(first) == HARD
    expect(first.get_by_role("status")).to_have_text("Valid: this puzzle has exactly one solution.")


def test_clear_empties_the_grid(first, page):
    clear_events(page)
    first.evaluate("(el) => el.clear()")
    assert shown(first) == "." * 81
    assert first.evaluate("(el) => el.puzzle") == "." * 81
    assert events(page, "change")[-1]["cause"] == "clear"


def test_attributes_and_properties_reflect_each_other(first):
    state = first.evaluate(f"""(el) => {{
        const seen = {{}};
        el.puzzle = '{EASY}';  seen.puzzleAttr = el.getAttribute('puzzle');
        el.setAttribute('puzzle', '{HARD}');  seen.puzzleProp = el.puzzle;
        el.size = '6x6';  seen.sizeAttr = el.getAttribute('size');
        el.setAttribute('size', '3x2');  seen.sizeProp = el.size;
        el.setAttribute('size', '9x9');
        el.readOnly = true;  seen.readonlyAttr = el.hasAttribute('readonly');
        el.removeAttribute('readonly');  seen.readonlyProp = el.readOnly;
        el.controls = 'solve check';  seen.controlsAttr = el.getAttribute('controls');
        el.setAttribute('controls', 'clear');  seen.controlsProp = el.controls;
        return seen; }}""")
    assert state == {"puzzleAttr": EASY, "puzzleProp": HARD, "sizeAttr": "6x6", "sizeProp": "3x2",
                     "readonlyAttr": True, "readonlyProp": False, "controlsAttr": "solve check",
                     "controlsProp": "clear"}


def test_readonly_keeps_the_grid_as_given_but_still_solves(first, page):
    first.evaluate("(el) => { el.readOnly = true; }")
    expect(first.get_by_role("grid")).to_have_attribute("aria-readonly", "true")
    cell(first, 1, 2).click()
    page.keyboard.press("7")
    page.keyboard.press("Delete")
    cell(first, 1, 1).click()
    page.keyboard.press("Backspace")
    assert shown(first) == HARD
    expect(first.get_by_role("group", name="Digit pad")).to_be_hidden()
    for name in ("Undo", "Redo", "Clear"):
        expect(first.get_by_role("button", name=name, exact=True)).to_be_hidden()
    first.get_by_role("button", name="Solve", exact=True).click()
    expect(first.get_by_role("status")).to_have_text(re.compile(r"^Solved in "))
    assert shown(first) == HARD_SOLUTION


@pytest.mark.parametrize(("controls", "visible"), [
    ("solve", ["Solve"]),
    ("check clear", ["Check", "Clear"]),
    ("none", []),
])
def test_controls_chooses_the_buttons_that_show(first, controls, visible):
    first.evaluate("(el, value) => { el.controls = value; }", controls)
    for name in ("Solve", "Check", "Undo", "Redo", "Clear"):
        button = first.get_by_role("button", name=name, exact=True)
        expect(button).to_be_visible() if name in visible else expect(button).to_be_hidden()
    expect(first.get_by_role("group", name="Digit pad")).to_be_hidden()
    expect(first.get_by_role("grid")).to_be_visible()


def test_a_widget_added_later_joins_the_same_engine_and_is_ready_at_once(page, context, site_server, browser_helpers):
    added = page.evaluate(f"""() => new Promise((resolve) => {{
        const el = document.createElement('sudoku-solver');
        el.id = 'third';
        el.addEventListener('sudoku-solver-ready', () => resolve(el.engineState), {{ once: true }});
        el.setAttribute('puzzle', '{EASY}');
        document.getElementById('scratch').append(el); }})""")
    assert added == "ready"
    assert page.evaluate("() => document.getElementById('third').solve()") == EASY_SOLUTION
    urls = [u.split("?")[0] for u in browser_helpers.request_log(context)]
    assert len([u for u in urls if u.startswith(site_server.url + "micropython/") and u.endswith("/micropython.wasm")]) == 1
    page.evaluate("() => document.getElementById('third').remove()")


def test_markup_in_attributes_stays_text_under_the_hosts_policy(first, page):
    # (test_widget_markup.py does this thoroughly on a page with no policy, where a slip would run.)
    first.evaluate("""(el) => { window.pwned = null;
        el.setAttribute('size', '<img src=x onerror="window.pwned=1">');
        el.setAttribute('controls', '<svg onload="window.pwned=2">');
        el.setAttribute('puzzle', '<img src=x onerror="window.pwned=3">'); }""")
    expect(first.get_by_role("status")).to_contain_text("Could not read that puzzle")
    assert first.evaluate("""(el) => document.querySelectorAll('body img, body svg').length
        + el.shadowRoot.querySelectorAll('img, svg, script').length""") == 0
    assert page.evaluate("() => window.pwned") is None


def test_nothing_breaks_the_hosts_policy_and_nothing_fails(page, browser_helpers):
    assert page.evaluate("() => cspViolations") == []
    assert browser_helpers.console_errors(page) == []


# -- a request that runs too long (last: it restarts the engine of the page) ----------------------------------
def test_a_request_past_the_time_limit_is_stopped_the_page_stays_usable_and_solves_again(page, site_server):
    # Checking an empty 25x25 grid takes the engine hundreds of ms (a quarter of a second in CPython, more in
    # WebAssembly): far past a 20 ms limit, which nothing quick depends on (clash marks have their own).
    page.evaluate("""(url) => import(url).then((m) => m.getEngine().configure({ timeoutMs: 20 }))""",
                  site_server.url + "engine.js")
    big = page.locator("#first")
    big.evaluate("(el) => { el.removeAttribute('readonly'); el.removeAttribute('controls'); el.size = '25x25'; }")
    expect(big.get_by_role("gridcell")).to_have_count(625)
    big.get_by_role("button", name="Check", exact=True).click()
    status = big.get_by_role("status")
    expect(status).to_contain_text("was stopped", timeout=30_000)
    expect(status).to_contain_text("Nothing in the grid was lost")

    # While the engine restarts the page answers and the board takes keys.
    other = page.locator("#second")
    other.evaluate("(el) => { el.puzzle = ''; }")
    cell(other, 1, 1).click()
    page.keyboard.press("3")
    expect(cell(other, 1, 1)).to_have_text("3")
    assert page.evaluate("() => 6 * 7") == 42
    assert page.locator("#first").get_attribute("size") == "25x25"

    page.evaluate("""(url) => import(url).then((m) => m.getEngine().configure({ timeoutMs: 30000 }))""",
                  site_server.url + "engine.js")
    expect(big).to_have_attribute("engine-state", "ready", timeout=90_000)
    big.evaluate(f"(el) => {{ el.size = '9x9'; el.puzzle = '{HARD}'; }}")
    big.get_by_role("button", name="Solve", exact=True).click()
    expect(status).to_have_text(re.compile(r"^Solved in "), timeout=30_000)
    assert shown(big) == HARD_SOLUTION


def _results_dir():
    from pathlib import Path
    out = Path(__file__).resolve().parents[2] / "test-results"
    out.mkdir(exist_ok=True)
    return out


def test_a_widget_from_a_sub_path_of_another_origin_finds_everything_beside_itself(
        tmp_path, site_dir, serve_directory, new_context, browser_helpers):
    solver = serve_directory(site_dir, prefix="/tools/sudoku/")
    (tmp_path / "favicon.ico").write_bytes(b"")
    (tmp_path / "page.html").write_text(f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>host</title><script type="module" src="{solver.url}sudoku-solver.js"></script></head>
<body><sudoku-solver puzzle="{EASY}"></sudoku-solver></body></html>""")
    host = serve_directory(tmp_path, csp=host_policy(solver.origin))
    context = new_context()
    page = context.new_page()
    page.goto(host.url + "page.html")
    widget = page.locator("sudoku-solver")
    wait_until_settled(widget)
    assert widget.evaluate("(el) => el.solve()") == EASY_SOLUTION
    requested = [u for u in browser_helpers.request_log(context) if not u.startswith(("blob:", host.url))]
    assert requested and all(u.startswith(solver.url) for u in requested)
