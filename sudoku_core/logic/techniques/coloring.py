"""Simple Colors and Multi-Colors (single-digit coloring).

For one digit, join the cells of every strong link (a unit where the digit has two places) and
color each connected cluster in two alternating colors: one color is all true, the other all false.
Color Trap: a cell that sees both colors cannot hold the digit. Color Wrap: two cells of one color
see each other, so that color is false everywhere.

Multi-Colors (HoDoKu's) sets two clusters side by side. Type 1: a cell of color A1 sees a cell of
color B1, so A1 and B1 are not both true, and one of the opposite colors A2, B2 is: a cell seeing
both A2 and B2 cannot hold the digit. Type 2: color A1 sees both colors of cluster B, one of which
is true, so A1 is false everywhere.
"""
from ..board import Board, bits, first_bit
from ..phrases import cell_name, cells_text, sym
from ..step import Step

SCORE = 6.5  # not in Sudoku Explainer (it finds these as X-chains, 6.5+); the rating path leaves it out
# Not in Sudoku Explainer either: set a notch above Simple Colors, as the X-chain it would find instead
# runs through two clusters. The rating path leaves it out.
MULTI_SCORE = 6.6


def clusters(b: Board, d: int, smallest: int = 3):
    """The two-colorings of digit d's strong-link graph: list of (color A board, color B board, links),
    for the clusters of `smallest` cells or more."""
    t = b.t
    p = b.positions()[d]
    counts = b.counts()  # (small ints: a big int's bit count costs tens of microseconds on MicroPython)
    adj: dict[int, list[int]] = {}
    link_list = []
    for u, um in enumerate(t.unit_masks):
        if counts[u * t.n + d] == 2:
            x, y = bits(p & um)
            adj.setdefault(x, []).append(y)
            adj.setdefault(y, []).append(x)
            link_list.append((x, y))
    seen: dict[int, int] = {}
    out = []
    for start in sorted(adj):
        if start in seen:
            continue
        seen[start] = 0
        boards = [1 << start, 0]
        stack = [start]
        members = {start}
        while stack:
            x = stack.pop()
            for y in adj[x]:
                if y not in seen:
                    seen[y] = 1 - seen[x]
                    boards[seen[y]] |= 1 << y
                    members.add(y)
                    stack.append(y)
        if len(members) >= smallest:
            links = tuple((x, y) for x, y in link_list if x in members)
            out.append((boards[0], boards[1], links))
    return out


def simple_colors(b: Board) -> "Step | None":
    t = b.t
    n = t.n
    peer = t.peer_masks
    for d in range(n):
        p = b.positions()[d]
        for a, c, links in clusters(b, d):
            link_data = tuple(((x, d + 1), (y, d + 1), "strong") for x, y in links)
            colored = a | c
            cand_data = tuple((i, d + 1) for i in bits(colored))
            # Color Wrap: a color that sees itself is false.
            for own, other in ((a, c), (c, a)):
                if any(peer[i] & own for i in bits(own)):
                    elims = tuple((i, d + 1) for i in bits(own))
                    text = (f"Simple Colors (Color Wrap): coloring the strong links of {sym(d + 1, n)}, two cells "
                            f"of one color see each other, so {sym(d + 1, n)} is false in all of that color: "
                            f"remove it from {cells_text(list(bits(own)), n)}")
                    return Step("Simple Colors", text, n, eliminations=elims,
                                cells=tuple(bits(colored)), candidates=cand_data, links=link_data,
                                difficulty=SCORE, extra={"colors": [list(bits(a)), list(bits(c))]})
            # Color Trap: an uncolored place seeing both colors.
            see_a = see_c = 0
            for i in bits(a):
                see_a |= peer[i]
            for i in bits(c):
                see_c |= peer[i]
            targets = see_a & see_c & p & ~colored
            if targets:
                elims = tuple((i, d + 1) for i in bits(targets))
                text = (f"Simple Colors (Color Trap): coloring the strong links of {sym(d + 1, n)}, one of the "
                        f"two colors is true, and {cells_text(list(bits(targets)), n)} see both "
                        f"colors, so they cannot be {sym(d + 1, n)}")
                return Step("Simple Colors", text, n, eliminations=elims, cells=tuple(bits(colored)),
                            candidates=cand_data, links=link_data, difficulty=SCORE,
                            extra={"colors": [list(bits(a)), list(bits(c))]})
    return None


def _seen(peer, cells: int) -> int:
    """The cells that see at least one cell of `cells`."""
    out = 0
    for i in bits(cells):
        out |= peer[i]
    return out


