"""Random Jigsaw regions, and the grid geometry cages and regions share (orthogonal neighbours, connection).

Regions start as the boxes and are reshaped by random *swaps* between two touching regions: a cell of one
moves to the other and a cell of the other, touching the first, moves back, so every region keeps `side`
cells; a swap that would cut a region in two is undone. After some `side * side * SWAPS_PER_CELL` swaps
the regions no longer look like boxes; a layout that still draws the boxes of some shape (or rows) is
drawn again.
"""
from ..core.compat import lru_cache

__all__ = ["orthogonal", "is_connected", "random_regions", "box_tilings"]

#: Successful swaps per cell of the grid: enough that no trace of the boxes is left.
SWAPS_PER_CELL = 3


@lru_cache(maxsize=None)
def _neighbours(side: int) -> "tuple[tuple[int, ...], ...]":
    out = []
    for i in range(side * side):
        r, c = divmod(i, side)
        out.append(tuple(a * side + b for a, b in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
                         if 0 <= a < side and 0 <= b < side))
    return tuple(out)


def orthogonal(cell: int, side: int) -> "tuple[int, ...]":
    """The cells above, left, right and below `cell` on a grid of `side` cells a side."""
    return _neighbours(side)[cell]


def is_connected(cells: "Iterable[int]", side: int) -> bool:
    """Do `cells` form one orthogonally connected piece? (No cells: False.)"""
    cells = set(cells)
    if not cells:
        return False
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for j in orthogonal(todo.pop(), side):
            if j in cells and j not in seen:
                seen.add(j)
                todo.append(j)
    return len(seen) == len(cells)


@lru_cache(maxsize=None)
def box_tilings(side: int) -> "tuple[frozenset[frozenset[int]], ...]":
    """Every way to cut the grid into boxes of r x (side/r) cells, rows (r = 1) and columns included: a
    Jigsaw layout equal to one of these is no Jigsaw."""
    out = []
    for rows in range(1, side + 1):
        if side % rows:
            continue
        cols = side // rows
        out.append(frozenset(frozenset((br + r) * side + bc + c for r in range(rows) for c in range(cols))
                             for br in range(0, side, rows) for bc in range(0, side, cols)))
    return tuple(out)


def _swap(owner: "list[int]", side: int, rng: "Random") -> bool:
    """One random swap between two touching regions; False (and `owner` unchanged) when none was made."""
    a = rng.randrange(side * side)
    home = owner[a]
    away = [owner[j] for j in orthogonal(a, side) if owner[j] != home]
    if not away:
        return False
    other = rng.choice(away)
    owner[a] = other
    # a cell of `other` touching `home` (now without a) goes back, so both keep `side` cells
    back = [c for c in range(side * side) if owner[c] == other and c != a
            and any(owner[j] == home for j in orthogonal(c, side))]
    if back:
        c = rng.choice(back)
        owner[c] = home
        if (is_connected((i for i in range(side * side) if owner[i] == home), side)
                and is_connected((i for i in range(side * side) if owner[i] == other), side)):
            return True
        owner[c] = other
    owner[a] = home
    return False


def random_regions(shape: "Shape", rng: "Random") -> "tuple[tuple[int, ...], ...]":
    """`shape.side` connected regions of `shape.side` cells each, partitioning the grid, that are not the
    boxes of any shape (nor rows or columns). Regions are in order of their first cell, their cells in
    increasing order. (Many layouts have no grid at all; the generator tries another.)"""
    n = shape.side
    while True:
        owner = [shape.box_of(i) for i in range(n * n)]
        swaps = 0
        while swaps < SWAPS_PER_CELL * n * n:
            swaps += _swap(owner, n, rng)
        regions = tuple(sorted(tuple(i for i in range(n * n) if owner[i] == k) for k in range(n)))
        if frozenset(frozenset(r) for r in regions) not in box_tilings(n):
            return regions
