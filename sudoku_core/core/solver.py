"""Exact solving for any box shape: digit bitboards, singles, locked candidates and guided search.

The search runs on tables: those of a box shape here, or those of variant rules (Jigsaw, X, Windoku,
extra regions, chess moves: other peers and houses, see `topology`; Killer cages add a step, see
`variant_solver`). The classic shape's tables are the fast path the rest is measured against.

The state of a search is one bitboard per digit: bit i of `cand[d]` is set when digit d+1 may still
stand in cell i (a placed digit keeps its own bit, so every unit always holds each digit at least
once), and one more board, `cand[n]`, with a bit for every placed cell. Placing a digit is then a
handful of whole-board operations instead of a walk over 20 peers, and the state of a branch is
copied with `list(cand)`.

Propagation, cheapest first, repeated to a fixed point:
  * naked singles: cells with one candidate (found for all cells at once by counting boards),
  * hidden singles: a digit with one place in a unit,
  * locked candidates (pointing and claiming): a digit confined to one box-line intersection.
The last two look at all digits and all units together: the n boards are packed side by side into
one int, each unit is folded onto its first cell (its anchor) by shifts, keeping "seen once" and
"seen twice" boards, and an anchor is spread back over its unit by a multiplication.
Then the search branches on the unsolved cell with the fewest candidates (minimum remaining values).
"""
from collections import namedtuple

from .compat import bit_count, bit_length, cache, monotonic
from .grid import Grid
from .shape import Shape


class SearchLimitExceeded(Exception):
    """The search gave up: the node budget or the deadline ran out before an answer was proved."""


class SearchStats:
    """Work done by searches: `nodes` counts states propagated, `guesses` the branches entered (a digit
    assumed in a cell; a puzzle solved by propagation alone needs none)."""

    __slots__ = ("nodes", "guesses")

    def __init__(self, nodes: int = 0, guesses: int = 0) -> None:
        self.nodes, self.guesses = nodes, guesses

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SearchStats) and (self.nodes, self.guesses) == (other.nodes, other.guesses)

    def __repr__(self) -> str:
        return f"SearchStats(nodes={self.nodes}, guesses={self.guesses})"


class _Tables:
    """Per-shape bitboard tables the search needs, computed once per shape. The variant solver's tables
    (see `topology`) replace the peers and the unit kinds, and set `locked` to None: its own steps run
    the box-line rule, after the Killer cages."""

    __slots__ = ("n", "all_cells", "peer_masks", "unit_masks", "cell_bits",
                 "stride", "shifts", "digit_spread", "unit_kinds", "locked", "count", "pack", "pairs_scored")

    def __init__(self, shape: Shape) -> None:
        self.n = shape.side
        self.all_cells = (1 << shape.cell_count) - 1
        self.peer_masks = shape.peer_masks
        self.unit_masks = shape.unit_masks
        self.cell_bits = tuple(1 << i for i in range(shape.cell_count))
        n = shape.side
        # For hidden singles on all digits at once: the n boards packed into one int, `stride` bits
        # apart. A unit kind is its anchor cells (first cell of each unit, on every board), the
        # offsets that spread an anchor back over its unit, and the folds (step, length) that
        # gather a unit's cells onto its anchor.
        b = self.stride = shape.cell_count
        self.shifts = tuple(d * b for d in range(n))  # where digit d's board starts in a packed int
        self.count, self.pack = _counter(n), _packer(n, b)
        self.pairs_scored = _PAIRS_SCORED
        self.digit_spread = sum(1 << (d * b) for d in range(n))
        r, c = shape.box_rows, shape.box_cols

        def kind(first_cells: "list[int]", offsets: "list[int]", folds: "list[tuple[int, int]]"):
            anchors = sum(1 << i for i in first_cells) * self.digit_spread
            return anchors, sum(1 << k for k in offsets), tuple(_folder(*f) for f in folds)

        self.unit_kinds = (
            kind([row * n for row in range(n)], list(range(n)), [(1, n)]),
            kind(list(range(n)), [k * n for k in range(n)], [(n, n)]),
            kind([u.cells[0] for u in shape.units[2 * n:]], [i * n + j for i in range(r) for j in range(c)],
                 [(1, c), (n, r)]),
        )
        self.locked: "_LockedTables | None" = _LockedTables(shape, self.digit_spread)


