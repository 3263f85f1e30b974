"""Each page names every module it will import statically in a <link rel="modulepreload">, so the browser
fetches the whole module graph at once instead of discovering it one import level (one round trip) at a
time: on a 150 ms mobile line each level would cost the board and the engine's start about that much."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parent.parent / "web"
STATIC_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^'"]*?from\s*['"](\./[\w.-]+\.js)['"]|^\s*import\s*['"](\./[\w.-]+\.js)['"]""", re.M)
ENTRY = re.compile(r"""<script type="module" src="([\w.-]+\.js)"></script>""")
PRELOAD = re.compile(r"""<link rel="modulepreload" href="([\w.-]+\.js)">""")


def static_imports(module: str) -> "set[str]":
    text = (WEB / module).read_text()
    return {(a or b)[2:] for a, b in STATIC_IMPORT.findall(text)}


def closure(roots: "set[str]") -> "set[str]":
    seen: "set[str]" = set()
    todo = list(roots)
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        todo.extend(static_imports(module) - seen)
    return seen


PAGES = sorted(p.name for p in WEB.glob("*.html"))


@pytest.mark.parametrize("page", PAGES)
def test_a_page_preloads_every_module_its_scripts_import(page):
    html = (WEB / page).read_text()
    entries = set(ENTRY.findall(html))
    preloaded = set(PRELOAD.findall(html))
    assert entries, f"{page} has no module script"
    needed = closure(entries | preloaded) - entries
    missing = sorted(needed - preloaded)
    assert not missing, f"{page} should preload {missing}"
    assert all((WEB / m).exists() for m in preloaded), f"{page} preloads a module that does not exist"


def test_the_import_scan_finds_the_element_s_modules():
    assert {"grid-codec.js", "board-view.js", "logic-view.js"} <= closure({"sudoku-solver.js"})
