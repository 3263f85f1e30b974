"""What the palette's constraints (`constraints.Constraint`) let each of their cells hold, for the variant
solver: one deduction per constraint, a function of its cells' candidates alone.

A deduction takes the candidate digits of the constraint's cells (a digit mask per cell, bit d for digit
d + 1, in the order of `Propagator.cells`) and gives each cell's digits that take part in some filling of
the constraint from those candidates (fewer when the kind is pruned by a cheaper rule; see each), or None
when there is none. Every deduction is exact on cells of one candidate each: it keeps them exactly when
`constraints.holds` does, so a full grid that breaks a constraint is refused by its deduction.

* lines of neighbour relations (thermometers, slow thermometers, whispers): arc consistency along the path,
  one pass forwards and one back, exact on a path;
* minimum / maximum: each cell of the group below (above) each orthogonal neighbour outside it, by bounds;
* sums (arrows, little killers): the line cut into runs of neighbouring cells in one house, whose digits
  are distinct (`_clique_sums`: each total a run can make); the sums the runs before each run can make,
  and those the runs after it can complete to a total the circle (or pill, or clue) can show, as bitmasks
  of totals (bit t for total t); a cell keeps a digit of a run's total that joins the two;
* equal cells (palindromes, clones): each pair keeps the digits both can hold;
* between lines: every pair of end digits, the cells inside keeping the digits strictly between;
* quadruples: every way of giving the listed digits to distinct cells; and each listed digit is one the
  quadruple needs (`Propagator.needs`): a cell that sees every cell that can take it loses it;
* sandwiches: every place of the 1 and the largest digit and every set of distinct digits adding up to the
  clue between them;
* a clue and a Killer cage that share two cells or more (`_with_cages`): every filling of both at once, so
  that a quadruple's digits and a cage's total, say, narrow each other.

Cells that hold one digit (`equal_groups`: clones, palindromes, one-cell arrows) share their peers
(`topology`). Renban lines are Killer cages whose digit sets are the runs of consecutive digits (the solver's cage
step); Kropki dots, XV, nonconsecutive and the negative constraint are relations between orthogonal
neighbours, done over whole boards (`pair_relations`); odd and even are masks set once (`static_masks`).
"""
from ..core.compat import bit_count, bit_length, combinations, lru_cache, permutations, product
from .constraints import Constraint, PAIRS, holds, neighbours, pill_number, whisper_gap
from .rules import Rules

#: Sums along a line with cells that see each other: the most fillings (by the product of the cells'
#: candidate counts) enumerated to keep its digits distinct there.
SUM_FILLINGS = 256
#: Sums along a line: the most fillings (product of candidate counts) of one run of cells in a house whose
#: totals are tabled with distinct digits (`_clique_sums`); a more open run is read cell by cell.
RUN_FILLINGS = 2_000
# "Deduce" in the annotations, a constraint's deduction: its cells' digit masks -> the digits each keeps,
# or None.


class Propagator:
    """One constraint as the search sees it: the cells its deduction reads (as a board too), the deduction,
    and what it concluded at each state of those cells (the same states recur all over a search)."""

    __slots__ = ("cells", "mask", "place", "deduce", "needs", "memo")

    def __init__(self, cells: "tuple[int, ...]", deduce: "Deduce", needs: int = 0) -> None:
        self.cells = cells
        self.mask = sum(1 << i for i in cells)
        self.place = {1 << i: k for k, i in enumerate(cells)}  # a cell's bit -> its place in `cells`
        self.deduce = deduce
        #: digits (bit d for digit d + 1) every filling puts in these cells: a cell outside that sees every
        #: cell that can take one cannot hold it, as in a house (a quadruple's digits)
        self.needs = needs
        self.memo: dict = {}


@lru_cache(maxsize=None)
def _digit_table(n: int) -> "tuple[tuple[int, ...], ...]":
    return tuple(tuple(d for d in range(n) if m >> d & 1) for m in range(1 << n))


