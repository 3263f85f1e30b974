"""Nice loops (HoDoKu's names): chains that come back to where they started.

*Continuous Nice Loop*: a chain a = x - ... = z whose end z is weakly linked to its start a closes a
loop. If a is false the links make x true, ... z true, a false; if a is true they make z false, ...
x false: either way every link of the loop has exactly one true end, so whatever is weakly linked to
both ends of any link is false (the cell's other digits for a link inside a cell, the digit elsewhere
in the unit for a link in a unit), and for an ALS the loop enters and leaves, its other digits are
locked in it.

*Discontinuous Nice Loop*: a loop that breaks at one candidate c. Two strong links at c (the chain c =
... = c: if c is false, c is true): c is true. A weak link and a strong link of another digit of c's
cell (c - a = ... = z with a or z in c's cell, z weakly linked to c): if c were true a would be false
and z true, which rules c out: c is false. (Two weak links at a candidate outside the ends' cells is
what an AIC removes, see `chains`; when c is the only candidate of its digit seeing both ends of a
chain, HoDoKu calls it a Discontinuous Nice Loop, c - a = ... = z - c, and so does this module.)

Each finder keeps the loop that removes the most candidates (a placement counts the candidates it
removes from its cell, as in HoDoKu), then the one with the fewest nodes; for the rating (easiest=True)
it tries one digit's unit links first, then bivalue cells, then every link (Sudoku Explainer's X-, Y-
and bidirectional cycles, 6.5 / 6.6 / 7.0), easiest first. The Grouped ones (after the plain ones in
the hint order) add group and ALS nodes.
"""
from functools import partial

from ...core.compat import bit_count, bit_length
from ..board import Board, bits
from ..phrases import cell_name, listing, removals_text, sym
from ..step import Focus, Step
from . import chains
from .chain_search import EVERY, GroupedLinks, Links, best_chain, focus_nodes, links_of, trace
from .chains import Drawing, chain_difficulty, kind_of


def _tiers(lk: Links, easiest: bool):
    """(strong, weak, cost) to search: every link at once (HoDoKu: the most eliminations first), or with
    `easiest`, easiest first: X, XY, then all, each chain by its difficulty (cost by nodes)."""
    if lk.extra or not easiest:
        return [(lk.strong, lk.weak, _cost("Grouped AIC" if lk.extra else "AIC") if easiest else None)]
    return [(lk.strong_unit, lk.weak_unit, _cost("X-Chain")), (lk.strong_cell, lk.weak_unit, _cost("XY-Chain")),
            (lk.strong, lk.weak, _cost("AIC"))]


def _cost(kind: str):
    return lambda nodes: chain_difficulty(kind, nodes)


def loop_eliminations(lk: Links, loop: "list[int]", b: Board) -> int:
    """What a continuous loop removes: every link has exactly one true end (see the module)."""
    weak, n = lk.weak, lk.n
    on_loop = 0
    for v in loop:
        on_loop |= 1 << v
    out = 0
    for u, v in zip(loop, loop[1:] + loop[:1]):
        out |= weak[u] & weak[v]
        if u >= lk.base and v >= lk.base and lk.extra[u - lk.base][0] == "als":
            found = lk.als_of(u)
            if found and found == lk.als_of(v):  # the loop enters and leaves this ALS: its other digits are in it
                s = found[1]
                for d in bits(s.digits & ~(1 << lk.extra[u - lk.base][1]) & ~(1 << lk.extra[v - lk.base][1])):
                    for j in bits(s.seen[d] & b.positions()[d] & ~s.board):
                        out |= 1 << (j * n + d)
    return out & lk.nodes & ~on_loop


def _continuous(b: Board, lk: Links, name: str, easiest: bool, focus: int = EVERY) -> "Step | None":
    for strong, weak, cost in _tiers(lk, easiest):
        def judge(a, z, k, layers):
            if k < 3 or not weak[z] >> a & 1:
                return None  # not a loop (closed by a link of the tier's kind) of four nodes or more
            loop = trace(layers[:k + 1], z, strong, weak)
            if len(set(loop)) < len(loop):
                return None  # a figure eight, not a loop
            e = loop_eliminations(lk, loop, b)
            rank = bit_count(e & focus)
            return (rank, (loop, e)) if rank else None

        found = best_chain(strong, weak, lk.starts(strong), judge, cost, ends=lambda a: weak[a])
        if found:
            return _continuous_step(b, lk, name, *found[1])
    return None


