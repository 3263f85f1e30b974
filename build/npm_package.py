#!/usr/bin/env python3
"""The npm package of the `<sudoku-solver>` element: `python build/npm_package.py --site dist/site --out dist/npm`.

What it does, in order:
  1. picks from the built site (`make site`) the files the element and its engine load, by following them
     from `sudoku-solver.js`, `embed.html` and the workers: every module they import (statically or with
     `import()`), every file a page references, the worker modules `engine.js` starts, and the runtimes and
     libraries `version.json` names (`pyodide/<digest>/`, the Python library zip, `micropython/<digest>/`, the
     light engine's bytecode bundle). Not the site's own pages, its service worker, nor the `.br`/`.gz`
     copies (npm's tarball is compressed already, a CDN compresses on its own, and they would more than
     double the download of `npm install`);
  2. copies them into `<out>/package/` as they are (the build's relative URLs and `?v=` names still hold), and
     writes a `package.json` whose version is `sudoku_core.__version__` (the one place the version is
     written; pyproject.toml reads it from there), a README for npm users (with the sizes measured on the site's files) and the
     licence;
  3. runs `npm pack` there: `<out>/<name>-<version>.tgz`. `--no-pack` stops after the folder.

The last line printed is the tarball's path (or the folder's, with `--no-pack`).
This directory is scripts only; it is not an importable package (the name `build` belongs to PyPA).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The package's name on npm (unscoped).
NAME = "sudoku-solver-element"
#: What a page loads, and the iframe form's page.
ENTRY = "sudoku-solver.js"
ROOTS = (ENTRY, "embed.html")
#: `<script src="x.js?v=...">` and `<link href="x.css?v=...">` in the built pages.
BUILT_HTML_REF = re.compile(r'<(?:script|link)\b[^>]*?\s(?:src|href)="()([^"#?:]+)(?:\?[^"]*)?"')
#: `import x from './a.js?v=...'`, `import('./a.js?v=...')`, `import './a.js'` in the built modules.
BUILT_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*\(?\s*(['"])(\./[^'"?#]+\.(?:m?js|css))(?:\?[^'"]*)?\1""")
#: `new URL('./worker.js?v=...', import.meta.url)` (the workers engine.js starts); `${...}` parts are not files.
BUILT_URL = re.compile(r"""\bnew\s+URL\(\s*([`'"])(\./[^`'"?#$]+)(?:\?[^`'"]*)?\1""")
#: What the element cannot work without: checked, so that a change in how the site is built fails here.
REQUIRED = {"sudoku-solver.js", "engine.js", "engine-runtime.js", "worker.js", "worker-micropython.js",
            "worker-common.js", "embed.html", "embed.js", "embed.css"}
#: Built files never shipped: the site's pages, its service worker and its description.
NOT_SHIPPED = {"sw.js", "offline.js", "version.json", "index.html"}


def log(message: str) -> None:
    print(f"[npm] {message}", flush=True)


def project_version() -> str:
    """`sudoku_core.__version__`: the one version of the library, the CLI, the site and this package (pyproject.toml
    reads it from there too). Read from the file, not imported: the build's Python need not import the engine."""
    text = (ROOT / "sudoku_core" / "__init__.py").read_text(encoding="utf-8")
    return re.search(r'^__version__ = "([^"]+)"', text, re.M).group(1)


# -- 1. what the element loads --------------------------------------------------------------------------
def references(site: Path, rel: str) -> "set[str]":
    """The site's files `rel` refers to (relative to the site), outside the runtime folders."""
    path = site / rel
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".html":
        found = [m.group(2) for m in BUILT_HTML_REF.finditer(text)]
    elif path.suffix in {".js", ".mjs"}:
        found = [m.group(2) for m in BUILT_IMPORT.finditer(text)] + [m.group(2) for m in BUILT_URL.finditer(text)]
    else:
        return set()
    refs = set()
    for ref in found:
        target = os.path.normpath(os.path.join(os.path.dirname(rel), ref.split("?", 1)[0]))
        if not target.startswith("..") and (site / target).is_file():
            refs.add(Path(target).as_posix())
    return refs


def element_files(site: Path) -> "list[str]":
    """Every file of the site the element, its engine and the iframe page load (relative paths, sorted)."""
    version = json.loads((site / "version.json").read_text())
    files: set[str] = set()
    todo = list(ROOTS)
    while todo:
        rel = todo.pop()
        if rel in files:
            continue
        if not (site / rel).is_file():
            sys.exit(f"[npm] {site}/{rel} is missing: rebuild the site (`make site`)")
        files.add(rel)
        todo.extend(references(site, rel) - files)
    # The runtimes and the libraries, which the workers find through the names the build wrote into them.
    for key in ("runtime", "light_runtime"):
        folder = site / version[key]
        files.update(p.relative_to(site).as_posix() for p in folder.iterdir()
                     if p.is_file() and p.suffix not in {".br", ".gz"})
    files.update(version[key] for key in ("library", "light_bundle"))
    missing = REQUIRED - files
    if missing:
        sys.exit(f"[npm] the element's files were not all found from {ROOTS}: {sorted(missing)} missing")
    shipped = files & NOT_SHIPPED
    if shipped:
        sys.exit(f"[npm] the element refers to the site's own files {sorted(shipped)}: decide whether they ship")
    return sorted(files)


