"""The engine's own tests of every portable package (`sudoku_core.core.compat.PORTABLE`: the core, the logic,
the variants, the formats, the generator and the bridge's ops), run once more inside MicroPython 1.27 under
Node: the WebAssembly port the page runs first (npm @micropython/micropython-webassembly-pyscript), holding only
the portable modules, so a test that reaches past them fails on the import.

pytest and hypothesis do not run on MicroPython: tests/micropython/shim holds small stand-ins (the parts of
them these tests use) and tests/micropython/core_test_driver.py runs every test function, every parametrize
row and fixture, and a few hypothesis examples each (at most EXAMPLES; no shrinking), one test per call from
JavaScript (MicroPython's WebAssembly port collects garbage only when such a call begins), in a fresh MicroPython
that resumes the run whenever the heap has grown 128 MB (a grown heap slows every allocation after it). A test the shims
cannot run counts as a failure, as does a test file that does not import. Left out, each named here with the
reason: the test files of what is not portable (NOT_PORTABLE), the few tests too heavy for one call into
MicroPython (TOO_HEAVY), and the cases of a few data-set tests past the number kept here (SAMPLE; CPython runs
them all). Each shard checks that MicroPython ran as many tests as pytest collects from its files, less those.

Needs Node and node_modules/@micropython/micropython-webassembly-pyscript (`npm ci`). Without them the test
is skipped, unless SUDOKU_FULL_SUITE=1 (set by `make test`), when it fails instead.

Run by hand: node tests/micropython/run_core_tests.mjs --data data --data tests/data tests/test_grid.py ...
(--tb for tracebacks, --durations N for the slowest tests, --only ID to run one test; see its header).
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
#: Hypothesis examples per test inside MicroPython (CPython runs the tests' own counts).
EXAMPLES = 25

#: The test files of the portable packages, in shards: one MicroPython process each, which pytest-xdist spreads
#: over the cores beside the rest of the suite (tests/conftest.py starts them first). Balanced by the seconds
#: each file took there (Node 20, two cores under load; in the comments). The four together, two at a time on two
#: cores, 2026-11-29: 419, 366, 441 and 162 s.
SHARDS = (
    # the core, the formats, the generators, the bridge (317 s); the logic's paths and why-nots (213 s)
    ("tests/test_grid.py", "tests/test_solver.py", "tests/test_formats.py", "tests/test_culprits.py",
     "tests/test_bridge.py", "tests/test_bridge_logic.py", "tests/test_bridge_generate.py",
     "tests/test_bridge_variants.py", "tests/test_variant_formats.py", "tests/test_palette_formats.py",
     "tests/test_sudokuwiki_killer.py", "tests/test_generate.py", "tests/test_variant_generate.py",
     "tests/test_logic_path.py", "tests/test_logic_json.py", "tests/test_logic_why.py", "tests/test_logic_nested.py",
     "tests/test_logic_uniqueness.py", "tests/test_logic_single_digit_coloring.py", "tests/test_logic_techniques.py"),
    # the technique library (295 s) and complex fish (219 s)
    ("tests/test_technique_library.py", "tests/test_logic_complex_fish.py"),
    # chains and ALS (158 s), the variant solver and its logic (339 s)
    ("tests/test_logic_chains.py", "tests/test_logic_als.py", "tests/test_variant_solver.py",
     "tests/test_variant_logic.py", "tests/test_rules.py", "tests/test_killer_public.py", "tests/test_palette_logic.py"),
    # the palette's solver and the published palette puzzles (387 s)
    ("tests/test_palette_solver.py", "tests/test_palette_public.py"),
)

#: A shard's run stops here: some 3-4 times what one takes on a loaded 2-core machine.
SHARD_TIMEOUT_S = 2400

#: The other test files, and why they do not run inside MicroPython (test_every_test_file_is_in_a_shard_or_here).
NOT_PORTABLE = {
    "tests/test_api.py": "doctests of the package and a subprocess",
    "tests/test_bank_dask.py": "the banks (numpy, Dask, processes)",
    "tests/test_bank_lines.py": "the banks (numpy, processes) and the CLI",
    "tests/test_bank_pipeline.py": "the banks (numpy, processes) and the CLI",
    "tests/test_batch.py": "the banks' batch solving (numpy, processes) and the CLI",
    "tests/test_bridge_batch.py": "the bridge's batch ops, which serve the banks (numpy, processes)",
    "tests/test_bridge_hostile.py": "hostile requests to the full engine's bridge, its batch ops among them "
                                    "(tests/test_light_worker.py sends the same to MicroPython's worker)",
    "tests/test_bridge_package.py": "reads the bridge's source with ast",
    "tests/test_cli.py": "the CLI (argparse, files, processes)",
    "tests/test_generate_cli.py": "the CLI's generate command",
    "tests/test_logic_cli.py": "the CLI's explain and rate commands, and a subprocess",
    "tests/test_variant_cli.py": "the CLI on variant files",
    "tests/test_datasets.py": "the data sets as a specification, against bench/'s classic solver",
    "tests/test_dist.py": "the built packages (wheel, sdist)",
    "tests/test_docs.py": "the documentation",
    "tests/test_layers.py": "the import layering (import-linter)",
    "tests/test_site_build.py": "the built site",
    "tests/test_module_preload.py": "the site's module preloads (build/)",
    "tests/test_page_modules.py": "the site's Python modules (build/), in a subprocess",
    "tests/test_js_units.py": "JavaScript units, under Node",
    "tests/test_in_micropython.py": "runs the others inside MicroPython",
    "tests/test_in_pyodide.py": "runs the engine's tests inside Pyodide",
    "tests/test_light_engine.py": "drives the light engine under Node from CPython",
    "tests/test_light_worker.py": "drives the page's light worker under Node from CPython",
    "tests/test_two_runtimes_logic.py": "compares the two runtimes' replies from CPython",
}

#: Tests that one call into MicroPython cannot hold (no garbage is collected until it returns, and WebAssembly's
#: memory stops at 2 GB) or that take minutes there: not run inside MicroPython, each with what it took there
#: (run alone with run_core_tests.mjs --only, 2026-11-29, two cores under load); CPython runs them all. The page
#: answers such requests in parts, collecting between them, or hands them on (docs/engine-js.md).
_PAST_2GB = "in one call it needs more than WebAssembly's 2 GB ('Cannot enlarge memory'; stopped after 240 s)"
TOO_HEAVY = {
    "tests/test_generate.py::test_a_36x36_quick_puzzle_has_exactly_one_solution":
        "over 300 s there (0.4 s on CPython): a 36x36 grid's 1,296-bit masks are big ints on MicroPython, and the "
        "light engine hands grids past 16x16 on",
    "tests/test_variant_generate.py::test_the_rules_are_those_named":
        "generate_variant('x,anti-king,windoku') in one call ran over 4 min there before it was stopped (2.4 s on "
        "CPython); the light engine makes variant puzzles in parts",
    "tests/test_logic_path.py::test_no_wrong_step_on_the_hardest_puzzles_either[forum_hardest_1106.txt]":
        "77 s and 3.7 GB allocated in one call, 1.8 GB of memory: next to WebAssembly's 2 GB",
    "tests/test_logic_why.py::test_every_wrong_candidate_of_a_stuck_position_gets_a_sound_step_that_removes_it":
        _PAST_2GB,
    "tests/test_logic_nested.py::test_rating_finishes_a_forum_hardest_puzzle":
        "79 s and 3.7 GB allocated in one call, 1.8 GB of memory: next to WebAssembly's 2 GB",
    "tests/test_logic_chains.py::test_every_chain_finder_is_right_under_variant_rules[0]": _PAST_2GB,
    "tests/test_logic_als.py::test_no_step_on_hard_puzzles_removes_a_solution_digit": _PAST_2GB,
    "tests/test_logic_als.py::test_no_step_under_variant_rules_removes_a_solution_digit[x_9x9]": _PAST_2GB,
}

#: Data-set tests (each case a puzzle walked step by step) of which MicroPython runs this many cases, chosen by
#: a hash of their ids (CPython runs every case).
SAMPLE = {
    "tests/test_variant_logic.py::test_no_step_of_a_variant_path_contradicts_the_solution": 12,
}


def missing(what: str) -> None:
    if os.environ.get("SUDOKU_FULL_SUITE") == "1":
        pytest.fail(f"cannot run the portable packages' tests in MicroPython: {what}", pytrace=False)
    pytest.skip(f"{what} (`make test` provides it)")


def collected_on_cpython(files: "list[str]") -> "list[str]":
    """The ids of the tests pytest collects from `files` here: the MicroPython run must run as many."""
    result = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                             "-p", "no:randomly", *files], capture_output=True, text=True, timeout=300, cwd=ROOT)
    ids = [line for line in result.stdout.splitlines() if line.startswith("tests/") and "::" in line]
    found = re.search(r"(\d+) tests? collected", result.stdout)
    assert found and int(found.group(1)) == len(ids), \
        f"pytest did not collect {files}:\n{result.stdout[-2000:]}{result.stderr[-2000:]}"
    return ids


def in_files(table: dict, files: "tuple[str, ...]") -> dict:
    """The entries of `table` (test or function id -> value) whose test file is one of `files`."""
    return {key: value for key, value in table.items() if key.split("::")[0] in files}


def test_every_test_file_is_in_a_shard_or_here():
    """A new test file runs inside MicroPython, or says here why not."""
    run = [file for shard in SHARDS for file in shard]
    assert len(run) == len(set(run)), "a test file is in two shards"
    on_disk = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "tests").glob("test_*.py"))
    assert sorted(run + list(NOT_PORTABLE)) == on_disk
    for key in list(TOO_HEAVY) + list(SAMPLE):
        assert key.split("::")[0] in run, f"{key} names no test file the shards run"


@pytest.mark.parametrize("shard", range(len(SHARDS)))
def test_the_portable_packages_tests_pass_inside_micropython(shard):
    node = shutil.which("node")
    if node is None:
        missing("node is not installed")
    if not MICROPYTHON.exists():
        missing("node_modules/@micropython/micropython-webassembly-pyscript is missing (npm ci)")
    files = SHARDS[shard]
    heavy, sample = in_files(TOO_HEAVY, files), in_files(SAMPLE, files)
    args = [node, str(RUNNER), "--max-examples", str(EXAMPLES), "--durations", "8", "--data", "data",
            "--data", "tests/data"]
    for test_id, why in heavy.items():
        args += ["--deselect", f"{test_id}={why}"]
    for test_id, keep in sample.items():
        args += ["--sample", f"{test_id}={keep}"]
    try:
        result = subprocess.run(args + list(files), capture_output=True, text=True, timeout=SHARD_TIMEOUT_S, cwd=ROOT)
    except subprocess.TimeoutExpired as stopped:  # what it had done, to tell which file was slow
        so_far = "".join(part.decode() if isinstance(part, bytes) else part or ""
                         for part in (stopped.stdout, stopped.stderr))
        pytest.fail(f"the run in MicroPython passed {SHARD_TIMEOUT_S} s:\n{so_far[-6000:]}", pytrace=False)
    output = (result.stdout + result.stderr).strip()
    print(output[-6000:])
    summary = re.search(r"^(\d+) passed, (\d+) failed, (\d+) deselected, (\d+) sampled out in [\d.]+ s "
                        r"\(MicroPython (\d+\.\d+\.\d+)\)$", output, re.M)
    assert summary, f"the run in MicroPython did not finish:\n{output[-6000:]}"
    passed, failed, deselected, sampled_out = (int(summary.group(k)) for k in range(1, 5))
    assert result.returncode == 0 and failed == 0, f"tests failed inside MicroPython:\n{output[-6000:]}"
    # as many tests as pytest collects here, less those named above
    ids = collected_on_cpython(list(files))
    function = {test_id: test_id.partition("[")[0] for test_id in ids}
    left_out = [test_id for test_id in ids if test_id in heavy or function[test_id] in heavy]
    for test_id in heavy:
        assert any(t == test_id or function[t] == test_id for t in ids), f"TOO_HEAVY names no test: {test_id}"
    assert set(re.findall(r"^DESELECTED (.+?) - ", output, re.M)) == set(left_out)
    rows = {test_id: sum(function[t] == test_id for t in ids) for test_id in sample}
    assert all(rows.values()), f"SAMPLE names a test that is not parametrized: {rows}"
    assert deselected == len(left_out) and sampled_out == sum(max(0, rows[t] - sample[t]) for t in sample)
    assert passed == len(ids) - deselected - sampled_out, "MicroPython ran another number of tests than pytest"


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