def multi_colors(b: Board) -> "Step | None":
    """Of every pair of clusters of a digit, the type 1 (all its weak links at once: each gives its own
    pair of opposite colors, one of which is true) or the type 2, whichever removes more (the type 2 on a
    tie); the first digit with any."""
    t = b.t
    n = t.n
    peer = t.peer_masks
    for d in range(n):
        p = b.positions()[d]
        found = clusters(b, d, 2)  # a lone strong link is a cluster of two cells here
        sees = [(_seen(peer, a), _seen(peer, c)) for a, c, _ in found]
        best = None
        for k in range(len(found)):
            for j in range(k + 1, len(found)):
                for step in (_type_2(b, d, found, sees, k, j), _type_1(b, d, found, sees, p, k, j)):
                    if step is not None and (best is None or len(step.eliminations) > len(best.eliminations)):
                        best = step
        if best is not None:
            return best
    return None


def _type_2(b: Board, d: int, found, sees, k: int, j: int) -> "Step | None":
    """A color of one cluster that sees both colors of the other is false."""
    for x, y in ((k, j), (j, k)):
        y0, y1, _ = found[y]
        for own, see_own in zip(found[x][:2], sees[x]):
            if see_own & y0 and see_own & y1:
                return _multi_step(b, d, found, (x, y), own, [(own, y0, y1)])
    return None


def _type_1(b: Board, d: int, found, sees, p: int, k: int, j: int) -> "Step | None":
    """Each color of cluster k that sees a color of cluster j: not both true, so one of their opposites is;
    a place seeing both opposites goes (the colored ones too)."""
    a0, a1, _ = found[k]
    b0, b1, _ = found[j]
    targets = 0
    sights = []
    for own, other, see_own, see_other in ((a0, a1, sees[k][0], sees[k][1]), (a1, a0, sees[k][1], sees[k][0])):
        for near, far, see_far in ((b0, b1, sees[j][1]), (b1, b0, sees[j][0])):
            if see_own & near:
                here = see_other & see_far & p
                if here:
                    targets |= here
                    sights.append((own, near, other, far))
    return _multi_step(b, d, found, (k, j), targets, sights) if targets else None


def _multi_step(b: Board, d: int, found, pair, targets: int, sights) -> Step:
    """`sights`: [(own, one color, the other)] of the other cluster for type 2 (`targets` the own color);
    [(own, the color it sees, own's opposite, that one's opposite) ...] for type 1."""
    n = b.t.n
    k, j = pair
    a0, a1, links_a = found[k]
    b0, b1, links_b = found[j]
    s = sym(d + 1, n)

    def cells(board: int) -> str:
        return "{" + ", ".join(cell_name(i, n) for i in bits(board)) + "}"

    def sight(mine: int, theirs: int) -> str:
        """"r1c1 sees r1c5": a cell of color `mine` seeing one of color `theirs`."""
        x = next(i for i in bits(mine) if peer[i] & theirs)
        return f"{cell_name(x, n)} sees {cell_name(first_bit(peer[x] & theirs), n)}"

    peer = b.t.peer_masks
    clusters_text = (f"coloring the strong links of {s} gives the clusters {cells(a0)} / {cells(a1)} and "
                     f"{cells(b0)} / {cells(b1)}; in each, the cells of one color are all {s}")
    if len(sights[0]) == 3:
        own, c0, c1 = sights[0]
        text = (f"Multi-Colors (type 2): {clusters_text}. {sight(own, c0)} and {sight(own, c1)}: if "
                f"{cells(own)} were {s}, neither color of the other cluster could be, so none of "
                f"{cells(own)} is {s}")
    else:
        why = "; ".join(f"{sight(own, near)}, so {cells(own)} and {cells(near)} are not both {s}, and "
                        f"{cells(other)} or {cells(far)} is" for own, near, other, far in sights)
        text = (f"Multi-Colors (type 1): {clusters_text}. {why}: {cells_text(list(bits(targets)), n)} "
                f"{'sees' if targets & (targets - 1) == 0 else 'see'} both of such a pair, so "
                f"{'it cannot' if targets & (targets - 1) == 0 else 'they cannot'} be {s}")
    colored = a0 | a1 | b0 | b1
    return Step("Multi-Colors", text, n, eliminations=tuple((i, d + 1) for i in bits(targets)),
                cells=tuple(bits(colored)), candidates=tuple((i, d + 1) for i in bits(colored)),
                links=tuple(((x, d + 1), (y, d + 1), "strong") for x, y in links_a + links_b),
                difficulty=MULTI_SCORE,
                extra={"colors": [list(bits(a0)), list(bits(a1)), list(bits(b0)), list(bits(b1))]})
