#!/usr/bin/env python3
"""Browser benchmark: how fast the built site starts and answers, in headless Chromium.

    python bench/browser_bench.py [--site dist/site] [--puzzles 100] [--hint-only] [--json bench/out/browser.json]

Against dist/site served locally (build/serve.py, gzip copies on), it prints:
  * board usable: navigation start -> the first `role=gridcell` of <sudoku-solver> is in the page,
  * first visits, a fresh profile on three connections (localhost, 10 Mbps, Lighthouse's 1.6 Mbps mobile
    profile), to the page (puzzle in the URL; Solve, and then Hint, pressed at once; an X-Sudoku likewise), to a widget
    (embed-demo.html) and to Play (its first game): the first answer, which engine gave it, whether the full
    engine came, bytes before the answer and in the whole visit,
  * engine ready, cold: a fresh browser profile (empty HTTP cache, no service worker),
  * engine ready, warm: a persistent profile after one visit (service worker + HTTP cache), median of 3,
  * the bare Pyodide runtime's own ready time (`loadPyodide()` and nothing else, on a page of a second
    local origin), cold and warm, measured in the same run for comparison,
  * click-to-solution on samples of the 17-clue and forum-hardest sets: set the puzzle, click Solve,
    time until the solution is on the board (the element's `sudoku-solver-found` event: median, p90,
    p99, max) and until its solutions are counted too (`sudoku-solver-solved`), and, for the same
    puzzles, the engine round trip (`engine.request('solve')`) and the Python solve time alone: on the
    light engine (MicroPython, in embed.html, which never loads more) and on the full one (the page once
    Pyodide has taken over); and the first ten clicks after each one's start (the first costs what the
    tenth does: what is built on first use is built before 'ready'),
  * click-to-hint on diabolical puzzles (Sudoku Exchange's set): set the puzzle, click Hint, time until
    the `sudoku-solver-hint` event of the first press; at the start and at the grid where the engine's path
    takes its hardest step; plus, at that hardest position with its pencil marks, the `hint` request's
    round trip and the Python time inside Pyodide (its `ms`). `--hint-only` measures just these,
  * bytes the server sent on a first visit (bodies, gzip where the browser accepts it): until the
    engine is ready, and after the service worker has pre-cached the build.
Times are `performance.now()` in the page (from navigation start). One run, one machine: ranges matter
more than digits. Datasets come from data/ (else /work/shared/puzzles); samples are seeded.
"""
from __future__ import annotations

import argparse
import gzip
import json
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))
import serve  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
DATASETS = {"17-clue": "17_clue.txt", "forum hardest": "forum_hardest_1106.txt"}
sys.path.insert(0, str(ROOT / "bench"))

# Records when the board first has a cell (runs before the page's own scripts; CSP does not apply).
BOARD_PROBE = """(() => {
  const look = () => {
    const el = document.querySelector('sudoku-solver');
    if (el && el.shadowRoot && el.shadowRoot.querySelector('[role=gridcell]')) {
      window.__boardAt = performance.now();
      return;
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();"""

ENGINE_STATE = """async (url) => {
  const { getEngine } = await import(url);
  const e = getEngine();
  return { state: e.state, info: e.info, failure: e.failure || null };
}"""

CLICK_TO_SOLUTION = """async (puzzles) => {
  const el = document.querySelector('sudoku-solver');
  const button = el.shadowRoot.querySelector('[data-action=solve]');
  const shown = [], times = [];
  let wrong = 0;
  for (const puzzle of puzzles) {
    el.puzzle = puzzle;
    await new Promise((r) => setTimeout(r, 80));  // let the live clash check of the edit finish
    let foundAt = null;
    const found = () => { foundAt = performance.now(); };
    el.addEventListener('sudoku-solver-found', found, { once: true });
    const done = new Promise((resolve) => {
      const ok = (e) => { off(); resolve(e.detail.solution); };
      const bad = (e) => { off(); resolve(null); };
      const off = () => { el.removeEventListener('sudoku-solver-solved', ok); el.removeEventListener('sudoku-solver-error', bad); };
      el.addEventListener('sudoku-solver-solved', ok);
      el.addEventListener('sudoku-solver-error', bad);
    });
    const t0 = performance.now();
    button.click();
    const solution = await done;
    const t1 = performance.now();
    el.removeEventListener('sudoku-solver-found', found);
    times.push(t1 - t0);
    shown.push((foundAt ?? t1) - t0);
    if (!solution || solution.includes('.')) wrong += 1;
  }
  return { shown, times, wrong };
}"""

