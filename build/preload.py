"""Module preloads for the pages: each page names, in `<link rel="modulepreload">`, every module its module
scripts (and the modules it already preloads by hand: those imported dynamically, like sudoku-solver.js
from app.js) import statically, directly or not. The browser then fetches the whole module graph at once
instead of one import level (one round trip) at a time. The build writes them; the pages list only what a
static scan cannot see."""
from __future__ import annotations

import re
from pathlib import Path

STATIC_IMPORT = re.compile(
    r"""^\s*(?:import|export)\b[^'"]*?from\s*['"](\./[\w.-]+\.js)['"]|^\s*import\s*['"](\./[\w.-]+\.js)['"]""", re.M)
ENTRY = re.compile(r"""<script type="module" src="([\w.-]+\.js)"></script>""")
PRELOAD = re.compile(r"""^([ \t]*)<link rel="modulepreload" href="([\w.-]+\.js)">\n""", re.M)


def static_imports(folder: Path, module: str) -> "set[str]":
    text = (folder / module).read_text(encoding="utf-8")
    return {(a or b)[2:] for a, b in STATIC_IMPORT.findall(text)}


def closure(folder: Path, roots: "set[str]") -> "set[str]":
    """`roots` and every module they import statically, directly or not (names relative to `folder`)."""
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo.extend(static_imports(folder, module) - seen)
    return seen


def add_module_preloads(html: str, folder: Path) -> str:
    """The page with a modulepreload link for each module of its static graph it does not preload yet,
    after its last hand-written one (or before its module script)."""
    entries = set(ENTRY.findall(html))
    listed = [m.group(2) for m in PRELOAD.finditer(html)]
    missing = sorted(closure(folder, entries | set(listed)) - entries - set(listed))
    if not missing:
        return html
    last = list(PRELOAD.finditer(html))
    if last:
        at, indent = last[-1].end(), last[-1].group(1)
    else:
        script = re.search(r"""^([ \t]*)<script type="module" """, html, re.M)
        if script is None:
            return html
        at, indent = script.start(), script.group(1)
    links = "".join(f'{indent}<link rel="modulepreload" href="{m}">\n' for m in missing)
    return html[:at] + links + html[at:]
