"""Killer cages laid over a solved grid, and the edits that make a caging unique.

`lay_cages` cuts the grid into orthogonally connected cages of distinct digits, mostly 2 to 4 cells (sizes
drawn from `cage_sizes`), a lone cell only where no touching cage can take it. Cages alone rarely pin one
solution at once; `killing_edits` then looks at a second solution and lists the small changes around the
cells where it differs that rule it out: a cell moved to a touching cage, a cage split in two, two touching
cages merged. A cage rules a solution out when, over its cells, the solution's digits add up to another
total or repeat.
"""
from ..core.compat import combinations
from .jigsaw import is_connected, orthogonal
from .rules import Cage

__all__ = ["MAX_CAGE", "cage_sizes", "lay_cages", "killing_edits", "as_cages"]

#: The largest cage a merge or a move may make (laid cages are smaller; see `cage_sizes`).
MAX_CAGE = 6


def _largest(side: int) -> int:
    """The largest cage on a grid of `side`: a cage of a whole house's size would only repeat the house."""
    return min(MAX_CAGE, side - 1)

Cut = "list[tuple[int, ...]]"  # a caging: each cage's cells, in increasing order


def cage_sizes(side: int) -> "tuple[int, ...]":
    """The sizes a new cage is drawn from, as in printed Killers: mostly 2 to 4 cells, some fives (on
    small grids at most side - 1 cells, so a cage never fixes a whole house's digits)."""
    return tuple(s for s in (2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5) if s < side)


def lay_cages(values: "Sequence[int]", side: int, rng: "Random") -> "list[tuple[int, ...]]":
    """A random caging of the solved grid `values`: connected cages of distinct digits."""
    owner = [-1] * (side * side)
    cages: "list[list[int]]" = []
    sizes = cage_sizes(side)
    order = list(range(side * side))
    rng.shuffle(order)
    for start in order:
        if owner[start] >= 0:
            continue
        cage = [start]
        owner[start] = len(cages)
        size = rng.choice(sizes)
        while len(cage) < size:
            digits = {values[c] for c in cage}
            frontier = sorted({j for c in cage for j in orthogonal(c, side)
                               if owner[j] < 0 and values[j] not in digits})
            if not frontier:
                break
            grow = rng.choice(frontier)
            owner[grow] = len(cages)
            cage.append(grow)
        cages.append(cage)
    # A lone cell joins the smallest touching cage without its digit, if one has room.
    for cage in cages:
        if len(cage) != 1:
            continue
        cell = cage[0]
        options = sorted((len(cages[owner[j]]), owner[j]) for j in orthogonal(cell, side)
                         if len(cages[owner[j]]) < _largest(side) and values[cell] not in {values[c] for c in cages[owner[j]]})
        if options:
            home = options[0][1]
            cages[home].append(cell)
            owner[cell] = home
            cage.clear()
    return [tuple(sorted(c)) for c in cages if c]


def as_cages(cut: Cut, values: "Sequence[int]") -> "tuple[Cage, ...]":
    """The cages of `cut` with their totals in the solution `values`, in order of their first cell."""
    return tuple(Cage(cells, sum(values[i] for i in cells)) for cells in sorted(cut))


def _breaks(cells: "Sequence[int]", values: "Sequence[int]", other: "Sequence[int]") -> bool:
    """Does a cage on `cells` (total taken from `values`) rule out the grid `other`?"""
    digits = [other[i] for i in cells]
    return sum(digits) != sum(values[i] for i in cells) or len(set(digits)) != len(digits)


def _distinct(cells: "Sequence[int]", values: "Sequence[int]") -> bool:
    return len({values[i] for i in cells}) == len(cells)


def _edits_at(cell: int, cut: Cut, owner: "list[int]", values: "Sequence[int]", side: int) -> "list[Cut]":
    """Every caging one small edit away around `cell`, each keeping cages connected with distinct digits
    and making no new lone cell."""
    home = cut[owner[cell]]
    rest = tuple(c for c in home if c != cell)
    out: "list[Cut]" = []

    def replaced(old: "list[int]", new: "list[tuple[int, ...]]") -> Cut:
        return [c for k, c in enumerate(cut) if k not in old] + [tuple(sorted(c)) for c in new if c]

    touching = sorted({owner[j] for j in orthogonal(cell, side)} - {owner[cell]})
    for k in touching:
        other = cut[k]
        # the cell moves to a touching cage
        if len(rest) != 1 and len(other) < _largest(side) and _distinct(other + (cell,), values) \
                and (not rest or is_connected(rest, side)):
            out.append(replaced([owner[cell], k], [rest, other + (cell,)]))
        # its cage and a touching one merge
        if len(home) + len(other) <= _largest(side) and _distinct(home + other, values):
            out.append(replaced([owner[cell], k], [home + other]))
    # its cage splits into two connected parts of two cells or more
    for size in range(2, len(home) - 1):
        for part in combinations(home, size):
            if cell in part:
                left = tuple(c for c in home if c not in part)
                if is_connected(part, side) and is_connected(left, side):
                    out.append(replaced([owner[cell]], [part, left]))
    return out


def killing_edits(cut: Cut, values: "Sequence[int]", other: "Sequence[int]", side: int) -> "list[Cut]":
    """The cagings one small edit away from `cut`, around the cells where the solution `other` differs
    from `values`, under which `other` is no longer a solution (each changed cage checked)."""
    owner = [0] * (side * side)
    for k, cells in enumerate(cut):
        for i in cells:
            owner[i] = k
    before = set(cut)
    found = []
    for cell in (i for i in range(side * side) if values[i] != other[i]):
        for edit in _edits_at(cell, cut, owner, values, side):
            if any(_breaks(cells, values, other) for cells in edit if cells not in before):
                found.append(edit)
    return found
