"""Rectangles hidden behind strong links or placed digits (after HoDoKu): Hidden Rectangle and Avoidable
Rectangle types 1 and 2. Same deadly-pattern argument and restrictions as `uniqueness`.

An Avoidable Rectangle swaps digits the solver *placed*: givens never move, so a rectangle of placed
digits (and empty cells) that could swap would be a second solution. It needs to know which digits
were given (`Board.givens`); without that it does not run.
"""
from ...core.compat import bit_count, bit_length
from ..board import Board, bits
from ..phrases import cell_name, cells_text, sym
from ..step import Step
from .uniqueness import (COLUMN_MATE, DIAGONAL, ROW_MATE, pair_marks, pattern_text, patterns, rectangles,
                         rectangles_apply)

# Neither is in Sudoku Explainer (hints only). Chosen here: a Hidden Rectangle is a type 4 with a second
# strong link (4.6, as Unique Rectangle type 6); an Avoidable Rectangle reads like a type 1 or 2 (4.5).
HIDDEN_SCORE = 4.6
AVOIDABLE_SCORE = 4.5


def hidden_rectangle(b: Board) -> "Step | None":
    """A corner F holding exactly the pair x/y; in the row and the column of the opposite corner O, x
    has no place outside the rectangle. Were O y, x would fill both other corners, F would be y: the
    deadly pattern. So O is not y."""
    if not rectangles_apply(b):
        return None
    t, cands = b.t, b.cands
    n = t.n
    pos = b.positions()
    for corners, pair in patterns(b):
        for k in range(4):
            if cands[corners[k]] != pair:
                continue
            o = corners[DIAGONAL[k]]
            row_mate, col_mate = corners[ROW_MATE[DIAGONAL[k]]], corners[COLUMN_MATE[DIAGONAL[k]]]
            row, col = t.row_of[o], n + t.col_of[o]
            for x in bits(pair):
                y = bit_length(pair & ~(1 << x)) - 1
                if (not cands[o] >> y & 1 or pos[x] & t.unit_masks[row] & ~((1 << o) | (1 << row_mate))
                        or pos[x] & t.unit_masks[col] & ~((1 << o) | (1 << col_mate))):
                    continue
                f = corners[k]
                units = (t.unit_names[row], t.unit_names[col])
                text = (f"Hidden Rectangle: {pattern_text(corners, pair, n)} if {cell_name(o, n)} were "
                        f"{sym(y + 1, n)}: {sym(x + 1, n)} would then fill {cell_name(row_mate, n)} (its only other "
                        f"place in {units[0]}) and {cell_name(col_mate, n)} (its only other place in {units[1]}), "
                        f"leaving {cell_name(f, n)} {sym(y + 1, n)}; so {cell_name(o, n)} is not {sym(y + 1, n)}")
                links = tuple(((o, x + 1), (m, x + 1), "strong") for m in (row_mate, col_mate)
                              if cands[o] >> x & 1 and cands[m] >> x & 1)
                return Step("Hidden Rectangle", text, n, eliminations=((o, y + 1),), cells=tuple(corners),
                            units=units, candidates=pair_marks(b, corners, pair), links=links,
                            difficulty=HIDDEN_SCORE)
    return None


def avoidable_rectangle(b: Board) -> "Step | None":
    """Type 1: three corners placed as a, b, b (a on one diagonal): the fourth, empty, cannot be a.
    Type 2: two corners of one line placed as a and b, the other two empty with only the digit that
    would complete the pattern (b, a) and one same extra digit z: one of them is z, so z leaves every
    cell seeing both."""
    if b.givens is None or not rectangles_apply(b):
        return None
    t, values, cands = b.t, b.values, b.cands
    n = t.n
    for corners in rectangles(t):
        c0, c1, c2, c3 = corners
        if not 2 <= (values[c0] > 0) + (values[c1] > 0) + (values[c2] > 0) + (values[c3] > 0) <= 3:
            continue
        if b.givens & ((1 << c0) | (1 << c1) | (1 << c2) | (1 << c3)):
            continue  # a given never swaps
        empty = [k for k in range(4) if not values[corners[k]]]
        if len(empty) == 1:
            k = empty[0]
            e = corners[k]
            a = values[corners[DIAGONAL[k]]]
            other = values[corners[ROW_MATE[k]]]
            if other == values[corners[COLUMN_MATE[k]]] and cands[e] >> (a - 1) & 1:
                placed = [corners[j] for j in range(4) if j != k]
                text = (f"Avoidable Rectangle (type 1): {_placed_text(placed, values, n)}; {cell_name(e, n)} as "
                        f"{sym(a, n)} would let {cells_text(corners, n)} swap {sym(a, n)} and {sym(other, n)} "
                        f"(a second solution), so it is not {sym(a, n)}")
                return Step("Avoidable Rectangle", text, n, eliminations=((e, a),), cells=tuple(corners),
                            candidates=((e, a),), difficulty=AVOIDABLE_SCORE)
        elif len(empty) == 2 and empty[1] in (ROW_MATE[empty[0]], COLUMN_MATE[empty[0]]):
            e1, e2 = corners[empty[0]], corners[empty[1]]
            need1, need2 = values[corners[DIAGONAL[empty[0]]]], values[corners[DIAGONAL[empty[1]]]]
            m1, m2 = cands[e1], cands[e2]
            if (bit_count(m1) != 2 or bit_count(m2) != 2 or not m1 >> (need1 - 1) & 1
                    or not m2 >> (need2 - 1) & 1):
                continue
            z_mask = m1 & ~(1 << (need1 - 1))
            if z_mask != m2 & ~(1 << (need2 - 1)):
                continue
            z = bit_length(z_mask)
            targets = b.positions()[z - 1] & t.peer_masks[e1] & t.peer_masks[e2]
            if not targets:
                continue
            placed = [corners[j] for j in range(4) if j not in empty]
            gone = list(bits(targets))
            text = (f"Avoidable Rectangle (type 2): {_placed_text(placed, values, n)}; {cell_name(e1, n)} as "
                    f"{sym(need1, n)} and {cell_name(e2, n)} as {sym(need2, n)} would let the four cells swap (a "
                    f"second solution), so one of them is {sym(z, n)}, and {sym(z, n)} leaves {cells_text(gone, n)}")
            return Step("Avoidable Rectangle", text, n, eliminations=tuple((i, z) for i in gone),
                        cells=tuple(corners), candidates=((e1, need1), (e2, need2), (e1, z), (e2, z)),
                        difficulty=AVOIDABLE_SCORE)
    return None


def _placed_text(cells, values, n: int) -> str:
    names = [f"{cell_name(i, n)} ({sym(values[i], n)})" for i in cells]
    return f"{', '.join(names[:-1])} and {names[-1]} were placed, not given"
