"""Exact solving under variant rules (`sudoku_core.variants.rules.Rules`): Jigsaw, X, Windoku, extra regions,
anti-knight, anti-king, Killer cages and the setters' palette (thermometers, arrows, dots, XV, ...), alone
or together, on any box shape.

Classic rules go straight to `sudoku_core.core.solver`. The rest run through the same search, the classic
solver's `_Search`, over other tables (`topology.Topology`, made once per rules): the state is one bitboard
per digit (bit i of `cand[d]` set when digit d+1 may stand in cell i; a placed digit keeps its own bit)
plus `cand[n]`, the board of placed cells; a branch is `list(cand)`.

Propagation, repeated to a fixed point:
  * naked singles: placing a digit clears it from the cell's peers (houses, cages, chess moves);
  * hidden singles in every house of `side` cells, all digits and houses at once on the packed boards:
    rows, columns (and boxes) as in the classic solver, diagonals and windows by the same folds, Jigsaw
    regions, extra regions and cages of `side` cells by masked shifts (`topology`);
  * Killer cages, from tables made once per (size, total, side): every digit set (a bitmask, bit d-1 for
    digit d) of `size` distinct digits adding to `total`. At a node a cage keeps the sets that hold all
    its placed digits and whose other digits its open cells can take one each (an exact matching for up
    to `MATCHED_CELLS` open cells, else: every open cell can take one of them); each open cell keeps the
    digits it takes in some kept filling. A digit every kept set needs is placed when one open cell can
    hold it (a hidden single in the cage), and is otherwise cleared from every cell that sees all the
    open cells that can. A cage's conclusions depend only on its own cells' candidates, so each cage
    remembers them by that state, and only cages whose cells changed since the last look are looked at;
  * the palette's constraints (`propagators`), the same way: each keeps in its cells the digits of some
    filling of it from their candidates, remembered by its cells' state and looked at again only when
    one of them changed; a digit a constraint needs (a quadruple's) leaves the cells that see all its
    places there; a clue and a cage that overlap are also read together; renban lines are cages whose
    digit sets are runs of consecutive digits; Kropki
    dots, XV, nonconsecutive and the negative constraint are partner tables between orthogonal
    neighbours, applied to whole boards; odd and even cells lose their other digits at the start; cells
    a constraint keeps apart are peers (`topology`). Every solution is checked against the rules'
    own `Rules.palette_conflicts` before it is given;
  * the "45 rule", fixed by the rules and so found once: the cells of a house outside the cages lying
    wholly inside it (innies), and the cells outside a house of the cages that cover it (outies, when
    they see each other), add up to a known total: they become cages of the search (not of the puzzle);
  * locked candidates: box and line as in the classic solver when the boxes are houses; then between
    any two kinds of houses that share two cells or more (regions and rows or columns, a diagonal or the
    windows and the boxes or lines, ...): when a digit's candidates in one house lie all in its
    intersection with another, the other loses the digit elsewhere (`topology.PairLock`).
Then the search branches on the open cell with the fewest candidates, digits in increasing order; under
the palette, on the fewest candidates for the most clues and for the most failures seen below the cell
(`_Search._choose_tied`).
"""
import sys

from .. import variants as _package  # the light engine's budget, `light_work`, is kept there
from ..core import solver
from ..core.compat import bit_count, bit_length, lru_cache, ordered_dict, unique
from ..core.grid import Grid
from ..core.solver import SearchLimitExceeded, SearchStats, Tally, _deadline, _locked_eliminations
from .propagators import Propagator, pair_relations, propagators, renban_windows, static_masks
from .rules import Rules, RulesError
from .topology import Topology, irregular_kind, lattice_kind, locked_pairs, pair_eliminations, set_bits

__all__ = ["cage_combinations", "count_solutions", "is_unique", "iter_solutions", "solve", "solve_and_count",
           "SearchLimitExceeded", "SearchStats", "Tally"]

#: Cages whose digit sets would number more than this (only on big grids: 25x25 and past) are checked by
#: the bounds of their sums instead of by a table.
MAX_COMBINATIONS = 20_000
#: Cages with up to this many open cells are filled exactly (each cell keeps the digits it takes in some
#: whole filling); larger ones only drop the digit sets some open cell cannot take part in.
MATCHED_CELLS = 4
#: What a failed branch adds to its cell's weight (1 to begin with) under the palette (`_Search._choose_tied`):
#: of 0.01, 0.02, 0.05 and 0.1, 0.05 did best on the palette set and as well as 0.02 on the published one.
WEIGHT_STEP = 0.05
_MEMO_KEPT = 1 << 14  # cage states remembered per cage before the memo starts afresh


