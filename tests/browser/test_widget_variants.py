"""<sudoku-solver> with variant rules: the `rules` attribute is drawn and obeyed, an f-puzzles link pasted on
the board loads the puzzle with its cages, clashes under the rules are marked, and Hint, Candidates, Rate and
Steps follow the rules (every step checked against the solution). One page, one engine."""
from __future__ import annotations

import re
import json
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from sudoku_core import Grid  # noqa: E402
from sudoku_core.formats.fpuzzles import fpuzzles_link  # noqa: E402
from sudoku_core.logic.path import solve_path  # noqa: E402
from sudoku_core.variants.rules import Cage, Rules  # noqa: E402

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
DATA = Path(__file__).resolve().parents[2] / "data" / "variants"


def first_puzzle(name: str) -> dict:
    return json.loads((DATA / name).read_text().splitlines()[0])


def assert_true_to(solution: str, step: dict) -> None:
    """A step places only the solution's digits and never takes a solution's digit away."""
    for p in step["placements"]:
        assert solution[p["cell"]] == str(p["digit"]), step
    for e in step["eliminations"]:
        assert solution[e["cell"]] != str(e["digit"]), step


@pytest.fixture(scope="module")
def widget(shared_context, site_server):
    page = shared_context.new_page()
    page.goto(site_server.url + "element-test.html?near=eager")
    solver = page.locator("#near")
    expect(solver).to_have_attribute("engine-state", "ready", timeout=90_000)
    yield page, solver
    page.close()


def test_x_rules_are_drawn_and_the_solution_obeys_them(widget):
    page, solver = widget
    solver.evaluate("(el) => { el.puzzle = ''; el.rules = { diagonal: true, antiDiagonal: true }; }")
    assert solver.locator(".rules-layer line.diagonal").count() == 2
    solution = solver.evaluate("(el) => el.solve()")
    n = 9
    assert len({solution[i * n + i] for i in range(n)}) == n
    assert len({solution[(n - 1 - i) * n + i] for i in range(n)}) == n
    assert Grid.parse(solution).is_solved()
    solver.evaluate("(el) => el.undo()")                     # the rules were one undoable step
    assert solver.evaluate("(el) => el.rules") is None
    assert solver.locator(".rules-layer").count() == 0


def test_a_pasted_f_puzzles_killer_loads_with_its_cages_and_solves(widget, browser_helpers):
    page, solver = widget
    solution = Grid.parse(HARD_SOLUTION)
    cages = tuple(Cage(cells, sum(solution.values[c] for c in cells))
                  for cells in (tuple(range(r * 9 + c, r * 9 + c + 3)) for r in range(9) for c in (0, 3, 6)))
    link = fpuzzles_link(Grid.parse(HARD), Rules(solution.shape, cages=cages))
    browser_helpers.paste(page, "#near", link)
    status = solver.get_by_role("status")
    expect(status).to_contain_text("Loaded the puzzle with 17 givens")
    assert solver.evaluate("(el) => el.puzzle") == HARD
    assert len(solver.evaluate("(el) => el.rules").get("cages", [])) == 27
    assert solver.locator(".rules-layer text.total").count() == 27
    first = solver.get_by_role("gridcell", name=re.compile(r"^Row 1, column 1(,|$)"))
    assert "in a cage of 3 cells, total 12" in first.get_attribute("aria-description")
    solver.get_by_role("button", name="Solve", exact=True).click()
    expect(status).to_contain_text("Solved", timeout=30_000)
    assert solver.evaluate("(el) => el.solution") == HARD_SOLUTION


def test_a_clash_under_the_rules_is_marked_and_bad_rules_change_nothing(widget):
    page, solver = widget
    solver.evaluate("(el) => { el.rules = null; el.puzzle = '..1' + '.'.repeat(10) + '1' + '.'.repeat(67); }")
    expect(solver.locator("[aria-invalid=true]")).to_have_count(0)
    solver.evaluate("(el) => { el.rules = { antiKnight: true }; }")
    expect(solver.locator("[aria-invalid=true]")).to_have_count(2, timeout=10_000)
    expect(solver.get_by_role("status")).to_contain_text("a knight's move apart")
    solver.evaluate("(el) => el.setAttribute('rules', '{not json')")
    expect(solver.get_by_role("status")).to_contain_text("not JSON")
    assert solver.evaluate("(el) => el.rules") == {"antiKnight": True}
    assert json.loads(json.dumps(solver.evaluate("(el) => el.puzzle"))).count("1") == 2


