"""A solving position as a person has it: the digits on the grid plus the pencil marks they removed.

Written as two parts, the grid (any form `Grid.parse` reads) and the removed candidates, for example
`r1c2:57 r4c9:1` (digits 5 and 7 gone from r1c2, 1 from r4c9; past 9 the grid's symbols, A, B, ...).
The technique library (tests/data/techniques/) writes its cases this way, in the spirit of HoDoKu's
reglib lines (givens, deleted candidates, expected eliminations), and `next_step` or `Board` start from
`Position.masks()`: a hint from someone's own pencil marks.
"""
import re

from ..core.compat import TYPE_CHECKING, record
from ..core.formats import ParseError
from ..core.grid import Grid
from ..core.shape import ALPHABET
from .board import Board, bits, start_candidates, tables
from .phrases import cell_name, sym

if TYPE_CHECKING:
    from ..variants.rules import Rules

_TOKEN = re.compile(r"r(\d+)c(\d+)[:=]([0-9A-Za-z]+)$")  # matched against a whole token


def _tokens(text: str):
    """Each run of non-space characters of `text` with its column (from 1): MicroPython's `re` has no
    `finditer`."""
    start = None
    for k, ch in enumerate(text + " "):
        if ch.isspace():
            if start is not None:
                yield text[start:k], start + 1
                start = None
        elif start is None:
            start = k


def parse_marks(text: str, side: int) -> "tuple[tuple[int, int], ...]":
    """`r1c2:57 r4c9:1` (or `r1c2=5`) as sorted (cell, digit) pairs, digits 1..n. A malformed token, a cell
    off the grid or a digit past the side raises `ParseError` naming the token (its column in `text`)."""
    pairs = set()
    for token, where in _tokens(text):
        found = _TOKEN.match(token)
        if not found:
            raise ParseError(f"'{token}' is not a cell and its digits, like r1c2:57", column=where)
        row, col = int(found.group(1)), int(found.group(2))
        if not (1 <= row <= side and 1 <= col <= side):
            raise ParseError(f"'{token}': the grid has {side} rows and {side} columns", column=where)
        for ch in found.group(3).upper():
            digit = ALPHABET.find(ch) + 1 if side <= len(ALPHABET) else 0
            if not 1 <= digit <= side:
                raise ParseError(f"'{token}': {ch} is not a digit of a {side}x{side} grid", column=where)
            pairs.add(((row - 1) * side + col - 1, digit))
    return tuple(sorted(pairs))


def format_marks(pairs: "Iterable[tuple[int, int]]", side: int) -> str:
    """The inverse of `parse_marks`: one token per cell, cells and digits in order."""
    by_cell: dict[int, list[int]] = {}
    for cell, digit in sorted(pairs):
        by_cell.setdefault(cell, []).append(digit)
    return " ".join(f"{cell_name(c, side)}:{''.join(sym(d, side) for d in ds)}" for c, ds in sorted(by_cell.items()))


@record("grid removed givens", frozen=True)
class Position:
    """The digits on the grid (givens and placed alike) and the candidates removed from the plain
    pencil marks (a removed mark in a filled cell, or of a digit a peer holds, changes nothing).
    `givens`, when known: the puzzle as given (each of its digits stands in `grid`; the other digits of
    `grid` were placed), which Avoidable Rectangles need."""

    grid: Grid
    removed: "tuple[tuple[int, int], ...]" = ()
    givens: "Grid | None" = None

    @classmethod
    def parse(cls, grid_text: str, removed_text: str = "") -> "Position":
        grid = Grid.parse(grid_text)
        return cls(grid, parse_marks(removed_text, grid.shape.side))

    @classmethod
    def from_masks(cls, grid: Grid, masks: "list[int]", rules: "Rules | None" = None) -> "Position":
        """The position of `grid` with these candidate masks (bit d-1 for digit d)."""
        plain = start_candidates(tables(grid.shape, rules), list(grid.values))
        removed = [(i, d + 1) for i, (p, m) in enumerate(zip(plain, masks)) for d in bits(p & ~m)]
        return cls(grid, tuple(removed))

    def masks(self, rules: "Rules | None" = None) -> "list[int]":
        """One candidate mask per cell: the plain marks of the grid less the removed ones."""
        out = start_candidates(tables(self.grid.shape, rules), list(self.grid.values))
        for cell, digit in self.removed:
            out[cell] &= ~(1 << (digit - 1))
        return out

    def board(self, unique: bool = False, rules: "Rules | None" = None) -> Board:
        """A `Board` at this position (`unique`: the puzzle is known to have one solution, which lets
        the uniqueness techniques run)."""
        return Board.from_grid(self.grid, self.masks(rules), unique, rules, self.givens)

    def removed_text(self) -> str:
        """The removed candidates that change something, in `parse_marks` form."""
        plain = start_candidates(tables(self.grid.shape), list(self.grid.values))
        side = self.grid.shape.side
        return format_marks(((c, d) for c, d in self.removed if plain[c] >> (d - 1) & 1), side)
