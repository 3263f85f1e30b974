"""Uniqueness techniques: Unique Rectangle (types 1 to 6) and BUG+1; Hidden and Avoidable Rectangles
are in `rectangles`.

These assume the puzzle has exactly one solution and are used only when `Board.unique` says it is
known (the path checks with the exact solver first). A *deadly pattern* is a placement that could be
swapped to give a second solution: four non-given cells on two rows, two columns and two boxes holding
a/b, b/a on their diagonals, or every empty cell left with two candidates (a bivalue universal grave).

A rectangle's corners need not all hold both digits (HoDoKu's "missing candidates"): a corner that
lost one of them can still take the other, and the solution still cannot put a and b on the four
corners, so every type works as long as each diagonal can still hold one of the pair. The *floor* is
the corners holding exactly the pair, the *roof* the others; the roof must take a digit outside the pair.

Under variant rules the swap may break a rule the classic argument does not see (a diagonal, a window or
an extra region through one corner only, a chess move, a cage total), so the pattern is not deadly
there: rectangles run only with Jigsaw regions as the sole variant rule, when each of the two
regions holds two corners of one row or column (then the swap keeps every row, column and region
whole); BUG+1 only on classic grids.
"""
from ...core.compat import bit_count, bit_length, lru_cache
from ..board import Board, Tables, bits
from ..phrases import cell_name, cells_text, digits_slash, listing, removals_text, sym
from ..step import Step

# Sudoku Explainer (and Sukaku Explainer) rate a unique rectangle 4.5 whatever its type, plus 0.1 per
# digit past two of a type 3's naked set; its type 2 takes any number of corners with the one extra
# digit, diagonal ones too (HoDoKu's type 5). Type 6 is not in SE: 4.6 chosen here, one step past the
# types it builds on (an X-Wing's strong links on top of the rectangle). Bivalue universal grave type 1: 5.6.
UR_SCORE = 4.5
TYPE6_SCORE = 4.6
BUG_SCORE = 5.6
#: Corner pairs of a rectangle (A, B, C, D) = (r1c1, r1c2, r2c1, r2c2), as indices into it.
DIAGONAL = {0: 3, 1: 2, 2: 1, 3: 0}
ROW_MATE = {0: 1, 1: 0, 2: 3, 3: 2}
COLUMN_MATE = {0: 2, 2: 0, 1: 3, 3: 1}


def _rectangles_deadly(rules) -> bool:
    """True when a swapped rectangle keeps every rule: classic grids, and Jigsaw regions alone."""
    return rules is None or not (rules.diagonal_down or rules.diagonal_up or rules.windows or rules.extra_regions
                                 or rules.anti_knight or rules.anti_king or rules.cages or rules.constraints
                                 or rules.nonconsecutive or rules.negative)


def rectangles_apply(b: Board) -> bool:
    """Whether rectangle techniques may run on `b`: the puzzle is known unique and the rules keep the swap."""
    return b.unique and _rectangles_deadly(b.t.rules)


@lru_cache(maxsize=8)
def rectangles(t: Tables) -> "tuple[tuple[int, int, int, int], ...]":
    """Every rectangle (r1c1, r1c2, r2c1, r2c2) whose corners lie in two boxes (regions), two corners
    of one row or one column in each."""
    n, box = t.n, t.box_of
    out = []
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            for c1 in range(n):
                for c2 in range(c1 + 1, n):
                    a, b, c, d = r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2
                    if (box[a] == box[b] != box[c] == box[d]) or (box[a] == box[c] != box[b] == box[d]):
                        out.append((a, b, c, d))
    return tuple(out)


def patterns(b: Board):
    """(corners, pair) for every rectangle of empty cells with a corner holding exactly the pair (a
    bivalue mask) where the deadly pattern is still possible: each diagonal can hold one of the pair."""
    cands = b.cands
    count = b.t.count  # (bit counts by table: a call to bit_count costs more on MicroPython)
    for corners in rectangles(b.t):
        a, bb, c, d = corners
        ma, mb, mc, md = cands[a], cands[bb], cands[c], cands[d]
        if not (ma and mb and mc and md):
            continue
        diag1, diag2 = ma & md, mb & mc
        if not diag1 or not diag2:
            continue
        tried = 0
        for m in (ma, mb, mc, md):
            if count[m] != 2 or m == tried:
                continue
            s1, s2 = diag1 & m, diag2 & m
            if s1 and s2 and s1 | s2 == m:
                yield corners, m
            tried = m


