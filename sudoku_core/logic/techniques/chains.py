"""Chains: X-Chain, XY-Chain and alternating inference chains (AIC, HoDoKu's discontinuous nice loops).

A node is a candidate (cell, digit). A *strong* link joins two nodes of which at least one is true
(the only two places of a digit in a unit, or the only two digits of a cell); a *weak* link joins
two nodes of which at most one is true (same digit in cells that see each other, or two digits of
one cell). A chain that starts and ends with strong links and alternates strong, weak, strong ...
proves: if its first node is false, its last node is true. So one of the two ends is true, and any
candidate weakly linked to both ends is false; and when the chain comes back to its first node as
true, that node is true.

The search is a breadth-first walk over node bitsets (node v = cell * n + digit), one walk per start
node, keeping the shortest chain with a result: X-Chain uses only unit links on one digit; XY-Chain
strong links inside two-candidate cells and weak links between cells; AIC everything.
"""
from __future__ import annotations

from ..board import Board, bits
from ..phrases import cell_name, removals_text, sym
from ..step import Step

BASE = {"X-Chain": 6.5, "XY-Chain": 6.6, "AIC": 7.0, "Grouped AIC": 7.0}  # Sudoku Explainer: X-chains, Y-cycles, cycles
# Short X-Chains are "3/4/5 strong-linked fishes" in Sukaku Explainer, rated lower than X-chains in
# Sudoku Explainer; these values were calibrated against the Sukaku Explainer ratings in data/.
X_CHAIN_BY_STRONG_LINKS = {3: 5.5, 4: 5.7, 5: 6.3}
MAX_NODES = 24


def length_bonus(nodes: int) -> float:
    """Sudoku Explainer's extra for long chains: +0.1 each time the length passes 4, 6, 8, 12, 16, 24..."""
    added = 0.0
    ceil = 4
    odd = False
    length = nodes - 2
    while length > ceil:
        added += 0.1
        ceil = ceil * 3 // 2 if not odd else ceil * 4 // 3
        odd = not odd
    return round(added, 1)


