"""The front end's pure modules (web/grid-codec.js, history.js, edit-queue.js, engine-session.js, the replay
in logic-view.js), tested by Node's own test runner: tests/js/*.test.mjs. Without Node the test is skipped,
unless SUDOKU_FULL_SUITE=1 (set by `make test`), when it fails instead."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_pure_js_modules_pass_their_node_tests():
    node = shutil.which("node")
    if node is None:
        if os.environ.get("SUDOKU_FULL_SUITE") == "1":
            pytest.fail("node is not installed: the JS unit tests cannot run", pytrace=False)
        pytest.skip("node is not installed (`make test` needs it)")
    files = sorted(str(p) for p in (ROOT / "tests" / "js").glob("*.test.mjs"))
    assert files, "no JS unit tests found in tests/js"
    run = subprocess.run([node, "--test", *files], cwd=ROOT, capture_output=True, text=True, timeout=300)
    summary = [line for line in run.stdout.splitlines() if line.startswith(("# pass", "# fail", "not ok"))]
    assert run.returncode == 0, "\n".join(summary) + "\n" + run.stdout[-4000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout
