"""The Play page holds still and brings a new game to the player.

* Nothing moves while the engine starts and a puzzle is made: the layout shifts Chromium reports (the
  `layout-shift` entries Lighthouse sums into CLS), from the first paint through the first visit's own puzzle and a
  New puzzle, stay under 0.05 in all, on a phone (375x667), on Lighthouse's mobile screen (412x823) and on a
  desktop (1280x800). Shifts right after a click
  count too (CLS leaves those out): a puzzle made in a second can still move the page under the player's eyes.
* A new puzzle asked for comes on screen with the focus on its first empty cell; the focus never falls to the
  page meanwhile (the busy New puzzle button keeps it, Cancel gives it back); the first visit's own puzzle leaves
  the page where it is.

Each test has a fresh context of its own (empty storage: a first visit).
"""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

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
SEED_7 = re.compile(r"· seed 7$")  # not the first visit's own random seed, which may start with 7
NEXT_FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 100))))"
PHONE = {"viewport": {"width": 375, "height": 667}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
# Lighthouse's mobile run (a Moto G Power): taller than PHONE, so the top of the game is on screen there.
LIGHTHOUSE_MOBILE = {"viewport": {"width": 412, "height": 823}, "is_mobile": True, "has_touch": True,
                     "device_scale_factor": 1.75}


def first_visit(new_context, site_server, browser_helpers, options, hold=False):
    """A fresh context on play.html. With `hold`, the page is first painted as its markup and stylesheets draw it,
    before play.js runs (held back until then), and the engine's downloads are held: returns the page and the
    HeldRuntimes to release."""
    context = new_context(**options)
    page = context.new_page()
    page.add_init_script(SHIFTS)
    if not hold:
        page.goto(site_server.url + "play.html")
        return page, None
    held = browser_helpers.HeldRuntimes(context)
    script = []
    context.route("**/play.js*", lambda route: script.append(route))  # not answered until let go
    page.goto(site_server.url + "play.html", wait_until="commit")
    expect(page.locator("#board")).to_be_visible()
    page.evaluate(NEXT_FRAMES)
    assert script, "play.js was not asked for"
    context.unroute("**/play.js*")
    script[0].continue_()
    return page, held


@pytest.mark.parametrize("options", [PHONE, LIGHTHOUSE_MOBILE, DESKTOP],
                         ids=["phone-375x667", "lighthouse-mobile-412x823", "desktop-1280x800"])
def test_nothing_moves_while_the_engine_starts_and_a_puzzle_is_made(new_context, site_server, browser_helpers, options):
    page, held = first_visit(new_context, site_server, browser_helpers, options, hold=True)
    # The page's script ran after its first paint. The first visit makes a puzzle of its own: its progress shows
    # while the engine's download is held back.
    expect(page.get_by_role("progressbar", name="Making the puzzle")).to_be_visible()
    expect(page.locator("#gen-message")).not_to_be_empty()
    page.evaluate(NEXT_FRAMES)
    held.release()
    status = page.locator("#status")
    expect(status).to_contain_text("New 9×9 puzzle", timeout=90_000)
    page.evaluate(NEXT_FRAMES)
    page.get_by_label("Seed").fill("7")
    page.get_by_role("button", name="New puzzle").click()
    expect(page.locator("#game-info")).to_have_text(SEED_7, timeout=60_000)
    expect(page.get_by_role("progressbar", name="Making the puzzle")).to_be_hidden()
    page.evaluate(NEXT_FRAMES)
    shifts = page.evaluate("() => window.__shifts")
    total = sum(shift["value"] for shift in shifts)
    assert total < 0.05, f"the page moved by {total:.3f} in all:\n" + "\n".join(json.dumps(s) for s in shifts)
    assert not browser_helpers.console_errors(page)


def test_a_new_puzzle_comes_on_screen_with_the_focus_on_its_first_empty_cell(new_context, site_server, browser_helpers):
    page, _ = first_visit(new_context, site_server, browser_helpers, PHONE)
    expect(page.locator("#status")).to_contain_text("New 9×9 puzzle", timeout=90_000)
    # The first visit's own puzzle left the page as it was: the top of the page, the focus not taken.
    assert page.evaluate("() => [window.scrollY, document.activeElement === document.body]") == [0, True]

    # While a puzzle is made the busy button keeps the focus; Cancel, once gone, gives it back to New puzzle.
    new_button = page.get_by_role("button", name="New puzzle")
    page.get_by_label("Size").select_option("25x25")
    page.get_by_label("Seed").fill("3")
    new_button.click()
    expect(page.get_by_role("progressbar", name="Making the puzzle")).to_be_visible()
    expect(new_button).to_be_focused()
    expect(new_button).to_have_attribute("aria-disabled", "true")
    page.keyboard.press("Tab")
    cancel = page.get_by_role("button", name="Cancel")
    expect(cancel).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#status")).to_contain_text("Cancelled")
    expect(cancel).to_be_hidden()
    expect(new_button).to_be_focused()
    expect(new_button).not_to_have_attribute("aria-disabled", "true")

    # Below the whole form on a phone: the new game comes into view, the focus on its first empty cell.
    page.get_by_label("Size").select_option("9x9")
    page.get_by_label("Seed").fill("7")
    new_button.click()
    expect(page.locator("#game-info")).to_have_text(SEED_7, timeout=90_000)
    board = page.get_by_role("grid", name="Sudoku board")
    focused = board.locator("[role=gridcell]:focus")
    expect(focused).to_have_attribute("aria-label", "Row 1, column 1, empty")  # seed 7: r1c1 is its first empty cell
    top, bottom, height = page.evaluate("""() => { const r = document.getElementById('board').getBoundingClientRect();
        return [r.top, r.bottom, document.documentElement.clientHeight]; }""")
    assert 0 <= top and bottom <= height, (top, bottom, height)
    page.keyboard.press("5")
    expect(focused).to_have_attribute("aria-label", "Row 1, column 1, 5")
    assert not browser_helpers.console_errors(page)
