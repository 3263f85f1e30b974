"""The exact solver under a puzzle's rules, for the logic's checks (uniqueness, the solution a hint is
checked against, a diagnosis): the classic solver without rules, the variant solver with them. The
variant solver is imported only when a grid comes with variant rules, so classic use loads nothing more.
"""
from ..core import solver
from ..core.compat import TYPE_CHECKING
from ..core.grid import Conflict, Grid

if TYPE_CHECKING:
    from ..variants.rules import Rules


def variant(rules: "Rules | None") -> "Rules | None":
    """The rules when they ask more than classic Sudoku, else None."""
    return None if rules is None or rules.is_classic else rules


def conflicts(grid: Grid, rules: "Rules | None") -> "list[Conflict]":
    rules = variant(rules)
    return grid.conflicts() if rules is None else rules.conflicts(grid)


def count_solutions(grid: Grid, rules: "Rules | None", limit: int, **budget) -> int:
    rules = variant(rules)
    if rules is None:
        return solver.count_solutions(grid, limit, **budget)
    from ..variants import solver as variant_solver

    return variant_solver.count_solutions(grid, rules, limit, **budget)


def solve(grid: Grid, rules: "Rules | None", **budget) -> "Grid | None":
    rules = variant(rules)
    if rules is None:
        return solver.solve(grid, **budget)
    from ..variants import solver as variant_solver

    return variant_solver.solve(grid, rules, **budget)


def solve_and_count(grid: Grid, rules: "Rules | None", limit: int, **budget) -> tuple:
    rules = variant(rules)
    if rules is None:
        return solver.solve_and_count(grid, limit, **budget)
    from ..variants import solver as variant_solver

    return variant_solver.solve_and_count(grid, rules, limit, **budget)


def iter_solutions(grid: Grid, rules: "Rules | None", **budget) -> "Iterator[Grid]":
    rules = variant(rules)
    if rules is None:
        return solver.iter_solutions(grid, **budget)
    from ..variants import solver as variant_solver

    return variant_solver.iter_solutions(grid, rules, **budget)
