"""Wings: XY-Wing, XYZ-Wing, W-Wing.

XY-Wing: a pivot holding x/y sees two pincers holding x/z and y/z; whichever the pivot is, one
pincer is z, so a cell seeing both pincers is not z. XYZ-Wing: the pivot holds x/y/z, so it may be
z itself; only cells seeing all three lose z. W-Wing: two cells holding the same pair x/y, linked by
a unit where x has exactly two places, one seen by each cell: one of the two cells is y.
"""
from ...core.compat import bit_count, bit_length
from ..board import Board, bits
from ..phrases import cell_name, cells_text, digits_slash, removals_text, sym
from ..step import Focus, Step, focus_cells, focus_count

XY_WING = 4.2  # Sudoku Explainer
XYZ_WING = 4.4


def _bivalue(b: Board) -> list[int]:
    return [i for i, m in enumerate(b.cands) if m and bit_count(m) == 2]


# With `focus` (see `step.Focus`), each wing finder gives only a wing removing one of those candidates.
def xy_wing(b: Board, focus: Focus = ()) -> "Step | None":
    t, cands = b.t, b.cands
    n = t.n
    pos = b.positions()
    two = _bivalue(b)
    two_board = 0
    for i in two:
        two_board |= 1 << i
    for pivot in two:
        pm = cands[pivot]
        wings = [i for i in bits(t.peer_masks[pivot] & two_board)
                 if bit_count(cands[i] & pm) == 1]
        for a_i, a in enumerate(wings):
            for c in wings[a_i + 1:]:
                ma, mc = cands[a], cands[c]
                if ma == mc or bit_count(ma & mc) != 1 or (ma | mc) & pm != pm:
                    continue
                z = ma & mc
                if z & pm:
                    continue
                zd = bit_length(z) - 1
                targets = t.peer_masks[a] & t.peer_masks[c] & pos[zd] & ~(1 << pivot)
                if not targets:
                    continue
                elims = tuple((i, zd + 1) for i in bits(targets))
                if not focus_count(elims, focus):
                    continue
                x, y = [d + 1 for d in bits(pm)]
                text = (f"XY-Wing: {cell_name(pivot, n)} ({sym(x, n)}/{sym(y, n)}) sees {cell_name(a, n)} "
                        f"({digits_slash([d + 1 for d in bits(ma)], n)}) and {cell_name(c, n)} "
                        f"({digits_slash([d + 1 for d in bits(mc)], n)}); one of those two is {sym(zd + 1, n)}, "
                        f"so remove {removals_text(elims, n)}")
                cells = (pivot, a, c)
                return Step("XY-Wing", text, n, eliminations=elims, cells=cells,
                            candidates=tuple((i, d + 1) for i in cells for d in bits(cands[i])),
                            difficulty=XY_WING)
    return None


def xyz_wing(b: Board, focus: Focus = ()) -> "Step | None":
    t, cands = b.t, b.cands
    n = t.n
    pos = b.positions()
    two_board = 0
    for i in _bivalue(b):
        two_board |= 1 << i
    for pivot, pm in enumerate(cands):
        if not pm or bit_count(pm) != 3:
            continue
        wings = [i for i in bits(t.peer_masks[pivot] & two_board) if cands[i] & pm == cands[i]]
        for a_i, a in enumerate(wings):
            for c in wings[a_i + 1:]:
                ma, mc = cands[a], cands[c]
                if ma == mc or (ma | mc) != pm:
                    continue
                z = ma & mc
                zd = bit_length(z) - 1
                targets = t.peer_masks[a] & t.peer_masks[c] & t.peer_masks[pivot] & pos[zd]
                if not targets:
                    continue
                elims = tuple((i, zd + 1) for i in bits(targets))
                if not focus_count(elims, focus):
                    continue
                text = (f"XYZ-Wing: {cell_name(pivot, n)} ({digits_slash([d + 1 for d in bits(pm)], n)}) "
                        f"sees {cell_name(a, n)} ({digits_slash([d + 1 for d in bits(ma)], n)}) and "
                        f"{cell_name(c, n)} ({digits_slash([d + 1 for d in bits(mc)], n)}); one of the "
                        f"three is {sym(zd + 1, n)}, so remove {removals_text(elims, n)}")
                cells = (pivot, a, c)
                return Step("XYZ-Wing", text, n, eliminations=elims, cells=cells,
                            candidates=tuple((i, d + 1) for i in cells for d in bits(cands[i])),
                            difficulty=XYZ_WING)
    return None


W_WING = 7.0  # not in Sudoku Explainer (a 6-node chain there, 7.0); the rating path leaves it out


def w_wing(b: Board, focus: Focus = ()) -> "Step | None":
    t, cands = b.t, b.cands
    n = t.n
    pos = b.positions()
    two = _bivalue(b)
    peer = t.peer_masks
    for k, p in enumerate(two):
        for q in two[k + 1:]:
            if cands[p] != cands[q] or peer[p] >> q & 1:
                continue
            digits = list(bits(cands[p]))
            for x, y in (digits, digits[::-1]):
                targets = peer[p] & peer[q] & pos[y]
                if not targets:
                    continue
                px = pos[x]
                for u, um in enumerate(t.unit_masks):
                    link = px & um
                    if bit_count(link) != 2 or link >> p & 1 or link >> q & 1:
                        continue
                    e1, e2 = bits(link)
                    if not ((peer[p] >> e1 & 1 and peer[q] >> e2 & 1)
                            or (peer[p] >> e2 & 1 and peer[q] >> e1 & 1)):
                        continue
                    if not peer[p] >> e1 & 1 or not peer[q] >> e2 & 1:
                        e1, e2 = e2, e1
                    elims = tuple((i, y + 1) for i in bits(targets))
                    if not focus_count(elims, focus):
                        continue
                    text = (f"W-Wing: {cell_name(p, n)} and {cell_name(q, n)} both hold "
                            f"{digits_slash((x + 1, y + 1), n)}; in {t.unit_names[u]}, {sym(x + 1, n)} is in {cell_name(e1, n)} "
                            f"or {cell_name(e2, n)}, so one of the pair is {sym(y + 1, n)}: remove "
                            f"{removals_text(elims, n)}")
                    return Step("W-Wing", text, n, eliminations=elims, cells=(p, q, e1, e2),
                                units=(t.unit_names[u],),
                                candidates=((p, x + 1), (p, y + 1), (q, x + 1), (q, y + 1),
                                            (e1, x + 1), (e2, x + 1)),
                                links=(((p, y + 1), (p, x + 1), "strong"), ((p, x + 1), (e1, x + 1), "weak"),
                                       ((e1, x + 1), (e2, x + 1), "strong"), ((e2, x + 1), (q, x + 1), "weak"),
                                       ((q, x + 1), (q, y + 1), "strong")),
                                difficulty=W_WING)
    return None


