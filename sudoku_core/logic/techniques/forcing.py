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
from ...core.compat import bit_count, stable_sorted
from ..board import Board, bits
from ..phrases import cell_name, cell_names, digit_symbols, sym
from ..step import Focus, Step, focus_placed
from .chains import length_bonus

# Sudoku Explainer: forcing chains 7.1-7.5, cell/region forcing chains 8.2-8.7, dynamic forcing
# chains 8.8+. The score here grows with the number of deductions the chain needed.
CHAIN_BASE = 8.2
NET_BASE = 8.8


class Contradiction(Exception):
    pass


def propagate(b: Board, cell: int, digit: int, locked: bool = False, order: "list | None" = None):
    """Assume cell = digit (0-based digit) and follow singles. Returns (values, cands, depth, places, locked)
    or None when the assumption breaks the grid (see `settle`). `order`, when given, receives the placements made."""
    return settle(b, ((cell, digit),), (), locked, order)


def settle(b: Board, place, remove, locked: bool = False, order: "list | None" = None):
    """Place the (cell, digit) pairs of `place`, remove those of `remove` (0-based digits) and follow
    singles (and with `locked`, pointing and claiming): (values, cands, depth, places, locked), or None when
    that breaks the grid (`places` as `Board.places` gives it, for a board of the new position). `b` must have no
    single pending (forcing runs after singles).

    The hot loop of every forcing chain (a nested search runs it thousands of times), so it works on small
    ints only: candidates per cell and places per house and digit (`Board.places`), not cell boards, whose
    every operation allocates a big int on MicroPython; and loops written out, where a generator or a call
    costs microseconds there."""
    if order is None and not locked:
        return _follow(b, place, remove)
    t = b.t
    values = b.values[:]
    cands = b.cands[:]
    places = b.places()[:]
    peers = t.peers
    slots = t.cell_slots
    units = t.units
    low = t.low
    placed = t.placed
    queue = list(place)
    depth = 0
    # per house, the digits whose places changed: only these can hold a new hidden single or have lost their
    # last place (the position itself has none pending: forcing runs after singles); `touched` lists those
    # houses in the order first changed, which the order of the placements follows (the chain a step tells)
    dirty = [0] * len(units)
    touched = []
    if locked:
        # per house, the digits whose places changed since the last sweep of pointing and claiming began (or
        # since `b`, with its own pending moves): the only ones a sweep must look at (see `_locked_pass`)
        moved = b.pending
        if moved is None:
            moved = b.pending = _pending_moves(t, b.places())
        moved = moved[:] if moved else [0] * len(units)
    for c, d in remove:
        bit = 1 << d
        r = cands[c]
        if not r & bit:
            continue
        r ^= bit
        cands[c] = r
        if not r:
            return None
        if not r & (r - 1):
            queue.append((c, low[r]))
        for u, base, keep in slots[c]:
            places[base + d] &= keep
            m = dirty[u]
            if not m:
                touched.append(u)
            dirty[u] = m | bit
    while True:
        while queue:
            c, d = queue.pop()
            v = values[c]
            if v:
                if v != d + 1:
                    return None
                continue
            m = cands[c]
            bit = 1 << d
            if not m & bit:
                return None
            depth += 1
            if order is not None:
                order.append((c, d))
            for u, base, keep in slots[c]:  # the cell leaves the places of its digits; d stands in its houses
                rest = m
                while rest:
                    e = rest & -rest
                    places[base + low[e]] &= keep
                    rest ^= e
                places[base + d] = placed
                k = dirty[u]
                if not k:
                    touched.append(u)
                dirty[u] = k | m
            cands[c] = 0
            values[c] = d + 1
            for p in peers[c]:  # in the order of the cells, as the naked singles are queued
                r = cands[p]
                if r & bit:
                    r ^= bit
                    cands[p] = r
                    if not r:
                        return None
                    if not r & (r - 1):
                        queue.append((p, low[r]))
                    for u, base, keep in slots[p]:
                        places[base + d] &= keep
                        k = dirty[u]
                        if not k:
                            touched.append(u)
                        dirty[u] = k | bit
        # hidden singles (and houses left without a place for a digit), where something changed
        work, touched = touched, []
        for u in work:
            digits = dirty[u]
            dirty[u] = 0
            if locked:
                moved[u] |= digits
            base = u * t.n
            while digits:
                bit = digits & -digits
                digits ^= bit
                d = low[bit]
                here = places[base + d]
                if here & placed:
                    continue
                if not here:
                    return None
                if not here & (here - 1):
                    queue.append((units[u][low[here]], d))
        if queue:
            continue
        if locked and _locked_pass(t, cands, places, queue, dirty, touched, moved):
            continue
        return values, cands, depth, places, locked


