"""`Grid`: an immutable Sudoku grid of any box shape, that can explain its own conflicts and draw itself."""
from collections import namedtuple

from .reading import read_grid
from .shape import Shape
from .wording import listing
from .writing import format_block


class Conflict(namedtuple("Conflict", ("digit", "unit", "cells", "message"))):
    """Two or more cells of one unit holding the same digit: the digit, the unit (e.g. "row 1", "column 5",
    "box 3"), the cells (a tuple of indices) and a sentence (e.g. "r1c1 and r1c5 are both 5 in row 1")."""

    __slots__ = ()

    def __str__(self) -> str:
        return self.message

    def to_dict(self) -> dict:
        """JSON-ready: {digit, unit, cells (indices, row-major from 0), message}."""
        return {"digit": self.digit, "unit": self.unit, "cells": list(self.cells), "message": self.message}


class Grid:
    """A grid of `shape.side`**2 cells holding 0 (empty) or a digit 1..n. Immutable and hashable."""

    __slots__ = ("shape", "values")

    def __init__(self, values: "Iterable[int]", shape: "Shape | str | None" = None) -> None:
        cells = tuple(values)
        if shape is None:
            found = Shape.for_cell_count(len(cells))
            if found is None:
                raise ValueError(f"{len(cells)} cells do not make a square grid")
            shape = found
        shape = Shape.parse(shape)
        if len(cells) != shape.cell_count:
            raise ValueError(f"a {shape.name} grid has {shape.cell_count} cells, not {len(cells)}")
        n = shape.side
        for i, v in enumerate(cells):
            if type(v) is not int or not 0 <= v <= n:
                raise ValueError(f"{shape.cell_name(i)}: {v!r} is not a digit for a {shape.name} grid")
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "values", cells)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Grid is immutable")

    # -- reading and writing ------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str, shape: "Shape | str | None" = None) -> "Grid":
        """Read one puzzle in any supported format (see `sudoku_core.core.formats`); raises `ParseError`."""
        values, shape = read_grid(text, shape)
        return cls(values, shape)

    @classmethod
    def empty(cls, shape: "Shape | str" = "9x9") -> "Grid":
        shape = Shape.parse(shape)
        return cls((0,) * shape.cell_count, shape)

    def to_line(self, empty: str = ".") -> str:
        """One line, row by row: `.` for empty, 1-9 then A-Z past 9; whitespace-separated numbers (0 for
        empty) when the side is past the one-character alphabet."""
        symbols = self.shape.symbols
        if not symbols:
            return " ".join(str(v) for v in self.values)
        table = empty + symbols
        return "".join(table[v] for v in self.values)

    def __str__(self) -> str:
        return format_block(self)

    def __repr__(self) -> str:
        return f"Grid.parse({self.to_line()!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Grid) and self.shape == other.shape and self.values == other.values

    def __hash__(self) -> int:
        return hash((self.shape, self.values))

    def __getitem__(self, cell: "int | tuple[int, int]") -> int:
        """The digit at a cell index, or at a 0-based (row, column); 0 when empty."""
        if isinstance(cell, tuple):
            row, col = cell
            return self.values[row * self.shape.side + col]
        return self.values[cell]

    def replace(self, changes: "dict[int, int]") -> "Grid":
        """A copy with some cells changed: {cell index: digit or 0}."""
        values = list(self.values)
        for cell, digit in changes.items():
            values[cell] = digit
        return Grid(values, self.shape)

    # -- facts ---------------------------------------------------------------------------------
    @property
    def givens(self) -> int:
        """How many cells hold a digit."""
        return sum(1 for v in self.values if v)

    def is_complete(self) -> bool:
        return 0 not in self.values

    def is_solved(self) -> bool:
        """Complete and breaking no rule."""
        return self.is_complete() and not self.conflicts()

    def conflicts(self) -> list[Conflict]:
        """Every unit in which a digit stands more than once, in unit order (rows, columns, boxes)."""
        found = []
        values = self.values
        name = self.shape.cell_name
        for unit in self.shape.units:
            seen: "dict[int, list[int]]" = {}
            order = []  # digits as they first appear (MicroPython's dicts keep no order)
            for i in unit.cells:
                v = values[i]
                if v:
                    if v not in seen:
                        seen[v] = []
                        order.append(v)
                    seen[v].append(i)
            for digit in order:
                cells = seen[digit]
                if len(cells) > 1:
                    both = "both" if len(cells) == 2 else "all"
                    found.append(Conflict(digit, str(unit), tuple(cells), f"{listing(name(i) for i in cells)} "
                                                                          f"are {both} {self._symbol(digit)} in {unit}"))
        return found

    def is_solution_of(self, puzzle: "Grid") -> bool:
        """True when this grid is solved and keeps every given of `puzzle`."""
        return (self.shape == puzzle.shape and self.is_solved()
                and all(p == 0 or p == v for p, v in zip(puzzle.values, self.values)))

    def _symbol(self, digit: int) -> str:
        symbols = self.shape.symbols
        return symbols[digit - 1] if symbols and self.shape.side > 9 else str(digit)

    # -- pictures for notebooks (Jupyter, and Pyodide's consoles) ------------------------------
    def _repr_svg_(self) -> str:
        return self.to_svg()

    def to_svg(self, cell_size: int = 28, givens: "Grid | None" = None) -> str:
        """An SVG drawing; digits not among `givens` (when given) are drawn in blue."""
        n, br, bc = self.shape.side, self.shape.box_rows, self.shape.box_cols
        size = n * cell_size
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size + 2}" height="{size + 2}" '
               f'viewBox="-1 -1 {size + 2} {size + 2}" font-family="sans-serif">',
               f'<rect x="0" y="0" width="{size}" height="{size}" fill="white" stroke="black" stroke-width="2"/>']
        for k in range(1, n):
            p = k * cell_size
            out.append(f'<line x1="{p}" y1="0" x2="{p}" y2="{size}" stroke="black" '
                       f'stroke-width="{2 if k % bc == 0 else 0.5}"/>')
            out.append(f'<line x1="0" y1="{p}" x2="{size}" y2="{p}" stroke="black" '
                       f'stroke-width="{2 if k % br == 0 else 0.5}"/>')
        font = cell_size * 0.6
        for i, v in enumerate(self.values):
            if v:
                x = (i % n + 0.5) * cell_size
                y = (i // n + 0.5) * cell_size + font * 0.35
                colour = "#1a5fb4" if givens is not None and givens.values[i] == 0 else "black"
                text = self._symbol(v) if n <= 35 else str(v)  # letters and digits: nothing to escape
                out.append(f'<text x="{x}" y="{y:.1f}" font-size="{font:.1f}" text-anchor="middle" '
                           f'fill="{colour}">{text}</text>')
        out.append("</svg>")
        return "".join(out)