# Larger wings, after Sukaku Explainer: a pivot and wings among its peers, N cells holding exactly
# N digits together, every digit but one (z) *restricted* (all its places in the set see each
# other, so it is in at most one of the cells). N cells need N digits, so z is in the set at least
# once: a cell seeing every z of the set is not z. N = 4 is the WXYZ-Wing, 5 the VWXYZ-Wing.
WING_NAMES = {4: "WXYZ-Wing", 5: "VWXYZ-Wing"}
WING_SCORES = {4: 5.5, 5: 6.3}  # Sukaku Explainer gives WXYZ-Wing 5.5 and up; VWXYZ calibrated


def bent_wing(b: Board, size: int, focus: Focus = ()) -> "Step | None":
    t, cands = b.t, b.cands
    n = t.n
    peer = t.peer_masks
    name = WING_NAMES[size]
    wanted = [focus_cells(focus, d + 1) for d in range(n)]  # per digit, the cells where a removal counts
    count = t.count  # (bit counts by table: a call to bit_count costs more on MicroPython)
    for pivot, pm in enumerate(cands):
        if not pm or count[pm] > size:
            continue
        options = [i for i in bits(peer[pivot]) if cands[i] and count[cands[i] | pm] <= size]
        if len(options) < size - 1:
            continue
        where = [0] * n  # per digit, the chosen cells holding it
        for d in bits(pm):
            where[d] = 1 << pivot
        found = _grow(b, size, [pivot], pm, where, 0, options, 0, wanted)
        if found:
            z, targets, cells = found
            elims = tuple((i, z + 1) for i in bits(targets))
            text = (f"{name}: {cells_text(cells, n)} hold only "
                    f"{digits_slash([d + 1 for d in bits(_union(cands, cells))], n)} together, and every digit "
                    f"but {sym(z + 1, n)} can be in only one of them, so one of them is {sym(z + 1, n)}: remove "
                    f"{removals_text(elims, n)}")
            return Step(name, text, n, eliminations=elims, cells=cells,
                        candidates=tuple((i, d + 1) for i in cells for d in bits(cands[i])),
                        difficulty=WING_SCORES[size])
    return None


def _grow(b: Board, size: int, chosen: list, union: int, where: list, loose: int, options: list,
          start: int, wanted: list):
    """Depth-first over the pivot's peers, keeping at most one unrestricted digit (`loose`): adding
    a cell never makes a digit restricted again, so a second loose digit ends the branch; and once
    the loose digit is known, a branch whose cells leave no cell seeing all its places (in `wanted`, per
    digit) ends too."""
    cands, peer = b.cands, b.t.peer_masks
    at = b.t.low  # a digit's bit -> the digit (a table: `bit_length` is a Python function on MicroPython)
    count = b.t.count  # (and bit counts by table)
    if len(chosen) == size:
        if count[union] != size or not loose:
            return None  # no loose digit: a locked set, which the subsets cover
        targets = _targets(b, loose, where, chosen)
        z = at[loose]
        return (z, targets, tuple(chosen)) if targets & wanted[z] else None
    for k in range(start, len(options)):
        c = options[k]
        m = cands[c]
        u = union | m
        if count[u] > size:
            continue
        pc = peer[c]
        grown = loose
        rest = m
        while rest:
            low = rest & -rest
            if where[at[low]] & ~pc:
                grown |= low
            rest ^= low
        if grown & (grown - 1):
            continue
        rest = m
        while rest:
            low = rest & -rest
            where[at[low]] |= 1 << c
            rest ^= low
        chosen.append(c)
        found = None
        if not grown or _targets(b, grown, where, chosen) & wanted[at[grown]]:
            found = _grow(b, size, chosen, u, where, grown, options, k + 1, wanted)
        chosen.pop()
        rest = m
        while rest:
            low = rest & -rest
            where[at[low]] &= ~(1 << c)
            rest ^= low
        if found:
            return found
    return None


def _targets(b: Board, loose: int, where: list, chosen: list) -> int:
    """Cells outside the set that see every place of the loose digit in it and hold that digit."""
    z = b.t.low[loose]
    peer = b.t.peer_masks
    targets = b.positions()[z]
    for i in bits(where[z]):
        targets &= peer[i]
    for i in chosen:
        targets &= ~(1 << i)
    return targets


def _union(cands, cells) -> int:
    m = 0
    for i in cells:
        m |= cands[i]
    return m


def wxyz_wing(b: Board, focus: Focus = ()) -> "Step | None": return bent_wing(b, 4, focus)
def vwxyz_wing(b: Board, focus: Focus = ()) -> "Step | None": return bent_wing(b, 5, focus)
