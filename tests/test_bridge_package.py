"""The bridge's layout: a package of a protocol and op modules, none of which borrows another module's
private names, and every op documented once. (Which module may import which, and the absence of cycles,
are import-linter's contracts in pyproject.toml: tests/test_layers.py.)"""
from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

from sudoku_core.bridge import OPS

ROOT = Path(__file__).resolve().parent.parent
BRIDGE = ROOT / "sudoku_core" / "bridge"


def test_the_bridge_is_a_package_of_a_protocol_and_op_modules():
    names = {path.stem for path in BRIDGE.glob("*.py")}
    assert {"__init__", "protocol", "ops_solve", "ops_logic", "ops_play", "ops_batch"} <= names


def test_no_bridge_module_takes_a_private_name_from_another_module():
    for path in BRIDGE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        private = [alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                   for alias in node.names if alias.name.startswith("_") and not alias.name.endswith("__")]
        assert not private, (path.name, private)


def test_every_op_is_documented_once_in_the_engine_reference():
    text = (ROOT / "docs" / "engine-js.md").read_text(encoding="utf-8")
    section = re.search(r"^## Operations.*?(?=^## )", text, flags=re.MULTILINE | re.DOTALL).group()
    rows = Counter(re.findall(r"^\| `([a-z_]+)` \|", section, flags=re.MULTILINE))
    assert set(rows) == set(OPS)
    assert [op for op, count in rows.items() if count > 1] == []
