"""Coloring past Simple Colors: Weak Colors, X-Colors (one digit) and 3D Medusa (every digit).

Weak Colors and X-Colors (after Sudopedia's pages of those names) start from a Simple Colors cluster of
one digit, colors A and B, exactly one of them true. A *bonus cell* joins color A when A would leave it the
digit's last place in some house: every other place there sees a cell of A. So if A is true, so is every
bonus cell of A (not the other way round: a false A says nothing about them, and a bonus cell's
strong-link partners get no color). Bonus cells make more bonus cells. Weak Colors extends one color,
X-Colors both; then, with A+ and B+ the extended colors:

  * a place outside the colors that sees a cell of A+ and one of B+ cannot hold the digit (trap);
  * two cells of A+ in one house, or a house whose every place sees A+ (none in it): A is false, so B is
    true, and so are its bonus cells: they are placed;
  * a cell in A+ and in B+ holds the digit whichever color is true: it is placed.

3D Medusa (SudokuWiki's) colors candidates of every digit: a strong link joins the two places of a digit
in a house and the two candidates of a bivalue cell; one color is all true. Its six rules: a color twice
in a cell, or a digit twice in a house in one color, or a cell whose every candidate sees that digit in
one color (emptied), makes the color false (its candidates go); a cell holding both colors loses its
other candidates; an uncolored candidate that sees its digit in both colors, or sees it in one color
while its cell holds a candidate of the other, goes.

None is in Sudoku Explainer or HoDoKu's scale (Sudoku Explainer finds these as chains and forcing
chains): the values are chosen here, above Multi-Colors for the one-digit ones and with the AIC SE
would need for 3D Medusa; the rating path leaves them out.
"""
from ...core.compat import bit_count, ordered_dict
from ..board import Board, bits, first_bit
from ..phrases import cell_name, cells_text, listing, removals_text, sym
from ..step import Step
from .coloring import _seen, clusters

WEAK_SCORE = 6.7
X_SCORE = 6.8
MEDUSA_SCORE = 7.0


# -- Weak Colors and X-Colors ---------------------------------------------------------------------------
def _extend(b: Board, d: int, color: int) -> int:
    """`color` (a cell board) with every bonus cell it makes, again and again."""
    t = b.t
    p = b.positions()[d]
    peer = t.peer_masks
    counts = b.counts()  # (small ints: a big int's bit count costs tens of microseconds on MicroPython)
    seen = _seen(peer, color)
    grown = True
    while grown:
        grown = False
        for u, um in enumerate(t.unit_masks):
            if counts[u * t.n + d] < 2:
                continue
            here = p & um
            if here & color:
                continue
            left = here & ~seen
            if left and not left & (left - 1):
                color |= left
                seen |= peer[first_bit(left)]
                grown = True
    return color


def _false(b: Board, d: int, color: int) -> "str | None":
    """Why `color` (a cell board of digit d's places, all true together) cannot be true, or None."""
    t = b.t
    n = t.n
    p = b.positions()[d]
    peer = t.peer_masks
    for i in bits(color):
        if peer[i] & color:
            return f"{cell_name(i, n)} and {cell_name(first_bit(peer[i] & color), n)} would both be {sym(d + 1, n)}"
    seen = _seen(peer, color)
    for u, um in enumerate(t.unit_masks):
        here = p & um
        if here and not here & color and not here & ~seen:
            return f"{t.unit_names[u]} would have no place left for {sym(d + 1, n)}"
    return None


def weak_colors(b: Board) -> "Step | None":
    return _extended_colors(b, both=False)


def x_colors(b: Board) -> "Step | None":
    return _extended_colors(b, both=True)


def _extended_colors(b: Board, both: bool) -> "Step | None":
    t = b.t
    n = t.n
    peer = t.peer_masks
    for d in range(n):
        p = b.positions()[d]
        for a, c, links in clusters(b, d, 2):
            plain = _seen(peer, a) & _seen(peer, c) & p & ~(a | c)  # what Simple Colors' trap removes
            if both:
                tries = (((a, c), (_extend(b, d, a), _extend(b, d, c))),)
            else:
                tries = (((a, c), (_extend(b, d, a), c)), ((c, a), (_extend(b, d, c), a)))
            for colors, grown in tries:
                if grown != colors:
                    step = _colors_step(b, d, both, colors, grown, links, plain)
                    if step is not None:
                        return step
    return None


