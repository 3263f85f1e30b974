"""ALS-XY-Wing, ALS-XY-Chain and Death Blossom: almost locked sets (als.py) joined by restricted commons.

ALS chain: sets A1, A2, ..., Ak, each pair of neighbours sharing a restricted common (RCC) x1, x2, ...,
each RCC different from the one before. If A1 does not hold x1 it is locked; otherwise A2 lacks x1 and
is locked, so it holds x2, so A3 lacks x2 ... and Ak is locked. So A1 or Ak is locked, and a digit z of
both (other than x1 and the last RCC) is in one of them: a cell seeing every z of A1 and Ak is not z.
ALS-XZ is the chain of two sets, ALS-XY-Wing of three, ALS-XY-Chain of four or more (HoDoKu's names).

Death Blossom: a stem cell with digits d1..dk and, for each di, a *petal*: an ALS holding di whose
di-cells all see the stem. The stem is one of the di, which takes di from its petal and locks it; so a
digit z of every petal is in one of them (z may also be a stem digit: then the stem itself may be z and
needs no petal for it, and a target must see the stem too). A cell seeing every z of the petals is not z.

The sets of a pattern may overlap (HoDoKu's "ALS overlap" variants): each argument above only uses the
RCCs, whose cells never overlap. The searches are bounded (sets of at most als.MAX_CELLS cells, chains
of at most MAX_CHAIN sets, a cap on the work) so a hint stays fast.
"""
from ...core.compat import bit_count, unique
from ..board import Board, bits
from ..phrases import cell_name, digits_slash, digits_text, removals_text, sym
from ..step import Focus, Step, focus_cells
from .als import Als, describe, network, pattern_marks, rcc_link

# Not in Sudoku Explainer (it finds these as chains and forcing chains); calibrated above ALS-XZ (7.0)
# in HoDoKu's order (ALS-XZ < ALS-XY-Wing < ALS-XY-Chain < Death Blossom). The rating path leaves them out.
WING = 7.2
CHAIN = 7.4
BLOSSOM = 7.6
MAX_CHAIN = 6  # sets in an ALS-XY-Chain
MAX_WORK = 60000  # chain links followed (9x9), or petal choices tried, before giving up
MAX_TRACED = 40  # chains of one length traced back in search of one whose sets are apart


def _units(t, sets) -> tuple:
    return tuple(unique(t.unit_names[a.unit] for a in sets))


def _chain_step(b: Board, name: str, chain: "list[Als]", rccs: "list[int]", score: float) -> Step:
    """The step of a chain: every digit z of both end sets but the first and last RCC, each removed from
    the cells that see all its places in the two."""
    n = b.t.n
    pos = b.positions()
    first, last = chain[0], chain[-1]
    zs = [z for z in bits(first.digits & last.digits & ~(1 << rccs[0] | 1 << rccs[-1]))
          if first.seen[z] & last.seen[z] & pos[z]]
    elims = tuple(sorted((i, z + 1) for z in zs for i in bits(first.seen[z] & last.seen[z] & pos[z])))
    parts = [describe(chain[0], n)]
    for x, a in zip(rccs, chain[1:]):
        parts.append(f"-{sym(x + 1, n)}- {describe(a, n)}")
    text = (f"{name}: almost locked sets {' '.join(parts)}, each pair linked by a restricted common; "
            f"one of the end sets is locked, so {digits_text([z + 1 for z in zs], n)} "
            f"{'is' if len(zs) == 1 else 'are each'} in {describe(first, n)} or {describe(last, n)}: "
            f"remove {removals_text(elims, n)}")
    cells, marks = pattern_marks(b, chain)
    links = tuple(rcc_link(a, c, x) for a, c, x in zip(chain, chain[1:], rccs))
    return Step(name, text, n, eliminations=elims, cells=cells, units=_units(b.t, chain), candidates=marks,
                links=links, difficulty=score, extra={"z": [z + 1 for z in zs], "rcc": [x + 1 for x in rccs]})


