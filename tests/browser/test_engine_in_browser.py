"""The engine in real Chromium: the worker answers, nothing leaves the site, offline works, a runaway
request is stopped, and an engine that cannot start says so."""
from __future__ import annotations

import re
import shutil
import time

import pytest

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
CLASHING = "44" + PUZZLE[2:]


def test_the_light_worker_runs_micropython_and_the_full_one_python_3_14(engine_page, open_page, browser_helpers):
    info = browser_helpers.wait_for_engine(engine_page)
    assert info["runtime"] == "micropython"
    version = browser_helpers.engine_request(engine_page, "version")["result"]
    assert version["implementation"].startswith("micropython 1.27")
    assert {"hint", "rate", "generate"} <= set(version["ops"]) and "solve_many" not in version["ops"]
    full = open_page("engine-test.html?sw=0&light=0")
    assert browser_helpers.wait_for_engine(full)["runtime"] == "pyodide"
    version = browser_helpers.engine_request(full, "version")["result"]
    assert version["python"].startswith("3.14") and {"hint", "solve_many"} <= set(version["ops"])


def test_solve_answers_with_the_solution(engine_page, browser_helpers):
    reply = browser_helpers.engine_request(engine_page, "solve", {"puzzle": PUZZLE})
    assert reply["ok"], reply
    assert reply["result"]["solution"] == SOLUTION
    assert reply["result"]["unique"] is True


@pytest.mark.parametrize("op, payload, check", [
    ("parse", {"text": "." * 36}, lambda r: (r["side"], r["boxRows"], r["boxCols"]) == (6, 2, 3)),
    ("check", {"puzzle": PUZZLE}, lambda r: r["status"] == "unique"),
    ("check", {"puzzle": "." * 81}, lambda r: r["status"] == "several"),
    ("conflicts", {"puzzle": CLASHING}, lambda r: r["cells"] == [0, 1]),
    ("solve", {"puzzle": "." * 81, "limit": 3}, lambda r: r["count"] == 3 and not r["unique"]),
])
def test_the_worker_answers_every_op(engine_page, browser_helpers, op, payload, check):
    reply = browser_helpers.engine_request(engine_page, op, payload)
    assert reply["ok"], reply
    assert check(reply["result"]), reply["result"]


def test_errors_reach_the_page_with_code_message_and_cells(engine_page, browser_helpers):
    reply = browser_helpers.engine_request(engine_page, "solve", {"puzzle": CLASHING})
    assert reply == {"ok": False, "error": {
        "code": "conflict", "cells": [0, 1],
        "message": "r1c1 and r1c2 are both 4 in row 1; r1c1 and r1c2 are both 4 in box 1."}}
    reply = browser_helpers.engine_request(engine_page, "parse", {"text": "nonsense"})
    assert reply["error"]["code"] == "parse" and "Traceback" not in reply["error"]["message"]


def test_the_page_requests_nothing_from_another_origin(engine_page, shared_context, site_server, browser_helpers):
    browser_helpers.engine_request(engine_page, "solve", {"puzzle": PUZZLE})
    assert browser_helpers.request_log(shared_context), "no request was logged at all"
    assert browser_helpers.foreign_requests(shared_context, [site_server.origin]) == []


def test_the_runtime_and_library_come_from_the_site_under_names_that_carry_their_digest(
        engine_page, shared_context, browser_helpers):
    # an op only the full engine answers: Pyodide is loaded in this context whichever tests ran before
    assert browser_helpers.engine_request(engine_page, "hint", {"puzzle": PUZZLE})["ok"]
    urls = [u.split("?")[0] for u in browser_helpers.request_log(shared_context)]
    assert any(re.search(r"/pyodide/[0-9a-f]{12}/pyodide\.asm\.wasm$", u) for u in urls)
    assert any(re.search(r"/pyodide/python-[0-9a-f]{12}\.zip$", u) for u in urls)
    # No package loader: no lock file, no wheel, no stock standard library.
    assert not [u for u in urls if u.endswith((".whl", "pyodide-lock.json", "python_stdlib.zip"))]


def test_the_build_s_own_modules_are_fetched_with_its_version(app_page, shared_context, browser_helpers):
    version = app_page.evaluate("async () => (await import('./engine.js')).getEngine().info.build")
    urls = browser_helpers.request_log(shared_context)
    for name in ("worker.js", "app.js", "sudoku-solver.js", "engine.js", "app.css"):
        assert any(u.split("?")[0].endswith("/" + name) and u.endswith(f"?v={version}") for u in urls), name


def test_no_console_errors_while_loading_and_solving(engine_page, browser_helpers):
    browser_helpers.engine_request(engine_page, "solve", {"puzzle": PUZZLE})
    assert browser_helpers.console_errors(engine_page) == []


def test_requests_made_before_ready_are_queued_and_answered(open_page, browser_helpers):
    page = open_page("engine-test.html?sw=0", wait_engine=False)
    reply = browser_helpers.engine_request(page, "solve", {"puzzle": PUZZLE})  # sent while loading
    assert reply["ok"] and reply["result"]["solution"] == SOLUTION


