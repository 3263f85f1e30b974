"""The batch benchmark: the numpy batch engine beside the scalar engine, in one run.

    python bench/batch_bench.py              # everything (about 5 minutes on two busy cores)
    python bench/batch_bench.py --quick      # smaller samples, no one-million-puzzle file
    python bench/batch_bench.py --easy 200000 --seed 7

Data step (cached under bench/out/batch/, git-ignored): EASY puzzles with their solutions, in Kaggle's
``quizzes,solutions`` CSV layout. Solved grids come from the scalar engine (the solutions of the first
40 puzzles of data/17_clue.txt.gz), each copy shuffled by moves that keep a grid valid (digits
relabelled, rows permuted within bands and bands permuted, the same for columns, transposed half the
time), then clues are dug out in rounds (30 random cells, then fewer and fewer) keeping a removal only
when the puzzle still solves by naked and hidden singles alone. Everything is seeded.

What it prints, side by side:
  1. easy puzzles through the Python API: ``solve(Grid.parse(p))`` per puzzle vs ``solve_many(puzzles)``;
  2. the command line (``python -m sudoku_core solve``) on the easy CSV, the 17-clue set and the hardest
     sets: ``--engine scalar`` vs ``--engine auto`` (numpy installed, so batch for big inputs); and
     ``solve`` / ``check`` on Serg's puzzles, which all have several solutions;
  3. ``--jobs 2`` vs ``--jobs 1`` on the easy CSV (batch) and on a hard sample (scalar work);
  4. peak memory (max RSS of the process) solving a one-million-puzzle file with ``--engine batch``.
Every answer of the API runs is checked against the known solution; the CLI runs compare their outputs.
"""
from __future__ import annotations

import argparse
import gzip
import os
import platform
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DATA = ROOT / "data"
OUT = HERE / "out" / "batch"
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from sudoku_core import Grid, Shape, solve  # noqa: E402
from sudoku_core.bank.batch import SOLVED, propagate, solve_many  # noqa: E402

SHAPE = Shape.for_side(9)


# -- data -------------------------------------------------------------------------------------------
def _base_solutions(count: int) -> np.ndarray:
    with gzip.open(DATA / "17_clue.txt.gz", "rt") as f:
        lines = [next(f).strip() for _ in range(count)]
    return np.array([solve(Grid.parse(line)).values for line in lines], np.uint8)


def _shuffled(bases: np.ndarray, n: int, rng: np.random.Generator) -> np.ndarray:
    """n valid grids: random bases, digits relabelled, rows/columns permuted within bands/stacks and
    bands/stacks permuted, transposed half the time."""
    grids = bases[rng.integers(len(bases), size=n)].reshape(n, 9, 9)

    def line_order() -> np.ndarray:
        bands = np.argsort(rng.random((n, 3)), axis=1)
        within = np.argsort(rng.random((n, 3, 3)), axis=2)
        return (bands[:, :, None] * 3 + np.take_along_axis(within, bands[:, :, None].repeat(3, 2), 1)).reshape(n, 9)

    rows, cols = line_order(), line_order()
    idx = np.arange(n)[:, None, None]
    grids = grids[idx, rows[:, :, None], cols[:, None, :]]
    flip = rng.random(n) < 0.5
    grids[flip] = grids[flip].transpose(0, 2, 1)
    labels = np.concatenate([np.zeros((n, 1), np.uint8),
                             (np.argsort(rng.random((n, 9)), axis=1) + 1).astype(np.uint8)], axis=1)
    return np.take_along_axis(labels, grids.reshape(n, 81).astype(np.intp), axis=1).astype(np.uint8)


def _singles_solve(puzzles: np.ndarray) -> np.ndarray:
    """True where naked and hidden singles alone solve the puzzle."""
    full = np.uint16(511)
    bits = np.concatenate([[0], 1 << np.arange(9)]).astype(np.uint16)
    out = np.zeros(len(puzzles), bool)
    for start in range(0, len(puzzles), 4096):
        chunk = puzzles[start:start + 4096]
        cand = np.where(chunk == 0, full, bits[chunk]).astype(np.uint16)
        out[start:start + len(chunk)] = propagate(cand, SHAPE) == SOLVED
    return out


def make_easy(n: int, seed: int) -> Path:
    path = OUT / f"easy_{n}_seed{seed}.csv"
    if path.exists():
        return path
    OUT.mkdir(parents=True, exist_ok=True)
    t = time.perf_counter()
    rng = np.random.default_rng(seed)
    solutions = _shuffled(_base_solutions(40), n, rng)
    puzzles = solutions.copy()
    for k in (30, 10, 6, 4, 3, 2, 2, 2, 1, 1, 1, 1):
        keys = np.where(puzzles != 0, rng.random(puzzles.shape), 2.0)
        picked = np.argsort(keys, axis=1)[:, :k]
        trial = puzzles.copy()
        np.put_along_axis(trial, picked, 0, axis=1)
        ok = _singles_solve(trial)
        puzzles[ok] = trial[ok]
    digits = np.frombuffer(b"0123456789", np.uint8)
    with open(path.with_suffix(".tmp"), "w") as f:
        f.write("quizzes,solutions\n")
        q, s = digits[puzzles].tobytes().decode(), digits[solutions].tobytes().decode()
        f.writelines(f"{q[i * 81:(i + 1) * 81]},{s[i * 81:(i + 1) * 81]}\n" for i in range(n))
    os.replace(path.with_suffix(".tmp"), path)
    clues = (puzzles != 0).sum(axis=1)
    print(f"data: {n:,} easy puzzles ({clues.mean():.1f} clues on average, {clues.min()}-{clues.max()}) "
          f"-> {path.relative_to(ROOT)} in {time.perf_counter() - t:.1f} s")
    return path


