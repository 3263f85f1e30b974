"""The links chains are made of, and the search that finds the chain a person would take.

A node is a candidate (cell, digit), node index v = cell * n + digit. A *strong* link joins two nodes of
which at least one is true (the only two places of a digit in a unit, the two digits of a bivalue
cell); a *weak* link two nodes of which at most one is true (one digit in cells that see each other,
two digits of one cell). `GroupedLinks` adds *group* nodes (a digit's places in one box-line crossing,
true when the digit is in one of them) and *ALS* nodes (digit d of an almost locked set A, true when d
is in A: when one digit of A is not in A, the other digits all are, so A's nodes are strongly linked to
each other; a chain enters A by one digit and leaves by another). Group and ALS nodes of one digit whose
cells all see each other are weakly linked, in a line or a box. A digit's places in a unit that fall
into two parts are strongly linked: a line's two box crossings, a box's two rows or two columns, or a
row and a column of a box that hold all its places, none where they cross.

A chain a = x - y = z alternates strong and weak links and starts and ends with strong ones; read from
either end it says "if a is false, z is true". `walk` runs one breadth-first search per start node over
node bitsets (layer 0: a, false; odd layers true, even layers false), so each node is reached by its
shortest chain; the finders look at every (start, end) pair it reaches and keep the best result: the
most candidates removed, then the fewest nodes, as HoDoKu sorts chain steps (for the rating: the
easiest on Sudoku Explainer's scale first, see `best_chain`).
"""
from ...core.compat import bit_count, bit_length, stable_sorted
from ..board import BIT_AT, BIT_MOD, Board, bits
from ..step import Focus
from .als import find_sets

MAX_NODES = 24  # nodes in a chain at most (Sudoku Explainer's length extra is +0.5 there)
MAX_ALS_CELLS = 4  # ALS nodes: sets of up to 4 cells (larger ones multiply the nodes, rarely help a person)
MAX_ALS_NODES = 400  # and at most this many ALS nodes (the smaller sets first), so a grouped search stays quick
EVERY = -1  # a focus of every node: a finder's own choice


def focus_nodes(focus: Focus, n: int) -> int:
    """The node bitset of `focus` (see `step.Focus`), EVERY when it is empty."""
    out = 0
    for cell, d in focus:
        out |= 1 << (cell * n + d - 1)
    return out or EVERY


class Links:
    """Link bitsets for one position: strong and weak, each split into unit links and cell links."""

    def __init__(self, b: Board) -> None:
        t = b.t
        n = t.n
        pos = b.positions()
        size = t.cell_count * n
        self.n = n
        self.base = size  # node indices from here on are groups or ALS nodes (GroupedLinks)
        # past base: ("group" | "als", digit, its cells holding the digit, the whole set's cells)
        self.extra: list[tuple[str, int, int, int]] = []
        self.strong_unit = [0] * size
        self.strong_cell = [0] * size
        self.weak_unit = [0] * size
        self.weak_cell = [0] * size
        self.nodes = 0  # the candidate nodes: what can be eliminated or placed
        for i, m in enumerate(b.cands):
            if not m:
                continue
            base = i * n
            cell_nodes = m << base
            self.nodes |= cell_nodes
            two = bit_count(m) == 2
            for d in bits(m):
                v = base + d
                others = cell_nodes & ~(1 << v)
                self.weak_cell[v] = others
                if two:
                    self.strong_cell[v] = others
                w = 0
                for j in bits(t.peer_masks[i] & pos[d]):
                    w |= 1 << (j * n + d)
                self.weak_unit[v] = w
        counts = b.counts()  # (small ints: a big int's bit count costs tens of microseconds on MicroPython)
        for u, um in enumerate(t.unit_masks):
            for d in range(n):
                if counts[u * n + d] == 2:
                    x, y = bits(pos[d] & um)
                    vx, vy = x * n + d, y * n + d
                    self.strong_unit[vx] |= 1 << vy
                    self.strong_unit[vy] |= 1 << vx
        self.join()

    def join(self) -> None:
        self.weak = [a | c for a, c in zip(self.weak_unit, self.weak_cell)]
        self.strong = [a | c for a, c in zip(self.strong_unit, self.strong_cell)]

    def starts(self, strong: list) -> int:
        """The candidate nodes with a strong link: every chain with a candidate at one end starts at one."""
        out = 0
        for v in bits(self.nodes):
            if strong[v]:
                out |= 1 << v
        return out


