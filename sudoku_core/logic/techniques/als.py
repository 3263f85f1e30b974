"""Almost locked sets (ALS) and ALS-XZ, singly and doubly linked.

An *almost locked set* is N cells of one unit holding N+1 digits together (a bivalue cell is the
smallest): remove any one digit and the rest are locked, every remaining digit placed in the set. Two
ALSs A and B have a *restricted common* digit x (RCC) when every x of A sees every x of B (so no x-cell
is in both): x is then in at most one of them, so the other is locked. ALS-XZ takes disjoint sets.

Singly linked ALS-XZ: for another common digit z, one of the z-cells of A or B is z, and any cell
seeing all of those z-cells cannot be z. Doubly linked (two RCCs x and y): the sets cannot both lose
the same RCC (A without x holds y, so B lacks y and holds x), so each RCC sits in exactly one of
them (a cell seeing its every place in both loses it) and each set keeps all its other digits (a
cell seeing every place of such a digit in its set loses it).

Other modules build on `Als`, `find_sets` and `network` (the sets and their RCC graph, kept for the
last position): the ALS chains and Death Blossom (als_chains.py) and ALS nodes in chains.
"""
from ...core.compat import bit_count, bit_length, ordered_dict, stable_sorted
from ..board import Board, bits
from ..phrases import cell_name, digits_slash, digits_text, removals_text, sym
from ..step import Focus, Step, focus_count

SCORE = 7.0  # not in Sudoku Explainer (it needs a chain, AIC 7.0); the rating path leaves ALS out
#: The largest ALS searched: HoDoKu takes every size; past 5 cells the sets rarely add a deduction
#: and their number grows quickly (9x9: a unit of 8 empty cells has 93 subsets of 5..7 cells).
MAX_CELLS = 5


class Als:
    """N cells of unit `unit` with N+1 digits: `board` (cell board), `digits` (mask), and per digit
    (0-based) `places[d]` the cells holding d and `seen[d]` the cells that see every one of them."""

    __slots__ = ("cells", "board", "digits", "places", "seen", "unit")

    def __init__(self, b: Board, cells, unit: int) -> None:
        t = b.t
        self.cells = cells
        self.unit = unit
        self.board = 0
        digits = 0
        for i in cells:
            self.board |= 1 << i
            digits |= b.cands[i]
        self.digits = digits
        self.places = ordered_dict()  # (each digit's order, on every runtime: rcc_graph goes through them)
        self.seen = ordered_dict()
        for d in bits(digits):
            where = 0
            seen = t.all_cells
            for i in cells:
                if b.cands[i] >> d & 1:
                    where |= 1 << i
                    seen &= t.peer_masks[i]
            self.places[d] = where
            self.seen[d] = seen  # cells that see every d-cell of the set


def find_sets(b: Board, max_cells: int = MAX_CELLS) -> list[Als]:
    """Every ALS of 1..max_cells cells (each set once, though it may lie in two units), smallest first."""
    t, cands = b.t, b.cands
    found: dict[int, Als] = {}
    order: "list[Als]" = []  # the sets as found (MicroPython's dict keeps no order)
    for u, cells in enumerate(t.units):
        empty = [i for i in cells if cands[i]]
        masks = [cands[i] for i in empty]
        count_of = t.count  # (a digit mask's bit count by table: a call to bit_count costs more on MicroPython)
        top = min(max_cells, len(empty))
        # depth-first over the unit's cells in order; a cell adds one to the size and never removes a
        # digit, so a combination past top + 1 digits cannot become an ALS
        stack = [(0, 0, 0, 0)]  # next cell to add, size, cell board, digits
        while stack:
            start, size, key, m = stack.pop()
            size += 1
            for k in range(start, len(empty)):
                m2 = m | masks[k]
                count = count_of[m2]
                if count > top + 1:
                    continue
                key2 = key | 1 << empty[k]
                if count == size + 1 and key2 not in found:
                    found[key2] = a = Als(b, tuple(bits(key2)), u)
                    order.append(a)
                if size < top:
                    stack.append((k + 1, size, key2, m2))
    return stable_sorted(order, key=lambda a: len(a.cells))


def rcc_graph(sets: list[Als]) -> "list[dict[int, int]]":
    """For each set (by index), the sets it shares a restricted common with: {index: RCC mask}. They
    may overlap (HoDoKu's "ALS overlap"): the RCC's cells never do, and the logic holds; ALS-XZ keeps to
    disjoint pairs.

    A partner's x-places all lie in the cells seeing every x of the set, so partners are looked up
    by the first cell of their x-places among those cells, not by trying every pair."""
    by_first: dict = {}  # (digit, first cell of its places) -> indices of sets
    anywhere: dict[int, int] = {}  # digit -> cells holding it in some set
    for j, c in enumerate(sets):
        for x, where in c.places.items():
            by_first.setdefault((x, bits(where)[0]), []).append(j)
            anywhere[x] = anywhere.get(x, 0) | where
    graph: list[dict[int, int]] = [ordered_dict() for _ in sets]  # partners in the order found
    for k, a in enumerate(sets):
        out = graph[k]
        for x, seen in a.seen.items():
            for i in bits(seen & anywhere[x]):
                for j in by_first.get((x, i), ()):
                    c = sets[j]
                    if not c.places[x] & ~seen and j != k:
                        out[j] = out.get(j, 0) | 1 << x
    return graph


