"""Naked and Hidden Subsets (Pair, Triple, Quad).

Naked: N cells of a unit whose candidates together are only N digits; those digits leave the rest of
every unit holding all N cells. Hidden: N digits whose places in a unit are only N cells; those
cells lose every other candidate.
"""
from ..board import Board, bits, choose
from ..phrases import cells_text, digits_slash
from ..step import Focus, Step, focus_count

SIZE_NAMES = {2: "Pair", 3: "Triple", 4: "Quad"}
# Sudoku Explainer's values
NAKED = {2: 3.0, 3: 3.6, 4: 5.0}
HIDDEN = {2: 3.4, 3: 4.0, 4: 5.4}


def naked_subset(b: Board, size: int, focus: Focus = ()) -> "Step | None":
    """The first naked subset of `size` (with `focus`, the first removing one of those candidates)."""
    t, cands = b.t, b.cands
    n = t.n
    for u, cells in enumerate(t.units):
        small = [i for i in cells if cands[i] and t.count[cands[i]] <= size]
        if len(small) < size:
            continue
        for combo in choose(small, size):
            union = 0
            for i in combo:
                union |= cands[i]
            if t.count[union] != size:
                continue
            board = 0
            for i in combo:
                board |= 1 << i
            shared = [w for w in t.cell_units[combo[0]] if all(w in t.cell_units[i] for i in combo)]
            elims = []
            for w in shared:
                for j in t.units[w]:
                    if not board >> j & 1 and cands[j] & union:
                        for d in bits(cands[j] & union):
                            if (j, d + 1) not in elims:
                                elims.append((j, d + 1))
            if not focus_count(elims, focus):
                continue
            digits = [d + 1 for d in bits(union)]
            name = f"Naked {SIZE_NAMES[size]}"
            units = tuple(t.unit_names[w] for w in shared)
            text = (f"{name}: in {t.unit_names[u]}, {cells_text(combo, n)} hold only "
                    f"{digits_slash(digits, n)}, so those digits leave the other cells of "
                    f"{' and '.join(units)}")
            return Step(name, text, n, eliminations=tuple(elims), cells=combo, units=units,
                        candidates=tuple((i, d + 1) for i in combo for d in bits(cands[i])),
                        difficulty=NAKED[size])
    return None


def hidden_subset(b: Board, size: int, focus: Focus = ()) -> "Step | None":
    """The first hidden subset of `size` (with `focus`, the first removing one of those candidates)."""
    t, cands = b.t, b.cands
    n = t.n
    # each house's places of each digit as its slots (small ints: `Board.places`), counted once (`Board.counts`)
    places, counts, count = b.places(), b.counts(), t.count
    for u, house in enumerate(t.units):
        base = u * n
        few = [(d, places[base + d]) for d in range(n) if 0 < counts[base + d] <= size]
        if len(few) < size:
            continue
        empty = sum(1 for i in house if cands[i])
        if empty <= size:
            continue  # the subset would be the whole unit: nothing hidden
        for combo in choose(few, size):
            union = 0
            for _, p in combo:
                union |= p
            if count[union] != size:
                continue
            keep = 0
            for d, _ in combo:
                keep |= 1 << d
            cells = tuple(sorted([house[k] for k in bits(union)]))
            elims = tuple((i, d + 1) for i in cells for d in bits(cands[i] & ~keep))
            if not focus_count(elims, focus):
                continue
            name = f"Hidden {SIZE_NAMES[size]}"
            digits = [d + 1 for d, _ in combo]
            text = (f"{name}: in {t.unit_names[u]}, {digits_slash(digits, n)} fit only in "
                    f"{cells_text(cells, n)}, so those cells hold nothing else")
            return Step(name, text, n, eliminations=elims, cells=cells, units=(t.unit_names[u],),
                        candidates=tuple((i, d + 1) for i in cells for d in bits(cands[i] & keep)),
                        difficulty=HIDDEN[size])
    return None


def naked_pair(b: Board, focus: Focus = ()) -> "Step | None": return naked_subset(b, 2, focus)
def naked_triple(b: Board, focus: Focus = ()) -> "Step | None": return naked_subset(b, 3, focus)
def naked_quad(b: Board, focus: Focus = ()) -> "Step | None": return naked_subset(b, 4, focus)
def hidden_pair(b: Board, focus: Focus = ()) -> "Step | None": return hidden_subset(b, 2, focus)
def hidden_triple(b: Board, focus: Focus = ()) -> "Step | None": return hidden_subset(b, 3, focus)
def hidden_quad(b: Board, focus: Focus = ()) -> "Step | None": return hidden_subset(b, 4, focus)
