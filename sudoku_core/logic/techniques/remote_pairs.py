"""Remote Pair: a chain of cells that hold only the same two digits, each cell seeing the next.

Neighbours in the chain cannot hold the same digit, so the digits alternate along it: cells an odd
number of steps apart hold different digits, one each. A cell that sees two such cells, at least three
steps apart (four cells; shorter ones are naked pairs and XY-Wings), holds neither digit. The cells with
the pair and their "sees" relation are colored by parity, a whole connected group at once.
"""
from ...core.compat import bit_count, bit_length, ordered_dict
from ..board import Board, bits
from ..phrases import cells_text, digits_slash, removals_text
from ..step import Step
from .chains import chain_difficulty

#: the fewest cells of a chain whose ends are told apart here (HoDoKu's Remote Pair has four or more)
MIN_CELLS = 4


def _group(peer, members: int, start: int) -> "dict[int, int]":
    """Breadth-first distances from `start` through cells of `members` that see each other."""
    dist = {start: 0}
    front = [start]
    while front:
        nxt = []
        for x in front:
            for y in bits(peer[x] & members):
                if y not in dist:
                    dist[y] = dist[x] + 1
                    nxt.append(y)
        front = nxt
    return dist


def remote_pair(b: Board) -> "Step | None":
    t = b.t
    peer = t.peer_masks
    by_pair: dict[int, int] = ordered_dict()  # pairs in the order of their first cell
    for i, m in enumerate(b.cands):
        if bit_count(m) == 2:
            by_pair[m] = by_pair.get(m, 0) | 1 << i
    for pair, members in by_pair.items():
        if bit_count(members) < MIN_CELLS:
            continue
        left = members
        while left:
            start = bit_length(left & -left) - 1
            dist = _group(peer, members, start)
            group = 0
            for c in dist:
                group |= 1 << c
            left &= ~group
            if len(dist) >= MIN_CELLS:
                step = _eliminate(b, pair, group, start)
                if step is not None:
                    return step
    return None


def _eliminate(b: Board, pair: int, group: int, start: int) -> "Step | None":
    t = b.t
    n = t.n
    peer = t.peer_masks
    cands = b.cands
    dist = {c: _group(peer, group, c) for c in bits(group)}
    parity = dist[start]
    if any(parity[x] % 2 == parity[y] % 2 for x in dist for y in bits(peer[x] & group)):
        return None  # two neighbours of one parity: the position is broken, not for this technique
    seen = 0
    for c in bits(group):
        seen |= peer[c]
    elims, longest = [], 0
    for z in bits(seen & ~group):
        if not cands[z] & pair:
            continue
        near = list(bits(peer[z] & group))
        # the farthest pair of cells of different parity that z sees: its chain is the one told
        best = max((dist[x][y] for x in near for y in near if dist[x][y] % 2), default=0)
        if best < MIN_CELLS - 1:
            continue
        elims.extend((z, d + 1) for d in bits(cands[z] & pair))
        longest = max(longest, best)
    if not elims:
        return None
    digits = [d + 1 for d in bits(pair)]
    even = [c for c in bits(group) if parity[c] % 2 == 0]
    odd = [c for c in bits(group) if parity[c] % 2]
    links = tuple(((x, d), (y, d), "weak") for x in bits(group) for y in bits(peer[x] & group) if x < y
                  for d in digits)
    targets = sorted({c for c, _ in elims})
    text = (f"Remote Pair: {cells_text(list(bits(group)), n)} hold only {digits_slash(digits, n)}, linked "
            f"cell to cell, so the digits alternate: {cells_text(even, n)} hold one and {cells_text(odd, n)} "
            f"the other; {cells_text(targets, n)} {'sees' if len(targets) == 1 else 'see'} cells of both, "
            f"so remove {removals_text(elims, n)}")
    # Sudoku Explainer has no Remote Pair (the rating path leaves it out): the value is that of the
    # XY-chain it would find, through the farthest two cells used
    return Step("Remote Pair", text, n, eliminations=tuple(sorted(elims)), cells=tuple(bits(group)),
                candidates=tuple((c, d) for c in bits(group) for d in digits), links=links,
                difficulty=chain_difficulty("XY-Chain", 2 * (longest + 1)))
