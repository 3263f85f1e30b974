"""The engine's two runtimes in real Chromium: MicroPython answers first, Pyodide behind it, and a person never
sees the switch: the same replies from both, no request lost or answered twice during the hand-over, a widget
that only solves and checks never downloads Pyodide, nor one that solves and hints a variant puzzle within the
light engine's share of search work, while a search past that share brings Pyodide (showing its download), and
a light worker that breaks is replaced at once."""
from __future__ import annotations

import json
import re
import time
from pathlib import Path

from playwright.sync_api import expect

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
SEVERAL = "....2.6.....3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
WRONG_GIVEN = "46" + HARD[2:]
SIXTEEN = (".7.3.A....E.9...CD5.86.4......A..6...DE...4A.F1........B......EC...C.8.F7B..1..DD2.....7.A.4......A..21.C."
           "5...7.....E.6..1...8F4..E...8.3.....2...G56.C.47.2.A...F...B....1C.986.4.A...2..D6....3B.47.....A12C...C.G"
           "..4..8......1.2...9D..C....BF.7.B..6D..5.G..")
VARIANTS = Path(__file__).resolve().parents[2] / "data" / "variants"


def variant(name: str, index: int) -> dict:
    """Puzzle `index` of data/variants/`name`.jsonl: {"givens", "rules", "solution"}."""
    return json.loads((VARIANTS / f"{name}.jsonl").read_text().splitlines()[index])


X = variant("x_9x9", 10)                   # 3 nodes: the light engine's to answer
KILLER = variant("killer_9x9", 0)          # 5 nodes, 386 cage deductions: the light engine's too
#: 1,227 nodes and 17,469 cage deductions, past the light engine's share of search work (LIGHT_VARIANT_WORK)
HARDEST_KILLER = variant("killer_9x9", 28)
#: Requests both runtimes answer, as the page sends them.
SHARED = [
    ("parse", {"text": "\n".join(HARD[r * 9:r * 9 + 9] for r in range(9))}),
    ("parse", {"text": HARD[:40] + "Z" + HARD[41:]}),
    ("solve", {"puzzle": HARD, "maxMs": 15000}),
    ("solve", {"puzzle": SEVERAL, "limit": 3}),
    ("solve", {"puzzle": "44" + HARD[2:]}),
    ("solve", {"puzzle": WRONG_GIVEN}),
    ("solve", {"puzzle": SIXTEEN}),
    ("solve", {"puzzle": "." * 36, "shape": "6x6:3x2", "limit": 2}),
    ("check", {"puzzle": HARD}),
    ("check", {"puzzle": SEVERAL}),
    ("check", {"puzzle": WRONG_GIVEN}),
    ("conflicts", {"puzzle": "44" + HARD[2:]}),
    ("solve", {"puzzle": HARD, "shape": "banana"}),
    ("solve", {"puzzle": X["givens"], "rules": X["rules"]}),
    ("check", {"puzzle": KILLER["givens"], "rules": KILLER["rules"]}),
    ("hint", {"puzzle": KILLER["givens"], "rules": KILLER["rules"]}),
]

_RUN = """async ([requests]) => {
  const { getEngine } = await import('./engine.js');
  const engine = getEngine();
  const replies = [];
  for (const [op, payload] of requests) {
    try {
      replies.push({ ok: true, result: await engine.request(op, payload) });
    } catch (e) {
      replies.push({ ok: false, error: { code: e.code, message: e.message, cells: e.cells } });
    }
  }
  return { replies, runtime: engine.info.runtime, runtimes: engine.runtimes };
}"""
_RUNTIMES = "async () => (await import('./engine.js')).peekEngine()?.runtimes ?? null"
_TIME = re.compile(r"\d+(\.\d+)? (ms|s)\b")


def comparable(value):
    """A reply without what depends on the machine: `ms` fields, and times inside sentences."""
    if isinstance(value, dict):
        return {k: comparable(v) for k, v in value.items() if k != "ms"}
    if isinstance(value, list):
        return [comparable(v) for v in value]
    return _TIME.sub("<time>", value) if isinstance(value, str) else value


def poll(page, script: str, timeout_s: float = 90):
    """Wait until `script` (a function) returns something true in the page; returns it. (The site's CSP forbids
    the eval that wait_for_function with a string needs.)"""
    deadline = time.monotonic() + timeout_s
    while True:
        value = page.evaluate(script)
        if value:
            return value
        assert time.monotonic() < deadline, f"waited {timeout_s} s for {script}"
        page.wait_for_timeout(100)


def wait_runtimes(page, want: dict, timeout_s: float = 90) -> dict:
    deadline = time.monotonic() + timeout_s
    while True:
        runtimes = page.evaluate(_RUNTIMES)
        if runtimes and all(runtimes[k] == v for k, v in want.items()):
            return runtimes
        assert time.monotonic() < deadline, f"runtimes {runtimes}, waited for {want}"
        page.wait_for_timeout(100)


