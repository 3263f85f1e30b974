#!/usr/bin/env python3
"""Find positions for the technique library (tests/data/techniques/): walk the hint path of puzzles from
data/ and, at each position, ask one technique's finder directly; print a library line for each position
where it applies (its eliminations and placements as the expected ones).

    python bench/technique_cases.py "Finned X-Wing" [--count 5] [--seed 1] [--sets NAME ...] [--before]

--before: only positions where no technique earlier in the hint order applies (where a hint shows it).
A line printed here says what the finder does today: check each one by hand before it goes into the
library (the test checks it against the solution, not against the technique's definition).
"""
from __future__ import annotations

import argparse
import gzip
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_core import Grid  # noqa: E402
from sudoku_core.logic.board import Board  # noqa: E402
from sudoku_core.logic.path import TECHNIQUES, find_step, known_unique  # noqa: E402
from sudoku_core.logic.position import Position, format_marks  # noqa: E402

SETS = ["sudoku_exchange_diabolical.txt.gz", "magictour_top1465.txt", "norvig_top95.txt"]


def read(name: str) -> "list[str]":
    path = ROOT / "data" / name
    opener = gzip.open if name.endswith(".gz") else open
    with opener(path, "rt") as f:
        return [line.strip() for line in f if line.strip()]


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("technique")
    parser.add_argument("--count", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sets", nargs="+", default=SETS)
    parser.add_argument("--before", action="store_true")
    parser.add_argument("--tries", type=int, default=3000, help="puzzles walked at most")
    args = parser.parse_args(argv)
    finders = dict(TECHNIQUES)
    if args.technique not in finders:
        parser.error(f"no technique {args.technique!r}; known: {', '.join(finders)}")
    finder = finders[args.technique]
    earlier = TECHNIQUES[:[name for name, _ in TECHNIQUES].index(args.technique)]
    puzzles = [p for name in args.sets for p in read(name)]
    random.Random(args.seed).shuffle(puzzles)
    printed = 0
    for text in puzzles[:args.tries]:
        grid = Grid.parse(text)
        unique = known_unique(grid)
        if not unique:
            continue
        b = Board.from_grid(grid, None, True, givens=grid)  # the givens known: Avoidable Rectangles too
        while not b.is_solved() and printed < args.count:
            if not args.before or find_step(b, earlier) is None:
                step = finder(b.copy())
                if step is not None:
                    position = Position.from_masks(b.to_grid(), b.cands)
                    n = grid.shape.side
                    # a '+' before each placed digit (tests/technique_library.py)
                    line = "".join(ch if grid.values[i] or not b.values[i] else "+" + ch
                                   for i, ch in enumerate(b.to_grid().to_line()))
                    print(f"{args.technique} | {line} | {position.removed_text()} | "
                          f"{format_marks(step.eliminations, n)} | {format_marks(step.placements, n)}"
                          f"  # {step.text[:150]}")
                    printed += 1
                    break  # one position per puzzle
            step = find_step(b, TECHNIQUES)
            if step is None:
                break
            b.apply(step)
        if printed >= args.count:
            break
    return 0 if printed else 1


if __name__ == "__main__":
    sys.exit(main())
