"""sudoku_core: a pure-Python Sudoku engine for any box shape (4x4 to 64x64 and past).

    >>> from sudoku_core import Grid, solve, count_solutions
    >>> grid = Grid.parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    >>> count_solutions(grid, limit=2)
    1
    >>> solve(grid).to_line()[:9]
    '417369825'
"""
import sys

from .core.formats import ParseError
from .core.grid import Conflict, Grid
from .core.shape import Shape
from .core.solver import (
    SearchLimitExceeded,
    SearchStats,
    Tally,
    count_solutions,
    is_unique,
    iter_solutions,
    solve,
    solve_and_count,
)
from .core.verdict import Verdict

__version__ = "0.1.0"

# MicroPython (the page's first runtime) carries only the portable core (`compat.PORTABLE`); elsewhere the
# package is whole.
if sys.implementation.name != "micropython":
    from .generator.classic import generate

__all__ = [
    "Conflict", "Grid", "ParseError", "SearchLimitExceeded", "SearchStats", "Shape", "Tally", "Verdict",
    "count_solutions", "generate", "is_unique", "iter_solutions", "solve", "solve_and_count", "__version__",
]
