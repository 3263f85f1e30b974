"""Simple Colors (single-digit coloring).

For one digit, join the cells of every strong link (a unit where the digit has two places) and
color each connected cluster in two alternating colors: one color is all true, the other all false.
Color Trap: a cell that sees both colors cannot hold the digit. Color Wrap: two cells of one color
see each other, so that color is false everywhere.
"""
from __future__ import annotations

from ..board import Board, bits
from ..phrases import cells_text, sym
from ..step import Step

SCORE = 6.5  # not in Sudoku Explainer (it finds these as X-chains, 6.5+); the rating path leaves it out


def clusters(b: Board, d: int):
    """The two-colorings of digit d's strong-link graph: list of (color A board, color B board, links)."""
    t = b.t
    p = b.positions()[d]
    adj: dict[int, list[int]] = {}
    link_list = []
    for u, um in enumerate(t.unit_masks):
        here = p & um
        if here.bit_count() == 2:
            x, y = bits(here)
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
        if len(members) >= 3:
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