def _follow(b: Board, place, remove):
    """`settle` without pointing and claiming, when the order of the placements is not asked for: the same
    state (singles lead to one position whatever the order they are taken in, or break the grid in every
    order), found with less bookkeeping: a hidden single is seen as its house loses the last place but one,
    not by a pass over the houses that changed. The forcing chains' commonest question (does this assumption
    break the grid?), so the cheaper the better."""
    t = b.t
    values = b.values[:]
    cands = b.cands[:]
    places = b.places()[:]
    peers = t.peers
    slots = t.cell_slots
    units = t.units
    low = t.low
    placed = t.placed
    queue = list(place)
    push = queue.append
    pop = queue.pop
    depth = 0
    for c, d in remove:
        bit = 1 << d
        r = cands[c]
        if not r & bit:
            continue
        r ^= bit
        cands[c] = r
        if not r:
            return None
        if not r & (r - 1):
            push((c, low[r]))
        for u, base, keep in slots[c]:
            i = base + d
            x = places[i] & keep
            places[i] = x
            if not x & (x - 1):  # one place left (a hidden single), none (broken) or the digit stands there
                if not x:
                    return None
                if x != placed:
                    push((units[u][low[x]], d))
    while queue:
        c, d = pop()
        v = values[c]
        if v:
            if v != d + 1:
                return None
            continue
        m = cands[c]
        bit = 1 << d
        if not m & bit:
            return None
        depth += 1
        cands[c] = 0
        values[c] = d + 1
        m ^= bit
        for u, base, keep in slots[c]:  # d stands in the cell's houses; its other digits lose a place there
            places[base + d] = placed
            rest = m
            while rest:
                e = rest & -rest
                rest ^= e
                e = low[e]
                i = base + e
                x = places[i] & keep
                places[i] = x
                if not x & (x - 1):
                    if not x:
                        return None
                    if x != placed:
                        push((units[u][low[x]], e))
        for p in peers[c]:
            r = cands[p]
            if r & bit:
                r ^= bit
                cands[p] = r
                if not r:
                    return None
                if not r & (r - 1):
                    push((p, low[r]))
                for u, base, keep in slots[p]:
                    i = base + d
                    x = places[i] & keep
                    places[i] = x
                    if not x & (x - 1):
                        if not x:
                            return None
                        if x != placed:
                            push((units[u][low[x]], d))
    return values, cands, depth, places, False


def _locked_pass(t, cands, places, queue, dirty, touched, moved) -> bool:
    """One sweep of pointing/claiming on the working state (see `settle`); True when something changed.

    A sweep looks at the digits of the intersections whose places changed since the last sweep began (`moved`;
    during this sweep, `dirty`): any other would find what it found then, nothing. The moves made are those,
    and in the order, of a sweep over every intersection and digit."""
    changed = False
    slots = t.cell_slots
    low = t.low
    for bu, lu, box, line, both, box_rest, line_rest, box_cells, line_cells in t.slot_intersections:
        check = moved[bu] | moved[lu] | dirty[bu] | dirty[lu]
        if not check:
            continue
        for d in bits(check):
            here = places[box + d]
            if not here & both:
                continue
            if not here & box_rest:  # pointing: the line's other cells lose d
                gone, cells = places[line + d] & line_rest, line_cells
            elif not places[line + d] & line_rest:  # claiming: the box's other cells lose d
                gone, cells = here & box_rest, box_cells
            else:
                continue
            if not gone:
                continue
            changed = True
            bit = 1 << d
            for i in _ascending(gone, cells, low):
                r = cands[i] & ~bit
                cands[i] = r
                if r and not r & (r - 1):
                    queue.append((i, low[r]))
                for u, base, keep in slots[i]:
                    places[base + d] &= keep
                    k = dirty[u]
                    if not k:
                        touched.append(u)
                    dirty[u] = k | bit
    moved[:] = [0] * len(moved)
    return changed


