#!/usr/bin/env python3
"""Assemble the deployable static site: `python build/build_site.py --out dist/site`.

What it does, in order:
  1. builds the `sudoku_core` wheel from this repository (hatchling's PEP 517 hook, or `pip wheel`),
  2. copies the pinned Pyodide runtime (node_modules/pyodide: the three files a page needs) into
     `pyodide/<digest>/`, a folder named after its content,
  3. writes the site's Python library `pyodide/python-<digest>.zip` (build/make_library.mjs): the standard
     library modules the engine and Pyodide use plus the engine, compiled (`.pyc`), in place of Pyodide's
     2.5 MB zip of sources: less to download, and nothing for Python to compile while it starts; and the
     light engine: the pinned MicroPython runtime (node_modules/@micropython/...) into
     `micropython/<digest>/`, the portable core compiled to its bytecode into `micropython/core-<digest>.bin`
     (build/micropython_bundle.py),
  4. copies `web/` and `static/` to the site root, adds each page's module preloads (build/preload.py),
     writing the build version into the assets
     (`__BUILD_VERSION__`), the runtime's location into the worker (`/*__RUNTIME__*/null`), the
     Content-Security-Policy of build/serve.py into the pages (`__CONTENT_SECURITY_POLICY__`), `?v=<version>`
     onto every reference to a script, stylesheet or icon, and the service worker's pre-cache list,
  5. writes `version.json` and pre-compressed `.br` and `.gz` copies of the files that shrink (Node's zlib:
     build/compress.mjs).

Every URL inside the site is relative (the folder works from any sub-path of any static host), and every URL
the pages and the worker fetch names its content: a folder or file digest, or the build version. So an HTTP
cache can keep each for a year, and the service worker's pre-cache takes what the page has already
downloaded from the HTTP cache instead of asking the network again.
This directory is scripts only; it is not an importable package (the name `build` belongs to PyPA).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))
from micropython_bundle import write_bundle  # noqa: E402  (build/ is scripts, not a package)
from preload import add_module_preloads  # noqa: E402
from serve import CSP  # noqa: E402

PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
MICROPYTHON_DIR = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
#: The MicroPython files a page needs: the loader and the wasm.
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
#: MicroPython's first heap. Its WebAssembly port adds more as a request needs it (and collects garbage only
#: between requests): this is what a page holds from the start, enough for the warm-up and 9x9 searches.
MICROPYTHON_HEAP_BYTES = 16 << 20
#: Folders of runtimes copied as they are: no build version or references written into them.
RUNTIME_DIRS = {"pyodide", "micropython"}
#: The Pyodide files a page needs (no source maps, no consoles, no CommonJS build; the standard library is
#: the site's own, step 3).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
#: The engine's command-line modules: the page never imports them, so the standard-library modules only
#: they use (argparse, multiprocessing, pickle ...) stay out of the site's library (pyproject.toml's import
#: contracts keep the bridge apart from the CLI; tests/test_in_pyodide.py lets only them reach past the library).
CLI_MODULES = ("sudoku_core.__main__", "sudoku_core.cli", "sudoku_core.cli.program", "sudoku_core.cli.arguments",
               "sudoku_core.cli.generate", "sudoku_core.cli.variant", "sudoku_core.cli.variant_generate",
               "sudoku_core.logic.commands", "sudoku_core.bank.logic", "sudoku_core.bank.generate",
               "sudoku_core.bank.resume", "sudoku_core.bank.on_dask", "sudoku_core.bank.batch")
#: Files whose text gets the build version, the runtime's location and the pre-cache list written in.
TEMPLATED = {".js", ".mjs", ".html", ".json", ".webmanifest", ".css", ".txt"}
#: Files worth a pre-compressed copy (the library zip is stored uncompressed so that brotli sees it whole).
COMPRESSIBLE = {".js", ".mjs", ".html", ".css", ".json", ".webmanifest", ".wasm", ".svg", ".txt", ".zip", ".bin"}
#: Files the service worker does not pre-cache: itself, and the build's description.
NOT_PRECACHED = {"sw.js", "version.json"}
#: The workers: engine.js names them with the build version (`worker.js?v=...`), not a reference the build writes.
WORKERS = {"worker.js", "worker-micropython.js"}
VERSION_MARK = "__BUILD_VERSION__"
RUNTIME_MARK = "/*__RUNTIME__*/null"
MICROPYTHON_MARK = "/*__MICROPYTHON__*/null"
PRECACHE_MARK = "/*__PRECACHE__*/[]"
#: The pages' `<meta http-equiv="Content-Security-Policy">`: the policy build/serve.py sends, written once.
CSP_MARK = "__CONTENT_SECURITY_POLICY__"
#: `<script src="x.js">` and `<link href="x.css">` in pages: relative references to the site's files.
HTML_REF = re.compile(r'(<(?:script|link)\b[^>]*?\s(?:src|href)=")([^"#?:]+)(")')
#: `"src": "icons/x.png"` in the web manifest.
MANIFEST_REF = re.compile(r'("src"\s*:\s*")([^"#?:]+)(")')
#: `import ... from './x.js'`, `import('./x.js')`, `import './x.js'` in modules.
JS_REF = re.compile(r"""((?:\bfrom|\bimport)\s*\(?\s*)(['"])(\./[^'"?#]+\.(?:m?js|css))\2""")


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def digest_of(*paths: Path, length: int = 12) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.name.encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:length]


def run_node(script: str, *args: str) -> str:
    node = shutil.which("node")
    if node is None:
        sys.exit("[build] node is missing: install Node.js 20 (the build runs Pyodide and brotli under Node)")
    result = subprocess.run([node, str(ROOT / "build" / script), *args], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"[build] {script} failed:\n{(result.stderr or result.stdout).strip()[-2000:]}")
    return result.stdout


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


# -- 2, 3. the runtime and the Python library ---------------------------------------------------------
def copy_runtime(site: Path) -> Path:
    if not PYODIDE_DIR.is_dir():
        sys.exit("[build] node_modules/pyodide is missing: run `npm ci` (or `make site`) first")
    sources = [PYODIDE_DIR / name for name in PYODIDE_FILES]
    dest = site / "pyodide" / digest_of(*sources)
    dest.mkdir(parents=True)
    for source in sources:
        shutil.copy2(source, dest / source.name)
    return dest


def make_library(site: Path, wheel: Path) -> "tuple[Path, dict]":
    """The engine plus the standard-library modules it and Pyodide use, compiled: see build/library.py."""
    with tempfile.TemporaryDirectory(prefix="sudoku-library-") as tmp:
        made = Path(tmp) / "python.zip"
        report = json.loads(run_node("make_library.mjs", str(PYODIDE_DIR), str(wheel), str(made),
                                     json.dumps(CLI_MODULES)).strip()
                            .splitlines()[-1])
        target = site / "pyodide" / f"python-{digest_of(made)}.zip"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(made, target)
    return target, report


def copy_micropython(site: Path) -> "tuple[Path, Path, dict]":
    """The light engine: MicroPython's runtime in `micropython/<digest>/` and the portable core's bundle."""
    if not MICROPYTHON_DIR.is_dir():
        sys.exit(f"[build] {MICROPYTHON_DIR.relative_to(ROOT)} is missing: run `npm ci` (or `make site`) first")
    sources = [MICROPYTHON_DIR / name for name in MICROPYTHON_FILES]
    dest = site / "micropython" / digest_of(*sources)
    dest.mkdir(parents=True)
    for source in sources:
        shutil.copy2(source, dest / source.name)
    with tempfile.TemporaryDirectory(prefix="sudoku-bundle-") as tmp:
        made = Path(tmp) / "core.bin"
        report = write_bundle(made)
        bundle = site / "micropython" / f"core-{digest_of(made)}.bin"
        shutil.copy2(made, bundle)
    return dest, bundle, report


def lock_info() -> dict:
    """Pyodide's lock-file header: `loadPyodide` checks its ABI. The site loads no packages, so the worker
    passes this with an empty package list instead of fetching a lock file."""
    return json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text())["info"]


