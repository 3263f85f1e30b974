"""Aligned Pair Exclusion and Aligned Triple Exclusion (Sudoku Explainer's "aligned exclusion").

Take two (three) empty cells of one house, the *base cells*, and try every way of giving each one of its
candidates. A combination is impossible when two base cells would hold the same digit (they share the
house) or when it would leave another cell no candidate: a cell whose candidates all stand in the base
cells it sees. A candidate of a base cell that takes part in no possible combination goes.

Only cells with few candidates (two for a pair, up to three for a triple) can be emptied so, and only
when they see two base cells or more; the base cells are tried only when such cells exist. Sudoku
Explainer rates Aligned Pair Exclusion 6.2 and Aligned Triple Exclusion 7.5.
"""
from ...core.compat import bit_count, bit_length, combinations, product
from ..board import Board, bits
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
    peer = t.peer_masks
    few = 0  # cells that may be emptied: at most `size` candidates
    for i, m in enumerate(cands):
        if m and bit_count(m) <= size:
            few |= 1 << i
    tried = set()
    for cells in t.units:
        empty = [i for i in cells if cands[i]]
        open_cells = 0
        for i in empty:
            open_cells |= 1 << i
        # the cells that may be emptied here: few candidates, seeing two empty cells of this house or more
        # (found once per house, not once per base: a triple's bases number up to 84 a house)
        pool = []
        for k in bits(few):
            seen = peer[k] & open_cells  # (a cell is not its own peer)
            if seen & (seen - 1):
                pool.append((k, seen))
        if not pool:
            continue
        for base in combinations(empty, size):
            if base in tried:
                continue
            tried.add(base)
            union = 0
            inside = 0
            for i in base:
                union |= cands[i]
                inside |= 1 << i
            # of those, the ones seeing two base cells, outside them, whose candidates are all the base's
            spoilers = []
            for k, seen in pool:
                both = seen & inside
                if both & (both - 1) and not inside >> k & 1 and cands[k] & ~union == 0:
                    spoilers.append((cands[k], tuple(x for x, i in enumerate(base) if both >> i & 1)))
            if not spoilers:
                continue
            step = _exclude(b, base, spoilers)
            if step is not None:
                return step
    return None


def _exclude(b: Board, base, spoilers) -> "Step | None":
    t, cands = b.t, b.cands
    n = t.n
    options = [list(bits(cands[i])) for i in base]
    count = 1
    for o in options:
        count *= len(o)
    if count > MAX_COMBINATIONS:
        return None
    if not _may_lose([cands[i] for i in base], spoilers):
        return None
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
        if bit_count(m) == 2:
            p = bit_length(m & -m) - 1
            q = bit_length(m) - 1
            for x, y in combinations(sight, 2):
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