@lru_cache(maxsize=None)
def cage_combinations(size: int, total: int, side: int) -> "tuple[int, ...]":
    """Every set of `size` distinct digits from 1..`side` adding up to `total`, as digit bitmasks (bit d-1
    for digit d), in increasing order of the bitmask. Empty when no set makes the total."""
    found: list[int] = []

    def extend(low: int, left: int, remaining: int, mask: int) -> None:
        if left == 0:
            if remaining == 0:
                found.append(mask)
            return
        if left * side - left * (left - 1) // 2 < remaining:
            return  # even the largest `left` digits fall short
        for d in range(low, side - left + 2):
            if d * left + left * (left - 1) // 2 > remaining:
                break  # the smallest `left` digits from d on already overshoot
            extend(d + 1, left - 1, remaining - d, mask | 1 << (d - 1))

    if 0 < size <= side:
        extend(1, size, total, 0)
    return tuple(sorted(found))


def _comb(n: int, k: int) -> int:
    """`math.comb`, which MicroPython's math lacks."""
    if not 0 <= k <= n:
        return 0
    out = 1
    for i in range(min(k, n - k)):
        out = out * (n - i) // (i + 1)
    return out


@lru_cache(maxsize=None)
def _digit_lists(n: int) -> "tuple[tuple[int, ...], ...]":
    """For each digit bitmask of a grid of side n (n <= 12), its digits as 0-based indexes."""
    return tuple(tuple(d for d in range(n) if m >> d & 1) for m in range(1 << n))


def _find_matchings(masks: "tuple[int, ...]") -> "tuple[int, ...] | None":
    """Cells with candidate digit masks `masks`, as many cells as digits in their union, each taking a
    different digit: for each cell, the digits it takes in some such assignment (a perfect matching);
    None when there is none. Small (the open cells of one cage), and the same states recur in a search."""
    k = len(masks)
    order = sorted(range(k), key=lambda j: bit_count(masks[j]))
    lists = _digit_lists(12) if max(masks) < 1 << 12 else None
    options = [lists[masks[j]] if lists is not None else set_bits(masks[j]) for j in order]
    supported = [0] * k
    chosen = [0] * k

    def fill(depth: int, used: int) -> None:
        if depth == k:
            for j in range(k):
                supported[j] |= chosen[j]
            return
        for d in options[depth]:
            bit = 1 << d
            if not used & bit:
                chosen[depth] = bit
                fill(depth + 1, used | bit)

    fill(0, 0)
    if not supported[0]:
        return None
    out = [0] * k
    for depth, j in enumerate(order):
        out[j] = supported[depth]
    return tuple(out)


#: `_find_matchings`, remembered on CPython and Pyodide. Not on MicroPython: it hashes a tuple as the sum of its
#: items' hashes, so a memo keyed by digit masks piles thousands of them on one slot and every lookup walks them
#: (Killers 1 to 40 of data/variants took it 362 s with the memo, 37 s finding each matching afresh).
_matchings = (_find_matchings if sys.implementation.name == "micropython"
              else lru_cache(maxsize=1 << 16)(_find_matchings))


class _CageTable:
    """One Killer cage as the search sees it: its cells as a board, its total and its digit sets (given
    for a renban line: the runs of consecutive digits; its total is then unused)."""

    __slots__ = ("cells", "mask", "total", "combos", "combo_set", "memo")

    def __init__(self, cells: "tuple[int, ...]", total: int, side: int,
                 combos: "tuple[int, ...] | None" = None) -> None:
        self.cells = cells
        self.mask = sum(1 << i for i in cells)
        self.total = total
        if combos is not None:
            self.combos, self.combo_set = combos, frozenset(combos)
        elif _comb(side, len(cells)) <= MAX_COMBINATIONS:
            self.combos: "tuple[int, ...] | None" = cage_combinations(len(cells), total, side)
            self.combo_set = frozenset(self.combos)
        else:
            self.combos, self.combo_set = None, frozenset()
        self.memo: dict = {}  # the cage's cells' state -> what it allows (see `_Search._cages`)