ENGINE_ROUND_TRIP = """async ([url, puzzles]) => {
  const { getEngine } = await import(url);
  const engine = getEngine();
  await engine.ready;
  const trip = [], python = [];
  for (const puzzle of puzzles) {
    const t0 = performance.now();
    const r = await engine.request('solve', { puzzle, limit: 2 });
    trip.push(performance.now() - t0);
    python.push(r.ms);
  }
  return { trip, python };
}"""

CLICK_TO_HINT = """async (puzzles) => {
  const el = document.querySelector('sudoku-solver');
  const button = el.shadowRoot.querySelector('[data-action=hint]');
  const times = [];
  let failed = 0;
  for (const puzzle of puzzles) {
    el.puzzle = puzzle;
    await new Promise((r) => setTimeout(r, 80));  // let the live clash check of the edit finish
    const done = new Promise((resolve) => {
      const ok = (e) => { off(); resolve(e.detail); };
      const bad = () => { off(); resolve(null); };
      const off = () => { el.removeEventListener('sudoku-solver-hint', ok); el.removeEventListener('sudoku-solver-error', bad); };
      el.addEventListener('sudoku-solver-hint', ok);
      el.addEventListener('sudoku-solver-error', bad);
    });
    const t0 = performance.now();
    button.click();
    const detail = await done;
    times.push(performance.now() - t0);
    if (!detail || detail.stage !== 1) failed += 1;
  }
  return { times, failed };
}"""

HINT_ROUND_TRIP = """async ([url, cases]) => {
  const { getEngine } = await import(url);
  const engine = getEngine();
  await engine.ready;
  const trip = [], python = [];
  for (const [puzzle, candidates, givens] of cases) {
    const t0 = performance.now();
    const r = await engine.request('hint', { puzzle, candidates, givens, shape: '9x9' });
    trip.push(performance.now() - t0);
    python.push(r.ms);
  }
  return { trip, python };
}"""

BARE_HTML = """<!doctype html><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module" src="bare.js"></script><p id="out">loading</p>"""
BARE_JS = """const { loadPyodide } = await import('./pyodide/pyodide.mjs');
const py = await loadPyodide({ indexURL: new URL('./pyodide/', location.href).href });
py.runPython('1 + 1');
window.__bareReady = performance.now();
document.getElementById('out').textContent = 'ready';
"""


