"""The working state of human-style solving: cell values plus one candidate bitmask per cell.

Conventions used by every technique module:
  * a *candidate mask* has bit d-1 set when digit d may stand in a cell (0 for a filled cell);
  * a *cell board* is an int with bit i set for cell i (as in `Shape.peer_masks`);
  * digits are 1..n in the public data (`Step`), 0-based bit positions inside masks.

`Tables` holds what the techniques look up again and again (unit cells and masks, the box-line
intersections, which line a cell is in), computed once per shape.
"""
from __future__ import annotations

from ..grid import Grid
from ..shape import Shape


def bits(mask: int):
    """The positions of the set bits of `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def first_bit(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


class Tables:
    """Per-shape lookup tables (cached by `tables(shape)`)."""

    def __init__(self, shape: Shape) -> None:
        n = self.n = shape.side
        self.shape = shape
        self.cell_count = shape.cell_count
        self.units = tuple(u.cells for u in shape.units)
        self.unit_names = tuple(str(u) for u in shape.units)
        self.unit_masks = shape.unit_masks
        self.peer_masks = shape.peer_masks
        self.peers = shape.peers
        self.cell_units = shape.cell_units
        self.row_of = tuple(i // n for i in range(self.cell_count))
        self.col_of = tuple(i % n for i in range(self.cell_count))
        self.box_of = tuple(shape.cell_units[i][2] - 2 * n for i in range(self.cell_count))
        self.all_cells = (1 << self.cell_count) - 1
        self.all_digits = (1 << n) - 1
        # Box-line intersections: (box unit index, line unit index, cells in both, box rest, line rest).
        inter = []
        for b in range(2 * n, 3 * n):
            bm = self.unit_masks[b]
            for line in range(2 * n):
                lm = self.unit_masks[line]
                both = bm & lm
                if both:
                    inter.append((b, line, both, bm & ~both, lm & ~both))
        self.intersections = tuple(inter)


_TABLES: dict[Shape, Tables] = {}


def tables(shape: Shape) -> Tables:
    t = _TABLES.get(shape)
    if t is None:
        t = _TABLES[shape] = Tables(shape)
    return t


class Board:
    """Values and candidate masks of one position; techniques read it, `apply` changes it."""

    __slots__ = ("t", "values", "cands", "_pos", "unique")

    def __init__(self, t: Tables, values: list[int], cands: list[int], unique: bool = False) -> None:
        self.t = t
        self.values = values
        self.cands = cands
        self._pos: "list[int] | None" = None
        #: True when the puzzle is known to have exactly one solution (uniqueness techniques may run)
        self.unique = unique

    @classmethod
    def from_grid(cls, grid: Grid, cands: "list[int] | None" = None, unique: bool = False) -> "Board":
        t = tables(grid.shape)
        values = list(grid.values)
        if cands is None:
            cands = start_candidates(t, values)
        return cls(t, values, list(cands), unique)

    def copy(self) -> "Board":
        b = Board(self.t, list(self.values), list(self.cands), self.unique)
        return b

    # -- derived boards ------------------------------------------------------------------------
    def positions(self) -> list[int]:
        """For each digit (0-based), the cell board of the cells where it is a candidate."""
        pos = self._pos
        if pos is None:
            pos = [0] * self.t.n
            for i, m in enumerate(self.cands):
                while m:
                    low = m & -m
                    pos[low.bit_length() - 1] |= 1 << i
                    m ^= low
            self._pos = pos
        return pos

    def is_solved(self) -> bool:
        return 0 not in self.values

    # -- changes -------------------------------------------------------------------------------
    def place(self, cell: int, digit: int) -> None:
        """Write `digit` (1..n) and remove it from the candidates of the cell's peers."""
        self.values[cell] = digit
        self.cands[cell] = 0
        bit = ~(1 << (digit - 1))
        cands = self.cands
        for p in self.t.peers[cell]:
            cands[p] &= bit
        self._pos = None

    def eliminate(self, cell: int, digit: int) -> None:
        self.cands[cell] &= ~(1 << (digit - 1))
        self._pos = None

    def apply(self, step) -> None:
        for cell, digit in step.placements:
            self.place(cell, digit)
        for cell, digit in step.eliminations:
            self.eliminate(cell, digit)

    def to_grid(self) -> Grid:
        return Grid(self.values, self.t.shape)


def start_candidates(t: Tables, values: list[int]) -> list[int]:
    """Pencil marks from the filled cells alone: every digit no peer holds (0 for filled cells)."""
    cands = []
    peers = t.peers
    full = t.all_digits
    for i, v in enumerate(values):
        if v:
            cands.append(0)
            continue
        m = full
        for p in peers[i]:
            w = values[p]
            if w:
                m &= ~(1 << (w - 1))
        cands.append(m)
    return cands
