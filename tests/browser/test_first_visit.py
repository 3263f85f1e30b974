"""A person's first visit: a fresh browser profile, over a slow connection, with nothing cached.

The engine starts and solves a puzzle pasted and solved at once while its download is throttled; a first
visit asks the server for no URL twice, the service worker's pre-cache included, and the next visit works
with the network off; the runtime comes as brotli. (How long it takes is the benchmark's business: `make bench-browser`.)"""
from __future__ import annotations

import re
import sys
import threading
from collections import Counter
from pathlib import Path

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build"))
from serve import make_server  # noqa: E402

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
#: Slower than most lines (about 8 s for the whole engine) yet quick enough for a test.
SLOW = {"offline": False, "latency": 100, "downloadThroughput": 4e6 / 8, "uploadThroughput": 1e6 / 8}


class CountingServer:
    """The built site on its own port, recording every response it sends: (path, status), and the
    Content-Encoding of each path."""

    def __init__(self, directory: Path) -> None:
        self.server = make_server(str(directory), 0, quiet=True)
        self.sent: "list[tuple[str, int]]" = []
        self.encodings: "dict[str, str]" = {}
        handler = self.server.RequestHandlerClass.func  # make_server wraps the class in a partial
        sent, encodings = self.sent, self.encodings
        send_response, send_header = handler.send_response, handler.send_header

        def counted_response(self, code, message=None):  # noqa: ANN001, ANN202
            sent.append((self.path, code))
            send_response(self, code, message)

        def noted_header(self, keyword, value):  # noqa: ANN001, ANN202
            if keyword.lower() == "content-encoding":
                encodings[self.path.split("?")[0]] = value
            send_header(self, keyword, value)

        handler.send_response, handler.send_header = counted_response, noted_header
        self.url = self.server.url
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


@pytest.fixture
def counting_server(site_dir):
    server = CountingServer(site_dir)
    yield server
    server.stop()


@pytest.fixture
def fresh_profile(playwright_instance, tmp_path):
    """A new persistent profile: a disk HTTP cache, like a person's browser (an in-memory context keeps
    no large files, so it would fetch the wasm again for the service worker)."""
    from conftest import CHROMIUM, CHROMIUM_ARGS

    context = playwright_instance.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
        service_workers="allow", permissions=["clipboard-read", "clipboard-write"])
    yield context
    context.close()


def board(page) -> str:
    return page.evaluate("""() => [...document.querySelector('sudoku-solver').shadowRoot
        .querySelectorAll('[role=gridcell]')].map((c) => c.textContent || '.').join('')""")


def test_a_puzzle_pasted_and_solved_at_once_on_a_slow_connection_is_solved(fresh_profile, counting_server):
    page = fresh_profile.pages[0] if fresh_profile.pages else fresh_profile.new_page()
    cdp = fresh_profile.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW)
    page.goto(counting_server.url)
    solver = page.locator("sudoku-solver")
    cell = solver.get_by_role("gridcell", name=re.compile(r"^Row 1, column 1(,|$)"))
    cell.click()
    assert solver.get_attribute("engine-state") == "loading", "the engine was ready before the test could paste"
    page.evaluate("(text) => navigator.clipboard.writeText(text)", PUZZLE)
    page.keyboard.press("Control+V")
    solver.get_by_role("button", name="Solve", exact=True).click()
    expect(solver).to_have_attribute("engine-state", "ready", timeout=120_000)
    expect(solver.get_by_role("status")).to_contain_text("Solved", timeout=60_000)
    assert board(page) == SOLUTION
    status = solver.get_by_role("status").inner_text()
    assert "changed" not in status


def test_a_first_visit_asks_for_no_url_twice_and_the_next_works_offline(fresh_profile, counting_server):
    page = fresh_profile.pages[0] if fresh_profile.pages else fresh_profile.new_page()
    page.goto(f"{counting_server.url}#{PUZZLE}")
    solver = page.locator("sudoku-solver")
    solver.get_by_role("button", name="Solve", exact=True).click()
    expect(solver.get_by_role("status")).to_contain_text("Solved", timeout=120_000)
    # The service worker installs after the first answer, when the page is idle, and pre-caches the build.
    page.evaluate("""async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
      }
    }""")
    paths = Counter(path for path, _ in counting_server.sent)
    twice = {path: n for path, n in paths.items() if n > 1}
    assert twice == {}, f"asked for more than once: {twice}"
    # Everything the build has was fetched once: the pre-cache reached the pages this visit did not open.
    asked = {path.split("?")[0].lstrip("/") for path in paths}
    assert {"play.html", "batch.html", "play.js", "batch.js"} <= asked
    assert all(code == 200 for _, code in counting_server.sent), counting_server.sent
    # The next visit, with the network gone: everything comes from the service worker's cache.
    counting_server.stop()
    fresh_profile.set_offline(True)
    page.goto(f"{counting_server.url}#{PUZZLE[:-1]}.")
    solver.get_by_role("button", name="Solve", exact=True).click()
    expect(solver.get_by_role("status")).to_contain_text("Solved", timeout=120_000)
    assert board(page) == SOLUTION


def test_the_runtimes_and_the_libraries_are_sent_as_brotli(fresh_profile, counting_server):
    page = fresh_profile.pages[0] if fresh_profile.pages else fresh_profile.new_page()
    page.goto(counting_server.url)
    expect(page.locator("sudoku-solver")).to_have_attribute("engine-state", "ready", timeout=120_000)
    page.evaluate("""async () => {                     // the full engine too, as a Hint would bring it
      const engine = (await import('./engine.js')).peekEngine();
      engine.configure({ fullEngine: 'now' });
      while (engine.runtimes.full !== 'ready') await new Promise((r) => setTimeout(r, 100));
    }""")
    large = {path: encoding for path, encoding in counting_server.encodings.items()
             if path.endswith(("pyodide.asm.wasm", ".zip", "micropython.wasm", ".bin"))}
    assert len(large) == 4 and set(large.values()) == {"br"}, large
