"""The iframe embed: `embed.html?parent=<origin>#<puzzle>` on a host page of another origin.

Three origins: the solver's site (the iframe), the host page (the one allowed parent, with a CSP that only
lets it frame the solver and the third origin), and an "evil" origin, framed by the same host page next
to the embed, which tries to drive the embed and to listen to it. The host's script creates the iframes
itself after it started listening, so it sees every message from the first.
"""
from __future__ import annotations

import re
import time
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
EASY_SOLUTION = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"

# The host: records every message with where it came from, and frames what the test asks for.
HOST_JS = """
window.received = [];
window.addEventListener('message', (event) => {
  const from = [...document.querySelectorAll('iframe')].find((f) => f.contentWindow === event.source);
  received.push({ origin: event.origin, frame: from ? from.id : null, data: event.data });
});
window.frameSolver = (id, src) => new Promise((resolve) => {
  const frame = document.createElement('iframe');
  frame.id = id;
  frame.title = 'Sudoku solver';
  frame.src = src;
  frame.addEventListener('load', () => resolve(id), { once: true });
  document.getElementById('frames').append(frame);
});
window.send = (id, message, target) => document.getElementById(id).contentWindow.postMessage(message, target);
"""
HOST_CSS = "iframe { width: 460px; height: 760px; border: 1px solid #888; display: block; }"


@pytest.fixture(scope="module")
def origins(tmp_path_factory, site_server, serve_directory):
    evil_dir = tmp_path_factory.mktemp("evil")
    (evil_dir / "favicon.ico").write_bytes(b"")
    (evil_dir / "evil.html").write_text('<!doctype html><meta charset="utf-8"><title>evil</title><p>evil</p>')
    evil = serve_directory(evil_dir, csp=None)

    host_dir = tmp_path_factory.mktemp("iframe-host")
    (host_dir / "favicon.ico").write_bytes(b"")
    (host_dir / "host.js").write_text(HOST_JS)
    (host_dir / "host.css").write_text(HOST_CSS)
    (host_dir / "host.html").write_text("""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A host page that frames the solver</title>
<link rel="stylesheet" href="host.css"><script type="module" src="host.js"></script>
</head><body><div id="frames"></div></body></html>""")
    csp = (f"default-src 'none'; script-src 'self'; style-src 'self'; frame-src {site_server.origin} {evil.origin}; "
           "base-uri 'none'; form-action 'none'; object-src 'none'")
    host = serve_directory(host_dir, csp=csp)
    assert len({site_server.origin, host.origin, evil.origin}) == 3
    return {"site": site_server, "host": host, "evil": evil}


@pytest.fixture(scope="module")
def page(origins, browser, browser_helpers):
    context = browser_helpers.new_logged_context(browser, viewport={"width": 1000, "height": 900})
    page = context.new_page()
    host, site, evil = origins["host"], origins["site"], origins["evil"]
    page.goto(host.url + "host.html")
    page.evaluate("(src) => frameSolver('embed', src)", f"{site.url}embed.html?parent={host.origin}#{HARD}")
    page.evaluate("(src) => frameSolver('evil', src)", f"{evil.url}evil.html")
    expect(embedded(page).locator("sudoku-solver")).to_have_attribute("engine-state", "ready", timeout=90_000)
    wait_for(page, lambda: messages(page, "ready"))
    yield page
    context.close()


def embedded(page, frame_id: str = "embed"):
    return page.frame_locator(f"#{frame_id}")


def messages(page, kind: "str | None" = None, frame: str = "embed") -> list:
    """What the host received from a frame (type without the prefix), oldest first."""
    got = page.evaluate("(frame) => received.filter((m) => m.frame === frame)", frame)
    if kind is not None:
        got = [m for m in got if isinstance(m["data"], dict) and m["data"].get("type") == f"sudoku-solver:{kind}"]
    return got


def wait_for(page, condition, timeout_s: float = 30.0):
    deadline = time.monotonic() + timeout_s
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for the embed")
        page.wait_for_timeout(50)


def command(page, origins, message: dict, frame: str = "embed") -> dict:
    """Send a command from the host page as the allowed parent; return the reply's data."""
    page.evaluate("([frame, message, target]) => send(frame, message, target)",
                  [frame, message, origins["site"].origin])
    replies = lambda: [m["data"] for m in messages(page, "reply", frame) if m["data"].get("id") == message.get("id")]  # noqa: E731
    return wait_for(page, replies)[-1]


def shown(page) -> str:
    cells = embedded(page).get_by_role("gridcell")
    return "".join(t or "." for t in cells.all_text_contents())


# -- what it shows and says --------------------------------------------------------------------------------
def test_the_embed_shows_the_puzzle_from_its_fragment_with_the_same_roles(page):
    grid = embedded(page).get_by_role("grid")
    expect(grid.get_by_role("gridcell")).to_have_count(81)
    expect(grid.get_by_role("gridcell", name=re.compile(r"^Row 1, column 1(,|$)"))).to_have_text("4")
    assert shown(page) == HARD


