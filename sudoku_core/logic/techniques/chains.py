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

BASE = {"X-Chain": 6.5, "XY-Chain": 6.6, "AIC": 7.0}  # Sudoku Explainer: X-chains, Y-cycles, cycles
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


def search(links: Links, strong, weak, starts, max_nodes: int = MAX_NODES):
    """The shortest chain found from any start: (node list, eliminated nodes, placed node or None)."""
    best = None
    best_len = max_nodes + 1
    full_weak = links.weak
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
            if nxt & abit:
                hit = (a, 0, abit)
            else:
                for z in bits(nxt):
                    e = wa & full_weak[z]
                    if e:
                        hit = (z, e, None)
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


def _make_step(b: Board, name: str, found) -> Step:
    n = b.t.n
    chain, elims_bits, placed = found
    nodes = [(v // n, v % n + 1) for v in chain]

    def label(node):
        return f"{cell_name(node[0], n)}({sym(node[1], n)})" if name != "X-Chain" else cell_name(node[0], n)

    links = []
    parts = [label(nodes[0])]
    for k in range(1, len(nodes)):
        kind = "strong" if k % 2 == 1 else "weak"
        links.append((nodes[k - 1], nodes[k], kind))
        parts.append(("=" if kind == "strong" else "-") + label(nodes[k]))
    # strong links as "=", weak as "-": r1c1(5)=r1c5(5)-r4c5(5)=...
    chain_text = "".join(parts)
    on = f" on {sym(nodes[0][1], n)}" if name == "X-Chain" else ""
    difficulty = chain_difficulty(name, len(nodes))
    cells = tuple(dict.fromkeys(c for c, _ in nodes))
    if placed is not None:
        cell, d = placed // n, placed % n + 1
        text = (f"{name}{on}: {chain_text}: if {cell_name(cell, n)} were not {sym(d, n)} it would have to be "
                f"{sym(d, n)}, so it is {sym(d, n)}")
        return Step(name, text, n, placements=((cell, d),), cells=cells, candidates=tuple(nodes),
                    links=tuple(links), difficulty=difficulty, extra={"length": len(nodes)})
    elims = tuple((v // n, v % n + 1) for v in bits(elims_bits))
    a, z = nodes[0], nodes[-1]
    text = (f"{name}{on}: {chain_text}: either {cell_name(a[0], n)} is {sym(a[1], n)} or {cell_name(z[0], n)} is "
            f"{sym(z[1], n)}, so remove {removals_text(elims, n)}")
    return Step(name, text, n, eliminations=elims, cells=cells, candidates=tuple(nodes),
                links=tuple(links), difficulty=difficulty, extra={"length": len(nodes)})


def _links(b: Board) -> Links:
    # cached on the board object for the duration of one find_step (the board changes only by apply)
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
