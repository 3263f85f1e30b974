"""The built site (dist/site, made by `make site`) is complete and consistent: what the browser and the
service worker will trust is what the build wrote."""
from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
from pathlib import Path

import pytest

SITE = Path(__file__).resolve().parent.parent / "dist" / "site"


@pytest.fixture(scope="module")
def site() -> Path:
    if not (SITE / "version.json").exists():
        if os.environ.get("SUDOKU_FULL_SUITE") == "1":
            pytest.fail("dist/site is missing: `make site` builds it", pytrace=False)
        pytest.skip("dist/site is not built (`make site`)")
    return SITE


def test_the_lock_entry_names_the_shipped_wheel_with_its_real_sha256(site):
    lock = json.loads((site / "pyodide" / "pyodide-lock.json").read_text())
    entry = lock["packages"]["sudoku-core"]
    wheel = site / "pyodide" / entry["file_name"]
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"]
    assert entry["imports"] == ["sudoku_core"]
    assert lock["info"]["python"].startswith("3.14")


def test_the_runtime_files_are_the_pinned_ones(site):
    root = Path(__file__).resolve().parent.parent / "node_modules" / "pyodide"
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (site / "pyodide" / name).read_bytes() == (root / name).read_bytes(), name


def test_the_build_version_is_written_into_the_assets(site):
    version = json.loads((site / "version.json").read_text())["version"]
    for name in ("engine.js", "worker.js", "sw.js"):
        text = (site / name).read_text()
        assert "__BUILD_VERSION__" not in text
        assert version in text, name


def test_the_service_worker_precaches_every_file_of_the_build(site):
    text = (site / "sw.js").read_text()
    assets = json.loads(re.search(r"const ASSETS = (\[.*?\]);", text, re.S).group(1))
    files = {p.relative_to(site).as_posix() for p in site.rglob("*")
             if p.is_file() and p.suffix != ".gz" and p.name not in {"sw.js", "version.json"}}
    assert files == set(assets) - {"./"}
    assert ("./" in assets) == (site / "index.html").exists()


def test_the_snapshot_the_worker_expects_is_there(site):
    snapshot = json.loads((site / "version.json").read_text())["snapshot"]
    if snapshot is None:
        pytest.skip("built without a snapshot")
    assert (site / "pyodide" / snapshot["file"]).stat().st_size == snapshot["bytes"]
    assert json.dumps(snapshot) in (site / "worker.js").read_text()


def test_compressed_copies_hold_the_same_bytes(site):
    copies = list(site.rglob("*.gz"))
    assert any(p.name == "pyodide.asm.wasm.gz" for p in copies)
    for copy in copies:
        original = copy.with_suffix("")
        assert gzip.decompress(copy.read_bytes()) == original.read_bytes(), copy.name


def test_every_url_in_the_site_is_relative(site):
    for path in list(site.glob("*.js")) + list(site.glob("*.html")):
        text = path.read_text()
        assert not re.search(r"""(?:src|href)=["']/(?!/)""", text), f"{path.name} has a root-relative URL"
        assert "cdn.jsdelivr" not in text and "unpkg.com" not in text, path.name
