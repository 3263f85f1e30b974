"""The bridge's layout: no import cycle in the engine, op modules that build only on the protocol and the
engine, and every op documented once. Imports are read from the source (ast), wherever they stand in a
file: an import inside a function is how a cycle hides, so it counts."""
from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path
from typing import NamedTuple

from sudoku_core.bridge import OPS

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "sudoku_core"
BRIDGE = "sudoku_core.bridge"
PROTOCOL = "sudoku_core.bridge.protocol"
#: Imports made at call time on purpose that would close a cycle: `Grid.parse` and `str(grid)` are the
#: public faces of `formats`, which builds Grids.
CALL_TIME_EDGES = {("sudoku_core.grid", "sudoku_core.formats")}


def module_names() -> "dict[str, Path]":
    names = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


MODULES = module_names()


class Import(NamedTuple):
    module: str  # the sudoku_core module imported
    names: "tuple[str, ...]"  # the names taken from it (none for a whole module)
    at_load: bool  # a statement of the module itself, run when it is loaded (not inside a function)


def imports(name: str) -> "list[Import]":
    """Every sudoku_core import in module `name`, relative ones resolved."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    in_functions = {id(inner) for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                    for inner in ast.walk(node)}
    found = []
    for node in ast.walk(tree):
        at_load = id(node) not in in_functions
        if isinstance(node, ast.Import):
            found += [Import(alias.name, (), at_load) for alias in node.names
                      if alias.name.split(".")[0] == "sudoku_core"]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                module = ".".join(parts[:len(parts) - node.level + 1] + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if module.split(".")[0] != "sudoku_core":
                continue
            for alias in node.names:  # `from . import bulk` imports a module; `from .grid import Grid` a name
                sub = f"{module}.{alias.name}"
                found.append(Import(sub, (), at_load) if sub in MODULES else Import(module, (alias.name,), at_load))
    return found


def in_bridge(module: str) -> bool:
    return module == BRIDGE or module.startswith(BRIDGE + ".")


def graph() -> "dict[str, set[str]]":
    return {name: {i.module for i in imports(name) if i.module != name} for name in MODULES}


def cycle(edges: "dict[str, set[str]]") -> "list[str] | None":
    """One import cycle as a list of modules (first = last), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> "list[str] | None":
        state[node] = 1
        path.append(node)
        for target in sorted(edges.get(node, ())):
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state:
                found = visit(target)
                if found:
                    return found
        state[node] = 2
        path.pop()
        return None

    for start in sorted(edges):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def test_the_bridge_is_a_package_of_a_protocol_and_op_modules():
    assert PROTOCOL in MODULES and MODULES[BRIDGE].name == "__init__.py"
    assert {"ops_solve", "ops_logic", "ops_play", "ops_batch"} <= {n.rpartition(".")[2] for n in MODULES}


def test_no_import_cycle_among_the_engine_modules():
    edges = graph()
    for source, target in CALL_TIME_EDGES:
        edges[source].discard(target)
    assert cycle(edges) is None


def test_the_imports_allowed_to_close_a_cycle_are_made_at_call_time_only():
    for source, target in CALL_TIME_EDGES:
        made = [i for i in imports(source) if i.module == target]
        assert made and not [i for i in made if i.at_load]


def test_op_modules_import_the_protocol_and_the_engine_and_nothing_else_of_the_bridge():
    op_modules = [name for name in MODULES if name.startswith(f"{BRIDGE}.ops_")]  # ops_solve, ops_logic...
    assert op_modules
    for name in op_modules:
        assert {i.module for i in imports(name) if in_bridge(i.module)} == {PROTOCOL}, name


def test_the_engine_and_the_protocol_import_nothing_of_the_bridge():
    for name in MODULES:
        if not in_bridge(name) or name == PROTOCOL:
            assert not [i.module for i in imports(name) if in_bridge(i.module)], name


def test_no_bridge_module_takes_a_private_name_from_another_module():
    for name in filter(in_bridge, MODULES):
        private = [n for i in imports(name) for n in i.names if n.startswith("_") and not n.endswith("__")]
        assert not private, (name, private)


def test_every_op_is_documented_once_in_the_engine_reference():
    text = (ROOT / "docs" / "engine-js.md").read_text(encoding="utf-8")
    section = re.search(r"^## Operations.*?(?=^## )", text, flags=re.MULTILINE | re.DOTALL).group()
    rows = Counter(re.findall(r"^\| `([a-z_]+)` \|", section, flags=re.MULTILINE))
    assert set(rows) == set(OPS)
    assert [op for op, count in rows.items() if count > 1] == []
