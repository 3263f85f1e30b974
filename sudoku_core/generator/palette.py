"""Constraints of the setters' palette laid over a solved grid: each one a random clue of its kind that the
grid keeps (`constraints.holds`), for the variant generator, the benchmark sets and the tests.

    >>> lay("thermometer", solution.values, 9, random.Random(1))   # a Constraint, or None

A line is a random walk from a random cell over neighbouring cells (diagonal steps included) that keeps
the kind's rule at each step; a dot or an XV is a pair of orthogonal neighbours whose digits make its
relation; clues outside the grid (little killers, sandwiches) read the grid's own sums. A kind the grid
gives no instance of within `tries` draws gives None.
"""
from ..variants.constraints import DIRECTIONS, KINDS, Constraint, check, holds, whisper_gap

__all__ = ["lay", "lay_many"]

#: The longest line laid (a thermometer of 9 on 9x9 would give its row away at once).
MAX_LINE = 6


def _steps(cell: int, n: int, diagonal: bool = True) -> "list[int]":
    r, c = divmod(cell, n)
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr or dc) and (diagonal or not (dr and dc)) and 0 <= r + dr < n and 0 <= c + dc < n:
                out.append((r + dr) * n + c + dc)
    return out


def _walk(start: int, length: int, n: int, rng: "Random", ok: "Callable[[list[int], int], bool]",
          diagonal: bool = True) -> "list[int]":
    """A path from `start` of up to `length` cells, each step to a neighbour not yet on it that `ok` takes."""
    path = [start]
    while len(path) < length:
        options = [j for j in _steps(path[-1], n, diagonal) if j not in path and ok(path, j)]
        if not options:
            break
        path.append(rng.choice(options))
    return path


