"""The solving core's speed on whichever Python runs it: the numbers behind the page's first answer.

    python bench/light_bench.py [--limit N]                  # CPython
    node bench/in_pyodide.mjs light_bench.py [--limit N]     # Pyodide (the full engine in the page)
    node bench/in_micropython.mjs light_bench.py [--limit N] # MicroPython (the light engine, answering first)
    python bench/runtimes.py                                 # all three, side by side

For each set (the first N puzzles of each file, 100 by default), what the page's Solve asks: the first
solution and a count to 2 (`solve_and_count`), timed per puzzle after one warm-up call on another puzzle;
every answer is checked. Prints one line per set: puzzles, total seconds, puzzles per second, median and
max milliseconds. Written in the portable subset (no argparse, no statistics): it runs on all three.
(MicroPython's clock ticks in milliseconds in the browser's build: its medians are whole milliseconds.)
"""
import gzip
import sys

sys.path.insert(0, __file__.rsplit("/bench/", 1)[0] if "/bench/" in __file__ else ".")

from sudoku_core.core.compat import perf_counter  # noqa: E402
from sudoku_core.core.grid import Grid  # noqa: E402
from sudoku_core.core.solver import solve_and_count  # noqa: E402

DATA = __file__.rsplit("/bench/", 1)[0] + "/data/" if "/bench/" in __file__ else "data/"
SETS = (("17-clue", "17_clue.txt.gz"), ("top1465", "magictour_top1465.txt"), ("forum hardest", "forum_hardest_1106.txt"))


def read(name: str, limit: int) -> "list[Grid]":
    data = gzip.open(DATA + name).read() if name.endswith(".gz") else open(DATA + name, "rb").read()
    puzzles = []
    for line in data.decode().split("\n"):
        line = line.strip()
        if len(line) >= 81 and not line.startswith("#"):
            puzzles.append(Grid([0 if c in ".0" else int(c) for c in line[:81]]))
            if len(puzzles) == limit:
                break
    return puzzles


def main() -> None:
    limit = int(sys.argv[sys.argv.index("--limit") + 1]) if "--limit" in sys.argv else 100
    print(f"{sys.implementation.name} {'.'.join(str(v) for v in sys.implementation.version[:3])}")
    warm = read(SETS[0][1], 1)[0]
    started = perf_counter()
    solve_and_count(warm)
    print(f"  first call (tables built, code generated): {(perf_counter() - started) * 1000:.1f} ms")
    for label, name in SETS:
        times = []
        for grid in read(name, limit):
            started = perf_counter()
            first, count, _ = solve_and_count(grid)
            times.append(perf_counter() - started)
            if count != 1 or not first.is_solution_of(grid):
                raise SystemExit(f"wrong answer on {grid.to_line()}")
        times.sort()
        total = sum(times)
        print(f"  {label:14} {len(times):5} puzzles  {total:7.2f} s  {len(times) / total:8.1f}/s  "
              f"median {times[len(times) // 2] * 1000:7.2f} ms  max {times[-1] * 1000:8.1f} ms")


main()
