"""Locked Candidates: a digit confined to the crossing of a box and a line.

Pointing (type 1): in a box, the digit's places all lie on one row or column, so the rest of that
line loses it. Claiming (type 2): in a row or column, the digit's places all lie in one box, so the
rest of that box loses it.
"""
from ..board import Board, bits
from ..phrases import cells_text, sym
from ..step import Focus, Step, focus_count

POINTING = 2.6  # Sudoku Explainer
CLAIMING = 2.8


def _find(b: Board, pointing: bool, focus: Focus = ()) -> "Step | None":
    t = b.t
    pos = b.positions()
    n = t.n
    for box, line, both, box_rest, line_rest in t.intersections:
        for d in range(n):
            p = pos[d]
            inside = p & both
            if not inside:
                continue
            if pointing:
                if p & box_rest or not p & line_rest:
                    continue
                gone, source, target, name = p & line_rest, box, line, "Pointing"
            else:
                if p & line_rest or not p & box_rest:
                    continue
                gone, source, target, name = p & box_rest, line, box, "Claiming"
            cells = tuple(bits(inside))
            elims = tuple((c, d + 1) for c in bits(gone))
            if not focus_count(elims, focus):
                continue
            src, tgt = t.unit_names[source], t.unit_names[target]
            text = (f"Locked Candidates ({name}): in {src}, {sym(d + 1, n)} can only be in "
                    f"{cells_text(cells, n)}, inside {tgt}, so {tgt} loses {sym(d + 1, n)} elsewhere "
                    f"({cells_text([c for c, _ in elims], n)})")
            return Step(f"Locked Candidates ({name})", text, n, eliminations=elims, cells=cells,
                        units=(src, tgt), candidates=tuple((c, d + 1) for c in cells),
                        difficulty=POINTING if pointing else CLAIMING)
    return None


# With `focus` (see `step.Focus`): only a step removing one of those candidates.
def pointing(b: Board, focus: Focus = ()) -> "Step | None":
    return _find(b, True, focus)


def claiming(b: Board, focus: Focus = ()) -> "Step | None":
    return _find(b, False, focus)