def test_the_rules_bar_shows_with_edit_rules_and_never_on_a_readonly_board(widget):
    page, solver = widget
    bar = solver.get_by_role("group", name="Rules to add")
    expect(bar).to_be_hidden()                                           # off by default
    solver.evaluate("(el) => { el.editRules = true; }")
    assert solver.evaluate("(el) => el.hasAttribute('edit-rules')")
    expect(bar).to_be_visible()
    solver.evaluate("(el) => { el.readOnly = true; }")
    expect(bar).to_be_hidden()
    solver.evaluate("(el) => { el.readOnly = false; }")
    expect(bar).to_be_visible()


def test_a_cage_drawn_in_the_widget_is_one_undoable_rules_change(widget):
    page, solver = widget
    solver.evaluate("(el) => { el.rules = null; el.puzzle = ''; el.editRules = true; }")
    solver.evaluate("""(el) => { window.changes = [];
      el.addEventListener('sudoku-solver-change', (e) => changes.push(e.detail.cause)); }""")
    solver.get_by_role("radio", name="Cages", exact=True).check()
    solver.get_by_role("gridcell", name=re.compile(r"^Row 1, column 1(,|$)")).click()
    page.keyboard.press("Shift+ArrowRight")
    page.keyboard.press("Shift+ArrowDown")
    assert solver.locator("[aria-selected=true]").count() == 3
    page.keyboard.press("Enter")
    field = solver.locator("[part=cage-total]")
    expect(field).to_be_focused()
    assert field.get_attribute("aria-label") == "Total of the new cage of 3 cells (r1c1, r1c2, r2c2)"
    page.keyboard.type("12")
    page.keyboard.press("Enter")
    assert solver.evaluate("(el) => el.rules") == {"cages": [{"cells": [0, 1, 10], "total": 12}]}
    assert page.evaluate("() => changes") == ["rules"]
    assert solver.locator("[aria-selected=true]").count() == 0
    expect(solver.get_by_role("gridcell", name=re.compile(r"^Row 2, column 2(,|$)"))).to_be_focused()   # back on the board
    page.keyboard.press("Control+z")
    assert solver.evaluate("(el) => el.rules") is None
    page.keyboard.press("Control+y")
    assert solver.evaluate("(el) => el.rules")["cages"][0]["total"] == 12
    solver.get_by_role("radio", name="Digits", exact=True).check()
    solver.get_by_role("gridcell", name=re.compile(r"^Row 1, column 1(,|$)")).click()
    page.keyboard.press("5")                                              # digits again in Digits mode
    assert solver.evaluate("(el) => el.puzzle")[0] == "5"
    solver.evaluate("(el) => { el.size = '4x4'; }")                      # another side drops the rules
    assert solver.evaluate("(el) => el.rules") is None
    solver.evaluate("(el) => el.undo()")
    assert solver.evaluate("(el) => el.rules")["cages"][0]["cells"] == [0, 1, 10]
    solver.evaluate("(el) => { el.rules = null; el.puzzle = ''; el.editRules = false; }")


@pytest.fixture(scope="module")
def framed(browser, browser_helpers, site_server, serve_directory, tmp_path_factory):
    """embed.html framed by a host page of another origin, which records the frame's messages."""
    host_dir = tmp_path_factory.mktemp("rules-host")
    (host_dir / "favicon.ico").write_bytes(b"")
    (host_dir / "host.js").write_text("""
window.received = [];
window.addEventListener('message', (event) => received.push(event.data));
window.frameSolver = (src) => new Promise((resolve) => {
  const frame = document.createElement('iframe');
  frame.id = 'embed'; frame.title = 'Sudoku solver'; frame.src = src;
  frame.style.width = '460px'; frame.style.height = '760px';
  frame.addEventListener('load', () => resolve(), { once: true });
  document.body.append(frame);
});
window.send = (message, target) => document.getElementById('embed').contentWindow.postMessage(message, target);
""")
    (host_dir / "host.html").write_text('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>'
                                        '<script type="module" src="host.js"></script></head><body></body></html>')
    host = serve_directory(host_dir, csp=None)
    context = browser_helpers.new_logged_context(browser)
    page = context.new_page()
    page.goto(host.url + "host.html")
    page.evaluate("(src) => frameSolver(src)", f"{site_server.url}embed.html?parent={host.origin}#{HARD};x;c11-1112")
    solver = page.frame_locator("#embed").locator("sudoku-solver")
    expect(solver).to_have_attribute("engine-state", "ready", timeout=90_000)
    yield page, solver, site_server.origin
    context.close()


def reply(page, command_id):
    for _ in range(300):
        found = page.evaluate("(id) => received.find((m) => m.type === 'sudoku-solver:reply' && m.id === id) ?? null",
                              command_id)
        if found:
            return found
        page.wait_for_timeout(50)
    raise AssertionError(f"no reply to {command_id}")