class ByteCounter:
    """What the local server sends: body bytes per URL and every response's status (wrapping the handler)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.take()
        counter = self

        def copyfile(handler, source, outputfile):  # noqa: ANN001, ANN202
            data = source.read()
            outputfile.write(data)
            with counter.lock:
                counter.sent[handler.path] = counter.sent.get(handler.path, 0) + len(data)

        original_send_response = serve.PrecompressedHandler.send_response

        def send_response(handler, code, message=None):  # noqa: ANN001, ANN202
            with counter.lock:
                counter.responses.append((handler.path, code))
            original_send_response(handler, code, message)

        serve.PrecompressedHandler.copyfile = copyfile
        serve.PrecompressedHandler.send_response = send_response

    def take(self) -> "dict":
        """{"bytes": total, "files": {url: bytes}, "responses": [(url, status)]} since the last take."""
        with self.lock:
            sent, responses = getattr(self, "sent", {}), getattr(self, "responses", [])
            self.sent, self.responses = {}, []
        return {"bytes": sum(sent.values()), "files": sent, "responses": responses}


def start_server(directory: Path, csp: "str | None" = serve.CSP):
    server = serve.make_server(str(directory), 0, quiet=True, csp=csp)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def read_puzzles(name: str) -> "list[str]":
    for folder in (ROOT / "data", Path("/work/shared/puzzles")):
        for candidate in (folder / name, folder / (name + ".gz")):
            if candidate.exists():
                raw = candidate.read_bytes()
                text = (gzip.decompress(raw) if candidate.suffix == ".gz" else raw).decode()
                lines = [line.strip().split()[0] for line in text.splitlines()
                         if line.strip() and not line.startswith("#")]
                return [line for line in lines if len(line) == 81]
    raise SystemExit(f"dataset {name} not found in data/ or /work/shared/puzzles")


#: The engine module under the URL the site's pages use (set from version.json), so the bench's own probes
#: share the page's module and add no download.
ENGINE_JS = "engine.js"


def wait_ready(page, timeout_s: float = 120) -> dict:
    url = page.url.split("#")[0].split("?")[0].rsplit("/", 1)[0] + "/" + ENGINE_JS
    deadline = time.monotonic() + timeout_s
    while True:
        status = page.evaluate(ENGINE_STATE, url)
        if status["state"] == "ready":
            return status["info"]
        if status["state"] == "failed" or time.monotonic() > deadline:
            raise SystemExit(f"engine did not start: {status}")
        page.wait_for_timeout(20)


def wait_board(page, timeout_s: float = 30) -> float:
    deadline = time.monotonic() + timeout_s
    while True:
        at = page.evaluate("() => window.__boardAt ?? null")
        if at is not None:
            return at
        if time.monotonic() > deadline:
            raise SystemExit("the board never appeared")
        page.wait_for_timeout(10)


def wait_service_worker(page) -> None:
    page.evaluate("""async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
      }
    }""")


#: Chromium's network emulation (CDP Network.emulateNetworkConditions): None is the plain local connection.
#: 10 Mbps / 40 ms is a fair home line; 1.6 Mbps / 150 ms is Lighthouse's mobile ("slow 4G") profile.
CONNECTIONS = {
    "localhost": None,
    "10 Mbps, 40 ms": {"downloadThroughput": 10e6 / 8, "uploadThroughput": 5e6 / 8, "latency": 40},
    "1.6 Mbps, 150 ms": {"downloadThroughput": 1.6e6 / 8, "uploadThroughput": 0.75e6 / 8, "latency": 150},
}
#: Records when the first answer is on the page: a solution on the board (the element's `sudoku-solver-found`
#: event), a hint's first press (`sudoku-solver-hint`), or Play's first game (a given on its board).
FOUND_PROBE = """(() => {
  const answered = () => {
    window.__foundAt ??= performance.now();
    window.__foundEpoch ??= Date.now();
  };
  document.addEventListener('sudoku-solver-found', answered, true);
  document.addEventListener('sudoku-solver-hint', answered, true);
  if (location.pathname.endsWith('/play.html')) {
    const look = () => (document.querySelector('[role=grid] .given') ? answered() : requestAnimationFrame(look));
    requestAnimationFrame(look);
  }
})();"""


#: Where a person meets the solver: the site's page (Solve pressed at once), and a page of the embedding demo
#: whose first widget a visitor uses to solve (`embed-demo.html`, as a site that embeds it).
#: Then the same page with Hint pressed at once instead, and Play, whose first visit makes a Medium game by itself.
#: name -> (path, the element whose button is pressed, the button; None for Play, which needs no press)
VISITS = {"page": ("", "sudoku-solver", "solve"), "widget": ("embed-demo.html", "#plain", "solve"),
          "page, Hint": ("", "sudoku-solver", "hint"), "Play": ("play.html", None, None),
          "X-Sudoku, Solve": ("", "sudoku-solver", "solve"), "X-Sudoku, Hint": ("", "sudoku-solver", "hint")}
#: The variant visits' puzzle: an X-Sudoku of data/variants (its rules in the page's link form: `;x`).
X_SUDOKU = json.loads((ROOT / "data" / "variants" / "x_9x9.jsonl").read_text().splitlines()[10])["givens"] + ";x"
#: When the full engine (Pyodide) took over, if it did: polled after the first solution.
RUNTIMES = """async () => {
  const engine = (await import('./engine.js')).peekEngine();
  return engine ? { runtimes: engine.runtimes, runtime: engine.info?.runtime ?? null, now: performance.now() } : null;
}"""


def first_visit(p, server, counter, conditions: "dict | None", puzzle: str, visit: str = "page",
                timeout_s: float = 180) -> dict:
    """A person's first visit: a fresh profile, Solve (or Hint) pressed as soon as it can be (the puzzle in the
    URL of the page; the widget's own puzzle), or Play's first game. Times from navigation start; bytes as the
    server sent them (brotli where the browser accepts it) until the first answer is on the page, then until
    the page is done: the service worker's pre-cache filled (the page), or 5 s of nothing more."""
    path, selector, button = VISITS[visit]
    with tempfile.TemporaryDirectory(prefix="bench-first-visit-") as profile:
        context = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS,
                                                       service_workers="allow")
        context.add_init_script(BOARD_PROBE)
        context.add_init_script(FOUND_PROBE)
        page = context.pages[0] if context.pages else context.new_page()
        requests: list = []                      # the page's and its workers' requests, to tell which came first
        context.on("request", lambda request: requests.append(request))
        if conditions:
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", {"offline": False, **conditions})
        counter.take()
        if visit.startswith("X-Sudoku"):
            puzzle = X_SUDOKU
        page.goto(f"{server.url}{path}" + (f"#{puzzle}" if path == "" else ""), timeout=timeout_s * 1000)
        if button is not None:
            page.locator(selector).locator(f"[data-action={button}]").click(timeout=timeout_s * 1000)
        deadline = time.monotonic() + timeout_s
        found = None
        while found is None and time.monotonic() < deadline:
            page.wait_for_timeout(50)
            found = page.evaluate("() => window.__foundAt ?? null")
        answered_by = page.evaluate(RUNTIMES)["runtime"] if found is not None else None
        found_epoch = page.evaluate("() => window.__foundEpoch ?? null")
        board = wait_board(page) if button is not None else None
        info = wait_ready(page, timeout_s) if found is not None else {"readyAt": None, "timings": {}}
        if found is not None and visit == "page":
            wait_service_worker(page)
        elif found is not None:
            page.wait_for_timeout(5000)
        state = page.evaluate(RUNTIMES)
        full_ms = state["now"] if state and state["runtimes"]["full"] == "ready" else None
        sent = counter.take()
        # What was asked for before the solution showed (the server may have sent more by then: the bytes of a
        # request made just after are in flight while Chromium's emulated line delivers them).
        early = {urlsplit(r.url).path + (f"?{urlsplit(r.url).query}" if urlsplit(r.url).query else "")
                 for r in requests if found_epoch is not None and 0 < r.timing["startTime"] <= found_epoch}
        context.close()
    files = sent["files"]
    fetched: dict = {}
    for url, status in sent["responses"]:
        fetched.setdefault(url, []).append(status)
    return {"found_ms": found, "answered_by": answered_by, "board_ms": board, "ready_ms": info["readyAt"],
            "full_ms": full_ms, "timings": info["timings"],
            "bytes_before_solution": sum(n for url, n in files.items() if url in early),
            "bytes_first_visit": sent["bytes"],
            "files": files, "fetched_twice": {url: codes for url, codes in fetched.items() if len(codes) > 1}}


