"""Solving many puzzles at once with numpy: ``solve_many`` and ``count_many``.

    >>> from sudoku_core.bank.batch import solve_many, count_many
    >>> solve_many(["4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"],
    ...            strings=True)[0][:9]
    '417369825'

numpy is an optional extra (``pip install "sudoku-core[batch]"``); nothing else in the package imports it,
so the pure-Python engine keeps running where numpy does not (Pyodide as we ship it).

How it works (see docs/batch.md). A chunk of B puzzles of side n is one array of candidate bitmasks, bit
d-1 for digit d (uint16 up to 16x16, uint32 up to 32x32, uint64 up to 64x64; larger grids go to the
scalar engine whole), laid out (row, column, puzzle) so that every numpy call runs along long contiguous
rows of puzzles. The units are not index lists but strided views of that array, the same for every
shape: rows and columns are its first two axes, and boxes appear when it is seen as (bands, rows in a
band, stacks, columns in a stack, puzzle). One round of propagation, for the whole chunk in a fixed
number of numpy calls, is

  * naked singles: the digits of the solved cells (one-bit masks) OR-ed over each unit, and taken out
    of every unsolved cell of the unit;
  * hidden singles: per unit, the digits seen "at least once" and "at least twice" (folding the unit's
    cells one by one), so ``once & ~twice`` are the digits with one place; a cell holding such a digit
    becomes it. A digit with no place (``once != all``) or a cell with no candidate is a contradiction.

Rounds repeat until nothing changes; puzzles that settle (solved, or proved to have no solution) leave
the working set as they go. Propagation only removes candidates no solution can use, so a puzzle it
solves has exactly that solution, and one it refutes has none.

9x9 puzzles still open are searched as a batch (`split_search`: split on a minimum-remaining-values
cell, all children propagated together) until each has 0, 1 or 2 solutions; measured against handing
them straight to the scalar engine, this was faster on every hard set. A unique puzzle's solution is
everyone's first solution; puzzles with several solutions (whose first depends on the search order),
too-wide searches, larger grids and any run with a budget go to the scalar engine (`sudoku_core.core.solver`)
with their original givens. So every answer is the scalar engine's own.
"""
from __future__ import annotations

try:
    import numpy as np
except ImportError as _missing:  # pragma: no cover - exercised by a test that hides numpy
    raise ImportError(
        'sudoku_core.bank.batch needs numpy, an optional extra: pip install "sudoku-core[batch]"'
    ) from _missing

import time
from functools import lru_cache
from typing import NamedTuple, Sequence

from ..core.formats import ParseError, parse_grid
from ..core.grid import Grid
from ..core.shape import ALPHABET, Shape
from ..core.solver import solve_and_count

__all__ = [
    "CHUNK", "GAVE_UP", "ChunkResult", "count_many", "propagate", "run_chunk", "solve_many", "split_search",
    "to_array", "to_strings",
]

#: Puzzles propagated together: big enough that numpy's per-call cost vanishes, small enough to stay in cache.
CHUNK = 4096

#: The count reported for a puzzle whose scalar search ran out of `max_nodes` or `timeout`.
GAVE_UP = -1

#: Largest side the vectorised path handles (one uint64 bitmask per cell); larger grids go to the scalar engine.
MAX_BATCH_SIDE = 64

# Outcomes of propagation, per puzzle.
OPEN, SOLVED, DEAD = 0, 1, 2


class _Layout:
    """What the vectorised engine needs to know about one shape, computed once."""

    def __init__(self, shape: Shape) -> None:
        n, r, c = shape.side, shape.box_rows, shape.box_cols
        self.shape, self.n, self.r, self.c = shape, n, r, c
        self.dtype = np.dtype(np.uint16 if n <= 16 else np.uint32 if n <= 32 else np.uint64)
        self.full = self.dtype.type((1 << n) - 1)
        bits = (np.ones(1, self.dtype) << np.arange(n, dtype=self.dtype)).astype(self.dtype)
        self.bits0 = np.concatenate([np.zeros(1, self.dtype), bits])  # digit 0..n -> its mask (0 -> 0)


