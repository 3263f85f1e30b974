"""Run inside Pyodide by build/make_library.mjs: write the site's Python library, one zip of compiled
modules (`.pyc`, no sources) holding the standard-library modules the engine and Pyodide use, and the
engine itself. The page passes it to `loadPyodide({stdLibURL})` in place of Pyodide's 2.5 MB zip of
sources, so a first visit downloads less and Python compiles nothing while it starts.

Which standard-library modules: those imported once Pyodide has started, the engine imported with every
module of its package but the command-line ones, each bridge operation run once, and the stdlib modules
named by any import statement in those modules' source (lazy ones included, but for the process pool:
WebAssembly has no processes); plus Pyodide's own Python packages and the common text codecs. The
command-line modules are in the zip too (small), but what only they import (argparse, pickle, ...) is not:
the page never runs them. tests/test_in_pyodide.py runs the engine's tests on this library and fails if
any other engine module imports anything the library lacks.

Globals set by the caller: ENGINE_DIR (the unpacked engine package's parent), OUT (the zip to write),
CLI_MODULES (the command-line modules' names, build_site.CLI_MODULES).
"""
import ast
import importlib
import importlib._bootstrap_external as bootstrap
import json
import sys
import traceback
import zipfile
from pathlib import Path

STDLIB = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"
#: Packages kept whole: Pyodide's JavaScript side calls into them after start-up.
WHOLE_PACKAGES = ("pyodide", "_pyodide")
#: Codecs a page may meet besides the ones start-up loads (`bytes.decode` looks them up lazily).
CODECS = ("encodings.aliases", "encodings.utf_8", "encodings.utf_8_sig", "encodings.ascii",
          "encodings.latin_1", "encodings.cp1252", "encodings.utf_16", "encodings.idna")
#: Imported lazily for `--jobs` alone.
PROCESS_ONLY = {"multiprocessing"}
SAMPLE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def module_name(path: Path, package: Path) -> str:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def static_imports(package: Path, skip: "set[str]") -> "set[str]":
    """Absolute module names in the import statements of the engine's modules not in `skip`, wherever
    they stand in a file."""
    names = set()
    for path in package.rglob("*.py"):
        if module_name(path, package) in skip:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return {name for name in names if name.split(".")[0] not in {"sudoku_core", "__future__", *PROCESS_ONLY}}


def exercise_engine(package: Path, cli: "set[str]") -> None:
    # Every module but the command line's, found by file: walking packages would import `sudoku_core.cli`'s.
    for name in sorted(module_name(path, package) for path in package.rglob("*.py")):
        if name not in cli:
            importlib.import_module(name)
    for name in sorted(static_imports(package, cli)):
        try:
            importlib.import_module(name)
        except ImportError:
            pass
    from sudoku_core import bridge
    for request in ({"op": "version"}, {"op": "parse", "text": SAMPLE}, {"op": "solve", "puzzle": SAMPLE},
                    {"op": "check", "puzzle": SAMPLE}, {"op": "conflicts", "puzzle": "11" + "." * 79},
                    {"op": "candidates", "puzzle": SAMPLE}, {"op": "hint", "puzzle": SAMPLE},
                    {"op": "path", "puzzle": SAMPLE}, {"op": "rate", "puzzle": SAMPLE},
                    {"op": "diagnose", "puzzle": "11" + "." * 79}, {"op": "generate", "size": "9x9", "seed": 1},
                    {"op": "solve_many", "text": SAMPLE + "\n" + SAMPLE}, {"op": "nonsense"}):
        json.loads(bridge.handle_json(json.dumps(request)))
    try:  # an error's traceback, with a name suggestion: what a failure report needs
        eval("sudoku_corr")
    except NameError as error:
        "".join(traceback.format_exception(error))
    for codec in CODECS:
        importlib.import_module(codec)


def stdlib_sources(modules: "list[str]", stdlib: zipfile.ZipFile) -> "dict[str, str]":
    """{path in the zip: source} for each stdlib module (and the packages kept whole)."""
    names = set(stdlib.namelist())
    wanted = {}
    for name in modules:
        origin = getattr(getattr(sys.modules.get(name), "__spec__", None), "origin", None) or ""
        if origin.startswith(STDLIB + "/"):
            wanted[origin[len(STDLIB) + 1:]] = ""
    for path in names:
        if path.endswith(".py") and path.split("/")[0] in WHOLE_PACKAGES:
            wanted[path] = ""
    return {path: stdlib.read(path).decode("utf-8") for path in sorted(wanted)}


def pyc(source: str, path: str, optimize: int) -> bytes:
    code = compile(source, f"{STDLIB}/{path}", "exec", dont_inherit=True, optimize=optimize)
    return bytes(bootstrap._code_to_timestamp_pyc(code, 0, 0))


def main(engine_dir: Path, out: Path) -> None:
    package = engine_dir / "sudoku_core"
    exercise_engine(package, set(CLI_MODULES))  # noqa: F821  (set by make_library.mjs)
    with zipfile.ZipFile(STDLIB) as stdlib:
        sources = stdlib_sources(list(sys.modules), stdlib)
    for path in package.rglob("*.py"):
        sources[path.relative_to(engine_dir).as_posix()] = path.read_text(encoding="utf-8")
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as library:
        for path in sorted(sources):
            entry = zipfile.ZipInfo(path[:-3] + ".pyc", date_time=(1980, 1, 1, 0, 0, 0))
            # Without docstrings and asserts (`-OO`: a third smaller); nothing the page runs reads them.
            library.writestr(entry, pyc(sources[path], path, 2))
    print(json.dumps({"modules": len(sources), "bytes": out.stat().st_size}))


main(Path(ENGINE_DIR), Path(OUT))  # noqa: F821  (set by make_library.mjs)
