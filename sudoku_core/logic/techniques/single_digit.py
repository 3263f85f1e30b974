"""Single-digit patterns: Skyscraper, 2-String Kite, Empty Rectangle.

All three are short chains on one digit d built from *strong links* (a unit where d has exactly two
places: one of them is d). Skyscraper: two parallel strong links joined at one end by a line; one of
the two free ends is d. 2-String Kite: a row link and a column link joined by a box. Empty Rectangle:
a box whose places for d lie on one row and one column (a cross), joined to a strong link.
"""
from __future__ import annotations

from ..board import Board, bits
from ..phrases import cell_name, cells_text, sym
from ..step import Step

# Sukaku Explainer (a Sudoku Explainer fork) rates Skyscraper 4.0, 2-String Kite 4.1 and Turbot Fish
# / Empty Rectangle 4.2.
SCORES = {"Skyscraper": 4.0, "2-String Kite": 4.1, "Empty Rectangle": 4.2}


def _strong_links(b: Board, d: int, units) -> list[tuple[int, int, int]]:
    """(unit, cell, cell) for every unit of `units` where digit d (0-based) has two places."""
    t = b.t
    p = b.positions()[d]
    out = []
    for u in units:
        here = p & t.unit_masks[u]
        if here.bit_count() == 2:
            a, c = bits(here)
            out.append((u, a, c))
    return out


def _step(b, name, d, ends, links, targets, units, detail):
    n = b.t.n
    elims = tuple((i, d + 1) for i in bits(targets))
    cells = tuple(sorted({c for link in links for c in link[1:]}))
    text = (f"{name}: {detail}; one of {cell_name(ends[0], n)} and {cell_name(ends[1], n)} is "
            f"{sym(d + 1, n)}, so {sym(d + 1, n)} leaves {cells_text([c for c, _ in elims], n)}")
    chain = []
    for k, (u, x, y) in enumerate(links):
        chain.append(((x, d + 1), (y, d + 1), "strong"))
    return Step(name, text, n, eliminations=elims, cells=cells,
                units=tuple(b.t.unit_names[u] for u in units),
                candidates=tuple((c, d + 1) for c in cells), links=tuple(chain), difficulty=SCORES[name])


def skyscraper(b: Board) -> "Step | None":
    t = b.t
    n = t.n
    peer = t.peer_masks
    for d in range(n):
        pos_d = b.positions()[d]
        for lines, kind in ((range(n), "row"), (range(n, 2 * n), "column")):
            links = _strong_links(b, d, lines)
            for k, (u1, a1, a2) in enumerate(links):
                for u2, c1, c2 in links[k + 1:]:
                    # find the shared end: a_base and c_base on one line across
                    for base_a, free_a in ((a1, a2), (a2, a1)):
                        for base_c, free_c in ((c1, c2), (c2, c1)):
                            across = (t.col_of if kind == "row" else t.row_of)
                            if across[base_a] != across[base_c] or across[free_a] == across[free_c]:
                                continue
                            targets = peer[free_a] & peer[free_c] & pos_d
                            if not targets:
                                continue
                            other = "column" if kind == "row" else "row"
                            detail = (f"in {t.unit_names[u1]} and {t.unit_names[u2]}, {sym(d + 1, n)} has two "
                                      f"places each, and {cell_name(base_a, n)} and "
                                      f"{cell_name(base_c, n)} share a {other}")
                            return _step(b, "Skyscraper", d, (free_a, free_c),
                                         ((u1, free_a, base_a), (u2, base_c, free_c)), targets,
                                         (u1, u2), detail)
    return None


def two_string_kite(b: Board) -> "Step | None":
    t = b.t
    n = t.n
    peer = t.peer_masks
    for d in range(n):
        pos_d = b.positions()[d]
        rows = _strong_links(b, d, range(n))
        cols = _strong_links(b, d, range(n, 2 * n))
        for ur, r1, r2 in rows:
            for uc, c1, c2 in cols:
                if len({r1, r2, c1, c2}) < 4:
                    continue
                for box_r, free_r in ((r1, r2), (r2, r1)):
                    for box_c, free_c in ((c1, c2), (c2, c1)):
                        if t.box_of[box_r] != t.box_of[box_c] or t.box_of[free_r] == t.box_of[box_c] \
                                or t.box_of[free_c] == t.box_of[box_c]:
                            continue
                        targets = peer[free_r] & peer[free_c] & pos_d
                        if not targets:
                            continue
                        box = t.unit_names[2 * n + t.box_of[box_r]]
                        detail = (f"{sym(d + 1, n)} has two places in {t.unit_names[ur]} and two in "
                                  f"{t.unit_names[uc]}, joined in {box}")
                        return _step(b, "2-String Kite", d, (free_r, free_c),
                                     ((ur, free_r, box_r), (uc, box_c, free_c)), targets, (ur, uc), detail)
    return None


def empty_rectangle(b: Board) -> "Step | None":
    t = b.t
    n = t.n
    for d in range(n):
        pos_d = b.positions()[d]
        for bx in range(n):
            bu = 2 * n + bx
            inbox = pos_d & t.unit_masks[bu]
            if inbox.bit_count() < 2:
                continue
            cells = list(bits(inbox))
            rows = {t.row_of[c] for c in cells}
            cols = {t.col_of[c] for c in cells}
            if len(rows) < 2 or len(cols) < 2:
                continue  # all on one line: that is a pointing pattern
            box_rows = sorted({t.row_of[c] for c in t.units[bu]})
            box_cols = sorted({t.col_of[c] for c in t.units[bu]})
            for er in box_rows:
                for ec in box_cols:
                    if any(t.row_of[c] != er and t.col_of[c] != ec for c in cells):
                        continue
                    # the cross is row er and column ec. A strong link on d in a column outside the
                    # box's stack, one end in row er, eliminates at (other end's row, ec); and the
                    # same with rows and columns swapped.
                    for u, x, y in _strong_links(b, d, range(n, 2 * n)):
                        if t.col_of[x] in box_cols:
                            continue
                        for near, far in ((x, y), (y, x)):
                            if t.row_of[near] != er or t.row_of[far] in box_rows:
                                continue
                            target = t.row_of[far] * n + ec
                            if not pos_d >> target & 1:
                                continue
                            return _er_step(b, d, bu, er, ec, u, near, far, target, cells)
                    for u, x, y in _strong_links(b, d, range(n)):
                        if t.row_of[x] in box_rows:
                            continue
                        for near, far in ((x, y), (y, x)):
                            if t.col_of[near] != ec or t.col_of[far] in box_cols:
                                continue
                            target = er * n + t.col_of[far]
                            if not pos_d >> target & 1:
                                continue
                            return _er_step(b, d, bu, er, ec, u, near, far, target, cells)
    return None


def _er_step(b, d, bu, er, ec, u, near, far, target, box_cells):
    t = b.t
    n = t.n
    text = (f"Empty Rectangle: in {t.unit_names[bu]}, {sym(d + 1, n)} lies only on row {er + 1} and column "
            f"{ec + 1}; with the strong link {cell_name(near, n)}={cell_name(far, n)} in "
            f"{t.unit_names[u]}, {cell_name(target, n)} cannot be {sym(d + 1, n)}")
    cells = tuple(sorted(set(box_cells) | {near, far}))
    return Step("Empty Rectangle", text, n, eliminations=((target, d + 1),), cells=cells,
                units=(t.unit_names[bu], t.unit_names[u]),
                candidates=tuple((c, d + 1) for c in cells),
                links=(((near, d + 1), (far, d + 1), "strong"),), difficulty=SCORES["Empty Rectangle"])