def als_xy_wing(b: Board, focus: Focus = ()) -> "Step | None":
    """Three sets A -x- C -y- B, x != y: z of A and B (not x or y) leaves cells seeing all its places.
    Sets apart from each other first; overlapping ones only when there are none. With `focus`, only a
    wing removing one of those candidates."""
    pos = b.positions()
    sets, graph = network(b)
    overlapping = None
    for k, c in enumerate(sets):
        partners = sorted(graph[k].items())
        for p, (i, rcc_a) in enumerate(partners):
            a = sets[i]
            for j, rcc_b in partners[p + 1:]:
                e = sets[j]
                common = a.digits & e.digits
                if not common:
                    continue
                for x in bits(rcc_a):
                    for y in bits(rcc_b & ~(1 << x)):
                        for z in bits(common & ~(1 << x | 1 << y)):
                            targets = a.seen[z] & e.seen[z] & pos[z]
                            if not targets & focus_cells(focus, z + 1):
                                continue
                            found = ([a, c, e], [x, y])
                            if not (a.board & e.board or (a.board | e.board) & c.board):
                                return _chain_step(b, "ALS-XY-Wing", *found, WING)
                            overlapping = overlapping or found
    return overlapping and _chain_step(b, "ALS-XY-Wing", *overlapping, WING)


def als_xy_chain(b: Board, focus: Focus = ()) -> "Step | None":
    """Four to MAX_CHAIN sets, shortest first: a walk level by level over the states (set, RCC that led
    to it), each carrying the (z, start set) pairs that reach it with a first RCC other than z, as one
    bitset (bit z * len(sets) + start). An end set holding z, reached by an RCC other than z, with a
    start whose z-cells and its own are all seen by some cell, makes the chain; of one length, one whose
    sets share no cell is preferred. With `focus`, only a chain removing one of those candidates."""
    pos = b.positions()
    want = [focus_cells(focus, d + 1) for d in range(b.t.n)]  # per digit, the cells where a removal counts
    sets, graph = network(b)
    size = len(sets)
    # each set's links with their RCC digits listed once (the walk below visits them millions of times)
    listed: dict = {}  # RCC mask -> its digits (a link's RCC is never 0)
    links = [[(j, listed.get(rcc) or listed.setdefault(rcc, tuple(bits(rcc)))) for j, rcc in graph[i].items()]
             for i in range(size)]
    # the states of each level with their (z, start) bitsets, and the states in the order first reached
    # (listed beside: MicroPython's dict keeps no order, and its ordered one looks keys up one by one)
    walk: list[dict] = [{}]
    orders: list[list] = [[]]
    for s, a in enumerate(sets):
        # the (z, s) pairs of the digits z a cell outside could lose
        loses = sum(1 << (z * size + s) for z in a.places if a.seen[z] & pos[z])
        for j, xs in links[s]:
            for x in xs:
                pairs = loses & ~(1 << (x * size + s))
                if pairs:
                    key = (j, x)
                    old = walk[0].get(key)
                    if old is None:
                        walk[0][key] = pairs
                        orders[0].append(key)
                    else:
                        walk[0][key] = old | pairs
    done: dict = {}  # every state reached by a chain of 4 sets or more, with the pairs that reached it
    budget = MAX_WORK * 81 // max(81, b.t.cell_count)  # bigger grids: longer bitsets, fewer links
    work = 0
    overlapping = None  # the first chain whose sets share cells: taken when none of its length is apart
    traced = 0
    for length in range(3, MAX_CHAIN + 1):
        grown: dict = {}
        order = []
        level = walk[-1]
        for i, last in orders[-1]:
            pairs = level[i, last]
            for j, ys in links[i]:
                work += 1
                for y in ys:
                    if y == last:
                        continue
                    key = (j, y)
                    new = pairs & ~done.get(key, 0)  # a pair reaching a state again adds nothing
                    if new:
                        old = grown.get(key)
                        if old is None:
                            grown[key] = new
                            order.append(key)
                        else:
                            grown[key] = old | new
        if length >= 4:  # a state reached by a shorter chain than allowed may be reached again
            for key, pairs in grown.items():
                done[key] = done.get(key, 0) | pairs
        walk.append(grown)
        orders.append(order)
        if length >= 4:
            for pair, j, y in _ends(sets, grown, order, pos, want):
                path, rccs = _trace(walk, orders, graph, pair, j, y)
                chain = [sets[i] for i in path]
                found = (chain, rccs, CHAIN + 0.1 * (length - 4))
                if sum(bit_count(a.board) for a in chain) == bit_count(_cells(chain)):
                    return _chain_step(b, "ALS-XY-Chain", *found)
                overlapping = overlapping or found
                traced += 1
                if traced >= MAX_TRACED:
                    break
            if overlapping:  # none apart at this length: a longer chain is no better
                break
        if work > budget:
            break
    return overlapping and _chain_step(b, "ALS-XY-Chain", *overlapping)


