"""Single-digit patterns: Skyscraper, 2-String Kite, Empty Rectangle, their duals, Turbot Fish.

All are short chains on one digit d built from *strong links* (a unit where d has exactly two
places: one of them is d). Skyscraper: two parallel strong links joined at one end by a line; one of
the two free ends is d. 2-String Kite: a row link and a column link joined by a box. Empty Rectangle:
a box whose places for d lie on one row and one column (a cross), joined to a strong link. Turbot
Fish: any two strong links joined by a weak link (strong-weak-strong, four cells), in rows, columns,
boxes or a variant's houses; the general form, so it also finds what the named shapes find (the hint
order tries those first, and they keep their names there). The duals (HoDoKu's) are two kites on the
same two box cells, or two empty rectangles in the same box, told as one step.
"""
from ...core.compat import ordered_dict, unique
from ..board import Board, bits
from ..phrases import cell_name, cells_text, sym
from ..step import Focus, Step, focus_cells

# Sukaku Explainer (a Sudoku Explainer fork) rates Skyscraper 4.0, 2-String Kite 4.1 and Turbot Fish
# / Empty Rectangle 4.2.
SCORES = {"Skyscraper": 4.0, "2-String Kite": 4.1, "Empty Rectangle": 4.2, "Turbot Fish": 4.2}


def _strong_links(b: Board, d: int, units) -> list[tuple[int, int, int]]:
    """(unit, cell, cell) for every unit of `units` where digit d (0-based) has two places."""
    t = b.t
    p = b.positions()[d]
    counts = b.counts()  # (small ints: a big int's bit count costs tens of microseconds on MicroPython)
    out = []
    for u in units:
        if counts[u * t.n + d] == 2:
            a, c = bits(p & t.unit_masks[u])
            out.append((u, a, c))
    return out


def _step(b, name, d, ends, links, targets, units, detail, weak=False):
    """`weak`: draw the weak link joining the two strong links too (the first's second cell to the
    second's first)."""
    n = b.t.n
    elims = tuple((i, d + 1) for i in bits(targets))
    cells = tuple(sorted({c for link in links for c in link[1:]}))
    text = (f"{name}: {detail}; one of {cell_name(ends[0], n)} and {cell_name(ends[1], n)} is "
            f"{sym(d + 1, n)}, so {sym(d + 1, n)} leaves {cells_text([c for c, _ in elims], n)}")
    chain = [((x, d + 1), (y, d + 1), "strong") for _, x, y in links]
    if weak:
        chain.insert(1, ((links[0][2], d + 1), (links[1][1], d + 1), "weak"))
    return Step(name, text, n, eliminations=elims, cells=cells,
                units=tuple(b.t.unit_names[u] for u in units),
                candidates=tuple((c, d + 1) for c in cells), links=tuple(chain), difficulty=SCORES[name])


# With `focus` (see `step.Focus`), each finder below gives only an instance removing one of those candidates.
def skyscraper(b: Board, focus: Focus = ()) -> "Step | None":
    t = b.t
    n = t.n
    peer = t.peer_masks
    for d in range(n):
        pos_d = b.positions()[d]
        wanted = focus_cells(focus, d + 1)
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
                            if not targets & wanted:
                                continue
                            other = "column" if kind == "row" else "row"
                            detail = (f"in {t.unit_names[u1]} and {t.unit_names[u2]}, {sym(d + 1, n)} has two "
                                      f"places each, and {cell_name(base_a, n)} and "
                                      f"{cell_name(base_c, n)} share a {other}")
                            return _step(b, "Skyscraper", d, (free_a, free_c),
                                         ((u1, free_a, base_a), (u2, base_c, free_c)), targets,
                                         (u1, u2), detail)
    return None


def _kites(b: Board, d: int, focus: Focus = ()):
    """Every 2-String Kite on digit d with eliminations (of `focus`, with one): (row link, column link, box,
    targets), each link as (unit, free end, end in the box)."""
    t = b.t
    n = t.n
    peer = t.peer_masks
    pos_d = b.positions()[d]
    wanted = focus_cells(focus, d + 1)
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
                    if targets & wanted:
                        yield (ur, free_r, box_r), (uc, box_c, free_c), 2 * n + t.box_of[box_r], targets


