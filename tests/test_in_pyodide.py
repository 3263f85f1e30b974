"""The engine's own tests, run once more inside Pyodide under Node: Python 3.14 compiled to WebAssembly,
the interpreter the page really uses, not only the CPython running this suite; and on the site's own Python
library (the compiled engine and the trimmed standard library the page loads), failing if the engine
imports a module that library lacks.

Needs Node, node_modules/pyodide (`npm ci`) and the pure-Python wheels of pytest and hypothesis in
.cache/pyodide-wheels (`make pyodide-wheels`); `make test` provides all three. Without them the test is
skipped, unless SUDOKU_FULL_SUITE=1 (set by `make test`), when it fails instead.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WHEELS = ROOT / ".cache" / "pyodide-wheels"
RUNNER = ROOT / "tests" / "pyodide" / "run_engine_tests.mjs"
#: Words marking test files that need what Pyodide lacks (subprocesses, a browser).
NOT_IN_PYODIDE = ("subprocess", "playwright")
#: Test files that are not about the engine: this one, and the checks of the built site.
NOT_ENGINE_TESTS = {"test_in_pyodide", "test_site_build"}


def engine_test_files() -> "list[str]":
    files = []
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        if path.stem in NOT_ENGINE_TESTS or any(word in text for word in NOT_IN_PYODIDE):
            continue
        files.append(path.relative_to(ROOT).as_posix())
    return files


def missing(what: str) -> None:
    if os.environ.get("SUDOKU_FULL_SUITE") == "1":
        pytest.fail(f"cannot run the engine tests in Pyodide: {what}", pytrace=False)
    pytest.skip(f"{what} (`make test` provides it)")


#: The suite runs as this many Pyodide processes, each with the tests whose name hashes to it (pytest-xdist
#: spreads them over the cores beside the rest of the suite). Each costs about 10 s of start-up; with the
#: variant hint paths sampled (`pyodide_sample`) the whole pass is some 300 s of one core.
SHARDS = 4


@pytest.fixture(scope="module")
def library(tmp_path_factory) -> Path:
    """The site's Python library (the compiled engine and the trimmed standard library), built once."""
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists():
        missing("node_modules/pyodide is missing (npm ci)")
    sys.path.insert(0, str(ROOT / "build"))
    try:
        from build_site import build_wheel, make_library  # from the working tree: the code under test
    finally:
        sys.path.pop(0)
    folder = tmp_path_factory.mktemp("library")
    made, _ = make_library(folder, build_wheel(folder / "wheel"))
    return made


@pytest.mark.parametrize("shard", range(SHARDS))
def test_the_engine_suite_passes_inside_pyodide(shard, library):
    node = shutil.which("node")
    if node is None:
        missing("node is not installed")
    if not any(WHEELS.glob("pytest-*.whl")) or not any(WHEELS.glob("hypothesis-*.whl")):
        missing(f"the pytest and hypothesis wheels are missing from {WHEELS} (make pyodide-wheels)")
    sys.path.insert(0, str(ROOT / "build"))
    try:
        from build_site import CLI_MODULES
    finally:
        sys.path.pop(0)
    files = engine_test_files()
    assert files, "no engine test files found"
    result = subprocess.run([node, str(RUNNER), str(library), str(WHEELS), str(ROOT), *files],
                            capture_output=True, text=True, timeout=900, cwd=ROOT,
                            env={**os.environ, "SUDOKU_CLI_MODULES": json.dumps(CLI_MODULES),
                                 "SUDOKU_PYODIDE_SHARD": f"{shard}/{SHARDS}"})
    output = (result.stdout + result.stderr).strip()
    print(output[-3000:])
    assert "Python 3.14" in output, output[-3000:]
    assert re.search(r"from /lib/python3\d+\.zip/sudoku_core", output), "the engine was not imported from the library"
    assert re.search(r"\d+ passed", output), output[-3000:]
    assert "all from the site's library" in output, output[-3000:]
    assert result.returncode == 0, f"the engine tests failed inside Pyodide:\n{output[-6000:]}"