@lru_cache(maxsize=None)
def _layout(shape: Shape) -> _Layout:
    return _Layout(shape)


# -- propagation ------------------------------------------------------------------------------------
def _fold(cells: "Sequence[np.ndarray]") -> "tuple[np.ndarray, np.ndarray]":
    """(digits seen at least once, at least twice) over the cells of a unit, for all units of a kind."""
    once = cells[0].copy()
    twice = np.zeros_like(once)
    for x in cells[1:]:
        twice |= once & x
        once |= x
    return once, twice


def _round(c: np.ndarray, lay: _Layout) -> "tuple[np.ndarray, np.ndarray, np.ndarray]":
    """One round of naked then hidden singles on the candidates `c`, laid out (n, n, A): row, column,
    puzzle, so every numpy call runs down long contiguous rows of puzzles. Returns the new candidates and
    two per-puzzle flags: a contradiction showed; every cell of `c` had at most one candidate."""
    n, r, cc, A = lay.n, lay.r, lay.c, c.shape[2]
    bands, stacks = n // r, n // cc
    or_ = np.bitwise_or
    # Naked singles: each unit's solved digits, taken out of its unsolved cells.
    # (np.where is avoided: multiplying by a boolean array is an order of magnitude faster here.)
    single = (c & (c - 1)) == 0
    solved = c * single
    seen = or_.reduce(solved, axis=1)[:, None, :] | or_.reduce(solved, axis=0)[None, :, :]
    boxes = or_.reduce(or_.reduce(solved.reshape(bands, r, stacks, cc, A), axis=3), axis=1)
    seen = seen.reshape(bands, r, stacks, cc, A)
    seen |= boxes[:, None, :, None, :]
    new = c & (~seen.reshape(n, n, A) | solved)  # a solved cell keeps its digit
    # Hidden singles: digits with exactly one place in a unit; the cell holding one becomes it.
    box_view = new.reshape(bands, r, stacks, cc, A)
    units = (
        _fold([new[:, k] for k in range(n)]),                                           # rows    (n, A)
        _fold([new[k] for k in range(n)]),                                              # columns (n, A)
        _fold([box_view[:, i, :, j] for i in range(r) for j in range(cc)]),             # boxes   (bands, stacks, A)
    )
    full = lay.full
    dead = np.zeros(A, bool)
    for once, _ in units:
        dead |= (once != full).reshape(-1, A).any(axis=0)  # a digit with no place left in a unit
    (ro, rt), (co, ct), (bo, bt) = units
    lone = ((ro & ~rt)[:, None, :] | (co & ~ct)[None, :, :]).reshape(bands, r, stacks, cc, A)
    lone |= (bo & ~bt)[:, None, :, None, :]
    hidden = new & lone.reshape(n, n, A)
    # (A cell holding two lone digits keeps both and stays open: the search refutes it.)
    new = hidden | new * (hidden == 0)
    dead |= (new == 0).reshape(-1, A).any(axis=0)  # a cell with no candidate
    return new, dead, single.reshape(-1, A).all(axis=0)


def propagate(cand: np.ndarray, shape: Shape) -> np.ndarray:
    """Apply naked and hidden singles to the (B, n*n) candidate masks `cand` in place, to a fixed point.
    Returns the outcome of each puzzle: SOLVED (1), DEAD (2, no solution) or OPEN (0, search needed)."""
    lay = _layout(shape)
    B, n = len(cand), lay.n
    outcome = np.zeros(B, np.int8)
    active = np.arange(B)
    work = np.ascontiguousarray(cand.T).reshape(n, n, B)
    while len(active):
        A = len(active)
        new, dead, all_single = _round(work, lay)
        changed = (new != work).reshape(-1, A).any(axis=0)
        # A puzzle whose cells were all single when the round began, and that showed no contradiction,
        # is solved (the hidden-singles check found every digit once in every unit).
        done_solved = all_single & ~dead
        settled = dead | done_solved | ~changed
        if settled.any():
            idx = active[settled]
            outcome[idx] = np.where(dead[settled], DEAD, np.where(done_solved[settled], SOLVED, OPEN))
            cand[idx] = new.compress(settled, axis=2).reshape(n * n, len(idx)).T
            keep = ~settled
            active, work = active[keep], new.compress(keep, axis=2)
        else:
            work = new
    return outcome