def _kite_detail(b, d, kite) -> str:
    t = b.t
    (ur, _, _), (uc, _, _), bu, _ = kite
    return (f"{sym(d + 1, t.n)} has two places in {t.unit_names[ur]} and two in {t.unit_names[uc]}, "
            f"joined in {t.unit_names[bu]}")


def two_string_kite(b: Board, focus: Focus = ()) -> "Step | None":
    for d in range(b.t.n):
        for kite in _kites(b, d, focus):
            row_link, col_link, _, targets = kite
            return _step(b, "2-String Kite", d, (row_link[1], col_link[2]), (row_link, col_link), targets,
                         (row_link[0], col_link[0]), _kite_detail(b, d, kite))
    return None


def dual_two_string_kite(b: Board) -> "Step | None":
    """Two kites on the same two cells of a box, each cell the row end of one and the column end of the
    other: both eliminate (HoDoKu's Dual 2-String Kite)."""
    t = b.t
    n = t.n
    for d in range(n):
        by_ends = ordered_dict()  # kites in the order found
        for kite in _kites(b, d):
            by_ends[(kite[0][2], kite[1][1])] = kite
        for (p, q), one in by_ends.items():
            two = by_ends.get((q, p))
            if two is None or p > q:
                continue
            targets = one[3] | two[3]
            ends = (one[0][1], one[1][2], two[0][1], two[1][2])
            links = (one[0], one[1], two[0], two[1])
            elims = tuple((i, d + 1) for i in bits(targets))
            cells = tuple(sorted({c for link in links for c in link[1:]}))
            text = (f"Dual 2-String Kite: two kites on {sym(d + 1, n)} share {cell_name(p, n)} and "
                    f"{cell_name(q, n)} in {t.unit_names[one[2]]}: {_kite_detail(b, d, one)}, so one of "
                    f"{cell_name(ends[0], n)} and {cell_name(ends[1], n)} is {sym(d + 1, n)}; "
                    f"{_kite_detail(b, d, two)}, so one of {cell_name(ends[2], n)} and "
                    f"{cell_name(ends[3], n)} is {sym(d + 1, n)}: {sym(d + 1, n)} leaves "
                    f"{cells_text([c for c, _ in elims], n)}")
            return Step("Dual 2-String Kite", text, n, eliminations=elims, cells=cells,
                        units=tuple(t.unit_names[u] for u in (one[0][0], one[1][0], two[0][0], two[1][0])),
                        candidates=tuple((c, d + 1) for c in cells),
                        links=tuple(((x, d + 1), (y, d + 1), "strong") for _, x, y in links),
                        difficulty=SCORES["2-String Kite"])
    return None


def _line_links(b: Board, d: int):
    """Digit d's strong links in columns, and in rows (what an Empty Rectangle joins to)."""
    n = b.t.n
    return _strong_links(b, d, range(n, 2 * n)), _strong_links(b, d, range(n))


def _empty_rectangles(b: Board, d: int, bx: int, line_links):
    """Every Empty Rectangle on digit d in box bx: (row, column of the cross, strong link unit, near
    end, far end, target). `line_links`: `_line_links(b, d)`."""
    t = b.t
    n = t.n
    pos_d = b.positions()[d]
    bu = 2 * n + bx
    if b.counts()[bu * n + d] < 2:
        return
    inbox = pos_d & t.unit_masks[bu]
    cells = list(bits(inbox))
    rows = sorted({t.row_of[c] for c in cells})
    cols = sorted({t.col_of[c] for c in cells})
    if len(rows) < 2 or len(cols) < 2:
        return  # all on one line: that is a pointing pattern
    box_rows = {t.row_of[c] for c in t.units[bu]}
    box_cols = {t.col_of[c] for c in t.units[bu]}
    masks = t.unit_masks
    for er in rows:  # the cross's row and column hold some of the places (else one line has them all)
        for ec in cols:
            if inbox & ~(masks[er] | masks[n + ec]):
                continue
            # the cross is row er and column ec. A strong link on d in a column outside the
            # box's stack, one end in row er, eliminates at (other end's row, ec); and the
            # same with rows and columns swapped.
            for u, x, y in line_links[0]:
                if t.col_of[x] in box_cols:
                    continue
                for near, far in ((x, y), (y, x)):
                    if t.row_of[near] != er or t.row_of[far] in box_rows:
                        continue
                    target = t.row_of[far] * n + ec
                    if pos_d >> target & 1:
                        yield er, ec, u, near, far, target
            for u, x, y in line_links[1]:
                if t.row_of[x] in box_rows:
                    continue
                for near, far in ((x, y), (y, x)):
                    if t.col_of[near] != ec or t.col_of[far] in box_cols:
                        continue
                    target = er * n + t.col_of[far]
                    if pos_d >> target & 1:
                        yield er, ec, u, near, far, target


