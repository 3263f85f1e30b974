"""Templates: every way to place one digit in the whole grid at once.

A *template* of digit d is a set of cells, one in each row, no two seeing each other (so one in each
column and box, and in each of a variant's houses), each holding d or having it as a candidate. The
solution's cells for d form one, so a cell in every template is d (Template Set), and a candidate in
no template is not (Template Delete). A computer's technique (HoDoKu lists it under "Last Resort"): it
sees everything one digit alone can prove, but no person enumerates hundreds of templates.

The enumeration goes row by row over cell boards, the row with the fewest places first, and gives up
on a digit past its share of `MAX_NODES` search nodes (an open 9x9 digit has 46656 templates; a 16x16
one, far more). Template Set and Template Delete run one after the other on the same position: the
last position's templates are kept for the second.
"""
from __future__ import annotations

from ..board import Board, bits
from ..phrases import cells_text, sym
from ..step import Step

#: Not in Sudoku Explainer, and out of the rating path: set by hand between the AICs (7.0) and the
#: forcing chains (7.1 and up) it runs just before.
SCORE = 7.0
#: search nodes spent on one position at most, shared evenly by the digits (4000 each on 9x9)
MAX_NODES = 36000

_last: dict = {}  # (tables, values, candidates) -> {digit: templates(...)}: the latest position only


def templates(b: Board, d: int) -> "tuple[int, int, int] | None":
    """(cells in every template, cells in some template, how many) for digit d (0-based), or None when
    there is none (a broken position) or the search would cost more than its share of `MAX_NODES`."""
    key = (b.t, tuple(b.values), tuple(b.cands))
    if key not in _last:
        _last.clear()
        _last[key] = {}
    found = _last[key]
    if d not in found:
        found[d] = _templates(b, d)
    return found[d]


def _templates(b: Board, d: int) -> "tuple[int, int, int] | None":
    t = b.t
    n = t.n
    peer = t.peer_masks
    placed = 0
    for i, v in enumerate(b.values):
        if v == d + 1:
            placed |= 1 << i
    allowed = b.positions()[d]
    for i in bits(placed):
        allowed &= ~peer[i]
    rows = [t.unit_masks[r] for r in range(n) if not placed & t.unit_masks[r]]
    houses = [] if t.rules is None else t.unit_masks[3 * n:]  # rows, columns, boxes hold one by construction
    every, some, count, nodes = -1, 0, 0, 0
    budget = MAX_NODES // n

    def place(free: int, chosen: int, left: list[int]) -> bool:
        """Extend `chosen` over the rows `left`; False when the node budget runs out."""
        nonlocal every, some, count, nodes
        nodes += 1
        if nodes > budget:
            return False
        if not left:
            if all(chosen & h for h in houses):
                every &= chosen
                some |= chosen
                count += 1
            return True
        best = min(range(len(left)), key=lambda k: (free & left[k]).bit_count())
        options = free & left[best]
        rest = left[:best] + left[best + 1:]
        for i in bits(options):
            if not place(free & ~peer[i] & ~(1 << i), chosen | 1 << i, rest):
                return False
        return True

    if not place(allowed, placed, rows) or not count:
        return None
    return every, some, count


def template_set(b: Board) -> "Step | None":
    n = b.t.n
    for d in range(n):
        found = templates(b, d)
        if found is None:
            continue
        every, _, count = found
        cells = [i for i in bits(every) if not b.values[i]]
        if cells:
            s = sym(d + 1, n)
            text = (f"Template Set: all {count} ways to place {s} once in every row, column and box through "
                    f"the cells where it can go put {s} in {cells_text(cells, n)}, so "
                    f"{'it is' if len(cells) == 1 else 'they are'} {s}")
            return _step(b, "Template Set", d, text, placements=tuple((i, d + 1) for i in cells))
    return None


def template_delete(b: Board) -> "Step | None":
    n = b.t.n
    for d in range(n):
        found = templates(b, d)
        if found is None:
            continue
        _, some, count = found
        cells = list(bits(b.positions()[d] & ~some))
        if cells:
            s = sym(d + 1, n)
            text = (f"Template Delete: none of the {count} ways to place {s} once in every row, column and box "
                    f"through the cells where it can go uses {cells_text(cells, n)}, so remove {s} from "
                    f"{'it' if len(cells) == 1 else 'them'}")
            return _step(b, "Template Delete", d, text, eliminations=tuple((i, d + 1) for i in cells))
    return None


def _step(b: Board, name: str, d: int, text: str, placements=(), eliminations=()) -> Step:
    places = tuple(bits(b.positions()[d]))
    return Step(name, text, b.t.n, placements=placements, eliminations=eliminations, cells=places,
                candidates=tuple((i, d + 1) for i in places), difficulty=SCORE)
