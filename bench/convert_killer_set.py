"""Convert the janko.at Killer Sudoku collection, as stored in SmilingWayne/puzzlekit-dataset, into
data/variants/killer_public_janko_9x9.jsonl (see data/README.md for the source, licence and attribution).

    # the source file, from a snapshot (git clone) of https://github.com/SmilingWayne/puzzlekit-dataset
    git -C puzzlekit-dataset show \
        53de2fcb850b74709347c384a3b5b77e0c2c1d39:assets/data/KillerSudoku/KillerSudoku_dataset.json > ks.json
    .venv/bin/python bench/convert_killer_set.py ks.json   # writes data/variants/killer_public_janko_9x9.jsonl
    .venv/bin/python bench/convert_killer_set.py ks.json --out x.jsonl --timeout 30

The input is one JSON object {"count", "count_sol", "name", "data": {key: {"problem", "solution", "source",
"info"}}}. A 9x9 "problem" is the text "9 9", then 9 rows of cage totals (each total written in one cell of
its cage, "-" elsewhere), then 9 rows of cage numbers (the cage each cell belongs to); "solution" is "9 9"
and 9 rows of digits; "source" is the puzzle's page, https://www.janko.at/Raetsel/Sudoku/Killer/NNN.a.htm.
The 4x4 and 6x6 puzzles of the collection are skipped.

Each 9x9 puzzle is read into cages (cells 0-based row by row, sorted; one total per cage), checked
(every cell in one cage, one total per cage, each cage connected; whether the stated solution keeps the
rules is reported for the puzzles dropped), then solved with `variant_solver.solve_and_count(limit=2)`:
only the puzzles with exactly one solution, equal to the stated one, are written, in the order of their
janko.at number (the ones with several solutions are also tried with both diagonals added, to flag Killer
X puzzles). Each
output line is {"givens": 81 dots, "rules": Rules.to_dict() ({"cages": [...]}), "solution": one-line grid,
"source": "janko.at Killer NNN"}. What was dropped, and why, is printed at the end.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_core import Grid, Shape  # noqa: E402
from sudoku_core.variants.jigsaw import is_connected  # noqa: E402
from sudoku_core.variants.rules import Cage, Rules, RulesError  # noqa: E402
from sudoku_core.variants.solver import solve_and_count  # noqa: E402

NINE = Shape.parse("9x9")
OUT = ROOT / "data" / "variants" / "killer_public_janko_9x9.jsonl"
SOURCE = re.compile(r"janko\.at/Raetsel/Sudoku/Killer/(\d+)\.a\.htm$")


class Malformed(ValueError):
    """A puzzle whose text cannot be read into whole, connected cages with one total each."""


def read_puzzle(problem: str) -> "tuple[Cage, ...]":
    """The cages of one 9x9 problem text (see the module docstring)."""
    lines = [line.split() for line in problem.strip().splitlines()]
    if lines[0] != ["9", "9"] or len(lines) != 19 or any(len(row) != 9 for row in lines[1:]):
        raise Malformed("not a 9x9 problem of 9 total rows and 9 cage rows")
    totals = [tok for row in lines[1:10] for tok in row]
    ids = [tok for row in lines[10:19] for tok in row]
    members: dict[str, list[int]] = {}
    for i, cage_id in enumerate(ids):
        members.setdefault(cage_id, []).append(i)
    cages = []
    for cage_id, cells in members.items():
        written = [int(totals[i]) for i in cells if totals[i] != "-"]
        if len(written) != 1:
            raise Malformed(f"cage {cage_id} has {len(written)} totals")
        if not is_connected(cells, 9):
            raise Malformed(f"cage {cage_id} is not connected")
        cages.append(Cage(tuple(sorted(cells)), written[0]))
    if any(tok != "-" and not tok.isdigit() for tok in totals):
        raise Malformed("a total that is not a number")
    return tuple(sorted(cages, key=lambda cage: cage.cells))


def read_solution(text: str) -> str:
    lines = [line.split() for line in text.strip().splitlines()]
    digits = [tok for row in lines[1:] for tok in row]
    if lines[0] != ["9", "9"] or len(digits) != 81 or any(tok not in "123456789" or len(tok) != 1 for tok in digits):
        raise Malformed("the stated solution is not 81 digits")
    return "".join(digits)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dataset", type=Path, help="KillerSudoku_dataset.json from puzzlekit-dataset")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per puzzle before it is dropped (default 60)")
    args = ap.parse_args()

    data = json.loads(args.dataset.read_text(encoding="utf-8"))["data"]
    entries = []
    for key, entry in data.items():
        if not entry["problem"].startswith("9 9"):
            continue
        number = int(SOURCE.search(entry["source"]).group(1))
        entries.append((number, key, entry))
    entries.sort()

    dropped: Counter = Counter()
    notes: list[str] = []
    kept = []
    start = time.perf_counter()
    for number, key, entry in entries:
        label = f"janko.at Killer {number:03d}"
        try:
            cages = read_puzzle(entry["problem"])
            stated = read_solution(entry["solution"])
            rules = Rules(NINE, cages=cages)
        except (Malformed, RulesError) as err:
            dropped["malformed"] += 1
            notes.append(f"{label}: malformed: {err}")
            continue
        grid = Grid.parse("." * 81)
        stated_ok = Grid.parse(stated).conflicts() == [] and rules.conflicts(Grid.parse(stated)) == []
        tally = solve_and_count(grid, rules, 2, timeout=args.timeout)
        if tally.gave_up is not None:
            dropped["gave up"] += 1
            notes.append(f"{label}: gave up after {args.timeout:g} s ({tally.count} solution(s) so far)")
            continue
        if tally.count == 0:
            dropped["no solution"] += 1
            notes.append(f"{label}: no solution (stated solution keeps the rules: {stated_ok})")
            continue
        if tally.count > 1:
            # The collection mixes in Killer X puzzles (both long diagonals hold 1-9 too), whose diagonal rule
            # the stored text does not record: say so when adding the diagonals makes the puzzle unique.
            x_rules = Rules(NINE, cages=cages, diagonal_down=True, diagonal_up=True)
            x_tally = solve_and_count(grid, x_rules, 2, timeout=args.timeout)
            x_unique = x_tally.count == 1 and x_tally.gave_up is None and x_tally.first.to_line() == stated
            dropped["several solutions"] += 1
            notes.append(f"{label}: several solutions (stated solution keeps the rules: {stated_ok}; "
                         f"unique with both diagonals, i.e. a Killer X: {x_unique})")
            continue
        found = tally.first.to_line()
        if found != stated:
            dropped["unique, but not the stated solution"] += 1
            notes.append(f"{label}: unique, but differs from the stated solution (stated keeps the rules: {stated_ok})")
            continue
        kept.append({"givens": grid.to_line(), "rules": rules.to_dict(), "solution": found, "source": label})

    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as out:
        for puzzle in kept:
            out.write(json.dumps(puzzle, separators=(",", ":")) + "\n")
    for note in notes:
        print(note)
    print(f"{len(entries)} 9x9 puzzles read, {len(kept)} written to {args.out} "
          f"({time.perf_counter() - start:.1f} s); dropped: {dict(dropped) or 'none'}")


if __name__ == "__main__":
    main()