def test_a_request_past_its_time_limit_is_stopped_and_the_worker_restarted(engine_page, browser_helpers):
    started = engine_page.evaluate("() => performance.now()")
    # past its limit on the light engine, it is asked of the full one (which starts for it), and stopped there too
    reply = browser_helpers.engine_request(engine_page, "sleep", {"ms": 30000}, timeoutMs=500)
    assert reply["ok"] is False and reply["error"]["code"] == "timeout"
    assert engine_page.evaluate("() => performance.now()") - started < 30000  # neither ran the sleep to its end
    runtimes = engine_page.evaluate("async (url) => (await import(url)).getEngine().runtimes",
                                    browser_helpers.engine_url_of(engine_page))
    assert runtimes["full"] != "off"  # the full engine was asked too
    assert "stopped" in reply["error"]["message"]
    # The page stayed responsive and the engine came back by itself:
    info = browser_helpers.wait_for_engine(engine_page)
    assert info["restarted"] is True
    again = browser_helpers.engine_request(engine_page, "solve", {"puzzle": PUZZLE})
    assert again["ok"] and again["result"]["solution"] == SOLUTION


def test_a_cancelled_request_rejects_and_a_queued_one_still_runs(engine_page, browser_helpers):
    result = engine_page.evaluate("""async ([engineUrl, puzzle]) => {
      const { getEngine } = await import(engineUrl);
      const engine = getEngine();
      await engine.ready;
      const controller = new AbortController();
      const busy = engine.request('sleep', { ms: 30000 }, { signal: controller.signal })
        .then(() => 'finished', (e) => e.code);
      const next = engine.request('solve', { puzzle }).then((r) => r.solution, (e) => e.code);
      setTimeout(() => controller.abort(), 200);
      return [await busy, await next];
    }""", [browser_helpers.engine_url_of(engine_page), PUZZLE])
    assert result == ["cancelled", SOLUTION]


def test_several_users_on_one_page_share_one_engine(engine_page, browser_helpers):
    same = engine_page.evaluate("""async (engineUrl) => {
      const a = await import(engineUrl);
      const b = await import(engineUrl + '?another-copy');
      return a.getEngine() === b.getEngine() && a.getEngine() === window.sudokuEngine;
    }""", browser_helpers.engine_url_of(engine_page))
    assert same is True


def test_a_stalled_download_is_reported_and_retry_starts_the_engine(new_context, site_server,
                                                                   browser_helpers):
    context = new_context(service_workers="block")
    # The wasm downloads never answer: the runtimes' loaders never settle (the case a plain await would hang on).
    held = browser_helpers.HeldRuntimes(context)
    page = context.new_page()
    page.goto(site_server.url + "engine-test.html?sw=0&stallMs=3000")
    page.wait_for_selector("html[data-engine=failed]", state="attached", timeout=30000)
    message = page.locator("#engine-status").inner_text()
    assert "nothing arrived for" in message and "Retry" in message
    reply = browser_helpers.engine_request(page, "solve", {"puzzle": PUZZLE})
    assert reply["error"]["code"] == "engine_failed"
    assert held.held, "the wasm was never asked for"
    # The connection comes back: a retry on the same page starts the engine, no reload. (The held request
    # belonged to the stopped worker: nothing to release.)
    context.unroute(held.PATTERN)
    page.evaluate("() => window.sudokuEngine.restart().catch(() => {})")
    browser_helpers.wait_for_engine(page)
    reply = browser_helpers.engine_request(page, "solve", {"puzzle": PUZZLE})
    assert reply["ok"] and reply["result"]["solution"] == SOLUTION


def test_a_slow_download_that_keeps_arriving_is_not_a_stall(new_context, site_server, browser_helpers):
    context = new_context(service_workers="block")
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    # About 10 s for the whole download, with a stall limit of 4 s: progress must keep the start alive (the
    # limit leaves room for the gaps a loaded machine puts between chunks; 1.5 s failed under pytest-xdist).
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 20,
                                                  "downloadThroughput": 400_000, "uploadThroughput": 400_000})
    page.goto(site_server.url + "engine-test.html?sw=0&stallMs=4000&light=0")   # the full engine's 4 MB
    info = browser_helpers.wait_for_engine(page)
    assert info["python"].startswith("3.14")
    progress = page.evaluate("() => window.__progress")
    downloads = [p for p in progress if p["stage"] == "download" and p["total"]]
    assert downloads and downloads[-1]["loaded"] == downloads[-1]["total"]
    assert [p["loaded"] for p in downloads] == sorted(p["loaded"] for p in downloads)