#: An open puzzle whose search frontier grows past this many nodes is left to the scalar engine.
SPLIT_FRONTIER = 2048
#: The batch search pays on 9x9 (measured: 1.7-5x the scalar engine on 17-clue and the hardest sets);
#: on 16x16 its frontiers grow wide and the scalar engine (with locked candidates) is 4x faster.
SPLIT_MAX_SIDE = 9


def _lowest_bits(masks: np.ndarray, counts: np.ndarray) -> "tuple[np.ndarray, np.ndarray]":
    """For masks with counts[i] bits each: (index of the mask, its j-th lowest bit) for every bit, the
    bits of one mask in increasing order (so children come in the scalar engine's digit order)."""
    rep = np.repeat(np.arange(len(masks)), counts)
    pos = np.arange(len(rep)) - np.repeat(np.cumsum(counts) - counts, counts)
    left = masks[rep]
    bit = np.zeros_like(left)
    for j in range(int(counts.max(initial=0))):
        low = left & (~left + left.dtype.type(1))  # the lowest set bit (two's complement)
        bit = np.where(pos == j, low, bit)
        left = left & ~low
    return rep, bit


def split_search(cand: np.ndarray, shape: Shape, limit: int = 2
                 ) -> "tuple[np.ndarray, np.ndarray, np.ndarray]":
    """Search the (B, n*n) propagated candidates of open puzzles as one batch, breadth first: every
    node is split on its first cell with the fewest candidates (minimum remaining values), one child
    per digit, and all children are propagated together. Returns (counts up to `limit`, a solution per
    puzzle that has one, a flag per puzzle left undecided because its frontier grew past
    SPLIT_FRONTIER). A puzzle with count 1 is unique, so its solution is everyone's first; the first of
    several depends on the search order, which is the scalar engine's business."""
    B, cells = cand.shape
    counts = np.zeros(B, np.int64)
    found = np.zeros_like(cand)
    undecided = np.zeros(B, bool)
    nodes, owners = cand, np.arange(B)
    rows = np.arange(len(nodes))
    while len(nodes):
        width = np.bitwise_count(nodes)
        width[width == 1] = 255
        cell = np.argmin(width, axis=1)
        masks = nodes[np.arange(len(nodes)), cell]
        parent, bit = _lowest_bits(masks, np.bitwise_count(masks).astype(np.intp))
        children = nodes[parent]
        rows = np.arange(len(children))
        children[rows, cell[parent]] = bit
        owner = owners[parent]
        outcome = propagate(children, shape)
        solved = outcome == SOLVED
        if solved.any():
            np.add.at(counts, owner[solved], 1)
            found[owner[solved]] = children[solved]
        keep = (outcome == OPEN) & (counts[owner] < limit)
        owner = owner[keep]
        crowded = np.bincount(owner, minlength=B) > SPLIT_FRONTIER
        if crowded.any():
            undecided |= crowded
            keep2 = ~crowded[owner]
            nodes, owners = children[keep][keep2], owner[keep2]
        else:
            nodes, owners = children[keep], owner
    return np.minimum(counts, limit), found, undecided


# -- input and output -------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def _char_table(side: int) -> np.ndarray:
    """byte -> digit for the simple one-line form (`.` or `0` for empty, 1-9 then A-Z, any case); 255 else."""
    table = np.full(256, 255, np.uint8)
    table[ord(".")] = 0
    if side <= 9 or side > 16:
        table[ord("0")] = 0
    for d, ch in enumerate(ALPHABET[:side], 1):
        table[ord(ch)] = d
        table[ord(ch.lower())] = d
    return table


