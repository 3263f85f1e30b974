"""Small helpers that turn cells and deductions into words (cells named r1c1)."""
from ..core.shape import ALPHABET
from ..core.wording import listing, sentence  # noqa: F401 - part of this module's vocabulary


def cell_name(cell: int, side: int) -> str:
    return f"r{cell // side + 1}c{cell % side + 1}"


_NAMES: dict = {}


def cell_names(side: int) -> "tuple[str, ...]":
    """`cell_name` of every cell of a grid of `side`, made once (a chain's sentence names dozens of cells, and on
    MicroPython each f-string costs microseconds)."""
    names = _NAMES.get(side)
    if names is None:
        names = _NAMES[side] = tuple(cell_name(i, side) for i in range(side * side))
    return names


_SYMBOLS: dict = {}


def digit_symbols(side: int) -> "tuple[str, ...]":
    """`sym` of every digit, by the digit (1..side; the first is unused)."""
    symbols = _SYMBOLS.get(side)
    if symbols is None:
        symbols = _SYMBOLS[side] = ("",) + tuple(sym(d, side) for d in range(1, side + 1))
    return symbols


def with_article(technique: str) -> str:
    """"an XY-Wing", "a Unique Rectangle"; plural names ("Locked Candidates", "Simple Colors", "Multi-Colors",
    "Innies & Outies") take none."""
    if technique.startswith(("Locked Candidates", "Simple Colors", "Multi-Colors", "Innies")):
        return technique
    return f"{'an' if technique[:1] in 'AEIOX' else 'a'} {technique}"


def cells_text(cells, side: int) -> str:
    return listing(cell_name(c, side) for c in sorted(cells))


def sym(digit: int, side: int) -> str:
    """How a digit (1..n) is written: 1-9, then A, B, ... past 9 (16x16 uses 1-9A-G), as the grid
    shows it; plain numbers past the one-character alphabet."""
    if side <= 9 or side > len(ALPHABET):
        return str(digit)
    return ALPHABET[digit - 1]


def digits_text(digits, side: int = 9) -> str:
    return listing(sym(d, side) for d in sorted(digits))


def digits_slash(digits, side: int = 9) -> str:
    return "/".join(sym(d, side) for d in sorted(digits))


def removals_text(eliminations, side: int) -> str:
    """"7 from r1c2 and r1c5, 3 from r2c2": grouped by digit."""
    by_digit: dict[int, list[int]] = {}
    for cell, digit in eliminations:
        by_digit.setdefault(digit, []).append(cell)
    parts = [f"{sym(d, side)} from {cells_text(cells, side)}" for d, cells in sorted(by_digit.items())]
    return listing(parts)
