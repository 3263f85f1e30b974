"""The embedding demo page (static/embed-demo.html): its snippets name this site, its widgets and its iframe work."""
from __future__ import annotations

import re

from playwright.sync_api import expect


def test_the_demo_shows_working_snippets_widgets_theming_and_the_iframe(open_page, site_server, browser_helpers):
    page = open_page("embed-demo.html", wait_engine=False)
    expect(page.locator("#snippet")).to_contain_text(f'<script type="module" src="{site_server.url}sudoku-solver.js">')
    expect(page.locator("#policy")).to_contain_text(f"worker-src blob: {site_server.origin}")
    widgets = page.locator("sudoku-solver")
    expect(widgets).to_have_count(3)
    for i in range(3):
        expect(widgets.nth(i)).to_have_attribute("engine-state", "ready", timeout=90_000)

    themed = page.locator("sudoku-solver.themed")
    themed.get_by_role("button", name="Solve", exact=True).click()
    expect(themed.get_by_role("status")).to_have_text(re.compile(r"^Solved in "))
    accent = themed.get_by_role("button", name="Solve", exact=True).evaluate("(b) => getComputedStyle(b).backgroundColor")
    assert accent in ("rgb(124, 58, 237)", "rgb(167, 139, 250)")              # --sudoku-accent from the page

    framed = page.frame_locator("#framed")
    expect(framed.locator("sudoku-solver")).to_have_attribute("engine-state", "ready", timeout=90_000)
    log = page.locator("#log")
    expect(log).to_contain_text("ready")
    page.get_by_role("button", name="Send a puzzle").click()
    page.get_by_role("button", name="Solve by message").click()
    expect(log).to_contain_text("solved: 483921657967345821251876493")
    expect(framed.get_by_role("status")).to_have_text(re.compile(r"^Solved in "))
    assert browser_helpers.console_errors(page) == []
