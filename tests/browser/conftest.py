"""Fixtures shared by every browser test: one Chromium, one server of dist/site, request and console logs.

Starting Pyodide costs seconds, so the suite shares as much as it can:

* `browser` (session): Debian's Chromium through Playwright's sync API, headless.
* `site_dir` (session): `dist/site` with the tests' own pages (tests/browser/pages) beside it.
* `site_server` (session): `site_dir` served on 127.0.0.1 on a free port (`.url` ends with "/",
  `.origin`, `.stop()` / `.start()` to take the network away, same port after). Built by `make test`
  before pytest; a missing site fails with a clear message.
* `serve_directory(path, csp=...)` (session factory): serve another folder on a second origin (host
  pages for embedding tests); returns a server like `site_server`.
* `shared_context` (session): one browser context for the read-only tests, with the service worker
  allowed (so reloads within it come from the cache).
* `engine_page` (session): `engine-test.html` in `shared_context` with the engine ready. Tests may
  restart the engine but must leave it ready (requests queue while it restarts, so that is automatic).
* `app_page` (session): the app's `index.html` in `shared_context`, engine ready. UI tests reset it
  instead of reloading (e.g. clear the board); `open_page` gives a fresh page when a test needs one.
* `new_context()` (function factory): a fresh, isolated context, logged, closed after the test.
* `open_page(path="index.html", context=None, wait_engine=True)` (function factory): a new page on
  the site (in `shared_context` unless given one), optionally waiting until the engine is ready.
* `wait_for_engine(page, timeout_s=...)`: waits until the page's engine (the `getEngine()` singleton)
  is ready and returns its `info`; raises with the engine's own failure sentence otherwise.
* `request_log(context)` / `console_errors(page)`: what a context requested, what a page logged as
  errors (console errors, uncaught exceptions); `foreign_requests(context, allowed=[...])` lists requests
  to any origin other than the site's.

All helpers work under the page's strict CSP: they never use `wait_for_function` with a string (it
needs eval); they poll with `page.evaluate` or wait on DOM attributes.
"""
from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: The built site under test; SUDOKU_SITE points elsewhere (e.g. a second build while another runs).
SITE = Path(os.environ.get("SUDOKU_SITE") or ROOT / "dist" / "site").resolve()
#: Pages only the tests use (an engine check page), served beside the site.
PAGES = ROOT / "tests" / "browser" / "pages"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
#: Cold Pyodide start on a busy 2-core machine has been seen to take 13 s: leave room.
ENGINE_START_S = 90

sys.path.insert(0, str(ROOT / "build"))
from serve import make_server  # noqa: E402  (build/ is scripts, not a package)


# -- servers ----------------------------------------------------------------------------------------
class SiteServer:
    """A static server in a thread that can be stopped and started again on the same port."""

    def __init__(self, directory: Path, csp: "str | None | bool" = True, prefix: str = "/") -> None:
        self.directory, self.prefix = Path(directory), prefix
        self.csp_kwargs = {} if csp is True else {"csp": csp}
        self.port = 0
        self._server = None
        self.start()

    def start(self) -> None:
        if self._server is not None:
            return
        deadline = time.monotonic() + 10
        while True:
            try:
                self._server = make_server(str(self.directory), self.port, prefix=self.prefix, quiet=True,
                                           **self.csp_kwargs)
                break
            except OSError:  # the old socket may linger for a moment after stop()
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        self.port = self._server.server_address[1]
        self.url = self._server.url
        self.origin = f"http://127.0.0.1:{self.port}"
        threading.Thread(target=self._server.serve_forever, daemon=True, name=f"serve:{self.port}").start()

    def stop(self) -> None:
        if self._server is None:
            return
        self._server.shutdown()
        self._server.server_close()
        self._server = None

    @property
    def running(self) -> bool:
        return self._server is not None


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    """The built site with the tests' own pages beside it (tests/browser/pages: not shipped), as links."""
    if not (SITE / "engine.js").is_file() or not (SITE / "version.json").is_file():
        pytest.fail(f"{SITE} is missing or incomplete: build it first with `make site` "
                    "(`make test` does this before running pytest).", pytrace=False)
    served = tmp_path_factory.mktemp("site")
    for entry in SITE.iterdir():
        (served / entry.name).symlink_to(entry)
    for page in PAGES.iterdir():
        (served / page.name).symlink_to(page)
    return served