def widget_with(new_context, site_server, puzzle: str):
    """A fresh context (no service worker) with one eager widget (its engine's default: Pyodide on demand),
    ready, holding `puzzle`: (context, page, the widget's locator)."""
    context = new_context(service_workers="block")
    page = context.new_page()
    page.goto(site_server.url + "element-test.html?near=eager")
    solver = page.locator("#near")
    expect(solver).to_have_attribute("engine-state", "ready", timeout=60_000)
    solver.evaluate("(el, line) => { el.puzzle = line; }", puzzle)
    return context, page, solver


def test_both_runtimes_give_the_same_replies(open_page, browser_helpers):
    light = open_page("engine-test.html?sw=0")
    full = open_page("engine-test.html?sw=0&light=0")
    by_light = light.evaluate(_RUN, [SHARED])
    by_full = full.evaluate(_RUN, [SHARED])
    assert (by_light["runtime"], by_full["runtime"]) == ("micropython", "pyodide")
    assert by_light["runtimes"]["full"] == "off"              # none of these needed Pyodide
    assert by_light["replies"][2]["result"]["solution"] == HARD_SOLUTION
    for (op, payload), a, b in zip(SHARED, by_light["replies"], by_full["replies"]):
        assert comparable(a) == comparable(b), (op, payload)


def test_a_widget_that_only_solves_and_checks_never_downloads_pyodide(new_context, site_server, browser_helpers):
    context, page, solver = widget_with(new_context, site_server, HARD)
    solver.get_by_role("button", name="Solve", exact=True).click()
    expect(solver.get_by_role("status")).to_contain_text("Solved")
    solver.get_by_role("button", name="Clear", exact=True).click()
    solver.evaluate("(el, line) => { el.puzzle = line; }", SEVERAL)
    solver.get_by_role("button", name="Check", exact=True).click()
    expect(solver.get_by_role("status")).to_contain_text("more than one solution")
    solver.get_by_role("gridcell", name=re.compile(r"^Row 1, column 1(,|$)")).click()
    page.keyboard.press("2")                                   # a clash with r1c5: marked live
    expect(solver.get_by_role("gridcell", name=re.compile(r"^Row 1, column 1(,|$)"))).to_have_attribute("aria-invalid", "true")
    page.wait_for_timeout(3000)                                # and nothing comes later, when idle
    urls = browser_helpers.request_log(context)
    assert [u for u in urls if "/micropython/" in u]
    assert not [u for u in urls if "/pyodide/" in u or "/worker.js" in u]
    assert page.evaluate(_RUNTIMES) == {"light": "ready", "full": "off"}


def test_the_page_solves_and_hints_from_micropython_and_never_loads_pyodide_for_it(new_context, site_server,
                                                                                  browser_helpers):
    context = new_context(service_workers="block")
    asked = []                                                 # Pyodide must not be asked for at all
    context.route("**/pyodide/**", lambda route: (asked.append(route.request.url), route.abort()))
    page = context.new_page()
    page.goto(f"{site_server.url}#{HARD}")
    solver = page.locator("sudoku-solver")
    page.evaluate("() => { window.hints = []; document.addEventListener('sudoku-solver-hint', (e) => hints.push(e.detail)); }")
    solver.get_by_role("button", name="Hint", exact=True).click()
    poll(page, "() => window.hints.length > 0")
    assert page.evaluate("() => window.hints[0].step.technique")
    solver.get_by_role("button", name="Solve", exact=True).click()
    expect(solver.get_by_role("status")).to_contain_text("Solved", timeout=60_000)
    page.wait_for_timeout(1500)                                # idle: nothing more is fetched
    assert page.evaluate("async () => (await import('./engine.js')).peekEngine().info.runtime") == "micropython"
    assert asked == [] and page.evaluate(_RUNTIMES) == {"light": "ready", "full": "off"}
    assert browser_helpers.console_errors(page) == []


def test_a_variant_puzzle_is_hinted_and_solved_by_micropython_without_pyodide(new_context, site_server,
                                                                             browser_helpers):
    context, page, solver = widget_with(new_context, site_server, X["givens"])
    asked = []                                                 # Pyodide must not be asked for at all
    context.route("**/pyodide/**", lambda route: (asked.append(route.request.url), route.abort()))
    page.evaluate("() => { window.hints = []; document.addEventListener('sudoku-solver-hint', (e) => hints.push(e.detail)); }")
    solver.evaluate("(el, rules) => { el.rules = rules; }", X["rules"])
    solver.get_by_role("button", name="Hint", exact=True).click()
    poll(page, "() => window.hints.length > 0")
    assert page.evaluate("() => window.hints[0].step.technique")
    solver.get_by_role("button", name="Solve", exact=True).click()
    expect(solver.get_by_role("status")).to_contain_text("Solved", timeout=60_000)
    assert solver.evaluate("(el) => el.solution") == X["solution"]
    page.wait_for_timeout(1500)                                # idle: nothing more is fetched
    assert asked == [] and page.evaluate(_RUNTIMES) == {"light": "ready", "full": "off"}
    assert browser_helpers.console_errors(page) == []