def _pending_moves(t, places):
    """Per house, the digits of the pointing and claiming moves pending in `places` (`Board.places`), or ()."""
    moved = [0] * len(t.units)
    found = False
    for bu, _, box, line, both, box_rest, line_rest, _, _ in t.slot_intersections:
        for d in range(t.n):
            here = places[box + d]
            if here & both and (places[line + d] & line_rest if not here & box_rest
                                else not places[line + d] & line_rest):
                moved[bu] |= 1 << d
                found = True
    return moved if found else ()


def _ascending(slots: int, cells, low) -> list:
    """The cells of a house's `slots`, in the order of the cells (a house may list its cells otherwise)."""
    out = []
    while slots:
        bit = slots & -slots
        out.append(cells[low[bit]])
        slots ^= bit
    out.sort()
    return out


def _forcing(b: Board, locked: bool, name: str, base: float, focus: Focus = ()) -> "Step | None":
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
    order = stable_sorted((i for i, m in enumerate(cands) if m), key=lambda i: bit_count(cands[i]))
    wanted = {(c, d - 1) for c, d in focus}
    broken = [(c, d) for c in order for d in bits(cands[c])
              if (not focus or (c, d) in wanted) and branch(c, d) is None]
    if broken:
        # the shortest of the first few contradictions (each explanation replays its branch)
        steps = [_contradiction_step(b, c, d, name, base, locked) for c, d in broken[:8]]
        return min(steps, key=lambda s: s.extra["length"])
    # cell forcing
    for c in order:
        if bit_count(cands[c]) > 3:
            break
        outs = [branch(c, d) for d in bits(cands[c])]
        found = _focused(t, _common(b, outs), focus)
        if found:
            depth = max(o[2] for o in outs)
            if best is None or depth < best[0]:
                best = (depth, "cell", c, None, found)
    # unit forcing (by each house's places, small ints: `Board.places`)
    places, houses, placed = b.places(), t.units, t.placed
    for u in range(len(houses)):
        for d in range(n):
            here = places[u * n + d]
            if here & placed:
                continue
            two = here & (here - 1)  # the places but the first
            three = two & (two - 1)  # but the first two
            if not two or three & (three - 1):  # fewer than 2 places, or more than 3
                continue
            outs = [branch(c, d) for c in sorted([houses[u][k] for k in bits(here)])]
            found = _focused(t, _common(b, outs), focus)
            if found:
                depth = max(o[2] for o in outs)
                if best is None or depth < best[0]:
                    best = (depth, "unit", u, d, found)
    if best is None:
        return None
    depth, kind, where, d, (placements, eliminations) = best
    if placements:
        result = (placements[0], "is")
        what = f"{cell_name(placements[0][0], n)} is {sym(placements[0][1], n)}"
    else:
        result = (eliminations[0], "is not")
        what = f"{cell_name(eliminations[0][0], n)} is not {sym(eliminations[0][1], n)}"
    if kind == "cell":
        branches = [(where, x) for x in bits(cands[where])]
        opening = (f"{cell_name(where, n)} is "
                   f"{' or '.join(sym(x + 1, n) for x in bits(cands[where]))}")
        cells, units = (where,), ()
        cand_data = tuple((where, x + 1) for x in bits(cands[where]))
    else:
        branches = [(c, d) for c in bits(b.positions()[d] & t.unit_masks[where])]
        opening = (f"{sym(d + 1, n)} goes in {' or '.join(cell_name(c, n) for c, _ in branches)} "
                   f"({t.unit_names[where]})")
        cells, units = tuple(c for c, _ in branches), (t.unit_names[where],)
        cand_data = tuple((c, d + 1) for c in cells)
    parts, links, complexity = [], [], 0
    (cell, digit), verb = result
    for c, x in branches:
        tr = trace(b, c, x, locked)
        chain = tr.why_placed(cell, digit) if verb == "is" else tr.why_removed(cell, digit)
        complexity += len(chain)
        links += tr.links(chain)
        parts.append(f"if {cell_name(c, n)}={sym(x + 1, n)}: {_clip(tr.sentence(chain))}")
    difficulty = round(base + min(length_bonus(complexity), 0.5), 1)
    text = f"{name} ({kind}): {opening}; {'; '.join(parts)}; either way {what}"
    return Step(name, text, n, placements=tuple(placements[:1]),
                eliminations=() if placements else tuple(eliminations[:1]),
                cells=cells, units=units, candidates=cand_data, links=tuple(links),
                difficulty=difficulty, extra={"depth": depth, "length": complexity})