def pattern_text(corners, pair: int, n: int) -> str:
    return f"{cells_text(corners, n)} would form a deadly {digits_slash([d + 1 for d in bits(pair)], n)} pattern"


def pair_marks(b: Board, corners, pair: int) -> tuple:
    """The pair's candidates in the corners, to highlight."""
    return tuple((i, d + 1) for i in corners for d in bits(b.cands[i] & pair))


def _digits(mask: int, n: int, word: str = "or") -> str:
    names = [sym(d + 1, n) for d in bits(mask)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {word} " + names[-1]


def unique_rectangle(b: Board, easiest: bool = False) -> "Step | None":
    """Types 1 to 5: the cheapest found (Sudoku Explainer's order), a type 3 only when no other applies.

    A rectangle that allows a type 4 and a type 3 keeps its pattern through the type 3 (whose eliminations
    lie outside the rectangle), not through the type 4 (which takes a digit of the pair from the roof): hints
    show the type 3 first, so both are made; the rating (`easiest`) takes the cheaper type 4, as Sudoku
    Explainer does."""
    if not rectangles_apply(b):
        return None
    best = None
    for corners, pair in patterns(b):
        step = _types_1_to_5(b, corners, pair, easiest)
        if step is not None:
            if step.difficulty <= UR_SCORE:
                return step
            if best is None or step.difficulty < best.difficulty:
                best = step
    return best


def _types_1_to_5(b: Board, corners, pair: int, easiest: bool) -> "Step | None":
    t, cands = b.t, b.cands
    n = t.n
    roof = [i for i in corners if cands[i] != pair]
    if not roof:
        return None  # the pattern itself: marks a unique puzzle cannot have
    head = pattern_text(corners, pair, n)
    marks = pair_marks(b, corners, pair)
    if len(roof) == 1:
        r = roof[0]
        drop = cands[r] & pair
        elims = tuple((r, d + 1) for d in bits(drop))
        text = (f"Unique Rectangle (type 1): {head} unless {cell_name(r, n)} takes another digit, so it is "
                f"{'neither ' + _digits(drop, n, 'nor') if bit_count(drop) == 2 else 'not ' + _digits(drop, n)}")
        return Step("Unique Rectangle", text, n, eliminations=elims, cells=tuple(corners), candidates=marks,
                    difficulty=UR_SCORE)
    extras = [cands[i] & ~pair for i in roof]
    if all(e == extras[0] for e in extras) and bit_count(extras[0]) == 1:
        z = bit_length(extras[0]) - 1
        targets = b.positions()[z]
        for i in roof:
            targets &= t.peer_masks[i]
        if targets:
            r1, r2 = roof[0], roof[-1]
            lined = len(roof) == 2 and (t.row_of[r1] == t.row_of[r2] or t.col_of[r1] == t.col_of[r2])
            who = (f"{cell_name(roof[0], n)} or {cell_name(roof[1], n)}" if len(roof) == 2
                   else f"one of {cells_text(roof, n)}")
            text = (f"Unique Rectangle (type {2 if lined else 5}): {head} unless {who} is {sym(z + 1, n)}, so "
                    f"{sym(z + 1, n)} leaves {cells_text(list(bits(targets)), n)}")
            return Step("Unique Rectangle", text, n, eliminations=tuple((i, z + 1) for i in bits(targets)),
                        cells=tuple(corners), candidates=marks + tuple((i, z + 1) for i in roof),
                        difficulty=UR_SCORE)
    if len(roof) != 2:
        return None
    r1, r2 = roof
    shared = [u for u in t.cell_units[r1] if u in t.cell_units[r2]]
    if easiest:
        return _type_4(b, corners, pair, r1, r2, shared) or _type_3(b, corners, pair, r1, r2, shared)
    return _type_3(b, corners, pair, r1, r2, shared) or _type_4(b, corners, pair, r1, r2, shared)


def _type_4(b: Board, corners, pair: int, r1: int, r2: int, shared) -> "Step | None":
    """The roof shares a unit in which one of the pair has no place but the roof: the roof holds it
    once, so the other digit of the pair would complete the pattern in either roof cell."""
    t, cands = b.t, b.cands
    n = t.n
    pos = b.positions()
    roof = (1 << r1) | (1 << r2)
    for u in shared:
        um = t.unit_masks[u]
        for keep in bits(pair):
            drop = bit_length(pair & ~(1 << keep)) - 1
            if pos[keep] & um & ~roof or not (cands[r1] | cands[r2]) >> drop & 1:
                continue
            elims = tuple((r, drop + 1) for r in (r1, r2) if cands[r] >> drop & 1)
            text = (f"Unique Rectangle (type 4): {pattern_text(corners, pair, n)}; in {t.unit_names[u]}, "
                    f"{sym(keep + 1, n)} must be in {cell_name(r1, n)} or {cell_name(r2, n)}, so neither "
                    f"can be {sym(drop + 1, n)}")
            return Step("Unique Rectangle", text, n, eliminations=elims, cells=tuple(corners),
                        units=(t.unit_names[u],), candidates=pair_marks(b, corners, pair), difficulty=UR_SCORE)
    return None


def _type_3(b: Board, corners, pair: int, r1: int, r2: int, shared) -> "Step | None":
    """One roof cell takes an extra digit, so the roof acts as one *pseudo-cell* holding the extras (any
    number of them): with k other cells of a shared unit holding k + 1 digits together with the extras, it
    makes a naked subset, whose digits leave the unit's other cells, and those of every other shared unit
    holding the whole subset (a box and a line). The smallest subset wins (Sudoku Explainer's value grows
    with its size); a subset of k cells in a unit of m empty cells is the hidden subset of the other m - k."""
    t, cands = b.t, b.cands
    n = t.n
    extra = (cands[r1] | cands[r2]) & ~pair
    best = None
    for u in shared:
        others = [i for i in t.units[u] if cands[i] and i != r1 and i != r2]
        found = _pseudo_subset(cands, others, extra, len(others) - 1)
        if found is None:
            continue
        cells, digits = found
        if best is not None and len(cells) >= len(best[1]):
            continue
        best = (u, cells, digits)
    if best is None:
        return None
    u, cells, digits = best
    inside = set(cells) | {r1, r2}
    units = [v for v in shared if all(i in t.units[v] for i in cells)]
    elims = tuple(sorted({(i, d + 1) for v in units for i in t.units[v] if i not in inside
                          for d in bits(cands[i] & digits)}))
    size = len(cells) + 1
    names = {2: "pair", 3: "triple", 4: "quad"}
    kind = f"naked {names[size]}" if size in names else f"naked set of {size}"
    where = " and ".join(t.unit_names[v] for v in units)
    text = (f"Unique Rectangle (type 3): {pattern_text(corners, pair, n)} unless {cell_name(r1, n)} or "
            f"{cell_name(r2, n)} takes {_digits(extra, n)}; with {cells_text(cells, n)} they make a "
            f"{kind} {digits_slash([d + 1 for d in bits(digits)], n)} in {where}, "
            f"so {removals_text(elims, n)} go")
    subset = tuple((i, d + 1) for i in cells for d in bits(cands[i]))
    roof_marks = tuple((r, d + 1) for r in (r1, r2) for d in bits(cands[r] & extra))
    return Step("Unique Rectangle", text, n, eliminations=elims, cells=tuple(corners) + tuple(cells),
                units=tuple(t.unit_names[v] for v in units),
                candidates=pair_marks(b, corners, pair) + roof_marks + subset,
                difficulty=round(UR_SCORE + 0.1 * (size - 1), 1))


def _pseudo_subset(cands, others: list, extra: int, most: int):
    """The fewest cells of `others` (at most `most`) that hold, with the pseudo-cell's `extra` digits, one
    digit more than their number, and that leave a digit of those to remove from the rest of `others`:
    (cells, digits), or None. Depth-first by size, so the first found is a smallest."""
    for k in range(max(1, bit_count(extra) - 1), most + 1):
        found = _grow_subset(cands, others, extra, k, 0, [])
        if found is not None:
            return found
    return None


def _grow_subset(cands, others: list, union: int, k: int, start: int, chosen: list):
    if len(chosen) == k:
        if bit_count(union) != k + 1:
            return None
        if not any(cands[i] & union for i in others if i not in chosen):
            return None
        return tuple(chosen), union
    for j in range(start, len(others) - (k - len(chosen)) + 1):
        u = union | cands[others[j]]
        if bit_count(u) > k + 1:
            continue
        chosen.append(others[j])
        found = _grow_subset(cands, others, u, k, j + 1, chosen)
        chosen.pop()
        if found is not None:
            return found
    return None


def unique_rectangle_type_6(b: Board) -> "Step | None":
    """The floor on one diagonal, the roof on the other, and one of the pair (x) confined to the
    rectangle in both its rows (or both its columns), an X-Wing: x stands on one diagonal. On the roof
    it would leave the floor the other digit: the deadly pattern. So x leaves the roof."""
    if not rectangles_apply(b):
        return None
    t, cands = b.t, b.cands
    n = t.n
    pos = b.positions()
    for corners, pair in patterns(b):
        floor = [k for k in range(4) if cands[corners[k]] == pair]
        if len(floor) != 2 or DIAGONAL[floor[0]] != floor[1]:
            continue
        roof = [corners[k] for k in range(4) if k not in floor]
        box = sum(1 << i for i in corners)
        for x in bits(pair):
            if not (cands[roof[0]] | cands[roof[1]]) >> x & 1:
                continue
            for lines in ((t.row_of[corners[0]], t.row_of[corners[3]]),
                          (n + t.col_of[corners[0]], n + t.col_of[corners[3]])):
                if any(pos[x] & t.unit_masks[u] & ~box for u in lines):
                    continue
                elims = tuple((r, x + 1) for r in roof if cands[r] >> x & 1)
                units = tuple(t.unit_names[u] for u in lines)
                text = (f"Unique Rectangle (type 6): {pattern_text(corners, pair, n)}; in {listing(units)}, "
                        f"{sym(x + 1, n)} is only in the rectangle, so it stands on one of its diagonals: on "
                        f"{cells_text(roof, n)} it would complete the pattern, so {sym(x + 1, n)} leaves them")
                return Step("Unique Rectangle (type 6)", text, n, eliminations=elims, cells=tuple(corners),
                            units=units, candidates=pair_marks(b, corners, pair),
                            links=_line_links(pos[x], t, lines, x),
                            difficulty=TYPE6_SCORE)
    return None


def _line_links(places: int, t: Tables, lines, x: int) -> tuple:
    """The strong links of digit x (0-based) in `lines` where it has two places."""
    out = []
    for u in lines:
        here = places & t.unit_masks[u]
        if bit_count(here) == 2:
            i, j = bits(here)
            out.append(((i, x + 1), (j, x + 1), "strong"))
    return tuple(out)


def bug_plus_one(b: Board) -> "Step | None":
    if not b.unique or b.t.rules is not None:
        return None
    t, cands = b.t, b.cands
    n = t.n
    odd = None
    for i, m in enumerate(cands):
        if not m:
            continue
        k = bit_count(m)
        if k == 2:
            continue
        if k != 3 or odd is not None:
            return None
        odd = i
    if odd is None:
        return None
    counts = b.counts()  # (small ints: a big int's bit count costs tens of microseconds on MicroPython)
    extra = None
    for u, um in enumerate(t.unit_masks):
        for d in range(n):
            count = counts[u * n + d]
            if count in (0, 2):
                continue
            if count == 3 and um >> odd & 1 and cands[odd] >> d & 1:
                if extra is None or extra == d:
                    extra = d
                    continue
            return None
    if extra is None:
        return None
    text = (f"BUG+1: every empty cell but {cell_name(odd, n)} has two candidates; if it were not "
            f"{sym(extra + 1, n)}, the grid would have no single solution, so it is {sym(extra + 1, n)}")
    return Step("BUG+1", text, n, placements=((odd, extra + 1),), cells=(odd,),
                candidates=((odd, extra + 1),), difficulty=BUG_SCORE)