def test_a_search_past_the_light_engine_s_share_brings_pyodide_and_shows_its_download(new_context, site_server,
                                                                                      browser_helpers):
    context, page, solver = widget_with(new_context, site_server, HARDEST_KILLER["givens"])
    cdp = context.new_cdp_session(page)                        # a 10 Mbps line: the 4 MB take a few seconds
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 40,
                                                  "downloadThroughput": 10e6 / 8, "uploadThroughput": 5e6 / 8})
    page.evaluate("() => { window.hints = []; document.addEventListener('sudoku-solver-hint', (e) => hints.push(e.detail)); }")
    solver.evaluate("(el, rules) => { el.rules = rules; }", HARDEST_KILLER["rules"])  # the light engine hands it on
    solver.get_by_role("button", name="Hint", exact=True).click()
    expect(solver.locator("[part=progress]")).to_contain_text(re.compile(r"Downloading the solver: \d+\.\d of \d+\.\d MB"),
                                                              timeout=30_000)
    poll(page, "() => window.hints.length > 0")
    assert page.evaluate("() => window.hints[0].step.technique")
    expect(solver.locator("[part=progress]")).to_be_hidden()
    assert page.evaluate(_RUNTIMES) == {"light": "off", "full": "ready"}


def test_requests_during_the_hand_over_are_each_answered_once(new_context, site_server):
    context = new_context(service_workers="block")
    page = context.new_page()
    page.goto(site_server.url + "engine-test.html?sw=0&fullEngine=now")
    result = page.evaluate("""async ([puzzle]) => {
      const engine = window.sudokuEngine;
      const answered = [];
      engine.addEventListener('answered', (e) => answered.push(e.detail.runtime));
      const asks = [];
      while (engine.runtimes.full !== 'ready' || asks.length < 5) {
        asks.push(engine.request('solve', { puzzle, limit: 1 }).then((r) => r.solution, (e) => e.code));
        await new Promise((r) => setTimeout(r, 25));
        if (asks.length > 5000) break;
      }
      for (let k = 0; k < 5; k += 1) asks.push(engine.request('solve', { puzzle, limit: 1 }).then((r) => r.solution));
      const solutions = await Promise.all(asks);
      return { solutions, answered };
    }""", [HARD])
    solutions, answered = result["solutions"], result["answered"]
    assert set(solutions) == {HARD_SOLUTION}
    assert len(answered) == len(solutions)                    # each answered once, none lost
    assert answered[0] == "micropython" and answered[-1] == "pyodide"
    switch = answered.index("pyodide")
    assert set(answered[switch:]) == {"pyodide"}              # one hand-over, never back


def test_a_light_worker_that_breaks_is_replaced_at_once(new_context, site_server, browser_helpers):
    context = new_context(service_workers="block")
    page = context.new_page()
    page.goto(site_server.url + "engine-test.html?sw=0")
    browser_helpers.wait_for_engine(page)
    worker = next(w for w in page.workers if "worker-micropython" in w.url)
    started = time.monotonic()
    worker.evaluate("() => { setTimeout(() => { throw new Error('boom'); }); }")
    poll(page, "() => window.sudokuEngine.runtimes.light !== 'ready' || window.sudokuEngine.info.restarted", 5)
    info = browser_helpers.wait_for_engine(page)
    wait_runtimes(page, {"light": "ready"}, timeout_s=10)
    assert time.monotonic() - started < 10
    reply = browser_helpers.engine_request(page, "solve", {"puzzle": HARD})
    assert reply["ok"] and reply["result"]["solution"] == HARD_SOLUTION
    assert info["runtime"] == "micropython"


def test_a_browser_that_asks_to_save_data_stays_on_the_light_engine(new_context, site_server):
    context = new_context(service_workers="block")
    context.add_init_script("Object.defineProperty(navigator, 'connection', { value: { saveData: true } });")
    page = context.new_page()
    page.goto(f"{site_server.url}#{HARD}")
    solver = page.locator("sudoku-solver")
    solver.get_by_role("button", name="Solve", exact=True).click()
    expect(solver.get_by_role("status")).to_contain_text("Solved", timeout=60_000)
    page.wait_for_timeout(4000)
    assert page.evaluate(_RUNTIMES) == {"light": "ready", "full": "off"}