def to_array(puzzles: "Sequence[str] | np.ndarray", shape: "Shape | str | None" = None
             ) -> "tuple[np.ndarray, Shape]":
    """The puzzles as an (N, n*n) array of digits (0 for empty) and their shape.

    Strings in the simple one-line form (n*n characters, `.` or `0` for empty) are read in one numpy call;
    any other string goes through `sudoku_core.core.formats.parse_grid`, which raises `ParseError` (its message
    then starts with ``puzzle K:``, 1-based). All puzzles must have one shape."""
    if isinstance(puzzles, np.ndarray):
        values = np.asarray(puzzles)
        if values.ndim != 2:
            raise ValueError(f"expected an (N, n*n) array of digits, got shape {values.shape}")
        found = Shape.parse(shape) if shape is not None else Shape.for_cell_count(values.shape[1])
        if found is None or found.cell_count != values.shape[1]:
            raise ValueError(f"{values.shape[1]} cells per puzzle do not make a grid"
                             + (f" of shape {found.name}" if found is not None else ""))
        if values.size and (values.min() < 0 or values.max() > found.side):
            raise ValueError(f"digits must be 0..{found.side} for a {found.name} grid")
        return values.astype(np.uint8 if found.side < 256 else np.uint16), found
    puzzles = list(puzzles)
    fixed = Shape.parse(shape) if shape is not None else None
    if not puzzles:
        s = fixed or Shape.for_side(9)
        return np.zeros((0, s.cell_count), np.uint8), s
    first = fixed or _shape_of(puzzles[0], 1, None)
    cells = first.cell_count
    out = np.zeros((len(puzzles), cells), np.uint8 if first.side < 256 else np.uint16)
    simple = [i for i, p in enumerate(puzzles) if len(p) == cells and p.isascii()]
    if simple and first.side <= 35:
        raw = np.frombuffer("".join(puzzles[i] for i in simple).encode("ascii"), np.uint8)
        digits = _char_table(first.side)[raw].reshape(len(simple), cells)
        ok = (digits != 255).all(axis=1)
        if first.side == 16:  # '0' may be a digit (0-9A-F) there: leave those to the parser
            ok &= ~(raw.reshape(len(simple), cells) == ord("0")).any(axis=1)
        rows = np.asarray(simple)[ok]
        out[rows] = digits[ok]
        fast = set(rows.tolist())
    else:
        fast = set()
    for i, p in enumerate(puzzles):
        if i in fast:
            continue
        grid = _grid(p, i + 1, first)
        out[i] = grid.values
    return out, first


def from_bytes(cells: bytes, shape: Shape) -> np.ndarray:
    """Puzzles stored one byte a cell, back to back (the bulk pipeline's form), as an (N, n*n) array."""
    return np.frombuffer(cells, np.uint8).reshape(-1, shape.cell_count)


def _shape_of(text: str, number: int, shape: "Shape | None") -> Shape:
    return _grid(text, number, shape).shape


def _grid(text: str, number: int, shape: "Shape | None") -> Grid:
    try:
        grid = parse_grid(text, shape)
    except ParseError as err:
        raise ParseError(f"puzzle {number}: {err.reason}", err.line, err.column) from None
    if shape is not None and grid.shape != shape:
        raise ParseError(f"puzzle {number}: a {grid.shape.name} grid among {shape.name} puzzles")
    return grid


def to_strings(solutions: np.ndarray, shape: "Shape | str | None" = None, empty: str = ".") -> "list[str]":
    """Rows of digits as one-line strings (`Grid.to_line`'s form); a row of zeros (no solution) is ''."""
    solutions = np.asarray(solutions)
    found = Shape.parse(shape) if shape is not None else Shape.for_cell_count(solutions.shape[1])
    if found is None:
        raise ValueError(f"{solutions.shape[1]} cells per puzzle do not make a grid")
    if not found.symbols:
        return [" ".join(map(str, row)) if row.any() else "" for row in solutions.tolist()]
    table = np.frombuffer((empty + found.symbols).encode("ascii"), np.uint8)
    cells = found.cell_count
    text = table[solutions].tobytes().decode("ascii")
    blank = ~solutions.any(axis=1)
    return ["" if blank[k] else text[k * cells:(k + 1) * cells] for k in range(len(solutions))]


