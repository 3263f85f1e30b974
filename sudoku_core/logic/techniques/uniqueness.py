"""Uniqueness techniques: Unique Rectangle (types 1, 2, 4) and BUG+1.

These assume the puzzle has exactly one solution and are used only when `Board.unique` says it is
known (the path checks with the exact solver first). A *deadly pattern* is a placement that could be
swapped to give a second solution: four empty cells on two rows, two columns and two boxes holding
only a/b, or every empty cell left with two candidates (a bivalue universal grave).

Under variant rules the swap may break a rule the classic argument does not see (a diagonal, a window or
an extra region through one corner only, a chess move, a cage total), so the pattern is not deadly
there: Unique Rectangles run only with Jigsaw regions as the sole variant rule, when each of the two
regions holds two corners (then the swap keeps every row, column and region whole); BUG+1 only on
classic grids.
"""
from __future__ import annotations

from ..board import Board, bits
from ..phrases import cell_name, cells_text, sym
from ..step import Step

# Sudoku Explainer: unique rectangles and loops 4.5 - 5.0 (type 1 4.5, the others a little more),
# bivalue universal grave type 1 5.6.
UR_SCORES = {1: 4.5, 2: 4.6, 4: 4.6}
BUG_SCORE = 5.6


def _rectangles_deadly(rules) -> bool:
    """True when a swapped rectangle keeps every rule: classic grids, and Jigsaw regions alone."""
    return rules is None or not (rules.diagonal_down or rules.diagonal_up or rules.windows or rules.extra_regions
                                 or rules.anti_knight or rules.anti_king or rules.cages)


def unique_rectangle(b: Board) -> "Step | None":
    if not b.unique or not _rectangles_deadly(b.t.rules):
        return None
    t, cands = b.t, b.cands
    n = t.n
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            for c1 in range(n):
                m11, m21 = cands[r1 * n + c1], cands[r2 * n + c1]
                if not m11 or not m21 or (m11 & m21).bit_count() < 2:
                    continue
                for c2 in range(c1 + 1, n):
                    corners = (r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2)
                    boxes = [t.box_of[i] for i in corners]
                    if len(set(boxes)) != 2 or boxes.count(boxes[0]) != 2:
                        continue  # (in a classic grid two boxes always hold two corners each)
                    common = m11 & m21 & cands[corners[1]] & cands[corners[3]]
                    if common.bit_count() < 2:
                        continue
                    for a in bits(common):
                        for bb in bits(common >> (a + 1)):
                            bb += a + 1
                            step = _ur_types(b, corners, (1 << a) | (1 << bb), a, bb)
                            if step:
                                return step
    return None


def _ur_types(b: Board, corners, pair: int, a: int, bb: int) -> "Step | None":
    t, cands = b.t, b.cands
    n = t.n
    floor = [i for i in corners if cands[i] == pair]
    roof = [i for i in corners if cands[i] != pair]
    label = f"{sym(a + 1, n)}/{sym(bb + 1, n)}"
    cand_data = tuple((i, d + 1) for i in corners for d in (a, bb))
    if len(floor) == 3:
        r = roof[0]
        elims = tuple((r, d + 1) for d in (a, bb))
        text = (f"Unique Rectangle (type 1): {cells_text(corners, n)} would form a deadly {label} "
                f"pattern unless {cell_name(r, n)} takes another digit, so it is neither {sym(a + 1, n)} nor {sym(bb + 1, n)}")
        return Step("Unique Rectangle", text, n, eliminations=elims, cells=tuple(corners),
                    candidates=cand_data, difficulty=UR_SCORES[1])
    if len(floor) != 2:
        return None
    r1, r2 = roof
    extra1, extra2 = cands[r1] & ~pair, cands[r2] & ~pair
    pos = b.positions()
    peer = t.peer_masks
    if extra1 == extra2 and extra1.bit_count() == 1:
        z = extra1.bit_length() - 1
        targets = peer[r1] & peer[r2] & pos[z]
        if targets:
            elims = tuple((i, z + 1) for i in bits(targets))
            text = (f"Unique Rectangle (type 2): {cells_text(corners, n)} would form a deadly {label} "
                    f"pattern unless {cell_name(r1, n)} or {cell_name(r2, n)} is {sym(z + 1, n)}, so "
                    f"{sym(z + 1, n)} leaves {cells_text(list(bits(targets)), n)}")
            return Step("Unique Rectangle", text, n, eliminations=elims, cells=tuple(corners),
                        candidates=cand_data + ((r1, z + 1), (r2, z + 1)), difficulty=UR_SCORES[2])
    # Type 4: the roof cells share a unit in which one of the pair has no other place.
    for u in t.cell_units[r1]:
        if u not in t.cell_units[r2]:
            continue
        um = t.unit_masks[u]
        for keep, drop in ((a, bb), (bb, a)):
            if pos[keep] & um == (1 << r1) | (1 << r2):
                elims = ((r1, drop + 1), (r2, drop + 1))
                text = (f"Unique Rectangle (type 4): {cells_text(corners, n)} would form a deadly "
                        f"{label} pattern; in {t.unit_names[u]}, {sym(keep + 1, n)} must be in {cell_name(r1, n)} "
                        f"or {cell_name(r2, n)}, so neither can be {sym(drop + 1, n)}")
                return Step("Unique Rectangle", text, n, eliminations=elims, cells=tuple(corners),
                            units=(t.unit_names[u],), candidates=cand_data,
                            difficulty=UR_SCORES[4])
    return None


def bug_plus_one(b: Board) -> "Step | None":
    if not b.unique or b.t.rules is not None:
        return None
    t, cands = b.t, b.cands
    n = t.n
    odd = None
    for i, m in enumerate(cands):
        if not m:
            continue
        k = m.bit_count()
        if k == 2:
            continue
        if k != 3 or odd is not None:
            return None
        odd = i
    if odd is None:
        return None
    pos = b.positions()
    extra = None
    for u, um in enumerate(t.unit_masks):
        for d in range(n):
            count = (pos[d] & um).bit_count()
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
