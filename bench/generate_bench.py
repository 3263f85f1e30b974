"""Benchmark of the generator (sudoku_core.generator.classic): time and givens per size, and per level.

    python bench/generate_bench.py                      9x9 (50 puzzles), 16x16 (10), 25x25 (3)
    python bench/generate_bench.py --big                and 36x36, 64x64 (1 each: minutes)
    python bench/generate_bench.py --levels 10          and 10 requests per level (needs the rater)
    python bench/generate_bench.py --sizes 9x9:200 6x6:100 --symmetry rotate180
    python bench/generate_bench.py --sizes --variants 5     only variant puzzles, seeds 0-4 per kind

Method: puzzle k of a size uses seed k (so runs are comparable and reproducible); each is a minimal
puzzle with no symmetry unless told. Wall time is what a caller waits; CPU time (this process only)
is shown too because the benchmark machine may be shared. "minimal" is the share of puzzles whose
every uniqueness check finished within its node budget (proved minimal). For levels, each request
asks generate(level=L, seed=k, timeout=T); "hit" is the share that returned a puzzle of level L (the
rest raised LevelNotReached: the generator never returns another level), time is per hit.
For variants (`--variants N`), each kind of `VARIANT_KINDS` is made with seeds 0..N-1 by
sudoku_core.generator.variants: time per puzzle (median and max), givens, Killer repairs.
Prints Markdown tables.
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from sudoku_core.generator.classic import LEVELS, LevelNotReached, RaterUnavailable, generate_details, rater  # noqa: E402
from sudoku_core.generator.variants import generate_variant  # noqa: E402

#: (variant, size) pairs the variant benchmark makes.
VARIANT_KINDS = (("killer", "9x9"), ("jigsaw", "9x9"), ("x", "9x9"), ("windoku", "9x9"), ("anti-knight", "9x9"),
                 ("anti-king", "9x9"), ("killer,x", "9x9"), ("jigsaw,x", "9x9"), ("killer", "6x6"),
                 ("jigsaw", "6x6"), ("killer", "4x4"), ("jigsaw", "4x4"))


def _quantile(values: "list[float]", q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f} ms" if seconds < 10 else f"{seconds:,.1f} s"


def bench_size(size: str, runs: int, symmetry: str) -> dict:
    wall, cpu, givens, minimal = [], [], [], 0
    for seed in range(runs):
        c0 = time.process_time()
        made = generate_details(size, seed=seed, symmetry=symmetry)
        cpu.append(time.process_time() - c0)
        wall.append(made.seconds)
        givens.append(made.givens)
        minimal += made.minimal
        print(f"  {size} seed {seed}: {made.seconds:.3f} s, {made.givens} givens", file=sys.stderr)
    cells = made.puzzle.shape.cell_count
    return {"size": size, "runs": runs, "median": statistics.median(wall), "p90": _quantile(wall, 0.9),
            "max": max(wall), "cpu_median": statistics.median(cpu), "givens": statistics.median(givens),
            "givens_min": min(givens), "givens_max": max(givens), "cells": cells, "minimal": minimal / runs}


def bench_level(level: str, runs: int, timeout: float) -> dict:
    hits, times, attempts = 0, [], []
    for seed in range(runs):
        t0 = time.monotonic()
        try:
            made = generate_details("9x9", level=level, seed=seed, timeout=timeout)
        except LevelNotReached as miss:
            attempts.append(miss.attempts)
            print(f"  {level} seed {seed}: not reached in {timeout:g} s ({miss.attempts} rated)", file=sys.stderr)
            continue
        hits += 1
        times.append(time.monotonic() - t0)
        attempts.append(made.attempts)
        print(f"  {level} seed {seed}: {times[-1]:.2f} s, {made.attempts} made, score {made.rating.score}",
              file=sys.stderr)
    return {"level": level, "runs": runs, "hit": hits / runs, "median": statistics.median(times) if times else None,
            "p90": _quantile(times, 0.9) if times else None, "attempts": statistics.median(attempts)}


def bench_variant(variant: str, size: str, runs: int) -> dict:
    wall, givens, repairs = [], [], []
    for seed in range(runs):
        made = generate_variant(variant, size, seed=seed)
        wall.append(made.seconds)
        givens.append(made.givens.givens)
        repairs.append(made.repairs)
        print(f"  {variant} {size} seed {seed}: {made.seconds:.3f} s, {givens[-1]} givens", file=sys.stderr)
    return {"median": statistics.median(wall), "max": max(wall), "givens": statistics.median(givens),
            "repairs": statistics.median(repairs), "given_max": max(givens)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", nargs="*", default=["9x9:50", "16x16:10", "25x25:3"],
                        help="SIZE:RUNS items (default: 9x9:50 16x16:10 25x25:3)")
    parser.add_argument("--big", action="store_true", help="add 36x36:1 and 64x64:1 (minutes)")
    parser.add_argument("--symmetry", default="none")
    parser.add_argument("--levels", type=int, default=0, metavar="N", help="N requests per level (9x9)")
    parser.add_argument("--level-timeout", type=float, default=30.0, metavar="S",
                        help="time budget per level request (default 30 s)")
    parser.add_argument("--variants", type=int, default=0, metavar="N",
                        help="N seeds per variant kind (sudoku_core.generator.variants)")
    args = parser.parse_args()
    sizes = list(args.sizes) + (["36x36:1", "64x64:1"] if args.big else [])

    print(f"Generator benchmark: CPython {platform.python_version()} on {platform.machine()}, "
          f"{os.cpu_count()} CPUs; symmetry {args.symmetry}; seeds 0..N-1\n")
    if sizes:
        print("| size | puzzles | median | p90 | max | median CPU | givens (median, range) | proved minimal |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for item in sizes:
        size, _, runs = item.partition(":")
        row = bench_size(size, int(runs or 10), args.symmetry)
        print(f"| {size} | {row['runs']} | {_ms(row['median'])} | {_ms(row['p90'])} | {_ms(row['max'])} | "
              f"{_ms(row['cpu_median'])} | {row['givens']:g} of {row['cells']} ({row['givens_min']}-"
              f"{row['givens_max']}) | {row['minimal']:.0%} |", flush=True)

    if args.variants:
        print(f"\nVariants ({args.variants} seeds each, no symmetry, minimal; Killer: no givens):\n")
        print("| variant | size | median | max | givens (median) | Killer repairs (median) |")
        print("| --- | --- | ---: | ---: | ---: | ---: |")
        for variant, size in VARIANT_KINDS:
            row = bench_variant(variant, size, args.variants)
            print(f"| {variant} | {size} | {_ms(row['median'])} | {_ms(row['max'])} | {row['givens']:g} | "
                  f"{row['repairs']:g} |", flush=True)

    if args.levels:
        print()
        try:
            rater()
        except RaterUnavailable as why:
            print(f"Levels: skipped ({why})")
            return
        print(f"Levels (9x9, {args.levels} requests each, {args.level_timeout:g} s budget per request):\n")
        print("| level | requests | hit | median time per hit | p90 | puzzles made per request (median) |")
        print("| --- | ---: | ---: | ---: | ---: | ---: |")
        for level in LEVELS:
            row = bench_level(level, args.levels, args.level_timeout)
            median = "-" if row["median"] is None else _ms(row["median"])
            p90 = "-" if row["p90"] is None else _ms(row["p90"])
            print(f"| {level} | {row['runs']} | {row['hit']:.0%} | {median} | {p90} | {row['attempts']:g} |",
                  flush=True)


if __name__ == "__main__":
    main()
