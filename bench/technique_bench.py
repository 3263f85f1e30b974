#!/usr/bin/env python3
"""The technique library as a benchmark: for every technique with cases in tests/data/techniques/, how
many cases it has, how many it finds (the expected eliminations and placements made), how many when it is
asked for them (`focus`, for the finders that take one), how many steps were wrong (must be 0), and the
median and slowest time of one run of the finder on those positions.

    python bench/technique_bench.py [--repeat 3]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from technique_library import FINDERS, load, run, solution_of, takes_focus  # noqa: E402


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="timing runs per case (the best is kept)")
    args = parser.parse_args(argv)
    rows: dict[str, dict] = defaultdict(lambda: {"cases": 0, "found": 0, "focus": 0, "wrong": 0, "ms": []})
    timed = []
    for case in load():
        row = rows[case.technique]
        row["cases"] += 1
        solution = solution_of(case.position.grid)
        if solution is None:
            row["wrong"] += 1  # a bad case counts against its technique
            continue
        for key, focus in (("found", False), ("focus", True)):
            outcome = run(case, solution, focus=focus)
            row[key] += outcome.found
            row["wrong"] += len(outcome.wrong)
        timed.append(case)
    # Each timing pass goes through every case in turn, so that no finder meets the position it saw last
    # (the chain links, ALS sets and complex fish searches are kept for the last position asked).
    best = [float("inf")] * len(timed)
    for _ in range(args.repeat):
        for k, case in enumerate(timed):
            board = case.position.board(unique=True)
            start = time.perf_counter()
            FINDERS[case.technique](board)
            best[k] = min(best[k], time.perf_counter() - start)
    for case, seconds in zip(timed, best):
        rows[case.technique]["ms"].append(seconds * 1000)
    order = [name for name in FINDERS if name in rows]
    print(f"{'technique':32} {'cases':>5} {'found':>5} {'focus':>5} {'wrong':>5} {'median ms':>9} {'max ms':>8}")
    for name in order:
        row = rows[name]
        focus = f"{row['focus']:5}" if takes_focus(name) else f"{'-':>5}"
        print(f"{name:32} {row['cases']:5} {row['found']:5} {focus} {row['wrong']:5} "
              f"{statistics.median(row['ms']):9.2f} {max(row['ms']):8.2f}")
    total = {k: sum(rows[n][k] for n in order) for k in ("cases", "found", "wrong")}
    print(f"{'all':32} {total['cases']:5} {total['found']:5} {'':5} {total['wrong']:5}")
    missing = [name for name in FINDERS if name not in rows]
    if missing:
        print("no cases yet:", ", ".join(missing))
    return 1 if total["wrong"] else 0


if __name__ == "__main__":
    sys.exit(main())
