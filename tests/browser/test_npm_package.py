"""What `make dist` builds for web pages: the npm package of `<sudoku-solver>` with everything it loads.

The package is made here as the Makefile makes it (build/npm_package.py from the built site, `npm pack`),
into a temporary folder, and installed with `npm install --offline <tarball>` into a fresh project folder (a
local tarball with no dependencies needs no network). That folder is served by build/serve.py (its strict
Content-Security-Policy on the pages) and a page in it loads the element the way docs/embedding.md's
"Install from npm" says: `<script type="module" src="/node_modules/<name>/sudoku-solver.js">`. It solves
(the light engine), rates (the full engine: Pyodide and the Python library, from the package) and the
iframe page `embed.html` of the package solves too; nothing is fetched from outside the package.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

from sudoku_core import __version__ as VERSION  # the one place the version is written

ROOT = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("SUDOKU_SITE") or ROOT / "dist" / "site").resolve()
NAME = "sudoku-solver-element"
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
ENGINE_S = 120
#: `from './x.js?v=...'`, `import('./x.js?v=...')`, `new URL('./worker.js?v=...', import.meta.url)`.
MODULE_REF = re.compile(r"""(?:\bfrom|\bimport\s*\(?|\bnew\s+URL\()\s*([`'"])(\./[^`'"?#$]+)(?:\?[^`'"]*)?\1""")


def needs(program: str) -> str:
    found = shutil.which(program)
    if found is None:
        if os.environ.get("SUDOKU_FULL_SUITE") == "1":
            pytest.fail(f"{program} is missing: install Node.js and npm", pytrace=False)
        pytest.skip(f"{program} is not installed")
    return found


@pytest.fixture(scope="module")
def tarball(tmp_path_factory, site_dir) -> Path:
    """The package's tarball, made from the built site (site_dir fails the test when there is none)."""
    needs("npm")
    out = tmp_path_factory.mktemp("npm-dist")
    result = subprocess.run([sys.executable, str(ROOT / "build" / "npm_package.py"), "--site", str(SITE),
                             "--out", str(out)], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, f"build/npm_package.py failed:\n{result.stdout}\n{result.stderr}"
    made = Path(result.stdout.strip().splitlines()[-1])
    assert made == out / f"{NAME}-{VERSION}.tgz" and made.is_file(), result.stdout
    return made


@pytest.fixture(scope="module")
def project(tmp_path_factory, tarball) -> Path:
    """A fresh folder with the package installed from its tarball, and the pages that use it."""
    folder = tmp_path_factory.mktemp("npm-host")
    (folder / "package.json").write_text(json.dumps({"name": "npm-host", "private": True}))
    result = subprocess.run([needs("npm"), "install", "--no-audit", "--no-fund", "--offline", "--loglevel=error",
                             str(tarball)], cwd=folder, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, f"npm install failed:\n{result.stdout}\n{result.stderr}"
    (folder / "favicon.ico").write_bytes(b"")
    (folder / "index.html").write_text(f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A page with the element from npm</title>
<script type="module" src="/node_modules/{NAME}/sudoku-solver.js"></script>
</head><body><sudoku-solver id="solver" puzzle="{HARD}"></sudoku-solver></body></html>""")
    return folder


@pytest.fixture(scope="module")
def server(project, serve_directory):
    return serve_directory(project)


def installed(project: Path) -> Path:
    return project / "node_modules" / NAME


def test_the_tarball_holds_the_package_with_the_engine_s_version(tarball):
    with tarfile.open(tarball) as tar:
        names = tar.getnames()
        manifest = json.loads(tar.extractfile("package/package.json").read())
    assert all(n.startswith("package/") for n in names)
    assert manifest["name"] == NAME and manifest["version"] == VERSION
    assert manifest["type"] == "module" and manifest["license"] == "MIT"
    assert manifest["main"] == "./sudoku-solver.js" and manifest["exports"]["."] == "./sudoku-solver.js"
    assert manifest.get("dependencies", {}) == {}
    files = {n[len("package/"):] for n in names}
    assert {"package.json", "README.md", "LICENSE", "sudoku-solver.js", "engine.js", "engine-runtime.js",
            "worker.js", "worker-micropython.js", "worker-common.js", "embed.html", "embed.js", "embed.css"} <= files
    assert [f for f in files if f.startswith("pyodide/") and f.endswith(".zip")], "no Python library"
    assert [f for f in files if f.startswith("pyodide/") and f.endswith("pyodide.asm.wasm")]
    assert [f for f in files if f.startswith("micropython/") and f.endswith("micropython.wasm")]
    # Not the site's own pages, service worker or pre-compressed copies, nor anything of the tests.
    assert not [f for f in files if f.endswith((".br", ".gz")) or f in {"sw.js", "index.html", "version.json"}
                or "test" in f]


def test_every_module_of_the_package_finds_what_it_imports_in_the_package(project):
    package = installed(project)
    missing = []
    for module in package.rglob("*.js"):
        for match in MODULE_REF.finditer(module.read_text(encoding="utf-8")):
            if not (module.parent / match.group(2)).is_file():
                missing.append(f"{module.relative_to(package)}: {match.group(2)}")
    assert not missing, missing


def test_a_page_loads_the_element_from_node_modules_and_solves(server, new_context, browser_helpers):
    context = new_context()
    page = context.new_page()
    page.goto(server.url + "index.html")
    solver = page.locator("#solver")
    solver.get_by_role("button", name="Solve", exact=True).click()
    expect(solver.get_by_role("status")).to_contain_text("Solved", timeout=ENGINE_S * 1000)
    assert solver.evaluate("el => el.solution") == HARD_SOLUTION
    # The full engine (Pyodide and the site's Python library, from the package) answers what only it does: a
    # variant search past the light engine's share of work (data/variants' hardest Killer).
    killer = json.loads((ROOT / "data" / "variants" / "killer_9x9.jsonl").read_text().splitlines()[28])
    solver.evaluate("(el, k) => { el.puzzle = k.givens; el.rules = k.rules; }", killer)
    solver.get_by_role("button", name="Solve", exact=True).click()
    expect(solver.get_by_role("status")).to_contain_text("Solved", timeout=ENGINE_S * 1000)
    assert solver.evaluate("el => el.solution") == killer["solution"]
    assert browser_helpers.console_errors(page) == []
    prefix = f"{server.url}node_modules/{NAME}/"
    outside = [u for u in browser_helpers.request_log(context)
               if not u.startswith((prefix, "blob:", "data:")) and u.split("?")[0] not in
               {server.url + "index.html", server.url + "favicon.ico"}]
    assert outside == [], f"requests outside the package: {outside}"
    assert any(u.startswith(prefix + "pyodide/") and ".wasm" in u for u in browser_helpers.request_log(context))


def test_the_iframe_page_of_the_package_solves(server, new_context, browser_helpers):
    page = new_context().new_page()
    page.goto(f"{server.url}node_modules/{NAME}/embed.html#{HARD}")
    solver = page.locator("sudoku-solver")
    solver.get_by_role("button", name="Solve", exact=True).click()
    expect(solver.get_by_role("status")).to_contain_text("Solved", timeout=ENGINE_S * 1000)
    assert solver.evaluate("el => el.solution") == HARD_SOLUTION
    assert browser_helpers.console_errors(page) == []