def _lister(n: int) -> "Callable[[int], Sequence[int]]":
    """mask -> its digits (0-based): a table up to 12 digits, a loop past that."""
    if n <= 12:
        table = _digit_table(n)
        try:
            return table.__getitem__  # the C method: no Python call per look-up
        except AttributeError:  # MicroPython's tuple has no __getitem__ attribute
            return lambda mask: table[mask]
    return lambda mask: [d for d in range(n) if mask >> d & 1]


def _relation(n: int, keep: "Callable[[int, int], bool]") -> "tuple[int, ...]":
    """For each digit a (0-based), the mask of digits b with keep(a + 1, b + 1)."""
    return tuple(sum(1 << b for b in range(n) if keep(a + 1, b + 1)) for a in range(n))


# -- the deductions ------------------------------------------------------------------------------------
def _path(n: int, forward: "tuple[int, ...]", backward: "tuple[int, ...]") -> "Deduce":
    """Cells along a line, each pair of neighbours in relation `forward` (digit -> the next cell's digits)."""
    digits = _lister(n)

    def deduce(masks: "Sequence[int]") -> "list[int] | None":
        kept = list(masks)
        for i in range(1, len(kept)):
            reach = 0
            for d in digits(kept[i - 1]):
                reach |= forward[d]
            kept[i] &= reach
            if not kept[i]:
                return None
        for i in range(len(kept) - 2, -1, -1):
            reach = 0
            for d in digits(kept[i + 1]):
                reach |= backward[d]
            kept[i] &= reach
        return kept

    return deduce


def _ordered(edges: "tuple[tuple[int, int], ...]") -> "Deduce":
    """Pairs of cells (positions among the constraint's cells), the first's digit below the second's: bounds
    carried along the pairs to a fixed point (exact on cells of one candidate)."""
    def deduce(masks: "Sequence[int]") -> "list[int] | None":
        if not all(masks):
            return None
        kept = list(masks)
        changed = True
        while changed:
            changed = False
            for low, high in edges:
                a, b = kept[low], kept[high]
                a2 = a & ((1 << (bit_length(b) - 1)) - 1)  # below b's largest digit
                if not a2:
                    return None
                b2 = b & -(2 << (bit_length(a2 & -a2) - 1))  # above a's smallest digit
                if a2 != a or b2 != b:
                    kept[low], kept[high] = a2, b2
                    changed = True
        return kept

    return deduce


def _equal(pairs: "tuple[tuple[int, int], ...]") -> "Deduce":
    """Cells that hold the same digit, pair by pair (positions among the constraint's cells)."""
    def deduce(masks: "Sequence[int]") -> "list[int] | None":
        kept = list(masks)
        for a, b in pairs:
            both = kept[a] & kept[b]
            if not both:
                return None
            kept[a] = kept[b] = both
        return kept

    return deduce


@lru_cache(maxsize=1 << 15)
def _clique_sums(masks: "tuple[int, ...]") -> "tuple[tuple[int, tuple[int, ...]], ...]":
    """Cells that see each other, with candidate masks `masks`: each total their distinct digits can make,
    with the digits each cell takes in some filling of that total. Small (the cells of one line in one
    house) and the same states recur all over a search, hence the cache."""
    size = len(masks)
    options = [[d for d in range(bit_length(m)) if m >> d & 1] for m in masks]
    found: "dict[int, list[int]]" = {}
    if size == 1:
        return tuple((d + 1, (1 << d,)) for d in options[0])
    if size == 2:  # the common runs written out: several times faster than the general walk
        for a in options[0]:
            for b in options[1]:
                if a != b:
                    support = found.setdefault(a + b + 2, [0, 0])
                    support[0] |= 1 << a
                    support[1] |= 1 << b
    elif size == 3:
        for a in options[0]:
            for b in options[1]:
                if a != b:
                    for c in options[2]:
                        if c != a and c != b:
                            support = found.setdefault(a + b + c + 3, [0, 0, 0])
                            support[0] |= 1 << a
                            support[1] |= 1 << b
                            support[2] |= 1 << c
    else:
        chosen = [0] * size

        def fill(k: int, used: int, total: int) -> None:
            if k == size:
                support = found.setdefault(total, [0] * size)
                for i in range(size):
                    support[i] |= 1 << chosen[i]
                return
            for d in options[k]:
                if not used >> d & 1:
                    chosen[k] = d
                    fill(k + 1, used | 1 << d, total + d + 1)

        fill(0, 0, 0)
    return tuple((total, tuple(support)) for total, support in sorted(found.items()))


