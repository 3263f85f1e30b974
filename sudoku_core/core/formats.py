"""Reading and writing puzzles: one-line strings, blocks, .sdk/.sdm/.ss files, library lines, numbers.

Accepted input (`parse_grid` reads one puzzle, `parse_puzzles` a file of many):

* **One line**, row by row: ``4.....8.5.3...`` (81 characters for 9x9). An empty cell is any of
  ``. 0 - x * _``. Spaces and ``|`` between cells are ignored, so ``4.. ...|8.5`` works too.
* **Blocks**: one row a line, with or without ``|`` between boxes, with separator lines made of
  ``- = + * |`` (``+-------+-------+``, ``---+---+---``, Simple Sudoku's ``*-----------*``).
  A line of nothing but ``-`` (or ``*``, ``_``) is a row of empty cells when it is as wide as the
  other rows, and a separator otherwise. Blank lines are ignored.
* **Comments**: ``#`` starts a comment that runs to the end of the line; this covers the headers
  of SadMan's ``.sdk`` files (``#A`` author, ``#D`` description, ``#S`` source, ``#L`` level...).
  Section lines such as ``[Puzzle]`` are skipped; the lines of any other section (``[State]``) are
  ignored until the next ``[Puzzle]``.
* **Library lines** (HoDoKu): ``:0000:x:<puzzle>:<more fields>``, the puzzle being the fourth
  ``:``-separated field; a ``+`` in it (HoDoKu's mark for a placed digit) is ignored.
* **Files of many puzzles** (``.sdm``: one puzzle per line; or blocks separated by blank lines,
  comments or headers): see `parse_puzzles`.
* **Symbols past 9**: the default alphabet is ``1``-``9`` then ``A``-``Z`` (16x16 uses 1-9A-G, 25x25
  1-9A-P); lower case is accepted. ``x`` marks an empty cell unless ``X`` is a digit (sides 33-35).
  A 16x16 grid may instead use ``0``-``9A``-``F`` (``0`` = 1 ... ``F`` = 16). The ambiguity is settled
  like this: if a ``G`` appears, the alphabet is 1-9A-G and ``0`` is an empty cell; otherwise, if a ``0``
  appears and either another empty mark (``. - x * _``) appears too, or there are at most 16 ``0``
  (a complete or nearly complete grid), the alphabet is 0-9A-F; otherwise ``0`` is an empty cell.
* **Whitespace-separated numbers**, any size (needed past 35x35): ``0 0 3 | 0 2 0 ...`` with ``0``
  or ``.`` (or any empty mark) for an empty cell. Numbers are chosen over characters when a number of
  two or more digits appears and most items are single characters (``4 . 10 ...``), or when only the
  numbers reading gives a grid (``10 11 12 ...``); ``12 34`` with no single items is read as characters.

Shape: given explicitly (``shape=`` a `Shape` or a string like ``"9x9"``, ``"2x3"``, ``"6x6:3x2"``), or
inferred from the number of cells (a square of side 4 or more; a side that factors two ways gets boxes
wider than tall, 6 -> 2x3). When ``|`` and separator lines show the boxes (as `format_block` and
`format_ss` write them), the box shape is taken from them, so ``6x6:3x2`` grids round-trip.

Errors raise `ParseError` (a `ValueError`) with ``.line`` and ``.column`` (1-based, None when they do
not apply) and ``.reason``: ``line 3, column 7: 'Z' is not a digit for a 9x9 grid``; ``expected 81
cells, found 80``; ``line 2, column 5: 10 is out of range for a 9x9 grid``. No other exception escapes
for any text.

Writers: `format_line` (``Grid.to_line``), `format_block` (``+---+`` separators), `format_sdk`,
`format_ss`, and `format_grid(grid, fmt)`. Each round-trips: ``parse_grid(format_x(g), g.shape) == g``,
and without ``shape`` for the block and ``.ss`` forms (their separators carry the box shape).
Output always uses the default alphabet; sides past 35 are written as numbers.

For other programs: `sudokuwiki_string` writes a 9x9 position (the person's digits and pencil marks
too) in SudokuWiki's 162-character form, and `solver_links` the addresses that open a 9x9 puzzle in
SudokuWiki's and sudoku.coach's online solvers.
"""
from .grid import Grid
from .reading import ParseError, read_grid, read_puzzles
from .shape import Shape
from .writing import (FORMATS, format_block, format_grid, format_line, format_sdk, format_ss, solver_links,
                      sudokuwiki_string)

__all__ = [
    "FORMATS", "ParseError", "format_block", "format_grid", "format_line", "format_sdk", "format_ss",
    "parse_grid", "parse_puzzles", "solver_links", "sudokuwiki_string",
]


def parse_grid(text: str, shape: "Shape | str | None" = None) -> Grid:
    """Read one puzzle in any supported format (see the module docstring); raises `ParseError`."""
    return Grid.parse(text, shape)


def parse_puzzles(source: "str | Iterable[str]", shape: "Shape | str | None" = None
                  ) -> "Iterator[tuple[int, Grid | ParseError]]":
    """Read a file of puzzles lazily: yields ``(line_number, Grid or ParseError)`` per puzzle, in order.

    `source` is the text, or any iterable of lines (an open file), read one line at a time.
    How lines make puzzles:

    * a line that holds a whole puzzle (more cells than a row can have: 81 characters, say, or
      exactly the cells of the given `shape`) is one puzzle (``.sdm`` files, lists of one-liners);
    * a library line (``:0000:x:...``) is one puzzle;
    * other lines gather into a block: rows and separator lines, until the block has as many rows
      as its first row has cells (or ``shape.side`` rows), or until a blank line, a comment or
      header (``#...``), or a section line ends it. Separator lines right after a full block
      still belong to it. So ``.sdk``/``.ss`` files, and blocks one after another, with or without
      blank lines or headers between them, are read;
    * a block that ends before it is full is one bad puzzle, unless each of its lines is a whole
      puzzle by itself (a run of short one-liners, e.g. 4x4 puzzles of 16 characters), in which
      case each line is one puzzle. A run of 16 such 4x4 lines reads as one 16x16 block: give
      ``shape="4x4"`` for files of 4x4 puzzles.

    The line number is that of the puzzle's first row (a bad puzzle's `ParseError` also carries
    the line of the fault itself when there is one). With no `shape`, each puzzle's shape is inferred on its own; a count error
    names the cell count of the previous good puzzle (``expected 81 cells, found 80``).
    """
    for no, read in read_puzzles(source, shape):
        yield no, read if isinstance(read, ParseError) else Grid(read.values, read.shape)