def _continuous_step(b: Board, lk: Links, name: str, loop: "list[int]", elims_bits: int) -> Step:
    n = b.t.n
    draw = Drawing(lk, loop)
    elims = tuple((v // n, v % n + 1) for v in bits(elims_bits))
    text = (f"{name}: {draw.text()}-{draw.labels[0]} closes a loop, so each link in it has exactly "
            f"one true end: remove {removals_text(elims, n)}")
    links = draw.links() + ((draw.anchors[-1], draw.anchors[0], "weak"),)
    return Step(name, text, n, eliminations=elims, cells=draw.cells(), candidates=tuple(draw.members),
                links=links, difficulty=chain_difficulty(kind_of(lk, loop), len(loop)),
                extra={"length": len(loop)})


def _discontinuous(b: Board, lk: Links, name: str, easiest: bool, focus: int = EVERY) -> "Step | None":
    n = lk.n
    full, real = lk.weak, lk.nodes
    cell_of = (1 << n) - 1

    def in_cell(v: int) -> int:
        return cell_of << (v // n * n) if v < lk.base else 0

    same_digit = [0] * n  # per digit: its nodes (the ends of a loop with two weak links at a candidate)
    for v in bits(real):
        same_digit[v % n] |= 1 << v
    for k, (_, d, _, _) in enumerate(lk.extra):
        same_digit[d] |= 1 << (lk.base + k)

    def ends(a):  # a, the nodes weakly linked to a's cell-mates, the candidates of cells a sees, a's digit's
        out = 1 << a | same_digit[a % n]
        mates = lk.weak_cell[a]
        for c in bits(mates):
            out |= full[c]
        for i in {v // n for v in bits(lk.weak_unit[a] | mates) if v < lk.base}:
            out |= real & cell_of << (i * n)
        return out

    for strong, weak, cost in _tiers(lk, easiest):
        top = [0]  # the best rank judged so far: a lone target (rank 1) cannot beat a higher one

        def judge(a, z, k, layers):
            if z == a:  # ranked as HoDoKu does: by the candidates the placement removes from its cell
                if not real >> a & 1 or len(set(trace(layers[:k + 1], z, strong, weak))) < k:
                    return None  # (a chain through one node twice is a contradiction, not a loop)
                rank = bit_count(in_cell(a) & real & ~(1 << a) & focus)
                if not rank and focus != EVERY:
                    return None
                top[0] = max(top[0], rank)
                return max(1, rank), None
            e = full[a] & full[z] & real
            ea, ez = e & in_cell(a), e & in_cell(z)
            if not ea and not ez:
                # two weak links at one candidate c (c - a = ... = z - c): c goes, when it is the
                # only one of the digit seeing both ends (more make an AIC, HoDoKu's split)
                lone = e & ~in_cell(a) & ~in_cell(z)
                if bit_count(lone) != 1 or not lone & focus or cost is None and top[0] > 1:
                    return None
                if lone & _reached(layers, k) and lone & _nodes(trace(layers[:k + 1], z, strong, weak)):
                    return None  # the chain goes through c itself
                top[0] = max(top[0], 1)
                return 1, (lone, "target")
            ra, rz = bit_count(ea & focus), bit_count(ez & focus)
            if not ra and not rz:
                return None
            top[0] = max(top[0], ra, rz)
            if ra > rz:
                return ra, (ea, "start")
            return rz, (ez, "end")

        found = best_chain(strong, weak, lk.starts(strong), judge, cost, ends=ends)
        if found:
            chain, result = found
            if result is None:
                return _placement_step(b, lk, name, chain)
            elims, side = result
            if side == "target":
                return _target_step(b, lk, name, chain, elims)
            return _elimination_step(b, lk, name, chain if side == "end" else chain[::-1], elims)
    return None


def _reached(layers: list, k: int) -> int:
    """The nodes of layers 1..k: every node a chain to layer k may go through."""
    out = 0
    for layer in layers[1:k + 1]:
        out |= layer
    return out


def _nodes(chain: "list[int]") -> int:
    out = 0
    for v in chain:
        out |= 1 << v
    return out


def _target_step(b: Board, lk: Links, name: str, chain: "list[int]", elims_bits: int) -> Step:
    """`chain` a = ... = z whose two ends both see candidate c: the loop c - a = ... = z - c."""
    n = b.t.n
    c = bit_length(elims_bits) - 1
    draw = Drawing(lk, [c] + chain + [c])
    cell, d = c // n, c % n + 1
    text = (f"{name}: {draw.text(first_strong=False)}: if {cell_name(cell, n)} were {sym(d, n)}, "
            f"{draw.claims[1].replace(' is ', ' would not be ', 1)}, so along the chain "
            f"{draw.claims[-2].replace(' is ', ' would be ', 1)}, which sees {cell_name(cell, n)}: "
            f"remove {removals_text(((cell, d),), n)}")
    return Step(name, text, n, eliminations=((cell, d),), cells=draw.cells(),
                candidates=tuple(m for m in draw.members if m != (cell, d)),
                links=draw.links(first_strong=False), difficulty=chain_difficulty(kind_of(lk, chain), len(chain) + 2),
                extra={"length": len(chain) + 2})


def _placement_step(b: Board, lk: Links, name: str, chain: "list[int]") -> Step:
    n = b.t.n
    draw = Drawing(lk, chain)
    cell, d = draw.anchors[0]
    text = (f"{name}: {draw.text()}: if {cell_name(cell, n)} were not {sym(d, n)} the loop would make it "
            f"{sym(d, n)}, so it is {sym(d, n)}")
    return Step(name, text, n, placements=((cell, d),), cells=draw.cells(), candidates=tuple(draw.members),
                links=draw.links(), difficulty=chain_difficulty(kind_of(lk, chain[:-1]), len(chain)),
                extra={"length": len(chain)})


def _elimination_step(b: Board, lk: Links, name: str, chain: "list[int]", elims_bits: int) -> Step:
    """`chain` a = ... = z with z in the cell of the eliminated candidates c: the loop c - a = ... = z - c."""
    n = b.t.n
    removed = list(bits(elims_bits))
    loop = [removed[0]] + chain
    draw = Drawing(lk, loop + [removed[0]])
    elims = tuple((v // n, v % n + 1) for v in removed)
    cell = elims[0][0]
    digits = listing(sym(d, n) for _, d in elims).replace(" and ", " or ")
    text = (f"{name}: {draw.text(first_strong=False)}: if {cell_name(cell, n)} were {digits}, "
            f"{draw.claims[1].replace(' is ', ' would not be ', 1)}, so along the chain "
            f"{draw.claims[-2].replace(' is ', ' would be ', 1)}, and {cell_name(cell, n)} could not be {digits}: "
            f"remove {removals_text(elims, n)}")
    return Step(name, text, n, eliminations=elims, cells=draw.cells(),
                candidates=tuple(m for m in draw.members if m not in elims),
                links=draw.links(first_strong=False), difficulty=chain_difficulty(kind_of(lk, loop), len(chain)),
                extra={"length": len(loop)})


# easiest=True: the easiest loop on Sudoku Explainer's scale first (the rating's choice), as in `chains`;
# `focus`: the loop removing the most of those candidates, as there.
def continuous_nice_loop(b: Board, easiest: bool = False, focus: Focus = ()) -> "Step | None":
    return _continuous(b, links_of(b), "Continuous Nice Loop", easiest, focus_nodes(focus, b.t.n))


def discontinuous_nice_loop(b: Board, easiest: bool = False, focus: Focus = ()) -> "Step | None":
    return _discontinuous(b, links_of(b), "Discontinuous Nice Loop", easiest, focus_nodes(focus, b.t.n))


def grouped_continuous_nice_loop(b: Board, easiest: bool = False, focus: Focus = ()) -> "Step | None":
    return _continuous(b, links_of(b, GroupedLinks), "Grouped Continuous Nice Loop", easiest,
                       focus_nodes(focus, b.t.n))


def grouped_discontinuous_nice_loop(b: Board, easiest: bool = False, focus: Focus = ()) -> "Step | None":
    return _discontinuous(b, links_of(b, GroupedLinks), "Grouped Discontinuous Nice Loop", easiest,
                          focus_nodes(focus, b.t.n))


#: The finders as the rating calls them (the easiest chain first), by technique name.
RATED = {name: partial(finder, easiest=True) for name, finder in (
    ("X-Chain", chains.x_chain), ("XY-Chain", chains.xy_chain), ("AIC", chains.aic),
    ("Grouped AIC", chains.grouped_aic), ("Continuous Nice Loop", continuous_nice_loop),
    ("Discontinuous Nice Loop", discontinuous_nice_loop),
    ("Grouped Continuous Nice Loop", grouped_continuous_nice_loop),
    ("Grouped Discontinuous Nice Loop", grouped_discontinuous_nice_loop))}
