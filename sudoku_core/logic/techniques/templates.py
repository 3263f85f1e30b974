"""Templates: every way to place one digit in the whole grid at once.

A *template* of digit d is a set of cells, one in each row, no two seeing each other (so one in each
column and box, and in each of a variant's houses), each holding d or having it as a candidate. The
solution's cells for d form one, so a cell in every template is d (Template Set), and a candidate in
no template is not (Template Delete). A computer's technique (HoDoKu lists it under "Last Resort"): it
sees everything one digit alone can prove, but no person enumerates hundreds of templates.

Templates are counted, not listed: row by row (a fixed order), the partial templates that leave the
same cells free in the rows still to fill (and the same variant houses still to hit) are one state, so
the count, and how many templates pass through each cell, come from a forward and a backward sweep over
those states. An open 9x9 digit (46656 templates) costs a few thousand steps; past `MAX_STEPS` steps
for the position (a big open grid) a digit is given up.

What one digit's templates prove feeds the others' (HoDoKu's refinement): a cell every template of
digit e takes is e, so another digit's templates through it are void. Both steps use the refined
templates, so Template Delete also removes a candidate from a cell Template Set would fill with another
digit. Template Set and Template Delete run one after the other on the same position: the last
position's templates are kept for the second.
"""
import sys

from ..board import Board, bits
from ..phrases import cells_text, sym
from ..step import Step

#: Not in Sudoku Explainer, and out of the rating path: set by hand between the AICs (7.0) and the
#: forcing chains (7.1 and up) it runs just before.
SCORE = 7.0
#: state steps spent on one position at most (all digits and refinement rounds together)
MAX_STEPS = 40000

_last: dict = {}  # (tables, values, candidates) -> _Templates: the latest position only
#: MicroPython hashes an int by its low 31 bits alone, and a state of the count below is a set of cells of the
#: rows still to fill, the high cells: the states would all hash alike there, and a level's dict take time
#: quadratic in its size (minutes on an open 16x16 grid). So on MicroPython the count numbers the cells
#: backwards (cell i as cell_count - 1 - i): the same states, in the same order, with their cells low.
_BACKWARDS = sys.implementation.name == "micropython"


class _Templates:
    """Every digit's templates in one position: `found[d]` is (cells in every template, cells in some
    template, how many) or None (none at all, or past the budget); `refined[d]` the cells left out of
    digit d's templates because another digit's templates all take them."""

    def __init__(self, b: Board) -> None:
        t = self.t = b.t
        n = t.n
        self.steps = 0
        self.placed = [0] * n
        for i, v in enumerate(b.values):
            if v:
                self.placed[v - 1] |= 1 << i
        pos = b.positions()
        allowed = list(pos)
        self.found: list = [self._count(d, allowed[d]) for d in range(n)]
        #: per digit, the cells every one of its templates takes (placed digits aside)
        self.forced = [0] * n
        self.refined = [0] * n
        changed = True
        while changed:
            changed = False
            self.forced = [0 if f is None else f[0] & ~self.placed[d] for d, f in enumerate(self.found)]
            for d in range(n):
                block = 0
                for e in range(n):
                    if e != d:
                        block |= self.forced[e]
                if allowed[d] & block and self.found[d] is not None:
                    allowed[d] &= ~block
                    self.refined[d] |= pos[d] & block
                    self.found[d] = self._count(d, allowed[d])
                    changed = True

    def _count(self, d: int, allowed: int) -> "tuple[int, int, int] | None":
        t = self.t
        peer, all_rows, houses = _frame(t)
        placed = self.placed[d]
        if _BACKWARDS:
            top = t.cell_count - 1
            placed, allowed = _backwards(placed, top), _backwards(allowed, top)
        free = allowed
        for i in bits(placed):
            free &= ~peer[i]
        rows = [m for m in all_rows if not placed & m]
        hits = [0] * t.cell_count
        unsat = 0
        for k, h in enumerate(houses):
            if not h & placed:
                unsat |= 1 << k
            for i in bits(h):
                hits[i] |= 1 << k
        rest = [0] * (len(rows) + 1)  # rest[k]: the cells of the rows after the k-th
        for k in range(len(rows) - 1, -1, -1):
            rest[k] = rest[k + 1] | rows[k]
        rest = rest[1:]
        levels = [{(free & (rest[0] | rows[0]) if rows else 0, unsat): 1}]
        for k, row in enumerate(rows):
            nxt: dict = {}
            later, ahead = rest[k], rows[k + 1:]
            for (here, left), ways in levels[-1].items():
                for i in bits(here & row):
                    key = (here & ~peer[i] & later, left & ~hits[i])
                    nxt[key] = nxt.get(key, 0) + ways
            self.steps += len(nxt) + len(levels[-1])
            if self.steps > MAX_STEPS:
                return None
            # a state with a row left empty has no template: drop it now rather than carry it
            levels.append({key: w for key, w in nxt.items() if all(key[0] & r for r in ahead)})
        back = {key: 1 for key in levels[-1] if not key[1]}
        through = [0] * t.cell_count
        for k in range(len(rows) - 1, -1, -1):
            row, later, cur = rows[k], rest[k], {}
            for (here, left), ways in levels[k].items():
                total = 0
                for i in bits(here & row):
                    w = back.get((here & ~peer[i] & later, left & ~hits[i]), 0)
                    if w:
                        total += w
                        through[i] += ways * w
                if total:
                    cur[here, left] = total
            back = cur
        count = sum(back.values())
        if not count:
            return None
        every = some = placed
        for i, w in enumerate(through):
            if w:
                some |= 1 << i
                if w == count:
                    every |= 1 << i
        if _BACKWARDS:
            return _backwards(every, top), _backwards(some, top), count
        return every, some, count