def chain_difficulty(name: str, nodes: int) -> float:
    if name == "X-Chain" and nodes // 2 in X_CHAIN_BY_STRONG_LINKS:
        return X_CHAIN_BY_STRONG_LINKS[nodes // 2]
    return round(BASE[name] + length_bonus(nodes), 1)


class Links:
    """Link bitsets for one position: strong and weak, each split into unit links and cell links."""

    def __init__(self, b: Board) -> None:
        t = b.t
        n = t.n
        cands = b.cands
        pos = b.positions()
        size = t.cell_count * n
        self.n = n
        self.strong_unit = [0] * size
        self.strong_cell = [0] * size
        self.weak_unit = [0] * size
        self.weak_cell = [0] * size
        self.nodes = 0
        # per digit, the node bitset of its candidates spread from the cell board
        for i, m in enumerate(cands):
            if not m:
                continue
            base = i * n
            cell_nodes = m << base
            self.nodes |= cell_nodes
            two = m.bit_count() == 2
            for d in bits(m):
                v = base + d
                others = cell_nodes & ~(1 << v)
                self.weak_cell[v] = others
                if two:
                    self.strong_cell[v] = others
                peers_d = t.peer_masks[i] & pos[d]
                w = 0
                for j in bits(peers_d):
                    w |= 1 << (j * n + d)
                self.weak_unit[v] = w
        for u, um in enumerate(t.unit_masks):
            for d in range(n):
                here = pos[d] & um
                if here.bit_count() == 2:
                    x, y = bits(here)
                    vx, vy = x * n + d, y * n + d
                    self.strong_unit[vx] |= 1 << vy
                    self.strong_unit[vy] |= 1 << vx
        self.weak = [a | c for a, c in zip(self.weak_unit, self.weak_cell)]
        self.strong = [a | c for a, c in zip(self.strong_unit, self.strong_cell)]


class GroupedLinks(Links):
    """Links with *group* nodes too: the places of one digit inside one box-line crossing (two or
    three cells), true when the digit is in one of them. Node indices past the candidates' are groups."""

    def __init__(self, b: Board) -> None:
        super().__init__(b)
        t = b.t
        n = t.n
        pos = b.positions()
        base = t.cell_count * n
        self.base = base
        self.groups: list[tuple[int, int]] = []  # (digit, cell board)
        index: dict[tuple[int, int], int] = {}
        for a, _, both, _, _ in t.intersections:
            if a >= 3 * n:
                continue  # a variant's diagonal or window: only box-line crossings make strong links below
            for d in range(n):
                g = pos[d] & both
                if g.bit_count() >= 2 and (d, g) not in index:
                    index[(d, g)] = base + len(self.groups)
                    self.groups.append((d, g))
        extra = [0] * len(self.groups)
        self.strong_unit += extra
        self.weak_unit += list(extra)
        self.strong_cell += list(extra)
        self.weak_cell += list(extra)
        peer = t.peer_masks
        seen_all = []
        for k, (d, g) in enumerate(self.groups):
            seen = t.all_cells
            for i in bits(g):
                seen &= peer[i]
            seen_all.append(seen)
            v = base + k
            for j in bits(seen & pos[d]):  # cells that see every cell of the group
                w = j * n + d
                self.weak_unit[v] |= 1 << w
                self.weak_unit[w] |= 1 << v
            for k2 in range(k):
                d2, g2 = self.groups[k2]
                if d2 == d and not g & g2 and g2 & ~seen == 0:
                    self.weak_unit[v] |= 1 << (base + k2)
                    self.weak_unit[base + k2] |= 1 << v

        def node(d: int, part: int) -> "int | None":
            if part.bit_count() == 1:
                return (part.bit_length() - 1) * n + d
            return index.get((d, part))

        def link(d: int, parts: list[int]) -> None:
            parts = [p for p in parts if p]
            if len(parts) != 2 or max(p.bit_count() for p in parts) < 2:
                return  # not two parts, or a plain two-cell link (already there)
            x, y = node(d, parts[0]), node(d, parts[1])
            if x is None or y is None:
                return
            self.strong_unit[x] |= 1 << y
            self.strong_unit[y] |= 1 << x

        box_masks = t.unit_masks[2 * n:3 * n]  # boxes or regions: they split every line
        row_masks = t.unit_masks[:n]
        col_masks = t.unit_masks[n:2 * n]
        for u in range(3 * n):
            um = t.unit_masks[u]
            for d in range(n):
                here = pos[d] & um
                if here.bit_count() < 3:
                    continue
                if u < 2 * n:  # a line: its parts are its crossings with boxes
                    link(d, [here & bm for bm in box_masks])
                else:  # a box: its parts are its rows, or its columns
                    link(d, [here & rm for rm in row_masks])
                    link(d, [here & cm for cm in col_masks])
        self.weak = [a | c for a, c in zip(self.weak_unit, self.weak_cell)]
        self.strong = [a | c for a, c in zip(self.strong_unit, self.strong_cell)]


def search(links: Links, strong, weak, starts, max_nodes: int = MAX_NODES):
    """The shortest chain found from any start: (node list, eliminated nodes, placed node or None)."""
    best = None
    best_len = max_nodes + 1
    full_weak = links.weak
    real = links.nodes  # candidate nodes (not groups): what can be eliminated or placed
    for a in bits(starts):
        wa = full_weak[a]
        abit = 1 << a
        front = abit
        seen_f, seen_t = abit, 0
        layers = [front]
        k = 0
        while 2 * (k + 1) < best_len:
            nxt = 0
            for v in bits(front):
                nxt |= strong[v]
            nxt &= ~seen_t
            if not nxt:
                break
            seen_t |= nxt
            layers.append(nxt)
            k += 1
            hit = None
            if nxt & abit and real >> a & 1:
                hit = (a, 0, abit)
            else:
                for z in bits(nxt):
                    if k >= 2 and full_weak[z] >> a & 1:
                        # the end sees the start: a continuous loop, whose every weak link
                        # holds exactly one truth (this includes what the chain alone removes)
                        chain = _trace(layers, z, strong, weak)
                        e = _loop_eliminations(chain, full_weak, real)
                        if e:
                            best = (chain, e, None, True)
                            best_len = len(chain)
                            break
                    e = wa & full_weak[z] & real
                    if e:
                        hit = (z, e, None)
                        break
                if best is not None and len(best) == 4 and best[0][0] == a:
                    break
            if hit:
                z, elims, placed = hit
                chain = _trace(layers, z, strong, weak)
                best = (chain, elims, a if placed else None)
                best_len = len(chain)
                break
            front = 0
            for v in bits(nxt):
                front |= weak[v]
            front &= ~seen_f
            if not front:
                break
            seen_f |= front
            layers.append(front)
    return best


def _loop_eliminations(chain: list[int], weak, real: int) -> int:
    """In a continuous loop (chain[0] = chain[1] - chain[2] = ... = chain[-1], and chain[-1] - chain[0]),
    either every odd node is true or every even one, so each weak link has exactly one true end:
    a candidate weakly linked to both ends of any of them is false."""
    on_chain = 0
    for v in chain:
        on_chain |= 1 << v
    out = 0
    pairs = [(chain[i], chain[i + 1]) for i in range(1, len(chain) - 1, 2)] + [(chain[-1], chain[0])]
    for x, y in pairs:
        out |= weak[x] & weak[y]
    return out & real & ~on_chain


def _trace(layers, z, strong, weak) -> list[int]:
    """Walk back from node z in the last layer to the start: layers alternate false/true."""
    chain = [z]
    cur = z
    for idx in range(len(layers) - 2, -1, -1):
        link = strong if idx % 2 == 0 else weak  # layer idx is false when even: its links go by strong
        for v in bits(layers[idx]):
            if link[v] >> cur & 1:
                chain.append(v)
                cur = v
                break
    chain.reverse()
    return chain


def _make_step(b: Board, name: str, found, groups=None) -> Step:
    """`groups`: (index of the first group node, [(digit, cell board)]) for grouped chains."""
    n = b.t.n
    chain, elims_bits, placed = found[:3]
    loop = len(found) > 3
    chain_kind = name
    if loop:
        name = "Continuous Nice Loop"
    nodes, labels, members, claims = [], [], [], []
    for v in chain:
        if groups is not None and v >= groups[0]:
            d, g = groups[1][v - groups[0]]
            cells = list(bits(g))
            nodes.append((cells[0], d + 1))
            members.extend((c, d + 1) for c in cells)
            where = ",".join(cell_name(c, n) for c in cells)
            labels.append(f"{{{where}}}({sym(d + 1, n)})" if name != "X-Chain" else f"{{{where}}}")
            claims.append(f"{sym(d + 1, n)} is in {{{where}}}")
        else:
            node = (v // n, v % n + 1)
            nodes.append(node)
            members.append(node)
            labels.append(f"{cell_name(node[0], n)}({sym(node[1], n)})" if name != "X-Chain"
                          else cell_name(node[0], n))
            claims.append(f"{cell_name(node[0], n)} is {sym(node[1], n)}")

    links = []
    parts = [labels[0]]
    for k in range(1, len(nodes)):
        kind = "strong" if k % 2 == 1 else "weak"
        links.append((nodes[k - 1], nodes[k], kind))
        parts.append(("=" if kind == "strong" else "-") + labels[k])
    # strong links as "=", weak as "-": r1c1(5)=r1c5(5)-r4c5(5)=...
    chain_text = "".join(parts)
    on = f" on {sym(nodes[0][1], n)}" if name == "X-Chain" else ""
    difficulty = chain_difficulty(chain_kind, len(nodes))
    cells = tuple(dict.fromkeys(c for c, _ in members))
    if placed is not None:
        cell, d = placed // n, placed % n + 1
        text = (f"{name}{on}: {chain_text}: if {cell_name(cell, n)} were not {sym(d, n)} it would have to be "
                f"{sym(d, n)}, so it is {sym(d, n)}")
        return Step(name, text, n, placements=((cell, d),), cells=cells, candidates=tuple(members),
                    links=tuple(links), difficulty=difficulty, extra={"length": len(nodes)})
    elims = tuple((v // n, v % n + 1) for v in bits(elims_bits))
    if loop:
        text = (f"{name}: {chain_text}-{labels[0]} closes a loop, so each weak link in it has exactly "
                f"one true end: remove {removals_text(elims, n)}")
    else:
        text = (f"{name}{on}: {chain_text}: either {claims[0]} or {claims[-1]}, so remove "
                f"{removals_text(elims, n)}")
    return Step(name, text, n, eliminations=elims, cells=cells, candidates=tuple(members),
                links=tuple(links), difficulty=difficulty, extra={"length": len(nodes)})


def _links(b: Board) -> Links:
    # Built anew on every call, not cached: x_chain, xy_chain and aic each build their own for the board.
    return Links(b)


def x_chain(b: Board) -> "Step | None":
    lk = _links(b)
    starts = 0
    for v, s in enumerate(lk.strong_unit):
        if s:
            starts |= 1 << v
    found = search(lk, lk.strong_unit, lk.weak_unit, starts)
    return _make_step(b, "X-Chain", found) if found else None


def xy_chain(b: Board) -> "Step | None":
    lk = _links(b)
    starts = 0
    for v, s in enumerate(lk.strong_cell):
        if s:
            starts |= 1 << v
    found = search(lk, lk.strong_cell, lk.weak_unit, starts)
    return _make_step(b, "XY-Chain", found) if found else None


def aic(b: Board) -> "Step | None":
    lk = _links(b)
    starts = 0
    for v, s in enumerate(lk.strong):
        if s:
            starts |= 1 << v
    found = search(lk, lk.strong, lk.weak, starts)
    return _make_step(b, "AIC", found) if found else None


def grouped_aic(b: Board) -> "Step | None":
    """AIC whose nodes may also be groups (a digit's places in one box-line crossing)."""
    lk = GroupedLinks(b)
    starts = 0
    for v, s in enumerate(lk.strong):
        if s:
            starts |= 1 << v
    found = search(lk, lk.strong, lk.weak, starts)
    return _make_step(b, "Grouped AIC", found, (lk.base, lk.groups)) if found else None