@pytest.fixture(scope="session")
def site_server(site_dir):
    server = SiteServer(site_dir)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def serve_directory():
    servers = []

    def serve(directory, csp: "str | None | bool" = True, prefix: str = "/") -> SiteServer:
        server = SiteServer(Path(directory), csp=csp, prefix=prefix)
        servers.append(server)
        return server

    yield serve
    for server in servers:
        server.stop()


# -- the browser --------------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def playwright_instance():
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make chromium` (apt-get install chromium) installs it.",
                    pytrace=False)
    with sync_api.sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance):
    browser = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    yield browser
    browser.close()


# -- logs ---------------------------------------------------------------------------------------------
def _watch_context(context) -> None:
    context._sudoku_requests = []  # type: ignore[attr-defined]
    context.on("request", lambda request: context._sudoku_requests.append(request.url))
    context.on("page", _watch_page)
    for page in context.pages:
        _watch_page(page)


def _watch_page(page) -> None:
    if hasattr(page, "_sudoku_errors"):
        return
    page._sudoku_errors = []  # type: ignore[attr-defined]
    page.on("console", lambda msg: msg.type == "error" and page._sudoku_errors.append(f"console: {msg.text}"))
    page.on("pageerror", lambda error: page._sudoku_errors.append(f"uncaught: {error}"))
    page.on("response", lambda r: r.status >= 400 and page._sudoku_errors.append(f"http {r.status}: {r.url}"))


def request_log(context) -> "list[str]":
    """Every URL the context requested so far (pages, workers, service worker fetches seen by it)."""
    return list(context._sudoku_requests)


def console_errors(page) -> "list[str]":
    """Console errors, uncaught exceptions and HTTP error responses of the page so far."""
    return list(page._sudoku_errors)


def foreign_requests(context, allowed: "list[str]") -> "list[str]":
    """Requests to an origin not in `allowed` (data: and blob: URLs are local, so allowed)."""
    found = []
    for url in request_log(context):
        parts = urlsplit(url)
        if parts.scheme in {"data", "blob"}:
            continue
        if f"{parts.scheme}://{parts.netloc}" not in allowed:
            found.append(url)
    return found


def new_logged_context(browser, **options):
    context = browser.new_context(**options)
    _watch_context(context)
    return context


@pytest.fixture(scope="session")
def shared_context(browser, site_server):
    context = new_logged_context(browser, service_workers="allow")
    yield context
    context.close()


@pytest.fixture
def new_context(browser):
    made = []

    def make(**options):
        context = new_logged_context(browser, **options)
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()


# -- the engine ---------------------------------------------------------------------------------------
_ENGINE_STATE = """async (engineUrl) => {
  const { getEngine } = await import(engineUrl);
  const engine = getEngine();
  return { state: engine.state, failure: engine.failure || null, info: engine.info };
}"""


def wait_for_engine(page, timeout_s: float = ENGINE_START_S) -> dict:
    """Wait until the page's engine is ready; returns `engine.info`. Works on any page of the site:
    it imports the site's engine.js (the same module instance, so the same singleton) and polls."""
    engine_url = engine_url_of(page)
    deadline = time.monotonic() + timeout_s
    while True:
        status = page.evaluate(_ENGINE_STATE, engine_url)
        if status["state"] == "ready":
            return status["info"]
        if status["state"] == "failed":
            raise AssertionError(f"the engine failed to start: {status['failure']}")
        if time.monotonic() > deadline:
            raise AssertionError(f"the engine was not ready after {timeout_s:.0f} s (state {status['state']})")
        page.wait_for_timeout(100)


def engine_url_of(page) -> str:
    """engine.js of the site the page is on (its directory, so sub-paths work)."""
    url = page.url.split("#", 1)[0].split("?", 1)[0]
    return url.rsplit("/", 1)[0] + "/engine.js"


_REQUEST = """async ([engineUrl, op, payload, options]) => {
  const { getEngine } = await import(engineUrl);
  try {
    return { ok: true, result: await getEngine().request(op, payload, options || {}) };
  } catch (e) {
    return { ok: false, error: { code: e.code, message: e.message, cells: e.cells } };
  }
}"""


def engine_request(page, op: str, payload: "dict | None" = None, **options) -> dict:
    """Send one request through the page's engine; returns {ok, result} or {ok: False, error}."""
    return page.evaluate(_REQUEST, [engine_url_of(page), op, payload or {}, options])


@pytest.fixture
def open_page(shared_context, site_server):
    pages = []

    def open_(path: str = "index.html", context=None, wait_engine: bool = True, timeout_s: float = ENGINE_START_S):
        ctx = context or shared_context
        page = ctx.new_page()
        _watch_page(page)
        pages.append(page)
        page.goto(site_server.url + path.lstrip("/"))
        if wait_engine:
            wait_for_engine(page, timeout_s)
        return page

    yield open_
    for page in pages:
        if not page.is_closed():
            # What a test's page saved (the grid and its rules, a game) must not reach the next test's pages.
            try:
                page.evaluate("() => localStorage.clear()")
            except Exception:  # noqa: BLE001 - a page that navigated away or crashed has nothing to clear here
                pass
            page.close()


@pytest.fixture(scope="session")
def engine_page(shared_context, site_server):
    page = shared_context.new_page()
    _watch_page(page)
    page.goto(site_server.url + "engine-test.html")
    wait_for_engine(page)
    yield page
    page.close()


@pytest.fixture(scope="session")
def app_page(shared_context, site_server, site_dir):
    if not (site_dir / "index.html").exists():
        pytest.skip("the site has no index.html yet")
    page = shared_context.new_page()
    _watch_page(page)
    page.goto(site_server.url)
    wait_for_engine(page)
    yield page
    page.close()


_PASTE = """([selector, text, solve]) => {
  const solver = document.querySelector(selector);
  const target = solver.shadowRoot.activeElement ?? solver.shadowRoot.querySelector('[role=gridcell]');
  const data = new DataTransfer();
  data.setData('text/plain', text);
  target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, composed: true }));
  if (solve) solver.shadowRoot.querySelector('[data-action=solve]').click();   // the same task: no time between
}"""


def paste(page, selector: str, text: str, solve: bool = False) -> None:
    """Paste `text` on the element's focused cell (else its first), as a person's Ctrl+V does; with
    `solve`, press Solve in the same task."""
    page.evaluate(_PASTE, [selector, text, solve])


class HeldRuntimes:
    """Holds back both engines' wasm downloads in a context (a route that does not answer), so that a test can
    act while the engine is still loading; `release()` lets them and later ones through. (The light engine is too quick to catch loading otherwise.)"""

    PATTERN = "**/*.wasm*"

    def __init__(self, context) -> None:
        self.context, self.held = context, []
        context.route(self.PATTERN, lambda route: self.held.append(route))

    def release(self) -> None:
        self.context.unroute(self.PATTERN)  # the held requests go on to the server
        self.held.clear()


@pytest.fixture(scope="session")
def browser_helpers():
    """The helper functions above, for test modules (conftest is not importable by name):
    `browser_helpers.wait_for_engine(page)`, `.engine_request(page, op, payload, timeoutMs=...)`,
    `.request_log(context)`, `.console_errors(page)`, `.foreign_requests(context, allowed)`,
    `.paste(page, selector, text, solve=False)`, `.HeldRuntimes(context)`."""
    from types import SimpleNamespace

    return SimpleNamespace(wait_for_engine=wait_for_engine, engine_request=engine_request,
                           request_log=request_log, console_errors=console_errors,
                           foreign_requests=foreign_requests, engine_url_of=engine_url_of,
                           new_logged_context=new_logged_context, SiteServer=SiteServer, paste=paste,
                           HeldRuntimes=HeldRuntimes)