def _sum(n: int, size: int, total: "int | None", groups: "tuple[tuple[int, int], ...]",
         apart: "tuple[tuple[int, ...], ...]") -> "Deduce":
    """`size` cells (first) adding up to `total`, or when None to the number the other cells (a circle, a
    pill) read as one. `groups`: runs of neighbouring cells along the line, [start, end), whose cells see
    each other (one house): their totals are those of distinct digits (`_clique_sums`, for a run of up to
    `RUN_FILLINGS` fillings). `apart[k]`: the cells before cell k in another run that see it; when there
    are some and at most `SUM_FILLINGS` ways to fill the line are left by the sums, they are enumerated,
    so that a cell keeps only digits of fillings with distinct digits where they must be."""
    digits = _lister(n)
    distinct = any(apart)

    def deduce(masks: "Sequence[int]") -> "list[int] | None":
        shaft, head = masks[:size], masks[size:]
        runs = []
        for a, b in groups:
            work = 1
            for m in shaft[a:b]:
                work *= bit_count(m)
            if work > RUN_FILLINGS:  # too open yet for its table: its cells one by one for now
                runs += [(k, k + 1) for k in range(a, b)]
            else:
                runs.append((a, b))
        tables = [_clique_sums(tuple(shaft[a:b])) for a, b in runs]
        ahead = [1]  # ahead[g]: the sums the runs before run g can make, bit s for sum s
        for table in tables:
            if not table:
                return None
            sums = 0
            for s, _ in table:
                sums |= ahead[-1] << s
            ahead.append(sums)
        reachable = ahead[-1]
        kept_head: "list[int]" = [0] * len(head)
        if total is not None:
            targets = reachable & (1 << total)
        elif len(head) == 1:  # a circle: its digits are the totals
            targets = reachable & (head[0] << 1)
            kept_head[0] = targets >> 1
        else:
            targets = 0
            for pill in product(*(digits(m) for m in head)):
                number = pill_number([d + 1 for d in pill])
                if reachable >> number & 1:
                    targets |= 1 << number
                    for k, d in enumerate(pill):
                        kept_head[k] |= 1 << d
        if not targets:
            return None
        need = targets  # the sums of the runs before this one that the rest complete
        kept = [0] * size
        for g in range(len(runs) - 1, -1, -1):
            a = runs[g][0]
            before, after = ahead[g], 0
            for s, support in tables[g]:
                if before & (need >> s):
                    after |= need >> s
                    for k, m in enumerate(support):
                        kept[a + k] |= m
            need = after
        if not distinct:
            return kept + kept_head
        work = 1
        for m in kept:
            work *= bit_count(m)
        if work > SUM_FILLINGS:
            return kept + kept_head
        options = [digits(m) for m in kept]
        ends = [0] * size + [targets]  # ends[k]: the sums of the first k cells the rest can complete
        for k in range(size - 1, -1, -1):
            for d in options[k]:
                ends[k] |= ends[k + 1] >> (d + 1)
        support = [0] * size
        chosen = [0] * size
        reached = 0

        def fill(k: int, at: int) -> None:
            nonlocal reached
            if k == size:
                reached |= 1 << at
                for i in range(size):
                    support[i] |= 1 << chosen[i]
                return
            for d in options[k]:
                if ends[k + 1] >> (at + d + 1) & 1 and all(chosen[j] != d for j in apart[k]):
                    chosen[k] = d
                    fill(k + 1, at + d + 1)

        fill(0, 0)
        if not reached:
            return None
        if total is None and len(head) == 1:
            kept_head = [reached >> 1 & head[0]]
        elif total is None:
            kept_head = [0] * len(head)
            for pill in product(*(digits(m) for m in head)):
                if reached >> pill_number([d + 1 for d in pill]) & 1:
                    for k, d in enumerate(pill):
                        kept_head[k] |= 1 << d
        return support + kept_head

    return deduce


