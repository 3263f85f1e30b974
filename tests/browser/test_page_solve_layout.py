"""The Solve page holds still while it loads.

* Nothing moves from the first paint until the engine is ready and a first Solve has answered: the layout shifts
  Chromium reports (the `layout-shift` entries Lighthouse sums into CLS), on a fresh load with a puzzle in the URL,
  stay under 0.05 in all, on a phone (375x667), on Lighthouse's mobile screen (412x823) and on a desktop
  (1280x800). Shifts flagged as right after input count too (CLS leaves those out, and the mobile emulation flags
  the first ones so).
* The room held is the room taken, whatever comes late: before <sudoku-solver> is defined the page holds the height
  it takes once drawn (app.css), the element holds the rules bar's room until rules-editor.js comes, and the
  engine's progress keeps its room once the engine is ready (solver-style.js). These are checked as heights and
  positions too, since below the fold a wrong room moves nothing a layout shift would count.

Each load is paused where something would come late: the element's module, the rules bar's module and the engines'
downloads are held back, then let go one after the other, with frames painted in between.
"""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."

# Runs before the page's scripts (an init script is not subject to the page's CSP).
SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.__shifts.push({ value: entry.value, afterInput: entry.hadRecentInput, at: Math.round(entry.startTime),
      moved: (entry.sources || []).map((s) => `${s.node ? (s.node.id || s.node.className || s.node.nodeName) : '?'}: `
        + `${JSON.stringify(s.previousRect)} -> ${JSON.stringify(s.currentRect)}`) });
  }
}).observe({ type: 'layout-shift', buffered: true });
"""
NEXT_FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 100))))"
# Where the element and its late parts are (page coordinates; null for a part not there yet).
PLACES = """() => {
  const solver = document.getElementById('solver');
  const top = (node) => node ? Math.round((node.getBoundingClientRect().top + scrollY) * 10) / 10 : null;
  const part = (selector) => top(solver.shadowRoot?.querySelector(selector));
  return { height: Math.round(solver.getBoundingClientRect().height * 10) / 10, below: top(document.querySelector('.share')),
    bar: part('.rules-bar'), pad: part('.pad'), status: part('.status') };
}"""
PHONE = {"viewport": {"width": 375, "height": 667}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
# Lighthouse's mobile run (a Moto G Power).
LIGHTHOUSE_MOBILE = {"viewport": {"width": 412, "height": 823}, "is_mobile": True, "has_touch": True,
                     "device_scale_factor": 1.75}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
HELD = {"element": "**/sudoku-solver.js*", "rules bar": "**/rules-editor.js*"}


def hold(routes: list):
    """A route handler that keeps each request unanswered in `routes`."""
    return lambda route: routes.append(route)


def let_go(context, pattern: str, routes: list) -> None:
    context.unroute(pattern)
    for route in routes:
        route.continue_()
    routes.clear()


@pytest.mark.parametrize("options", [PHONE, LIGHTHOUSE_MOBILE, DESKTOP],
                         ids=["phone-375x667", "lighthouse-mobile-412x823", "desktop-1280x800"])
def test_nothing_moves_while_the_solve_page_loads(new_context, site_server, browser_helpers, options):
    context = new_context(**options)
    engines = browser_helpers.HeldRuntimes(context)
    held = {name: [] for name in HELD}
    for name, pattern in HELD.items():
        context.route(pattern, hold(held[name]))   # not answered until let go
    page = context.new_page()
    page.add_init_script(SHIFTS)
    page.goto(site_server.url + "index.html#" + EASY, wait_until="commit")
    solver = page.locator("sudoku-solver")
    expect(page.locator(".share")).to_be_attached()
    page.evaluate(NEXT_FRAMES)

    # 1. The page's markup and stylesheet, the element not defined yet: the room it will take is held.
    assert held["element"], "sudoku-solver.js was not asked for"
    assert not page.evaluate("() => !!customElements.get('sudoku-solver')")
    placeholder = page.evaluate(PLACES)

    # 2. The element drawn, loading its engine, its rules bar not there yet.
    let_go(context, HELD["element"], held["element"])
    expect(solver.get_by_role("progressbar", name="Loading the solver engine")).to_be_visible()
    expect(solver.get_by_role("gridcell", name="Row 1, column 3, 3")).to_be_visible()
    page.evaluate(NEXT_FRAMES)
    assert held["rules bar"], "rules-editor.js was not asked for"
    drawn = page.evaluate(PLACES)
    assert drawn["bar"] is None

    # 3. The rules bar comes, then the engine: the progress goes, its room stays.
    let_go(context, HELD["rules bar"], held["rules bar"])
    expect(solver.get_by_role("group", name="Rules", exact=True)).to_be_visible()
    page.evaluate(NEXT_FRAMES)
    with_bar = page.evaluate(PLACES)
    engines.release()
    expect(solver).to_have_attribute("engine-state", "ready", timeout=90_000)
    expect(solver.get_by_role("progressbar")).to_be_hidden()
    page.evaluate(NEXT_FRAMES)
    ready = page.evaluate(PLACES)

    # 4. A first Solve: the solution and its status line.
    solver.get_by_role("button", name="Solve", exact=True).click()
    expect(solver.get_by_role("status")).to_contain_text("Solved in", timeout=60_000)
    page.evaluate(NEXT_FRAMES)
    solved = page.evaluate(PLACES)

    shifts = page.evaluate("() => window.__shifts")
    total = sum(shift["value"] for shift in shifts)
    assert total < 0.05, f"the page moved by {total:.3f} in all:\n" + "\n".join(json.dumps(s) for s in shifts)

    stages = {"before the element": placeholder, "drawn": drawn, "with its rules bar": with_bar, "ready": ready,
              "solved": solved}
    report = "\n".join(f"{name}: {places}" for name, places in stages.items())
    for name, places in stages.items():
        assert places["height"] == pytest.approx(ready["height"], abs=1), f"the element's height changed ({name}):\n{report}"
        assert places["below"] == pytest.approx(ready["below"], abs=1), f"what is below it moved ({name}):\n{report}"
    for name in ("drawn", "with its rules bar", "solved"):
        for part in ("pad", "status"):
            assert stages[name][part] == pytest.approx(ready[part], abs=1), f"the {part} moved ({name}):\n{report}"
    assert not browser_helpers.console_errors(page)
