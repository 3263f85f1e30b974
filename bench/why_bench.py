#!/usr/bin/env python3
"""How `why_not()` answers: for every candidate the solution does not have, at a puzzle's start and at its
stuck position (the grid and marks just before the engine's path takes its hardest step), which technique
rules it out and how long the question takes.

    python bench/why_bench.py [--sample 10] [--seed 3]            # CPython
    node bench/in_pyodide.mjs why_bench.py [--sample 10] [--seed 3]   # the same inside Pyodide under Node

Prints, per position, the questions asked, the answers by technique (most first), the wrong answers (a step
that removes a solution digit, places another one, or does not rule the candidate out: must be 0), those no
technique answers ("Needs Guessing") and the median, p90 and max time of one question in ms.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from hint_bench import midgame, pct, sample  # noqa: E402
from sudoku_core import Grid  # noqa: E402
from sudoku_core.core.solver import solve  # noqa: E402
from sudoku_core.logic import candidate_lists, why_not  # noqa: E402
from sudoku_core.logic.board import tables  # noqa: E402
from sudoku_core.logic.step import focus_placed  # noqa: E402


def wrong(step, cell: int, digit: int, solution: Grid, peer_masks) -> bool:
    removes = (cell, digit) in step.eliminations or any(
        focus_placed(peer_masks, c, d, ((cell, digit),)) for c, d in step.placements)
    return (not removes or any(solution.values[c] == d for c, d in step.eliminations)
            or any(solution.values[c] != d for c, d in step.placements))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=10)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    puzzles = sample(args.sample, args.seed)
    print(f"Python {sys.version.split()[0]} on {sys.platform}; {len(puzzles)} diabolical puzzles (seed {args.seed})")
    for label in ("start", "stuck"):
        answers, times, bad, open_ = Counter(), [], 0, 0
        for line in puzzles:
            if label == "start":
                grid = Grid.parse(line)
                marks = candidate_lists(grid)
            else:
                text, marks = midgame(line)
                grid = Grid.parse(text)
            solution = solve(grid)
            assert solution is not None
            peer_masks = tables(grid.shape).peer_masks
            for cell, digits in enumerate(marks):
                for digit in digits:
                    if solution.values[cell] == digit:
                        continue
                    start = time.perf_counter()
                    step = why_not(grid, cell, digit, marks)
                    times.append((time.perf_counter() - start) * 1000)
                    answers[step.technique] += 1
                    if step.technique == "Needs Guessing":
                        open_ += 1
                    else:
                        bad += wrong(step, cell, digit, solution, peer_masks)
        print(f"\n{label}: {len(times)} questions, {bad} wrong, {open_} needing a guess; median {statistics.median(times):.1f} ms, "
              f"p90 {pct(times, 0.9):.1f} ms, max {max(times):.1f} ms")
        print("  " + "; ".join(f"{name} {count}" for name, count in answers.most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