def _focused(t, found, focus: Focus):
    """`found` (placements, eliminations), or with `focus` the first of them that removes one of its
    candidates (None if none does)."""
    if not found or not focus:
        return found
    placements, eliminations = found
    for cell, d in placements:
        if focus_placed(t.peer_masks, cell, d, focus):
            return [(cell, d)], []
    hit = [e for e in eliminations if e in set(focus)]
    return ([], hit[:1]) if hit else None


def _clip(sentence: str, most: int = 14) -> str:
    items = sentence.split(", ")
    if len(items) <= most:
        return sentence
    return ", ".join(items[:most // 2] + ["..."] + items[-(most // 2):])


def _common(b: Board, outs):
    """What every branch agrees on: ([placements], [eliminations]) not yet in the grid, or None."""
    for o in outs:
        if o is None:
            return None  # a broken branch: the contradiction rule reports it
    # loops written out, not generators: a generator costs tens of microseconds on MicroPython
    first_values = outs[0][0]
    others = [o[0] for o in outs[1:]]
    start = b.values
    placements = []
    for i in range(len(first_values)):
        v = first_values[i]
        if v and not start[i]:
            for values in others:
                if values[i] != v:
                    break
            else:
                placements.append((i, v))
    if placements:
        return placements, []
    eliminations = []
    marks = b.cands
    for i in range(len(marks)):
        m = marks[i]
        if not m:
            continue
        kept = 0
        for o in outs:
            values, cands = o[0], o[1]
            kept |= cands[i] | ((1 << (values[i] - 1)) if values[i] else 0)
        gone = m & ~kept
        for d in bits(gone):
            eliminations.append((i, d + 1))
    if eliminations:
        return [], eliminations
    return None


def _contradiction_step(b, c, d, name, base, locked):
    n = b.t.n
    tr = trace(b, c, d, locked)
    chain, where = tr.why_broken()
    text = (f"{name} (contradiction): if {cell_name(c, n)} were {sym(d + 1, n)}, then "
            f"{_clip(tr.sentence(chain[1:])) or 'at once'}, and {where}; so {cell_name(c, n)} is not {sym(d + 1, n)}")
    return Step(name, text, n, eliminations=((c, d + 1),), cells=(c,), candidates=((c, d + 1),),
                links=tuple(tr.links(chain)),
                difficulty=round(base + min(length_bonus(len(chain)), 0.5), 1),
                extra={"length": len(chain)})


# With `focus` (see `step.Focus`): only a result that removes one of those candidates.
def forcing_chain(b: Board, focus: Focus = ()) -> "Step | None":
    return _forcing(b, False, "Forcing Chain", CHAIN_BASE, focus)


def forcing_net(b: Board, focus: Focus = ()) -> "Step | None":
    return _forcing(b, True, "Forcing Net", NET_BASE, focus)


# -- explanations ---------------------------------------------------------------------------------------
class Trace:
    """Why each placement of one branch happened: replays the branch's placements in order and
    records, for each, the earlier placements that forced it (a naked or a hidden single)."""

    def __init__(self, b: Board, order: list) -> None:
        t = b.t
        n = self.n = t.n
        self.b = b
        self.order = order
        self.index = {p: k for k, p in enumerate(order)}
        self.parents: list[list[int]] = []
        start = b.cands
        cands = start[:]
        values = b.values[:]
        peers, units, cell_units = t.peers, t.units, t.cell_units
        # at cell * n + digit: the index of the placement that removed that candidate, -1 while none has (a
        # list, not a dict of pairs: no pair to build and hash for each look)
        removed_by = [-1] * (len(start) * n)
        add = self.parents.append
        for k, (c, d) in enumerate(order):
            parents = []
            if k > 0:
                if cands[c] == 1 << d:  # naked single: every other digit went
                    parents = sorted({removed_by[c * n + x] for x in bits(start[c] & ~(1 << d))
                                      if removed_by[c * n + x] >= 0})
                else:  # hidden single: the digit's other places in some unit went
                    for u in cell_units[c]:
                        others = [q for q in units[u] if q != c and start[q] >> d & 1]
                        for q in others:
                            if removed_by[q * n + d] < 0:
                                break
                        else:
                            parents = sorted({removed_by[q * n + d] for q in others})
                            break
            add(parents)
            for x in bits(cands[c]):
                if removed_by[c * n + x] < 0:
                    removed_by[c * n + x] = k
            cands[c] = 0
            values[c] = d + 1
            bit = 1 << d
            for q in peers[c]:
                if cands[q] & bit:
                    cands[q] ^= bit
                    if removed_by[q * n + d] < 0:
                        removed_by[q * n + d] = k
        self.cands = cands
        self.values = values
        self.removed_by = removed_by

    def ancestors(self, roots) -> list[int]:
        seen = set()
        stack = list(roots)
        while stack:
            k = stack.pop()
            if k in seen:
                continue
            seen.add(k)
            stack.extend(self.parents[k])
        return sorted(seen)

    def why_placed(self, cell: int, digit: int) -> list[int]:
        k = self.index.get((cell, digit - 1))
        return [] if k is None else self.ancestors([k])

    def why_removed(self, cell: int, digit: int) -> list[int]:
        k = self.removed_by[cell * self.n + digit - 1]
        return [] if k < 0 else self.ancestors([k])

    def _removers(self, cells, digits) -> list[int]:
        """The placements that removed the candidates (cell, digit) of `cells` x `digits` (those removed)."""
        n, removed_by = self.n, self.removed_by
        return [removed_by[c * n + x] for c in cells for x in digits if removed_by[c * n + x] >= 0]

    def why_broken(self) -> "tuple[list[int], str]":
        """The placements behind the first emptied cell or unit, and a phrase naming it."""
        b, t = self.b, self.b.t
        n = t.n
        values, cands = self.values, self.cands
        start = b.cands
        for c in range(len(start)):
            m = start[c]
            if m and not values[c] and not cands[c]:
                return self.ancestors(self._removers((c,), bits(m))), f"{cell_name(c, n)} has no candidate left"
        for u, cells in enumerate(t.units):
            # the house's digits standing once, more than once, and its candidates, as masks (one pass over
            # its cells, not one per digit)
            once = twice = marks = 0
            for q in cells:
                v = values[q]
                if v:
                    bit = 1 << (v - 1)
                    twice |= once & bit
                    once |= bit
                marks |= cands[q]
            for d in range(n):
                bit = 1 << d
                if once & bit:
                    if twice & bit:
                        roots = [self.index[(q, d)] for q in cells if (q, d) in self.index]
                        return self.ancestors(roots), f"{sym(d + 1, n)} would stand twice in {t.unit_names[u]}"
                    continue
                if not marks & bit:
                    roots = self._removers(cells, (d,))
                    return self.ancestors(roots), f"{sym(d + 1, n)} has no place left in {t.unit_names[u]}"
        return list(range(len(self.order))), "the grid breaks"

    def sentence(self, steps: list[int]) -> str:
        names, symbols = cell_names(self.n), digit_symbols(self.n)
        order = self.order
        said = []
        for k in steps:
            c, d = order[k]
            said.append(names[c] + "=" + symbols[d + 1])
        return ", ".join(said)

    def links(self, steps: list[int]) -> list:
        out = []
        for k in steps:
            c, d = self.order[k]
            for p in self.parents[k]:
                pc, pd = self.order[p]
                out.append(((pc, pd + 1), (c, d + 1), "implies"))
        return out


def trace(b: Board, cell: int, digit: int, locked: bool) -> Trace:
    order: list = []
    propagate(b, cell, digit, locked, order)
    return Trace(b, order)