# -- 4. web/ and static/ ----------------------------------------------------------------------------
def copy_tree(src: Path, dest: Path) -> None:
    if not src.is_dir():
        return
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


def version_of(paths: list[Path], package_version: str) -> str:
    """The package version plus a digest of every input file: a new build never shares a cache name
    with an old one, and an unchanged tree gives the same version."""
    return f"{package_version}-{digest_of(*sorted(paths))}"


def add_versions(site: Path, version: str) -> "set[str]":
    """Write `?v=<version>` onto the pages', manifest's and modules' references to the site's files; returns the
    files so referenced (relative to the site). One rule for every file keeps one URL per module, so no
    module is loaded twice under two names."""
    versioned: set[str] = set()

    def versioned_ref(base: Path, ref: str) -> "str | None":
        target = (base.parent / ref).resolve()
        if not target.is_file() or site not in target.parents or target.name in NOT_PRECACHED:
            return None
        versioned.add(target.relative_to(site).as_posix())
        return f"{ref}?v={version}"

    for path in sorted(site.rglob("*")):
        if path.suffix not in {".html", ".js", ".webmanifest"} or RUNTIME_DIRS & set(path.relative_to(site).parts):
            continue
        text = path.read_text(encoding="utf-8")
        if path.suffix in {".html", ".webmanifest"}:
            pattern = HTML_REF if path.suffix == ".html" else MANIFEST_REF
            new = pattern.sub(lambda m: m.group(1) + (versioned_ref(path, m.group(2)) or m.group(2)) + m.group(3),
                              text)
        else:
            new = JS_REF.sub(lambda m: m.group(1) + m.group(2) + (versioned_ref(path, m.group(3)) or m.group(3))
                             + m.group(2), text)
        if new != text:
            path.write_text(new, encoding="utf-8")
    return versioned