# -- 2. the folder --------------------------------------------------------------------------------------------
def megabytes(n: int) -> str:
    return f"{n / 1e6:.2f} MB" if n >= 1e5 else f"{n / 1e3:.0f} KB"


def sizes(site: Path, files: "list[str]") -> "dict[str, dict[str, int]]":
    """Bytes of each group as stored, and as sent with gzip and with brotli (the site's own .gz/.br copies)."""
    groups = {"the page's modules: `sudoku-solver.js`, `engine.js` and what they import": [],
              "the light engine: `worker-micropython.js`, `worker-common.js`, `micropython/`": [],
              "the full engine: `worker.js`, `pyodide/` (Pyodide and the Python library)": [],
              "the iframe page: `embed.html`, `embed.js`, `embed.css`": []}
    names = list(groups)
    for rel in files:
        if rel.startswith("micropython/") or rel in {"worker-micropython.js", "worker-common.js"}:
            groups[names[1]].append(rel)
        elif rel.startswith("pyodide/") or rel == "worker.js":
            groups[names[2]].append(rel)
        elif rel.startswith("embed."):
            groups[names[3]].append(rel)
        else:
            groups[names[0]].append(rel)
    out = {}
    for name, rels in groups.items():
        raw = sum((site / r).stat().st_size for r in rels)

        def sent(suffix: str) -> int:
            return sum(((site / (r + suffix)) if (site / (r + suffix)).is_file() else site / r).stat().st_size
                       for r in rels)

        out[name] = {"raw": raw, "gzip": sent(".gz"), "brotli": sent(".br")}
    return out


def package_json(version: str, files: "list[str]") -> dict:
    tops = sorted({rel.split("/", 1)[0] for rel in files})
    return {
        "name": NAME,
        "version": version,
        "description": "<sudoku-solver>: a Sudoku solver web component that solves in the visitor's browser "
                       "(a pure-Python engine on MicroPython and Pyodide, in Web Workers). Serve the folder "
                       "as static files.",
        "keywords": ["sudoku", "solver", "web-component", "custom-element", "webassembly", "pyodide",
                     "micropython"],
        "license": "MIT",
        "type": "module",
        "main": f"./{ENTRY}",
        "exports": {".": f"./{ENTRY}", "./*": "./*"},
        "files": [t for t in tops if t not in {"README.md", "LICENSE"}],
        "sideEffects": True,
    }


README = """\
# {name}

`<sudoku-solver>`: a Sudoku solver as a web component. Type or paste a grid, press **Solve**: a pure-Python
engine solves it in the visitor's browser, in a Web Worker; nothing is sent to any server. The first answer
comes from the engine's solving core on MicroPython's WebAssembly port; the whole engine (hints, ratings,
variant rules) runs on Pyodide and loads only when a visitor asks for it. The same engine is the Python
package `sudoku-core` (library and command line), version {version} too.

## Install and use

```sh
npm install {name}
```

Serve your project's folder with any static server, and on a page:

```html
<script type="module" src="/node_modules/{name}/sudoku-solver.js"></script>
<sudoku-solver puzzle="4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"></sudoku-solver>
```

Or with no install, from a CDN (always an exact version):

```html
<script type="module" src="https://cdn.jsdelivr.net/npm/{name}@{version}/sudoku-solver.js"></script>
```

The element finds everything else (its modules, the workers, the runtimes, the Python library) next to
its own URL, so **serve this folder as it is**: do not run it through a bundler. With a bundler, copy
`node_modules/{name}/` into the folder your site publishes and load `sudoku-solver.js` with a
`<script type="module">`.

Whoever serves the files must send `Content-Type: application/wasm` for `.wasm` (without it the full engine
does not start) and `text/javascript` for `.js`/`.mjs`, and, when the page is on another origin,
`Access-Control-Allow-Origin` on every file. A page with a Content-Security-Policy needs `'wasm-unsafe-eval'`
in `script-src`; when the files are on another origin, also that origin in `script-src`, `worker-src` (with
`blob:`: the engine's workers then start from `blob:` URLs) and `connect-src`.

`embed.html#<puzzle>` is the widget alone on a page, for an `<iframe>` (`?parent=<your origin>` to drive it
with `postMessage`); a CDN that serves `.html` as text (jsDelivr and unpkg do) cannot serve it.

## What visitors download

Nothing but the element's modules until a widget is used or scrolled near; then the light engine, which
answers Solve, Check, clash marks and pastes; the full engine only for Hint, Candidates, Rate, Steps and
variant rules. Measured on this package's files:

| part | stored | sent with gzip | sent with brotli |
| --- | --- | --- | --- |
{size_rows}

How much a visitor downloads depends on what your host compresses: serve `.wasm`, `.mjs`, `.js` and `.zip`
compressed (brotli if you can). `npm install` unpacks {unpacked} in all.

## Documentation

The element's attributes, methods, events, styling hooks, Content-Security-Policy and iframe protocol:
`docs/embedding.md` in the project's repository, which also describes the page, the Python library and
the command line.

## Licence

MIT for the element and the engine (see `LICENSE`). The package also carries, unmodified, two runtimes under
their own licences: Pyodide {pyodide} (`pyodide/`: MPL-2.0, source at https://github.com/pyodide/pyodide,
itself holding CPython under the PSF License Agreement), and MicroPython {micropython}'s WebAssembly port
(`micropython/`: MIT, https://github.com/micropython/micropython); the Python library zip in `pyodide/`
holds modules of CPython's standard library, compiled (PSF License Agreement,
https://docs.python.org/3/license.html).
"""

