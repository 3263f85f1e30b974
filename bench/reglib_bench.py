#!/usr/bin/env python3
"""HoDoKu's regression library as a benchmark of our technique finders: per HoDoKu technique code, how
many cases it has, how many our finder for it finds and how many of its steps are wrong (must be 0).

    python bench/reglib_bench.py PATH/TO/reglib-1.3.txt [--codes 0310,0402] [-v]

The library is HoDoKu's (Bernhard Hobiger, GPL): download the HoDoKu distribution from
https://sourceforge.net/projects/hodoku/ and take reglib-1.3.txt from it. It is read as data only and
is not part of this repository. Lines are `:code:candidates:grid:deleted:eliminations:placements:extra`
(candidates as digit-row-col); a code ending in `-x` is a must-not-find case and is skipped.

Each case is run in three modes, as tests/technique_library.py runs ours (the finder applied again and
again, each step applied, until every expected elimination and placement is made; a step that removes the
solution's digit or places another one is wrong), and each mode's count is printed:

* plain: the finder's own steps, each its own choice (the most eliminations first). Where a library
  position holds several instances, the finder may take another one first whose eliminations leave a
  single that breaks the expected one; the finder then has nothing more to find.
* focus: a finder that takes a `focus` (sudoku_core.logic.step.Focus; docs/logic.md lists them) is asked
  each time for the instance removing what the case still expects, as HoDoKu's own test asks its finder
  for the instance of the case's candidates (the library's header: "look for a Uniqueness Test Type 4 ...
  that eliminates candidates for digit 3"); the others run as in plain.
* singles: after each step the singles it leaves (Full House, Naked and Hidden Single) are placed, as the
  hint path places them before it looks for the next step, and what they make counts: a single's
  placement, its cell's other digits and its digit in its peers (a single the solution contradicts is
  wrong). HoDoKu's expected results then often follow from a single, not from the finder.

A case of a single-digit technique whose expected result is another digit is off the technique's
definition: it is skipped and listed. The families (our technique names) under 80% are listed per mode,
and so are the codes we have no finder for.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from technique_library import FINDERS, Case, parse_grid, run, solution_of, takes_focus  # noqa: E402
from sudoku_core import Grid  # noqa: E402
from sudoku_core.logic.board import Board  # noqa: E402
from sudoku_core.logic.position import Position  # noqa: E402
from sudoku_core.logic.techniques.singles import full_house, hidden_single, naked_single  # noqa: E402

SIZES = ("X-Wing", "Swordfish", "Jellyfish", "Squirmbag", "Whale", "Leviathan")
# HoDoKu's technique codes (the section headings of reglib-1.3.txt) and the finder we run for each;
# None: a technique we do not have. Siamese fish (five-digit codes) are two fish sharing their base,
# found by the plain finder one at a time.
CODES: "dict[str, tuple[str, str | None]]" = {
    "0000": ("Full House", "Full House"),
    "0001": ("Last Digit", None),
    "0002": ("Hidden Single", "Hidden Single"),
    "0003": ("Naked Single", "Naked Single"),
    "0100": ("Locked Candidates Type 1", "Locked Candidates (Pointing)"),
    "0101": ("Locked Candidates Type 2", "Locked Candidates (Claiming)"),
    "0110": ("Locked Pair", "Naked Pair"),
    "0111": ("Locked Triple", "Naked Triple"),
    "0200": ("Naked Pair", "Naked Pair"),
    "0201": ("Naked Triple", "Naked Triple"),
    "0202": ("Naked Quadruple", "Naked Quad"),
    "0210": ("Hidden Pair", "Hidden Pair"),
    "0211": ("Hidden Triple", "Hidden Triple"),
    "0212": ("Hidden Quadruple", "Hidden Quad"),
    "0300": ("X-Wing", "X-Wing"),
    "0301": ("Swordfish", "Swordfish"),
    "0302": ("Jellyfish", "Jellyfish"),
    "0303": ("Squirmbag", None),
    "0304": ("Whale", None),
    "0305": ("Leviathan", None),
    "0310": ("Finned X-Wing", "Finned X-Wing"),
    "0311": ("Finned Swordfish", "Finned Swordfish"),
    "03111": ("Siamese Finned Swordfish", "Finned Swordfish"),
    "0312": ("Finned Jellyfish", "Finned Jellyfish"),
    "03121": ("Siamese Finned Jellyfish", "Finned Jellyfish"),
    "0313": ("Finned Squirmbag", None),
    "0314": ("Finned Whale", None),
    "0315": ("Finned Leviathan", None),
    "0320": ("Sashimi X-Wing", "Sashimi X-Wing"),
    "0321": ("Sashimi Swordfish", "Sashimi Swordfish"),
    "03211": ("Siamese Sashimi Swordfish", "Sashimi Swordfish"),
    "0322": ("Sashimi Jellyfish", "Sashimi Jellyfish"),
    "03221": ("Siamese Sashimi Jellyfish", "Sashimi Jellyfish"),
    "0323": ("Sashimi Squirmbag", None),
    "0324": ("Sashimi Whale", None),
    "0325": ("Sashimi Leviathan", None),
    # our Franken and Mutant search takes sizes 2-6 (X-Wing to Whale), not Leviathans (7)
    **{f"033{n}": (f"Franken {size}", "Franken Fish" if n < 5 else None) for n, size in enumerate(SIZES)},
    **{f"034{n}": (f"Finned Franken {size}", "Finned Franken Fish" if n < 5 else None)
       for n, size in enumerate(SIZES)},
    "03411": ("Siamese Finned Franken Swordfish", "Finned Franken Fish"),
    "03421": ("Siamese Finned Franken Jellyfish", "Finned Franken Fish"),
    **{f"035{n}": (f"Mutant {size}", "Mutant Fish" if n < 5 else None) for n, size in enumerate(SIZES)},
    # (the library files its Finned Mutant Whale case under 0364, the code its heading gives the Leviathan too)
    **{f"036{n}": (f"Finned Mutant {size}", "Finned Mutant Fish" if n < 5 else None) for n, size in enumerate(SIZES)},
    "03621": ("Siamese Finned Mutant Jellyfish", "Finned Mutant Fish"),
    "0371": ("Kraken Fish Type 1", "Kraken Fish"),
    "0372": ("Kraken Fish Type 2", None),  # chains from the cover cells: not ours
    "0400": ("Skyscraper", "Skyscraper"),
    "0401": ("2-String Kite", "2-String Kite"),
    "0402": ("Empty Rectangle", "Empty Rectangle"),
    "0403": ("Turbot Fish", "Turbot Fish"),
    "0404": ("Dual 2-String Kite", "Dual 2-String Kite"),
    "0405": ("Dual Empty Rectangle", "Dual Empty Rectangle"),
    "0500": ("Simple Colors Trap", "Simple Colors"),
    "0501": ("Simple Colors Wrap", "Simple Colors"),
    "0502": ("Multi-Colors 1", "Multi-Colors"),
    "0503": ("Multi-Colors 2", "Multi-Colors"),
    "0504": ("Weak Colors", "Weak Colors"),
    "0505": ("X-Colors", "X-Colors"),
    "0507": ("3D Medusa Coloring", "3D Medusa"),
    **{f"060{n}": (f"Uniqueness Test Type {n + 1}", "Unique Rectangle") for n in range(5)},
    "0605": ("Uniqueness Test Type 6", "Unique Rectangle (type 6)"),
    "0606": ("Hidden Rectangle", "Hidden Rectangle"),
    "0607": ("Avoidable Rectangle Type 1", "Avoidable Rectangle"),
    "0608": ("Avoidable Rectangle Type 2", "Avoidable Rectangle"),
    "0610": ("Bivalue Universal Grave + 1", "BUG+1"),
    "0620": ("BUG Lite", "BUG Lite"),
    "0701": ("X-Chain", "X-Chain"),
    "0702": ("XY-Chain", "XY-Chain"),
    "0703": ("Remote Pairs", "Remote Pair"),
    "0704": ("Fishy Cycle", "X-Chain"),
    "0705": ("Broken Wing", "Broken Wing"),
    "0706": ("Continuous Nice Loop", "Continuous Nice Loop"),
    "0707": ("Discontinuous Nice Loop", "Discontinuous Nice Loop"),
    "0708": ("Alternating Inference Chain", "AIC"),
    "0709": ("Grouped Continuous Nice Loop", "Grouped Continuous Nice Loop"),
    "0710": ("Grouped Discontinuous Nice Loop", "Grouped Discontinuous Nice Loop"),
    "0711": ("Grouped AIC", "Grouped AIC"),
    "0800": ("XY-Wing", "XY-Wing"),
    "0801": ("XYZ-Wing", "XYZ-Wing"),
    "0802": ("WXYZ-Wing", "WXYZ-Wing"),
    "0803": ("W-Wing", "W-Wing"),
    "0901": ("ALS-XZ", "ALS-XZ"),
    "0902": ("ALS-XY-Wing", "ALS-XY-Wing"),
    "0903": ("ALS-XY-Chain", "ALS-XY-Chain"),
    "0904": ("Death Blossom", "Death Blossom"),
    "1000": ("Aligned Pair Exclusion", "Aligned Pair Exclusion"),
    "1001": ("Aligned Triple Exclusion", "Aligned Triple Exclusion"),
    "1002": ("Subset Exclusion", None),
    "1101": ("Sue de Coq", "Sue de Coq"),
    "1102": ("Subset Counting", None),
    "1103": ("Braid Analysis", None),
    "1104": ("Constraint Subsets", None),
    "1105": ("Equivalence Marks", None),
    "1201": ("Template Set", "Template Set"),
    "1202": ("Template Delete", "Template Delete"),
    "1301": ("Forcing Chain Contradiction", "Forcing Chain"),
    "1302": ("Forcing Chain Verity", "Forcing Chain"),
    "1303": ("Forcing Net Contradiction", "Forcing Net"),
    "1304": ("Forcing Net Verity", "Forcing Net"),
}


#: Codes of single-digit techniques: a case of one removing another digit than its own is off the definition
#: (two of the library's Dual 2-String Kites are two kites on two digits) and is skipped, and listed.
SINGLE_DIGIT = ("03", "04", "0500", "0501", "0502", "0503", "0504", "0505", "0701", "0704", "12")


def marks(text: str) -> "tuple[tuple[int, int], ...]":
    """HoDoKu's `digit row column` candidates as sorted (cell, digit) pairs."""
    return tuple(sorted(((int(t[1]) - 1) * 9 + int(t[2]) - 1, int(t[0])) for t in text.split()))