def pct(values: "list[float]", q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def summary(values: "list[float]") -> dict:
    return {"n": len(values), "median": statistics.median(values), "p90": pct(values, 0.90),
            "p99": pct(values, 0.99), "max": max(values)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=str(ROOT / "dist" / "site"))
    parser.add_argument("--puzzles", type=int, default=100, help="puzzles sampled from each set")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", default=str(ROOT / "bench" / "out" / "browser.json"))
    parser.add_argument("--hint-only", action="store_true", help="measure only the hint figures")
    parser.add_argument("--first-visit-only", action="store_true", help="measure only the first visits")
    args = parser.parse_args()
    if args.hint_only:
        return hint_only(args)
    site = Path(args.site)
    if not (site / "index.html").exists():
        raise SystemExit(f"{site} has no index.html: run `make site` first")
    from playwright.sync_api import sync_playwright

    counter = ByteCounter()
    server = start_server(site)
    bare_dir = Path(tempfile.mkdtemp(prefix="bare-pyodide-"))
    (bare_dir / "bare.html").write_text(BARE_HTML)
    (bare_dir / "bare.js").write_text(BARE_JS)
    (bare_dir / "favicon.ico").write_bytes(b"")
    (bare_dir / "pyodide").symlink_to(ROOT / "node_modules" / "pyodide")
    bare_server = start_server(bare_dir, csp=None)
    version = json.loads((site / "version.json").read_text())
    global ENGINE_JS
    ENGINE_JS = f"engine.js?v={version['version']}"
    rng = random.Random(args.seed)
    samples = {label: rng.sample(read_puzzles(name), min(args.puzzles, len(read_puzzles(name))))
               for label, name in DATASETS.items()}
    results: dict = {"build": version["version"]}

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)

        # -- first visits: a fresh profile on three connections -----------------------------------------
        results["first_visit"] = {f"{visit}, {name}": first_visit(p, server, counter, conditions,
                                                                    samples["17-clue"][0], visit)
                                  for visit in VISITS for name, conditions in CONNECTIONS.items()}
        if args.first_visit_only:
            report_first_visits(results["first_visit"])
            return 0
        local = results["first_visit"]["page, localhost"]
        results["cold"] = {"board_ms": local["board_ms"], "ready_ms": local["ready_ms"], "timings": local["timings"]}

        # -- the bare runtime, cold and warm (same origin setup as ours: files from the site) -------------
        context = browser.new_context()
        page = context.new_page()
        bare = []
        for _ in range(2):
            page.goto(f"{bare_server.url}bare.html")
            page.wait_for_selector("#out:text('ready')", timeout=120000)
            bare.append(page.evaluate("() => window.__bareReady"))
        results["bare_pyodide"] = {"cold_ms": bare[0], "warm_ms": bare[1]}
        context.close()

        # -- warm: a persistent profile after one visit -------------------------------------------------
        with tempfile.TemporaryDirectory(prefix="bench-profile-") as profile:
            context = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS,
                                                           service_workers="allow")
            context.add_init_script(BOARD_PROBE)
            page = context.new_page()
            page.goto(server.url)
            wait_ready(page)
            wait_service_worker(page)
            page.close()
            warm_ready, warm_board = [], []
            counter.take()
            for _ in range(3):
                page = context.new_page()
                page.goto(server.url)
                warm_board.append(wait_board(page))
                warm_ready.append(wait_ready(page)["readyAt"])
                page.close()
            results["warm"] = {"board_ms": statistics.median(warm_board), "ready_ms": statistics.median(warm_ready),
                               "ready_all_ms": warm_ready, "bytes_per_visit": counter.take()["bytes"] // 3}

            # -- click to solution on the light engine (embed.html: a widget that loads nothing more) ------------
            page = context.new_page()
            page.goto(server.url + "embed.html")
            wait_ready(page)
            results["first_clicks"] = {"micropython": page.evaluate(CLICK_TO_SOLUTION, samples["17-clue"][:10])["shown"]}
            results["light"] = {}
            for label, puzzles in samples.items():
                clicks = page.evaluate(CLICK_TO_SOLUTION, puzzles)
                results["light"][label] = {"click": summary(clicks["shown"]), "wrong": clicks["wrong"]}
            page.close()

            # -- click to solution on the full engine: the warm page, once Pyodide has taken over -----------
            page = context.new_page()
            page.goto(server.url)
            wait_ready(page)
            page.evaluate(CLICK_TO_SOLUTION, samples["17-clue"][10:11])  # the first answer, which brings Pyodide in
            while page.evaluate(RUNTIMES)["runtimes"]["full"] != "ready":
                page.wait_for_timeout(50)
            engine_url = server.url + ENGINE_JS
            results["first_clicks"]["pyodide"] = page.evaluate(CLICK_TO_SOLUTION, samples["17-clue"][:10])["shown"]
            results["solve"] = {}
            for label, puzzles in samples.items():
                clicks = page.evaluate(CLICK_TO_SOLUTION, puzzles)
                engine = page.evaluate(ENGINE_ROUND_TRIP, [engine_url, puzzles])
                results["solve"][label] = {"click": summary(clicks["shown"]), "counted": summary(clicks["times"]),
                                           "wrong": clicks["wrong"],
                                           "round_trip": summary(engine["trip"]), "python": summary(engine["python"])}
            results["hint"] = measure_hints(page, engine_url, args.puzzles, args.seed)
            context.close()
        browser.close()
    server.shutdown()
    bare_server.shutdown()
    report(results)
    out = Path(args.json)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=1) + "\n")
    print(f"\n(raw figures in {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out})")
    return 0


