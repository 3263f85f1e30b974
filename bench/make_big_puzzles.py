"""Generate the 16x16 and 25x25 test puzzles in data/ (deterministic: fixed seeds).

No well-known public benchmark set of large Sudokus was found, so we make our own:

1. A valid complete grid from the pattern formula: with boxes of b x b cells and side n = b*b,
       value(row, col) = (b * (row % b) + row // b + col) % n
   (each row is the previous one shifted by b, each band by one more).
2. Shuffle it with transformations that keep it a valid solution: relabel the symbols, permute the
   rows inside each band and the bands themselves, the same for columns and stacks, and transpose
   with probability 1/2.
3. Remove clues: visit the cells in a random order and empty a cell when the puzzle still has exactly
   one solution (`count_solutions(g, limit=2) == 1`). Each uniqueness check gets a node budget; when
   the budget runs out the clue is kept, so every puzzle is proved unique by construction. The result
   is minimal except for those kept-because-undecided clues.

    python bench/make_big_puzzles.py            # rewrite data/generated_16x16.txt and _25x25.txt
    python bench/make_big_puzzles.py --count16 5 --count25 2 --out /tmp   # a quick look
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_core import Grid, SearchLimitExceeded, count_solutions  # noqa: E402

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def pattern_grid(b: int) -> list[list[int]]:
    """A complete valid grid of side b*b, values 0..n-1."""
    n = b * b
    return [[(b * (row % b) + row // b + col) % n for col in range(n)] for row in range(n)]


def shuffled_order(b: int, rng: random.Random) -> list[int]:
    """A permutation of 0..n-1 that keeps bands (groups of b) together: bands shuffled, then the lines
    inside each band."""
    bands = list(range(b))
    rng.shuffle(bands)
    order = []
    for band in bands:
        lines = [band * b + i for i in range(b)]
        rng.shuffle(lines)
        order.extend(lines)
    return order


def random_solution(b: int, rng: random.Random) -> list[list[int]]:
    n = b * b
    base = pattern_grid(b)
    relabel = list(range(n))
    rng.shuffle(relabel)
    rows = shuffled_order(b, rng)
    cols = shuffled_order(b, rng)
    grid = [[relabel[base[r][c]] for c in cols] for r in rows]
    if rng.random() < 0.5:
        grid = [list(col) for col in zip(*grid)]
    return grid


def to_line(values: list[int]) -> str:
    """Values 0 (empty) or 1..n as a one-line puzzle in the default alphabet."""
    return "".join(SYMBOLS[v - 1] if v else "." for v in values)


def is_valid_solution(grid: list[list[int]], b: int) -> bool:
    n = b * b
    want = set(range(n))
    rows_ok = all(set(row) == want for row in grid)
    cols_ok = all({grid[r][c] for r in range(n)} == want for c in range(n))
    boxes_ok = all(
        {grid[br + i][bc + j] for i in range(b) for j in range(b)} == want
        for br in range(0, n, b) for bc in range(0, n, b)
    )
    return rows_ok and cols_ok and boxes_ok


def make_puzzle(b: int, rng: random.Random, max_nodes: int) -> "tuple[str, int]":
    """(puzzle line, clues kept only because the uniqueness check ran out of budget)."""
    n = b * b
    solution = random_solution(b, rng)
    assert is_valid_solution(solution, b)
    values = [v + 1 for row in solution for v in row]
    cells = list(range(n * n))
    rng.shuffle(cells)
    undecided = 0
    for cell in cells:
        kept = values[cell]
        values[cell] = 0
        try:
            unique = count_solutions(Grid.parse(to_line(values)), limit=2, max_nodes=max_nodes) == 1
        except SearchLimitExceeded:
            unique = False
            undecided += 1
        if not unique:
            values[cell] = kept
    return to_line(values), undecided


def generate(b: int, count: int, seed: int, max_nodes: int, out: Path) -> None:
    rng = random.Random(seed)
    lines = []
    start = time.perf_counter()
    for i in range(count):
        t0 = time.perf_counter()
        line, undecided = make_puzzle(b, rng, max_nodes)
        clues = sum(ch != "." for ch in line)
        print(f"{b * b}x{b * b} #{i + 1}: {clues} clues, {undecided} kept undecided, "
              f"{time.perf_counter() - t0:.1f} s", file=sys.stderr)
        lines.append(line)
    out.write_text("".join(line + "\n" for line in lines))
    print(f"wrote {count} puzzles to {out} in {time.perf_counter() - start:.0f} s", file=sys.stderr)


def main(argv: "list[str] | None" = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--count16", type=int, default=30, help="16x16 puzzles to make (default 30)")
    p.add_argument("--count25", type=int, default=10, help="25x25 puzzles to make (default 10)")
    p.add_argument("--seed", type=int, default=16_25, help="random seed (default 1625)")
    p.add_argument("--max-nodes16", type=int, default=200,
                   help="search nodes per 16x16 uniqueness check before a clue is kept (default 200)")
    p.add_argument("--max-nodes25", type=int, default=100,
                   help="search nodes per 25x25 uniqueness check before a clue is kept (default 100)")
    p.add_argument("--out", type=Path, default=ROOT / "data", help="output folder (default data/)")
    args = p.parse_args(argv)
    if args.count16:
        generate(4, args.count16, args.seed, args.max_nodes16, args.out / "generated_16x16.txt")
    if args.count25:
        generate(5, args.count25, args.seed + 1, args.max_nodes25, args.out / "generated_25x25.txt")


if __name__ == "__main__":
    main()