_TABLES: "dict[Shape, _Tables]" = {}
_PAIRS_SCORED = 12  # two-candidate cells scored per branch: enough to find a good one, cheap on big grids


def _tables(shape: Shape) -> _Tables:
    t = _TABLES.get(shape)
    if t is None:
        t = _TABLES[shape] = _Tables(shape)
    return t


def count_planes(boards) -> "list[int]":
    """How many of `boards` (cell boards) hold each cell, as a binary number across bit planes: bit k of a
    cell's count is its bit in planes[k] (a ripple-carry adder on whole boards: n * log2(n) operations for
    n boards, whatever the grid's size)."""
    planes: "list[int]" = []
    for b in boards:
        carry = b
        for k, plane in enumerate(planes):
            planes[k] = plane ^ carry
            carry &= plane
            if not carry:
                break
        if carry:
            planes.append(carry)
    return planes


class _Search:
    """One search over one puzzle; `solutions()` yields solved candidate states in a fixed order."""

    def __init__(self, grid: Grid, max_nodes: "int | None", deadline: "float | None",
                 stats: "SearchStats | None") -> None:
        self.grid = grid
        self.t = _tables(grid.shape)
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.stats = stats if stats is not None else SearchStats()
        #: The variant search's own steps, run when the classic ones find nothing more (see `_propagate`).
        self._more: "Callable[[list[int], int, list[int] | None], tuple[int, list[int] | None]] | None" = None

    # -- placing --------------------------------------------------------------------------------
    def _place(self, cand: list[int], d: int, cells: int) -> bool:
        """Place digit d in every cell of the bitboard `cells`; False on a contradiction."""
        if cells & ~cand[d]:
            return False  # some cell lost d already (e.g. a hidden single for two digits)
        peer_masks = self.t.peer_masks
        seen = 0
        rest = cells
        while rest:
            low = rest & -rest
            peers = peer_masks[bit_length(low) - 1]
            if cells & peers:
                return False  # two of the cells see each other
            seen |= peers
            rest ^= low
        cand[d] &= ~seen
        keep = ~cells
        for e in range(self.t.n):
            if e != d:
                cand[e] &= keep
        cand[-1] |= cells
        return True

    def _start(self) -> "list[int] | None":
        """Candidate boards with the givens placed, or None when the givens clash."""
        t = self.t
        cand = [t.all_cells] * t.n + [0]
        by_digit = [0] * t.n
        for i, v in enumerate(self.grid.values):
            if v:
                by_digit[v - 1] |= t.cell_bits[i]
        for d, cells in enumerate(by_digit):
            if cells and not self._place(cand, d, cells):
                return None
        return cand

    # -- propagation ----------------------------------------------------------------------------
    def _propagate(self, cand: list[int], parent: "list[int] | None" = None) -> int:
        """Apply singles and locked candidates to a fixed point. Returns the board of solved cells, or
        -1 on a contradiction.

        A variant search adds its own steps (`_more`): more(cand, packed open candidates, state) ->
        (1 when it changed `cand` | 0 | -1 on a contradiction, state), where the state is the last one
        at which the steps were settled: `parent` (the state this one branched from) to begin with."""
        t = self.t
        more = self._more
        n = t.n
        index = bit_length
        all_cells = t.all_cells
        place = self._place
        peer_masks = t.peer_masks
        digits = range(n)
        shifts = t.shifts
        count, pack = t.count, t.pack
        locked = t.locked
        while True:
            # Naked singles, all cells at once: count candidates per cell as "at least once/twice".
            while True:
                once, twice = count(cand)
                if once != all_cells:
                    return -1  # a cell with no candidate
                singles = once & ~twice & ~cand[n]
                if not singles:
                    break
                # A single's cell holds no other digit, so placing it only clears its peers.
                for d in digits:
                    s = cand[d] & singles
                    if s:
                        seen = 0
                        rest = s
                        while rest:
                            low = rest & -rest
                            peers = peer_masks[index(low) - 1]
                            if s & peers:
                                return -1  # two cells of one unit left with the same digit
                            seen |= peers
                            rest ^= low
                        cand[d] &= ~seen
                cand[n] |= singles
            solved = cand[n]
            if solved == all_cells:
                # a variant's full grid: the last cells placed must keep its rules (cage totals)
                return solved if more is None or more(cand, 0, parent)[0] >= 0 else -1
            # Hidden singles: a digit that fits in one cell of a unit.
            packed = pack(cand)  # the boards in one int, shared by the hidden singles and the locked candidates
            settled = solved * t.digit_spread  # the solved cells, on every digit's board
            hidden = self._hidden_singles(packed, settled)
            if hidden < 0:
                return -1
            if hidden:
                for d, shift in enumerate(shifts):
                    found = (hidden >> shift) & all_cells
                    if found and not place(cand, d, found):
                        return -1
                continue
            # Locked candidates: a digit whose places in a unit all lie in one other unit (a box
            # within one line, or a line within one box) is taken out of the rest of that other unit.
            open_cands = packed & ~settled
            gone = 0 if locked is None else _locked_eliminations(locked, open_cands) & open_cands
            if not gone:
                if more is None:
                    return solved
                changed, parent = more(cand, open_cands, parent)
                if changed <= 0:
                    return -1 if changed else solved
                continue
            packed &= ~gone
            for d, shift in enumerate(shifts):
                cand[d] = (packed >> shift) & all_cells

    def _hidden_singles(self, packed: int, settled: int) -> int:
        """Packed board (digit d at bit d * stride + cell) of the unsolved cells (those not in `settled`)
        that are the only place for their digit in some unit, or -1 when a digit has no place left in a
        unit.

        All digits and all units of a kind are done together: each unit's cells are folded onto its
        anchor cell, keeping "seen once" and "seen twice" boards, so a unit with exactly one place
        shows as an anchor bit in once & ~twice. Folding only moves bits towards lower cells of the
        same unit as far as the anchors are concerned, so nothing from another unit reaches them."""
        t = self.t
        found = 0
        for anchors, spread, folds in t.unit_kinds:
            once, twice = packed, 0
            for fold in folds:
                once, twice = fold(once, twice)
            if anchors & ~once:
                return -1
            single = once & ~twice & anchors
            found |= single * spread
        return found & packed & ~settled

    # -- search ---------------------------------------------------------------------------------
    def _choose(self, cand: list[int], solved: int) -> int:
        """The unsolved cell to branch on: fewest candidates first; among two-candidate cells, the one
        that sees the most unsolved cells (its choice settles the most), first in cell order on ties."""
        boards = cand[:-1]
        unsolved = ~solved
        once = twice = thrice = 0
        for b in boards:
            thrice |= twice & b
            twice |= once & b
            once |= b
        pairs = twice & ~thrice & unsolved
        if not pairs:
            return self._choose_wide(boards, unsolved)
        peer_masks = self.t.peer_masks
        best, best_score = -1, -1
        for _ in range(self.t.pairs_scored):
            low = pairs & -pairs
            i = bit_length(low) - 1
            score = bit_count(peer_masks[i] & unsolved)
            if score > best_score:
                best, best_score = i, score
            pairs ^= low
            if not pairs:
                break
        return best

    def _choose_wide(self, boards: list[int], unsolved: int) -> int:
        """The first unsolved cell with the fewest candidates, for when no cell has two. Counts are
        kept as binary numbers across bit planes (a ripple-carry adder on whole boards), so open
        grids of any size cost n * log2(n) board operations rather than a walk over every cell."""
        planes = count_planes(boards)
        fewest = unsolved & self.t.all_cells
        for plane in reversed(planes):  # most significant first: keep cells with a 0 where any has one
            if fewest & ~plane:
                fewest &= ~plane
        return bit_length(fewest & -fewest) - 1

    def solutions(self) -> "Iterator[list[int]]":
        start = self._start()
        if start is None:
            return
        stats = self.stats
        max_nodes = self.max_nodes
        deadline = self.deadline
        n = self.t.n
        place = self._place
        all_cells = self.t.all_cells
        cell_bits = self.t.cell_bits
        nodes = guesses = 0
        # A branch waits on the stack as (parent state, digit, cell bit): its state is made only if
        # the search gets to it, so a first solution costs no copies of the branches left behind.
        stack: list = [(None, 0, 0)]
        try:
            while stack:
                parent, d, bit = stack.pop()
                if parent is None:
                    cand = start
                else:
                    guesses += 1
                    cand = list(parent)
                    if not place(cand, d, bit):
                        continue
                nodes += 1
                if max_nodes is not None and nodes > max_nodes:
                    raise SearchLimitExceeded(f"gave up after {max_nodes} search nodes")
                if deadline is not None and not nodes & 63 and monotonic() > deadline:
                    raise SearchLimitExceeded("gave up: the time limit ran out")
                solved = self._propagate(cand, parent)
                if solved < 0:
                    continue
                if solved == all_cells:
                    yield cand
                    continue
                bit = cell_bits[self._choose(cand, solved)]
                # Push in reverse so digits are tried in increasing order.
                for d in range(n - 1, -1, -1):
                    if cand[d] & bit:
                        stack.append((cand, d, bit))
        finally:
            stats.nodes += nodes
            stats.guesses += guesses

    def to_grid(self, cand: list[int]) -> Grid:
        values = [0] * self.grid.shape.cell_count
        for d, board in enumerate(cand[:-1]):
            while board:
                low = board & -board
                values[bit_length(low) - 1] = d + 1
                board ^= low
        return Grid(values, self.grid.shape)