def measure_hints(page, engine_url: str, count: int, seed: int) -> dict:
    """Click-to-hint at the start and at the hardest position; the hint request with that position's marks."""
    from hint_bench import midgame, sample

    puzzles = sample(count, seed)
    hardest = [(*midgame(p), p) for p in puzzles]
    page.evaluate(CLICK_TO_HINT, puzzles[:3])  # warm-up
    start = page.evaluate(CLICK_TO_HINT, puzzles)
    middle = page.evaluate(CLICK_TO_HINT, [line for line, _, _ in hardest])
    engine = page.evaluate(HINT_ROUND_TRIP, [engine_url, [list(case) for case in hardest]])
    return {"click_start": summary(start["times"]), "click_hardest": summary(middle["times"]),
            "failed": start["failed"] + middle["failed"],
            "round_trip_hardest": summary(engine["trip"]), "python_hardest": summary(engine["python"])}


def hint_only(args) -> int:
    from playwright.sync_api import sync_playwright

    server = start_server(Path(args.site))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page()
        page.goto(server.url)
        wait_ready(page)
        hints = measure_hints(page, server.url + ENGINE_JS, args.puzzles, args.seed)
        browser.close()
    server.shutdown()
    report_hints(hints)
    return 0


def report_hints(h: dict) -> None:
    print("| hint, diabolical puzzles (ms)               | n   | median | p90    | p99    | max    |")
    print("| ------------------------------------------- | --- | ------ | ------ | ------ | ------ |")
    rows = (("click to first press, at the start", h["click_start"]),
            ("click to first press, at the hardest grid", h["click_hardest"]),
            ("hint request at the hardest, with marks", h["round_trip_hardest"]),
            ("  of which Python (Pyodide)", h["python_hardest"]))
    for label, s in rows:
        print(f"| {label:43} | {s['n']:3} | {s['median']:6.1f} | {s['p90']:6.1f} | {s['p99']:6.1f} | {s['max']:6.1f} |")
    if h["failed"]:
        print(f"{h['failed']} hints did not arrive")


