"""The benchmark: our engine beside the classic propagation solver and a JavaScript rival, one run.

    make bench                         # = .venv/bin/python bench/run.py
    python bench/run.py --limit 200 --repeat 1   # quicker: at most 200 puzzles per set, timed once
    python bench/run.py --limit all --sets 17-clue,forum-1905   # whole sets
    python bench/run.py --sets top1465 --no-js --seed 7

For every dataset it prints puzzles, puzzles/s, median / p99 / max time per puzzle and guesses per
puzzle for each solver, and how many times faster ours is than each other solver on the same
puzzles. Every answer is checked against the rules (and the givens); a wrong answer aborts the run.
The table is Markdown; it is also written to bench/out/results.md.
"""
from __future__ import annotations

import argparse
import gc
import gzip
import json
import os
import platform
import random
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DATA = ROOT / "data"
OUT = HERE / "out"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

import classic  # noqa: E402
import sudoku_core  # noqa: E402
from sudoku_core import Grid, SearchStats, solve  # noqa: E402

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
JS_PACKAGE = ROOT / "node_modules" / "@algorithm.ts" / "sudoku"


@dataclass(frozen=True)
class Dataset:
    key: str          # the name used by --sets
    title: str        # the name in the table
    file: str         # under data/
    sample: int       # puzzles for our engine (and the JS rival) by default; 0 = all
    classic: int      # puzzles for the classic solver by default (the first of ours); 0 = none
    js: bool = True   # run the JS rival by default (--js-all overrides)


DATASETS = [
    Dataset("17-clue", "17-clue (Royle)", "17_clue.txt.gz", 5000, 500),
    Dataset("top1465", "magictour top1465", "magictour_top1465.txt", 0, 300),
    Dataset("forum-1905", "forum hardest 1905, SE 11+", "forum_hardest_1905_11plus.txt.gz", 2000, 200),
    Dataset("forum-1106", "forum hardest 1106", "forum_hardest_1106.txt", 0, 100),
    Dataset("top95", "Norvig top95", "norvig_top95.txt", 0, 95),
    Dataset("kaggle", "Kaggle sample", "kaggle_sample100.txt", 0, 100),
    Dataset("16x16", "generated 16x16", "generated_16x16.txt", 0, 0),
    # The JS rival's dancing links did not finish one of these puzzles in 5 minutes: off by default.
    Dataset("25x25", "generated 25x25", "generated_25x25.txt", 0, 0, js=False),
]


# -- puzzles ------------------------------------------------------------------------------------
def read_lines(path: Path) -> list[str]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="ascii") as f:
        return [line.strip() for line in f if line.strip()]


def draw_sample(lines: list[str], size: int, seed: int, key: str) -> list[str]:
    """`size` puzzles drawn at random (seeded per set), in drawing order; all of them when size is 0 or
    at least the set's length (then in file order)."""
    if not size or size >= len(lines):
        return list(lines)
    rng = random.Random(f"{seed}:{key}")
    return [lines[i] for i in rng.sample(range(len(lines)), size)]


def box_of(cells: int) -> int:
    """Box width b of a b^2 x b^2 grid with `cells` cells."""
    b = round(cells ** 0.25)
    if b ** 4 != cells:
        raise ValueError(f"{cells} cells is not a square-box Sudoku")
    return b


def check_solution(puzzle: str, answer: "str | None") -> "str | None":
    """Why `answer` is not a solution of `puzzle` (None when it is one). Independent of the engine."""
    if answer is None:
        return "no solution returned"
    if len(answer) != len(puzzle):
        return f"answer has {len(answer)} cells, the puzzle {len(puzzle)}"
    b = box_of(len(puzzle))
    n = b * b
    for i, (p, a) in enumerate(zip(puzzle, answer)):
        if p not in ".0" and p != a:
            return f"given {p!r} at cell {i} changed to {a!r}"
    want = set(SYMBOLS[:n])
    rows = [answer[r * n:(r + 1) * n] for r in range(n)]
    for r in range(n):
        if set(rows[r]) != want:
            return f"row {r + 1} is not a permutation of {''.join(sorted(want))}"
    for c in range(n):
        if {row[c] for row in rows} != want:
            return f"column {c + 1} is not a permutation"
    for br in range(0, n, b):
        for bc in range(0, n, b):
            if {rows[br + i][bc + j] for i in range(b) for j in range(b)} != want:
                return f"box at row {br + 1}, column {bc + 1} is not a permutation"
    return None