def test_it_announces_itself_to_the_parent_only_from_the_solver_origin(page, origins):
    loaded = messages(page, "loaded")
    assert len(loaded) == 1 and loaded[0]["data"] == {"type": "sudoku-solver:loaded", "protocol": 1}
    assert len(messages(page, "ready")) == 1
    assert {m["origin"] for m in messages(page)} == {origins["site"].origin}
    resize = messages(page, "resize")
    assert resize and resize[-1]["data"]["height"] > 300


def test_the_parent_sets_a_puzzle_and_solves_it_by_message(page, origins):
    reply = command(page, origins, {"type": "sudoku-solver:set-puzzle", "puzzle": EASY, "id": 1})
    assert reply["ok"] is True and reply["command"] == "set-puzzle" and reply["result"]["puzzle"] == EASY
    reply = command(page, origins, {"type": "sudoku-solver:solve", "id": "two"})
    assert reply == {"type": "sudoku-solver:reply", "id": "two", "command": "solve", "ok": True,
                     "result": {"solution": EASY_SOLUTION}}
    assert messages(page, "solved")[-1]["data"]["solution"] == EASY_SOLUTION
    assert shown(page) == EASY_SOLUTION
    change = messages(page, "change")[-1]["data"]
    assert change == {"type": "sudoku-solver:change", "puzzle": EASY, "size": "9x9", "cause": "attribute"}


def test_hint_and_rate_by_message_and_the_found_solved_hint_rated_events(page, origins):
    command(page, origins, {"type": "sudoku-solver:set-puzzle", "puzzle": EASY, "id": "h0"})
    reply = command(page, origins, {"type": "sudoku-solver:hint", "id": "h1"})
    assert reply["ok"] is True and reply["result"]["stage"] == 1
    step = reply["result"]
    assert step["technique"] and step["text"] and (step["placements"] or step["eliminations"])
    assert messages(page, "hint")[-1]["data"]["stage"] == 1
    reply = command(page, origins, {"type": "sudoku-solver:rate", "id": "h2"})
    assert reply["ok"] is True and reply["result"]["score"] > 0 and reply["result"]["level"] == "Easy"
    assert messages(page, "rated")[-1]["data"]["score"] == reply["result"]["score"]
    found_before = len(messages(page, "found"))
    command(page, origins, {"type": "sudoku-solver:solve", "id": "h3"})
    found = messages(page, "found")
    assert len(found) == found_before + 1 and found[-1]["data"]["solution"] == EASY_SOLUTION


def test_why_not_by_message_and_its_event(page, origins):
    command(page, origins, {"type": "sudoku-solver:set-puzzle", "puzzle": HARD, "id": "w0"})
    digit = int(HARD[0])                                   # r1c1's given: r1c2 cannot hold it
    reply = command(page, origins, {"type": "sudoku-solver:why", "cell": 1, "digit": digit, "id": "w1"})
    assert reply["ok"] is True and reply["result"]["technique"] == "Peer Digit"
    assert reply["result"]["text"] == f"Peer Digit: r1c1 already holds {digit} in row 1, so r1c2 cannot"
    event = messages(page, "why")[-1]["data"]
    assert event["cell"] == 1 and event["digit"] == digit and event["status"] == "step"
    bad = command(page, origins, {"type": "sudoku-solver:why", "cell": "r1c2", "digit": 1, "id": "w2"})
    assert bad["ok"] is False and bad["error"]["code"] == "bad_request"
    filled = command(page, origins, {"type": "sudoku-solver:why", "cell": 0, "digit": 1, "id": "w3"})
    assert filled["ok"] is False and "already holds" in filled["error"]["message"]


def test_check_clear_get_state_and_configure_by_message(page, origins):
    command(page, origins, {"type": "sudoku-solver:set-puzzle", "puzzle": HARD, "id": 10})
    reply = command(page, origins, {"type": "sudoku-solver:check", "id": 11})
    assert reply["ok"] and reply["result"]["status"] == "unique"
    reply = command(page, origins, {"type": "sudoku-solver:configure", "readonly": True, "controls": "solve", "id": 12})
    assert reply["result"]["readonly"] is True and reply["result"]["controls"] == "solve"
    expect(embedded(page).get_by_role("button", name="Check", exact=True)).to_be_hidden()
    command(page, origins, {"type": "sudoku-solver:configure", "readonly": False, "controls": "solve check clear", "id": 13})
    reply = command(page, origins, {"type": "sudoku-solver:clear", "id": 14})
    assert reply["result"]["puzzle"] == "." * 81
    state = command(page, origins, {"type": "sudoku-solver:get-state", "id": 15})["result"]
    assert state == {"puzzle": "." * 81, "size": "9x9", "solution": None, "engineState": "ready",
                     "readonly": False, "controls": "solve check clear", "rules": None}