class _VariantTables(solver._Tables):
    """What a search under one set of rules needs, made once per `Rules`: the classic tables of its shape
    with its peers and houses (`topology`), its Killer cages (renban lines among them) and the rest of
    its palette (`propagators`)."""

    __slots__ = ("topology", "irregular", "box_lines", "pairs", "cages", "digit_lists", "palette", "relations",
                 "static", "palette_conflicts", "ties", "most_ties")

    def __init__(self, rules: Rules) -> None:
        classic = solver._tables(rules.shape)
        for name in solver._Tables.__slots__:
            setattr(self, name, getattr(classic, name))
        topo = self.topology = Topology(rules)
        n, spread = self.n, self.digit_spread
        self.peer_masks = topo.peer_masks
        classic_kinds, lattice, irregular = topo.kinds
        self.unit_kinds = classic.unit_kinds[:len(classic_kinds)] + tuple(lattice_kind(g, spread) for g in lattice)
        self.irregular = tuple(irregular_kind(g, n, spread) for g in irregular)
        if self.irregular and n <= 9:
            # Houses of any shape: scoring every two-candidate cell finds better branches (Jigsaw: 7 % less
            # time; on 16x16 grids and in the classic search it costs more than it saves).
            self.pairs_scored = n * n
        # Box-line locked candidates come after the cages (`_Search._variant_steps`), not in the classic steps.
        self.locked = None
        self.box_lines = classic.locked if topo.boxes else None
        self.pairs = locked_pairs(classic_kinds + lattice + irregular, n, spread, topo.boxes)
        summed = [(c.cells, c.total) for c in rules.cages if c.total is not None]
        summed += _house_sums(rules, summed, self.peer_masks)
        self.cages = tuple(_CageTable(cells, total, n) for cells, total in unique(summed)) + tuple(
            _CageTable(c.cells, 0, n, renban_windows(len(c.cells), n)) for c in rules.constraints if c.kind == "renban")
        self.digit_lists = _digit_lists(n) if n <= 12 else None
        try:
            self.palette = propagators(rules)
        except ValueError as err:
            raise RulesError(str(err)) from None
        self.relations = pair_relations(rules)
        self.static = static_masks(rules)
        # The last word on every solution the search yields: the model's own check of the palette.
        palette = rules.constraints or rules.nonconsecutive or rules.negative
        self.palette_conflicts = rules.palette_conflicts if palette else None
        # Branching under the palette: for each cell, 1 + the clues it is in (constraints, cages; see
        # `_Search._choose_tied`). None: the classic choice (no palette: the Killer, Jigsaw, ... searches
        # keep their node counts).
        self.ties, self.most_ties = None, 0.0
        if rules.constraints:
            ties = [1] * (n * n)
            for c in rules.constraints:
                for i in tuple(c.cells) + tuple(c.head):
                    ties[i] += 1
            for cage in rules.cages:
                for i in cage.cells:
                    ties[i] += 1
            self.ties = tuple(ties)
            # the greatest denominator of a cell's score
            self.most_ties = max(tie + bit_count(peers) / 10 for tie, peers in zip(ties, self.peer_masks))


def _house_sums(rules: Rules, cages: "list[tuple[tuple[int, ...], int]]",
                peers: "tuple[int, ...] | None" = None) -> "list[tuple[tuple[int, ...], int]]":
    """The sums that Killer cages force on parts of houses (the "45 rule"), as more cages: a house of
    `side` cells adds up to 1 + 2 + ... + side, and a union of k disjoint houses (here: runs of 2 to
    side - 1 neighbouring rows or columns) to k times that, so

    * innies: the cells of a house (union) outside the cages that lie wholly inside it add up to the rest;
    * outies: when the cages that touch a house (union) cover it, their cells outside it add up to their
      totals less its sum.

    Kept only when those cells see each other (their digits are distinct, as in a cage); always so for
    the innies of one house. `peers`: each cell's peers as a board. Fixed by the rules, so found once,
    not per node."""
    if not cages:
        return []
    n = rules.shape.side
    full = n * (n + 1) // 2
    if peers is None:
        peers = tuple(sum(1 << j for j in p) for p in rules.peers)
    areas = [(sum(1 << i for i in house.cells), 1) for house in rules.houses if len(house.cells) == n]
    rows = [sum(1 << (r * n + c) for c in range(n)) for r in range(n)]
    columns = [sum(1 << (r * n + c) for r in range(n)) for c in range(n)]
    for k in range(2, n):
        for first in range(n - k + 1):
            areas.append((sum(rows[first:first + k]), k))
            areas.append((sum(columns[first:first + k]), k))
    masks = [(sum(1 << i for i in c), t) for c, t in cages]

    def distinct(cells: int) -> bool:
        rest = cells
        while rest:
            low = rest & -rest
            if cells & ~low & ~peers[bit_length(low) - 1]:
                return False
            rest ^= low
        return True

    def as_cells(cells: int) -> "tuple[int, ...]":
        return tuple(set_bits(cells))

    found = []
    for area, k in areas:
        rest, inside, covered, touching = area, 0, 0, 0
        for c, t in masks:
            if c & area:
                covered |= c
                touching += t
                if not c & ~area:
                    rest &= ~c
                    inside += t
        if inside and rest and rest != area and (k == 1 or distinct(rest)):
            found.append((as_cells(rest), k * full - inside))
        outside = covered & ~area
        if outside and not area & ~covered and distinct(outside):
            found.append((as_cells(outside), touching - k * full))
    return found


