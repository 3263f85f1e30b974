"""A lazy <sudoku-solver> (the default for embedders) downloads nothing until it is used or comes near the
viewport; once one widget has started the page's engine, every other widget joins it. The page itself is
eager (loading="eager" in index.html)."""
from __future__ import annotations

from playwright.sync_api import expect

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"


def loaded(page) -> None:
    page.wait_for_selector("html[data-ready=yes]", state="attached")


def test_a_lazy_widget_out_of_view_downloads_nothing_until_it_is_scrolled_to(new_context, site_server):
    context = new_context(service_workers="block")
    page = context.new_page()
    asked = []
    context.on("request", lambda request: asked.append(request.url))
    page.goto(site_server.url + "element-test.html?far=2")
    loaded(page)
    first, second = page.locator("#far1"), page.locator("#far2")
    page.wait_for_timeout(1000)
    assert first.get_attribute("engine-state") == "idle"
    assert page.evaluate("() => window.engineCreated()") is False
    assert not [url for url in asked if "pyodide" in url or "micropython" in url or "worker" in url]
    # The board works while idle.
    assert first.evaluate("(el, line) => { el.puzzle = line; return el.puzzle; }", HARD) == HARD

    first.scroll_into_view_if_needed()
    expect(first).to_have_attribute("engine-state", "ready", timeout=90_000)
    expect(second).to_have_attribute("engine-state", "ready", timeout=10_000)   # joined, not scrolled to
    assert [url for url in asked if "micropython.wasm" in url]


def test_a_method_call_starts_a_lazy_widget_s_engine(new_context, site_server):
    context = new_context(service_workers="block")
    page = context.new_page()
    page.goto(site_server.url + "element-test.html?far=1")
    loaded(page)
    widget = page.locator("#far1")
    assert widget.get_attribute("engine-state") == "idle"
    solution = widget.evaluate("(el, line) => { el.puzzle = line; return el.solve(); }", HARD)
    assert solution == HARD_SOLUTION


def test_an_eager_widget_starts_at_once_and_lazy_ones_join_it(new_context, site_server):
    context = new_context(service_workers="block")
    page = context.new_page()
    page.goto(site_server.url + "element-test.html?near=eager&far=1")
    loaded(page)
    expect(page.locator("#near")).to_have_attribute("engine-state", "ready", timeout=90_000)
    expect(page.locator("#far1")).to_have_attribute("engine-state", "ready", timeout=10_000)
