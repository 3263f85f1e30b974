"""Variant solver benchmark: Killer, Jigsaw, X, Windoku and the setters' palette beside the classic engine,
in one run.

    .venv/bin/python bench/variant_bench.py              # every puzzle of each set
    .venv/bin/python bench/variant_bench.py --limit 20   # quicker
    .venv/bin/pip install -e '.[bench]'                  # once: OR-Tools CP-SAT, the open solver beside ours

Each puzzle is solved exactly as the page does it: `solve_and_count(limit=2)`, the first solution and the
proof that there is no second, from rules made beforehand (so a new set of rules pays for its tables in
the time, as on the page). Every answer is checked (rules.conflicts empty, givens kept, equal to the
solution stored with the puzzle). Times are per puzzle, in milliseconds, best of `--repeat` runs;
"nodes" are the search's states (`SearchStats.nodes`); "us/node" is the set's total time over its total
nodes, the cost of one state of the search (with the set-up of each puzzle spread over its nodes: for
sets solved in one node or a few, it is mostly set-up).

The sets (data/variants/, see data/README.md) are made here by bench/make_variant_puzzles.py, except the
published Killers of janko.at (472 puzzles, cages only) and the published puzzles of SudokuPad's importer
tests (37 of f-puzzles' palette and more, MPL-2.0, read from their f-puzzles data: see `public_puzzles`).
"Palette" is 36 puzzles of the setters' constraints, twelve themes in turn (thermometers, arrows, Kropki
dots with and without the negative constraint, XV likewise, little killers and sandwiches,
whispers/renban/palindrome/between lines, marked cells and clones, nonconsecutive, a mix), givens removed
while unique. The published set also holds puzzles with several solutions, or none, under the rules the
reader takes (the rest of their rules is prose or drawings): the row names them. To compare like with
like, the classic engine is measured on:

* "classic 17-clue": the first puzzles of data/17_clue.txt.gz (mostly solved without a guess);
* "classic top1465": the first puzzles of data/magictour_top1465.txt, hard ones, whose node counts are
  those of the variant sets (median 29 for the first 100, against Jigsaw's 31, X's 25, Windoku's 12);
* "X/Windoku givens as classic": the X and Windoku puzzles without their extra rules (several classic
  solutions, so the classic solver proves two).

and the variant engine is forced over classic puzzles by "top1465 as Jigsaw": the same top1465
puzzles, their boxes given as Jigsaw regions (`Rules(regions=boxes)`, not the classic rules, so the
Jigsaw code path runs: regions gathered by masked shifts, region/line locked candidates). The
deductions are the classic ones, so the node counts are equal and the times compare directly.
"""
from __future__ import annotations

import argparse
import gc
import gzip
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_core import Grid, SearchStats, Shape  # noqa: E402
from sudoku_core.core import solver  # noqa: E402
from sudoku_core.variants.rules import Rules  # noqa: E402
from sudoku_core.variants import solver as variant_solver, topology  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
import cpsat_rival  # noqa: E402

NINE = Shape.parse("9x9")
DATA = ROOT / "data"
BOXES = Rules(NINE, regions=tuple(u.cells for u in NINE.units[18:]))  # the boxes, as Jigsaw regions