_TABLES: "dict[Rules, _VariantTables]" = ordered_dict()  # the oldest first, on every runtime
#: Rules seen lately; a page or a batch reuses one set of rules many times. On MicroPython only 4: their tables
#: (cage memos and all) stay alive between requests, scattered over a heap it never compacts, and its allocator
#: walks past them: with 32 Killers' tables kept, an X solve took it 3 to 5 s instead of 0.05 to 0.5 s.
_TABLES_KEPT = 4 if sys.implementation.name == "micropython" else 32


def _tables(rules: Rules) -> _VariantTables:
    t = _TABLES.get(rules)
    if t is None:
        if len(_TABLES) >= _TABLES_KEPT:
            _TABLES.pop(next(iter(_TABLES)))
        t = _TABLES[rules] = _VariantTables(rules)
    return t


class _Search(solver._Search):
    """One search over one puzzle under variant rules: the classic search (its placing, choice of cell,
    branching and budgets) over the variant tables, with the variant propagation."""

    def __init__(self, grid: Grid, rules: Rules, max_nodes: "int | None", deadline: "float | None",
                 stats: "SearchStats | None") -> None:
        self.grid = grid
        self.t = _tables(rules)
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.stats = stats if stats is not None else SearchStats()
        t = self.t
        self._more = self._variant_steps if t.cages or t.palette or t.relations or t.box_lines or t.pairs else None
        if not self.t.irregular:
            self._hidden_singles = super()._hidden_singles  # the classic step alone: one call fewer a round
        if t.ties is not None:
            self._choose = self._choose_tied
            self._propagate = self._propagate_weighed
            self.weights = [1.0] * len(t.ties)
            self.heaviest = 1.0
        if _package.light_work is not None:
            self._meter(_package.light_work)

    def _meter(self, work: "_package.LightWork") -> None:
        """Charge this search's nodes and deductions to `work` (the light engine's only: a call more for each,
        where each costs a millisecond or more)."""
        propagate, cage_deductions, palette_deductions = self._propagate, self._cage_deductions, _palette_deductions
        node = self.t.n ** 3  # cells times digits
        cage, palette = node // 4, node // 2

        def metered_propagate(cand: "list[int]", parent: "list[int] | None" = None) -> int:
            work.charge(node)
            return propagate(cand, parent)

        def metered_cage(table: _CageTable, state: "tuple[int, ...]") -> "tuple | None":
            work.charge(cage)
            return cage_deductions(table, state)

        def metered_palette(rule: Propagator, state: "tuple[int, ...]", peer_masks: "tuple[int, ...]") -> object:
            work.charge(palette)
            return palette_deductions(rule, state, peer_masks)

        self._propagate = metered_propagate
        self._cage_deductions = metered_cage
        self._palette_deductions = metered_palette

    def _hidden_singles(self, packed: int, settled: int) -> int:
        """The classic solver's hidden singles (rows, columns, boxes and the houses folded like them),
        or when there are none, those of the houses of any shape (`topology.IrregularKind`): the next
        round looks at those anyway, and a round that finds singles in lines skips the dearer houses
        (7 % off a Jigsaw search, the same nodes)."""
        found = super()._hidden_singles(packed, settled)
        if found:
            return found
        for anchors, gather, fold, spread, scatter in self.t.irregular:
            in_rows = gather(packed)
            once, twice = fold(*in_rows)
            if anchors & ~once:
                return -1
            single = once & ~twice & anchors
            if single:
                found |= scatter((single * spread) & in_rows[0]) & packed & ~settled  # from the one row with a place
        return found

    def _choose_tied(self, cand: "list[int]", solved: int) -> int:
        """The cell to branch on under the palette: the fewest candidates for the most ties, candidates /
        ((1 + the clues it is in + its unsolved peers / 10) * its weight). A clue's cell settles the clue's
        other cells too, so a cell of three candidates on two clues beats a free one of two; and a cell
        whose branches have failed before is where the search gets stuck, so each failure weighs it
        (`_propagate_weighed`; conflict-directed, as in "dom/wdeg"). Together: half the nodes of the classic
        choice on the palette set, a tenth on the published one (docs/variants.md)."""
        unsolved = ~solved & self.t.all_cells
        planes = solver.count_planes(b & unsolved for b in cand[:-1])  # each cell's candidate count
        peer_masks, ties, weights = self.t.peer_masks, self.t.ties, self.weights
        index, popcount = bit_length, bit_count
        most = self.t.most_ties * self.heaviest  # the greatest denominator
        best, best_score = -1, float(self.t.n + 1)
        for count in range(2, self.t.n + 1):
            if count >= best_score * most:
                break  # no cell of this many candidates can do better
            cells = unsolved  # those with exactly `count` candidates
            for k, plane in enumerate(planes):
                cells &= plane if count >> k & 1 else ~plane
            while cells:
                low = cells & -cells
                cells ^= low
                i = index(low) - 1
                score = count / ((ties[i] + popcount(peer_masks[i] & unsolved) / 10) * weights[i])
                if score < best_score:
                    best, best_score = i, score
        return best

    def _propagate_weighed(self, cand: "list[int]", parent: "list[int] | None" = None) -> int:
        """The propagation, weighing the cell a branch placed when the branch fails (`_choose_tied`)."""
        # the branch's own cell: the one cell placed since its parent (placing never fails on a branch)
        branched = 0 if parent is None else cand[-1] & ~parent[-1]
        solved = super()._propagate(cand, parent)
        if solved < 0 and branched:
            i = bit_length(branched) - 1
            self.weights[i] += WEIGHT_STEP
            if self.weights[i] > self.heaviest:
                self.heaviest = self.weights[i]
        return solved

    def _start(self) -> "list[int] | None":
        """The classic start, then the odd and even cells lose the digits they cannot hold."""
        cand = super()._start()
        if cand is not None:
            for d, banned in self.t.static:
                cand[d] &= ~banned
        return cand

    def solutions(self) -> "Iterator[list[int]]":
        """The classic search's solutions, each checked against the palette by the rules themselves
        (`Rules.palette_conflicts`): the deductions keep a full grid only when it holds, and this makes
        sure no solution that breaks a constraint is ever given."""
        check = self.t.palette_conflicts
        solutions = super().solutions()
        try:
            for cand in solutions:
                if check is None or not check(self.to_grid(cand).values):
                    yield cand
        finally:
            solutions.close()  # counts its work into `stats` now (MicroPython never closes a dropped generator)

    # -- propagation: the classic solver's over these tables, then these steps ------------------------
    def _variant_steps(self, cand: "list[int]", open_cands: int, since: "list[int] | None"
                       ) -> "tuple[int, list[int] | None]":
        """When the singles find nothing more: the Killer cages (renban lines among them) and the palette's
        constraints whose cells changed since the state `since` (all of them when None), the relations
        between neighbours, then locked candidates, box and line as in the classic solver and between
        other kinds of houses. (1 when a candidate went, 0 when none did, -1 on a contradiction; the state
        the cages and constraints were looked at in.)"""
        t = self.t
        if t.cages or t.palette or t.relations:
            if since is None:
                dirty = t.all_cells
            else:
                dirty = 0
                for d in range(t.n):
                    dirty |= cand[d] ^ since[d]
            since = list(cand)
            changed = self._cages(cand, dirty) if t.cages else 0
            if changed >= 0 and t.palette:
                changed = self._palette(cand, dirty) or changed
            if changed >= 0 and t.relations:
                changed = self._relations(cand) or changed
            if changed:
                return changed, since
        if not open_cands:
            return 0, since
        gone = 0 if t.box_lines is None else _locked_eliminations(t.box_lines, open_cands)
        if t.pairs:
            gone |= pair_eliminations(t.pairs, open_cands, t.stride)
        gone &= open_cands
        if gone:
            all_cells = t.all_cells
            for d, shift in enumerate(t.shifts):
                cleared = gone >> shift & all_cells
                if cleared:
                    cand[d] &= ~cleared
            return 1, since
        return 0, since

    def _cages(self, cand: "list[int]", dirty: int) -> int:
        """Prune the Killer cages that have a cell in `dirty` by their digit sets: 1 when a candidate
        went, 0 when none did, -1 on a contradiction. What a cage allows depends only on its own cells'
        candidates, so each cage remembers its conclusions by that state (the same states recur all
        over a search)."""
        t = self.t
        n = t.n
        digits = range(n)
        changed = 0
        for cage in t.cages:
            mask = cage.mask
            if not mask & dirty:
                continue
            state = tuple([cand[d] & mask for d in digits] + [cand[n] & mask])
            memo = cage.memo
            found = memo.get(state)
            if found is None:
                if len(memo) >= _MEMO_KEPT:
                    memo.clear()
                found = memo[state] = self._cage_deductions(cage, state)
            if not found:
                return -1
            clears, places = found
            for d, gone in clears:
                if cand[d] & gone:
                    cand[d] &= ~gone
                    changed = 1
            for d, cell in places:
                if not cand[n] & cell:
                    if not self._place(cand, d, cell):
                        return -1
                    changed = 1
        return changed

    def _palette(self, cand: "list[int]", dirty: int) -> int:
        """The palette's constraints with a cell in `dirty`, as `_cages` does the cages: each keeps, in
        each of its cells, the digits its deduction (`propagators`) allows, remembered by the state of
        its cells. 1 when a candidate went, 0 when none did, -1 on a contradiction."""
        t = self.t
        digits = range(t.n)
        changed = 0
        for rule in t.palette:
            mask = rule.mask
            if not mask & dirty:
                continue
            state = tuple([cand[d] & mask for d in digits])
            memo = rule.memo
            found = memo.get(state)
            if found is None:
                if len(memo) >= _MEMO_KEPT:
                    memo.clear()
                found = memo[state] = self._palette_deductions(rule, state, t.peer_masks)
            if found is _BROKEN:
                return -1
            for d, gone in found:
                if cand[d] & gone:
                    cand[d] &= ~gone
                    changed = 1
        return changed

    def _relations(self, cand: "list[int]") -> int:
        """Orthogonal neighbours in a relation (`propagators.pair_relations`: Kropki dots, XV,
        nonconsecutive, the negative constraint), all cells at once, board by board: a cell loses digit
        d when its neighbour has none of d's partners left. 1 when a candidate went, 0 when none did,
        -1 when a placed digit would go."""
        t = self.t
        n = t.n  # also the step from a cell to the one below
        digit_lists = t.digit_lists
        solved = cand[n]
        changed = 0
        for partners, right, down in t.relations:
            for d in range(n):
                allowed = 0
                for e in (digit_lists[partners[d]] if digit_lists is not None else set_bits(partners[d])):
                    allowed |= cand[e]
                lost = (right & ~(allowed >> 1)) | ((right & ~allowed) << 1) \
                    | (down & ~(allowed >> n)) | ((down & ~allowed) << n)
                lost &= cand[d]
                if lost:
                    if lost & solved:
                        return -1
                    cand[d] &= ~lost
                    changed = 1
        return changed

    def _cage_deductions(self, cage: _CageTable, state: "tuple[int, ...]") -> "tuple | None":
        """What a cage whose cells hold `state` (its part of each digit's board, then of the placed cells'
        board) allows: ((digit, cells that lose it), ...), ((digit, the one cell that must take it), ...);
        () when it cannot be filled."""
        t = self.t
        n = t.n
        digit_lists = t.digit_lists
        solved = state[n]
        open_ = cage.mask & ~solved
        placed = avail = 0
        for d in range(n):
            x = state[d]
            if x:
                if x & open_:
                    avail |= 1 << d
                if x & solved:
                    placed |= 1 << d
        combos = cage.combos
        if not open_:
            if combos is not None:
                return ((), ()) if placed in cage.combo_set else ()
            return ((), ()) if sum(d + 1 for d in set_bits(placed)) == cage.total else ()
        if combos is None:
            return ((), ()) if self._cage_bounds(cage, placed, avail, open_) else ()

        def digits_in(mask: int) -> "tuple[int, ...] | list[int]":
            return digit_lists[mask] if digit_lists is not None else set_bits(mask)

        allowed = placed | avail
        union = 0
        required = -1
        open_count = bit_count(open_)
        several = open_count > 1 and open_count <= MATCHED_CELLS
        pair = open_count == 2
        if several:
            cells = [i for i in cage.cells if open_ >> i & 1]
            masks = [0] * len(cells)
            for d in digits_in(avail):
                board = state[d]
                for k, i in enumerate(cells):
                    if board >> i & 1:
                        masks[k] |= 1 << d
            support = [0] * len(cells)
        for c in combos:
            if c & placed != placed or c & ~allowed:
                continue
            rest = c ^ placed
            if pair:
                # two open cells (a 2-cell cage, or a cage down to two): the set's other two digits a, b
                a = rest & -rest
                b = rest ^ a
                m0, m1 = masks
                s0 = s1 = 0
                if m0 & a and m1 & b:
                    s0, s1 = a, b
                if m0 & b and m1 & a:
                    s0 |= b
                    s1 |= a
                if not s0:
                    continue
                support[0] |= s0
                support[1] |= s1
            elif several:
                # the open cells must take the set's other digits, one each
                kept = [m & rest for m in masks]
                if not all(kept):
                    continue
                matched = _matchings(tuple(kept))
                if matched is None:
                    continue
                for k, m in enumerate(matched):
                    support[k] |= m
            else:
                # at least, every open cell must be able to take one of them
                cover = 0
                for d in digits_in(rest):
                    cover |= state[d]
                if open_ & ~cover:
                    continue
            union |= rest
            required &= rest
        if not union:
            return ()
        clear: "dict[int, int]" = {}
        if several:
            for k, i in enumerate(cells):
                for d in digits_in(masks[k] & ~support[k]):
                    clear[d] = clear.get(d, 0) | 1 << i
        else:
            for d in digits_in(avail & ~union):
                clear[d] = open_
        places = []
        peer_masks = t.peer_masks
        for d in digits_in(required):
            x = state[d] & open_ & ~clear.get(d, 0)
            if not x & (x - 1):
                if not x:
                    return ()
                places.append((d, x))  # the only open cell of the cage that can hold d
                continue
            # d is in one of the cells of x: a cell that sees them all cannot be d
            seen_by_all = t.all_cells
            while x:
                low = x & -x
                seen_by_all &= peer_masks[bit_length(low) - 1]
                x ^= low
            clear[d] = clear.get(d, 0) | seen_by_all
        return tuple(clear.items()), tuple(places)

    def _cage_bounds(self, cage: _CageTable, placed: int, avail: int, open_: int) -> bool:
        """For a cage too big for a table: can `open_` cells take distinct available digits adding up to
        what the placed digits leave of the total?"""
        left = cage.total - sum(d + 1 for d in set_bits(placed))
        k = bit_count(open_)
        choices = [d + 1 for d in set_bits(avail)]
        if len(choices) < k:
            return False
        return sum(choices[:k]) <= left <= sum(choices[-k:])