def cases(path: Path, codes: "set[str] | None"):
    """(line number, code, fields) of every must-find case, of `codes` only when given."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.startswith(":"):
            continue
        fields = line.split(":")
        code, _, variant = fields[1].partition("-")
        if variant == "x" or (codes and code not in codes):
            continue
        yield number, code, fields


def place_singles(board: Board, solution: Grid, want_e: set, want_p: set, wrong: list) -> None:
    """Place the singles on `board` in the hint order, striking from `want_e` and `want_p` what each makes
    (its placement, its cell's other digits, its digit in its peers); stop at one the solution contradicts."""
    while step := full_house(board) or naked_single(board) or hidden_single(board):
        (cell, digit), = step.placements
        if solution.values[cell] != digit:
            wrong.append((cell, digit, "single"))
            return
        peers = board.t.peers[cell]
        want_p.discard((cell, digit))
        want_e -= {(c, d) for c, d in want_e if (c == cell and d != digit) or (d == digit and c in peers)}
        board.apply(step)


MODES = ("plain", "focus", "singles")


def main(argv: "list[str] | None" = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("reglib", type=Path, help="HoDoKu's reglib-1.3.txt")
    parser.add_argument("--codes", help="comma-separated technique codes (default: all)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every case missed or wrong")
    args = parser.parse_args(argv)
    codes = set(args.codes.split(",")) if args.codes else None
    rows: dict[str, dict] = defaultdict(lambda: {"cases": 0, "wrong": 0, "s": 0.0, **dict.fromkeys(MODES, 0)})
    unknown, unmapped, off = set(), defaultdict(int), []
    for number, code, fields in cases(args.reglib, codes):
        if code not in CODES:
            unknown.add(code)
            continue
        name = CODES[code][1]
        if name is None or name not in FINDERS:
            unmapped[code] += 1
            continue
        if code.startswith(SINGLE_DIGIT) and {d for _, d in marks(fields[5]) + marks(fields[6])} - {
                int(ch) for ch in fields[2]}:
            off.append(f"line {number} ({code})")
            continue
        grid, givens = parse_grid(fields[3])
        position = Position(grid, marks(fields[4]), givens)
        case = Case(name, position, marks(fields[5]), marks(fields[6]), f"line {number}")
        row = rows[code]
        row["cases"] += 1
        solution = solution_of(grid)
        if solution is None:
            row["wrong"] += 1
            print(f"line {number}: {code} has no unique solution")
            continue
        start = time.perf_counter()
        outcome = run(case, solution)
        row["s"] += time.perf_counter() - start
        outcomes = {"plain": outcome, "focus": run(case, solution, focus=True) if takes_focus(name) else outcome,
                    "singles": run(case, solution, place_singles)}
        for mode, out in outcomes.items():
            row[mode] += out.found
            row["wrong"] += len(out.wrong)
            if args.verbose and not out.found:
                print(f"line {number}: {code} {name} [{mode}] missing {out.missing} wrong {out.wrong}")
    print(f"{'code':6} {'HoDoKu technique':34} {'our finder':32} {'cases':>5} {'plain':>5} {'focus':>5} "
          f"{'+sing':>5} {'wrong':>5} {'s':>6}")
    families: dict[str, dict] = defaultdict(lambda: defaultdict(int))
    for code in sorted(rows):
        row = rows[code]
        label, name = CODES[code]
        print(f"{code:6} {label:34} {name:32} {row['cases']:5} {row['plain']:5} {row['focus']:5} {row['singles']:5} "
              f"{row['wrong']:5} {row['s']:6.2f}")
        for key in ("cases", "wrong", *MODES):
            families[name][key] += row[key]
    total = {key: sum(f[key] for f in families.values()) for key in ("cases", "wrong", *MODES)}
    print(f"wrong steps in every mode: {total['wrong']}")
    for mode, label in zip(MODES, ("plain (the finder's own steps)", "focus (asked for the case's candidates)",
                                   "singles (placed after each step, as the hint path does)")):
        share = 100 * total[mode] / total["cases"] if total["cases"] else 0.0
        weak = [f"{name} {f[mode]}/{f['cases']}" for name, f in families.items() if f[mode] < 0.8 * f["cases"]]
        print(f"{label}: {total[mode]}/{total['cases']} found ({share:.1f}%); families under 80%: "
              f"{', '.join(weak) or 'none'}")
    none = [code for code, (_, name) in CODES.items() if name is None or name not in FINDERS]
    print("codes without a finder (cases skipped):", ", ".join(f"{c} {CODES[c][0]} ({unmapped[c]})" for c in none))
    if off:
        print("skipped, another digit than the technique's own:", ", ".join(off))
    if unknown:
        print("unknown codes:", ", ".join(sorted(unknown)))
    return 1 if total["wrong"] else 0


if __name__ == "__main__":
    sys.exit(main())