def _between(n: int) -> "Deduce":
    """Two ends (first and last) and the cells between them, whose digits lie strictly between the ends'."""
    digits = _lister(n)

    def deduce(masks: "Sequence[int]") -> "list[int] | None":
        inner = masks[1:-1]
        first = last = 0
        kept = [0] * len(inner)
        for a in digits(masks[0]):
            for b in digits(masks[-1]):
                low, high = (a, b) if a < b else (b, a)
                window = (1 << high) - (2 << low)  # the digits strictly between
                if window > 0 and all(m & window for m in inner):
                    first |= 1 << a
                    last |= 1 << b
                    for k, m in enumerate(inner):
                        kept[k] |= m & window
        if not first:
            return None
        return [first] + kept + [last]

    return deduce


def _quadruple(size: int, wanted: "tuple[int, ...]") -> "Deduce":
    """`size` cells among which every digit of `wanted` (0-based, repeats allowed) stands, each in its own
    cell: a cell keeps the listed digit a placing that fits gives it, or any candidate where one gives it none."""
    placings = tuple(dict.fromkeys(permutations(range(size), len(wanted))))

    def deduce(masks: "Sequence[int]") -> "list[int] | None":
        kept = [0] * size
        for cells in placings:
            if all(masks[c] >> d & 1 for c, d in zip(cells, wanted)):
                for c in range(size):
                    if c not in cells:
                        kept[c] |= masks[c]
                for c, d in zip(cells, wanted):
                    kept[c] |= 1 << d
        return kept if all(kept) else None

    return deduce


def _sandwich(n: int, total: int) -> "Deduce":
    """A whole row or column whose digits between the 1 and the `n` add up to `total`."""
    one, top = 1, 1 << (n - 1)
    middle = (1 << (n - 1)) - 2  # the digits 2 .. n - 1
    sets = {k: tuple(sum(1 << (d - 1) for d in chosen) for chosen in combinations(range(2, n), k)
                     if sum(chosen) == total) for k in range(n - 1)}  # digit sets between, by size
    # for each place p of the 1 and q of the n with a set of digits to put between them: the cells
    # between and the others
    places: "list[list[tuple]]" = [[] for _ in range(n)]
    for p in range(n):
        for q in range(n):
            low, high = min(p, q), max(p, q)
            if p != q and sets[high - low - 1]:
                places[p].append((q, tuple(range(low + 1, high)),
                                  tuple(i for i in range(n) if i != p and i != q and not low < i < high),
                                  sets[high - low - 1]))

    def deduce(masks: "Sequence[int]") -> "list[int] | None":
        kept = [0] * n
        for p, m in enumerate(masks):
            if not m & one:
                continue
            for q, inside, outside, chosen_sets in places[p]:
                if not masks[q] & top:
                    continue
                within = without = 0  # the digits some cell between (outside) can hold
                for i in inside:
                    within |= masks[i]
                for i in outside:
                    without |= masks[i]
                needed = middle & ~without  # digits no cell outside can hold: they go between
                for chosen in chosen_sets:
                    if chosen & ~within or needed & ~chosen:
                        continue
                    rest = middle & ~chosen
                    if _covers(masks, inside, chosen) and _covers(masks, outside, rest):
                        kept[p] |= one
                        kept[q] |= top
                        for i in inside:
                            kept[i] |= masks[i] & chosen
                        for i in outside:
                            kept[i] |= masks[i] & rest
        return kept if all(kept) else None

    return deduce


