"""Benchmark of sudoku_core.logic: speed, coverage, correctness and rating calibration.

    python bench/logic_bench.py [--sample N] [--seed S] [--sets NAME ...] [--all]

For each set (a seeded sample of N puzzles from data/, or the whole set with --all) it prints:
  steps/s          steps found per second along the hint path (next_step's order)
  next_step        median and 99th percentile time to find one step, over every position of the paths
  hard step        median time to find the steps that are not singles (the hints people ask for)
  next_step()      median time of the public call (with its uniqueness check) at each puzzle's
                   start and at the position of its hardest step (pencil marks passed in)
  rate             median and max time of rate() per puzzle
  solved           share of puzzles solve_path finishes by logic alone
  wrong            placements/eliminations that disagree with the solution (must be 0)
  rho              Spearman's rank correlation of rate().score with the set's shipped ratings (when
                   the set has a .ratings.txt file), ties ranked by their average position
"""
from __future__ import annotations

import argparse
import gzip
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_core import Grid, solve  # noqa: E402
from sudoku_core.logic import next_step, rate  # noqa: E402
from sudoku_core.logic.board import Board  # noqa: E402
from sudoku_core.logic.path import broken, find_step, known_unique  # noqa: E402

DATA = ROOT / "data"
DEFAULT_SETS = ["sudoku_exchange_diabolical.txt.gz", "norvig_top95.txt", "magictour_top1465.txt",
                "kaggle_sample100.txt", "17_clue.txt.gz"]


def read_lines(path: Path) -> list[str]:
    opener = gzip.open if path.name.endswith(".gz") else open
    with opener(path, "rt") as f:
        return [line.strip() for line in f if line.strip()]


def ratings_for(path: Path) -> "list[float] | None":
    name = path.name.replace(".txt.gz", "").replace(".txt", "")
    rpath = path.parent / f"{name}.ratings.txt"
    if not rpath.exists():
        return None
    return [float(x) for x in rpath.read_text().split()]


def ranks(values: list[float]) -> list[float]:
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2
        i = j + 1
    return out


def spearman(xs: list[float], ys: list[float]) -> float:
    """Pearson's correlation of the ranks (average ranks for ties)."""
    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / (vx * vy) ** 0.5 if vx and vy else float("nan")


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    k = min(len(sorted_values) - 1, int(round(q * (len(sorted_values) - 1))))
    return sorted_values[k]


def run_set(path: Path, sample: "int | None", seed: int) -> dict:
    lines = read_lines(path)
    ratings = ratings_for(path)
    indices = list(range(len(lines)))
    if sample is not None and sample < len(lines):
        indices = sorted(random.Random(seed).sample(indices, sample))
    step_times, rate_times, hard_times, api_times = [], [], [], []
    steps = solved = wrong = 0
    scores, shipped = [], []
    path_time = 0.0
    for k in indices:
        grid = Grid.parse(lines[k])
        solution = solve(grid).values
        b = Board.from_grid(grid, None, known_unique(grid))
        hardest = None
        t0 = time.perf_counter()
        next_step(grid)
        api_times.append(time.perf_counter() - t0)
        start = time.perf_counter()
        while not b.is_solved() and not broken(b):
            t0 = time.perf_counter()
            step = find_step(b)
            elapsed = time.perf_counter() - t0
            step_times.append(elapsed)
            if step is None:
                break
            if step.technique not in ("Full House", "Naked Single", "Hidden Single"):
                hard_times.append(elapsed)
                if hardest is None or step.difficulty > hardest[0]:
                    hardest = (step.difficulty, b.to_grid(), list(b.cands))
            steps += 1
            wrong += sum(solution[c] != d for c, d in step.placements)
            wrong += sum(solution[c] == d for c, d in step.eliminations)
            b.apply(step)
        path_time += time.perf_counter() - start
        if hardest is not None:
            t0 = time.perf_counter()
            next_step(hardest[1], hardest[2])
            api_times.append(time.perf_counter() - t0)
        solved += b.is_solved()
        t0 = time.perf_counter()
        rating = rate(grid)
        rate_times.append(time.perf_counter() - t0)
        if ratings is not None:
            scores.append(rating.score if rating.score is not None else 99.0)
            shipped.append(ratings[k])
    step_times.sort()
    rate_times.sort()
    return {
        "set": path.name, "puzzles": len(indices), "steps/s": steps / path_time if path_time else 0.0,
        "step median ms": 1000 * statistics.median(step_times) if step_times else float("nan"),
        "step p99 ms": 1000 * percentile(step_times, 0.99),
        "hard median ms": 1000 * statistics.median(hard_times) if hard_times else float("nan"),
        "api median ms": 1000 * statistics.median(api_times),
        "api p99 ms": 1000 * percentile(sorted(api_times), 0.99),
        "rate median s": statistics.median(rate_times), "rate max s": rate_times[-1],
        "solved %": 100.0 * solved / len(indices), "wrong": wrong,
        "rho": spearman(scores, shipped) if scores else None,
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sample", type=int, default=200, help="puzzles per set (default 200)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--all", action="store_true", help="whole sets (slow)")
    parser.add_argument("--sets", nargs="*", default=DEFAULT_SETS)
    args = parser.parse_args(argv)
    header = ("set", "puzzles", "steps/s", "step median ms", "step p99 ms", "hard step median ms",
              "next_step() median ms", "next_step() p99 ms", "rate median s", "rate max s",
              "solved %", "wrong", "rho")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    total_wrong = 0
    for name in args.sets:
        r = run_set(DATA / name, None if args.all else args.sample, args.seed)
        total_wrong += r["wrong"]
        rho = "" if r["rho"] is None else f"{r['rho']:.3f}"
        print(f"| {r['set']} | {r['puzzles']} | {r['steps/s']:.0f} | {r['step median ms']:.2f} | "
              f"{r['step p99 ms']:.1f} | {r['hard median ms']:.1f} | {r['api median ms']:.1f} | "
              f"{r['api p99 ms']:.1f} | {r['rate median s']:.3f} | {r['rate max s']:.2f} | "
              f"{r['solved %']:.1f} | {r['wrong']} | {rho} |", flush=True)
    return 1 if total_wrong else 0


if __name__ == "__main__":
    sys.exit(main())
