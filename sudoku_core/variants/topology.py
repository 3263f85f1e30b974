"""The houses and peers of a set of rules, as the tables the bitboard search runs on.

Jigsaw, X, Windoku, extra regions and the chess rules change no step of the classic search, only its
tables: which cells a placed digit clears (its peers) and which sets of `side` cells hold every digit
once (the full houses, for hidden singles and locked candidates). `Topology` holds those for one `Rules`,
and the variant solver turns them into `solver._Tables`, so those rule sets run through the classic
solver's code on the same packed boards (all digits side by side in one int):

* rows, columns and boxes keep the classic folds; other houses that are translates of one shape laid
  on a lattice (diagonals, Windoku's windows) are folded the same way, by a few shifts (`lattice_kind`);
* the others (Jigsaw regions, extra regions, cages, thermometers and renban lines of `side` cells) are
  counted in two steps, within each row and then down a column (`IrregularKind`), by masked shifts
  written out as straight-line code;
* locked candidates between two kinds of houses (regions and rows, a diagonal and the boxes, ...) mark
  the intersection of the i-th house of one and the j-th of the other at cell (j, i) of a board, so that
  counting a house's non-empty intersections is a fold along a column or a row (`PairLock`).
"""
from collections import namedtuple

from ..core.compat import bit_count, bit_length, cached_property, lru_cache, ordered_dict, stable_sorted, unique
from ..core.solver import _folder
from .propagators import distinct_groups, equal_groups

# A fold (see `solver._folder`), "Fold" in the annotations: (once, twice) -> (once, twice).


class IrregularKind(namedtuple("IrregularKind", ("anchors", "gather", "fold", "spread", "scatter"))):
    """Disjoint houses of any shapes, for hidden singles, counted in two steps: the cells of house i in
    row j are gathered onto cell (j, i) (`gather`, masked shifts, counting to two), then column i onto
    its anchor (0, i) (`fold`). Back: an anchor spreads down its column, and `scatter` takes a cell
    (j, i) to the cells of house i in row j.

    anchors: int, (0, i) for each house i, on every digit's board
    gather: (packed) -> (once, twice)
    fold: Fold
    spread: int, (0, i) -> (j, i) for every row j
    scatter: (anchor bits) -> cells"""

    __slots__ = ()


class PairLock(namedtuple("PairLock", ("gather", "fold_c", "fold_t", "c_anchors", "t_anchors", "col_spread",
                                       "row_spread", "pointing", "claiming"))):
    """Locked candidates between kinds C (m houses) and T (p houses). Intersection c_i & t_j is marked at
    cell j * side + i; the cells of c_i outside every T house at (p, i), those of t_j outside every C
    house at (j, m) ("outside" marks, so that a house's digit counts as confined only when it has no
    candidate there either; a kind that leaves cells outside has fewer than `side` houses, so there is
    room). A column then holds one C house's marks and a row one T house's.

    gather: (open candidates) -> marks of the non-empty intersections
    fold_c, fold_t: Folds, a column's marks onto row 0 and a row's onto column 0
    c_anchors: int, (0, i) for i < m, on every digit's board
    t_anchors: int, (j, 0) for j < p
    col_spread: int, (0, i) -> (j, i) for j < p
    row_spread: int, (j, 0) -> (j, i) for i < m
    pointing: tuple[int, ...], by mark cell (j, i): t_j less c_i, cleared when c_i's digit is confined there
    claiming: tuple[int, ...], by mark cell (j, i): c_i less t_j, cleared when t_j's digit is confined there"""

    __slots__ = ()