def test_the_iframe_takes_rules_in_its_fragment_and_in_set_puzzle(framed):
    page, solver, origin = framed
    assert solver.evaluate("(el) => el.rules") == {"diagonal": True, "antiDiagonal": True,
                                                   "cages": [{"cells": [0, 1], "total": 11}]}
    expect(solver.locator(".rules-layer text.total")).to_have_text(["11"])
    page.evaluate("([m, o]) => send(m, o)", [{"type": "sudoku-solver:set-puzzle", "id": "r1", "puzzle": "",
                                              "rules": {"antiKnight": True}}, origin])
    answer = reply(page, "r1")
    assert answer["ok"] and answer["result"]["rules"] == {"antiKnight": True}
    page.evaluate("([m, o]) => send(m, o)", [{"type": "sudoku-solver:solve", "id": "r2"}, origin])
    solved = reply(page, "r2")
    assert solved["ok"], solved
    solution = solved["result"]["solution"]
    knight = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
    assert all(solution[r * 9 + c] != solution[(r + dr) * 9 + c + dc] for r in range(9) for c in range(9)
               for dr, dc in knight if 0 <= r + dr < 9 and 0 <= c + dc < 9)
    page.evaluate("([m, o]) => send(m, o)", [{"type": "sudoku-solver:set-puzzle", "id": "r3", "puzzle": "",
                                              "rules": {"cages": [{"cells": [0, 1], "total": 2}]}}, origin])
    assert reply(page, "r3")["result"]["rules"] == {"cages": [{"cells": [0, 1], "total": 2}]}
    page.evaluate("([m, o]) => send(m, o)", [{"type": "sudoku-solver:check", "id": "r4"}, origin])
    refused = reply(page, "r4")
    assert not refused["ok"] and refused["error"]["code"] == "bad_request"
    assert "never 2" in refused["error"]["message"]
    page.evaluate("([m, o]) => send(m, o)", [{"type": "sudoku-solver:set-puzzle", "id": "r5", "puzzle": "",
                                              "rules": [1, 2]}, origin])
    bad = reply(page, "r5")
    assert not bad["ok"] and bad["error"]["code"] == "bad_request" and '"rules" must be an object' in bad["error"]["message"]


def test_hint_rate_candidates_and_steps_follow_killer_rules(widget, browser_helpers):
    page, solver = widget
    killer = first_puzzle("killer_public_janko_9x9.jsonl")
    solver.evaluate("(el, k) => { el.rules = k.rules; el.puzzle = k.givens; }", killer)
    status = solver.get_by_role("status")
    hint = solver.evaluate("(el) => el.hint()")                  # press 1: the technique and where to look
    assert hint["stage"] == 1 and hint["technique"]
    assert_true_to(killer["solution"], hint)
    cages = [u for u in hint["units"] if u["name"].startswith("the cage")]
    if hint["technique"].startswith("Cage"):
        assert cages and all(u["cells"] for u in cages)          # the cage is named with its cells, to draw
    hint_button = solver.get_by_role("button", name="Hint", exact=True)
    hint_button.click()                                          # press 2: the cells and the deduction
    expect(status).to_contain_text(hint["text"].rstrip("."))
    hint_button.click()                                          # press 3: applied, as one undoable step
    expect(status).to_contain_text("Applied: ")
    shown = solver.evaluate("(el) => el.puzzle")
    for p in hint["placements"]:
        assert shown[p["cell"]] == str(p["digit"])
    rating = solver.evaluate("(el) => el.rate()")
    assert isinstance(rating["score"], (int, float)) and rating["level"]
    solver.get_by_role("button", name="Candidates", exact=True).click()
    expect(solver.locator(".mark").first).to_be_visible()
    solver.get_by_role("button", name="Candidates", exact=True).click()


def test_the_steps_of_a_jigsaw_puzzle_are_each_true_to_its_solution(widget):
    page, solver = widget
    jigsaw = first_puzzle("jigsaw_9x9.jsonl")
    solver.evaluate("(el, k) => { el.rules = k.rules; el.puzzle = k.givens; }", jigsaw)
    grid = Grid.parse(jigsaw["givens"])
    path = solve_path(grid, rules=Rules.from_dict(grid.shape, jigsaw["rules"])).to_dict()   # what the panel shows
    assert path["solved"] and path["steps"]
    for step in path["steps"]:
        assert_true_to(jigsaw["solution"], step)
    solver.locator("summary", has_text="Steps").click()
    sentence = solver.locator(".steps .sentence")
    expect(sentence).to_have_text(f"Step 1 of {len(path['steps'])}: {path['steps'][0]['text']}.", timeout=60_000)
    solver.locator("summary", has_text="Steps").click()
