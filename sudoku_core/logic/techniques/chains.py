"""Chains: X-Chain, XY-Chain and alternating inference chains (AIC, Grouped AIC).

A chain a = x - y = z (links and search in `chain_search`) proves that a or z is true, so any candidate
weakly linked to both ends is false: their digit in cells that see both (one digit), the cell's other
digits (two digits of one cell), each other's digit (two digits in cells that see each other). X-Chain
uses only one digit's unit links; XY-Chain strong links inside bivalue cells and weak links between
cells; AIC every link; Grouped AIC also group and ALS nodes. Among the chains a finder reaches it keeps
the one with the most eliminations, then the fewest nodes. Loops are `nice_loops`'.
"""
from ...core.compat import bit_count, unique
from ..board import Board, bits
from ..phrases import cell_name, removals_text, sym
from ..step import Focus, Step
from .chain_search import EVERY, GroupedLinks, Links, best_chain, focus_nodes, links_of

# Sudoku Explainer: X-chains, Y-cycles, cycles
BASE = {"X-Chain": 6.5, "XY-Chain": 6.6, "AIC": 7.0, "Grouped AIC": 7.0}
# Short X-Chains are "3/4/5 strong-linked fishes" in Sukaku Explainer, rated lower than X-chains in
# Sudoku Explainer; these values were calibrated against the Sukaku Explainer ratings in data/.
X_CHAIN_BY_STRONG_LINKS = {3: 5.5, 4: 5.7, 5: 6.3}


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


def kind_of(lk: Links, chain: "list[int]") -> str:
    """Which chain the links make, for its difficulty: one digit's unit links (X), bivalue cells
    (XY), groups or ALS nodes (Grouped AIC), or anything else (AIC). `chain` may close a loop."""
    n = lk.n
    if any(v >= lk.base for v in chain):
        return "Grouped AIC"
    if len({v % n for v in chain}) == 1:
        return "X-Chain"
    pairs = zip(chain, chain[1:] + chain[:1])
    if all(lk.strong_cell[u] >> v & 1 or lk.weak_unit[u] >> v & 1 and u % n == v % n for u, v in pairs):
        return "XY-Chain"
    return "AIC"


class Drawing:
    """A chain's nodes in words and as highlights: labels r1c1(5) (r1c1 in an X-Chain), {r1c1,r1c2}(5)
    for a group, ALS{r1c1,r1c2,r1c3}(5) for an ALS node; claims "r1c1 is 5"."""

    def __init__(self, lk: Links, chain: "list[int]", plain: bool = False) -> None:
        n = lk.n
        self.anchors, self.labels, self.claims, self.members = [], [], [], []
        for v in chain:
            if v >= lk.base:
                kind, d, g, whole = lk.extra[v - lk.base]
                cells = list(bits(g))
                where = ",".join(cell_name(c, n) for c in (bits(whole) if kind == "als" else cells))
                name = f"ALS{{{where}}}" if kind == "als" else f"{{{where}}}"
                self.anchors.append((cells[0], d + 1))
                self.members.extend((c, d + 1) for c in cells)
                self.labels.append(name if plain else f"{name}({sym(d + 1, n)})")
                self.claims.append(f"{sym(d + 1, n)} is in {name}")
            else:
                node = (v // n, v % n + 1)
                self.anchors.append(node)
                self.members.append(node)
                name = cell_name(node[0], n)
                self.labels.append(name if plain else f"{name}({sym(node[1], n)})")
                self.claims.append(f"{name} is {sym(node[1], n)}")

    def text(self, first_strong: bool = True) -> str:
        """Strong links as "=", weak as "-": r1c1(5)=r1c5(5)-r4c5(5)=..."""
        parts = [self.labels[0]]
        for k in range(1, len(self.labels)):
            parts.append(("=" if (k % 2 == 1) == first_strong else "-") + self.labels[k])
        return "".join(parts)

    def links(self, first_strong: bool = True) -> tuple:
        a = self.anchors
        return tuple((a[k - 1], a[k], "strong" if (k % 2 == 1) == first_strong else "weak")
                     for k in range(1, len(a)))

    def cells(self) -> tuple:
        return tuple(unique(c for c, _ in self.members))


def _chain_step(b: Board, name: str, lk: Links, chain: "list[int]", elims_bits: int) -> Step:
    n = b.t.n
    draw = Drawing(lk, chain, plain=name == "X-Chain")
    elims = tuple((v // n, v % n + 1) for v in bits(elims_bits))
    on = f" on {sym(draw.anchors[0][1], n)}" if name == "X-Chain" else ""
    text = (f"{name}{on}: {draw.text()}: either {draw.claims[0]} or {draw.claims[-1]}, so remove "
            f"{removals_text(elims, n)}")
    return Step(name, text, n, eliminations=elims, cells=draw.cells(), candidates=tuple(draw.members),
                links=draw.links(), difficulty=chain_difficulty(name, len(chain)), extra={"length": len(chain)})


def end_eliminations(lk: Links, strong: list, weak: list, kind: str, easiest: bool = False, focus: int = EVERY):
    """The chain whose two ends rule out the most candidates (of `focus`, a node bitset), fewest nodes
    first (or with `easiest`, the easiest on Sudoku Explainer's scale for `kind` first): (chain,
    eliminated nodes) or None. Not a loop back to its start."""
    full, real = lk.weak, lk.nodes & focus

    def judge(a, z, k, layers):
        e = full[a] & full[z] & lk.nodes if z != a else 0
        rank = bit_count(e & focus)
        return (rank, e) if rank else None

    cost = (lambda nodes: chain_difficulty(kind, nodes)) if easiest else None
    return best_chain(strong, weak, lk.starts(strong), judge, cost, most=lambda a: bit_count(full[a] & real))


def _find(b: Board, name: str, lk: Links, strong: list, weak: list, easiest: bool, focus: Focus) -> "Step | None":
    found = end_eliminations(lk, strong, weak, name, easiest, focus_nodes(focus, b.t.n))
    return _chain_step(b, name, lk, *found) if found else None


# Each finder gives the chain a person would take (HoDoKu's choice: the most eliminations, then the
# shortest); with easiest=True, the easiest on Sudoku Explainer's scale: the rating's choice; with
# `focus`, (cell, digit) candidates, the one removing the most of them (see `chain_search.focus_nodes`).
def x_chain(b: Board, easiest: bool = False, focus: Focus = ()) -> "Step | None":
    lk = links_of(b)
    return _find(b, "X-Chain", lk, lk.strong_unit, lk.weak_unit, easiest, focus)


def xy_chain(b: Board, easiest: bool = False, focus: Focus = ()) -> "Step | None":
    lk = links_of(b)
    return _find(b, "XY-Chain", lk, lk.strong_cell, lk.weak_unit, easiest, focus)


def aic(b: Board, easiest: bool = False, focus: Focus = ()) -> "Step | None":
    lk = links_of(b)
    return _find(b, "AIC", lk, lk.strong, lk.weak, easiest, focus)


def grouped_aic(b: Board, easiest: bool = False, focus: Focus = ()) -> "Step | None":
    """AIC whose nodes may also be groups (a digit's places in one box-line crossing) and ALS nodes."""
    lk = links_of(b, GroupedLinks)
    return _find(b, "Grouped AIC", lk, lk.strong, lk.weak, easiest, focus)