def _ends(sets: "list[Als]", states: dict, order: list, pos: "list[int]", want: "list[int]"):
    """The (pair bit, end set, last RCC) of the states (in `order`) whose end set and start make an
    elimination (of z in a cell of `want[z]`)."""
    size = len(sets)
    every = (1 << size) - 1
    for j, y in order:
        pairs = states[j, y]
        end = sets[j]
        for z in bits(end.digits & ~(1 << y)):
            starts = pairs >> (z * size) & every & ~(1 << j)
            reach = end.seen[z] & pos[z] & want[z] if starts else 0
            for s in bits(starts) if reach else ():
                if sets[s].seen[z] & reach:
                    yield z * size + s, j, y


def _cells(sets) -> int:
    board = 0
    for a in sets:
        board |= a.board
    return board


def _trace(walk: "list[dict]", orders: "list[list]", graph, pair: int, j: int,
           y: int) -> "tuple[list[int], list[int]]":
    """The sets and RCCs of a chain for bit `pair` (z and start set) to state (j, y) of the last level,
    walked back level by level (avoiding a set already in the chain where the walk allows)."""
    s = pair % len(graph)
    path, rccs = [j], [y]
    for k in range(len(walk) - 2, -1, -1):
        level = walk[k]
        options = [(i, last) for i, last in orders[k]
                   if level[i, last] >> pair & 1 and last != rccs[-1] and graph[i].get(path[-1], 0) >> rccs[-1] & 1]
        i, last = next((o for o in options if o[0] not in path and o[0] != s), options[0])
        path.append(i)
        rccs.append(last)
    path.append(s)
    return path[::-1], rccs[::-1]


def death_blossom(b: Board) -> "Step | None":
    t, cands = b.t, b.cands
    n = t.n
    pos = b.positions()
    sets, _ = network(b)
    by_digit: dict[int, list[Als]] = {}
    for a in sets:
        for d in a.places:
            by_digit.setdefault(d, []).append(a)
    work = [0]
    for stem, sm in enumerate(cands):
        if bit_count(sm) < 2:
            continue
        near = t.peer_masks[stem]
        petals = {d: [a for a in by_digit.get(d, ()) if not a.places[d] & ~near and not a.board >> stem & 1]
                  for d in bits(sm)}
        for z in range(n):
            need = [d for d in bits(sm) if d != z]
            options = [[a for a in petals[d] if a.digits >> z & 1] for d in need]
            if not all(options):
                continue
            start = pos[z] & ~(1 << stem)
            if sm >> z & 1:
                start &= near  # the stem may be z itself
            found = _petals(options, z, start, [], work, 1 << stem) or _petals(options, z, start, [], work)
            if found:
                chosen, targets = found
                return _blossom_step(b, stem, need, chosen, z, targets)
            if work[0] > MAX_WORK:
                return None
    return None


def _petals(options, z: int, targets: int, chosen: list, work: list, apart: "int | None" = None):
    """One petal per stem digit, keeping only cells that see every z of them; with `apart` (the cells
    taken so far), petals that share no cell."""
    if not options:
        return chosen, targets
    for a in options[0]:
        work[0] += 1
        if work[0] > MAX_WORK:
            return None
        left = targets & a.seen[z]
        if left and not (apart is not None and apart & a.board):
            found = _petals(options[1:], z, left, chosen + [a], work, None if apart is None else apart | a.board)
            if found:
                return found
    return None


def _blossom_step(b: Board, stem: int, need: list, petals: "list[Als]", z: int, targets: int) -> Step:
    t = b.t
    n = t.n
    elims = tuple((i, z + 1) for i in bits(targets))
    parts = [f"{sym(d + 1, n)} in {describe(a, n)}" for d, a in zip(need, petals)]
    stem_digits = digits_slash([d + 1 for d in bits(b.cands[stem])], n)
    text = (f"Death Blossom: the stem {cell_name(stem, n)} ({stem_digits}) sees every place of each of its "
            f"digits in a petal, {'; '.join(parts)}; whichever the stem holds locks that petal, so "
            f"{sym(z + 1, n)} is in one of the petals{' or the stem' if b.cands[stem] >> z & 1 else ''}: "
            f"remove {removals_text(elims, n)}")
    cells, marks = pattern_marks(b, petals)
    cells = tuple(sorted(cells + (stem,)))
    marks = marks + tuple((stem, d + 1) for d in bits(b.cands[stem]))
    links = tuple(((stem, d + 1), (i, d + 1), "weak") for d, a in zip(need, petals) for i in bits(a.places[d]))
    return Step("Death Blossom", text, n, eliminations=elims, cells=cells, units=_units(t, petals),
                candidates=marks, links=links, difficulty=BLOSSOM, extra={"stem": stem, "z": z + 1})
