"""Each page, as built, names every module it will import statically in a <link rel="modulepreload">, so the
browser fetches the whole module graph at once instead of discovering it one import level (one round trip)
at a time: on a 150 ms mobile line each level would cost the board and the engine's start about that much.
The build writes those links (build/preload.py); the pages list by hand only what a static scan cannot see
(modules imported dynamically)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
sys.path.insert(0, str(ROOT / "build"))
from preload import ENTRY, PRELOAD, add_module_preloads, closure  # noqa: E402

PAGES = sorted(p.name for p in WEB.glob("*.html"))


@pytest.mark.parametrize("page", PAGES)
def test_a_page_preloads_every_module_its_scripts_import(page):
    html = add_module_preloads((WEB / page).read_text(), WEB)
    entries = set(ENTRY.findall(html))
    preloaded = {m.group(2) for m in PRELOAD.finditer(html)}
    assert entries, f"{page} has no module script"
    needed = closure(WEB, entries | preloaded) - entries
    missing = sorted(needed - preloaded)
    assert not missing, f"{page} should preload {missing}"
    assert all((WEB / m).exists() for m in preloaded), f"{page} preloads a module that does not exist"
    assert add_module_preloads(html, WEB) == html, "adding the preloads twice changes nothing"


def test_the_import_scan_finds_the_element_s_modules():
    assert {"grid-codec.js", "board-view.js", "logic-view.js", "variant-view.js"} <= closure(WEB, {"sudoku-solver.js"})
