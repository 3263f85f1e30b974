"""Variant solver benchmark: Killer, Jigsaw, X and Windoku beside the classic engine, in one run.

    .venv/bin/python bench/variant_bench.py              # every puzzle of each set
    .venv/bin/python bench/variant_bench.py --limit 20   # quicker

Each puzzle is solved exactly as the page does it: `solve_and_count(limit=2)`, the first solution and the
proof that there is no second. Every answer is checked (rules.conflicts empty, givens kept, equal to the
solution stored with the puzzle). Times are per puzzle, in milliseconds, best of `--repeat` runs.

The sets (data/variants/, see data/README.md) are made here by bench/make_variant_puzzles.py; "classic"
is the first puzzles of data/17_clue.txt.gz under the classic solver, and "X/Windoku as classic" the
X and Windoku puzzles solved by the classic solver without their extra rules, to compare like for like
(those have several classic solutions, so the classic solver proves two).
"""
from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_core import Grid, SearchStats, Shape, solver  # noqa: E402
from sudoku_core.rules import Rules  # noqa: E402
from sudoku_core import variant_solver  # noqa: E402

NINE = Shape.parse("9x9")
DATA = ROOT / "data"


def timed(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def variant_set(name: str, limit: "int | None", repeat: int) -> "tuple[list[float], list[int]]":
    lines = (DATA / "variants" / name).read_text().splitlines()[:limit]
    times, nodes = [], []
    for line in lines:
        puzzle = json.loads(line)
        grid = Grid.parse(puzzle["givens"])
        rules = Rules.from_dict(NINE, puzzle["rules"])
        result = {}

        def run() -> None:
            result["tally"] = variant_solver.solve_and_count(grid, rules, 2)

        times.append(timed(run, repeat))
        tally = result["tally"]
        if tally.count != 1 or tally.first.to_line() != puzzle["solution"] or rules.conflicts(tally.first):
            raise SystemExit(f"{name}: wrong answer for {puzzle['givens']}: {tally}")
        stats = SearchStats()
        variant_solver.count_solutions(grid, rules, 2, stats=stats)
        nodes.append(stats.nodes)
    return times, nodes


def classic_set(grids: "list[Grid]", repeat: int) -> "tuple[list[float], list[int]]":
    times, nodes = [], []
    for grid in grids:
        result = {}

        def run() -> None:
            result["tally"] = solver.solve_and_count(grid, 2)

        times.append(timed(run, repeat))
        if result["tally"].first is None or not result["tally"].first.is_solution_of(grid):
            raise SystemExit(f"classic: wrong answer for {grid.to_line()}")
        stats = SearchStats()
        solver.count_solutions(grid, 2, stats=stats)
        nodes.append(stats.nodes)
    return times, nodes


def row(label: str, times: "list[float]", nodes: "list[int]") -> str:
    ms = sorted(t * 1000 for t in times)
    p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
    return (f"| {label} | {len(ms)} | {statistics.median(ms):.2f} | {p90:.2f} | {ms[-1]:.2f} | "
            f"{statistics.median(nodes):.0f} | {max(nodes)} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, default=None, help="at most this many puzzles per set")
    parser.add_argument("--repeat", type=int, default=1, help="time each puzzle this many times, keep the best")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}; solve_and_count(limit=2) per puzzle; times in ms")
    print()
    print("| set | puzzles | median | p90 | max | nodes median | nodes max |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    classic_lines = gzip.open(DATA / "17_clue.txt.gz", "rt").read().split()[: args.limit or 100]
    print(row("classic 17-clue (classic engine)", *classic_set([Grid.parse(x) for x in classic_lines], args.repeat)),
          flush=True)
    for label, name in (("Killer", "killer_9x9.jsonl"), ("Jigsaw", "jigsaw_9x9.jsonl"), ("X", "x_9x9.jsonl"),
                        ("Windoku", "windoku_9x9.jsonl")):
        print(row(f"{label} (variant engine)", *variant_set(name, args.limit, args.repeat)), flush=True)
    for label, name in (("X", "x_9x9.jsonl"), ("Windoku", "windoku_9x9.jsonl")):
        lines = (DATA / "variants" / name).read_text().splitlines()[: args.limit]
        grids = [Grid.parse(json.loads(line)["givens"]) for line in lines]
        print(row(f"{label} givens as classic (classic engine)", *classic_set(grids, args.repeat)), flush=True)


if __name__ == "__main__":
    main()
