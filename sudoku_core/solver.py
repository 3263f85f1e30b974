"""Exact solving for any box shape: digit bitboards, singles, locked candidates and guided search.

The state of a search is one bitboard per digit: bit i of `cand[d]` is set when digit d+1 may still
stand in cell i (a placed digit keeps its own bit, so every unit always holds each digit at least
once), and one more board, `cand[n]`, with a bit for every placed cell. Placing a digit is then a
handful of whole-board operations instead of a walk over 20 peers, and the state of a branch is
copied with `list(cand)`.

Propagation, cheapest first, repeated to a fixed point:
  * naked singles: cells with one candidate (found for all cells at once by counting boards),
  * hidden singles: a digit with one place in a unit,
  * locked candidates (pointing and claiming): a digit confined to one box-line intersection.
Then the search branches on the unsolved cell with the fewest candidates (minimum remaining values).
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Iterator

from .grid import Grid
from .shape import Shape


class SearchLimitExceeded(Exception):
    """The search gave up: the node budget or the deadline ran out before an answer was proved."""


@dataclass
class SearchStats:
    """Work done by searches: `nodes` counts states propagated, `guesses` the branches tried."""

    nodes: int = 0
    guesses: int = 0


class _Tables:
    """Per-shape bitboard tables the search needs, computed once per shape."""

    __slots__ = ("n", "all_cells", "peer_masks", "unit_masks", "line_masks", "box_masks", "cell_bits",
                 "row_of", "col_of", "box_of")

    def __init__(self, shape: Shape) -> None:
        self.n = shape.side
        self.all_cells = (1 << shape.cell_count) - 1
        self.peer_masks = shape.peer_masks
        self.unit_masks = shape.unit_masks
        self.cell_bits = tuple(1 << i for i in range(shape.cell_count))
        # For locked candidates: the units split by kind, and each cell's row, column and box.
        n = shape.side
        self.line_masks = shape.unit_masks[: 2 * n]
        self.box_masks = shape.unit_masks[2 * n:]
        self.row_of = tuple(shape.unit_masks[u[0]] for u in shape.cell_units)
        self.col_of = tuple(shape.unit_masks[u[1]] for u in shape.cell_units)
        self.box_of = tuple(shape.unit_masks[u[2]] for u in shape.cell_units)


_TABLES: dict[Shape, _Tables] = {}
_PAIRS_SCORED = 12  # two-candidate cells scored per branch: enough to find a good one, cheap on big grids


def _tables(shape: Shape) -> _Tables:
    t = _TABLES.get(shape)
    if t is None:
        t = _TABLES[shape] = _Tables(shape)
    return t


class _Search:
    """One search over one puzzle; `solutions()` yields solved candidate states in a fixed order."""

    def __init__(self, grid: Grid, max_nodes: "int | None", deadline: "float | None",
                 stats: "SearchStats | None") -> None:
        self.grid = grid
        self.t = _tables(grid.shape)
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.stats = stats if stats is not None else SearchStats()

    # -- placing --------------------------------------------------------------------------------
    def _place(self, cand: list[int], d: int, cells: int) -> bool:
        """Place digit d in every cell of the bitboard `cells`; False on a contradiction."""
        if cells & ~cand[d]:
            return False  # some cell lost d already (e.g. a hidden single for two digits)
        peer_masks = self.t.peer_masks
        seen = 0
        rest = cells
        while rest:
            low = rest & -rest
            peers = peer_masks[low.bit_length() - 1]
            if cells & peers:
                return False  # two of the cells see each other
            seen |= peers
            rest ^= low
        cand[d] &= ~seen
        keep = ~cells
        for e in range(self.t.n):
            if e != d:
                cand[e] &= keep
        cand[-1] |= cells
        return True

    def _start(self) -> "list[int] | None":
        """Candidate boards with the givens placed, or None when the givens clash."""
        t = self.t
        cand = [t.all_cells] * t.n + [0]
        by_digit = [0] * t.n
        for i, v in enumerate(self.grid.values):
            if v:
                by_digit[v - 1] |= t.cell_bits[i]
        for d, cells in enumerate(by_digit):
            if cells and not self._place(cand, d, cells):
                return None
        return cand

    # -- propagation ----------------------------------------------------------------------------
    def _propagate(self, cand: list[int]) -> int:
        """Apply singles and locked candidates to a fixed point. Returns the board of solved cells, or
        -1 on a contradiction."""
        t = self.t
        n = t.n
        all_cells = t.all_cells
        unit_masks = t.unit_masks
        place = self._place
        digits = range(n)
        while True:
            # Naked singles, all cells at once: count candidates per cell as "at least once/twice".
            while True:
                once = twice = 0
                for d in digits:
                    b = cand[d]
                    twice |= once & b
                    once |= b
                if once != all_cells:
                    return -1  # a cell with no candidate
                singles = once & ~twice & ~cand[n]
                if not singles:
                    break
                for d in digits:
                    s = cand[d] & singles
                    if s and not place(cand, d, s):
                        return -1
            solved = cand[n]
            if solved == all_cells:
                return solved
            # Hidden singles: a digit that fits in one cell of a unit.
            progress = False
            unsolved = ~solved
            for d in digits:
                c = cand[d]
                if not c & unsolved:
                    continue  # every copy of d is placed
                found = 0
                for um in unit_masks:
                    x = c & um
                    if not x & (x - 1):
                        if not x:
                            return -1  # d has no place left in this unit
                        found |= x
                found &= unsolved
                if found:
                    if not place(cand, d, found):
                        return -1
                    unsolved = ~cand[n]
                    progress = True
            if progress:
                continue
            # Locked candidates: a digit whose places in a unit all lie in one other unit (a box
            # within one line, or a line within one box) is taken out of the rest of that other unit.
            row_of, col_of, box_of = t.row_of, t.col_of, t.box_of
            for d in digits:
                c = cand[d]
                if not c & unsolved:
                    continue
                before = c
                for um in t.box_masks:
                    x = c & um & unsolved
                    if x & (x - 1):
                        i = (x & -x).bit_length() - 1
                        line = row_of[i]
                        if x & line == x or x & (line := col_of[i]) == x:
                            c &= ~line | um
                for um in t.line_masks:
                    x = c & um & unsolved
                    if x & (x - 1):
                        box = box_of[(x & -x).bit_length() - 1]
                        if x & box == x:
                            c &= ~box | um
                if c != before:
                    cand[d] = c
                    progress = True
            if not progress:
                return solved

    # -- search ---------------------------------------------------------------------------------
    def _choose(self, cand: list[int], solved: int) -> int:
        """The unsolved cell to branch on: fewest candidates first; among two-candidate cells, the one
        that sees the most unsolved cells (its choice settles the most), first in cell order on ties."""
        boards = cand[:-1]
        unsolved = ~solved
        once = twice = thrice = 0
        for b in boards:
            thrice |= twice & b
            twice |= once & b
            once |= b
        pairs = twice & ~thrice & unsolved
        if not pairs:
            return self._choose_wide(boards, unsolved)
        peer_masks = self.t.peer_masks
        best, best_score = -1, -1
        for _ in range(_PAIRS_SCORED):
            low = pairs & -pairs
            i = low.bit_length() - 1
            score = (peer_masks[i] & unsolved).bit_count()
            if score > best_score:
                best, best_score = i, score
            pairs ^= low
            if not pairs:
                break
        return best

    def _choose_wide(self, boards: list[int], unsolved: int) -> int:
        """The first unsolved cell with the fewest candidates, for when no cell has two. Counts are
        kept as binary numbers across bit planes (a ripple-carry adder on whole boards), so open
        grids of any size cost n * log2(n) board operations rather than a walk over every cell."""
        planes: list[int] = []
        for b in boards:
            carry = b
            for k, plane in enumerate(planes):
                planes[k] = plane ^ carry
                carry &= plane
                if not carry:
                    break
            if carry:
                planes.append(carry)
        fewest = unsolved & self.t.all_cells
        for plane in reversed(planes):  # most significant first: keep cells with a 0 where any has one
            if fewest & ~plane:
                fewest &= ~plane
        return (fewest & -fewest).bit_length() - 1

    def solutions(self) -> Iterator[list[int]]:
        cand = self._start()
        if cand is None:
            return
        stats = self.stats
        max_nodes = self.max_nodes
        deadline = self.deadline
        n = self.t.n
        place = self._place
        all_cells = self.t.all_cells
        cell_bits = self.t.cell_bits
        nodes = 0
        stack = [cand]
        try:
            while stack:
                cand = stack.pop()
                nodes += 1
                if max_nodes is not None and nodes > max_nodes:
                    raise SearchLimitExceeded(f"gave up after {max_nodes} search nodes")
                if deadline is not None and not nodes & 63 and time.monotonic() > deadline:
                    raise SearchLimitExceeded("gave up: the time limit ran out")
                solved = self._propagate(cand)
                if solved < 0:
                    continue
                if solved == all_cells:
                    yield cand
                    continue
                cell = self._choose(cand, solved)
                bit = cell_bits[cell]
                # Push children in reverse so digits are tried in increasing order.
                for d in range(n - 1, -1, -1):
                    if cand[d] & bit:
                        child = list(cand)
                        if place(child, d, bit):
                            stack.append(child)
                            stats.guesses += 1
        finally:
            stats.nodes += nodes

    def to_grid(self, cand: list[int]) -> Grid:
        values = [0] * self.grid.shape.cell_count
        for d, board in enumerate(cand[:-1]):
            while board:
                low = board & -board
                values[low.bit_length() - 1] = d + 1
                board ^= low
        return Grid(values, self.grid.shape)


# -- public API ---------------------------------------------------------------------------------
def _deadline(timeout: "float | None") -> "float | None":
    return None if timeout is None else time.monotonic() + timeout


def iter_solutions(grid: Grid, *, max_nodes: "int | None" = None, timeout: "float | None" = None,
                   stats: "SearchStats | None" = None) -> Iterator[Grid]:
    """Every solution of `grid`, in a fixed order (digits tried in increasing order). Clashing givens
    give none. Raises `SearchLimitExceeded` when `max_nodes` or `timeout` (seconds) runs out."""
    search = _Search(grid, max_nodes, _deadline(timeout), stats)
    for cand in search.solutions():
        yield search.to_grid(cand)


def solve(grid: Grid, *, max_nodes: "int | None" = None, timeout: "float | None" = None,
          stats: "SearchStats | None" = None) -> "Grid | None":
    """The first solution of `grid`, or None when it has none (clashing givens included).
    Raises `SearchLimitExceeded` when the budget runs out first."""
    return next(iter_solutions(grid, max_nodes=max_nodes, timeout=timeout, stats=stats), None)


def count_solutions(grid: Grid, limit: int = 2, *, max_nodes: "int | None" = None,
                    timeout: "float | None" = None, stats: "SearchStats | None" = None) -> int:
    """How many solutions `grid` has, counting no further than `limit` (so 2 means "at least two"
    with the default). Raises `SearchLimitExceeded` when the budget runs out first."""
    if limit < 1:
        raise ValueError("limit must be at least 1")
    count = 0
    for _ in _Search(grid, max_nodes, _deadline(timeout), stats).solutions():
        count += 1
        if count >= limit:
            break
    return count


def is_unique(grid: Grid, **budget: "int | float | None") -> bool:
    """True when `grid` has exactly one solution."""
    return count_solutions(grid, 2, **budget) == 1