# -- solving ----------------------------------------------------------------------------------------
class ChunkResult(NamedTuple):
    """What `run_chunk` found for a chunk of B puzzles, in order."""

    counts: np.ndarray     # (B,) solutions counted up to the limit; GAVE_UP (-1) when the budget ran out
    solutions: np.ndarray  # (B, n*n) the first solution in the scalar engine's order; zeros when none
    seconds: np.ndarray    # (B,) time spent (a puzzle settled by propagation: an equal share of that step)
    notes: "dict[int, str]"  # index -> why the search gave up
    done: int              # puzzles [0, done) are answered: B, unless interrupted (see `run_chunk`)
    searched: int = 0      # open puzzles given to the batch search
    several: int = 0       # of those, found to have several solutions


def run_chunk(values: np.ndarray, shape: Shape, limit: int = 1, *, max_nodes: "int | None" = None,
              timeout: "float | None" = None, engine: str = "batch", interruptible: bool = False,
              want_solutions: bool = True, search: bool = True) -> ChunkResult:
    """Solve and count one chunk of puzzles, the (B, n*n) array of digits `values`.

    Propagation settles what it can for the whole chunk; each puzzle still open then goes, in order, to
    the scalar engine (counting up to `limit`; with limit=1 the count says whether a solution exists).
    Open 9x9 puzzles are first searched as a batch (`split_search`) when no budget is set. With
    ``want_solutions=False`` only the counts are wanted, so a puzzle the batch search finds several
    solutions for is not handed to the scalar engine for its first one (its solution row stays zero).
    ``search=False`` hands open puzzles straight to the scalar engine: a caller that wants first
    solutions of puzzles that mostly have several (where the batch search only finds out that they do)
    saves its time. `engine="scalar"` skips propagation (for comparison). With `interruptible`, Ctrl-C during the scalar
    searches returns what is answered so far (``done`` < B) instead of raising."""
    B = len(values)
    counts = np.zeros(B, np.int64)
    solutions = np.zeros_like(values)
    seconds = np.zeros(B)
    notes: "dict[int, str]" = {}
    if B == 0:
        return ChunkResult(counts, solutions, seconds, notes, 0)
    start = time.perf_counter()
    if engine == "batch" and shape.side <= MAX_BATCH_SIDE:
        lay = _layout(shape)
        cand = np.where(values == 0, lay.full, lay.bits0[np.minimum(values, shape.side)])
        cand = np.ascontiguousarray(cand, dtype=lay.dtype)
        outcome = propagate(cand, shape)
        solved = outcome == SOLVED
        if solved.any():
            # The digit of a one-bit mask m is the number of bits below it, plus one.
            solutions[solved] = np.bitwise_count(cand[solved] - lay.dtype.type(1)) + 1
            counts[solved] = 1
        open_ = np.flatnonzero(outcome == OPEN)
        searched = several = 0
        if search and len(open_) and shape.side <= SPLIT_MAX_SIDE and max_nodes is None and timeout is None:
            # Search the open puzzles as a batch; those with several solutions (whose first solution
            # depends on the search order) and those whose search grew too wide go to the scalar engine.
            got, sols, undecided = split_search(cand[open_], shape, max(limit, 2))
            searched, several = len(open_), int((got >= 2).sum())
            unique = (got == 1) & ~undecided
            settled = (got == 0) | unique
            if not want_solutions:
                settled |= got >= 2  # the count is all that is asked for
            settled &= ~undecided
            ids = open_[unique]
            solutions[ids] = np.bitwise_count(sols[unique] - lay.dtype.type(1)) + 1
            counts[open_[settled]] = got[settled]
            open_ = open_[~settled]
        open_ = open_.tolist()
        seconds[:] = (time.perf_counter() - start) / B
    elif engine in ("batch", "scalar"):
        open_ = list(range(B))
        searched = several = 0
    else:
        raise ValueError(f"engine must be 'batch' or 'scalar', not {engine!r}")
    done = B
    for pos, k in enumerate(open_):
        t = time.perf_counter()
        try:
            counts[k], found, note = _scalar(values[k], shape, limit, max_nodes, timeout)
        except KeyboardInterrupt:
            if not interruptible:
                raise
            done = k
            break
        if found is not None:
            solutions[k] = found
        if note:
            notes[k] = note
        seconds[k] += time.perf_counter() - t
    return ChunkResult(counts, solutions, seconds, notes, done, searched, several)


