"""BUG Lite (Sudopedia's BUG-Lite +1): a part of the grid that would be a deadly pattern but for one cell.

Take empty cells, each with two *pattern* digits, such that in every house each digit is a pattern digit of
no pattern cell or of exactly two. In any solution such a house's pattern cells hold each of their digits
once, so giving every pattern cell its other digit is a second solution. A unique puzzle has none: when all
pattern cells but one hold just their pattern digits, that one cell holds one of its others, and loses its
two pattern digits. A Unique Rectangle type 1 is the four-cell case (found first); unique loops are others.

Assumes the puzzle has exactly one solution (`Board.unique`), classic rules only (a variant's rule could
break the swap). The search grows the pattern from the extra cell through bivalue cells, a house where a
digit stands once at a time, up to `MAX_CELLS` cells and `_BUDGET` steps a position.
"""
from ...core.compat import bit_count, combinations, ordered_dict
from ..board import Board, bits
from ..phrases import cell_name, cells_text, digits_slash, sym
from ..step import Step

#: Not in Sudoku Explainer: chosen beside its BUG+1 (5.6), a notch above.
SCORE = 5.7
MAX_CELLS = 12
_BUDGET = 4000


def bug_lite(b: Board) -> "Step | None":
    if not b.unique or b.t.rules is not None:
        return None
    t, cands = b.t, b.cands
    pos = b.positions()
    two = 0  # the bivalue cells
    for i, m in enumerate(cands):
        if bit_count(m) == 2 and not b.values[i]:
            two |= 1 << i
    budget = [_BUDGET]
    for x, m in enumerate(cands):
        if b.values[x] or bit_count(m) < 3:
            continue
        for d, e in combinations(bits(m), 2):
            # each pattern digit of x needs a bivalue partner in each of x's houses
            if any(not t.unit_masks[u] & two & pos[k] for u in t.cell_units[x] for k in (d, e)):
                continue
            # (the counts in the order first met, on every runtime: the search goes through them so)
            pattern = _grow(b, {x: 1 << d | 1 << e}, _counts(t, x, 1 << d | 1 << e, ordered_dict()), budget)
            if pattern:
                return _step(b, x, pattern)
            if budget[0] < 0:
                return None
    return None


def _counts(t, cell: int, pair: int, counts: dict, sign: int = 1) -> dict:
    """`counts` with cell's pattern digits added (sign 1) or taken away (-1), per (house, digit)."""
    for u in t.cell_units[cell]:
        for d in bits(pair):
            counts[u, d] = counts.get((u, d), 0) + sign
    return counts


def _grow(b: Board, pattern: dict, counts: dict, budget: list) -> "dict | None":
    """The pattern completed through bivalue cells: every (house, digit) count 0 or 2, or None."""
    budget[0] -= 1
    if budget[0] < 0:
        return None
    t, cands = b.t, b.cands
    open_ = [key for key, k in counts.items() if k == 1]
    if not open_:
        return dict(pattern) if len(pattern) >= 4 else None
    if len(pattern) >= MAX_CELLS:
        return None
    # the house and digit with the fewest cells that could pair it
    best = None
    for u, d in open_:
        options = [c for c in t.units[u] if c not in pattern and not b.values[c] and bit_count(cands[c]) == 2
                   and cands[c] >> d & 1 and all(counts.get((v, e), 0) < 2
                                                 for v in t.cell_units[c] for e in bits(cands[c]))]
        if best is None or len(options) < len(best):
            best = options
            if len(options) <= 1:
                break
    for c in best:
        pattern[c] = cands[c]
        found = _grow(b, pattern, _counts(t, c, cands[c], counts), budget)
        _counts(t, c, cands[c], counts, -1)
        del pattern[c]
        if found:
            return found
    return None


def _step(b: Board, x: int, pattern: dict) -> Step:
    n = b.t.n
    pair = pattern[x]
    cells = sorted(pattern)
    others = [c for c in cells if c != x]
    digits = [d + 1 for d in bits(pair)]
    either = " or ".join(sym(d, n) for d in digits)
    text = (f"BUG Lite: {cells_text(others, n)} hold only "
            f"{', '.join(digits_slash([d + 1 for d in bits(pattern[c])], n) for c in others)}, and "
            f"{cell_name(x, n)} holds {digits_slash(digits, n)} among others: were it {either}, each of these "
            f"digits would stand twice or not at all in every row, column and box of these {len(cells)} cells, "
            f"a deadly pattern with two solutions, so {cell_name(x, n)} is not {either}")
    return Step("BUG Lite", text, n, eliminations=tuple((x, d) for d in digits), cells=tuple(cells),
                candidates=tuple((c, d + 1) for c in cells for d in bits(pattern[c])), difficulty=SCORE)
