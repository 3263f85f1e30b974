"""Writing a grid in the classic forms (`formats` documents them), and the links that open a 9x9 puzzle in
other programs. A writer reads only a grid's `values`, `shape` and `to_line()`."""
from .compat import rjust
from .shape import Shape

#: Names `format_grid` accepts.
FORMATS = ("line", "block", "sdk", "ss")


# -- writers ----------------------------------------------------------------------------------------
def _cell_texts(grid: "Grid") -> "tuple[list[str], int]":
    """Each cell as text (default alphabet, '.' for empty; numbers past 35) and the cell width."""
    n = grid.shape.side
    if grid.shape.symbols:
        table = "." + grid.shape.symbols
        return [table[v] for v in grid.values], 1
    width = len(str(n))
    return [rjust(str(v), width) if v else rjust(".", width) for v in grid.values], width


def format_line(grid: "Grid") -> str:
    """One line, row by row (``Grid.to_line``): '.' for empty; numbers separated by spaces past 35."""
    return grid.to_line()


def format_block(grid: "Grid") -> str:
    """Rows with spaces between cells, ``|`` between boxes and ``+-----+`` lines between bands::

        +-------+-------+-------+
        | 4 . . | . . . | 8 . 5 |
    """
    shape = grid.shape
    n, br, bc = shape.side, shape.box_rows, shape.box_cols
    cells, width = _cell_texts(grid)
    rule = "+" + "+".join(["-" * (bc * (width + 1) + 1)] * (n // bc)) + "+"
    lines = [rule]
    for r in range(n):
        row = cells[r * n:(r + 1) * n]
        boxes = (" ".join(row[b:b + bc]) for b in range(0, n, bc))
        lines.append("| " + " | ".join(boxes) + " |")
        if (r + 1) % br == 0:
            lines.append(rule)
    return "\n".join(lines)


def format_sdk(grid: "Grid", headers: "Mapping[str, str] | Iterable[tuple[str, str]] | None" = None) -> str:
    """SadMan Sudoku ``.sdk``: optional ``#X value`` header lines (e.g. ``{"D": "a description"}``, or pairs
    such as ``[("D", "a description")]``, whose order MicroPython keeps too), then one row a line, '.' for
    empty (numbers separated by spaces past 35x35)."""
    n = grid.shape.side
    cells, _ = _cell_texts(grid)
    sep = "" if grid.shape.symbols else " "
    pairs = headers.items() if hasattr(headers, "items") else headers or ()
    lines = [f"#{key} {value}".rstrip() for key, value in pairs
             if "\n" not in f"{key}{value}" and "\r" not in f"{key}{value}"]
    lines += [sep.join(c.strip() for c in cells[r * n:(r + 1) * n]) for r in range(n)]
    return "\n".join(lines)


def format_ss(grid: "Grid") -> str:
    """Simple Sudoku ``.ss``: ``*-----------*`` top and bottom, ``|`` between boxes and
    ``|---+---+---|`` between bands (cells separated by spaces past 35x35)."""
    shape = grid.shape
    n, br, bc = shape.side, shape.box_rows, shape.box_cols
    cells, width = _cell_texts(grid)
    sep = "" if shape.symbols else " "
    box_width = bc * width + (bc - 1) * len(sep)
    inner = "+".join(["-" * box_width] * (n // bc))
    ends = "|" if "+" in inner else "+"  # a line of only '-' and '|' could be a row of empty cells
    lines = ["*" + "-" * len(inner) + "*"]
    for r in range(n):
        row = cells[r * n:(r + 1) * n]
        lines.append("|" + "|".join(sep.join(row[b:b + bc]) for b in range(0, n, bc)) + "|")
        if (r + 1) % br == 0 and r + 1 < n:
            lines.append(ends + inner + ends)
    lines.append(lines[0])
    return "\n".join(lines)


def format_grid(grid: "Grid", fmt: str = "line") -> str:
    """Write `grid` in one of `FORMATS`: "line", "block", "sdk" or "ss"."""
    writers = {"line": format_line, "block": format_block, "sdk": format_sdk, "ss": format_ss}
    try:
        writer = writers[fmt]
    except (KeyError, TypeError):
        raise ValueError(f"unknown format {fmt!r}: choose one of {', '.join(FORMATS)}") from None
    return writer(grid)


# -- other programs' forms ----------------------------------------------------------------------------
#: Addresses of two online solvers. A link only builds an address: nothing is sent unless a person
#: follows it. SudokuWiki's reads 81 digits or the 162-character string after `bd=` (the example on
#: https://www.sudokuwiki.org/Sudoku_String_Definitions); sudoku.coach's reads 81 digits, 0 for empty.
SUDOKUWIKI_SOLVER = "https://www.sudokuwiki.org/sudoku.htm?bd="
SUDOKU_COACH_SOLVER = "https://sudoku.coach/en/solver/"
_BASE32 = "0123456789abcdefghijklmnopqrstuv"


def sudokuwiki_string(givens: "Sequence[int]", entries: "Sequence[int]" = (),
                      marks: "Sequence[Sequence[int]]" = ()) -> str:
    """SudokuWiki's 162-character form of a 9x9 position, as defined at
    https://www.sudokuwiki.org/Sudoku_String_Definitions: for each cell, row by row, a bit set of digits
    (digit d is 2**(d-1)) holding the cell's value or its candidates, shifted left by one with the low
    bit set for a clue (a given), written as two base-32 digits (0-9 then a-v, left-padded with 0).

    `givens` and `entries` (the person's digits; none by default) are 81 cell values, 0 for empty. An
    empty cell carries its `marks` (the person's candidates) when it has some, else every digit no
    placed peer rules out."""
    if len(givens) != 81:
        raise ValueError(f"SudokuWiki's string is for 9x9 grids, not {len(givens)} cells")
    entries = entries or [0] * 81
    marks = marks or [()] * 81
    peers = Shape.for_side(9).peers
    placed = [g or e for g, e in zip(givens, entries)]
    out = []
    for i in range(81):
        if placed[i]:
            bits = 1 << (placed[i] - 1)
        elif marks[i]:
            bits = sum(1 << (d - 1) for d in set(marks[i]))
        else:
            seen = {placed[j] for j in peers[i]}
            bits = sum(1 << (d - 1) for d in range(1, 10) if d not in seen)
        n = (bits << 1) | (1 if givens[i] else 0)
        out.append(_BASE32[n >> 5] + _BASE32[n & 31])
    return "".join(out)


def solver_links(puzzle: "Grid", position: "str | None" = None) -> "dict[str, str]":
    """{"sudokuwiki": address, "sudokucoach": address}: the two online solvers opened on a 9x9 puzzle.
    SudokuWiki's shows `position` (a `sudokuwiki_string`, e.g. with the person's progress and marks)
    when given, else the puzzle's givens."""
    if puzzle.shape.side != 9:
        raise ValueError(f"the online solvers read 9x9 grids, not {puzzle.shape.name}")
    return {"sudokuwiki": SUDOKUWIKI_SOLVER + (position or sudokuwiki_string(puzzle.values)),
            "sudokucoach": SUDOKU_COACH_SOLVER + "".join(str(v) for v in puzzle.values)}
