"""Aligned Pair Exclusion and Aligned Triple Exclusion (Sudoku Explainer's "aligned exclusion").

Take two (three) empty cells of one house, the *base cells*, and try every way of giving each one of its
candidates. A combination is impossible when two base cells would hold the same digit (they share the
house) or when it would leave another cell no candidate: a cell whose candidates all stand in the base
cells it sees. A candidate of a base cell that takes part in no possible combination goes.

Only cells with few candidates (two for a pair, up to three for a triple) can be emptied so, and only
when they see two base cells or more; the base cells are tried only when such cells exist. Sudoku
Explainer rates Aligned Pair Exclusion 6.2 and Aligned Triple Exclusion 7.5.
"""
from ...core.compat import product
from ..board import Board, bits, choose
from ..phrases import cells_text, digits_slash, listing, removals_text
from ..step import Step

APE_SCORE = 6.2
ATE_SCORE = 7.5
#: Combinations of a triple tried at most (three cells of five candidates: 125).
MAX_COMBINATIONS = 125


def aligned_pair_exclusion(b: Board) -> "Step | None":
    return _aligned(b, 2)


def aligned_triple_exclusion(b: Board) -> "Step | None":
    return _aligned(b, 3)


def _aligned(b: Board, size: int) -> "Step | None":
    t, cands = b.t, b.cands
    peer, count = t.peer_masks, t.count
    few = [i for i, m in enumerate(cands) if m and count[m] <= size]  # cells that may be emptied
    tried = set()
    for cells in t.units:
        empty = [i for i in cells if cands[i]]
        # the house's empty cells as slots (bit j: empty[j]): a base and the cells a spoiler sees in it are small
        # ints then, where cell boards are big ones (an operation on one allocates on MicroPython)
        slot = {}
        open_cells = 0
        for j, i in enumerate(empty):
            slot[i] = 1 << j
            open_cells |= 1 << i
        # the cells that may be emptied here: few candidates, seeing two empty cells of this house or more
        # (found once per house, not once per base: a triple's bases number up to 84 a house); with the slots
        # they see and their own (0 outside the house)
        pool = []
        for k in few:
            seen = peer[k] & open_cells  # (a cell is not its own peer)
            if seen & (seen - 1):
                sees = 0
                for i in bits(seen):
                    sees |= slot[i]
                pool.append((k, sees, slot.get(k, 0)))
        if not pool:
            continue
        for base in choose(empty, size):
            if base in tried:
                continue
            tried.add(base)
            union = 0
            inside = 0
            for i in base:
                union |= cands[i]
                inside |= slot[i]
            # of those, the ones seeing two base cells, outside them, whose candidates are all the base's
            spoilers = []
            for k, sees, own in pool:
                both = sees & inside
                if both & (both - 1) and not inside & own and cands[k] & ~union == 0:
                    spoilers.append((cands[k], tuple(x for x, i in enumerate(base) if both & slot[i])))
            if not spoilers:
                continue
            step = _exclude(b, base, spoilers)
            if step is not None:
                return step
    return None


def _exclude(b: Board, base, spoilers) -> "Step | None":
    t, cands = b.t, b.cands
    n = t.n
    masks = [cands[i] for i in base]
    count = 1
    for m in masks:
        count *= t.count[m]
    if count > MAX_COMBINATIONS:
        return None
    if not _may_lose(masks, spoilers):
        return None
    options = [list(bits(m)) for m in masks]
    possible = [0] * len(base)  # per base cell, the digits of some possible combination
    used = set()  # the spoilers that excluded a combination
    for combo in product(*options):
        if len(set(combo)) < len(combo):
            continue  # one house: all different
        spoiled = None
        for k, (m, sight) in enumerate(spoilers):
            have = 0
            for x in sight:
                have |= 1 << combo[x]
            if m & ~have == 0:
                spoiled = k
                break
        if spoiled is None:
            for x, d in enumerate(combo):
                possible[x] |= 1 << d
        else:
            used.add(spoiled)
    elims = tuple((i, d + 1) for x, i in enumerate(base) for d in bits(cands[i] & ~possible[x]))
    if not elims:
        return None
    name = "Aligned Pair Exclusion" if len(base) == 2 else "Aligned Triple Exclusion"
    which = [spoilers[k][0] for k in sorted(used)]
    holders = _holders(b, base, which)
    text = (f"{name}: {cells_text(base, n)} share a house, so they hold different digits; no combination of "
            f"their candidates may take every candidate of a cell that sees them ({listing(_named(b, holders))}), "
            f"and no combination left gives {removals_text(elims, n)}")
    shown = tuple(base) + tuple(holders)
    return Step(name, text, n, eliminations=elims, cells=shown,
                candidates=tuple((i, d + 1) for i in shown for d in bits(cands[i])),
                difficulty=APE_SCORE if len(base) == 2 else ATE_SCORE)


def _may_lose(options, spoilers) -> bool:
    """Whether some candidate of a base cell (`options`: their candidates, as masks) takes part in no possible
    combination: the test of
    `_exclude`'s loop, with bitmasks instead of one combination at a time (most bases lose nothing, and
    this runs for each). A two-digit spoiler kills the combinations where two base cells it sees hold its
    digits: kept as, per pair of base cells and digit of the first, the digits the second may not hold."""
    size = len(options)
    single = [0] * size  # a one-digit spoiler: the digit no base cell it sees may hold
    killed = {}  # (x, y, digit of x) -> digits y may not hold beside it
    triples = []  # three-digit spoilers seeing all three base cells
    for m, sight in spoilers:
        if m & (m - 1) == 0:
            for x in sight:
                single[x] |= m
            continue
        two = m & (m - 1)  # m less its lowest digit
        if not two & (two - 1):  # two digits
            p, q = bits(m)
            for x, y in choose(sight, 2):
                killed[x, y, p] = killed.get((x, y, p), 0) | 1 << q
                killed[x, y, q] = killed.get((x, y, q), 0) | 1 << p
        elif len(sight) == 3:
            triples.append(m)
    alive = [options[x] & ~single[x] for x in range(size)]
    possible = [0] * size
    if size == 2:
        for a in bits(alive[0]):
            ys = alive[1] & ~(1 << a) & ~killed.get((0, 1, a), 0)
            if ys:
                possible[0] |= 1 << a
                possible[1] |= ys
    else:
        for a in bits(alive[0]):
            zs_a = alive[2] & ~(1 << a) & ~killed.get((0, 2, a), 0)
            for b_ in bits(alive[1] & ~(1 << a) & ~killed.get((0, 1, a), 0)):
                zs = zs_a & ~(1 << b_) & ~killed.get((1, 2, b_), 0)
                for m in triples:
                    if m >> a & 1 and m >> b_ & 1:
                        zs &= ~m
                if zs:
                    possible[0] |= 1 << a
                    possible[1] |= 1 << b_
                    possible[2] |= zs
    return possible != options


def _holders(b: Board, base, masks) -> list:
    """The cells (seeing two base cells or more) whose candidate sets are `masks`."""
    peer = b.t.peer_masks
    out = []
    for i, m in enumerate(b.cands):
        if m in masks and i not in base and sum(peer[i] >> j & 1 for j in base) >= 2:
            out.append(i)
    return out


def _named(b: Board, cells) -> list:
    n = b.t.n
    return [f"{cells_text([i], n)} ({digits_slash([d + 1 for d in bits(b.cands[i])], n)})" for i in cells]