def precache_list(site: Path, version: str, versioned: "set[str]") -> "list[str]":
    """Every file of the build under the URL the pages and the worker use for it (see sw.js)."""
    urls = ["./"] if (site / "index.html").exists() else []
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        rel = path.relative_to(site).as_posix()
        if rel in NOT_PRECACHED:
            continue
        urls.append(f"{rel}?v={version}" if rel in versioned or rel in WORKERS else rel)
    return urls


def fill_in(site: Path, marks: "dict[str, str]") -> None:
    for path in site.rglob("*"):
        if path.is_file() and path.suffix in TEMPLATED and not RUNTIME_DIRS & set(path.relative_to(site).parts):
            text = path.read_text(encoding="utf-8")
            new = text
            for mark, value in marks.items():
                new = new.replace(mark, value)
            if new != text:
                path.write_text(new, encoding="utf-8")


# -- 5. compressed copies ---------------------------------------------------------------------------
def compress(site: Path) -> dict:
    files = [str(p) for p in sorted(site.rglob("*")) if p.is_file() and p.suffix in COMPRESSIBLE]
    sizes = json.loads(run_node("compress.mjs", str(ROOT / ".cache" / "compressed"), *files))
    return {Path(name).relative_to(site).as_posix(): size for name, size in sizes.items()}


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="dist/site", help="the site folder to (re)create")
    parser.add_argument("--no-compress", action="store_true", help="skip the .br and .gz copies (faster)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    site = (Path.cwd() / args.out).resolve()
    sources = {"web", "static", "sudoku_core", "build", "tests", "node_modules", ".git"}
    if site == ROOT or site in ROOT.parents or (ROOT in site.parents and site.relative_to(ROOT).parts[0] in sources):
        sys.exit(f"[build] refusing to replace {site}: choose a folder like dist/site")
    if site.exists():
        shutil.rmtree(site)
    site.mkdir(parents=True)

    with tempfile.TemporaryDirectory(prefix="sudoku-build-") as tmp:
        wheel = build_wheel(Path(tmp))
        runtime = copy_runtime(site)
        library, report = make_library(site, wheel)
    light, bundle, light_report = copy_micropython(site)
    package_version = wheel.name.split("-")[1]
    copy_tree(ROOT / "web", site)
    copy_tree(ROOT / "static", site)
    for page in site.glob("*.html"):
        page.write_text(add_module_preloads(page.read_text(encoding="utf-8"), site), encoding="utf-8")
    version = version_of([p for p in site.rglob("*") if p.is_file()], package_version)
    versioned = add_versions(site, version)
    runtime_info = {
        "dir": runtime.relative_to(site).as_posix() + "/",
        "library": library.relative_to(site).as_posix(),
        "bytes": {"pyodide.asm.wasm": (runtime / "pyodide.asm.wasm").stat().st_size,
                  "library": library.stat().st_size},
        "lock": lock_info(),
    }
    light_info = {
        "dir": light.relative_to(site).as_posix() + "/",
        "bundle": bundle.relative_to(site).as_posix(),
        "heapBytes": MICROPYTHON_HEAP_BYTES,
        "bytes": {"micropython.wasm": (light / "micropython.wasm").stat().st_size, "bundle": bundle.stat().st_size},
    }
    fill_in(site, {VERSION_MARK: version, RUNTIME_MARK: json.dumps(runtime_info),
                   MICROPYTHON_MARK: json.dumps(light_info), CSP_MARK: CSP,
                   PRECACHE_MARK: json.dumps(precache_list(site, version, versioned))})
    sizes = {} if args.no_compress else compress(site)
    (site / "version.json").write_text(json.dumps({
        "version": version, "engine": package_version,
        "pyodide": json.loads((PYODIDE_DIR / "package.json").read_text())["version"],
        "runtime": runtime_info["dir"], "library": runtime_info["library"], "library_modules": report["modules"],
        "micropython": json.loads((MICROPYTHON_DIR / "package.json").read_text())["version"],
        "light_runtime": light_info["dir"], "light_bundle": light_info["bundle"], "light_modules": light_report["modules"],
        "built": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }, indent=1) + "\n")
    shipped = [p for p in site.rglob("*") if p.is_file() and p.suffix not in {".gz", ".br"}]
    log(f"version {version}: {len(shipped)} files, {sum(p.stat().st_size for p in shipped) / 1e6:.1f} MB; "
        f"library: {report['modules']} modules, {report['bytes'] / 1e6:.2f} MB; light engine: "
        f"{light_report['modules']} modules, {light_report['bytes'] / 1e3:.0f} KB of bytecode "
        f"(from {light_report['source_bytes'] / 1e3:.0f} KB of source)")
    if sizes:
        for label, key in (("brotli", "br"), ("gzip", "gz")):
            total = sum(s[key] if s[key] else s["raw"] for s in sizes.values())
            log(f"{label} copies: the compressible files weigh {total / 1e6:.2f} MB sent "
                f"(from {sum(s['raw'] for s in sizes.values()) / 1e6:.2f} MB)")
    log(f"wrote {site} in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