_BROKEN = object()  # a palette constraint's conclusion at a state with no filling


def _palette_deductions(rule: Propagator, state: "tuple[int, ...]", peer_masks: "tuple[int, ...]"
                        ) -> "tuple[tuple[int, int], ...] | object":
    """What `rule` allows when its cells hold `state` (its part of each digit's board): ((digit, cells that
    lose it), ...), or `_BROKEN`. A digit the rule needs (`Propagator.needs`) goes in one of the cells that
    can still take it: alone, that cell takes it; and the cells that see them all lose it."""
    masks = [0] * len(rule.cells)
    place = rule.place
    for d, board in enumerate(state):
        bit = 1 << d
        while board:
            low = board & -board
            masks[place[low]] |= bit
            board ^= low
    kept = rule.deduce(masks)
    if kept is None or not all(kept):
        return _BROKEN
    clear: "dict[int, int]" = {}
    needs = rule.needs
    while needs:
        low = needs & -needs
        needs ^= low
        at = [k for k, m in enumerate(kept) if m & low]
        if not at:
            return _BROKEN
        if len(at) == 1:
            kept[at[0]] = low
        seen_by_all = -1
        for k in at:
            seen_by_all &= peer_masks[rule.cells[k]]
        if seen_by_all:
            clear[bit_length(low) - 1] = seen_by_all
    for i, m, keep in zip(rule.cells, masks, kept):
        gone = m & ~keep
        while gone:
            low = gone & -gone
            d = bit_length(low) - 1
            clear[d] = clear.get(d, 0) | 1 << i
            gone ^= low
    return tuple(clear.items())


