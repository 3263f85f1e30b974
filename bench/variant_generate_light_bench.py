#!/usr/bin/env python3
"""Play's variant puzzles made by the light engine (MicroPython) and by CPython, seed by seed.

    python bench/variant_generate_light_bench.py [--seeds 1-10] [--variants killer,jigsaw,...] [--sizes 4x4,6x6,9x9]
                                                 [--symmetry rotate180] [--level ""] [--progress]

For each variant the Play page offers (web/play.html: Killer, Jigsaw, X, Windoku, Anti-knight, Anti-king) at
each size it offers them (4x4, 6x6, 9x9; Windoku 9x9 only, no 4x4 grid obeys anti-king) and each seed, a
`generate` request as the page sends it (its default symmetry, a half turn) is answered by CPython (here) and by
the light engine: MicroPython under Node from the bundle the page ships, in parts as its worker answers
(bench/answer_light.mjs). Prints per variant and size: CPython's milliseconds and MicroPython's as
JavaScript sees them (every part's call, the garbage collection that begins it included), median / max of the
requests answered; the parts of a request and its longest part (median / max); the most heap one part of a request
allocated (MicroPython collects garbage only between parts, so this is what the request needs), MB median / max;
how many requests the light engine answered and how many it handed on (`needs_full_engine`), with the
MicroPython milliseconds spent before handing on (median), and how many of its answers equal CPython's field by
field (times left out).
Machines here are shared: compare the columns of one run.
"""
import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build"))

from sudoku_core.bridge import handle  # noqa: E402

PLAY_VARIANTS = ("killer", "jigsaw", "x", "windoku", "anti-knight", "anti-king")
PLAY_SIZES = ("4x4", "6x6", "9x9")


def offered(variant: str, size: str) -> bool:
    """Whether the Play page asks for this variant at this size (and a grid of it exists)."""
    return not ((variant == "windoku" and size != "9x9") or (variant == "anti-king" and size == "4x4"))


def seeds(text: str) -> "list[int]":
    low, _, high = text.partition("-")
    return list(range(int(low), int(high or low) + 1))


def without_times(reply: dict) -> dict:
    result = reply.get("result")
    if isinstance(result, dict):
        return dict(reply, result={k: v for k, v in result.items() if k != "ms"})
    return reply


def on_micropython(requests: list, progress: bool) -> list:
    from build_site import MICROPYTHON_HEAP_BYTES
    from micropython_bundle import write_bundle
    with tempfile.TemporaryDirectory() as tmp:
        bundle = Path(tmp) / "engine.bin"
        write_bundle(bundle)
        done = subprocess.run(["node", str(ROOT / "bench" / "answer_light.mjs"), str(bundle),
                               str(MICROPYTHON_HEAP_BYTES), "--recycle"] + (["--progress"] if progress else []),
                              input=json.dumps(requests), stdout=subprocess.PIPE,
                              stderr=None if progress else subprocess.PIPE,
                              text=True, cwd=ROOT)
    if done.returncode:
        raise SystemExit(f"the light engine failed:\n{(done.stderr or '')[-3000:]}")
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="1-10")
    parser.add_argument("--variants", default=",".join(PLAY_VARIANTS))
    parser.add_argument("--sizes", default=",".join(PLAY_SIZES))
    parser.add_argument("--symmetry", default="rotate180")
    parser.add_argument("--level", default="")
    parser.add_argument("--pairs", default="", help='more cases, e.g. "killer,x@9x9;jigsaw,anti-king@6x6"')
    parser.add_argument("--progress", action="store_true")
    args = parser.parse_args()
    cases = [(v, s) for v in args.variants.split(",") for s in args.sizes.split(",") if offered(v, s)]
    cases += [tuple(pair.split("@")) for pair in args.pairs.split(";") if pair]
    requests, keys = [], []
    for variant, size in cases:
        for seed in seeds(args.seeds):
            request = {"op": "generate", "variant": variant, "size": size, "seed": seed, "symmetry": args.symmetry}
            if args.level:
                request.update(level=args.level, maxMs=60_000)
            requests.append(request)
            keys.append((variant, size))
    full = []
    for request in requests:
        start = time.perf_counter()
        reply = handle(request)
        full.append((reply, (time.perf_counter() - start) * 1000))
    light = on_micropython(requests, args.progress)
    print(f"{len(requests)} requests (seeds {args.seeds}, symmetry {args.symmetry}, level {args.level or 'any'}); "
          "ms as median / max of the answered ones; heap: the most one part allocated (MB, median / max)")
    print(f"{'variant':<17}{'size':<6}{'CPython ms':>14}{'MicroPython ms':>16}{'parts':>10}{'longest':>12}"
          f"{'heap MB':>12}{'answered':>9}{'handed on (ms)':>16}{'equal':>7}")
    for case in cases:
        ks = [k for k, key in enumerate(keys) if key == case]
        answered = [k for k in ks if light[k][0].get("ok")]
        handed = [k for k in ks if not light[k][0].get("ok") and light[k][0]["error"]["code"] == "needs_full_engine"]
        same = sum(without_times(light[k][0]) == without_times(full[k][0]) for k in answered)
        cpy = [full[k][1] for k in answered] or [0.0]
        mpy = [light[k][6] for k in answered] or [0.0]
        parts = [light[k][4] for k in answered] or [0]
        longest = [light[k][5] for k in answered] or [0.0]
        heap = [light[k][2] / 1e6 for k in ks]
        lost = f"{statistics.median([light[k][6] for k in handed]):6.0f}" if handed else ""
        print(f"{case[0]:<17}{case[1]:<6}{statistics.median(cpy):7.0f}{max(cpy):7.0f}"
              f"{statistics.median(mpy):8.0f}{max(mpy):8.0f}{statistics.median(parts):5.0f}{max(parts):5.0f}"
              f"{statistics.median(longest):6.0f}{max(longest):6.0f}{statistics.median(heap):6.1f}{max(heap):6.1f}"
              f"{len(answered):>9}{len(handed):>8} {lost:>7}{same:>5}/{len(answered)}")
        for k in ks:
            if k not in answered and k not in handed:
                print(f"   seed {requests[k]['seed']}: {light[k][0]['error']}")
    print(f"The light engine's heap at its largest: {max(a[3] for a in light) / 1e6:.0f} MB")


if __name__ == "__main__":
    main()