def timed(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def measure(puzzles: "list[tuple[Grid, Rules | None, str | None]]", repeat: int
            ) -> "tuple[list[float], list[int]]":
    """(grid, rules or None for the classic engine, expected solution or None) -> times and node counts."""
    times, nodes = [], []
    for grid, rules, expected in puzzles:
        result = {}
        if rules is None:
            def run() -> None:
                result["tally"] = solver.solve_and_count(grid, 2)

            def count(stats: SearchStats) -> int:
                return solver.count_solutions(grid, 2, stats=stats)
        else:
            def run() -> None:
                result["tally"] = variant_solver.solve_and_count(grid, rules, 2)

            def count(stats: SearchStats) -> int:
                return variant_solver.count_solutions(grid, rules, 2, stats=stats)
        times.append(timed(run, repeat))
        tally = result["tally"]
        if rules is None:
            wrong = tally.first is None or not tally.first.is_solution_of(grid)
        else:
            wrong = (tally.count != 1 or 0 in tally.first.values or rules.conflicts(tally.first)
                     or any(g not in (0, v) for g, v in zip(grid.values, tally.first.values)))
        if wrong or (expected and tally.first.to_line() != expected):
            raise SystemExit(f"wrong answer for {grid.to_line()} under {rules}: {tally}")
        stats = SearchStats()
        count(stats)
        nodes.append(stats.nodes)
    return times, nodes


def warm_up(sets: list) -> None:
    """What a process pays once, not a puzzle: the engine's first call (lazy imports, first tables) and
    the straight-line code the variant tables compile for each number of terms (`topology._maker`,
    cached per process). Every set's tables are made once for that, then forgotten, so each puzzle
    still pays for its own tables when it is timed."""
    measure(sets[0][1][:1], 1)
    compiled = topology._maker.cache_info().currsize
    start = time.perf_counter()
    for _, puzzles in sets:
        for _, rules, _ in puzzles:
            if rules is not None:
                variant_solver._tables(rules)
    seconds = time.perf_counter() - start
    variant_solver._TABLES.clear()
    topology._axis_sum.cache_clear()  # it holds the sets' regions too
    print(f"Warm-up, not timed below: {topology._maker.cache_info().currsize - compiled} generated functions "
          f"compiled while making every set's tables once ({seconds * 1000:.0f} ms in all, tables included)\n")


def row(label: str, times: "list[float]", nodes: "list[int]") -> str:
    ms = sorted(t * 1000 for t in times)
    p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
    return (f"| {label} | {len(ms)} | {statistics.median(ms):.2f} | {p90:.2f} | {ms[-1]:.2f} | "
            f"{statistics.median(nodes):.0f} | {max(nodes)} | {sum(ms) * 1000 / sum(nodes):.1f} |")


PUBLIC = "Published: SudokuPad's importer tests (variant engine)"


def variant_puzzles(name: str, limit: "int | None", as_classic: bool = False) -> list:
    out = []
    for line in (DATA / "variants" / name).read_text().splitlines()[:limit]:
        puzzle = json.loads(line)
        grid = Grid.parse(puzzle["givens"])
        if as_classic:
            out.append((grid, None, None))
        else:
            out.append((grid, Rules.from_dict(NINE, puzzle["rules"]), puzzle["solution"]))
    return out


def public_puzzles() -> "tuple[list, list[str]]":
    """SudokuPad's importer tests (data/variants/sudokupad_importer_tests.jsonl): (title, grid, rules,
    published solution as digits written one after another, or None) for each puzzle the f-puzzles reader
    takes, and a sentence for each it refuses."""
    from sudoku_core.formats.fpuzzles import read_fpuzzles_details

    read, refused = [], []
    for line in (DATA / "variants" / "sudokupad_importer_tests.jsonl").read_text().splitlines():
        entry = json.loads(line)
        try:
            got = read_fpuzzles_details(entry["fpuzzles"])
        except ValueError as err:
            refused.append(f"{entry['title']} ({err})")
            continue
        read.append((entry["title"], got.grid, got.rules, entry["solution"]))
    return read, refused


def measure_public(puzzles: list, repeat: int) -> "tuple[list[float], list[int], list[str]]":
    """The published set, which also holds puzzles with several solutions (or none) under the rules read
    (their full rules are in prose or drawings the reader leaves out): times, nodes, and a sentence for each
    such puzzle and for each that takes over 100 ms. A unique answer must be the published solution; every
    answer must keep the rules."""
    times, nodes, told = [], [], []
    for title, grid, rules, published in puzzles:
        result = {}

        def run() -> None:
            result["tally"] = variant_solver.solve_and_count(grid, rules, 2)
        times.append(timed(run, repeat))
        tally = result["tally"]
        first = tally.first
        if tally.gave_up or (first is not None and (rules.conflicts(first) or 0 in first.values or any(
                g not in (0, v) for g, v in zip(grid.values, first.values)))):
            raise SystemExit(f"wrong answer for {title}: {tally}")
        if tally.count == 1 and published and "".join(map(str, first.values)) != published:
            raise SystemExit(f"{title}: the answer is not the published solution")
        stats = SearchStats()
        variant_solver.count_solutions(grid, rules, 2, stats=stats)
        nodes.append(stats.nodes)
        if tally.count != 1:
            told.append(f"{title}: {'no solution' if not tally.count else 'several solutions'}")
        if times[-1] > 0.1:
            told.append(f"{title}: {times[-1] * 1000:.0f} ms, {stats.nodes} nodes")
    return times, nodes, told


def classic_lines(name: str, count: int) -> "list[Grid]":
    opener: Callable = gzip.open if name.endswith(".gz") else open
    with opener(DATA / name, "rt") as f:
        return [Grid.parse(line) for line in f.read().split()[:count]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, default=None,
                        help="at most this many puzzles per set (the published set is always whole)")
    parser.add_argument("--repeat", type=int, default=1, help="time each puzzle this many times, keep the best")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}; solve_and_count(limit=2) per puzzle; times in ms")
    print()
    count = args.limit or 100
    top = classic_lines("magictour_top1465.txt", count)
    sets = [
        ("classic 17-clue (classic engine)", [(g, None, None) for g in classic_lines("17_clue.txt.gz", count)]),
        ("classic top1465 (classic engine)", [(g, None, None) for g in top]),
        ("top1465 as Jigsaw, regions = boxes (variant engine)", [(g, BOXES, None) for g in top]),
        ("Killer, published: janko.at (variant engine)", variant_puzzles("killer_public_janko_9x9.jsonl", args.limit)),
        ("Killer, generated here (variant engine)", variant_puzzles("killer_9x9.jsonl", args.limit)),
        ("Jigsaw (variant engine)", variant_puzzles("jigsaw_9x9.jsonl", args.limit)),
        ("X (variant engine)", variant_puzzles("x_9x9.jsonl", args.limit)),
        ("Windoku (variant engine)", variant_puzzles("windoku_9x9.jsonl", args.limit)),
        ("Palette: thermometers, arrows, dots, XV, ... (variant engine)",
         variant_puzzles("palette_9x9.jsonl", args.limit)),
        ("X givens as classic (classic engine)", variant_puzzles("x_9x9.jsonl", args.limit, True)),
        ("Windoku givens as classic (classic engine)", variant_puzzles("windoku_9x9.jsonl", args.limit, True)),
    ]
    public, refused = public_puzzles()
    warm_up(sets + [("", [(grid, rules, None) for _, grid, rules, _ in public])])
    print("| set | puzzles | median | p90 | max | nodes median | nodes max | us/node |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    ours = {}
    for label, puzzles in sets:
        # Each set starts from an empty table cache: otherwise it pays for freeing the tables the set
        # before it left (the cache keeps 32), 0.7 ms a puzzle on Jigsaw after the generated Killers.
        variant_solver._TABLES.clear()
        gc.collect()
        times, nodes = measure(puzzles, args.repeat)
        ours[label] = statistics.median(times)
        print(row(label, times, nodes), flush=True)
    variant_solver._TABLES.clear()
    gc.collect()
    times, nodes, told = measure_public(public, args.repeat)
    ours[PUBLIC] = statistics.median(times)
    print(row(PUBLIC, times, nodes), flush=True)
    print(f"\n{PUBLIC}: {len(public)} read, refused: {'; '.join(refused) or 'none'}. Under the rules read (the "
          "rest of a puzzle's rules lives in its prose or drawings, which the reader only notes): "
          + "; ".join(told) + ".")
    rival(sets + [(PUBLIC, [(grid, rules, published) for _, grid, rules, published in public])], ours)


def rival(sets: list, ours: "dict[str, float]") -> None:
    """The same puzzles through OR-Tools' CP-SAT (bench/cpsat_rival.py), when it is installed."""
    print()
    if not cpsat_rival.available():
        print("OR-Tools CP-SAT, the open solver put beside ours, is not installed here: pip install -e '.[bench]' "
              "(CPython only: it has no WebAssembly build)")
        return
    from ortools import __version__ as version

    print(f"The same puzzles through OR-Tools {version} CP-SAT, one worker (a solution, then proof of no "
          "second one; model building included; ms):\n")
    print("| set | puzzles | median | p90 | max | ours, median | CP-SAT / ours |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for label, puzzles in sets:
        if label.startswith(("classic 17-clue", "top1465 as Jigsaw")) or "as classic" in label:
            continue  # the rows the variant sets are compared with are enough
        times = []
        for grid, rules, expected in puzzles:
            seconds, found, first = cpsat_rival.solve_twice(grid, rules)
            times.append(seconds)
            if label == PUBLIC:  # several solutions (or none) under the rules read: the counts must agree
                mine = variant_solver.solve_and_count(grid, rules, 2)
                wrong = found != mine.count or (found == 1 and first != mine.first.to_line())
            else:
                wrong = found != 1 or (expected and first != expected)
            if wrong:
                raise SystemExit(f"CP-SAT disagrees on {grid.to_line()} under {rules}: {found} solutions")
        ms = sorted(t * 1000 for t in times)
        median = statistics.median(ms)
        print(f"| {label.split(' (')[0]} | {len(ms)} | {median:.2f} | {ms[min(len(ms) - 1, int(0.9 * len(ms)))]:.2f} "
              f"| {ms[-1]:.2f} | {ours[label] * 1000:.2f} | {median / (ours[label] * 1000):.1f}x |", flush=True)


if __name__ == "__main__":
    main()
