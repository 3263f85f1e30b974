"""Box shapes: the cells, units and peers of an n x n grid with r x c boxes, computed once per shape.

A grid of side n = r*c has n*n cells numbered row by row (cell i is row i // n, column i % n), and
3n units: n rows, then n columns, then n boxes (numbered left to right, top to bottom).
"""
from collections import namedtuple

from .compat import cache, isqrt

#: Symbols for 1..35 in one-character forms: digits first, then letters (16x16 uses 1-9A-G).
ALPHABET = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

#: Largest side the engine accepts; 64x64 (8x8 boxes) is the largest shape the tests exercise.
MAX_SIDE = 100


class Unit(namedtuple("Unit", ("kind", "number", "cells"))):
    """One unit: its kind ("row", "column" or "box"), its number (1-based, as people count), its cells."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"{self.kind} {self.number}"


class Shape:
    """The geometry of one box shape; get instances with `Shape.of` or `Shape.parse` (they are cached)."""

    __slots__ = (
        "box_rows", "box_cols", "side", "cell_count", "units", "cell_units", "peers",
        "peer_masks", "unit_masks", "all_digits", "_hash",
    )

    def __init__(self, box_rows: int, box_cols: int) -> None:
        if box_rows < 2 or box_cols < 2:
            raise ValueError(f"boxes of {box_rows}x{box_cols} cells are too thin: a box needs at least 2 rows "
                             "and 2 columns (the smallest Sudoku is 4x4)")
        n = box_rows * box_cols
        if n > MAX_SIDE:
            raise ValueError(f"a grid of side {n} is larger than the largest supported ({MAX_SIDE})")
        self.box_rows = box_rows
        self.box_cols = box_cols
        self.side = n
        self.cell_count = n * n
        rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
        cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
        boxes = []
        for br in range(0, n, box_rows):
            for bc in range(0, n, box_cols):
                boxes.append(tuple((br + r) * n + bc + c for r in range(box_rows) for c in range(box_cols)))
        self.units: "tuple[Unit, ...]" = tuple(
            [Unit("row", k + 1, u) for k, u in enumerate(rows)]
            + [Unit("column", k + 1, u) for k, u in enumerate(cols)]
            + [Unit("box", k + 1, u) for k, u in enumerate(boxes)]
        )
        cell_units: "list[list[int]]" = [[] for _ in range(self.cell_count)]
        for k, unit in enumerate(self.units):
            for i in unit.cells:
                cell_units[i].append(k)
        #: for each cell, the indices of its row, column and box in `units`
        self.cell_units: "tuple[tuple[int, ...], ...]" = tuple(tuple(u) for u in cell_units)
        #: for each cell, the other cells that share a unit with it, in increasing order
        self.peers: "tuple[tuple[int, ...], ...]" = tuple(
            tuple(sorted({j for k in cell_units[i] for j in self.units[k].cells} - {i}))
            for i in range(self.cell_count)
        )
        # Bitboards: bit i stands for cell i. One int per cell (its peers) and per unit (its cells).
        self.peer_masks: "tuple[int, ...]" = tuple(sum(1 << j for j in p) for p in self.peers)
        self.unit_masks: "tuple[int, ...]" = tuple(sum(1 << j for j in u.cells) for u in self.units)
        #: candidate bitmask with every digit: bit d-1 stands for digit d
        self.all_digits = (1 << n) - 1
        self._hash = hash((box_rows, box_cols))

    # -- construction -------------------------------------------------------------------------
    @staticmethod
    @cache
    def of(box_rows: int, box_cols: int) -> "Shape":
        """The (cached) shape whose boxes have `box_rows` rows and `box_cols` columns (2 or more each)."""
        return Shape(box_rows, box_cols)

    @staticmethod
    def for_side(side: int) -> "Shape":
        """The default shape of a grid of `side` cells a side: boxes as square as possible and, when the
        side factors two ways, wider than tall (6 -> 2x3, 8 -> 2x4, 12 -> 3x4)."""
        if side < 4:
            raise ValueError(f"a {side}x{side} grid is too small for Sudoku: the smallest is 4x4"
                             + (f" (for {side}x{side} boxes write {side * side}x{side * side})" if side > 1 else ""))
        rows = max(d for d in range(1, isqrt(side) + 1) if side % d == 0)
        if rows == 1:
            raise ValueError(f"a {side}x{side} grid cannot be split into boxes ({side} is prime)")
        return Shape.of(rows, side // rows)

    @staticmethod
    def for_cell_count(count: int) -> "Shape | None":
        """The default shape with `count` cells, or None when no Sudoku grid has that many."""
        side = isqrt(count)
        if side * side != count:
            return None
        try:
            return Shape.for_side(side)
        except ValueError:
            return None

    @staticmethod
    def parse(spec: "str | Shape") -> "Shape":
        """Read a size: "9x9", "9" or "6x6" name the grid's side (default boxes); "2x3" (two different
        numbers) names a box of 2 rows and 3 columns; "6x6:3x2" names both."""
        if isinstance(spec, Shape):
            return spec
        text = str(spec).strip().lower().replace("×", "x").replace(" ", "")
        grid_part, _, box_part = text.partition(":")
        try:
            parts = [int(p) for p in grid_part.split("x")]
            box = [int(p) for p in box_part.split("x")] if box_part else None
        except ValueError:
            raise ValueError(f"{spec!r} is not a size: write it like 9x9, 6x6 or 2x3") from None
        if len(parts) == 1:
            parts = parts * 2
        if len(parts) != 2 or (box is not None and len(box) != 2):
            raise ValueError(f"{spec!r} is not a size: write it like 9x9, 6x6 or 2x3")
        if box is not None:
            shape = Shape.of(box[0], box[1])
            if shape.side != parts[0] or parts[0] != parts[1]:
                raise ValueError(f"boxes of {box[0]}x{box[1]} do not make a {grid_part} grid")
            return shape
        if parts[0] == parts[1]:
            return Shape.for_side(parts[0])
        return Shape.of(parts[0], parts[1])

    # -- naming -------------------------------------------------------------------------------
    @property
    def name(self) -> str:
        """"9x9", or "6x6 (3x2 boxes)" when the boxes are not the default for the side."""
        base = f"{self.side}x{self.side}"
        return base if Shape.for_side(self.side) is self else f"{base} ({self.box_rows}x{self.box_cols} boxes)"

    @property
    def spec(self) -> str:
        """The size `Shape.parse` reads back to this shape: "9x9", or "6x6:3x2" when the boxes are not
        the default for the side."""
        base = f"{self.side}x{self.side}"
        return base if Shape.for_side(self.side) == self else f"{base}:{self.box_rows}x{self.box_cols}"

    @property
    def symbols(self) -> str:
        """One character per digit 1..n, or "" when the side is past the one-character alphabet."""
        return ALPHABET[: self.side] if self.side <= len(ALPHABET) else ""

    def cell_name(self, cell: int) -> str:
        """"r1c1" style name of a cell, 1-based."""
        return f"r{cell // self.side + 1}c{cell % self.side + 1}"

    def box_of(self, cell: int) -> int:
        """0-based box number of a cell."""
        return self.cell_units[cell][2] - 2 * self.side

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Shape) and (self.box_rows, self.box_cols) == (other.box_rows, other.box_cols)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Shape({self.box_rows}, {self.box_cols})"


# Built at import on purpose: the classic shape's tables then lie together in memory, before a program's
# other objects fill the heap. Built later, in the gaps that reading puzzles leaves, they make the scalar
# solver about 4% slower (measured with `python -m sudoku_core count --engine scalar`).
Shape.of(3, 3)
