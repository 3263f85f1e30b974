"""Which givens make a grid unsolvable: a small set of givens that cannot all be right together.

"No solution" alone leaves a setter searching a grid in which no two givens clash. Dropping the givens one
at a time, and keeping each drop after which the grid is still unsolvable, ends at a set in which every
given takes part in the contradiction: take any one of them away and the rest can be completed. Each test
is one search, bounded; a test that runs out of budget keeps its given (the set stays unsolvable, but is
then not proved minimal), and so does every given left when the overall time is up.
"""
from collections import namedtuple

from . import solver
from .compat import monotonic
from .grid import Grid

#: The longest one "is it still unsolvable?" test may run: past it the given is kept.
TEST_TIMEOUT = 0.5


class Culprits(namedtuple("Culprits", ("cells", "minimal"))):
    """Givens (`cells`: a tuple of cell indexes, row by row) that cannot all be right; `minimal` when every
    one was proved needed, i.e. removing any one of them leaves a grid with a solution."""

    __slots__ = ()


def culprits(grid: Grid, count: "Callable | None" = None, *, timeout: float = 2.0) -> Culprits:
    """The givens of an unsolvable `grid` that together admit no solution.

    `count(grid, limit, timeout=seconds)` counts solutions (the classic solver's `count_solutions` when
    None; a variant's caller passes one bound to its rules). Call it on a grid already known to have none;
    for a grid with a solution the answer is meaningless. `timeout` (seconds) bounds the whole run."""
    if count is None:
        count = solver.count_solutions
    deadline = monotonic() + timeout
    values = list(grid.values)
    kept: "list[int]" = []
    minimal = True
    for cell in [i for i, v in enumerate(values) if v]:
        left = deadline - monotonic()
        if left <= 0:
            kept.append(cell)
            minimal = False
            continue
        digit, values[cell] = values[cell], 0
        try:
            still_none = count(Grid(values, grid.shape), 1, timeout=min(left, TEST_TIMEOUT)) == 0
        except solver.SearchLimitExceeded:
            still_none, minimal = False, False
        if not still_none:
            values[cell] = digit
            kept.append(cell)
    return Culprits(tuple(kept), minimal)

