"""The working state of human-style solving: cell values plus one candidate bitmask per cell.

Conventions used by every technique module:
  * a *candidate mask* has bit d-1 set when digit d may stand in a cell (0 for a filled cell);
  * a *cell board* is an int with bit i set for cell i (as in `Shape.peer_masks`);
  * digits are 1..n in the public data (`Step`), 0-based bit positions inside masks.

`Tables` holds what the techniques look up again and again (unit cells and masks, the box-line
intersections, which line a cell is in), computed once per shape, or per shape and variant rules: then
the units are the rules' full houses (rows, columns, boxes or regions, diagonals, windows, extra regions
of n cells, in that order, so rows, columns and boxes/regions keep their places 0..3n-1) and the peers
the rules' (cage mates and chess moves included).
"""
import sys

from ..core.compat import TYPE_CHECKING, bit_count, bit_length, combinations, ordered_dict, perf_counter
from ..core.grid import Grid
from ..core.shape import Shape

if TYPE_CHECKING:
    from ..variants.rules import Rules


#: The set bits of every mask below 2**9 (a cell's candidates, a house's places in 9x9 and smaller grids).
_SMALL = 1 << 9
_BITS = tuple(tuple(k for k in range(9) if m >> k & 1) for m in range(_SMALL))
#: A single bit x = 2**k past those, told by `BIT_AT[x % BIT_MOD]` = k: 2**k % 2053 differs for every k < 2052
#: (2 is a primitive root of 2053), so a cell board's bits (and a chain search's node sets on 9x9) are read
#: without `bit_length`, a Python function on MicroPython that reads a big int through a float (twice the cost).
BIT_MOD = 2053
BIT_LIMIT = 1 << (BIT_MOD - 1)  # masks below this
_at = [0] * BIT_MOD
for _k in range(BIT_MOD - 1):
    _at[(1 << _k) % BIT_MOD] = _k
BIT_AT = tuple(_at)
del _at


def bits(mask: int):
    """The positions of the set bits of `mask` (not negative), lowest first: a tuple or a list.

    Not a generator: on MicroPython a generator costs tens of microseconds a call and a `bit_length` several,
    where a mask below 2**9 takes one table lookup (the common case: a cell's candidates); on CPython this is
    as fast or faster."""
    if mask < _SMALL:
        return _BITS[mask]
    out = []
    if mask < BIT_LIMIT:
        while mask:
            low = mask & -mask
            out.append(BIT_AT[low % BIT_MOD])
            mask ^= low
    else:
        while mask:
            low = mask & -mask
            out.append(bit_length(low) - 1)
            mask ^= low
    return out


if sys.implementation.name == "micropython":
    def choose(items, r: int) -> list:
        """The `r`-item combinations of `items`, in `itertools.combinations`' order, as a list: compat's generator
        builds each through a generator expression, tens of microseconds an item on MicroPython; these
        comprehensions take a microsecond or two."""
        pool = items if isinstance(items, (list, tuple)) else [x for x in items]
        n = len(pool)
        if r == 2:
            return [(pool[i], pool[j]) for i in range(n) for j in range(i + 1, n)]
        if r == 3:
            return [(pool[i], pool[j], pool[k]) for i in range(n) for j in range(i + 1, n) for k in range(j + 1, n)]
        if r < 1:
            return [()] if r == 0 else []
        grown = [((pool[i],), i) for i in range(n)]
        for _ in range(r - 1):
            grown = [(chosen + (pool[j],), j) for chosen, i in grown for j in range(i + 1, n)]
        return [chosen for chosen, _ in grown]
else:
    choose = combinations  # CPython's, in C: lazy and faster still


#: Seconds of work between the pauses of a search written in parts (see `pause_due`).
PAUSE_SECONDS = 0.25
_paused = [0.0]  # when the last pause came (perf_counter)


def pause_due() -> bool:
    """Whether a search written in parts (a generator: see `compat.drive`) should pause now, `PAUSE_SECONDS`
    after the last pause. The light engine collects garbage only in the pauses (`bridge.protocol.Task`), so they
    bound what a request holds; elsewhere a pause costs nothing. By the clock, not by work done: what a part
    allocates is about what the engine runs in that time, on any machine. The pauses never change a result."""
    now = perf_counter()
    if now - _paused[0] < PAUSE_SECONDS:
        return False
    _paused[0] = now
    return True


