#!/usr/bin/env python3
"""How long a hint takes in Python: `next_step()` and the page's `hint` request, on diabolical puzzles.

    python bench/hint_bench.py [--sample 100] [--seed 1]          # CPython
    node bench/in_pyodide.mjs hint_bench.py [--sample 100] [--seed 1]   # the same inside Pyodide under Node

Two positions per puzzle, as a person asks for hints: the start, and the hardest (the grid and pencil
marks just before the engine's own path takes its hardest step, every earlier step applied). For each it
times `next_step(grid, marks)` and the bridge's `hint` op as the page sends it (with the givens, so a wrong
entry would be caught first, and the marks), and prints median, p90, p99 and max in ms, and the techniques
whose hints were slowest.
"""
from __future__ import annotations

import argparse
import gzip
import random
import statistics
from collections import defaultdict
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_core import Grid  # noqa: E402
from sudoku_core.bridge import handle  # noqa: E402
from sudoku_core.logic import next_step, solve_path  # noqa: E402
from sudoku_core.logic.board import Board, bits  # noqa: E402

DATASET = ROOT / "data" / "sudoku_exchange_diabolical.txt.gz"


def sample(count: int, seed: int) -> "list[str]":
    lines = [line.split()[0] for line in gzip.decompress(DATASET.read_bytes()).decode().splitlines()
             if line.strip() and not line.startswith("#")]
    return random.Random(seed).sample(lines, min(count, len(lines)))


def midgame(puzzle: str) -> "tuple[str, list[list[int]]]":
    """The grid and pencil marks just before the engine's path takes its hardest step (every earlier
    step applied, eliminations included), as a person who took the hints so far would have them."""
    grid = Grid.parse(puzzle)
    path = solve_path(grid)
    hardest = max(range(len(path.steps)), key=lambda k: path.steps[k].difficulty) if path.steps else 0
    board = Board.from_grid(grid)
    for step in path.steps[:hardest]:
        board.apply(step)
    return board.to_grid().to_line(), [[d + 1 for d in bits(m)] for m in board.cands]


def pct(values: "list[float]", q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def timed(action) -> "tuple[float, object]":
    start = time.perf_counter()
    result = action()
    return (time.perf_counter() - start) * 1000, result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    puzzles = sample(args.sample, args.seed)
    positions = {"start": [(p, None, p) for p in puzzles],
                 "hardest": [(*midgame(p), p) for p in puzzles]}
    handle({"op": "hint", "puzzle": puzzles[0]})  # warm the tables
    print(f"Python {sys.version.split()[0]} on {sys.platform}; {len(puzzles)} diabolical puzzles (seed {args.seed})")
    print()
    print("| position | call                          | median ms | p90 ms | p99 ms | max ms |")
    print("| -------- | ----------------------------- | --------: | -----: | -----: | -----: |")
    by_technique: dict[str, list[float]] = defaultdict(list)  # next_step's times by the technique it found
    for label, cases in positions.items():
        steps, hints = [], []
        for line, marks, givens in cases:
            grid = Grid.parse(line)
            ms, step = timed(lambda: next_step(grid, marks))
            steps.append(ms)
            by_technique[step.technique if step else "(none)"].append(ms)
            request = {"op": "hint", "puzzle": line, "givens": givens, "shape": "9x9"}
            if marks is not None:
                request["candidates"] = marks
            hints.append(timed(lambda: handle(request))[0])
        for name, times in (("next_step(grid, marks)", steps), ("bridge hint (givens, marks)", hints)):
            print(f"| {label:8} | {name:29} | {statistics.median(times):9.1f} | {pct(times, 0.9):6.1f} "
                  f"| {pct(times, 0.99):6.1f} | {max(times):6.1f} |")
    # a hint runs every finder before the one that applies: the slowest are the hints the late finders give
    slowest = sorted(by_technique.items(), key=lambda kv: -max(kv[1]))[:5]
    print()
    print("slowest techniques (next_step, both positions; hints found, median and max ms): " + "; ".join(
        f"{name} {len(times)}, {statistics.median(times):.1f}, {max(times):.1f}" for name, times in slowest))
    return 0


if __name__ == "__main__":
    sys.exit(main())