class GroupedLinks(Links):
    """Links with group nodes and ALS nodes too; see the module's docstring."""

    def __init__(self, b: Board) -> None:
        super().__init__(b)
        t = b.t
        n = t.n
        pos = b.positions()
        index: dict[tuple[int, int], int] = {}
        places, count = b.places(), t.count  # (the crossing's places counted in small ints, see `Board.counts`)
        for (a, _, both, _, _), crossing in zip(t.intersections, t.slot_intersections):
            if a >= 3 * n:
                continue  # a variant's diagonal or window: only box-line crossings make strong links below
            box, in_both = crossing[2], crossing[4]
            for d in range(n):
                if count[places[box + d] & in_both] < 2:
                    continue
                g = pos[d] & both
                if (d, g) not in index:
                    index[(d, g)] = self.base + len(self.extra)
                    self.extra.append(("group", d, g, g))
        groups = len(self.extra)
        sets = []
        for s in stable_sorted(find_sets(b, MAX_ALS_CELLS), key=lambda s: len(s.cells)):  # the smaller first
            if len(s.cells) >= 2 and len(self.extra) - groups + bit_count(s.digits) <= MAX_ALS_NODES:
                sets.append((self.base + len(self.extra), s))
                self.extra.extend(("als", d, s.places[d], s.board) for d in bits(s.digits))
        for table in (self.strong_unit, self.weak_unit, self.strong_cell, self.weak_cell):
            table.extend([0] * len(self.extra))
        peer = t.peer_masks
        weak_unit = self.weak_unit
        # Two group or ALS nodes of one digit whose cells all see each other: at most one is true. Cells
        # that all see each other lie in one house in classic Sudoku, so only nodes of one house are
        # compared there; under variant rules (other peers) every two nodes of the digit are.
        classic = t.rules is None
        earlier: dict[tuple[int, int], list[tuple[int, int]]] = {}  # per (digit, house): (node, cells) so far
        for k, (kind, d, g, _) in enumerate(self.extra):
            seen = t.all_cells
            for i in bits(g):
                seen &= peer[i]
            v = self.base + k
            bit = 1 << v
            out = 0
            for j in bits(seen & pos[d]):
                w = j * n + d
                out |= 1 << w
                weak_unit[w] |= bit
            for h in t.cell_units[bits(g)[-1]] if classic else (0,):  # (its last cell: bits, not a big bit_length)
                if classic and g & ~t.unit_masks[h]:
                    continue
                for v2, g2 in earlier.setdefault((d, h), []):
                    if not g & g2 and g2 & ~seen == 0:
                        out |= 1 << v2
                        weak_unit[v2] |= bit
                earlier[(d, h)].append((v, g))
            weak_unit[v] |= out
        for first, s in sets:  # every two digits of one ALS: at least one of them is in it
            nodes = 0
            for k in range(bit_count(s.digits)):
                nodes |= 1 << (first + k)
            for k in range(bit_count(s.digits)):
                self.strong_cell[first + k] = nodes & ~(1 << (first + k))
        self.als_by_node = {first + k: (first, s) for first, s in sets for k in range(bit_count(s.digits))}

        def node(d: int, part: int) -> "int | None":
            if part and not part & (part - 1):  # one cell
                return bits(part)[0] * n + d
            return index.get((d, part))

        def link(d: int, parts: list[int]) -> None:
            parts = [p for p in parts if p]
            # (cell counts by bit tricks: a big int's bit count costs tens of microseconds on MicroPython)
            if len(parts) != 2 or not (parts[0] & (parts[0] - 1) or parts[1] & (parts[1] - 1)):
                return  # not two parts, or a plain two-cell link (already there)
            x, y = node(d, parts[0]), node(d, parts[1])
            if x is not None and y is not None:
                self.strong_unit[x] |= 1 << y
                self.strong_unit[y] |= 1 << x

        box_masks = t.unit_masks[2 * n:3 * n]  # boxes or regions: they split every line
        row_masks, col_masks = t.unit_masks[:n], t.unit_masks[n:2 * n]
        counts = b.counts()
        for u in range(3 * n):
            um = t.unit_masks[u]
            for d in range(n):
                if counts[u * n + d] < 3:
                    continue
                here = pos[d] & um
                if u < 2 * n:  # a line: its parts are its crossings with boxes
                    link(d, [here & bm for bm in box_masks])
                else:  # a box: its parts are its rows, or its columns, or one row and one column
                    link(d, [here & rm for rm in row_masks])
                    link(d, [here & cm for cm in col_masks])
                    rows = [here & rm for rm in row_masks if here & rm]
                    cols = [here & cm for cm in col_masks if here & cm]
                    for r in rows:
                        for c in cols:
                            if not r & c and r | c == here:
                                link(d, [r, c])
        self.join()

    def als_of(self, v: int):
        """The ALS an ALS node belongs to and the index of its first node, or None."""
        return self.als_by_node.get(v)


_BUILT: dict = {}  # the last links built, per class: the chain finders in a row ask for the same position's


def links_of(b: Board, cls: type = Links) -> Links:
    """`cls(b)`, kept while the position (its candidates) stays the same."""
    key = (b.t, tuple(b.cands))
    last = _BUILT.get(cls)
    if last is None or last[0] != key:
        last = _BUILT[cls] = (key, cls(b))
    return last[1]