def _one(kind: str, v: "Sequence[int]", n: int, rng: "Random", plain: bool) -> "Constraint | None":
    """One draw of a `kind` clue over the solved grid `v`; None when this draw found none (or, when `plain`,
    found a dot other than the usual: a difference of 1, a ratio of 2)."""
    cell = rng.randrange(n * n)
    length = rng.randint(2, min(n, MAX_LINE))
    if kind in ("thermometer", "slow_thermometer", "whispers", "renban", "palindrome", "between"):
        gap = whisper_gap(n)
        rules: "dict[str, Callable[[list[int], int], bool]]" = {
            "thermometer": lambda p, j: v[j] > v[p[-1]],
            "slow_thermometer": lambda p, j: v[j] >= v[p[-1]],
            "whispers": lambda p, j: abs(v[j] - v[p[-1]]) >= gap,
            "renban": lambda p, j: v[j] not in {v[i] for i in p}
            and max(v[j], *(v[i] for i in p)) - min(v[j], *(v[i] for i in p)) < length,
            "palindrome": lambda p, j: len(p) + 1 < length or v[j] == v[p[0]],
            "between": lambda p, j: len(p) + 1 < length or abs(v[j] - v[p[0]]) > 1,
        }
        if kind == "palindrome":
            length = rng.choice((3, 3, 5)) if n >= 4 else 3
        if kind == "between":
            length = max(3, length)
        path = _walk(cell, length, n, rng, rules[kind])
        return Constraint(kind, tuple(path)) if len(path) >= 2 else None
    if kind in ("white_dot", "black_dot", "xv"):
        j = rng.choice(_steps(cell, n, diagonal=False))
        a, b = v[cell], v[j]
        low, high = sorted((a, b))
        if kind == "white_dot":
            if plain and high - low != 1:
                return None
            return Constraint(kind, (cell, j), None if high - low == 1 else high - low)
        if kind == "black_dot":
            if high % low or (plain and high != 2 * low):
                return None
            return Constraint(kind, (cell, j), None if high == 2 * low else high // low)
        return Constraint(kind, (cell, j), a + b) if a + b in (5, 10) else None
    if kind == "arrow":
        head = (cell,) if n < 4 or rng.random() < 0.8 else tuple(_walk(cell, 2, n, rng, lambda p, j: True))
        target = int("".join(str(v[i]) for i in head))
        start = [j for j in _steps(head[-1], n) if j not in head]
        shaft = _walk(rng.choice(start), n, n, rng,
                      lambda p, j: j not in head and sum(v[i] for i in p) < target)
        while shaft and sum(v[i] for i in shaft) > target:
            shaft.pop()
        return Constraint(kind, tuple(shaft), head=head) if sum(v[i] for i in shaft) == target else None
    if kind == "little_killer":
        direction = rng.choice(sorted(DIRECTIONS))
        dr, dc = DIRECTIONS[direction]
        r, c = divmod(cell, n)
        while 0 <= r - dr < n and 0 <= c - dc < n:  # back to the edge: the clue stands just outside
            r, c = r - dr, c - dc
        cells = []
        while 0 <= r < n and 0 <= c < n:
            cells.append(r * n + c)
            r, c = r + dr, c + dc
        return Constraint(kind, tuple(cells), sum(v[i] for i in cells), direction=direction)
    if kind == "sandwich":
        line = rng.randrange(n)
        cells = tuple(line * n + c for c in range(n)) if rng.random() < 0.5 else tuple(r * n + line for r in range(n))
        digits = [v[i] for i in cells]
        low, high = sorted((digits.index(1), digits.index(n)))
        return Constraint(kind, cells, sum(digits[low + 1:high]))
    if kind in ("odd", "even"):
        return Constraint(kind, (cell,)) if v[cell] % 2 == (kind == "odd") else None
    if kind == "quadruple":
        r, c = rng.randrange(n - 1), rng.randrange(n - 1)
        cells = (r * n + c, r * n + c + 1, (r + 1) * n + c, (r + 1) * n + c + 1)
        digits = rng.sample([v[i] for i in cells], rng.randint(1, 4))
        return Constraint(kind, cells, digits=tuple(sorted(digits)))
    if kind in ("minimum", "maximum"):  # a cell, or now and then two touching ones
        group = (cell,) if rng.random() < 0.7 else (cell, rng.choice(_steps(cell, n, diagonal=False)))
        return Constraint(kind, group)
    if kind == "clone":
        twin = rng.randrange(n * n)
        size = rng.randint(1, 3)
        shape = _walk(0, size, n, rng, lambda p, j: True, diagonal=False)  # a small shape from cell 0
        shape = [divmod(i, n) for i in shape]
        (r0, c0), (r1, c1) = divmod(cell, n), divmod(twin, n)
        if not all(0 <= r0 + r < n and 0 <= c0 + c < n and 0 <= r1 + r < n and 0 <= c1 + c < n for r, c in shape):
            return None
        cells = tuple((r0 + r) * n + c0 + c for r, c in shape)
        head = tuple((r1 + r) * n + c1 + c for r, c in shape)
        if set(cells) & set(head) or any(v[a] != v[b] for a, b in zip(cells, head)):
            return None
        return Constraint(kind, cells, head=head)
    raise ValueError(f"unknown constraint {kind!r} (known: {', '.join(KINDS)})")


def lay(kind: str, values: "Sequence[int]", n: int, rng: "Random", tries: int = 200,
        plain: bool = False) -> "Constraint | None":
    """A random `kind` clue that the solved grid `values` (row by row, side `n`) keeps; None when `tries`
    draws found none. `plain`: Kropki dots of the usual values only (white 1 apart, black twice). ValueError
    for a kind not in `constraints.KINDS`."""
    for _ in range(tries):
        found = _one(kind, values, n, rng, plain)
        if found is not None and check(found, n) is None and holds(found, values, n):
            return found
    return None


def lay_many(kinds: "Sequence[str]", count: int, values: "Sequence[int]", n: int, rng: "Random",
             taken: "set[int] | None" = None, plain: bool = False) -> "list[Constraint]":
    """Up to `count` clues of kinds drawn from `kinds` over `values`, lines and dots not sharing cells
    with each other nor with `taken` (which grows with theirs), as setters draw them."""
    taken = set() if taken is None else taken
    out = []
    for _ in range(count * 4):
        if len(out) == count:
            break
        found = lay(rng.choice(list(kinds)), values, n, rng, tries=50, plain=plain)
        if found is None:
            continue
        cells = set(found.cells) | set(found.head)
        if found.kind in ("sandwich", "little_killer"):
            if any(c.kind == found.kind and c.cells == found.cells for c in out):
                continue
            cells = set()  # outside clues: their cells stay open to others
        elif cells & taken:
            continue
        taken |= cells
        out.append(found)
    return out
