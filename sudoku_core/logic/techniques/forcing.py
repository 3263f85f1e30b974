"""Forcing chains, the last resort: follow the consequences of an assumption.

Assume a candidate is true and propagate singles (a cell with one candidate left, a digit with one
place left in a unit). Then:
  * Contradiction: the assumption empties a cell or a unit, so the candidate is false.
  * Cell forcing: every candidate of one cell leads to the same placement (or removes the same
    candidate), so that is true (false) whatever the cell holds.
  * Unit forcing: the same over every place of a digit in one unit.
A Forcing Net also propagates locked candidates (pointing and claiming) between singles.
Every branch is a chain of ordinary deductions, so the result is as sure as the techniques used.
"""
from __future__ import annotations

from ..board import Board, bits
from ..phrases import cell_name
from ..step import Step

# Sudoku Explainer: forcing chains 7.1-7.5, cell/region forcing chains 8.2-8.7, dynamic forcing
# chains 8.8+. The score here grows with the number of deductions the chain needed.
CHAIN_BASE = 8.2
NET_BASE = 8.8


class Contradiction(Exception):
    pass


def propagate(b: Board, cell: int, digit: int, locked: bool = False):
    """Assume cell = digit (0-based digit) and follow singles. Returns (values, cands, depth) or
    None when the assumption breaks the grid."""
    t = b.t
    n = t.n
    values = list(b.values)
    cands = list(b.cands)
    pos = list(b.positions())
    placed = [0] * n
    for i, v in enumerate(values):
        if v:
            placed[v - 1] |= 1 << i
    peer_masks = t.peer_masks
    peers = t.peers
    unit_masks = t.unit_masks
    queue = [(cell, digit)]
    depth = 0
    while True:
        while queue:
            c, d = queue.pop()
            if values[c]:
                if values[c] != d + 1:
                    return None
                continue
            if not cands[c] >> d & 1:
                return None
            depth += 1
            m = cands[c]
            for e in bits(m):
                pos[e] &= ~(1 << c)
            cands[c] = 0
            values[c] = d + 1
            placed[d] |= 1 << c
            bit = 1 << d
            hit = pos[d] & peer_masks[c]
            if hit:
                pos[d] &= ~hit
                for p in bits(hit):
                    r = cands[p] & ~bit
                    cands[p] = r
                    if not r:
                        return None
                    if not r & (r - 1):
                        queue.append((p, r.bit_length() - 1))
        # hidden singles (and empty units)
        for um in unit_masks:
            for d in range(n):
                if placed[d] & um:
                    continue
                here = pos[d] & um
                if not here:
                    return None
                if not here & (here - 1):
                    queue.append((here.bit_length() - 1, d))
        if queue:
            continue
        if locked and _locked_pass(t, cands, pos, queue):
            continue
        return values, cands, depth


def _locked_pass(t, cands, pos, queue) -> bool:
    """One sweep of pointing/claiming on the working state; True when something changed."""
    changed = False
    for _, _, both, box_rest, line_rest in t.intersections:
        for d in range(t.n):
            p = pos[d]
            if not p & both:
                continue
            gone = 0
            if not p & box_rest:
                gone = p & line_rest
            elif not p & line_rest:
                gone = p & box_rest
            if gone:
                pos[d] &= ~gone
                for i in bits(gone):
                    r = cands[i] & ~(1 << d)
                    cands[i] = r
                    if r and not r & (r - 1):
                        queue.append((i, r.bit_length() - 1))
                changed = True
    return changed


