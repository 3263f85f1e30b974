"""Make tests/data/logic_positions.json: for every technique, a position where it applies and a
nearby position (earlier on the same path) where it does not, with the puzzle's solution.

    python bench/logic_fixtures.py [--only "Technique Name" ...]   (--only: add or redo just those)

Positions come from walking `solve_path` over puzzles of data/ (a seeded sample); each is stored as
the cell values, the pencil marks (digits per cell, "" for a filled cell) and the solution.
"""
from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_core import Grid, solve  # noqa: E402
from sudoku_core.logic.board import Board, bits  # noqa: E402
from sudoku_core.logic.path import TECHNIQUES, find_step, known_unique  # noqa: E402

OUT = ROOT / "tests" / "data" / "logic_positions.json"


def snapshot(b: Board) -> dict:
    return {"values": "".join(str(v) if v else "." for v in b.values),
            "cands": ",".join("".join(str(d + 1) for d in bits(m)) for m in b.cands)}


def main() -> None:
    lines = []
    for name in ("sudoku_exchange_diabolical.txt.gz",):
        with gzip.open(ROOT / "data" / name, "rt") as f:
            lines += f.read().split()
    lines += (ROOT / "data" / "magictour_top1465.txt").read_text().split()
    rng = random.Random(606)
    only = sys.argv[sys.argv.index("--only") + 1:] if "--only" in sys.argv else None
    wanted = {name: finder for name, finder in TECHNIQUES if only is None or name in only}
    found: dict[str, dict] = {}
    kept = json.loads(OUT.read_text()) if only is not None and OUT.exists() else {}
    for line in rng.sample(lines, 1500):
        if len(found) == len(wanted):
            break
        grid = Grid.parse(line)
        solution = solve(grid)
        b = Board.from_grid(grid, None, known_unique(grid))
        history = []
        while not b.is_solved():
            step = find_step(b)
            if step is None:
                break
            name = step.technique
            if name not in found and name in wanted:
                finder = wanted[name]
                negative = None
                for old in reversed(history):
                    if finder(old) is None:
                        negative = snapshot(old)
                        break
                if negative is not None or name.startswith("Forcing"):
                    # forcing chains find something almost anywhere: their negative test is built
                    found[name] = {"puzzle": line, "solution": solution.to_line(), "unique": b.unique,
                                   "applies": snapshot(b), "does_not_apply": negative,
                                   "example": step.text}
                    print(name, "|", step.text, file=sys.stderr)
            history.append(b.copy())
            b.apply(step)
    kept.update(found)
    OUT.write_text(json.dumps(kept, indent=1, sort_keys=True) + "\n")
    missing = sorted(set(wanted) - set(found))
    print(f"{len(found)} techniques written to {OUT}; none found for: {missing}", file=sys.stderr)


if __name__ == "__main__":
    main()
