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
from ..core.compat import TYPE_CHECKING, bit_length, ordered_dict
from ..core.grid import Grid
from ..core.shape import Shape

if TYPE_CHECKING:
    from ..variants.rules import Rules


def bits(mask: int):
    """The positions of the set bits of `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield bit_length(low) - 1
        mask ^= low


def first_bit(mask: int) -> int:
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
        self.unit_cells = dict(zip(self.unit_names, self.units))
        self.unit_cells.update((cage.name(shape), cage.cells) for cage in self.cages)
        # a palette constraint's step names it as its unit, so the page draws its cells (head first)
        self.unit_cells.update((c.name(n), tuple(c.head) + tuple(c.cells)) for c in (rules.constraints if rules else ()))


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

    __slots__ = ("t", "values", "cands", "_pos", "unique", "givens")

    def __init__(self, t: Tables, values: list[int], cands: list[int], unique: bool = False,
                 givens: "int | None" = None) -> None:
        self.t = t
        self.values = values
        self.cands = cands
        self._pos: "list[int] | None" = None
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
        return Board(self.t, list(self.values), list(self.cands), self.unique, self.givens)

    # -- derived boards ------------------------------------------------------------------------
    def positions(self) -> list[int]:
        """For each digit (0-based), the cell board of the cells where it is a candidate."""
        pos = self._pos
        if pos is None:
            pos = [0] * self.t.n
            for i, m in enumerate(self.cands):
                while m:
                    low = m & -m
                    pos[bit_length(low) - 1] |= 1 << i
                    m ^= low
            self._pos = pos
        return pos

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
        self._pos = None

    def eliminate(self, cell: int, digit: int) -> None:
        self.cands[cell] &= ~(1 << (digit - 1))
        self._pos = None

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
