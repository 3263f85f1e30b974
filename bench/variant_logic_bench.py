#!/usr/bin/env python3
"""Human-style logic on the variant sets: the share finished by logic, wrong steps, and how long a hint takes.

    python bench/variant_logic_bench.py [--sample 30] [--sets killer_9x9 jigsaw_9x9 ...]

For each puzzle of data/variants/*.jsonl (the first N with --sample): the hint path under the puzzle's rules
(`solve_path(grid, rules=...)`), every placement and elimination checked against the stored solution; then
`next_step()` at the start and at the hardest position (every earlier step applied, its pencil marks passed
in, as a person taking the hints would have them), and the bridge's `hint` op there. Times in ms.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_core import Grid  # noqa: E402
from sudoku_core.bridge import handle  # noqa: E402
from sudoku_core.logic import next_step, solve_path  # noqa: E402
from sudoku_core.logic.board import Board, bits  # noqa: E402
from sudoku_core.variants.rules import Rules  # noqa: E402

DATA = ROOT / "data" / "variants"


def pct(values: "list[float]", q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def timed(action) -> "tuple[float, object]":
    start = time.perf_counter()
    result = action()
    return (time.perf_counter() - start) * 1000, result


def run_set(path: Path, sample: "int | None") -> dict:
    records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()][:sample]
    solved = wrong = 0
    path_ms, start_ms, hard_ms, bridge_ms = [], [], [], []
    for record in records:
        grid = Grid.parse(record["givens"])
        rules = Rules.from_dict(grid.shape, record["rules"])
        solution = record["solution"]
        ms, found = timed(lambda: solve_path(grid, rules=rules))
        path_ms.append(ms)
        solved += found.solved
        for step in found.steps:
            wrong += sum(int(solution[c]) != d for c, d in step.placements)
            wrong += sum(int(solution[c]) == d for c, d in step.eliminations)
        start_ms.append(timed(lambda: next_step(grid, rules=rules))[0])
        if not found.steps:
            continue
        hardest = max(range(len(found.steps)), key=lambda k: found.steps[k].difficulty)
        board = Board.from_grid(grid, rules=rules)
        for step in found.steps[:hardest]:
            board.apply(step)
        position = board.to_grid()
        marks = [[d + 1 for d in bits(m)] for m in board.cands]
        hard_ms.append(timed(lambda: next_step(position, marks, rules=rules))[0])
        request = {"op": "hint", "puzzle": position.to_line(), "givens": record["givens"], "candidates": marks,
                   "rules": record["rules"]}
        bridge_ms.append(timed(lambda: handle(request))[0])
    return {"set": path.stem, "puzzles": len(records), "solved": 100.0 * solved / len(records), "wrong": wrong,
            "path": path_ms, "start": start_ms, "hard": hard_ms, "bridge": bridge_ms}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sample", type=int, default=None, help="the first N puzzles of each set (default: all)")
    parser.add_argument("--sets", nargs="*", default=sorted(p.stem for p in DATA.glob("*.jsonl")))
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}; ms")
    print("| set | puzzles | solved by logic | wrong steps | path median | path max | next_step() start median "
          "| hardest median | hardest p99 | bridge hint hardest median | p99 |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    total_wrong = 0
    for name in args.sets:
        r = run_set(DATA / f"{name}.jsonl", args.sample)
        total_wrong += r["wrong"]
        print(f"| {r['set']} | {r['puzzles']} | {r['solved']:.0f} % | {r['wrong']} "
              f"| {statistics.median(r['path']):.0f} | {max(r['path']):.0f} | {statistics.median(r['start']):.1f} "
              f"| {statistics.median(r['hard']):.1f} "
              f"| {pct(r['hard'], 0.99):.1f} | {statistics.median(r['bridge']):.1f} | {pct(r['bridge'], 0.99):.1f} |",
              flush=True)
    return 1 if total_wrong else 0


if __name__ == "__main__":
    sys.exit(main())
