#!/usr/bin/env python3
"""The logic ops (hint, why, rate, path, generate) on the three runtimes, side by side, with MicroPython's heap.

    python bench/light_logic_bench.py [--puzzles 12] [--seed 1] [--levels 3] [--no-pyodide]
                                      [--ops hint,why,rate,path,generate] [--sets "forum hardest,diabolical"]
                                      [--repeat 1]

One corpus of requests, made here on CPython as the page sends them: a hint and a Why not? at the hardest
position of forum-hardest puzzles (the grid and pencil marks just before the engine's own path takes its hardest
step) and of Sudoku Exchange's diabolical ones, the rating and the whole path of each puzzle, and Play's new game
at every level (seeded). Each request is answered by CPython (here), by Pyodide under Node (the page's full
engine) and by MicroPython under Node from the bundle the page ships (the light engine, one call from JavaScript
per request as the page's worker makes it). Prints per op and runtime the median, p90 and max milliseconds, the
light engine's heap per request (its port collects garbage only between requests: what a request allocates is
what it needs) and how many of the light engine's replies equal CPython's field by field (times left out).
Machines here are shared: compare the columns of one run, not runs of different days; with `--repeat K` each
runtime answers the corpus K times, the runtimes taking turns, and each request's time is its least, so a
load that comes and goes weighs on every column alike.
"""
from __future__ import annotations

import argparse
import gzip
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build"))

from sudoku_core import Grid  # noqa: E402
from sudoku_core.bridge import handle  # noqa: E402
from sudoku_core.logic import solve_path  # noqa: E402
from sudoku_core.logic.board import Board, bits  # noqa: E402

SETS = (("forum hardest", ROOT / "data" / "forum_hardest_1106.txt"),
        ("diabolical", ROOT / "data" / "sudoku_exchange_diabolical.txt.gz"))
LEVELS = ("Easy", "Medium", "Hard", "Unfair", "Extreme")
TIMES = ("ms",)
OPS = ("hint", "why", "rate", "path", "generate")  # reply fields that differ from run to run


def puzzles(path: Path, count: int, seed: int) -> "list[str]":
    data = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
    lines = [line.split()[0] for line in data.decode().splitlines() if line.strip() and not line.startswith("#")]
    return random.Random(seed).sample(lines, min(count, len(lines)))


def hardest_position(puzzle: str) -> "tuple[str, list[list[int]], object]":
    """The grid and marks just before the path's hardest step, and that step."""
    grid = Grid.parse(puzzle)
    path = solve_path(grid)
    k = max(range(len(path.steps)), key=lambda i: path.steps[i].difficulty)
    board = Board.from_grid(grid)
    for step in path.steps[:k]:
        board.apply(step)
    return board.to_grid().to_line(), [[d + 1 for d in bits(m)] for m in board.cands], path.steps[k]


def corpus(count: int, seed: int, levels: int, ops=OPS, sets=tuple(name for name, _ in SETS)
           ) -> "list[tuple[str, str, dict]]":
    """(op label, set, request) for every request of the run: only those of `ops` and of the sets named."""
    out = []
    for name, path in SETS:
        if name not in sets:
            continue
        for puzzle in puzzles(path, count, seed):
            line, marks, step = hardest_position(puzzle)
            out.append(("hint", name, {"op": "hint", "puzzle": line, "givens": puzzle, "candidates": marks}))
            cell, digit = (step.eliminations[0] if step.eliminations else
                           next((c, d) for c, cands in enumerate(marks) for d in cands if c != step.placements[0][0]))
            out.append(("why", name, {"op": "why", "puzzle": line, "givens": puzzle, "candidates": marks,
                                      "cell": cell, "digit": digit}))
            out.append(("rate", name, {"op": "rate", "puzzle": puzzle}))
            out.append(("path", name, {"op": "path", "puzzle": puzzle}))
    for level in LEVELS if "generate" in ops else ():
        for k in range(levels):
            out.append((f"generate {level}", "9x9", {"op": "generate", "size": "9x9", "level": level,
                                                      "seed": seed * 1000 + k}))
    return [item for item in out if item[0].split()[0] in ops]


def comparable(reply):
    """The reply without the fields that tell times."""
    if isinstance(reply, dict):
        return {k: comparable(v) for k, v in reply.items() if k not in TIMES}
    if isinstance(reply, list):
        return [comparable(v) for v in reply]
    return reply


def on_cpython(requests: list) -> list:
    out = []
    for request in requests:
        start = time.perf_counter()
        reply = handle(json.loads(json.dumps(request)))
        out.append([json.loads(json.dumps(reply)), (time.perf_counter() - start) * 1000])
    return out