MIT = """\
MIT License

Copyright (c) the sudoku-core authors

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
"""

THIRD_PARTY = """
---

The runtimes in pyodide/ and micropython/ are not covered by the licence above:
pyodide/<digest>/ is Pyodide (MPL-2.0, https://www.mozilla.org/en-US/MPL/2.0/; source:
https://github.com/pyodide/pyodide), which contains CPython (PSF License Agreement); the
Python library zip in pyodide/ holds compiled modules of CPython's standard library
(Copyright (c) 2001 Python Software Foundation; All Rights Reserved; PSF License Agreement:
https://docs.python.org/3/license.html); micropython/<digest>/ is MicroPython's
WebAssembly port (MIT, https://github.com/micropython/micropython: Damien P. George and others).
"""


def write_package(site: Path, out: Path, version: str) -> Path:
    """The package's folder, `<out>/package/`, made afresh from the built site."""
    built = json.loads((site / "version.json").read_text())
    if built.get("engine") != version:
        sys.exit(f"[npm] {site} was built from version {built.get('engine')}, sudoku_core says {version}: "
                 "rebuild the site (`make site`)")
    files = element_files(site)
    package = out / "package"
    if package.exists():
        shutil.rmtree(package)
    package.mkdir(parents=True)
    for rel in files:
        (package / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(site / rel, package / rel)
    measured = sizes(site, files)
    unpacked = sum((site / rel).stat().st_size for rel in files)
    rows = "\n".join(f"| {name} | {megabytes(s['raw'])} | {megabytes(s['gzip'])} | {megabytes(s['brotli'])} |"
                     for name, s in measured.items())
    (package / "README.md").write_text(README.format(
        name=NAME, version=version, size_rows=rows, unpacked=megabytes(unpacked),
        pyodide=built.get("pyodide", ""), micropython=built.get("micropython", "")), encoding="utf-8")
    licence = ROOT / "LICENSE"
    (package / "LICENSE").write_text((licence.read_text(encoding="utf-8") if licence.is_file() else MIT)
                                     + THIRD_PARTY, encoding="utf-8")
    (package / "package.json").write_text(json.dumps(package_json(version, files), indent=2) + "\n",
                                          encoding="utf-8")
    log(f"{package}: {len(files)} files of the site, {megabytes(unpacked)}")
    return package


# -- 3. the tarball -------------------------------------------------------------------------------------------
def pack(package: Path, out: Path) -> Path:
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("[npm] npm is missing: install Node.js and npm")
    result = subprocess.run([npm, "pack", "--json", "--pack-destination", str(out.resolve())], cwd=package,
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"[npm] npm pack failed:\n{(result.stderr or result.stdout).strip()[-2000:]}")
    report = json.loads(result.stdout)[0]
    tarball = out.resolve() / report["filename"]
    log(f"{tarball.name}: {report['entryCount']} files, {megabytes(report['size'])} packed, "
        f"{megabytes(report['unpackedSize'])} unpacked")
    return tarball


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default="dist/site", help="the built site (`make site`)")
    parser.add_argument("--out", default="dist/npm", help="where package/ and the tarball go")
    parser.add_argument("--no-pack", action="store_true", help="write the package's folder only")
    args = parser.parse_args(argv)
    site, out = Path(args.site).resolve(), Path(args.out).resolve()
    if not (site / "version.json").is_file():
        sys.exit(f"[npm] {site} holds no built site: run `make site` first")
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob(f"{NAME}-*.tgz"):
        old.unlink()
    package = write_package(site, out, project_version())
    print(package if args.no_pack else pack(package, out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