def first_bit(mask: int) -> int:
    if mask < _SMALL:
        return _BITS[mask][0] if mask else -1
    return bit_length(mask & -mask) - 1


class Tables:
    """Per-shape (or per shape and rules) lookup tables, cached by `tables(shape, rules)`.

    `rules` is None for classic Sudoku. `unit_cells` maps each unit's name (and each Killer cage's and
    palette constraint's) to its cells, for the JSON form of steps."""

    def __init__(self, shape: Shape, rules: "Rules | None" = None) -> None:
        n = self.n = shape.side
        self.shape = shape
        self.rules = rules
        self.cell_count = shape.cell_count
        if rules is None:
            units = shape.units
            self.unit_masks = shape.unit_masks
            self.peer_masks = shape.peer_masks
            self.peers = shape.peers
            self.cell_units = shape.cell_units
            self.cages: tuple = ()
        else:
            # Only houses of n cells hold every digit (hidden singles, strong links); smaller extra
            # regions, like cages, only make peers.
            units = [u for u in rules.houses if len(u.cells) == n]
            self.unit_masks = tuple(_board(u.cells) for u in units)
            self.peers = rules.peers
            self.peer_masks = tuple(_board(p) for p in self.peers)
            cell_units: list[list[int]] = [[] for _ in range(self.cell_count)]
            for k, u in enumerate(units):
                for i in u.cells:
                    cell_units[i].append(k)
            self.cell_units = tuple(tuple(u) for u in cell_units)
            self.cages = rules.cages
        self.units = tuple(u.cells for u in units)
        self.unit_names = tuple(_unit_name(u) for u in units)
        self.row_of = tuple(i // n for i in range(self.cell_count))
        self.col_of = tuple(i % n for i in range(self.cell_count))
        self.box_of = tuple(self.cell_units[i][2] - 2 * n for i in range(self.cell_count))
        self.all_cells = (1 << self.cell_count) - 1
        self.all_digits = (1 << n) - 1
        # Intersections: (unit index, earlier unit index, cells in both, first's rest, second's rest).
        # Classic: every box with every line. Variants: any two houses sharing two cells or more, so
        # locked candidates work between a diagonal and a box, a window and a row, ...
        inter = []
        for b in range(2 * n, len(units)):
            bm = self.unit_masks[b]
            for line in range(2 * n if rules is None else b):
                lm = self.unit_masks[line]
                both = bm & lm
                if both and (rules is None or both & (both - 1)):
                    inter.append((b, line, both, bm & ~both, lm & ~both))
        self.intersections = tuple(inter)
        # The same in each house's own frame, for the forcing chains' propagation (`places`): (first house,
        # second house, their offsets u * n, the slots of the first in both, the first's other slots, the
        # second's other slots, the first's cells, the second's cells); small ints, where the cell boards are
        # big ones.
        self.slot_intersections = tuple(
            (b, line, b * n, line * n, _slots(self.units[b], both), _slots(self.units[b], box_rest),
             _slots(self.units[line], line_rest), self.units[b], self.units[line])
            for b, line, both, box_rest, line_rest in inter)
        #: For each cell, (house, house * n, every slot bit but the cell's) for each house it is in: see `places`.
        self.cell_slots = tuple(tuple((u, u * n, ~(1 << self.units[u].index(i))) for u in self.cell_units[i])
                                for i in range(self.cell_count))
        #: `places` marks a digit standing in a house by this bit (past the house's n slots).
        self.placed = 1 << n
        #: The index of the lowest set bit of a digit mask or a house's slot mask: `low[x]` for x < 2**n (a byte
        #: table; a dict of the single bits past 16x16, whose masks are then isolated bits only). Cheaper than
        #: `bit_length` on MicroPython, where that is a Python function.
        self.low = _lowest_bits(n)
        #: The number of set bits of x < 2**n, `count[x]` (a byte table up to 16x16): see `Board.counts`.
        self.count = _bit_counts(n) if n <= 16 else _BitCounts()
        self.unit_cells = dict(zip(self.unit_names, self.units))
        self.unit_cells.update((cage.name(shape), cage.cells) for cage in self.cages)
        # a palette constraint's step names it as its unit, so the page draws its cells (head first)
        self.unit_cells.update((c.name(n), tuple(c.head) + tuple(c.cells)) for c in (rules.constraints if rules else ()))


def _slots(cells, board: int) -> int:
    """The slots (bit k: the house's k-th cell) of the cells of `cells` that are in cell board `board`."""
    return sum(1 << k for k, i in enumerate(cells) if board >> i & 1)


def _lowest_bits(n: int):
    if n > 16:
        return {1 << k: k for k in range(n)}
    table = bytearray(1 << n)
    for k in range(n):  # x in (2**k, 2**(k+1)) has the lowest bit of x - 2**k
        half = 1 << k
        table[half] = k
        table[half + 1:2 * half] = table[1:half]
    return bytes(table)


def _bit_counts(n: int) -> bytes:
    table = bytearray(1 << n)
    for k in range(n):  # x in [2**k, 2**(k+1)) has one bit more than x - 2**k
        half = 1 << k
        table[half:2 * half] = bytes(c + 1 for c in table[:half])
    return bytes(table)


class _BitCounts:
    """`bit_count` by subscript, past 16x16 (where a table of 2**n entries would be too big)."""

    def __getitem__(self, x: int) -> int:
        return bit_count(x)


def _board(cells) -> int:
    m = 0
    for i in cells:
        m |= 1 << i
    return m


#: How the rules' diagonals are named in sentences (the other houses keep "region 3", "window 2", ...).
_DIAGONALS = {"diagonal": "the main diagonal", "anti-diagonal": "the anti-diagonal"}


def _unit_name(unit) -> str:
    return _DIAGONALS.get(unit.kind) or str(unit)


_TABLES: dict = {}
_VARIANT_TABLES: dict = ordered_dict()  # least recently used first
#: Variant tables kept (each Killer puzzle has its own rules: a page's worker must not keep them all).
KEEP_VARIANTS = 8


def tables(shape: Shape, rules: "Rules | None" = None) -> Tables:
    """The tables for `shape` under `rules` (None or classic rules: the plain shape's)."""
    if rules is None or rules.is_classic:
        t = _TABLES.get(shape)
        if t is None:
            t = _TABLES[shape] = Tables(shape)
        return t
    if rules.shape != shape:
        raise ValueError(f"the rules are for {rules.shape.name}, the grid is {shape.name}")
    t = _VARIANT_TABLES.pop(rules, None) or Tables(shape, rules)
    _VARIANT_TABLES[rules] = t  # the most recent last
    if len(_VARIANT_TABLES) > KEEP_VARIANTS:
        del _VARIANT_TABLES[next(iter(_VARIANT_TABLES))]
    return t


class Board:
    """Values and candidate masks of one position; techniques read it, `apply` changes it."""

    __slots__ = ("t", "values", "cands", "_pos", "_places", "_counts", "unique", "givens", "pending")

    def __init__(self, t: Tables, values: list[int], cands: list[int], unique: bool = False,
                 givens: "int | None" = None, places: "list[int] | None" = None, pending=None) -> None:
        """`places`: what `places()` gives for these values and candidates, when already known; `pending`: see
        the attribute."""
        self.t = t
        self.values = values
        self.cands = cands
        self._pos: "list[int] | None" = None
        self._places = places
        self._counts: "list[int] | None" = None
        #: The forcing chains' cache (`forcing.settle`) of the pointing and claiming moves this position has
        #: pending: per house, the digits of those moves; () when there are none; None when not known yet.
        self.pending = pending
        #: True when the puzzle is known to have exactly one solution (uniqueness techniques may run)
        self.unique = unique
        #: The cell board of the puzzle's givens, when known: the other filled cells were placed by the
        #: solver, and only placed digits may swap (Avoidable Rectangles). None: not known.
        self.givens = givens

    @classmethod
    def from_grid(cls, grid: Grid, cands: "list[int] | None" = None, unique: bool = False,
                  rules: "Rules | None" = None, givens: "Grid | None" = None) -> "Board":
        """`givens`: the puzzle as given, when known (every given of it must stand in `grid`)."""
        t = tables(grid.shape, rules)
        values = list(grid.values)
        if cands is None:
            cands = start_candidates(t, values)
        return cls(t, values, list(cands), unique, None if givens is None else given_cells(givens))

    def copy(self) -> "Board":
        return Board(self.t, self.values[:], self.cands[:], self.unique, self.givens)

    # -- derived boards ------------------------------------------------------------------------
    def positions(self) -> list[int]:
        """For each digit (0-based), the cell board of the cells where it is a candidate."""
        pos = self._pos
        if pos is None:
            pos = [0] * self.t.n
            for i, m in enumerate(self.cands):
                for d in bits(m):
                    pos[d] |= 1 << i
            self._pos = pos
        return pos

    def places(self) -> list[int]:
        """For each house u and digit d (0-based), at u * n + d: the house's slots (bit k: its k-th cell) where d is
        a candidate, or `t.placed` when d stands in the house. The positions of `positions` house by house, in
        small ints: on MicroPython an int past 31 bits is a heap-allocated big int, and each operation on a cell
        board allocates one (the forcing chains' propagation works on these)."""
        pl = self._places
        if pl is None:
            t = self.t
            n = t.n
            low = t.low
            values, cands = self.values, self.cands
            pl = [0] * (len(t.units) * n)
            for u, cells in enumerate(t.units):
                base = u * n
                slot = 1
                for i in cells:
                    if values[i]:
                        pl[base + values[i] - 1] |= t.placed
                    m = cands[i]
                    while m:
                        bit = m & -m
                        pl[base + low[bit]] |= slot
                        m ^= bit
                    slot <<= 1
            self._places = pl
        return pl

    def counts(self) -> list[int]:
        """For each house u and digit d (0-based), at u * n + d: the number of the house's cells where d is a
        candidate (0 when it stands there): `bit_count(positions()[d] & t.unit_masks[u])` for every house and
        digit at once, in small ints (on MicroPython a big int's bit count takes tens of microseconds). The
        finders that look for houses where a digit has two places (strong links) or a few test these first."""
        counts = self._counts
        if counts is None:
            t = self.t
            table, placed = t.count, t.placed
            counts = self._counts = [0 if p & placed else table[p] for p in self.places()]
        return counts

    def is_solved(self) -> bool:
        return 0 not in self.values

    # -- changes -------------------------------------------------------------------------------
    def place(self, cell: int, digit: int) -> None:
        """Write `digit` (1..n) and remove it from the candidates of the cell's peers."""
        self.values[cell] = digit
        self.cands[cell] = 0
        bit = ~(1 << (digit - 1))
        cands = self.cands
        for p in self.t.peers[cell]:
            cands[p] &= bit
        self._pos = self._places = self._counts = self.pending = None

    def eliminate(self, cell: int, digit: int) -> None:
        self.cands[cell] &= ~(1 << (digit - 1))
        self._pos = self._places = self._counts = self.pending = None

    def apply(self, step) -> None:
        for cell, digit in step.placements:
            self.place(cell, digit)
        for cell, digit in step.eliminations:
            self.eliminate(cell, digit)

    def to_grid(self) -> Grid:
        return Grid(self.values, self.t.shape)


def given_cells(puzzle: Grid) -> int:
    """The cell board of the filled cells of `puzzle`."""
    return sum(1 << i for i, v in enumerate(puzzle.values) if v)


def start_candidates(t: Tables, values: list[int]) -> list[int]:
    """Pencil marks from the filled cells alone: every digit no peer holds (0 for filled cells)."""
    cands = []
    peers = t.peers
    full = t.all_digits
    for i, v in enumerate(values):
        if v:
            cands.append(0)
            continue
        m = full
        for p in peers[i]:
            w = values[p]
            if w:
                m &= ~(1 << (w - 1))
        cands.append(m)
    return cands