#: A constraint's deduction, as `_Search._palette` reaches it: through the search, which the light engine's budget
#: may meter (`_Search._meter`).
_Search._palette_deductions = staticmethod(_palette_deductions)


# -- public API: the classic solver's, with the rules as the second argument ------------------------
def _check(grid: Grid, rules: "Rules | None") -> "Rules | None":
    """The rules to search under, or None for the classic solver."""
    if rules is None:
        return None
    if rules.shape != grid.shape:
        raise RulesError(f"the rules are for {rules.shape.name}, the grid is {grid.shape.name}")
    return None if rules.is_classic else rules


def iter_solutions(grid: Grid, rules: "Rules | None" = None, *, max_nodes: "int | None" = None,
                   timeout: "float | None" = None, stats: "SearchStats | None" = None) -> "Iterator[Grid]":
    """Every solution of `grid` under `rules`, in a fixed order (digits tried in increasing order).
    Givens that break a rule give none. Raises `SearchLimitExceeded` when `max_nodes` or `timeout`
    (seconds) runs out."""
    variant = _check(grid, rules)
    if variant is None:
        yield from solver.iter_solutions(grid, max_nodes=max_nodes, timeout=timeout, stats=stats)
        return
    search = _Search(grid, variant, max_nodes, _deadline(timeout), stats)
    solutions = search.solutions()
    try:
        for cand in solutions:
            yield search.to_grid(cand)
    finally:
        solutions.close()  # as `solver.iter_solutions` does: MicroPython never closes a dropped generator