class WrongAnswer(SystemExit):
    pass


def verify(solver: str, dataset: Dataset, puzzles: list[str], answers: list) -> None:
    for puzzle, answer in zip(puzzles, answers):
        why = check_solution(puzzle, answer)
        if why:
            raise WrongAnswer(f"ABORTED: {solver} gave a wrong answer on {dataset.title}:\n"
                              f"  puzzle {puzzle}\n  answer {answer}\n  {why}")


# -- timing -------------------------------------------------------------------------------------
@dataclass
class Run:
    solver: str
    times: list[float]              # seconds per puzzle, in puzzle order
    guesses: "list[int] | None" = None
    note: str = ""
    puzzles: list[str] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.times)


def timed(fn, line: str, repeat: int, clock=time.perf_counter):
    """(result of the first call, median seconds of `repeat` back-to-back calls)."""
    times = []
    result = None
    for k in range(repeat):
        t0 = clock()
        r = fn(line)
        times.append(clock() - t0)
        if k == 0:
            result = r
    times.sort()
    return result, times[(repeat - 1) // 2]


def run_ours(puzzles: list[str], warmup: int, repeat: int) -> "tuple[Run, list[str | None]]":
    for line in puzzles[:warmup]:
        solve(Grid.parse(line))
    times, guesses, answers = [], [], []
    gc.collect()
    for line in puzzles:
        stats = SearchStats()
        solution, seconds = timed(lambda text: solve(Grid.parse(text), stats=stats), line, repeat)
        times.append(seconds)
        guesses.append(stats.guesses // repeat)  # stats accumulate over the repeats
        answers.append(None if solution is None else solution.to_line())
    return Run("sudoku_core", times, guesses, puzzles=puzzles), answers


def run_classic(puzzles: list[str], warmup: int, repeat: int) -> "tuple[Run, list[str | None]]":
    for line in puzzles[:warmup]:
        classic.solve(line)
    times, guesses, answers = [], [], []
    gc.collect()
    for line in puzzles:
        (answer, n), seconds = timed(classic.solve, line, repeat)
        times.append(seconds)
        guesses.append(n)
        answers.append(answer)
    return Run("classic (Norvig-style)", times, guesses, puzzles=puzzles), answers


def node_path() -> "str | None":
    node = shutil.which("node")
    return node if node and (JS_PACKAGE / "package.json").exists() else None


def run_js(puzzles: list[str], key: str, warmup: int, repeat: int,
           timeout: float) -> "tuple[Run | None, list, str]":
    """Run bench/js_rival.mjs on `puzzles`; (run, answers, note). run is None when it could not run."""
    node = node_path()
    if node is None:
        return None, [], "node or node_modules/@algorithm.ts/sudoku missing (npm ci)"
    OUT.mkdir(exist_ok=True)
    path = OUT / f"puzzles-{key}.txt"
    path.write_text("".join(p + "\n" for p in puzzles))
    try:
        done = subprocess.run([node, str(HERE / "js_rival.mjs"), str(path), "--warmup", str(warmup),
                               "--repeat", str(repeat)],
                              cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, [], f"JS rival gave up: over {timeout:.0f} s for {len(puzzles)} puzzles"
    if done.returncode != 0:
        return None, [], "JS rival failed: " + (done.stderr.strip().splitlines() or ["?"])[-1]
    result = json.loads(done.stdout)
    times = [t / 1000 for t in result["times_ms"]]
    name = f"{result['engine']} (Node {result['node']})"
    return Run(name, times, None, puzzles=puzzles), result["solutions"], ""


# -- figures ------------------------------------------------------------------------------------
def percentile(sorted_values: list[float], q: float) -> float:
    """Nearest-rank percentile of an ascending list."""
    if not sorted_values:
        return float("nan")
    rank = max(1, -(-q * len(sorted_values) // 100))
    return sorted_values[int(rank) - 1]


def ms(seconds: float) -> str:
    value = seconds * 1000
    if value >= 100:
        return f"{value:,.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def rate(run: Run) -> str:
    total = sum(run.times)
    value = run.count / total if total else float("inf")
    return f"{value:,.0f}" if value >= 10 else f"{value:.1f}"


def row(title: str, run: Run, speedup: str) -> str:
    ordered = sorted(run.times)
    median = ordered[(len(ordered) - 1) // 2] if len(ordered) % 2 else \
        (ordered[len(ordered) // 2 - 1] + ordered[len(ordered) // 2]) / 2
    guesses = "n/a" if run.guesses is None else f"{sum(run.guesses) / len(run.guesses):.1f}"
    return (f"| {title} | {run.solver} | {run.count:,} | {rate(run)} | {ms(median)} | "
            f"{ms(percentile(ordered, 99))} | {ms(ordered[-1])} | {guesses} | {speedup} |")


def speedup(ours: Run, other: Run) -> str:
    """How many times less time ours took than `other` on the same puzzles (other's are a prefix)."""
    mine = sum(ours.times[:other.count])
    theirs = sum(other.times)
    if not mine:
        return "n/a"
    return f"{theirs / mine:.1f}x" if theirs / mine >= 1 else f"{theirs / mine:.2f}x"


# -- main ---------------------------------------------------------------------------------------
def parse_limit(text: str) -> int:
    if text == "all":
        return 0
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("--limit must be a positive number or 'all'")
    return value


def main(argv: "list[str] | None" = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog="datasets: " + ", ".join(d.key for d in DATASETS))
    p.add_argument("--limit", type=parse_limit, default=None,
                   help="puzzles per set for our engine and the JS rival: a number or 'all' "
                        "(default: a sample per set sized for a run of a few minutes)")
    p.add_argument("--classic-limit", type=parse_limit, default=None,
                   help="puzzles per set for the classic solver (default: a smaller sample, "
                        "the first puzzles of ours)")
    p.add_argument("--sets", default=",".join(d.key for d in DATASETS),
                   help="comma-separated dataset keys (default: all)")
    p.add_argument("--seed", type=int, default=1, help="seed for the samples (default 1)")
    p.add_argument("--warmup", type=int, default=5,
                   help="puzzles solved once, untimed, before each timed run (default 5)")
    p.add_argument("--repeat", type=int, default=3,
                   help="solve each puzzle this many times back to back and keep the median time "
                        "(default 3: one noisy spike does not count; 1 for a quick run)")
    p.add_argument("--no-classic", action="store_true", help="skip the classic solver")
    p.add_argument("--no-js", action="store_true", help="skip the JavaScript rival")
    p.add_argument("--js-all", action="store_true",
                   help="also run the JS rival where it is off by default (25x25: very slow)")
    p.add_argument("--js-timeout", type=float, default=300,
                   help="seconds allowed for the JS rival per set (default 300)")
    p.add_argument("--out", type=Path, default=OUT / "results.md", help="where to write the Markdown")
    args = p.parse_args(argv)
    if args.repeat < 1:
        p.error("--repeat must be at least 1")

    known = {d.key: d for d in DATASETS}
    wanted = [k.strip() for k in args.sets.split(",") if k.strip()]
    unknown = [k for k in wanted if k not in known]
    if unknown:
        p.error(f"unknown set(s) {', '.join(unknown)}; choose from {', '.join(known)}")

    js_available = not args.no_js and node_path() is not None
    header = [
        "# sudoku_core benchmark",
        "",
        f"- Machine: {platform.python_implementation()} {platform.python_version()} on "
        f"{platform.platform()}, {platform.machine()}, {os.cpu_count()} logical CPUs"
        f"{', ' + cpu_model() if cpu_model() else ''}.",
        f"- Engine: sudoku_core {sudoku_core.__version__} (`solve`, first solution).",
        "- Method: one process, one puzzle at a time; each puzzle timed with `time.perf_counter()` "
        "from the text line to the solved grid (parsing included, checking excluded), "
        f"{args.repeat} times back to back, keeping the median of the {args.repeat}; "
        f"the first {args.warmup} puzzles of each set solved once untimed first; "
        f"samples drawn at random with seed {args.seed} (per set), the classic solver on the first "
        "puzzles of the same sample. Every answer is checked against the rules and the givens "
        "(a wrong answer aborts the run).",
        "- puzzles/s = puzzles / sum of their (median) times; p99 is nearest-rank; guesses = branches per "
        "puzzle (ours: `SearchStats.guesses`, the branches the search entered; classic: digits tried "
        "at a branching square, the same measure); "
        "*ours vs this* = this solver's total time / ours on the same puzzles.",
    ]
    if js_available:
        header.append("- JS rival: `bench/js_rival.mjs`, each puzzle timed with `performance.now()` "
                      "in Node, same puzzles, same checks (dancing links; no guess count).")
    elif not args.no_js:
        header.append("- JS rival: not run (node or node_modules/@algorithm.ts/sudoku missing; `npm ci`).")
    print("\n".join(header), flush=True)

    table = [
        "",
        "| dataset | solver | puzzles | puzzles/s | median ms | p99 ms | max ms | guesses/puzzle | ours vs this |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    print("\n".join(table), flush=True)
    notes: list[str] = []
    slowest: list[str] = []

    for key in wanted:
        d = known[key]
        path = DATA / d.file
        if not path.exists():
            notes.append(f"{d.title}: {path.relative_to(ROOT)} is missing; skipped.")
            continue
        lines = read_lines(path)
        size = d.sample if args.limit is None else args.limit
        puzzles = draw_sample(lines, size, args.seed, d.key)
        title = f"{d.title} ({len(puzzles):,} of {len(lines):,})" if len(puzzles) < len(lines) \
            else d.title
        nine = box_of(len(puzzles[0])) == 3

        ours, answers = run_ours(puzzles, args.warmup, args.repeat)
        verify("sudoku_core", d, puzzles, answers)
        rows = [row(title, ours, "")]
        worst = sorted(range(ours.count), key=lambda i: -ours.times[i])[:3]
        slowest.append(f"- {d.title}: " + "; ".join(
            f"{ms(ours.times[i])} ms, {ours.guesses[i]} guesses: `{puzzles[i]}`" for i in worst))

        classic_size = d.classic if args.classic_limit is None else (args.classic_limit or len(puzzles))
        if args.limit is not None and classic_size:
            classic_size = min(classic_size, len(puzzles))
        if nine and classic_size and not args.no_classic:
            subset = puzzles[:classic_size]
            base, answers = run_classic(subset, args.warmup, args.repeat)
            verify("classic", d, subset, answers)
            rows.append(row("", base, speedup(ours, base)))

        if js_available and not (d.js or args.js_all):
            notes.append(f"{d.title}: JS rival not run (its dancing links did not finish one 25x25 "
                         "puzzle within 5 minutes on this machine; --js-all runs it anyway).")
        elif js_available:
            js, answers, note = run_js(puzzles, d.key, args.warmup, args.repeat, args.js_timeout)
            if js is None:
                notes.append(f"{d.title}: {note}")
            else:
                verify("JS rival", d, puzzles, answers)
                rows.append(row("", js, speedup(ours, js)))
        print("\n".join(rows), flush=True)
        table.extend(rows)

    tail = []
    if notes:
        tail += ["", "Notes:"] + [f"- {n}" for n in notes]
    tail += ["", "Slowest puzzles for sudoku_core in this run:"] + slowest
    print("\n".join(tail))

    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(header + table + tail) + "\n")
    print(f"\n(written to {args.out})")
    return 0


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return ""


if __name__ == "__main__":
    sys.exit(main())