def report_first_visits(visits: dict) -> None:
    mb = lambda n: f"{n / 1e6:.2f} MB"  # noqa: E731
    seconds = lambda ms: f"{ms / 1000:.1f} s" if ms is not None else "-"  # noqa: E731
    print("First visit: a fresh profile, Solve pressed at once (the page with the puzzle in its URL; the widget of "
          "embed-demo.html), or Hint, or Play's first game (Medium); Chromium's network emulation; bytes as sent, "
          "brotli where accepted")
    print()
    print("| visit, connection         |   first answer | answered by | engine ready | full engine in | sent before it "
          "| sent in the whole visit | sent twice |")
    print("| ------------------------- | -------------- | ----------- | ------------ | -------------- | -------------- "
          "| ----------------------- | ---------- |")
    for name, v in visits.items():
        found = seconds(v["found_ms"]) if v["found_ms"] is not None else "never"
        twice = ", ".join(sorted(v["fetched_twice"])) or "none"
        print(f"| {name:25} | {found:>14} | {v['answered_by'] or '-':11} | {seconds(v['ready_ms']):>12} "
              f"| {seconds(v['full_ms']):>14} | {mb(v['bytes_before_solution']):>14} "
              f"| {mb(v['bytes_first_visit']):>23} | {twice} |")
    print()
    for name in ("page, localhost", "widget, localhost"):
        print(f"Bytes per file ({name}):")
        for url, sent in sorted(visits[name]["files"].items(), key=lambda item: -item[1]):
            print(f"  {sent:>10,}  {url.split('?')[0]}")
        print()


