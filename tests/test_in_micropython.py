"""The portable core's own tests, run once more inside MicroPython 1.27 under Node: the WebAssembly port the
page runs first (npm @micropython/micropython-webassembly-pyscript), holding only the modules of
`sudoku_core.core.compat.PORTABLE`, so a test that reaches past them fails on the import.

pytest and hypothesis do not run on MicroPython: tests/micropython/shim holds small stand-ins (the parts of
them these tests use) and tests/micropython/core_test_driver.py runs every test function, every parametrize
row and fixture, and a few hypothesis examples each (at most EXAMPLES; no shrinking). A test the shims cannot
run counts as a failure, as does a test file that does not import; none is left out.

Needs Node and node_modules/@micropython/micropython-webassembly-pyscript (`npm ci`). Without them the test
is skipped, unless SUDOKU_FULL_SUITE=1 (set by `make test`), when it fails instead.

Run by hand: node tests/micropython/run_core_tests.mjs tests/test_grid.py tests/test_solver.py ...
(--tb for tracebacks, --durations N for the slowest tests, --max-examples N).
"""
from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_core.core import mersenne

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tests" / "micropython" / "run_core_tests.mjs"
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"
#: The test files of the portable core: they import nothing of the engine beyond `compat.PORTABLE`.
CORE_TEST_FILES = ["tests/test_grid.py", "tests/test_solver.py", "tests/test_formats.py", "tests/test_culprits.py",
                   "tests/test_bridge.py"]
#: Hypothesis examples per test inside MicroPython (CPython runs the tests' own counts).
EXAMPLES = 25


def missing(what: str) -> None:
    if os.environ.get("SUDOKU_FULL_SUITE") == "1":
        pytest.fail(f"cannot run the core tests in MicroPython: {what}", pytrace=False)
    pytest.skip(f"{what} (`make test` provides it)")


def collected_on_cpython(files: "list[str]") -> int:
    """How many tests pytest collects from `files` here: the MicroPython run must run as many."""
    result = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                             *files], capture_output=True, text=True, timeout=300, cwd=ROOT)
    found = re.search(r"(\d+) tests? collected", result.stdout)
    assert found, f"pytest did not collect {files}:\n{result.stdout[-2000:]}{result.stderr[-2000:]}"
    return int(found.group(1))


def test_the_core_suite_passes_inside_micropython():
    node = shutil.which("node")
    if node is None:
        missing("node is not installed")
    if not MICROPYTHON.exists():
        missing("node_modules/@micropython/micropython-webassembly-pyscript is missing (npm ci)")
    result = subprocess.run([node, str(RUNNER), "--max-examples", str(EXAMPLES), "--durations", "5",
                             "--data", "data/17_clue.txt.gz", *CORE_TEST_FILES], capture_output=True, text=True, timeout=600, cwd=ROOT)
    output = (result.stdout + result.stderr).strip()
    print(output[-4000:])
    summary = re.search(r"^(\d+) passed, (\d+) failed in [\d.]+ s \(MicroPython (\d+\.\d+\.\d+)\)$", output, re.M)
    assert summary, f"the run in MicroPython did not finish:\n{output[-6000:]}"
    passed, failed = int(summary.group(1)), int(summary.group(2))
    assert result.returncode == 0 and failed == 0, f"the core tests failed inside MicroPython:\n{output[-6000:]}"
    assert passed == collected_on_cpython(CORE_TEST_FILES), "MicroPython ran another number of tests than pytest"


def test_the_shims_random_draws_what_cpythons_does():
    """The generator, and tests seeded with random.Random(n), see the same numbers inside MicroPython (text
    seeds too: hashed with SHA-512 as CPython does, over one block and several)."""
    for seed in (0, 7, 2**32 - 1, 2**64 + 3, "a sheet for class 3", "", "é" * 100, b"\x00seed"):
        ours, theirs = mersenne.Random(seed), random.Random(seed)
        for _ in range(20):
            assert ours.random() == theirs.random()
            assert ours.getrandbits(70) == theirs.getrandbits(70)
            assert ours.randint(1, 9) == theirs.randint(1, 9)
            assert ours.randrange(3, 2**40, 7) == theirs.randrange(3, 2**40, 7)
            assert ours.choice("abcdef") == theirs.choice("abcdef")
            assert ours.uniform(0.2, 0.7) == theirs.uniform(0.2, 0.7)
            a, b = list(range(30)), list(range(30))
            ours.shuffle(a)
            theirs.shuffle(b)
            assert a == b
            assert ours.sample(range(4096), 600) == theirs.sample(range(4096), 600)
            assert ours.sample("abcdefgh", 3) == theirs.sample("abcdefgh", 3)
