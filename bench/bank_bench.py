"""Puzzle banks on one machine: one process, --jobs 2 and a Dask LocalCluster (--scheduler local:2), side by side.

    python bench/bank_bench.py            # 400 diabolical, 1,000,000 easy, 60 hard: about two minutes on 2 CPUs
    python bench/bank_bench.py --full     # 8,000 diabolical puzzles, 1,000 hard generated

Rows (every run goes through the command line, process start included; each pair of outputs is compared
byte for byte, the time column of CSV output aside, so a fast wrong answer cannot pass):

* rate on data/sudoku_exchange_diabolical.txt.gz (the first --rate puzzles): 1 job, --jobs 2, --scheduler local:2
  (the cluster's start, about two seconds, included);
* solve on 1,000,000 easy puzzles (bench/batch_bench.py's data step, repeated; --solve N): --jobs 2 and
  local:2, with the peak RSS of the largest worker process and of the process that reads and writes;
* generate --count --generate --level hard --seed 1: 1 job and --jobs 2.

'CPU' is the CPU time of the run and all its workers: when other work shares the machine, wall-time
ratios drop while the CPU figures stay put. Needs Dask (pip install "sudoku-core[dask]") and numpy.
"""
from __future__ import annotations

import argparse
import gzip
import os
import platform
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from batch_bench import OUT, make_easy, million  # noqa: E402  (the easy-puzzle data step, cached)

DIABOLICAL = ROOT / "data" / "sudoku_exchange_diabolical.txt.gz"
# The CLI's own peak is VmHWM (ru_maxrss would carry over the peak of the bench process it was forked from);
# its workers' is the largest peak among its descendants.
PROBE = ("import re, resource, sys, time; from sudoku_core.cli import main; t = time.perf_counter(); "
         "status = main(sys.argv[1:]); wall = time.perf_counter() - t; me = resource.getrusage(resource.RUSAGE_SELF); "
         "kids = resource.getrusage(resource.RUSAGE_CHILDREN); "
         "hwm = re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1); "
         "print(wall, me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime, hwm, kids.ru_maxrss, "
         "status, file=sys.stderr)")


def run(args: list[str], output: Path) -> dict:
    """One CLI run in a fresh process writing to `output`: wall and CPU seconds, peak RSS (MB) of the CLI
    process and of its largest descendant (a worker)."""
    done = subprocess.run([sys.executable, "-c", PROBE, *args, "--output", str(output)], cwd=ROOT,
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    wall, cpu, me, kids, status = done.stderr.strip().split("\n")[-1].split()
    if status not in ("0", "1"):
        raise SystemExit(f"failed ({status}): {' '.join(args)}\n{done.stderr[-2000:]}")
    return {"wall": float(wall), "cpu": float(cpu), "rss": int(me) / 1024, "worker": int(kids) / 1024}


def same(a: Path, b: Path, csv_time_column: "int | None" = None) -> None:
    def rows(path: Path) -> list:
        lines = path.read_text().split("\n")
        if csv_time_column is None:
            return lines
        return [[f for k, f in enumerate(line.split(",")) if k != csv_time_column] for line in lines]
    if rows(a) != rows(b):
        raise SystemExit(f"outputs differ: {a} {b}")


def slice_of(source: Path, count: int, name: str) -> Path:
    path = OUT / name
    if not path.exists():
        OUT.mkdir(parents=True, exist_ok=True)
        with gzip.open(source, "rt") as f, open(path, "w") as out:
            for k, line in enumerate(f):
                if k == count:
                    break
                out.write(line)
    return path


def row(label: str, n: int, base: dict, other: dict, unit: str = "puzzles") -> str:
    speed, cpu = base["wall"] / other["wall"], (n / other["cpu"]) / (n / base["cpu"])
    return (f"| {label} | {n:,} {unit} | {n / other['wall']:,.1f}/s | {other['wall']:.1f} s | {speed:.2f}x | "
            f"{other['cpu']:.1f} | {cpu:.2f}x |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--full", action="store_true", help="the whole sets (about 45 minutes on 2 CPUs)")
    ap.add_argument("--rate", type=int, help="diabolical puzzles to rate (default 400; --full: 8,000)")
    ap.add_argument("--solve", type=int, default=1_000_000, help="easy puzzles to solve (default 1,000,000)")
    ap.add_argument("--generate", type=int, help="hard puzzles to generate (default 60; --full: 1,000)")
    args = ap.parse_args()
    n_rate = args.rate or (8000 if args.full else 400)
    n_solve = args.solve
    n_gen = args.generate or (1000 if args.full else 60)
    work = OUT / "bank"
    work.mkdir(parents=True, exist_ok=True)
    import dask
    import distributed

    print(f"machine: CPython {platform.python_version()}, Dask {dask.__version__} / distributed "
          f"{distributed.__version__}, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at the start\n")
    header = ("| run | input | puzzles/s | wall | speed-up (wall) | CPU-s | speed-up (CPU) |\n"
              "|---|---:|---:|---:|---:|---:|---:|")

    bank = slice_of(DIABOLICAL, n_rate, f"diabolical_{n_rate}.txt")
    print(f"## rate: the first {n_rate:,} of data/sudoku_exchange_diabolical.txt.gz (--format csv)\n\n{header}")
    base = run(["rate", "--format", "csv", str(bank)], work / "rate1.csv")
    print(row("1 job", n_rate, base, base))
    for label, extra, name in (("--jobs 2 (target >= 1.8x)", ["--jobs", "2"], "rate2.csv"),
                               ("--scheduler local:2 (target >= 1.6x)", ["--scheduler", "local:2"], "rateD.csv")):
        result = run(["rate", "--format", "csv", str(bank), *extra], work / name)
        same(work / "rate1.csv", work / name, csv_time_column=7)
        print(row(label, n_rate, base, result))

    easy = million(make_easy(100_000, 2026), n_solve)
    print(f"\n## solve: {n_solve:,} easy puzzles (--engine auto, numpy)\n\n"
          "| run | puzzles/s | wall | CPU-s | peak RSS, largest worker | peak RSS, the CLI process |\n"
          "|---|---:|---:|---:|---:|---:|")
    results = {}
    for label, extra, name in (("--jobs 2", ["--jobs", "2"], "solve2.txt"),
                               ("--scheduler local:2", ["--scheduler", "local:2"], "solveD.txt")):
        results[label] = result = run(["solve", str(easy), *extra], work / name)
        print(f"| {label} | {n_solve / result['wall']:,.0f} | {result['wall']:.1f} s | {result['cpu']:.1f} | "
              f"{result['worker']:.0f} MB | {result['rss']:.0f} MB |")
    same(work / "solve2.txt", work / "solveD.txt")
    ratio = results["--jobs 2"]["wall"] / results["--scheduler local:2"]["wall"]
    print(f"\nlocal:2 runs at {ratio:.2f}x the speed of --jobs 2 (target: within 1.5x, i.e. >= 0.67x)")

    print(f"\n## generate --count {n_gen:,} --level hard --seed 1\n\n{header}")
    argv = ["generate", "--count", str(n_gen), "--level", "hard", "--seed", "1"]
    base = run(argv, work / "gen1.txt")
    print(row("1 job", n_gen, base, base))
    result = run([*argv, "--jobs", "2"], work / "gen2.txt")
    same(work / "gen1.txt", work / "gen2.txt")
    print(row("--jobs 2 (target >= 1.7x)", n_gen, base, result))
    print(f"\nload average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