def read_easy(path: Path) -> "tuple[list[str], list[str]]":
    with open(path) as f:
        next(f)
        pairs = [line.rstrip("\n").split(",") for line in f]
    return [p for p, _ in pairs], [s for _, s in pairs]


def read_set(name: str) -> list[str]:
    path = DATA / name
    opener = gzip.open if name.endswith(".gz") else open
    with opener(path, "rt") as f:
        return [line.strip() for line in f if line.strip()]


def million(easy: Path, size: int) -> Path:
    path = OUT / f"million_{size}.txt"
    if not path.exists():
        puzzles, _ = read_easy(easy)
        with open(path.with_suffix(".tmp"), "w") as f:
            for k in range(size):
                f.write(puzzles[k % len(puzzles)] + "\n")
        os.replace(path.with_suffix(".tmp"), path)
    return path


# -- measuring --------------------------------------------------------------------------------------
def cli(args: list[str]) -> "tuple[float, float, bytes]":
    """Run the CLI; (wall seconds, CPU seconds of it and its workers, standard output)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "sudoku_core", *args], cwd=ROOT, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT)})
    seconds = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"CLI failed ({done.returncode}): {' '.join(args)}\n{done.stderr.decode()[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return seconds, cpu, done.stdout


def peak_rss(args: list[str]) -> "tuple[float, float]":
    """(wall seconds, peak RSS in MB) of one CLI run, measured in a fresh parent so that no earlier
    child's peak counts."""
    probe = ("import resource, subprocess, sys, time; t = time.perf_counter(); "
             "r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode; "
             "print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, r)")
    done = subprocess.run([sys.executable, "-c", probe, sys.executable, "-m", "sudoku_core", *args], cwd=ROOT,
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    seconds, kb, code = done.stdout.split()
    if code not in ("0", "1"):
        raise SystemExit(f"CLI failed ({code}): {' '.join(args)}\n{done.stderr[-2000:]}")
    return float(seconds), int(kb) / 1024


def rate(n: int, seconds: float) -> str:
    return f"{n / seconds:,.0f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--easy", type=int, default=100_000, help="easy puzzles to generate (default 100,000)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--quick", action="store_true", help="smaller samples; skip the one-million-puzzle file")
    ap.add_argument("--million", type=int, default=1_000_000, help="puzzles in the memory test file")
    opts = ap.parse_args()

    easy = make_easy(opts.easy, opts.seed)
    puzzles, solutions = read_easy(easy)
    scalar_n = 5_000 if opts.quick else 20_000
    print(f"machine: {platform.python_implementation()} {platform.python_version()}, numpy {np.__version__}, "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at the start")
    print("Figures are puzzles per second of wall time; 'CPU' columns divide by the CPU time used instead "
          "(steadier when other work shares the machine).")

    # 1. API, easy puzzles
    sample = puzzles[:scalar_n]
    t, c = time.perf_counter(), time.process_time()
    got = [solve(Grid.parse(p)).to_line() for p in sample]
    scalar_s, scalar_c = time.perf_counter() - t, time.process_time() - c
    assert got == solutions[:scalar_n], "scalar engine disagrees with the known solutions"
    t, c = time.perf_counter(), time.process_time()
    got = solve_many(puzzles, strings=True)
    batch_s, batch_c = time.perf_counter() - t, time.process_time() - c
    assert got == solutions, "batch engine disagrees with the known solutions"
    n = len(puzzles)
    print("\n## Python API: solve(Grid.parse(p)) per puzzle vs solve_many(puzzles), easy puzzles\n")
    print("| puzzles | scalar /s | batch /s | batch / scalar | scalar /CPU-s | batch /CPU-s | batch / scalar (CPU) |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    print(f"| {n:,} easy (scalar on the first {scalar_n:,}) | {rate(scalar_n, scalar_s)} | {rate(n, batch_s)} | "
          f"{(n / batch_s) / (scalar_n / scalar_s):.1f}x | {rate(scalar_n, scalar_c)} | {rate(n, batch_c)} | "
          f"{(n / batch_c) / (scalar_n / scalar_c):.1f}x |")

    # 2. CLI: scalar vs auto
    sets = []
    rng = random.Random(opts.seed)
    for label, name, size in (("17-clue", "17_clue.txt.gz", 2000 if opts.quick else 10000),
                              ("magictour top1465", "magictour_top1465.txt", 300 if opts.quick else 1465),
                              ("forum hardest 1905 11+", "forum_hardest_1905_11plus.txt.gz",
                               200 if opts.quick else 1000)):
        all_lines = read_set(name)
        chosen = all_lines if len(all_lines) <= size else rng.sample(all_lines, size)
        path = OUT / f"sample_{name.split('.')[0]}_{len(chosen)}.txt"
        path.write_text("\n".join(chosen) + "\n")
        sets.append((label, path, len(chosen)))
    prefix = OUT / f"easy_prefix_{scalar_n}.csv"
    with open(easy) as src, open(prefix, "w") as dst:
        for k, line in enumerate(src):
            if k > scalar_n:
                break
            dst.write(line)
    print("\n## Command line: solve --engine scalar vs --engine auto (process start included)\n")
    print("| set | puzzles | scalar /s | auto /s | auto / scalar | scalar /CPU-s | auto /CPU-s | auto / scalar (CPU) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    s_time, s_cpu, s_out = cli(["solve", "--engine", "scalar", str(prefix)])
    a_time, a_cpu, a_out = cli(["solve", "--engine", "auto", str(easy)])
    assert a_out.split(b"\n")[:scalar_n] == s_out.split(b"\n")[:scalar_n]
    print(f"| easy CSV (scalar on the first {scalar_n:,}) | {n:,} | {rate(scalar_n, s_time)} | {rate(n, a_time)} | "
          f"{(n / a_time) / (scalar_n / s_time):.1f}x | {rate(scalar_n, s_cpu)} | {rate(n, a_cpu)} | "
          f"{(n / a_cpu) / (scalar_n / s_cpu):.1f}x |")
    for label, path, k in sets:
        s_time, s_cpu, s_out = cli(["solve", "--engine", "scalar", str(path)])
        a_time, a_cpu, a_out = cli(["solve", "--engine", "auto", str(path)])
        assert s_out == a_out, f"{label}: scalar and auto answers differ"
        print(f"| {label} | {k:,} | {rate(k, s_time)} | {rate(k, a_time)} | {s_time / a_time:.2f}x | "
              f"{rate(k, s_cpu)} | {rate(k, a_cpu)} | {s_cpu / a_cpu:.2f}x |")

    serg = DATA / "serg_benchmark_sample1000.txt"
    for command in ("solve", "check"):
        s_time, s_cpu, s_out = cli([command, "--engine", "scalar", str(serg)])
        a_time, a_cpu, a_out = cli([command, "--engine", "auto", str(serg)])
        assert s_out == a_out, f"serg {command}: scalar and auto answers differ"
        print(f"| Serg sample, several solutions each: {command} | 1,000 | {rate(1000, s_time)} | {rate(1000, a_time)} | "
              f"{s_time / a_time:.2f}x | {rate(1000, s_cpu)} | {rate(1000, a_cpu)} | {s_cpu / a_cpu:.2f}x |")

    # 3. jobs
    print("\n## --jobs 2 vs --jobs 1 (command line, same input, same output)\n")
    print("| input | engine | puzzles | 1 job /s | 2 jobs /s | speed-up | CPU-s 1 job | CPU-s 2 jobs |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    # The hard sample for jobs is bigger: with a few seconds of work per job the split, not process
    # start and the last chunk's tail, decides the figure.
    hard_all = read_set("forum_hardest_1905_11plus.txt.gz")
    hard = random.Random(opts.seed).sample(hard_all, 600 if opts.quick else 3000)
    hard_path = OUT / f"jobs_forum_hardest_{len(hard)}.txt"
    hard_path.write_text("\n".join(hard) + "\n")
    for label, path, engine, k in (("easy CSV", easy, "batch", n),
                                   ("forum hardest 1905 11+", hard_path, "auto", len(hard)),
                                   ("forum hardest 1905 11+", hard_path, "scalar", len(hard))):
        one, one_cpu, out1 = cli(["solve", "--engine", engine, "--jobs", "1", str(path)])
        two, two_cpu, out2 = cli(["solve", "--engine", engine, "--jobs", "2", str(path)])
        assert out1 == out2, "--jobs 2 changed the output"
        print(f"| {label} | {engine} | {k:,} | {rate(k, one)} | {rate(k, two)} | {one / two:.2f}x | "
              f"{one_cpu:.1f} | {two_cpu:.1f} |")

    # 4. memory
    if not opts.quick:
        big = million(easy, opts.million)
        print(f"\n## Peak memory: {opts.million:,} puzzles ({big.stat().st_size / 1e6:.0f} MB file), "
              "solve --engine batch --output FILE\n")
        target = OUT / "million_solutions.txt"
        seconds, rss = peak_rss(["solve", "--engine", "batch", "--output", str(target), str(big)])
        print(f"| puzzles | time | puzzles/s | peak RSS |\n|---:|---:|---:|---:|\n"
              f"| {opts.million:,} | {seconds:.1f} s | {rate(opts.million, seconds)} | {rss:.0f} MB |")
        target.unlink(missing_ok=True)
    print(f"\nload average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