def _frame(t) -> tuple:
    """The masks the count reads, numbered as it numbers the cells (see `_BACKWARDS`): each cell's peers, the
    rows in order, and the houses beyond rows, columns and boxes (those hold one cell of a template by
    construction; a variant's other houses must be hit). Kept on the tables."""
    frame = getattr(t, "_template_frame", None)
    if frame is None:
        n = t.n
        peer, rows, houses = t.peer_masks, t.unit_masks[:n], () if t.rules is None else t.unit_masks[3 * n:]
        if _BACKWARDS:
            top = t.cell_count - 1
            peer = tuple(_backwards(peer[top - i], top) for i in range(t.cell_count))
            rows = tuple(_backwards(m, top) for m in rows)
            houses = tuple(_backwards(m, top) for m in houses)
        frame = t._template_frame = (peer, rows, houses)
    return frame


def _backwards(mask: int, top: int) -> int:
    """`mask` with each cell i as cell top - i."""
    out = 0
    for i in bits(mask):
        out |= 1 << (top - i)
    return out


def _position(b: Board) -> _Templates:
    key = (b.t, tuple(b.values), tuple(b.cands))
    found = _last.get(key)
    if found is None:
        _last.clear()
        found = _last[key] = _Templates(b)
    return found


def templates(b: Board, d: int) -> "tuple[int, int, int] | None":
    """(cells in every template, cells in some template, how many) for digit d (0-based), the templates
    refined by the other digits', or None when there is none (a broken position) or the count would
    cost more than `MAX_STEPS`."""
    return _position(b).found[d]


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
    found_all = _position(b)
    for d in range(n):
        found = found_all.found[d]
        if found is None:
            continue
        _, some, count = found
        cells = list(bits(b.positions()[d] & ~some))
        if cells:
            s = sym(d + 1, n)
            text = (f"Template Delete: none of the {count} ways to place {s} once in every row, column and box "
                    f"through the cells where it can go uses {cells_text(cells, n)}")
            refined = found_all.refined[d]
            if refined:
                # name the digits that claim the cells left out
                claims = [f"every way to place {sym(e + 1, n)} puts it in "
                          f"{cells_text(bits(found_all.forced[e] & refined), n)}"
                          for e in range(n) if e != d and found_all.forced[e] & refined]
                text += f" (ways through a cell another digit must take are left out: {'; '.join(claims)})"
            text += f", so remove {s} from {'it' if len(cells) == 1 else 'them'}"
            return _step(b, "Template Delete", d, text, eliminations=tuple((i, d + 1) for i in cells))
    return None


def _step(b: Board, name: str, d: int, text: str, placements=(), eliminations=()) -> Step:
    places = tuple(bits(b.positions()[d]))
    return Step(name, text, b.t.n, placements=placements, eliminations=eliminations, cells=places,
                candidates=tuple((i, d + 1) for i in places), difficulty=SCORE)
