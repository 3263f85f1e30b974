#!/usr/bin/env python3
"""Assemble the deployable static site: `python build/build_site.py --out dist/site`.

What it does, in order:
  1. builds the `sudoku_core` wheel from this repository (hatchling's PEP 517 hook, or `pip wheel`),
  2. copies the pinned Pyodide runtime (node_modules/pyodide: the four files a page needs) into `pyodide/`,
  3. writes `pyodide/pyodide-lock.json`: Pyodide's own lock header plus one entry for our wheel with its
     real sha256, so `loadPyodide({lockFileURL, packages: ["sudoku-core"]})` installs it offline with the
     integrity check on (micropip is not shipped; see docs/engine-js.md for the measurement),
  4. copies `web/` and `static/` to the site root, writing the build version into the assets
     (`__BUILD_VERSION__`) and the service worker's pre-cache list (`/*__PRECACHE__*/[]`),
  5. writes `version.json` and pre-compressed `.gz` copies of the files that shrink (Python's standard
     library has no brotli encoder, so no `.br` copies are made).

Every URL inside the site is relative, so the folder works from any sub-path of any static host.
This directory is scripts only; it is not an importable package (the name `build` belongs to PyPA).
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
#: The Pyodide files a page needs (no source maps, no consoles, no CommonJS build).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: Files whose text gets the build version and pre-cache list written in.
TEMPLATED = {".js", ".mjs", ".html", ".json", ".webmanifest", ".css", ".txt"}
#: Files worth a pre-compressed copy (zip and wheel are compressed already; images mostly are).
COMPRESSIBLE = {".js", ".mjs", ".html", ".css", ".json", ".webmanifest", ".wasm", ".svg", ".txt", ".map", ".bin"}
#: Files the service worker does not pre-cache: itself, and the pre-compressed copies.
NOT_PRECACHED = {"sw.js", "version.json"}
VERSION_MARK = "__BUILD_VERSION__"
SNAPSHOT_MARK = "/*__SNAPSHOT__*/null"
SNAPSHOT_FILE = "snapshot.bin"
PRECACHE_MARK = "/*__PRECACHE__*/[]"


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


# -- 1. the wheel ---------------------------------------------------------------------------------
def build_wheel(dest: Path) -> Path:
    """Build our wheel into `dest` from a clean staging copy of the package (nothing is written into
    the repository: no build/ or dist-info litter)."""
    with tempfile.TemporaryDirectory(prefix="sudoku-wheel-") as tmp:
        stage = Path(tmp) / "src"
        stage.mkdir()
        shutil.copy2(ROOT / "pyproject.toml", stage)
        shutil.copytree(ROOT / "sudoku_core", stage / "sudoku_core",
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        for extra in ("README.md", "LICENSE"):
            if (ROOT / extra).exists():
                shutil.copy2(ROOT / extra, stage)
        if not (stage / "README.md").exists():  # pyproject names it; don't fail the site for a doc
            log("warning: README.md is missing; the wheel gets a one-line description instead")
            (stage / "README.md").write_text("sudoku_core: a pure-Python Sudoku engine.\n")
        out = Path(tmp) / "out"
        out.mkdir()
        env = {**os.environ, "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH", "315532800")}
        try:
            import hatchling  # noqa: F401  (fast path: no isolated build environment to set up)
            cmd = [sys.executable, "-c",
                   "import sys; from hatchling.build import build_wheel; print(build_wheel(sys.argv[1]))",
                   str(out)]
        except ImportError:
            cmd = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out), str(stage)]
        result = subprocess.run(cmd, cwd=stage, env=env, capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"[build] building the wheel failed:\n{result.stdout}\n{result.stderr}")
        wheels = sorted(out.glob("*.whl"))
        if len(wheels) != 1:
            sys.exit(f"[build] expected one wheel, found {wheels}")
        dest.mkdir(parents=True, exist_ok=True)
        target = dest / wheels[0].name
        shutil.copy2(wheels[0], target)
        return target


# -- 2, 3. Pyodide and its lock file --------------------------------------------------------------
def copy_pyodide(dest: Path) -> None:
    if not PYODIDE_DIR.is_dir():
        sys.exit("[build] node_modules/pyodide is missing: run `npm ci` (or `make site`) first")
    dest.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE_DIR / name, dest / name)


def write_lock(dest: Path, wheel: Path) -> dict:
    """Pyodide's lock header with only our package in it (the runtime's 357 entries name wheels that
    are not shipped; leaving them out keeps the file small and the site honest)."""
    upstream = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text())
    name, version = wheel.name.split("-")[:2]
    entry = {
        "name": "sudoku-core",
        "version": version,
        "file_name": wheel.name,  # relative to the lock file
        "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": [name],
        "depends": [],
        "unvendored_tests": False,
        "shared_library": False,
    }
    lock = {"info": upstream["info"], "packages": {"sudoku-core": entry}}
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return entry


# -- 4. web/ and static/ ----------------------------------------------------------------------------
def copy_tree(src: Path, dest: Path) -> list[Path]:
    copied = []
    if not src.is_dir():
        return copied
    for path in sorted(src.rglob("*")):
        rel = path.relative_to(src)
        if path.is_dir() or any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
            continue
        if rel.name.endswith("~") or rel.suffix in {".pyc", ".md"}:
            continue
        target = dest / rel
        if target.exists():
            log(f"warning: {src.name}/{rel} overwrites a file of the same name")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
        copied.append(target)
    return copied


def version_of(paths: list[Path], package_version: str) -> str:
    """The package version plus a digest of every input file: a new build never shares a cache name
    with an old one, and an unchanged tree gives the same version."""
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(str(path.name).encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return f"{package_version}-{digest.hexdigest()[:12]}"


def make_snapshot(pyodide_dir: Path, wheel: Path, sha256: str) -> "dict | None":
    """Pyodide's memory snapshot of a started interpreter with the engine imported (see
    build/make_snapshot.mjs), or None (with a warning) when Node cannot make one."""
    node = shutil.which("node")
    if node is None:
        log("warning: node is missing: no start-up snapshot (the engine starts more slowly)")
        return None
    out = pyodide_dir / SNAPSHOT_FILE
    result = subprocess.run([node, str(ROOT / "build" / "make_snapshot.mjs"), str(pyodide_dir), str(wheel), str(out)],
                            capture_output=True, text=True)
    if result.returncode != 0 or not out.exists():
        log(f"warning: no start-up snapshot: {(result.stderr or result.stdout).strip()[-300:]}")
        out.unlink(missing_ok=True)
        return None
    return {"file": SNAPSHOT_FILE, "bytes": out.stat().st_size, "wheel": wheel.name, "sha256": sha256}


def fill_in(site: Path, version: str, precache: list[str], snapshot: "dict | None") -> None:
    for path in site.rglob("*"):
        if path.is_file() and path.suffix in TEMPLATED:
            text = path.read_text(encoding="utf-8")
            new = text.replace(VERSION_MARK, version)
            new = new.replace(SNAPSHOT_MARK, json.dumps(snapshot))
            if PRECACHE_MARK in new:
                new = new.replace(PRECACHE_MARK, json.dumps(precache, indent=0).replace("\n", ""))
            if new != text:
                path.write_text(new, encoding="utf-8")


# -- 5. compressed copies ---------------------------------------------------------------------------
def compress(site: Path) -> tuple[int, int]:
    raw = packed = 0
    for path in sorted(site.rglob("*")):
        if not path.is_file() or path.suffix not in COMPRESSIBLE:
            continue
        data = path.read_bytes()
        body = gzip.compress(data, compresslevel=6, mtime=0)
        if len(body) < len(data) * 0.9:
            Path(str(path) + ".gz").write_bytes(body)
            raw += len(data)
            packed += len(body)
    return raw, packed


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="dist/site", help="the site folder to (re)create")
    parser.add_argument("--no-compress", action="store_true", help="skip the .gz copies (faster)")
    parser.add_argument("--no-snapshot", action="store_true",
                        help="no start-up memory snapshot (a smaller site that starts more slowly)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    site = (Path.cwd() / args.out).resolve()
    sources = {"web", "static", "sudoku_core", "build", "tests", "node_modules", ".git"}
    if site == ROOT or site in ROOT.parents or (ROOT in site.parents and site.relative_to(ROOT).parts[0] in sources):
        sys.exit(f"[build] refusing to replace {site}: choose a folder like dist/site")
    if site.exists():
        shutil.rmtree(site)
    site.mkdir(parents=True)

    pyodide_dir = site / "pyodide"
    wheel = build_wheel(pyodide_dir)
    copy_pyodide(pyodide_dir)
    entry = write_lock(pyodide_dir, wheel)
    snapshot = None if args.no_snapshot else make_snapshot(pyodide_dir, wheel, entry["sha256"])
    copied = copy_tree(ROOT / "web", site) + copy_tree(ROOT / "static", site)

    files = sorted(p for p in site.rglob("*") if p.is_file())
    version = version_of(files, entry["version"])
    precache = (["./"] if (site / "index.html").exists() else []) + [p.relative_to(site).as_posix() for p in files
                         if p.relative_to(site).as_posix() not in NOT_PRECACHED]
    fill_in(site, version, precache, snapshot)
    (site / "version.json").write_text(json.dumps({
        "version": version, "wheel": wheel.name, "sha256": entry["sha256"],
        "pyodide": json.loads((PYODIDE_DIR / "package.json").read_text())["version"],
        "snapshot": snapshot,
        "built": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }, indent=1) + "\n")
    if args.no_compress:
        raw = packed = 0
    else:
        raw, packed = compress(site)
    total = sum(p.stat().st_size for p in site.rglob("*") if p.is_file() and p.suffix != ".gz")
    log(f"{wheel.name} sha256 {entry['sha256'][:16]}…")
    log(f"version {version}: {len(files) + 1} files, {total / 1e6:.1f} MB"
        + (f"; gzip copies {raw / 1e6:.1f} MB -> {packed / 1e6:.1f} MB (no brotli: not in the standard library)"
           if raw else ""))
    log(f"wrote {site} in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
