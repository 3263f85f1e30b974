"""Pencil marks: which digits each empty cell may still hold, given the filled cells."""
from __future__ import annotations

from ..grid import Grid
from .board import bits, start_candidates, tables


def candidates(grid: Grid) -> list[int]:
    """One candidate mask per cell (bit d-1 set when digit d is possible; 0 for a filled cell).
    Only the rule "no digit twice in a unit" is applied: no technique removes anything."""
    return start_candidates(tables(grid.shape), list(grid.values))


def candidate_lists(grid_or_masks, grid: "Grid | None" = None) -> list[list[int]]:
    """The same as lists of digits per cell (JSON-friendly): `candidate_lists(grid)` or
    `candidate_lists(masks)`."""
    masks = candidates(grid_or_masks) if isinstance(grid_or_masks, Grid) else grid_or_masks
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
