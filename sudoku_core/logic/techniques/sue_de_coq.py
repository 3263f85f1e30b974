"""Sue de Coq (HoDoKu's definition, with its extended forms).

Take 2 or more empty cells I where a box meets a line, holding digits V, at least |I| + 2 of them. Add
cells L from the rest of the line and B from the rest of the box, such that no digit is a candidate in
both L and B, and the |I| + |L| + |B| cells hold exactly that many digits together. Each digit can then
be placed at most once in those cells (a digit of L lives in the line, one of B in the box, any other only
in I), so each is placed exactly once: a digit not in B is in the line's cells of the pattern and leaves
the rest of the line; one not in L leaves the rest of the box (the crossing's cells outside I are in
both). Among the patterns found, the one removing the most candidates is taken (HoDoKu's order).

L and B are any sets (a bivalue cell, an ALS, or more: HoDoKu's extended forms, extra digits in L or B
included). The search is bounded: at most MAX_PART cells in L and in B (BIG_PART past 9x9), at most
MAX_CORE in I.

Under variant rules the same holds for any two houses sharing cells (`Tables.intersections`).
"""
from ...core.compat import bit_count
from ..board import Board, bits, choose
from ..phrases import cells_text, digits_slash, removals_text
from ..step import Focus, Step, focus_count

# Not in Sudoku Explainer (it finds these eliminations as chains); calibrated below the chains (X-Chain
# 6.5) in HoDoKu's order (Sue de Coq 250 < X-Chain and XY-Chain 260 < ALS-XZ 300). Not rated.
SCORE = 6.4
MAX_CORE = 3
MAX_PART = 4
BIG_PART = 3  # past 9x9, where lines and boxes have many more cells to combine


def _subsets(b: Board, cells: "list[int]", union: int, most: int) -> "list[tuple[int, int, int]]":
    """Subsets of `cells` (at most `most`) holding fewer than `most` digits outside `union` (the
    intersection's digits) in all: [(cell board, digits, size)]. A cell without a digit of the crossing
    may belong too (HoDoKu's extended form): it only adds its digits to the count."""
    cands = b.cands
    count = b.t.count  # (bit counts by table: a call to bit_count costs more on MicroPython)
    out = []
    stack = [(0, 0, 0, 0)]  # next cell, size, cell board, digits
    while stack:
        start, size, board, digits = stack.pop()
        size += 1
        for k in range(start, len(cells)):
            m = digits | cands[cells[k]]
            if count[m & ~union] >= most:
                continue
            board2 = board | 1 << cells[k]
            out.append((board2, m, size))
            if size < most:
                stack.append((k + 1, size, board2, m))
    return out


def _by_gain(subsets, core: int, most: int, count) -> "dict[int, list[tuple[int, int]]]":
    """The subsets sharing a digit with the core, by gain (cells less digits outside the core), 1..most:
    {gain: [(cell board, digits)]}. `count`: the tables' bit counts (`Tables.count`)."""
    out: dict[int, list] = {}
    for board, m, size in subsets:
        if not m & core:
            continue
        gain = size - count[m & ~core]
        if 1 <= gain <= most:
            if gain in out:
                out[gain].append((board, m))
            else:
                out[gain] = [(board, m)]
    return out


def sue_de_coq(b: Board, focus: Focus = ()) -> "Step | None":
    t, cands = b.t, b.cands
    pos = b.positions()
    most = MAX_PART if t.n <= 9 else BIG_PART
    best, best_rank = None, 0  # the one removing the most candidates (of `focus`: HoDoKu's order), smallest first
    for box, line, both, box_rest, line_rest in t.intersections:
        inside = [i for i in bits(both) if cands[i]]
        if len(inside) < 2:
            continue
        union = 0
        for i in inside:
            union |= cands[i]
        if bit_count(union) < 4:
            continue
        line_sets = box_sets = None  # made once per intersection, when a core needs them
        for size in range(2, min(MAX_CORE, len(inside)) + 1):
            for core_cells in choose(inside, size):
                core = core_board = 0
                for i in core_cells:
                    core |= cands[i]
                    core_board |= 1 << i
                spare = bit_count(core) - size
                if not 2 <= spare <= 2 * most:  # each outer part gains at most its cells
                    continue
                if line_sets is None:
                    line_sets = _subsets(b, [i for i in bits(line_rest) if cands[i]], union, most)
                    box_sets = _subsets(b, [i for i in bits(box_rest) if cands[i]], union, most)
                in_box = _by_gain(box_sets, core, spare - 1, t.count)
                for gain, options in sorted(_by_gain(line_sets, core, spare - 1, t.count).items()):
                    for lb, lm in options:
                        for bb, bm in in_box.get(spare - gain, ()):
                            if lm & bm:
                                continue
                            # the crossing's cells left out of the core are in the line and the box
                            spare_cells = both & ~core_board
                            step = _step(b, pos, (box, line), core_cells, core, (lb, lm), (bb, bm),
                                         (box_rest & ~bb | spare_cells, line_rest & ~lb | spare_cells))
                            rank = focus_count(step.eliminations, focus) if step is not None else 0
                            if rank > best_rank:
                                best, best_rank = step, rank
    return best


def _step(b: Board, pos, units, core_cells, core, line_part, box_part, rests) -> "Step | None":
    t = b.t
    n = t.n
    (lb, lm), (bb, bm) = line_part, box_part
    box_rest, line_rest = rests
    digits = core | lm | bm
    elims = []
    for d in bits(digits & ~bm):  # placed in the line's cells of the pattern
        elims += [(i, d + 1) for i in bits(pos[d] & line_rest)]
    for d in bits(digits & ~lm):  # placed in the box's cells of the pattern
        elims += [(i, d + 1) for i in bits(pos[d] & box_rest)]
    if not elims:
        return None
    elims = tuple(sorted(set(elims)))
    box, line = units
    box_name, line_name = t.unit_names[box], t.unit_names[line]

    def part(board: int, m: int) -> str:
        return f"{cells_text(bits(board), n)} ({digits_slash([d + 1 for d in bits(m)], n)})"

    cells = tuple(sorted(set(core_cells) | set(bits(lb | bb))))
    text = (f"Sue de Coq: {cells_text(core_cells, n)}, where {line_name} meets {box_name}, hold "
            f"{digits_slash([d + 1 for d in bits(core)], n)}; with {part(lb, lm)} in {line_name} and "
            f"{part(bb, bm)} in {box_name}, these {len(cells)} cells hold exactly {len(cells)} digits and no "
            f"digit is in both outer parts, so each digit is placed once in them: remove {removals_text(elims, n)}")
    return Step("Sue de Coq", text, n, eliminations=elims, cells=cells, units=(line_name, box_name),
                candidates=tuple((i, d + 1) for i in cells for d in bits(b.cands[i])), difficulty=SCORE,
                extra={"core": list(core_cells)})
