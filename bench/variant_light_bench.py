#!/usr/bin/env python3
"""The light engine (MicroPython) on the variant sets of data/variants: what it answers itself, in what time and
heap, and what it hands on to the full engine (its budget for variant searches: `LIGHT_VARIANT_WORK` and
`LIGHT_VARIANT_MS` in sudoku_core/bridge/protocol.py).

    python bench/variant_light_bench.py [--ops solve,hint] [--per-set 0] [--sets killer_9x9,x_9x9] [--save FILE]

Each puzzle of each set becomes one request per op as the page sends it: `{"op": "solve", "puzzle": givens,
"rules": {...}}` (SudokuPad's importer tests as their f-puzzles link, `solve` and `check` only: the reader's
notes come with the reply). Each request is answered by CPython here (the full engine's reply and time) and by
the light engine as the page ships it (bench/answer_light.mjs: the bundle of bytecode, one call from JavaScript
per part, a fresh MicroPython once its heap grew 64 MB, as the page's worker does). Prints per set and op: how
many the light engine answers (and how many of those equal CPython's reply field by field, times left out), how
many it hands on (`needs_full_engine`), its milliseconds (median / p90 / max) and heap per request (the most
one part allocated: MicroPython collects garbage only between calls from JavaScript), and how many it answers
within 1.5 s and 4 s (issue 30's marks). Machines here are shared: time only on a quiet one.
"""
from __future__ import annotations

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

DATA = ROOT / "data" / "variants"
OPS = ("solve", "check", "hint", "rate", "path")
MARKS_MS = (1500, 4000)


def corpus(ops: "list[str]", per_set: int, sets: "list[str] | None") -> "list[tuple[str, str, dict]]":
    """(set, op, request) for each puzzle of each set (the first `per_set` of each, or all for 0)."""
    out = []
    for path in sorted(DATA.glob("*.jsonl")):
        if sets and path.stem not in sets:
            continue
        lines = path.read_text().splitlines()
        for line in lines[:per_set or None]:
            entry = json.loads(line)
            for op in ops:
                if "fpuzzles" in entry:
                    if op in ("solve", "check"):
                        out.append((path.stem, op, {"op": op, "puzzle": "https://www.f-puzzles.com/?load="
                                                    + entry["fpuzzles"]}))
                else:
                    out.append((path.stem, op, {"op": op, "puzzle": entry["givens"], "rules": entry["rules"]}))
    return out


def comparable(reply):
    """The reply without the fields and words that tell times."""
    if isinstance(reply, dict):
        return {k: comparable(v) for k, v in reply.items() if k != "ms"}
    if isinstance(reply, list):
        return [comparable(v) for v in reply]
    if isinstance(reply, str):
        import re
        return re.sub(r"\d+(\.\d+)? (ms|s)\b", "<time>", reply)
    return reply


def on_cpython(requests: list) -> list:
    out = []
    for request in requests:
        start = time.perf_counter()
        reply = handle(json.loads(json.dumps(request)))
        out.append([json.loads(json.dumps(reply)), (time.perf_counter() - start) * 1000])
    return out


def on_light(requests: list) -> list:
    from build_site import MICROPYTHON_HEAP_BYTES
    from micropython_bundle import write_bundle
    with tempfile.TemporaryDirectory() as tmp:
        bundle = Path(tmp) / "engine.bin"
        write_bundle(bundle)
        done = subprocess.run(["node", str(ROOT / "bench" / "answer_light.mjs"), str(bundle),
                               str(MICROPYTHON_HEAP_BYTES), "--recycle"],
                              input=json.dumps(requests), capture_output=True, text=True, cwd=ROOT)
    if done.returncode:
        raise SystemExit(f"the light engine failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout)


def figures(values: "list[float]") -> str:
    if not values:
        return f"{'-':>8}{'-':>8}{'-':>8}"
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
    return f"{statistics.median(ordered):8.0f}{p90:8.0f}{ordered[-1]:8.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", default="solve,hint", help=f"comma-separated, of {','.join(OPS)} (default solve,hint)")
    parser.add_argument("--per-set", type=int, default=0, help="the first N puzzles of each set (default: all)")
    parser.add_argument("--sets", default="", help="comma-separated file stems of data/variants (default: all)")
    parser.add_argument("--save", type=Path, help="write every request, reply, time and heap here (JSON)")
    args = parser.parse_args()
    ops = args.ops.split(",")
    if set(ops) - set(OPS):
        parser.error(f"unknown ops: {', '.join(sorted(set(ops) - set(OPS)))}")
    items = corpus(ops, args.per_set, args.sets.split(",") if args.sets else None)
    requests = [request for _, _, request in items]
    full = on_cpython(requests)
    light = on_light(requests)
    if args.save:
        args.save.write_text(json.dumps([{"set": s, "op": o, "request": r, "cpython": c, "light": m}
                                         for (s, o, r), c, m in zip(items, full, light)]))
    print(f"{len(items)} requests. Light engine: answered (equal to CPython's) / handed on; ms and heap MB of its "
          f"answers as median, p90, max; answered within {' and '.join(f'{m / 1000:g} s' for m in MARKS_MS)}")
    print(f"{'set':<26}{'op':<7}{'answered':>10}{'on':>5}{'CPython ms':>24}{'light ms':>24}{'heap MB':>24}"
          + "".join(f"{'<=' + format(m / 1000, 'g') + ' s':>9}" for m in MARKS_MS))
    groups: "dict[tuple[str, str], list[int]]" = {}
    for k, (name, op, _) in enumerate(items):
        groups.setdefault((name, op), []).append(k)
    total = answered_all = 0
    for (name, op), ks in groups.items():
        answered = [k for k in ks if light[k][0].get("ok") or light[k][0]["error"]["code"] != "needs_full_engine"]
        equal = sum(comparable(light[k][0]) == comparable(full[k][0]) for k in answered)
        marks = "".join(f"{sum(light[k][1] <= m for k in answered):>9}" for m in MARKS_MS)
        print(f"{name:<26}{op:<7}{f'{len(answered)} ({equal})':>10}{len(ks) - len(answered):>5}"
              f"{figures([full[k][1] for k in ks]):>24}{figures([light[k][1] for k in answered]):>24}"
              f"{figures([light[k][2] / 1e6 for k in answered]):>24}{marks}")
        total += len(ks)
        answered_all += len(answered)
        for k in answered:
            if comparable(light[k][0]) != comparable(full[k][0]):
                print(f"  differs: {json.dumps(requests[k])[:160]}\n    CPython: {json.dumps(full[k][0])[:240]}\n"
                      f"    light:   {json.dumps(light[k][0])[:240]}")
    print(f"The light engine answered {answered_all} of {total} ({100 * answered_all / max(1, total):.1f} %); the "
          f"rest it handed on. Its heap at the end: {max(a[3] for a in light) / 1e6:.0f} MB.")


if __name__ == "__main__":
    main()