def test_errors_come_back_as_replies_and_events(page, origins):
    no_solution = "12345678." + "........9" + "." * 63
    command(page, origins, {"type": "sudoku-solver:set-puzzle", "puzzle": no_solution, "id": 20})
    reply = command(page, origins, {"type": "sudoku-solver:solve", "id": 21})
    assert reply["ok"] is False and reply["error"]["code"] == "no_solution"
    assert messages(page, "error")[-1]["data"]["code"] == "no_solution"
    reply = command(page, origins, {"type": "sudoku-solver:set-puzzle", "puzzle": 42, "id": 22})
    assert reply["ok"] is False and reply["error"]["code"] == "bad_request"
    reply = command(page, origins, {"type": "sudoku-solver:format-disk", "id": 23})
    assert reply["ok"] is False and reply["error"]["code"] == "bad_request"


def test_a_solve_through_the_iframe_ui_reaches_the_parent(page, origins):
    command(page, origins, {"type": "sudoku-solver:set-puzzle", "puzzle": HARD, "id": 30})
    before = len(messages(page, "solved"))
    embedded(page).get_by_role("button", name="Solve", exact=True).click()
    expect(embedded(page).get_by_role("status")).to_have_text(re.compile(r"^Solved in "))
    solved = wait_for(page, lambda: messages(page, "solved")[before:])
    assert solved[0]["data"]["solution"] == HARD_SOLUTION and solved[0]["data"]["puzzle"] == HARD


# -- who may talk to it ------------------------------------------------------------------------------------
def evil_frame(page, origins):
    return next(f for f in page.frames if f.url.startswith(origins["evil"].origin))


def test_commands_from_another_origin_are_ignored(page, origins):
    command(page, origins, {"type": "sudoku-solver:clear", "id": 39})
    command(page, origins, {"type": "sudoku-solver:set-puzzle", "puzzle": HARD, "id": 40})
    evil = evil_frame(page, origins)
    evil.evaluate("""() => { window.heard = [];
        window.addEventListener('message', (e) => heard.push(e.data));
        const embed = window.parent.frames[0];
        for (const type of ['set-puzzle', 'solve', 'clear', 'get-state']) {
          embed.postMessage({ type: `sudoku-solver:${type}`, puzzle: '', id: 'evil' }, '*');
        } }""")
    # A command from the real parent, sent after them, is answered after them: by then they were handled.
    state = command(page, origins, {"type": "sudoku-solver:get-state", "id": 41})["result"]
    page.wait_for_timeout(300)
    assert state["puzzle"] == HARD and state["solution"] is None
    assert [m for m in messages(page) if m["data"].get("id") == "evil"] == []
    assert shown(page) == HARD
    assert evil.evaluate("() => heard") == []


def test_a_message_from_the_parent_window_with_the_wrong_target_origin_never_arrives(page, origins):
    # Sent to the evil origin's idea of the frame: the browser drops it (the frame is the solver's origin).
    page.evaluate("([message, target]) => send('embed', message, target)",
                  [{"type": "sudoku-solver:clear", "id": 50}, origins["evil"].origin])
    command(page, origins, {"type": "sudoku-solver:get-state", "id": 51})
    assert [m for m in messages(page, "reply") if m["data"].get("id") == 50] == []


@pytest.mark.parametrize("parent", ["evil", "*", "null", "javascript:alert(1)", "host-with-path"])
def test_an_embed_whose_parent_is_not_this_page_neither_talks_nor_listens(page, origins, parent):
    allowed = {"evil": origins["evil"].origin, "host-with-path": origins["host"].origin + "/host.html"}.get(parent, parent)
    frame_id = f"other-{abs(hash(parent))}"
    src = f"{origins['site'].url}embed.html?parent={quote(allowed, safe='')}#{EASY}"
    page.evaluate("([id, src]) => frameSolver(id, src)", [frame_id, src])
    other = embedded(page, frame_id)
    expect(other.get_by_role("gridcell", name=re.compile(r"^Row 1, column 3(,|$)"))).to_have_text("3")   # it runs
    page.evaluate("([id, message, target]) => send(id, message, target)",
                  [frame_id, {"type": "sudoku-solver:get-state", "id": "x"}, origins["site"].origin])
    page.wait_for_timeout(500)
    assert messages(page, frame=frame_id) == []
    page.evaluate("(id) => document.getElementById(id).remove()", frame_id)


def test_a_fragment_of_markup_is_read_as_text(page, origins):
    site, host = origins["site"], origins["host"]
    payload = "<img src=x onerror=alert(1)><script>alert(2)</script>"
    page.evaluate("(src) => { document.getElementById('embed').src = src; }",
                  f"{site.url}embed.html?parent={host.origin}#{quote(payload)}")     # same document: hashchange
    status = embedded(page).get_by_role("status")
    expect(status).to_contain_text("Could not read that puzzle")
    inner = next(f for f in page.frames if f.url.startswith(site.origin + "/embed.html"))
    assert inner.evaluate("""() => { const el = document.querySelector('sudoku-solver');
        return document.querySelectorAll('img, script:not([src])').length
             + el.shadowRoot.querySelectorAll('img, script').length; }""") == 0


def test_no_console_errors_in_the_host(page, browser_helpers):
    assert browser_helpers.console_errors(page) == []
