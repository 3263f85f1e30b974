"""Nothing given to <sudoku-solver> ever becomes markup: attributes, properties and pasted text are data.

The host page here sends *no* Content-Security-Policy, so if any of this text were parsed as HTML its
handlers would run (and set `window.pwned`). Each test also looks for the elements the text describes,
in the page and in the widget's shadow root. One Pyodide start for the module (text the widget cannot
decode itself goes to the engine's parser, whose error message is then shown).
"""
from __future__ import annotations

import re
import pytest
from playwright.sync_api import expect

PAYLOADS = [
    '<img src=x onerror="window.pwned=\'img\'">',
    '"><script>window.pwned="script"</script>',
    "<svg onload=\"window.pwned='svg'\"></svg>",
    "<iframe srcdoc=\"<script>parent.pwned='iframe'</script>\"></iframe>",
    "4....<b>8</b>.5<img src=x onerror=window.pwned=1>",
    "javascript:window.pwned='url'",
]

FOUND = """(el) => {
  const tags = 'img, script, svg, iframe, b, object, embed, style, link';
  const inPage = document.body.querySelectorAll(tags).length;
  const inShadow = el.shadowRoot.querySelectorAll(tags).length;
  return { inPage, inShadow, pwned: window.pwned ?? null };
}"""


@pytest.fixture(scope="module")
def page(tmp_path_factory, site_server, serve_directory, browser, browser_helpers):
    folder = tmp_path_factory.mktemp("lax-host")
    (folder / "favicon.ico").write_bytes(b"")
    (folder / "lax.html").write_text(f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A host page with no policy at all</title>
<script type="module" src="{site_server.url}sudoku-solver.js"></script>
</head><body><sudoku-solver id="w"></sudoku-solver></body></html>""")
    host = serve_directory(folder, csp=None)
    context = browser_helpers.new_logged_context(browser)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=host.origin)
    page = context.new_page()
    page.goto(host.url + "lax.html")
    expect(page.locator("#w")).to_have_attribute("engine-state", "ready", timeout=90_000)
    yield page
    context.close()


@pytest.fixture
def widget(page):
    page.evaluate("""() => { const el = document.getElementById('w');
        el.removeAttribute('readonly'); el.removeAttribute('controls'); el.size = '9x9'; el.puzzle = ''; }""")
    return page.locator("#w")


def settle(widget) -> None:
    """Let the engine answer whatever the widget asked (a parse, a conflicts check)."""
    widget.evaluate("(el) => el.check().catch(() => null)")


@pytest.mark.parametrize("text", PAYLOADS)
def test_a_puzzle_attribute_of_markup_is_read_as_text(widget, text):
    widget.evaluate("(el, text) => el.setAttribute('puzzle', text)", text)
    expect(widget.get_by_role("status")).to_contain_text("Could not read that puzzle")
    settle(widget)
    assert widget.evaluate(FOUND) == {"inPage": 0, "inShadow": 0, "pwned": None}
    assert widget.evaluate("(el) => el.puzzle") == "." * 81


@pytest.mark.parametrize("text", PAYLOADS[:3])
def test_a_puzzle_property_of_markup_is_read_as_text(widget, text):
    widget.evaluate("(el, text) => { el.puzzle = text; }", text)
    expect(widget.get_by_role("status")).to_contain_text("Could not read that puzzle")
    assert widget.evaluate(FOUND) == {"inPage": 0, "inShadow": 0, "pwned": None}


@pytest.mark.parametrize("name", ["size", "controls", "readonly"])
def test_other_attributes_of_markup_are_read_as_text(widget, name):
    for text in PAYLOADS[:3]:
        widget.evaluate("(el, [name, text]) => el.setAttribute(name, text)", [name, text])
        settle(widget)
        assert widget.evaluate(FOUND) == {"inPage": 0, "inShadow": 0, "pwned": None}
    expect(widget.get_by_role("grid")).to_be_visible()


def test_a_size_of_markup_is_refused_in_words_shown_as_text(widget):
    widget.evaluate("(el) => el.setAttribute('size', '<img src=x onerror=window.pwned=1>')")
    status = widget.get_by_role("status")
    expect(status).to_contain_text("is not a size")
    assert "<img" in status.text_content()                   # shown as the characters it is made of
    assert widget.evaluate(FOUND) == {"inPage": 0, "inShadow": 0, "pwned": None}


def test_pasted_markup_is_read_as_text(widget, page):
    page.evaluate("(text) => navigator.clipboard.writeText(text)", PAYLOADS[0] + "\n" + PAYLOADS[2])
    widget.get_by_role("gridcell", name=re.compile(r"^Row 1, column 1(,|$)")).click()
    page.keyboard.press("Control+V")
    expect(widget.get_by_role("status")).to_contain_text("Could not read that puzzle")
    assert widget.evaluate(FOUND) == {"inPage": 0, "inShadow": 0, "pwned": None}


def test_nothing_ran_and_nothing_failed(page, browser_helpers):
    assert page.evaluate("() => window.pwned ?? null") is None
    errors = [e for e in browser_helpers.console_errors(page) if "/x" not in e]
    assert errors == []
