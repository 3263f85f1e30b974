"""How fast the page's `generate` request is inside Pyodide, and whether a seed makes the same puzzle there.

    python bench/generate_pyodide.py [--seeds 30] [--big]

Run with CPython, it runs itself inside Pyodide under Node (bench/in_pyodide.mjs: the
interpreter the page uses, Python 3.14 in WebAssembly), then the same seeds on CPython, and prints
one table: per size, the median and worst time of the bridge's `generate` op (what the Play page
asks the worker for: a minimal unique puzzle, rated up to 9x9) in both, and whether every seed gave
the same puzzle. `--big` adds 16x16 (3 seeds) and 25x25 (1 seed). Inside Pyodide (`--measure`)
it prints one JSON line per puzzle instead.
"""
from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Sizes past 9x9 take seconds each in Pyodide: a few seeds only.
BIG = (("16x16", 3), ("25x25", 1))


def plan(seeds: int, big: bool) -> "list[tuple[str, int]]":
    """(size, how many seeds) to measure."""
    sizes = [("4x4", seeds), ("6x6", seeds), ("9x9", seeds), ("12x12", min(seeds, 5))]
    return sizes + (list(BIG) if big else [])


def measure(sizes: "list[tuple[str, int]]") -> "list[dict]":
    """Time the bridge's generate op for seeds 0..k-1 of each size, here."""
    sys.path.insert(0, str(ROOT))
    from sudoku_core import bridge

    bridge.handle({"op": "generate", "seed": 0})  # tables and imports, as the page's snapshot has them
    rows = []
    for size, count in sizes:
        for seed in range(count):
            start = time.perf_counter()
            reply = bridge.handle({"op": "generate", "size": size, "seed": seed})
            ms = (time.perf_counter() - start) * 1000
            result = reply["result"] if reply["ok"] else {}
            rows.append({"size": size, "seed": seed, "ms": round(ms, 2), "ok": reply["ok"],
                         "puzzle": result.get("puzzle"), "givens": result.get("givens")})
    return rows


def in_pyodide(args: "list[str]") -> "list[dict]":
    done = subprocess.run(["node", str(ROOT / "bench" / "in_pyodide.mjs"), "generate_pyodide.py", "--measure", *args],
                          capture_output=True, text=True, cwd=ROOT)
    if done.returncode != 0:
        sys.exit(f"the Pyodide run failed:\n{done.stderr[-2000:]}")
    lines = done.stdout.splitlines()
    print(next(line for line in lines if line.startswith("Pyodide:")))
    return [json.loads(line) for line in lines[1:] if line.startswith("{")]


def table(pyodide: "list[dict]", cpython: "list[dict]") -> None:
    print("| size | seeds | Pyodide median | Pyodide max | CPython median | same puzzles |")
    print("| --- | ---: | ---: | ---: | ---: | :---: |")
    sizes = list(dict.fromkeys(r["size"] for r in pyodide))
    for size in sizes:
        here = [r for r in pyodide if r["size"] == size]
        there = {r["seed"]: r for r in cpython if r["size"] == size}
        same = all(r["ok"] and r["puzzle"] == there[r["seed"]]["puzzle"] for r in here)
        times = [r["ms"] for r in here]
        ctimes = [there[r["seed"]]["ms"] for r in here]
        print(f"| {size} | {len(here)} | {statistics.median(times):,.0f} ms | {max(times):,.0f} ms "
              f"| {statistics.median(ctimes):,.0f} ms | {'yes' if same else 'NO'} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=30, help="seeds per small size (default 30)")
    parser.add_argument("--big", action="store_true", help="also 16x16 (3 seeds) and 25x25 (1 seed)")
    parser.add_argument("--measure", action="store_true", help="measure here and print JSON lines")
    args = parser.parse_args()
    sizes = plan(args.seeds, args.big)
    if args.measure:
        print(f"Pyodide: Python {platform.python_version()} on {sys.platform}")
        for row in measure(sizes):
            print(json.dumps(row))
        return 0
    forwarded = ["--seeds", str(args.seeds)] + (["--big"] if args.big else [])
    pyodide = in_pyodide(forwarded)
    print(f"CPython: Python {platform.python_version()} on {platform.machine()}")
    cpython = measure(sizes)
    table(pyodide, cpython)
    return 0


if __name__ == "__main__":
    sys.exit(main())