def _joint(n: int, size: int, apart: "tuple[tuple[int, ...], ...]",
           checks: "tuple[tuple[int, Callable[[list[int]], bool]], ...]") -> "Deduce":
    """Cells of several overlapping constraints read together: every filling of their candidates with
    distinct digits where cells see each other (`apart[k]`: the cells before cell k that see it) that
    passes each check (k, check): `check` reads the digits (1-based) of the first k + 1 cells, once the
    k-th is filled, as a list of the cells' digits."""
    digits = _lister(n)
    at_cell: "list[list[Callable[[list[int]], bool]]]" = [[] for _ in range(size)]
    for k, check in checks:
        at_cell[k].append(check)

    def deduce(masks: "Sequence[int]") -> "list[int] | None":
        work = 1
        for m in masks:
            work *= bit_count(m)
        if work > JOINED_FILLINGS:
            return list(masks)  # too open yet (big grids): each constraint's own deduction does for now
        options = [digits(m) for m in masks]
        chosen = [0] * size
        support = [0] * size
        found = False

        def fill(k: int) -> None:
            nonlocal found
            for d in options[k]:
                value = d + 1
                if any(chosen[j] == value for j in apart[k]):
                    continue
                chosen[k] = value
                if all(check(chosen) for check in at_cell[k]):
                    if k + 1 == size:
                        found = True
                        for i in range(size):
                            support[i] |= 1 << (chosen[i] - 1)
                    else:
                        fill(k + 1)
            chosen[k] = 0

        fill(0)
        return support if found else None

    return deduce


def _covers(masks: "Sequence[int]", cells, digits: int) -> bool:
    """Can `cells` take `digits`, as many as there are cells, one each? (Each cell has one of them and
    together they have them all: a necessary test, exact on cells of one candidate.)"""
    union = 0
    for i in cells:
        m = masks[i] & digits
        if not m:
            return False
        union |= m
    return union == digits


# -- per set of rules ---------------------------------------------------------------------------------
#: Kinds done by other steps of the solver: renban lines as cages, dots and XV as pair relations, odd and
#: even as masks.
ELSEWHERE = PAIRS | {"renban", "odd", "even"}


