"""Pencil marks: which digits each empty cell may still hold, given the filled cells."""
from ..core.compat import TYPE_CHECKING
from ..core.grid import Grid
from .board import bits, start_candidates, tables

if TYPE_CHECKING:
    from ..variants.rules import Rules


def candidates(grid: Grid, rules: "Rules | None" = None) -> list[int]:
    """One candidate mask per cell (bit d-1 set when digit d is possible; 0 for a filled cell).
    Only the rule "no digit twice in a unit" is applied (with variant `rules`: no digit a peer holds,
    peers by every house, cage and chess move): no technique removes anything, cage totals included."""
    return start_candidates(tables(grid.shape, rules), list(grid.values))


def candidate_lists(grid_or_masks, rules: "Rules | None" = None) -> list[list[int]]:
    """The same as lists of digits per cell (JSON-friendly): `candidate_lists(grid)`,
    `candidate_lists(grid, rules)` or `candidate_lists(masks)`."""
    masks = candidates(grid_or_masks, rules) if isinstance(grid_or_masks, Grid) else grid_or_masks
    return [[d + 1 for d in bits(m)] for m in masks]


def to_masks(marks, n: int) -> list[int]:
    """Accept masks (ints) or iterables of digits per cell; return masks."""
    out = []
    for m in marks:
        if isinstance(m, int):
            out.append(m & ((1 << n) - 1))
        else:
            mask = 0
            for d in m:
                if 1 <= int(d) <= n:
                    mask |= 1 << (int(d) - 1)
            out.append(mask)
    return out