def _scalar(row: np.ndarray, shape: Shape, limit: int, max_nodes: "int | None", timeout: "float | None"
            ) -> "tuple[int, tuple[int, ...] | None, str | None]":
    """The scalar engine on one puzzle: (count up to limit, first solution or None, why it gave up)."""
    first, count, gave_up = solve_and_count(Grid(row.tolist(), shape), limit, max_nodes=max_nodes, timeout=timeout)
    values = None if first is None else first.values
    return (GAVE_UP, values, gave_up) if gave_up is not None else (count, values, None)


def solve_many(puzzles: "Sequence[str] | np.ndarray", *, shape: "Shape | str | None" = None,
               strings: bool = False, chunk_size: int = CHUNK, max_nodes: "int | None" = None,
               timeout: "float | None" = None, engine: str = "batch") -> "np.ndarray | list[str]":
    """The first solution of each puzzle, in input order, as `sudoku_core.solve` gives it.

    `puzzles`: a list of one-line strings (any form `parse_grid` reads) or an (N, n*n) integer array (0 for
    empty). Returns an (N, n*n) array of digits, a row of zeros where there is no solution (clashing givens
    included) or the budget (`max_nodes`, `timeout`, per puzzle) ran out; with ``strings=True``, a list of
    one-line strings, '' for those. Raises `ParseError` (``puzzle K: ...``) for a string that is no puzzle."""
    values, found = to_array(puzzles, shape)
    out = np.zeros_like(values)
    for start in range(0, len(values), chunk_size):
        chunk = values[start:start + chunk_size]
        result = run_chunk(chunk, found, 1, max_nodes=max_nodes, timeout=timeout, engine=engine)
        out[start:start + len(chunk)] = result.solutions
    return to_strings(out, found) if strings else out


def count_many(puzzles: "Sequence[str] | np.ndarray", limit: int = 2, *, shape: "Shape | str | None" = None,
               solutions: bool = False, strings: bool = False, chunk_size: int = CHUNK,
               max_nodes: "int | None" = None, timeout: "float | None" = None, engine: str = "batch"):
    """How many solutions each puzzle has, counted up to `limit` (as `sudoku_core.count_solutions`), in
    input order: an (N,) int64 array, GAVE_UP (-1) where the budget ran out. With ``solutions=True``,
    returns ``(counts, first_solutions)``, the second as `solve_many` gives it (strings with ``strings=True``)."""
    if limit < 1:
        raise ValueError("limit must be at least 1")
    values, found = to_array(puzzles, shape)
    counts = np.zeros(len(values), np.int64)
    firsts = np.zeros_like(values)
    for start in range(0, len(values), chunk_size):
        chunk = values[start:start + chunk_size]
        result = run_chunk(chunk, found, limit, max_nodes=max_nodes, timeout=timeout, engine=engine,
                           want_solutions=solutions)
        counts[start:start + len(chunk)] = result.counts
        firsts[start:start + len(chunk)] = result.solutions
    if not solutions:
        return counts
    return counts, (to_strings(firsts, found) if strings else firsts)