def solve(grid: Grid, rules: "Rules | None" = None, *, max_nodes: "int | None" = None,
          timeout: "float | None" = None, stats: "SearchStats | None" = None) -> "Grid | None":
    """The first solution of `grid` under `rules`, or None when it has none. Raises `SearchLimitExceeded`
    when the budget runs out first."""
    solutions = iter_solutions(grid, rules, max_nodes=max_nodes, timeout=timeout, stats=stats)
    try:
        return next(solutions, None)
    finally:
        solutions.close()


def solve_and_count(grid: Grid, rules: "Rules | None" = None, limit: int = 2, *, max_nodes: "int | None" = None,
                    timeout: "float | None" = None, on_first: "Callable[[Grid], object] | None" = None) -> "Tally":
    """The first solution and the number of solutions up to `limit`, in one search (see
    `solver.solve_and_count`: never raises `SearchLimitExceeded`; `gave_up` says why it stopped early)."""
    if limit < 1:
        raise ValueError("limit must be at least 1")
    if _check(grid, rules) is None:
        return solver.solve_and_count(grid, limit, max_nodes=max_nodes, timeout=timeout, on_first=on_first)
    return solver.tally(iter_solutions(grid, rules, max_nodes=max_nodes, timeout=timeout), limit, on_first)


def count_solutions(grid: Grid, rules: "Rules | None" = None, limit: int = 2, *, max_nodes: "int | None" = None,
                    timeout: "float | None" = None, stats: "SearchStats | None" = None) -> int:
    """How many solutions `grid` has under `rules`, counting no further than `limit`. Raises
    `SearchLimitExceeded` when the budget runs out first."""
    if limit < 1:
        raise ValueError("limit must be at least 1")
    variant = _check(grid, rules)
    if variant is None:
        return solver.count_solutions(grid, limit, max_nodes=max_nodes, timeout=timeout, stats=stats)
    count = 0
    solutions = _Search(grid, variant, max_nodes, _deadline(timeout), stats).solutions()
    try:
        for _ in solutions:
            count += 1
            if count >= limit:
                break
    finally:
        solutions.close()
    return count


def is_unique(grid: Grid, rules: "Rules | None" = None, **budget: "int | float | None") -> bool:
    """True when `grid` has exactly one solution under `rules`."""
    return count_solutions(grid, rules, 2, **budget) == 1