def _colors_step(b: Board, d: int, both: bool, colors, grown, links, plain: int) -> "Step | None":
    """The step of one cluster's colors (x, y) grown to (xx, yy): a cell in both, a color proved false, or
    a trap that Simple Colors alone does not make; None when there is none."""
    t = b.t
    n = t.n
    peer = t.peer_masks
    p = b.positions()[d]
    s = sym(d + 1, n)
    name = "X-Colors" if both else "Weak Colors"
    (x, y), (xx, yy) = colors, grown
    head = (f"{name}: coloring the strong links of {s}, one of {_set(x, n)} and {_set(y, n)} is all {s}; "
            + listing(_bonus_text(g & ~o, o, n) for g, o in ((xx, x), (yy, y)) if g != o))
    placements = elims = ()
    twice = xx & yy
    if twice:
        placements = tuple((i, d + 1) for i in bits(twice))
        text = f"{head}. {_set(twice, n)} holds {s} whichever color is true"
    else:
        text = None
        for false, true in ((xx, yy), (yy, xx)):
            why = _false(b, d, false)
            if why:
                placements = tuple((i, d + 1) for i in bits(true))
                text = f"{head}. If {_set(false, n)} were {s}, {why}; so {_set(true, n)} holds {s}"
                break
        if text is None:
            targets = _seen(peer, xx) & _seen(peer, yy) & p & ~(xx | yy)
            if not targets & ~plain:
                return None
            elims = tuple((i, d + 1) for i in bits(targets))
            text = f"{head}. {_set(targets, n)} sees both colors, so {s} leaves it"
    colored = xx | yy
    return Step(name, text, n, placements=placements, eliminations=elims, cells=tuple(bits(colored)),
                candidates=tuple((i, d + 1) for i in bits(colored)),
                links=tuple(((i, d + 1), (j, d + 1), "strong") for i, j in links),
                difficulty=X_SCORE if both else WEAK_SCORE, extra={"colors": [list(bits(xx)), list(bits(yy))]})


def _set(cells: int, n: int) -> str:
    """"{r1c1, r2c5}": a color's cells, named as one group."""
    return "{" + ", ".join(cell_name(i, n) for i in bits(cells)) + "}"


def _bonus_text(bonus: int, color: int, n: int) -> str:
    return f"if {_set(color, n)} is true, so is {_set(bonus, n)} (each then the last place of a house)"


# -- 3D Medusa -------------------------------------------------------------------------------------------
def medusa(b: Board) -> "Step | None":
    """The cluster (of two digits or more: one digit is Simple Colors) whose colors remove most."""
    best = None
    for colors, links in _medusa_clusters(b):
        step = _medusa_step(b, colors, links)
        if step is not None and (best is None or len(step.eliminations) > len(best.eliminations)):
            best = step
    return best