def test_a_missing_runtime_fails_with_a_plain_message(new_context, site_dir, serve_directory, tmp_path,
                                                      browser_helpers):
    broken = tmp_path / "site"
    shutil.copytree(site_dir, broken, ignore=shutil.ignore_patterns("*.wasm*", "sw.js*"))   # both runtimes
    server = serve_directory(broken)
    page = new_context(service_workers="block").new_page()
    page.goto(server.url + "engine-test.html?sw=0&stallMs=10000")
    page.wait_for_selector("html[data-engine=failed]", state="attached", timeout=40000)
    message = page.locator("#engine-status").inner_text()
    assert message.startswith("The ") and "Traceback" not in message and len(message) < 400


def test_the_engine_works_on_a_page_of_another_origin_through_a_blob_worker(
        new_context, site_server, serve_directory, tmp_path, browser_helpers):
    (tmp_path / "favicon.ico").write_bytes(b"")
    (tmp_path / "host.html").write_text(
        '<!doctype html><meta charset="utf-8"><title>host</title>'
        '<script type="module" src="host.js"></script><p id="out">waiting</p>')
    (tmp_path / "host.js").write_text(
        "const site = new URLSearchParams(location.search).get('site');\n"
        "const { getEngine } = await import(new URL('engine.js', site).href);\n"
        "const out = document.getElementById('out');\n"
        f"getEngine().request('solve', {{ puzzle: '{PUZZLE}' }})\n"
        "  .then((r) => { out.textContent = r.solution; out.dataset.done = 'yes'; },\n"
        "        (e) => { out.textContent = e.code + ': ' + e.message; out.dataset.done = 'no'; });\n")
    site = site_server.origin
    csp = (f"default-src 'self'; script-src 'self' {site} 'wasm-unsafe-eval'; worker-src blob: {site}; "
           f"connect-src 'self' {site}; object-src 'none'")
    host = serve_directory(tmp_path, csp=csp)
    assert host.origin != site
    context = new_context()
    page = context.new_page()
    page.goto(f"{host.url}host.html?site={site_server.url}")
    page.wait_for_selector("#out[data-done]", state="attached", timeout=90000)
    assert page.locator("#out").inner_text() == SOLUTION
    assert browser_helpers.foreign_requests(context, [site, host.origin]) == []
    assert browser_helpers.console_errors(page) == []


def test_a_reload_with_the_server_stopped_still_solves_through_the_service_worker(
        new_context, site_server, browser_helpers):
    context = new_context(service_workers="allow")
    page = context.new_page()
    page.goto(site_server.url + "engine-test.html")
    browser_helpers.wait_for_engine(page)
    page.wait_for_selector("html[data-sw=registered]", state="attached", timeout=10000)
    # Wait until the service worker has pre-cached the build and controls the page.
    page.evaluate("""async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      }
    }""")
    site_server.stop()
    context.set_offline(True)
    try:
        page.reload()
        info = browser_helpers.wait_for_engine(page)
        assert info["runtime"] == "micropython"
        reply = browser_helpers.engine_request(page, "solve", {"puzzle": PUZZLE})
        assert reply["ok"] and reply["result"]["solution"] == SOLUTION
        # The full engine is in the cache too: an op only it answers starts it, offline.
        reply = browser_helpers.engine_request(page, "candidates", {"puzzle": PUZZLE}, timeoutMs=90_000)
        assert reply["ok"] and reply["result"]["candidates"][1] == [1, 6, 7, 9]
    finally:
        context.set_offline(False)
        site_server.start()


def test_the_site_works_from_a_sub_path(new_context, site_dir, serve_directory, browser_helpers):
    server = serve_directory(site_dir, prefix="/games/sudoku/")
    assert server.url.endswith("/games/sudoku/")
    context = new_context(service_workers="block")
    page = context.new_page()
    page.goto(server.url + "engine-test.html?sw=0")
    browser_helpers.wait_for_engine(page)
    reply = browser_helpers.engine_request(page, "solve", {"puzzle": PUZZLE})
    assert reply["ok"] and reply["result"]["solution"] == SOLUTION
    outside = [u for u in browser_helpers.request_log(context) if "/games/sudoku/" not in u]
    assert outside == []


def test_a_host_that_sends_wasm_as_octet_stream_still_starts_both_runtimes(new_context, site_server,
                                                                           browser_helpers):
    # A static host that does not know the extension sends .wasm as application/octet-stream, which the
    # browser's streaming compiler refuses.
    context = new_context(service_workers="block")

    def untyped(route):
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "content-type": "application/octet-stream"})

    context.route("**/*.wasm*", untyped)
    page = context.new_page()
    page.goto(site_server.url + "engine-test.html?sw=0&fullEngine=now")
    info = browser_helpers.wait_for_engine(page)
    assert info["runtime"] in ("micropython", "pyodide")
    deadline = time.monotonic() + 90
    while browser_helpers.wait_for_engine(page)["runtime"] != "pyodide":
        assert time.monotonic() < deadline, "Pyodide did not take over"
        page.wait_for_timeout(200)
    reply = browser_helpers.engine_request(page, "hint", {"puzzle": PUZZLE})
    assert reply["ok"], reply
    assert page.locator("html[data-engine=failed]").count() == 0
