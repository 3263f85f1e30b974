"""Box shapes: the cells, units and peers of an n x n grid with r x c boxes, computed once per shape.

A grid of side n = r*c has n*n cells numbered row by row (cell i is row i // n, column i % n), and
3n units: n rows, then n columns, then n boxes (numbered left to right, top to bottom).
"""
from collections import namedtuple

from .compat import is_ascii_number, isqrt, quote

#: Symbols for 1..35 in one-character forms: digits first, then letters (16x16 uses 1-9A-G).
ALPHABET = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

#: Largest side the engine accepts; 64x64 (8x8 boxes) is the largest shape the tests exercise.
MAX_SIDE = 100
#: `Shape.of` keeps every shape up to this side for good, and only the last `LARGE_KEPT` larger ones: a
#: large shape's tables hold megabytes (a 64x64 one's 10 MB on CPython), and any request may name one.
KEPT_SIDE = 25
LARGE_KEPT = 2
#: The tables `Shape` builds on first use (`Shape.__getattr__`).
_TABLES = frozenset(("units", "cell_units", "peers", "peer_masks", "unit_masks"))


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
        #: candidate bitmask with every digit: bit d-1 stands for digit d
        self.all_digits = (1 << n) - 1
        self._hash = hash((box_rows, box_cols))
        # The tables (`_TABLES`) are built on first use, by `__getattr__`: a request can then be refused for its
        # size before it costs them (a 100x100 shape's take a second on CPython, far more on MicroPython).

    def __getattr__(self, name: str) -> object:
        """Build the tables when one is first read (only called for an attribute not yet set)."""
        if name not in _TABLES:
            raise AttributeError(f"'Shape' object has no attribute {name!r}")
        self._build()
        return getattr(self, name)

    def _build(self) -> None:
        box_rows, box_cols, n, count = self.box_rows, self.box_cols, self.side, self.cell_count
        rows = [tuple(range(r * n, r * n + n)) for r in range(n)]
        cols = [tuple(range(c, count, n)) for c in range(n)]
        boxes = []
        for br in range(0, n, box_rows):
            for bc in range(0, n, box_cols):
                boxes.append(tuple((br + r) * n + bc + c for r in range(box_rows) for c in range(box_cols)))
        self.units: "tuple[Unit, ...]" = tuple(
            [Unit("row", k + 1, u) for k, u in enumerate(rows)]
            + [Unit("column", k + 1, u) for k, u in enumerate(cols)]
            + [Unit("box", k + 1, u) for k, u in enumerate(boxes)]
        )
        box_of = [0] * count
        for k, box in enumerate(boxes):
            for i in box:
                box_of[i] = k
        #: for each cell, the indices of its row, column and box in `units`
        self.cell_units: "tuple[tuple[int, ...], ...]" = tuple((i // n, n + i % n, 2 * n + box_of[i])
                                                              for i in range(count))
        #: for each cell, the other cells that share a unit with it, in increasing order
        cells = [set(u.cells) for u in self.units]
        peers = []
        for i, (r, c, b) in enumerate(self.cell_units):
            seen = cells[r] | cells[c] | cells[b]
            seen.discard(i)
            peers.append(tuple(sorted(seen)))
        self.peers: "tuple[tuple[int, ...], ...]" = tuple(peers)
        # Bitboards: bit i stands for cell i. One int per unit (its cells) and per cell (its peers: the cell's
        # three units but itself; shifted whole masks, not summed bit by bit, which cost seconds at side 100).
        row, column = (1 << n) - 1, sum(1 << (r * n) for r in range(n))
        box = sum(1 << (r * n + c) for r in range(box_rows) for c in range(box_cols))
        self.unit_masks: "tuple[int, ...]" = tuple(
            [row << (r * n) for r in range(n)] + [column << c for c in range(n)]
            + [box << (br * n + bc) for br in range(0, n, box_rows) for bc in range(0, n, box_cols)])
        masks = self.unit_masks
        self.peer_masks: "tuple[int, ...]" = tuple((masks[r] | masks[c] | masks[b]) ^ (1 << i)
                                                   for i, (r, c, b) in enumerate(self.cell_units))

    # -- construction -------------------------------------------------------------------------
    @staticmethod
    def of(box_rows: int, box_cols: int) -> "Shape":
        """The (cached) shape whose boxes have `box_rows` rows and `box_cols` columns (2 or more each)."""
        key = (box_rows, box_cols)
        shape = _KEPT.get(key)
        if shape is None:
            shape = _KEPT[key] = Shape(box_rows, box_cols)
            if shape.side > KEPT_SIDE:
                _LARGE.append(key)
                if len(_LARGE) > LARGE_KEPT:
                    del _KEPT[_LARGE.pop(0)]
        return shape

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
        parts = grid_part.split("x")
        box = box_part.split("x") if box_part else None
        # ASCII digits only, as every runtime reads them (CPython's int() also takes "９", "+9" and "1_6").
        numbers = parts + box if box is not None else parts
        if (len(parts) > 2 or (box is not None and len(box) != 2)
                or not all(is_ascii_number(p) and len(p) <= 6 for p in numbers)):
            raise ValueError(f"{_shown(spec)} is not a size: write it like 9x9, 6x6 or 2x3")
        parts = [int(p) for p in parts]
        if len(parts) == 1:
            parts = parts * 2
        if box is not None:
            shape = Shape.of(int(box[0]), int(box[1]))
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
        return base if Shape.for_side(self.side) == self else f"{base} ({self.box_rows}x{self.box_cols} boxes)"

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


def _shown(spec: object) -> str:
    """A size as typed, quoted (and cut short), for an error."""
    text = str(spec)
    return quote(text if len(text) <= 20 else text[:20] + "...")


_KEPT: "dict[tuple[int, int], Shape]" = {}  # Shape.of's shapes
_LARGE: "list[tuple[int, int]]" = []  # the larger ones kept, oldest first

# Built at import on purpose: the classic shape's tables then lie together in memory, before a program's
# other objects fill the heap. Built later, in the gaps that reading puzzles leaves, they make the scalar
# solver about 4% slower (measured with `python -m sudoku_core count --engine scalar`).
Shape.of(3, 3)._build()