def propagators(rules: Rules) -> "tuple[Propagator, ...]":
    """A `Propagator` for each constraint of `rules` but those of `ELSEWHERE`, and one for each clue and
    Killer cage read together (`_with_cages`); a kind this module does not know is refused by name
    (ValueError), never left out."""
    n = rules.shape.side
    seen = [set(p) for p in rules.peers]
    out = []
    for c in rules.constraints:
        kind = c.kind
        if kind in ELSEWHERE:
            continue
        if kind in ("thermometer", "slow_thermometer", "whispers"):
            if kind == "whispers":
                gap = c.value or whisper_gap(n)
                forward = backward = _relation(n, lambda a, b: abs(a - b) >= gap)
            elif kind == "thermometer":
                forward, backward = _relation(n, lambda a, b: b > a), _relation(n, lambda a, b: b < a)
            else:
                forward, backward = _relation(n, lambda a, b: b >= a), _relation(n, lambda a, b: b <= a)
            out.append(Propagator(c.cells, _path(n, forward, backward)))
        elif kind in ("minimum", "maximum"):
            group = set(c.cells)
            around = sorted({j for i in c.cells for j in (i - n, i - 1, i + 1, i + n)
                             if 0 <= j < n * n and j not in group and neighbours(i, j, n)})
            cells = tuple(c.cells) + tuple(around)
            edges = tuple((k, len(c.cells) + m) if kind == "minimum" else (len(c.cells) + m, k)
                          for k, i in enumerate(c.cells) for m, j in enumerate(around) if neighbours(i, j, n))
            if edges:
                out.append(Propagator(cells, _ordered(edges)))
        elif kind in ("arrow", "little_killer"):
            groups = _runs(c.cells, seen)
            run = {k: g for g, (a, b) in enumerate(groups) for k in range(a, b)}
            apart = tuple(tuple(j for j in range(k) if c.cells[j] in seen[i] and run[j] != run[k])
                          for k, i in enumerate(c.cells))
            total = c.value if kind != "arrow" else None
            out.append(Propagator(tuple(c.cells) + tuple(c.head), _sum(n, len(c.cells), total, groups, apart)))
        elif kind == "palindrome":
            size = len(c.cells)
            out.append(Propagator(c.cells, _equal(tuple((k, size - 1 - k) for k in range(size // 2)))))
        elif kind == "clone":
            size = len(c.cells)
            out.append(Propagator(tuple(c.cells) + tuple(c.head), _equal(tuple((k, size + k) for k in range(size)))))
        elif kind == "between":
            if len(c.cells) > 2:  # with no cell between its ends, a between line asks nothing
                out.append(Propagator(c.cells, _between(n)))
        elif kind == "quadruple":
            out.append(Propagator(c.cells, _quadruple(len(c.cells), tuple(d - 1 for d in c.digits)),
                                  sum(1 << (d - 1) for d in set(c.digits))))
        elif kind == "sandwich":
            out.append(Propagator(c.cells, _sandwich(n, c.value or 0)))
        else:
            raise ValueError(f"the variant solver does not know the {c.name(n)}")
    return tuple(out) + _with_cages(rules, seen)


#: Kinds read together with a Killer cage they overlap: their check is on their own cells alone.
JOINED = frozenset({"quadruple", "arrow", "thermometer", "slow_thermometer", "whispers", "between", "palindrome",
                    "clone", "renban"})
#: The most cells a constraint and a cage read together may cover (their fillings are enumerated), and the
#: most candidate combinations (the product of the cells' candidate counts) enumerated at once: four open
#: cells of a 9x9 (6,561), not five (59,049) nor a 16x16's four.
JOINED_CELLS = 6
JOINED_FILLINGS = 10_000


def _with_cages(rules: Rules, seen: "list[set[int]]") -> "tuple[Propagator, ...]":
    """A constraint and a Killer cage that share two cells or more, read together: each alone allows
    digits no filling of both does (a quadruple's 3, 4, 5 and a cage of 11 on three of its cells: the
    cage is 2, 4, 5)."""
    n = rules.shape.side
    out = []
    for cage in rules.cages:
        inside = set(cage.cells)
        for c in rules.constraints:
            own = tuple(c.cells) + tuple(c.head)
            if c.kind not in JOINED or len(inside & set(own)) < 2:
                continue
            cells = tuple(cage.cells) + tuple(i for i in own if i not in inside)
            if len(cells) > JOINED_CELLS:
                continue
            where = {i: k for k, i in enumerate(cells)}
            last_cage, total = len(cage.cells) - 1, cage.total
            checks = [(max(where[i] for i in own), _holds_on(c, cells, n))]
            if total is not None:
                checks.append((last_cage, lambda digits, k=last_cage + 1, t=total: sum(digits[:k]) == t))
            apart = tuple(tuple(j for j in range(k) if cells[j] in seen[i]) for k, i in enumerate(cells))
            out.append(Propagator(cells, _joint(n, len(cells), apart, tuple(checks))))
    return tuple(out)


def _holds_on(c: Constraint, cells: "tuple[int, ...]", n: int) -> "Callable[[list[int]], bool]":
    """`constraints.holds` for `c`, reading the digits of `cells` from a list in their order."""
    values = [0] * (n * n)

    def check(digits: "list[int]") -> bool:
        for i, v in zip(cells, digits):
            values[i] = v
        return holds(c, values, n)

    return check


def _runs(cells: "tuple[int, ...]", seen: "list[set[int]]") -> "tuple[tuple[int, int], ...]":
    """`cells` cut into runs [start, end) of neighbours along the line that all see each other."""
    runs, start = [], 0
    for k in range(1, len(cells) + 1):
        if k == len(cells) or any(cells[k] not in seen[cells[j]] for j in range(start, k)):
            runs.append((start, k))
            start = k
    return tuple(runs)


def renban_windows(size: int, n: int) -> "tuple[int, ...]":
    """The digit sets a renban line of `size` cells can hold: runs of consecutive digits, as masks."""
    return tuple(((1 << size) - 1) << low for low in range(n - size + 1))


def static_masks(rules: Rules) -> "tuple[tuple[int, int], ...]":
    """(digit, the cells that cannot hold it, as a board) for the odd and even cells."""
    n = rules.shape.side
    banned = [0] * n
    for c in rules.constraints:
        if c.kind in ("odd", "even"):
            for d in range(n):
                if (d + 1) % 2 == (0 if c.kind == "odd" else 1):
                    banned[d] |= 1 << c.cells[0]
    return tuple((d, cells) for d, cells in enumerate(banned) if cells)


def _holds_pair(c: Constraint, a: int, b: int) -> bool:
    if c.kind == "white_dot":
        return abs(a - b) == (c.value or 1)
    if c.kind == "black_dot":
        return max(a, b) == min(a, b) * (c.value or 2)
    return a + b == c.value


def _unmarked(negative: "tuple[str, ...]", a: int, b: int) -> bool:
    """Do neighbours a, b with no dot between them keep the negative constraint of the kinds `negative`?"""
    return not (("white" in negative and abs(a - b) == 1) or ("black" in negative and (a == 2 * b or b == 2 * a))
                or ("xv" in negative and a + b in (5, 10)))


def pair_relations(rules: Rules) -> "tuple[tuple[tuple[int, ...], int, int], ...]":
    """The relations between orthogonal neighbours (Kropki dots, XV, nonconsecutive, the negative
    constraint), grouped: (for each digit d (0-based) the digits its neighbour may hold, the cells whose
    right neighbour is so related, the cells whose lower neighbour is), as boards. Neighbours share a row
    or a column: the relation keeps their digits apart too."""
    n = rules.shape.side
    marks: "dict[frozenset[int], list[Constraint]]" = {}
    for c in rules.constraints:
        if c.kind in PAIRS:
            marks.setdefault(frozenset(c.cells), []).append(c)
    if not (marks or rules.nonconsecutive or rules.negative):
        return ()
    groups: "dict[tuple[int, ...], list[int]]" = {}
    made: "dict[tuple, tuple[int, ...]]" = {}
    for i in range(n * n):
        for j, side in ((i + 1, 0), (i + n, 1)):
            if j >= n * n or not neighbours(i, j, n):
                continue
            marked = tuple(marks.get(frozenset((i, j)), ()))
            if not (marked or rules.nonconsecutive or rules.negative):
                continue
            key = tuple(sorted((c.kind, c.value or 0) for c in marked))  # () for an unmarked pair
            relation = made.get(key)
            if relation is None:
                def keep(a: int, b: int) -> bool:
                    if a == b or (rules.nonconsecutive and abs(a - b) == 1):
                        return False
                    if marked:
                        return all(_holds_pair(c, a, b) for c in marked)
                    return _unmarked(rules.negative, a, b)
                relation = made[key] = _relation(n, keep)
            groups.setdefault(relation, [0, 0])[side] |= 1 << i
    return tuple((relation, right, down) for relation, (right, down) in groups.items())


def distinct_groups(rules: Rules) -> "list[tuple[int, ...]]":
    """Cells the palette keeps apart beyond the houses, as groups of cells that see each other: a
    thermometer's and a renban's cells, whispers neighbours, a between line's ends and each cell between
    them, a one-cell circle and each cell of a shaft of two or more."""
    groups: "list[tuple[int, ...]]" = []
    for c in rules.constraints:
        if c.kind in ("thermometer", "renban"):
            groups.append(c.cells)
        elif c.kind == "whispers":
            groups += list(zip(c.cells, c.cells[1:]))
        elif c.kind == "between" and len(c.cells) > 2:
            ends = (c.cells[0], c.cells[-1])
            groups += [ends] + [(end, i) for end in ends for i in c.cells[1:-1]]
        elif c.kind == "arrow" and len(c.head) == 1 and len(c.cells) > 1:
            groups += [(c.head[0], i) for i in c.cells]
    return groups


def equal_groups(rules: Rules) -> "list[tuple[int, ...]]":
    """Cells the palette makes hold one digit, in groups (pairs joined when they share a cell): a
    palindrome's mirrored cells, a clone's twins, a one-cell arrow and its one-cell circle."""
    pairs: "list[tuple[int, int]]" = []
    for c in rules.constraints:
        if c.kind == "palindrome":
            pairs += [(c.cells[k], c.cells[-1 - k]) for k in range(len(c.cells) // 2)]
        elif c.kind == "clone":
            pairs += list(zip(c.cells, c.head))
        elif c.kind == "arrow" and len(c.cells) == 1 and len(c.head) == 1:
            pairs.append((c.cells[0], c.head[0]))
    group_of: "dict[int, set[int]]" = {}
    for a, b in pairs:
        joined = group_of.get(a, {a}) | group_of.get(b, {b})
        for i in joined:
            group_of[i] = joined
    return list({id(g): tuple(sorted(g)) for g in group_of.values()}.values())
