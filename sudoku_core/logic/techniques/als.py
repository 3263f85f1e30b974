"""ALS-XZ (almost locked sets, singly linked).

An *almost locked set* (ALS) is N cells of one unit holding N+1 digits together: remove any one
digit and the rest are locked. Two ALSs A and B with a *restricted common* digit x (every x of A
sees every x of B, so x is in at most one of them) lock the other: the one without x is locked. So
for another common digit z, one of the z-cells of A or B is z, and any cell seeing all of those
z-cells cannot be z.
"""
from __future__ import annotations

from itertools import combinations

from ..board import Board, bits
from ..phrases import cell_name, removals_text, sym
from ..step import Step

SCORE = 7.0  # not in Sudoku Explainer (it needs a forcing chain, 7.0+); the rating path leaves ALS out
MAX_CELLS = 4


class Als:
    __slots__ = ("cells", "board", "digits", "places", "seen", "unit")

    def __init__(self, b: Board, cells, unit: int) -> None:
        t = b.t
        self.cells = cells
        self.unit = unit
        self.board = 0
        digits = 0
        for i in cells:
            self.board |= 1 << i
            digits |= b.cands[i]
        self.digits = digits
        self.places = {}
        self.seen = {}
        for d in bits(digits):
            where = 0
            seen = t.all_cells
            for i in cells:
                if b.cands[i] >> d & 1:
                    where |= 1 << i
                    seen &= t.peer_masks[i]
            self.places[d] = where
            self.seen[d] = seen  # cells that see every d-cell of the set


def find_sets(b: Board, max_cells: int = MAX_CELLS) -> list[Als]:
    t, cands = b.t, b.cands
    found = {}
    for u, cells in enumerate(t.units):
        empty = [i for i in cells if cands[i]]
        for size in range(1, min(max_cells, len(empty) - 1) + 1):
            for combo in combinations(empty, size):
                m = 0
                for i in combo:
                    m |= cands[i]
                if m.bit_count() == size + 1:
                    key = sum(1 << i for i in combo)
                    if key not in found:
                        found[key] = Als(b, combo, u)
    return list(found.values())


def als_xz(b: Board) -> "Step | None":
    t = b.t
    n = t.n
    pos = b.positions()
    sets = find_sets(b)
    for k, a in enumerate(sets):
        for c in sets[k + 1:]:
            common = a.digits & c.digits
            if common.bit_count() < 2 or a.board & c.board:
                continue
            for x in bits(common):
                # restricted common: every x of A sees every x of C
                if c.places[x] & ~a.seen[x]:
                    continue
                for z in bits(common & ~(1 << x)):
                    targets = a.seen[z] & c.seen[z] & pos[z] & ~(a.board | c.board)
                    if not targets:
                        continue
                    elims = tuple((i, z + 1) for i in bits(targets))
                    text = (f"ALS-XZ: {{{', '.join(cell_name(i, n) for i in a.cells)}}} and "
                            f"{{{', '.join(cell_name(i, n) for i in c.cells)}}} are almost "
                            f"locked sets; {sym(x + 1, n)} can be in only one of them, so the other is locked and "
                            f"one of them holds {sym(z + 1, n)}: remove {removals_text(elims, n)}")
                    cells = tuple(sorted(a.cells + c.cells))
                    return Step("ALS-XZ", text, n, eliminations=elims, cells=cells,
                                units=(t.unit_names[a.unit], t.unit_names[c.unit]),
                                candidates=tuple((i, d + 1) for i in cells for d in bits(b.cands[i])),
                                difficulty=SCORE, extra={"x": x + 1, "z": z + 1})
    return None