def _medusa_clusters(b: Board):
    """([color 0 boards per digit, color 1 boards per digit], links) for each two-colored cluster of
    candidates joined by strong links, spanning two digits or more."""
    t, cands = b.t, b.cands
    n = t.n
    pos = b.positions()
    adj: dict[int, list[int]] = ordered_dict()  # clusters in the order of their first link
    links = []

    def join(u: int, v: int) -> None:
        adj.setdefault(u, []).append(v)
        adj.setdefault(v, []).append(u)
        links.append((u, v))

    for i, m in enumerate(cands):
        if m and bit_count(m) == 2:
            d1, d2 = bits(m)
            join(i * n + d1, i * n + d2)
    counts = b.counts()
    for u, um in enumerate(t.unit_masks):
        for d in range(n):
            if counts[u * n + d] == 2:
                x, y = bits(pos[d] & um)
                join(x * n + d, y * n + d)
    seen: dict[int, int] = {}
    for start in adj:
        if start in seen:
            continue
        seen[start] = 0
        stack, members = [start], [start]
        while stack:
            u = stack.pop()
            for v in adj[u]:
                if v not in seen:
                    seen[v] = 1 - seen[u]
                    stack.append(v)
                    members.append(v)
        if len({u % n for u in members}) < 2:
            continue
        colors = [[0] * n, [0] * n]
        for u in members:
            colors[seen[u]][u % n] |= 1 << (u // n)
        keep = set(members)
        yield colors, tuple((u, v) for u, v in links if u in keep)


def _medusa_step(b: Board, colors, links) -> "Step | None":
    t, cands = b.t, b.cands
    n = t.n
    peer = t.peer_masks
    pos = b.positions()
    # the cells each color touches, and what each color sees per digit
    touched = [0, 0]
    sees = [[0] * n, [0] * n]
    for c in (0, 1):
        for d in range(n):
            touched[c] |= colors[c][d]
            sees[c][d] = _seen(peer, colors[c][d])
    why = None
    for c in (0, 1):
        for d in range(n):
            for i in bits(colors[c][d]):
                other = cands[i] & ~(1 << d)
                twin = next((e for e in bits(other) if colors[c][e] >> i & 1), None)
                if twin is not None:
                    why = (c, f"{cell_name(i, n)} would be both {sym(d + 1, n)} and {sym(twin + 1, n)}")
                    break
                if peer[i] & colors[c][d]:
                    j = first_bit(peer[i] & colors[c][d])
                    why = (c, f"{cell_name(i, n)} and {cell_name(j, n)} would both be {sym(d + 1, n)}")
                    break
            if why:
                break
        if why:
            break
        for i, m in enumerate(cands):
            if m and not touched[0] >> i & 1 and not touched[1] >> i & 1 and \
                    all(sees[c][d] >> i & 1 for d in bits(m)):
                why = (c, f"{cell_name(i, n)} would have no candidate left")
                break
        if why:
            break
    if why:
        c, reason = why
        elims = tuple(sorted((i, d + 1) for d in range(n) for i in bits(colors[c][d])))
        text = (f"3D Medusa: coloring candidates joined by strong links (two places of a digit in a house, two "
                f"candidates of a cell), one color is all true; if the {_COLOR[c]} one were, {reason}: it is "
                f"false, so {removals_text(elims, n)} go")
        return _medusa(b, text, elims, colors, links)
    out = set()
    for i, m in enumerate(cands):
        if not m:
            continue
        in0, in1 = touched[0] >> i & 1, touched[1] >> i & 1
        for d in bits(m):
            if colors[0][d] >> i & 1 or colors[1][d] >> i & 1:
                continue
            if in0 and in1:  # rule 3: both colors in the cell
                out.add((i, d + 1))
            elif sees[0][d] >> i & 1 and sees[1][d] >> i & 1:  # rule 4
                out.add((i, d + 1))
            elif (in0 and sees[1][d] >> i & 1) or (in1 and sees[0][d] >> i & 1):  # rule 5
                out.add((i, d + 1))
    if not out:
        return None
    elims = tuple(sorted(out))
    text = (f"3D Medusa: coloring candidates joined by strong links (two places of a digit in a house, two "
            f"candidates of a cell), one color is all true; {removals_text(elims, n)} "
            f"{'sees' if len(elims) == 1 else 'see'} both colors (in a house or in {'its' if len(elims) == 1 else 'their'} "
            f"own cell), so {'it goes' if len(elims) == 1 else 'they go'}")
    return _medusa(b, text, elims, colors, links)


_COLOR = ("first", "second")


def _medusa(b: Board, text: str, elims, colors, links) -> Step:
    n = b.t.n
    marks = [tuple(sorted((i, d + 1) for d in range(n) for i in bits(colors[c][d]))) for c in (0, 1)]
    cells = sorted({i for group in marks for i, _ in group})
    return Step("3D Medusa", text, n, eliminations=elims, cells=tuple(cells), candidates=marks[0] + marks[1],
                links=tuple(((u // n, u % n + 1), (v // n, v % n + 1), "strong") for u, v in links),
                difficulty=MEDUSA_SCORE, extra={"colors": [list(marks[0]), list(marks[1])]})


# -- Broken Wing -------------------------------------------------------------------------------------------
#: Broken Wing (SudokuWiki's; "guardians" on Sudopedia): not in Sudoku Explainer, which finds the one-guardian
#: form as an X-cycle (6.5+); chosen: 6.5 and 0.1 a guardian past the first. Hints only.
BROKEN_WING_SCORE = 6.5
MAX_LOOP = 7  # cells
MAX_GUARDIANS = 2


def broken_wing(b: Board) -> "Step | None":
    """An odd loop of a digit's places, each two neighbours joined by their own house that holds no other
    cell of the loop. Were the digit in none of those houses' other places (the *guardians*), each house
    would hold it in exactly one of its two loop cells, alternating around an odd loop: impossible. So a
    guardian holds it: a place seeing every guardian goes, and a lone guardian is placed."""
    t = b.t
    n = t.n
    for d in range(n):
        p = b.positions()[d]
        # a house of k places leaves k - 2 guardians: larger ones cannot be in a loop kept
        counts = b.counts()
        houses = [um for u, um in enumerate(t.unit_masks) if 2 <= counts[u * n + d] <= MAX_GUARDIANS + 2]
        of_cell: dict[int, list[int]] = {}
        for um in houses:
            for i in bits(p & um):
                of_cell.setdefault(i, []).append(um)
        for start in sorted(of_cell):
            found = _wing(p, of_cell, start, [start], [], 1 << start, 0)
            if found:
                return _wing_step(b, d, *found)
    return None


def _wing(p: int, of_cell, start: int, loop: list, used: list, on: int, guards: int):
    """Depth-first: extend `loop` (cells, `on` their board; `used` the houses joining them) by a house of its
    last cell, and close it through a house holding the last cell and `start` alone of the loop. A new cell
    may not lie in a house already used, so each house's guardians are known once it is used, and a loop
    past `MAX_GUARDIANS` is dropped early. Returns (loop, houses, guardians) or None."""
    last = loop[-1]
    for um in of_cell[last]:
        if um in used:
            continue
        here = p & um
        others = here & on & ~(1 << last)
        if len(loop) >= 3 and len(loop) % 2 and others == 1 << start:
            g = guards | (here & ~on)
            if g and _at_most(g, MAX_GUARDIANS):
                return list(loop), used + [um], g
            continue
        if others or len(loop) == MAX_LOOP:
            continue
        g = guards | (here & ~on)
        for nxt in bits(here & ~on):
            if nxt < start or _in_any(used, nxt):
                continue
            g2 = g & ~(1 << nxt)
            if not _at_most(g2, MAX_GUARDIANS):
                continue
            loop.append(nxt)
            used.append(um)
            found = _wing(p, of_cell, start, loop, used, on | 1 << nxt, g2)
            loop.pop()
            used.pop()
            if found:
                return found
    return None


def _at_most(board: int, most: int) -> bool:
    """Whether cell `board` holds `most` cells or fewer: the lowest ones cleared one by one, where a big
    int's bit count takes tens of microseconds on MicroPython (the guardians are a few cells)."""
    for _ in range(most):
        board &= board - 1
    return not board


def _in_any(boards, cell: int) -> bool:
    """Whether `cell` is in one of the cell `boards` (a loop, not a generator: cheaper on MicroPython)."""
    for h in boards:
        if h >> cell & 1:
            return True
    return False


def _wing_step(b: Board, d: int, loop: list, houses: list, guards: int) -> "Step | None":
    t = b.t
    n = t.n
    s = sym(d + 1, n)
    names = [t.unit_names[t.unit_masks.index(um)] for um in houses]
    head = (f"Broken Wing: the places of {s} at {', '.join(cell_name(i, n) for i in loop)} close an odd loop, each "
            f"two neighbours sharing a house ({listing(names)}); if none of the other places of {s} in those "
            f"houses ({_set(guards, n)}) held it, {s} would alternate around the loop, which an odd loop "
            f"cannot do: one of them is {s}")
    if not guards & (guards - 1):
        g = first_bit(guards)
        return _wing_made(b, d, loop, houses, guards, f"{head}: {cell_name(g, n)} is {s}",
                          placements=((g, d + 1),))
    targets = b.positions()[d] & ~guards
    for g in bits(guards):
        targets &= t.peer_masks[g]
    if not targets:
        return None
    return _wing_made(b, d, loop, houses, guards, f"{head}, so {s} leaves {cells_text(list(bits(targets)), n)}, "
                      f"which {'sees' if not targets & (targets - 1) else 'see'} them all",
                      eliminations=tuple((i, d + 1) for i in bits(targets)))


def _wing_made(b: Board, d: int, loop, houses, guards: int, text: str, placements=(), eliminations=()) -> Step:
    n = b.t.n
    closed = loop + loop[:1]
    return Step("Broken Wing", text, n, placements=placements, eliminations=eliminations,
                cells=tuple(loop) + tuple(bits(guards)),
                units=tuple(b.t.unit_names[b.t.unit_masks.index(um)] for um in houses),
                candidates=tuple((i, d + 1) for i in loop) + tuple((g, d + 1) for g in bits(guards)),
                links=tuple(((x, d + 1), (y, d + 1), "weak") for x, y in zip(closed, closed[1:])),
                difficulty=round(BROKEN_WING_SCORE + 0.1 * (bit_count(guards) - 1), 1),
                extra={"guardians": list(bits(guards))})