class Topology:
    """The peers and the full houses of one `Rules` as boards (bit i for cell i), the houses grouped into
    kinds of disjoint ones."""

    def __init__(self, rules: "Rules") -> None:
        shape = rules.shape
        n = self.side = shape.side
        self.boxes = rules.regions is None
        classic = shape.unit_masks if self.boxes else shape.unit_masks[:2 * n]
        more = [_board(u.cells) for u in rules.houses[len(classic):]] + [_board(c.cells) for c in rules.cages]
        # Cells the palette keeps apart (a thermometer's, a renban's, ...) are peers too; one of `side`
        # cells is a house.
        more += [_board(g) for g in distinct_groups(rules)]
        peers = list(shape.peer_masks) if self.boxes else [
            shape.unit_masks[i // n] | shape.unit_masks[n + i % n] for i in range(shape.cell_count)]
        for house in more:
            for c in set_bits(house):
                peers[c] |= house
        if rules.anti_knight or rules.anti_king:
            for i, far in enumerate(rules.moves):
                peers[i] |= _board(far)
        # Cells that hold one digit (clones, palindromes, one-cell arrows) share their peers: a cell that
        # sees one cannot hold the other's digit either.
        for group in equal_groups(rules):
            shared = 0
            for c in group:
                shared |= peers[c]
            shared &= ~_board(group)
            for c in group:
                peers[c] |= shared
        #: for each cell, the cells that must hold another digit (`Rules.peers` as boards)
        self.peer_masks: "tuple[int, ...]" = tuple(p & ~(1 << i) for i, p in enumerate(peers))
        self._full = list(classic) + [h for h in more if bit_count(h) == n]  # rows, columns, boxes or regions, ...
        #: every house of `side` cells, each once (a region or a cage may repeat a row)
        self.houses: "tuple[int, ...]" = tuple(unique(self._full))

    @cached_property
    def kinds(self) -> "tuple[list[list[int]], list[list[int]], list[list[int]]]":
        """(classic, lattice, irregular) groups of disjoint houses: rows, columns (and boxes) as in the
        classic solver; translated houses on a lattice the classic folds can gather (diagonals,
        windows); the others (Jigsaw regions together, extra regions, cages of `side` cells)."""
        n = self.side
        full = self._full
        classic, rest = [full[:n], full[n:2 * n]], []
        if self.boxes:
            classic.append(full[2 * n:3 * n])
        else:
            rest.append(full[2 * n:3 * n])  # Jigsaw regions
        by_shape: "dict[int, list[int]]" = ordered_dict()
        for house in unique(full[3 * n:]):
            if house not in full[:3 * n]:  # a house already in a kind adds nothing
                by_shape.setdefault(house >> _low(house), []).append(house)  # its shape: moved to cell 0
        lattice, odd = [], []
        for shape, houses in by_shape.items():
            for group in _disjoint_groups(houses):
                (lattice if _fold_plan(set_bits(shape)) else odd).append(group)
        return classic, lattice, rest + _disjoint_groups(h for group in odd for h in group)


def _disjoint_groups(houses) -> "list[list[int]]":
    """The houses in groups of pairwise disjoint ones, each house in the first group it fits, in order."""
    groups: "list[list[int]]" = []
    cells: "list[int]" = []
    for house in houses:
        for k, taken in enumerate(cells):
            if not taken & house:
                cells[k] |= house
                groups[k].append(house)
                break
        else:
            groups.append([house])
            cells.append(house)
    return groups


def _fold_plan(offsets: "list[int]") -> "list[tuple[int, int]] | None":
    """Folds (step, length) that gather cells at `offsets` (from the first) onto it, when the offsets are a
    lattice: {0, s, 2s, ...} + {0, t, 2t, ...} + ... (a row, a box, a diagonal); None otherwise."""
    wanted = set(offsets)
    reached, plan = {0}, []
    while reached != wanted:
        step = min(wanted - reached)
        length = 1
        while {r + length * step for r in reached} <= wanted:
            length += 1
        if length == 1:
            return None
        reached = {r + k * step for r in reached for k in range(length)}
        plan.append((step, length))
    return plan if len(reached) == len(offsets) else None


@lru_cache(maxsize=None)
def _maker(kind: str, terms: int) -> "Callable":
    """A function (masks, shifts, lead) -> the gather, scatter or mark function of `terms` terms, written out
    as straight-line code (compiled once per kind and size; the masks and shifts of each set of houses
    are bound as closure variables). Every shift is to the right: the input is first moved `lead` bits
    left, which makes each offset plus `lead` non-negative.

    gather(packed) -> (once, twice): each masked cell moved onto its anchor, counting to two;
    mark(packed) -> a bit at each anchor with a masked cell set; scatter(anchor bits) -> the masked cells
    of the anchors that are set."""
    masks = ", ".join("m" + str(k) for k in range(terms))
    shifts = ", ".join("s" + str(k) for k in range(terms))
    body = ["def make(masks, shifts, lead):", f" ({masks},) = masks", f" ({shifts},) = shifts", f" def {kind}(p):",
            "  q = p << lead"]
    if kind == "gather":
        body += ["  o = (q & m0) >> s0", "  w = 0"]
        for k in range(1, terms):
            body += [f"  x = (q & m{k}) >> s{k}", "  w |= o & x", "  o |= x"]
        body.append("  return o, w")
    else:
        term = "((q & m{k}) >> s{k})" if kind == "mark" else "((q >> s{k}) & m{k})"
        body.append("  return " + " | ".join(term.format(k=k) for k in range(terms)))
    body.append(f" return {kind}")
    namespace: dict = {}
    exec("\n".join(body), namespace)  # noqa: S102 - source built here from integers only
    return namespace["make"]


def _by_offset(placed: "list[tuple[int, int]]", spread: int) -> "dict[int, int]":
    """For (anchor, cells as a board) pairs: the packed mask of the cells at each offset (cell - anchor)."""
    masks: "dict[int, int]" = {}
    get = masks.get
    for anchor, cells in placed:
        while cells:
            low = cells & -cells
            offset = bit_length(low) - 1 - anchor
            masks[offset] = get(offset, 0) | low
            cells ^= low
    return {offset: mask * spread for offset, mask in sorted(masks.items())}


def _gatherer(masks: "dict[int, int]", kind: str = "gather") -> "Callable":
    """The gather or mark function (see `_maker`) of cells at offsets from their anchors."""
    lead = max(0, -min(masks))
    return _maker(kind, len(masks))(tuple(m << lead for m in masks.values()),
                                    tuple(o + lead for o in masks), lead)


def _scatterer(masks: "dict[int, int]") -> "Callable[[int], int]":
    """scatter(anchor bits) -> every cell of `masks` whose anchor is set."""
    lead = max(0, max(masks))
    return _maker("scatter", len(masks))(tuple(masks.values()), tuple(lead - o for o in masks), lead)


def lattice_kind(group: "list[int]", spread: int) -> "tuple[int, int, tuple[Fold, ...]]":
    """A group of translated houses as a classic unit kind: (anchors, spread over a unit, folds)."""
    shape = group[0] >> _low(group[0])
    anchors = sum(1 << _low(h) for h in group) * spread
    return anchors, shape, tuple(_folder(*f) for f in _fold_plan(set_bits(shape)))


def irregular_kind(group: "list[int]", n: int, spread: int) -> IrregularKind:
    """Disjoint houses of any shapes (see `IrregularKind`), numbered by their mean column: then a cell
    and the cell it is gathered onto are near, and the houses share most of the offsets between them
    (one masked shift each)."""
    houses = stable_sorted(group, lambda h: _axis_sum(h, n, False))
    row = (1 << n) - 1
    placed = [(j * n + i, house & row << (j * n)) for i, house in enumerate(houses) for j in range(n)
              if house & row << (j * n)]
    masks = _by_offset(placed, spread)
    return IrregularKind(sum(1 << i for i in range(len(houses))) * spread, _gatherer(masks), _folder(n, n),
                         sum(1 << (j * n) for j in range(n)), _scatterer(masks))


def pair_lock(one: "list[int]", other: "list[int]", n: int, spread: int) -> PairLock:
    """The locked-candidates table between two kinds of houses (as boards), in the layout that needs the
    fewest distinct shifts: either kind as C, its houses by mean column; the T houses by mean row, a row
    of marks for each row of the grid, or, when the T houses' first cells are evenly spaced (the boxes
    along a diagonal), a row of marks at each first cell. A house that meets no house of the other kind
    is left out: it has nothing to say about them."""
    in_other = sum(other)  # the houses of a kind are disjoint: their sum is their union
    one = [h for h in one if h & in_other]
    in_one = sum(one)
    other = [h for h in other if h & in_one]
    options = []
    for c_kind, t_kind, in_c in ((one, other, in_one), (other, one, in_other)):
        c_houses = stable_sorted(c_kind, lambda h: _axis_sum(h, n, False))
        m, t_outside = len(c_houses), any(t & ~in_c for t in t_kind)
        layouts = [(stable_sorted(t_kind, lambda h: _axis_sum(h, n, True)), 0, n)]
        t_first = sorted(t_kind, key=_low)
        lows = [_low(t) for t in t_first]
        step = lows[1] - lows[0] if len(lows) > 1 else n
        if all(b - a == step for a, b in zip(lows, lows[1:])) and step >= m + t_outside \
                and (t_first, lows[0], step) != (layouts[0][0], 0, n):
            layouts.append((t_first, lows[0], step))
        for t_houses, base, step in layouts:
            marks = _marks(c_houses, t_houses, n)
            p = len(t_houses)
            c_outside = marks[-1][0] == p  # _marks puts the parts of C houses outside every T house last
            if base + (p - 1 + c_outside) * step + m + t_outside > n * n:
                continue  # the marks would run off the board
            placed = [(base + j * step + i, cells) for j, i, cells in marks]
            shape = 0  # bit n * n + o for each offset o from a mark cell to a cell it marks
            for at, cells in placed:
                shape |= cells << (n * n) >> at
            options.append((bit_count(shape), c_houses, t_houses, base, step, marks, placed, c_outside, t_outside))
    _, c_houses, t_houses, base, step, marks, placed, c_outside, t_outside = min(options, key=lambda o: o[0])
    m, p = len(c_houses), len(t_houses)
    pointing, claiming = [0] * (n * n), [0] * (n * n)
    for j, i, _ in marks:
        if j < p and i < m:
            pointing[base + j * step + i] = t_houses[j] & ~c_houses[i]
            claiming[base + j * step + i] = c_houses[i] & ~t_houses[j]
    rows = sum(1 << (j * step) for j in range(p))
    return PairLock(
        _gatherer(_by_offset(placed, spread), "mark"), _folder(step, p + c_outside), _folder(1, m + t_outside),
        ((1 << m) - 1 << base) * spread, (rows << base) * spread, rows, (1 << m) - 1, tuple(pointing),
        tuple(claiming))


def _marks(c_houses: "list[int]", t_houses: "list[int]", n: int) -> "list[tuple[int, int, int]]":
    """(j, i, cells as a board) of every non-empty intersection of T house j and C house i, and of the
    "outside" parts (i = m, j = p; see `PairLock`), those of the C houses last."""
    m, p = len(c_houses), len(t_houses)
    in_c, in_t = sum(c_houses), sum(t_houses)  # disjoint houses: the sum is the union
    marks = []
    for j, t in enumerate(t_houses):
        for i, c in enumerate(c_houses):
            if t & c:
                marks.append((j, i, t & c))
        if t & ~in_c:
            marks.append((j, m, t & ~in_c))
    for i, c in enumerate(c_houses):
        if c & ~in_t:
            marks.append((p, i, c & ~in_t))
    return marks


@lru_cache(maxsize=None)
def _weights(n: int, across: bool) -> "tuple[tuple[int, int], ...]":
    """(2^b, the cells whose row number (across) or column number has bit b set, as a board) for each
    bit b of the numbers 0 .. n - 1: a board's sum of those numbers is then a few popcounts."""
    out = []
    for b in range(max(1, bit_length(n - 1))):
        cells = sum(1 << (r * n + c) for r in range(n) for c in range(n) if (r if across else c) >> b & 1)
        out.append((1 << b, cells))
    return tuple(out)


@lru_cache(maxsize=1 << 12)  # rows and columns recur in every set of rules, a region in several pairs
def _axis_sum(board: int, n: int, across: bool) -> int:
    """The sum of the row numbers (across) or column numbers of the cells of `board`."""
    return sum(weight * bit_count(board & cells) for weight, cells in _weights(n, across))


def _board(cells) -> int:
    return sum(1 << c for c in cells)


def _low(board: int) -> int:
    """The lowest cell of a board."""
    return bit_length(board & -board) - 1


def set_bits(board: int) -> "list[int]":
    """The indexes of a board's set bits, lowest first: a board's cells, a mask's digits (0-based)."""
    out = []
    while board:
        low = board & -board
        out.append(bit_length(low) - 1)
        board ^= low
    return out


def locked_pairs(kinds: "list[list[int]]", n: int, spread: int, boxes: bool) -> "tuple[PairLock, ...]":
    """A `PairLock` for each two kinds with an intersection of two cells or more, but rows and columns
    (one cell) and, when the boxes are houses, a box and a line (the classic solver's own rule)."""
    locks = []
    for a in range(len(kinds)):
        for b in range(max(a + 1, 3 if boxes else 2), len(kinds)):  # not rows, columns and boxes among themselves
            if any(bit_count(x & y) >= 2 for x in kinds[a] for y in kinds[b]):
                locks.append(pair_lock(kinds[a], kinds[b], n, spread))
    return tuple(locks)


def pair_eliminations(pairs: "tuple[PairLock, ...]", cands: int, stride: int) -> int:
    """Packed candidates that locked candidates between two kinds of houses remove (see
    `PairLock`), from the packed open candidates `cands`. A house whose digit is marked in one
    intersection only clears the rest of the other house, when that house has the digit elsewhere
    too (two marks or more: the rest are not worth a look)."""
    gone = 0
    for lock in pairs:
        marks = lock.gather(cands)
        once_c, twice_c = lock.fold_c(marks, 0)
        once_t, twice_t = lock.fold_t(marks, 0)
        lone_c = once_c & ~twice_c & lock.c_anchors
        lone_t = once_t & ~twice_t & lock.t_anchors
        if lone_c:
            # a C house confined to one intersection; worth it when its T house has other marks
            point = (lone_c * lock.col_spread) & marks & ((twice_t & lock.t_anchors) * lock.row_spread)
            while point:
                low = point & -point
                d, at = divmod(bit_length(low) - 1, stride)
                gone |= lock.pointing[at] << (d * stride)
                point ^= low
        if lone_t:
            claim = (lone_t * lock.row_spread) & marks & ((twice_c & lock.c_anchors) * lock.col_spread)
            while claim:
                low = claim & -claim
                d, at = divmod(bit_length(low) - 1, stride)
                gone |= lock.claiming[at] << (d * stride)
                claim ^= low
    return gone