def linked(links: list) -> int:
    """The nodes with a link in `links`: the only ones a search goes on from."""
    out = 0
    for v, m in enumerate(links):
        if m:
            out |= 1 << v
    return out


def walk(a: int, strong: list, weak: list, max_nodes: int, live: "tuple[int, int] | None" = None) -> "list[int]":
    """Layers of the breadth-first search from start a (false): layer k holds the nodes whose shortest
    chain from a has k links (odd k: true, reached by a strong link; even k: false, by a weak one).
    `live`: (linked(weak), linked(strong)), to skip the nodes of a layer the next link cannot leave."""
    front = 1 << a
    seen = [front, 0]  # per parity: false, true
    layers = [front]
    # a node's index from its bit by `board.BIT_AT` when the nodes are few enough, else by `bit_length`
    small, at, mod = len(strong) < BIT_MOD - 1, BIT_AT, BIT_MOD
    for k in range(1, max_nodes):
        links = strong if k % 2 else weak
        nxt = 0
        if live is not None:
            front &= live[k % 2]
        if small:
            while front:  # (bits() inlined: this loop is the search's hot spot)
                low = front & -front
                nxt |= links[at[low % mod]]
                front ^= low
        else:
            while front:
                low = front & -front
                nxt |= links[bit_length(low) - 1]
                front ^= low
        nxt &= ~seen[k % 2]
        if not nxt:
            break
        seen[k % 2] |= nxt
        layers.append(nxt)
        front = nxt
    return layers


MAX_TRACE_STEPS = 400  # backtracking steps when looking for a chain through each node once


def trace(layers: list, z: int, strong: list, weak: list) -> "list[int]":
    """The chain from the start to node z of layer len(layers) - 1, walking back one layer at a time;
    one through each node once if the layers hold one (found within `MAX_TRACE_STEPS`), else any."""
    top = len(layers) - 1
    chain = [z]
    tries = [0]

    def back(idx: int, cur: int, used: int) -> bool:  # depth first, layer idx - 1 down to the start
        if idx == 0:
            return True
        link = strong if (idx - 1) % 2 == 0 else weak  # the link from layer idx - 1 to idx (links are symmetric)
        for v in bits(link[cur] & (layers[0] if idx == 1 else layers[idx - 1] & ~used)):
            tries[0] += 1
            if tries[0] > MAX_TRACE_STEPS:
                return False
            chain.append(v)
            if back(idx - 1, v, used | 1 << v):
                return True
            chain.pop()
        return False

    if back(top, z, 1 << z | layers[0]):
        chain.reverse()
        return chain
    chain[:] = [z]
    cur = z
    for idx in range(top - 1, -1, -1):
        link = strong if idx % 2 == 0 else weak
        options = layers[idx] & link[cur]
        v = bit_length(options & -options) - 1
        chain.append(v)
        cur = v
    chain.reverse()
    return chain


def best_chain(strong: list, weak: list, starts: int, judge, cost=None, most=None, ends=None,
               max_nodes: int = MAX_NODES):
    """The best result of `judge(a, z, k, layers)` over every chain a ... z the walks reach (z in layer
    k, an odd one: true): judge returns None or (rank, result), rank a number (more is better: the
    candidates it removes). The best chain is the one of highest rank, then of fewest nodes (HoDoKu's
    order); with `cost(nodes)` (a chain's difficulty), the one of least cost first (Sudoku Explainer
    rates a position by its easiest chain). `most(a)`, when given, bounds the rank of any chain from
    start a (to skip starts); `ends(a)`, when given, is the node bitset of the only ends judge may
    accept. Returns (chain, result) or None."""
    costs = [0.0 if cost is None else cost(nodes) for nodes in range(max_nodes + 1)]
    live = (linked(weak), linked(strong))
    best = None
    best_key = (float("-inf"), 0, 0)
    for a in bits(starts):
        limit = max_nodes
        if best is not None:  # the longest chain from a that could still win
            top = most(a) if most is not None else best_key[1] + 1
            price, nodes = -best_key[0], -best_key[2]
            limit = max((m for m in range(2, max_nodes + 1) if costs[m] < price or costs[m] == price
                         and (top > best_key[1] or top == best_key[1] and m < nodes)), default=0)
        layers = walk(a, strong, weak, limit, live)
        wanted = -1 if ends is None else ends(a)
        for k in range(1, len(layers), 2):
            for z in bits(layers[k] & wanted):
                found = judge(a, z, k, layers)
                if found is None:
                    continue
                key = (-costs[k + 1], found[0], -(k + 1))
                if key > best_key:
                    best_key = key
                    best = (layers, k, z, found[1])
    if best is None:
        return None
    layers, k, z, result = best
    return trace(layers[:k + 1], z, strong, weak), result