def empty_rectangle(b: Board, focus: Focus = ()) -> "Step | None":
    n = b.t.n
    for d in range(n):
        links = _line_links(b, d)
        wanted = focus_cells(focus, d + 1)
        for bx in range(n):
            for found in _empty_rectangles(b, d, bx, links):
                if wanted >> found[5] & 1:
                    return _er_step(b, d, bx, [found])
    return None


def dual_empty_rectangle(b: Board) -> "Step | None":
    """Two Empty Rectangles in one box, through two strong links, with different targets (HoDoKu's Dual
    Empty Rectangle): one step with both eliminations."""
    n = b.t.n
    for d in range(n):
        links = _line_links(b, d)
        for bx in range(n):
            found = list(_empty_rectangles(b, d, bx, links))
            for k, one in enumerate(found):
                two = next((f for f in found[k + 1:] if f[5] != one[5] and f[3:5] != one[3:5]), None)
                if two is not None:
                    return _er_step(b, d, bx, [one, two])
    return None


def _er_step(b, d, bx, found):
    t = b.t
    n = t.n
    bu = 2 * n + bx
    box_cells = list(bits(b.positions()[d] & t.unit_masks[bu]))
    parts = []
    for er, ec, u, near, far, target in found:
        parts.append(f"in {t.unit_names[bu]}, {sym(d + 1, n)} lies only on row {er + 1} and column {ec + 1}; "
                     f"with the strong link {cell_name(near, n)}={cell_name(far, n)} in {t.unit_names[u]}, "
                     f"{cell_name(target, n)} cannot be {sym(d + 1, n)}")
    name = "Empty Rectangle" if len(found) == 1 else "Dual Empty Rectangle"
    text = f"{name}: " + "; and ".join(parts)
    cells = tuple(sorted(set(box_cells) | {c for f in found for c in f[3:5]}))
    return Step(name, text, n, eliminations=tuple(sorted({(f[5], d + 1) for f in found})), cells=cells,
                units=tuple(unique([t.unit_names[bu]] + [t.unit_names[f[2]] for f in found])),
                candidates=tuple((c, d + 1) for c in cells),
                links=tuple(((f[3], d + 1), (f[4], d + 1), "strong") for f in found),
                difficulty=SCORES["Empty Rectangle"])


def turbot_fish(b: Board, focus: Focus = ()) -> "Step | None":
    """Two strong links on one digit, the second end of the first seeing the first end of the second
    (a weak link): one of the two outer ends is the digit. HoDoKu's general form, over every house
    (boxes, and a variant's diagonals or windows, too): a Skyscraper, 2-String Kite or Empty Rectangle
    is one as well (the hint order asks their finders first)."""
    t = b.t
    n = t.n
    peer = t.peer_masks
    for d in range(n):
        pos_d = b.positions()[d]
        wanted = focus_cells(focus, d + 1)
        links, seen = [], set()
        for u, x, y in _strong_links(b, d, range(len(t.units))):
            if (x, y) not in seen:  # a pair in a row and a box is told as the row's
                seen.add((x, y))
                links.append((u, x, y))
        for k, (u1, a1, a2) in enumerate(links):
            for u2, c1, c2 in links[k + 1:]:
                if len({a1, a2, c1, c2}) < 4:
                    continue
                for x1, y1 in ((a1, a2), (a2, a1)):
                    for x2, y2 in ((c1, c2), (c2, c1)):
                        if not peer[y1] >> x2 & 1:
                            continue
                        targets = peer[x1] & peer[y2] & pos_d & ~(1 << y1 | 1 << x2)
                        if not targets & wanted:
                            continue
                        detail = (f"{sym(d + 1, n)} has two places in {t.unit_names[u1]} and two in "
                                  f"{t.unit_names[u2]}, and {cell_name(y1, n)} sees {cell_name(x2, n)}")
                        return _step(b, "Turbot Fish", d, (x1, y2), ((u1, x1, y1), (u2, x2, y2)), targets,
                                     (u1, u2), detail, weak=True)
    return None