#: One locked-candidates rule: a container unit (box, row or column) whose digit lies in exactly one of its
#: segments clears the rest of the other unit through that segment. Its fields: `row_segments`, whether the
#: segments counted are row segments (else column segments); `count`, a fold (see `_folder`) of a
#: container's segment marks onto its anchor; `anchors`, the containers' anchors; `to_segments`, spreads a
#: container anchor over its segments' anchors; `targets`, (shift, segment anchors) pairs: shifted, they are
#: target anchors; `target_spread`, spreads a target anchor over its unit; `segment_spread`, spreads a
#: segment anchor over its cells (kept: the digit stays there).
_Lock = namedtuple("_Lock", ("row_segments", "count", "anchors", "to_segments", "targets", "target_spread",
                             "segment_spread"))


class _LockedTables:
    """Masks for locked candidates on packed boards (see `_locked_eliminations`). A row segment is
    the part of a row inside one box (box_cols cells), anchored at its leftmost cell; a column
    segment the part of a column inside one box (box_rows cells), anchored at its top cell."""

    __slots__ = ("row_segment", "column_segment", "row_seg_anchors", "col_seg_anchors", "rules")

    def __init__(self, shape: Shape, digit_spread: int) -> None:
        n, r, c = shape.side, shape.box_rows, shape.box_cols

        def packed(cells) -> int:
            return sum(1 << i for i in cells) * digit_spread

        def offsets(values) -> int:
            return sum(1 << v for v in values)

        self.row_segment, self.column_segment = _folder(1, c), _folder(n, r)
        self.row_seg_anchors = packed(row * n + col for row in range(n) for col in range(0, n, c))
        self.col_seg_anchors = packed(row * n + col for row in range(0, n, r) for col in range(n))
        box_anchors = packed(row * n + col for row in range(0, n, r) for col in range(0, n, c))
        row_seg_spread, col_seg_spread = offsets(range(c)), offsets(k * n for k in range(r))
        box_spread = offsets(i * n + j for i in range(r) for j in range(c))
        self.rules = (
            # Pointing: a box's only row segment clears the rest of its row; the segment's anchor,
            # shifted left by its stack's first column, is the row's anchor.
            _Lock(True, _folder(n, r), box_anchors, col_seg_spread,
                  tuple((j * c, packed(row * n + j * c for row in range(n))) for j in range(n // c)),
                  offsets(range(n)), row_seg_spread),
            # Pointing: a box's only column segment clears the rest of its column.
            _Lock(False, _folder(1, c), box_anchors, row_seg_spread,
                  tuple((i * r * n, packed(i * r * n + col for col in range(n))) for i in range(n // r)),
                  offsets(k * n for k in range(n)), col_seg_spread),
            # Claiming: a row's only segment clears the rest of its box; shifted up by its row in
            # the band, the segment's anchor is the box's anchor.
            _Lock(True, _folder(c, n // c), packed(row * n for row in range(n)), offsets(range(0, n, c)),
                  tuple((k * n, packed(row * n + col for row in range(k, n, r) for col in range(0, n, c)))
                        for k in range(r)),
                  box_spread, row_seg_spread),
            # Claiming: a column's only segment clears the rest of its box.
            _Lock(False, _folder(r * n, n // r), packed(range(n)), offsets(range(0, n * n, r * n)),
                  tuple((k, packed(row * n + col for row in range(0, n, r) for col in range(k, n, c)))
                        for k in range(c)),
                  box_spread, col_seg_spread),
        )


def _locked_eliminations(t: _LockedTables, cands: int) -> int:
    """Packed candidates that locked candidates remove, from the packed open candidates `cands`.

    Pointing: a box whose digit lies in one of its row (column) segments clears the rest of that row
    (column). Claiming: a row (column) whose digit lies in one segment clears the rest of that box.
    Segments are marked non-empty on their anchors; counting marks per container is a fold."""
    row_segs = t.row_segment(cands, 0)[0] & t.row_seg_anchors
    col_segs = t.column_segment(cands, 0)[0] & t.col_seg_anchors
    gone = 0
    for rule in t.rules:
        segs = row_segs if rule.row_segments else col_segs
        once, twice = rule.count(segs, 0)
        lone = ((once & ~twice & rule.anchors) * rule.to_segments) & segs
        if lone:
            for shift, group in rule.targets:
                sel = lone & group
                if sel:
                    gone |= ((sel >> shift) * rule.target_spread) & ~(sel * rule.segment_spread)
    return gone


@cache
def _folder(step: int, length: int) -> "Callable[[int, int], tuple[int, int]]":
    """A function (once, twice) -> (once, twice) that combines `length` positions `step` bits apart
    onto the first: afterwards a bit of `once` says "seen at least once in the window", of `twice`
    "at least twice". Windows double (1, 2, 4, ...) and the binary digits of `length` pick which to
    add. The steps are written out as straight-line code once per (step, length): this is the
    innermost loop of the solver, and unrolled it runs about 1.2x faster than a loop."""
    lines = ["def fold(o0, w0):"]
    win, win_len, acc, acc_len, k = ("o0", "w0"), 1, None, 0, 0
    while True:
        if length & 1:
            if acc is None:
                acc = win
            else:
                shift = acc_len * step
                lines += [f" x = {win[0]} >> {shift}",
                          f" aw = {acc[1]} | {win[1]} >> {shift} | ({acc[0]} & x)",
                          f" ao = {acc[0]} | x"]
                acc = ("ao", "aw")
            acc_len += win_len
        length >>= 1
        if not length:
            break
        k += 1
        shift = win_len * step
        lines += [f" x = {win[0]} >> {shift}",
                  f" w{k} = {win[1]} | {win[1]} >> {shift} | ({win[0]} & x)",
                  f" o{k} = {win[0]} | x"]
        win, win_len = (f"o{k}", f"w{k}"), win_len * 2
    lines.append(f" return {acc[0]}, {acc[1]}")
    namespace: dict = {}
    exec("\n".join(lines), namespace)  # noqa: S102 - source built above from integers only
    return namespace["fold"]


@cache
def _counter(n: int) -> "Callable[[list[int]], tuple[int, int]]":
    """A function (boards) -> (once, twice): the cells where any of the first n boards has a bit, and
    where two or more do. Written out as straight-line code for the same reason as `_folder`."""
    lines = ["def count(c):", " o = c[0]", " b = c[1]", " w = o & b", " o |= b"] if n > 1 else \
        ["def count(c):", " o = c[0]", " w = 0"]
    for d in range(2, n):
        lines += [f" b = c[{d}]", " w |= o & b", " o |= b"]
    lines.append(" return o, w")
    namespace: dict = {}
    exec("\n".join(lines), namespace)  # noqa: S102 - source built above from integers only
    return namespace["count"]


@cache
def _packer(n: int, stride: int) -> "Callable[[list[int]], int]":
    """A function (boards) -> the first n boards in one int, board d shifted by d * stride."""
    terms = " | ".join(["c[0]"] + [f"c[{d}] << {d * stride}" for d in range(1, n)])
    namespace: dict = {}
    exec(f"def pack(c):\n return {terms}", namespace)  # noqa: S102 - integers only
    return namespace["pack"]


# -- public API ---------------------------------------------------------------------------------
def _deadline(timeout: "float | None") -> "float | None":
    return None if timeout is None else monotonic() + timeout


def iter_solutions(grid: Grid, *, max_nodes: "int | None" = None, timeout: "float | None" = None,
                   stats: "SearchStats | None" = None) -> "Iterator[Grid]":
    """Every solution of `grid`, in a fixed order (digits tried in increasing order). Clashing givens
    give none. Raises `SearchLimitExceeded` when `max_nodes` or `timeout` (seconds) runs out."""
    search = _Search(grid, max_nodes, _deadline(timeout), stats)
    solutions = search.solutions()
    try:
        for cand in solutions:
            yield search.to_grid(cand)
    finally:
        solutions.close()  # counts its work into `stats` now (MicroPython never closes a dropped generator)


def solve(grid: Grid, *, max_nodes: "int | None" = None, timeout: "float | None" = None,
          stats: "SearchStats | None" = None) -> "Grid | None":
    """The first solution of `grid`, or None when it has none (clashing givens included).
    Raises `SearchLimitExceeded` when the budget runs out first."""
    solutions = iter_solutions(grid, max_nodes=max_nodes, timeout=timeout, stats=stats)
    try:
        return next(solutions, None)
    finally:
        solutions.close()


class Tally(namedtuple("Tally", ("first", "count", "gave_up"))):
    """What `solve_and_count` found: the first solution (None when it found none), how many solutions it
    counted (at most the limit) and, when the budget ran out first, why (`count` is then a lower bound;
    None when it did not)."""

    __slots__ = ()


def solve_and_count(grid: Grid, limit: int = 2, *, max_nodes: "int | None" = None,
                    timeout: "float | None" = None, on_first: "Callable[[Grid], object] | None" = None
                    ) -> Tally:
    """The first solution of `grid` and the number of its solutions up to `limit`, in one search.

    `on_first(solution)` is called as soon as the first solution is found, before the others are counted
    (proving it is the only one can take as long again). Never raises `SearchLimitExceeded`: a budget that
    runs out gives what was found so far, with the reason in `gave_up`; each caller decides what a
    partial answer is worth."""
    if limit < 1:
        raise ValueError("limit must be at least 1")
    return tally(iter_solutions(grid, max_nodes=max_nodes, timeout=timeout), limit, on_first)


def tally(solutions: "Iterator[Grid]", limit: int, on_first: "Callable[[Grid], object] | None" = None) -> Tally:
    """`solve_and_count` over any search's `solutions` (the variant solver's too): closed when done, since
    MicroPython never closes a generator that is dropped."""
    first, count = None, 0
    try:
        for solution in solutions:
            if first is None:
                first = solution
                if on_first is not None:
                    on_first(solution)
            count += 1
            if count >= limit:
                break
    except SearchLimitExceeded as err:
        return Tally(first, count, str(err) or "gave up: the search limit ran out")
    finally:
        solutions.close()
    return Tally(first, count, None)


def count_solutions(grid: Grid, limit: int = 2, *, max_nodes: "int | None" = None,
                    timeout: "float | None" = None, stats: "SearchStats | None" = None) -> int:
    """How many solutions `grid` has, counting no further than `limit` (so 2 means "at least two"
    with the default). Raises `SearchLimitExceeded` when the budget runs out first."""
    if limit < 1:
        raise ValueError("limit must be at least 1")
    count = 0
    solutions = _Search(grid, max_nodes, _deadline(timeout), stats).solutions()
    try:
        for _ in solutions:
            count += 1
            if count >= limit:
                break
    finally:
        solutions.close()
    return count


def is_unique(grid: Grid, **budget: "int | float | None") -> bool:
    """True when `grid` has exactly one solution."""
    return count_solutions(grid, 2, **budget) == 1