def on_pyodide(requests: list) -> list:
    work = ROOT / ".cache" / "bench"
    work.mkdir(parents=True, exist_ok=True)
    source, target = work / "requests.json", work / "pyodide-answers.json"
    source.write_text(json.dumps(requests))
    subprocess.run(["node", str(ROOT / "bench" / "in_pyodide.mjs"), "answer_requests.py",
                    f"/repo/{source.relative_to(ROOT)}", f"/repo/{target.relative_to(ROOT)}"], check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL)
    return json.loads(target.read_text())


def on_micropython(requests: list) -> list:
    from build_site import MICROPYTHON_HEAP_BYTES
    from micropython_bundle import write_bundle
    with tempfile.TemporaryDirectory() as tmp:
        bundle = Path(tmp) / "engine.bin"
        write_bundle(bundle)
        done = subprocess.run(["node", str(ROOT / "bench" / "answer_light.mjs"), str(bundle), str(MICROPYTHON_HEAP_BYTES)],
                              input=json.dumps(requests), capture_output=True, text=True, cwd=ROOT)
    if done.returncode:
        raise SystemExit(f"the light engine failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout)


def figures(ms: "list[float]") -> str:
    ordered = sorted(ms)
    p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
    return f"{statistics.median(ordered):8.1f} {p90:8.1f} {ordered[-1]:8.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=12, help="puzzles of each set (default 12)")
    parser.add_argument("--levels", type=int, default=3, help="seeded new games at each level (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-pyodide", action="store_true", help="leave Pyodide out (it takes a minute to start)")
    parser.add_argument("--ops", default=",".join(OPS), help=f"the ops to run, comma-separated (default {','.join(OPS)})")
    parser.add_argument("--sets", default=",".join(name for name, _ in SETS),
                        help="the puzzle sets, comma-separated (default: all)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="answer the corpus this many times on each runtime, in turns, and keep each "
                             "request's least time (default 1)")
    args = parser.parse_args()
    ops, sets = args.ops.split(","), args.sets.split(",")
    for word, known in ((ops, OPS), (sets, [name for name, _ in SETS])):
        if set(word) - set(known):
            parser.error(f"unknown: {', '.join(sorted(set(word) - set(known)))} (known: {', '.join(known)})")
    items = corpus(args.puzzles, args.seed, args.levels, ops, sets)
    requests = [request for _, _, request in items]
    runs: "dict[str, list]" = {}
    light: list = []
    for _ in range(max(1, args.repeat)):
        now = {"CPython": on_cpython(requests)}
        if not args.no_pyodide:
            now["Pyodide"] = on_pyodide(requests)
        answered = on_micropython(requests)
        now["MicroPython"] = [[reply, ms] for reply, ms, _, _ in answered]
        light = [a if not light else [b[0], min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])]
                 for a, b in zip(answered, light or answered)]
        for r, answers in now.items():  # the first round's replies, each request's least time
            runs[r] = [[a[0], a[1]] if r not in runs else [b[0], min(a[1], b[1])]
                       for a, b in zip(answers, runs.get(r, answers))]
    groups: "dict[tuple[str, str], list[int]]" = {}
    for k, (label, name, _) in enumerate(items):
        groups.setdefault((label, name), []).append(k)
    print(f"{len(items)} requests; ms as median / p90 / max; heap: MicroPython's per request (MB, median / max)")
    header = "".join(f"{r:>27}" for r in runs)
    print(f"{'op':<18}{'set':<15}{header}{'heap MB':>14}{'equal':>8}")
    unequal = []
    for (label, name), ks in groups.items():
        cells = "".join(f"{figures([runs[r][k][1] for k in ks]):>27}" for r in runs)
        heap = [light[k][2] / 1e6 for k in ks]
        same = sum(comparable(light[k][0]) == comparable(runs["CPython"][k][0]) for k in ks)
        unequal += [k for k in ks if comparable(light[k][0]) != comparable(runs["CPython"][k][0])]
        print(f"{label:<18}{name:<15}{cells}{statistics.median(heap):7.1f}{max(heap):7.1f}{same:>5}/{len(ks)}")
    print(f"The light engine's heap at the end: {max(a[3] for a in light) / 1e6:.0f} MB (the WebAssembly memory under it never shrinks)")
    for k in unequal[:5]:
        print(f"differs: {json.dumps(requests[k])[:200]}\n  CPython: {json.dumps(runs['CPython'][k][0])[:300]}\n"
              f"  light:   {json.dumps(light[k][0])[:300]}")


if __name__ == "__main__":
    main()
