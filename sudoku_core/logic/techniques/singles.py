"""Singles: Full House, Naked Single, Hidden Single (placements)."""
from ...core.compat import bit_count, bit_length
from ..board import Board, first_bit
from ..phrases import cell_name, sym
from ..step import Focus, Step, focus_placed

# Sudoku Explainer's values: last value in a unit 1.0, hidden single in a box 1.2, in a row or
# column 1.5, naked single 2.3.
FULL_HOUSE = 1.0
HIDDEN_SINGLE_BOX = 1.2
HIDDEN_SINGLE_LINE = 1.5
NAKED_SINGLE = 2.3


# With `focus` (see `step.Focus`), each finder gives only a single whose placement removes one of those.
def full_house(b: Board, focus: Focus = ()) -> "Step | None":
    """A unit with one empty cell left: it takes the digit the unit is missing."""
    t, values, n = b.t, b.values, b.t.n
    for u, cells in enumerate(t.units):
        empty = [i for i in cells if not values[i]]
        if len(empty) == 1:
            cell = empty[0]
            missing = t.all_digits
            for i in cells:
                if values[i]:
                    missing &= ~(1 << (values[i] - 1))
            if bit_count(missing) != 1 or not b.cands[cell] & missing:
                continue  # a broken position: let the diagnosis speak
            d = first_bit(missing) + 1
            if not focus_placed(t.peer_masks, cell, d, focus):
                continue
            unit = t.unit_names[u]
            return Step("Full House", f"Full House: r{cell // n + 1}c{cell % n + 1} is the last empty cell "
                        f"of {unit}, so it is {sym(d, n)}", n, placements=((cell, d),), cells=(cell,),
                        units=(unit,), candidates=((cell, d),), difficulty=FULL_HOUSE)
    return None


def naked_single(b: Board, focus: Focus = ()) -> "Step | None":
    """A cell with one candidate left."""
    n = b.t.n
    for cell, m in enumerate(b.cands):
        if m and not m & (m - 1):
            d = bit_length(m)
            if not focus_placed(b.t.peer_masks, cell, d, focus):
                continue
            return Step("Naked Single", f"Naked Single: {cell_name(cell, n)} can only be {sym(d, n)}", n,
                        placements=((cell, d),), cells=(cell,), candidates=((cell, d),),
                        difficulty=NAKED_SINGLE)
    return None


def _hidden_single(b: Board, unit_range, score: float, focus: Focus = ()) -> "Step | None":
    t = b.t
    pos = b.positions()
    n = t.n
    for u in unit_range:
        um = t.unit_masks[u]
        for d in range(n):
            here = pos[d] & um
            if here and not here & (here - 1):
                cell = bit_length(here) - 1
                if not focus_placed(t.peer_masks, cell, d + 1, focus):
                    continue
                unit = t.unit_names[u]
                return Step("Hidden Single", f"Hidden Single: in {unit}, {sym(d + 1, n)} fits only in "
                            f"{cell_name(cell, n)}", n, placements=((cell, d + 1),), cells=(cell,),
                            units=(unit,), candidates=((cell, d + 1),), difficulty=score)
    return None


def hidden_single(b: Board, focus: Focus = ()) -> "Step | None":
    """A digit with one place left in a unit (boxes or regions first, then rows and columns, then the
    variants' other houses: diagonals, windows, extra regions)."""
    n = b.t.n
    return (_hidden_single(b, range(2 * n, 3 * n), HIDDEN_SINGLE_BOX, focus)
            or _hidden_single(b, range(2 * n), HIDDEN_SINGLE_LINE, focus)
            or _hidden_single(b, range(3 * n, len(b.t.units)), HIDDEN_SINGLE_LINE, focus))


def hidden_single_box(b: Board) -> "Step | None":
    n = b.t.n
    return _hidden_single(b, range(2 * n, 3 * n), HIDDEN_SINGLE_BOX)


def hidden_single_line(b: Board) -> "Step | None":
    """Rows and columns, then the variants' other houses (valued as a line: they are not boxes)."""
    n = b.t.n
    return (_hidden_single(b, range(2 * n), HIDDEN_SINGLE_LINE)
            or _hidden_single(b, range(3 * n, len(b.t.units)), HIDDEN_SINGLE_LINE))
