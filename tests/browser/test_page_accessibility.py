"""The page as assistive technology reads it: axe-core (node_modules/axe-core, an npm devDependency) run on the
board with Candidates on, and each cell's accessible name saying what the cell shows."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
# A hard puzzle (Sudoku Explainer 9+): most cells show several candidates.
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


@pytest.fixture(scope="module")
def page(app_page):
    expect(app_page.locator("sudoku-solver")).to_have_attribute("engine-state", "ready", timeout=90_000)
    return app_page


def axe(page, rules: "list[str]") -> "list[dict]":
    """The violations of these axe-core rules on the page (open shadow roots included)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))  # run by the browser's debugger: the page's CSP allows no eval
    found = page.evaluate("""async (rules) => {
        const result = await window.axe.run(document, { runOnly: { type: 'rule', values: rules } });
        return result.violations.map((v) => ({ id: v.id, impact: v.impact,
            nodes: v.nodes.map((n) => ({ target: n.target, summary: n.failureSummary })) }));
    }""", rules)
    return found


def cells(page) -> "list[dict]":
    return page.evaluate("""() => [...document.querySelector('sudoku-solver').shadowRoot
        .querySelectorAll('[role=gridcell]')].map((c) => ({ label: c.getAttribute('aria-label'),
            marks: [...c.querySelectorAll('.mark')].map((m) => m.textContent).filter(Boolean) }))""")


def test_with_candidates_on_every_cell_is_named_with_what_it_shows(page, browser_helpers):
    page.get_by_role("radio", name="9×9").check()
    page.evaluate("""() => { const el = document.querySelector('sudoku-solver');
        el.removeAttribute('controls'); el.rules = null; el.size = '9x9'; el.showCandidates = false;
        el.puzzle = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'; }""")
    solver = page.locator("sudoku-solver")
    toggle = solver.get_by_role("button", name="Candidates", exact=True)
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    grid = solver.get_by_role("grid")
    expect(grid.get_by_role("gridcell", name=re.compile(r"^Row 1, column 2, candidates "))).to_be_attached()
    violations = axe(page, ["label-content-name-mismatch"])
    assert not violations, json.dumps(violations, indent=1)[:3000]
    shown = cells(page)
    for i, cell in enumerate(shown):
        where = f"Row {i // 9 + 1}, column {i % 9 + 1}"
        if HARD[i] != ".":
            assert cell["label"] == f"{where}, {HARD[i]}, given"
        else:
            marks = cell["marks"]
            assert marks and cell["label"] == f"{where}, candidates {' '.join(marks)}", cell
    # a screen reader finds a cell by what it shows, as a sighted person reads it
    expect(grid.get_by_role("gridcell", name=f"Row 1, column 1, 4, given", exact=True)).to_have_count(1)
    toggle.click()
    expect(grid.get_by_role("gridcell", name="Row 1, column 2", exact=True)).to_have_count(1)