def report(r: dict) -> None:
    cold, warm, bare = r["cold"], r["warm"], r["bare_pyodide"]
    print(f"Browser benchmark: headless Chromium, build {r['build']}")
    print()
    report_first_visits(r["first_visit"])
    print("| start-up (ms from navigation start)     | cold   | warm   |")
    print("| --------------------------------------- | ------ | ------ |")
    print(f"| board usable                            | {cold['board_ms']:6.0f} | {warm['board_ms']:6.0f} |")
    print(f"| engine ready (ours)                     | {cold['ready_ms']:6.0f} | {warm['ready_ms']:6.0f} |")
    print(f"| bare Pyodide runtime ready (same run)   | {bare['cold_ms']:6.0f} | {bare['warm_ms']:6.0f} |")
    print(f"(warm: median of {', '.join(f'{x:.0f}' for x in warm['ready_all_ms'])}; worker timings cold: "
          f"{cold['timings']})")
    print()
    print("| click-to-solution (ms)  | n   | median | p90    | p99    | max    | uniqueness known median/p99 | engine round trip median/p99 | Python median/p99 |")
    print("| ----------------------- | --- | ------ | ------ | ------ | ------ | --------------------------- | ---------------------------- | ----------------- |")
    for label, s in r["solve"].items():
        c, k, t, py = s["click"], s["counted"], s["round_trip"], s["python"]
        print(f"| {label:23} | {c['n']:3} | {c['median']:6.1f} | {c['p90']:6.1f} | {c['p99']:6.1f} | {c['max']:6.1f} "
              f"| {k['median']:11.1f} / {k['p99']:<13.1f} "
              f"| {t['median']:12.1f} / {t['p99']:<13.1f} | {py['median']:7.1f} / {py['p99']:<7.1f} |"
              + (f" {s['wrong']} NOT SOLVED" if s["wrong"] else ""))
    print("(the full engine, Pyodide, once it has taken over the page. click-to-solution: until the solution is on "
          "the board (`sudoku-solver-found`); uniqueness known: until the count of solutions is in too "
          "(`sudoku-solver-solved`); round trip and Python: `solve` with limit 2)")
    print()
    print("| click-to-solution, light engine (ms) | n   | median | p90    | p99    | max    |")
    print("| ------------------------------------ | --- | ------ | ------ | ------ | ------ |")
    for label, s in r["light"].items():
        c = s["click"]
        print(f"| {label:36} | {c['n']:3} | {c['median']:6.1f} | {c['p90']:6.1f} | {c['p99']:6.1f} | {c['max']:6.1f} |"
              + (f" {s['wrong']} NOT SOLVED" if s["wrong"] else ""))
    print("(MicroPython, in embed.html: a widget that never loads Pyodide)")
    print()
    print("| first clicks after the start (17-clue, ms) | 1st   | 2nd-10th median |")
    print("| ------------------------------------------ | ----- | --------------- |")
    for runtime, clicks in r["first_clicks"].items():
        print(f"| {runtime:42} | {clicks[0]:5.1f} | {statistics.median(clicks[1:]):15.1f} |")
    print()
    report_hints(r["hint"])
    print()
    print(f"Warm visit: {warm['bytes_per_visit']} bytes sent.")


if __name__ == "__main__":
    sys.exit(main())
