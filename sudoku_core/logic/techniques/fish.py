"""Basic fish: X-Wing (2), Swordfish (3), Jellyfish (4).

For one digit, N rows (the base) whose places for it lie in only N columns (the cover): each cover
column gets the digit in one of the base rows, so the rest of the cover columns lose it. The same
with rows and columns swapped.
"""
from ..board import Board, bits, choose
from ..phrases import cells_text, listing, sym
from ..step import Focus, Step, focus_count

NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
SCORES = {2: 3.2, 3: 3.8, 4: 5.2}  # Sudoku Explainer


def line_places(b: Board, d: int, by_rows: bool) -> list[int]:
    """For digit d (0-based), per row (or column): the mask of column (or row) indices it may take."""
    # read off each line's places (`Board.places`: rows are houses 0..n-1 and columns n..2n-1, their cells
    # in order, so a row's k-th slot is column k and a column's is row k)
    t = b.t
    n = t.n
    places = b.places()
    placed = t.placed
    out = []
    for i in range(d if by_rows else n * n + d, (n if by_rows else 2 * n) * n, n):
        p = places[i]
        out.append(0 if p & placed else p)
    return out


def fish(b: Board, size: int, focus: Focus = ()) -> "Step | None":
    """The first fish of `size` (with `focus`, the first removing one of those candidates)."""
    n = b.t.n
    pos = b.positions()
    for d in range(n):
        if not pos[d]:
            continue
        for by_rows in (True, False):
            places = line_places(b, d, by_rows)
            base_lines = [k for k in range(n) if 2 <= b.t.count[places[k]] <= size]
            if len(base_lines) < size:
                continue
            for combo in choose(base_lines, size):
                cover = 0
                for k in combo:
                    cover |= places[k]
                if b.t.count[cover] != size:
                    continue
                elims = []
                for k in range(n):
                    if k in combo:
                        continue
                    for x in bits(places[k] & cover):
                        cell = k * n + x if by_rows else x * n + k
                        elims.append((cell, d + 1))
                if not focus_count(elims, focus):
                    continue
                base_kind, cover_kind = ("row", "column") if by_rows else ("column", "row")
                cells = tuple(sorted((k * n + x if by_rows else x * n + k)
                                     for k in combo for x in bits(places[k])))
                name = NAMES[size]
                base_names = [f"{base_kind} {k + 1}" for k in combo]
                cover_names = [f"{cover_kind} {x + 1}" for x in bits(cover)]
                text = (f"{name}: in {listing(base_names)}, {sym(d + 1, n)} fits only in "
                        f"{listing(cover_names)}, so {sym(d + 1, n)} leaves the other cells of those "
                        f"{cover_kind}s ({cells_text([c for c, _ in elims], n)})")
                return Step(name, text, n, eliminations=tuple(sorted(elims)), cells=cells,
                            units=tuple(base_names + cover_names),
                            candidates=tuple((c, d + 1) for c in cells), difficulty=SCORES[size])
    return None


def x_wing(b: Board, focus: Focus = ()) -> "Step | None": return fish(b, 2, focus)
def swordfish(b: Board, focus: Focus = ()) -> "Step | None": return fish(b, 3, focus)
def jellyfish(b: Board, focus: Focus = ()) -> "Step | None": return fish(b, 4, focus)