def _forcing(b: Board, locked: bool, name: str, base: float) -> "Step | None":
    t = b.t
    n = t.n
    cands = b.cands
    results = {}

    def branch(c, d):
        key = (c, d)
        if key not in results:
            results[key] = propagate(b, c, d, locked)
        return results[key]

    best = None  # (depth, kind, data)
    # contradictions, two-candidate cells first (shortest chains are found there)
    order = sorted((i for i, m in enumerate(cands) if m), key=lambda i: cands[i].bit_count())
    for c in order:
        for d in bits(cands[c]):
            if branch(c, d) is None:
                return _contradiction_step(b, c, d, name, base, locked)
    # cell forcing
    for c in order:
        if cands[c].bit_count() > 3:
            break
        outs = [branch(c, d) for d in bits(cands[c])]
        found = _common(b, outs)
        if found:
            depth = max(o[2] for o in outs)
            if best is None or depth < best[0]:
                best = (depth, "cell", c, None, found)
    # unit forcing
    pos = b.positions()
    for u, um in enumerate(t.unit_masks):
        for d in range(n):
            here = pos[d] & um
            k = here.bit_count()
            if k < 2 or k > 3:
                continue
            outs = [branch(c, d) for c in bits(here)]
            found = _common(b, outs)
            if found:
                depth = max(o[2] for o in outs)
                if best is None or depth < best[0]:
                    best = (depth, "unit", u, d, found)
    if best is None:
        return None
    depth, kind, where, d, (placements, eliminations) = best
    difficulty = round(base + min(0.1 * ((depth + 3) // 4), 0.5), 1)
    what = (f"{cell_name(placements[0][0], n)} is {placements[0][1]}" if placements
            else f"{cell_name(eliminations[0][0], n)} is not {eliminations[0][1]}")
    if kind == "cell":
        digits = "/".join(str(x + 1) for x in bits(cands[where]))
        text = (f"{name} (cell): whichever of {digits} {cell_name(where, n)} holds, it follows that "
                f"{what}")
        cells = (where,)
        units = ()
        cand_data = tuple((where, x + 1) for x in bits(cands[where]))
    else:
        text = (f"{name} (unit): wherever {d + 1} goes in {t.unit_names[where]}, it follows that {what}")
        cells = tuple(bits(pos[d] & t.unit_masks[where]))
        units = (t.unit_names[where],)
        cand_data = tuple((c, d + 1) for c in cells)
    return Step(name, text, n, placements=tuple(placements[:1]),
                eliminations=() if placements else tuple(eliminations[:1]),
                cells=cells, units=units, candidates=cand_data, difficulty=difficulty,
                extra={"depth": depth})


def _common(b: Board, outs):
    """What every branch agrees on: ([placements], [eliminations]) not yet in the grid, or None."""
    if any(o is None for o in outs):
        return None  # a broken branch: the contradiction rule reports it
    first_values, first_cands, _ = outs[0]
    placements = []
    for i, v in enumerate(first_values):
        if v and not b.values[i] and all(o[0][i] == v for o in outs[1:]):
            placements.append((i, v))
    if placements:
        return placements, []
    eliminations = []
    for i, m in enumerate(b.cands):
        if not m:
            continue
        kept = 0
        for values, cands, _ in outs:
            kept |= cands[i] | ((1 << (values[i] - 1)) if values[i] else 0)
        gone = m & ~kept
        for d in bits(gone):
            eliminations.append((i, d + 1))
    if eliminations:
        return [], eliminations
    return None


def _contradiction_step(b, c, d, name, base, locked):
    n = b.t.n
    text = (f"{name} (contradiction): if {cell_name(c, n)} were {d + 1}, following singles"
            f"{' and locked candidates' if locked else ''} would leave a cell or a unit with no "
            f"possibility, so {cell_name(c, n)} is not {d + 1}")
    return Step(name, text, n, eliminations=((c, d + 1),), cells=(c,), candidates=((c, d + 1),),
                difficulty=round(base + 0.3, 1))


def forcing_chain(b: Board) -> "Step | None":
    return _forcing(b, False, "Forcing Chain", CHAIN_BASE)


def forcing_net(b: Board) -> "Step | None":
    return _forcing(b, True, "Forcing Net", NET_BASE)
