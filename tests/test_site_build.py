"""The built site (dist/site, made by `make site`) is complete and consistent: what the browser and the
service worker will trust is what the build wrote."""
from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "dist" / "site"


@pytest.fixture(scope="module")
def site() -> Path:
    if not (SITE / "version.json").exists():
        if os.environ.get("SUDOKU_FULL_SUITE") == "1":
            pytest.fail("dist/site is missing: `make site` builds it", pytrace=False)
        pytest.skip("dist/site is not built (`make site`)")
    return SITE


@pytest.fixture(scope="module")
def version(site) -> dict:
    return json.loads((site / "version.json").read_text())


def shipped(site: Path) -> "list[Path]":
    return [p for p in site.rglob("*") if p.is_file() and p.suffix not in {".gz", ".br"}]


def test_the_runtime_files_are_the_pinned_ones_in_a_folder_named_by_their_digest(site, version):
    runtime = site / version["runtime"]
    assert re.fullmatch(r"pyodide/[0-9a-f]{12}/", version["runtime"])
    assert sorted(p.name for p in shipped(runtime)) == ["pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide.mjs"]
    for path in shipped(runtime):
        assert path.read_bytes() == (ROOT / "node_modules" / "pyodide" / path.name).read_bytes(), path.name


def test_the_library_holds_the_engine_and_the_standard_library_compiled(site, version):
    assert re.fullmatch(r"pyodide/python-[0-9a-f]{12}\.zip", version["library"])
    with zipfile.ZipFile(site / version["library"]) as library:
        names = set(library.namelist())
        assert all(info.compress_type == zipfile.ZIP_STORED for info in library.infolist())
    assert not [n for n in names if n.endswith(".py")], "sources shipped beside the compiled modules"
    engine = {p.relative_to(ROOT).with_suffix(".pyc").as_posix() for p in (ROOT / "sudoku_core").rglob("*.py")}
    assert engine <= names
    # What Pyodide's start-up and the engine import; not what neither does.
    assert {"json/__init__.pyc", "encodings/__init__.pyc", "_pyodide/__init__.pyc", "asyncio/__init__.pyc"} <= names
    assert not [n for n in names if n.split("/")[0] in {"unittest", "pydoc_data", "tkinter", "sqlite3", "_pyrepl"}]
    # Nor what only the command line uses, nor modules the engine does without (build/library.py).
    assert not {"argparse.pyc", "pickle.pyc", "multiprocessing/__init__.pyc", "html/entities.pyc",
                "urllib/parse.pyc"} & names


def test_no_test_page_is_shipped(site):
    assert not [p.name for p in shipped(site) if "test" in p.name]


def test_the_build_version_is_written_into_the_assets(site, version):
    for name in ("engine.js", "worker.js", "sw.js"):
        text = (site / name).read_text()
        assert "__BUILD_VERSION__" not in text and "/*__" not in text
        assert version["version"] in text, name


def test_every_reference_to_a_module_or_stylesheet_carries_the_build_version(site, version):
    """One URL per file: a module imported under two names would load and run twice."""
    for path in list(site.glob("*.js")) + list(site.glob("*.html")):
        text = path.read_text()
        refs = re.findall(r"""(?:from|import)\s*\(?\s*['"](\./[^'"]+\.(?:m?js|css)[^'"]*)['"]""", text)
        if path.suffix == ".html":
            refs += re.findall(r"""<(?:script|link)\b[^>]*?\s(?:src|href)="([^"#:]+)\"""", text)
        for ref in refs:
            if ref.endswith((".html", "/")):
                continue
            assert ref.endswith(f"?v={version['version']}"), f"{path.name}: {ref}"


def test_the_service_worker_precaches_every_file_under_the_url_the_pages_use(site, version):
    text = (site / "sw.js").read_text()
    assets = json.loads(re.search(r"const ASSETS = (\[.*?\]);", text, re.S).group(1))
    files = {p.relative_to(site).as_posix() for p in shipped(site)} - {"sw.js", "version.json"}
    assert {a.split("?")[0] for a in assets} - {"./"} == files
    assert len(assets) == len(files) + 1, "a file listed twice"
    for name in ("worker.js", "engine.js", "app.js", "sudoku-solver.js"):
        assert f"{name}?v={version['version']}" in assets


def test_compressed_copies_hold_the_same_bytes(site, version):
    gz = list(site.rglob("*.gz"))
    br = list(site.rglob("*.br"))
    assert any(p.name == "pyodide.asm.wasm.br" for p in br)
    assert (site / (version["library"] + ".br")).exists()
    for copy in gz:
        assert gzip.decompress(copy.read_bytes()) == copy.with_suffix("").read_bytes(), copy.name
    node = shutil.which("node")
    assert node, "node is needed to check the brotli copies (Python has no brotli decoder)"
    script = ("const z = require('zlib'), fs = require('fs');"
              "for (const f of process.argv.slice(1)) if (!z.brotliDecompressSync(fs.readFileSync(f))"
              ".equals(fs.readFileSync(f.slice(0, -3)))) { console.log(f); process.exitCode = 1; }")
    result = subprocess.run([node, "-e", script, *map(str, br)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_url_in_the_site_is_relative(site):
    for path in list(site.glob("*.js")) + list(site.glob("*.html")):
        text = path.read_text()
        assert not re.search(r"""(?:src|href)=["']/(?!/)""", text), f"{path.name} has a root-relative URL"
        assert "cdn.jsdelivr" not in text and "unpkg.com" not in text, path.name


def test_every_page_carries_the_policy_the_server_sends_and_the_docs_show(site):
    import sys
    sys.path.insert(0, str(ROOT / "build"))
    try:
        from serve import CSP
    finally:
        sys.path.pop(0)
    without = []
    for page in sorted(site.glob("*.html")):
        policies = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', page.read_text())
        assert policies in ([CSP], []), page.name
        if not policies:
            without.append(page.name)
    assert without == ["embed-demo.html"]  # the demo shows the widget under a host page's own policy
    deploying = (ROOT / "docs" / "page.md").read_text()  # "Deploying dist/site/", linked from the README
    shown = re.search(r"which `build/serve.py` sends.*?```\n(.*?)```", deploying, re.S).group(1)
    assert " ".join(shown.split()) == CSP