_last: list = [None, None]  # the key and the (sets, graph) of the last position asked


def network(b: Board) -> "tuple[list[Als], list[dict[int, int]]]":
    """`find_sets(b)` and their `rcc_graph`, kept for the last position: the ALS finders run one after
    another on the same candidates."""
    key = (b.t, tuple(b.cands))  # the tables compare by identity
    if _last[0] != key:
        sets = find_sets(b)
        _last[:] = [key, (sets, rcc_graph(sets))]
    return _last[1]


def describe(a: Als, n: int) -> str:
    """"{r1c2, r1c3} (1/2/5)"."""
    return f"{{{', '.join(cell_name(i, n) for i in a.cells)}}} ({digits_slash([d + 1 for d in bits(a.digits)], n)})"


def pattern_marks(b: Board, sets) -> "tuple[tuple, tuple]":
    """The cells of some ALSs and all their candidates, for a step's highlights."""
    cells = tuple(sorted({i for a in sets for i in a.cells}))
    return cells, tuple((i, d + 1) for i in cells for d in bits(b.cands[i]))


def rcc_link(a: Als, c: Als, x: int) -> tuple:
    """A weak link drawn between the sets for restricted common x (0-based): first x-cell to first."""
    ia, ic = bit_length(a.places[x] & -a.places[x]) - 1, bit_length(c.places[x] & -c.places[x]) - 1
    return ((ia, x + 1), (ic, x + 1), "weak")


def xz_eliminations(a: Als, c: Als, rcc: int, pos: list[int]) -> list[tuple[int, int]]:
    """What the pair removes, as (cell, digit 1..n): singly linked (one RCC) the other common digits
    from cells seeing all their places; doubly linked (two) the RCCs likewise and each set's other digits
    from cells seeing all their places in that set. Three RCCs cannot happen in a valid grid."""
    elims = []
    if bit_count(rcc) == 1:
        for z in bits(a.digits & c.digits & ~rcc):
            elims += [(i, z + 1) for i in bits(a.seen[z] & c.seen[z] & pos[z])]
    elif bit_count(rcc) == 2:
        for x in bits(rcc):
            elims += [(i, x + 1) for i in bits(a.seen[x] & c.seen[x] & pos[x])]
        for s in (a, c):
            for d in bits(s.digits & ~rcc):
                elims += [(i, d + 1) for i in bits(s.seen[d] & pos[d])]
    return sorted(set(elims))


def als_xz(b: Board, focus: Focus = ()) -> "Step | None":
    """The first ALS-XZ (with `focus`, the first removing one of those candidates)."""
    t = b.t
    n = t.n
    pos = b.positions()
    sets, graph = network(b)
    for k, a in enumerate(sets):
        for j, rcc in sorted(graph[k].items()):
            c = sets[j]
            if j < k or a.board & c.board or bit_count(a.digits & c.digits) < 2:
                continue
            elims = xz_eliminations(a, c, rcc, pos)
            if not focus_count(elims, focus):
                continue
            xs = [sym(x + 1, n) for x in bits(rcc)]
            if len(xs) == 1:
                zs = [d + 1 for d in bits(a.digits & c.digits & ~rcc)]
                why = (f"{xs[0]} can be in only one of them, so the other is locked and "
                       f"{digits_text(zs, n)} {'is' if len(zs) == 1 else 'are each'} in one of the two")
            else:
                why = (f"{xs[0]} and {xs[1]} can each be in only one of them, so both sets are locked, each "
                       f"holding one of {xs[0]} and {xs[1]} and all its other digits")
            text = (f"ALS-XZ: {describe(a, n)} and {describe(c, n)} are almost locked sets; {why}: "
                    f"remove {removals_text(elims, n)}")
            cells, marks = pattern_marks(b, (a, c))
            return Step("ALS-XZ", text, n, eliminations=tuple(elims), cells=cells,
                        units=(t.unit_names[a.unit], t.unit_names[c.unit]), candidates=marks,
                        links=tuple(rcc_link(a, c, x) for x in bits(rcc)), difficulty=SCORE,
                        extra={"x": [x + 1 for x in bits(rcc)], "doubly linked": len(xs) == 2})
    return None
