"""Why a digit cannot go in a cell: the easiest deduction that rules it out, for a person who asks.

A player who sees a candidate in their marks that they think is wrong, or a teacher asked "why not 7
here?", wants the one step that removes that candidate, not the next hint anywhere on the board. The
techniques are tried in the hint order; a finder that chooses among instances is asked for one removing
that candidate (`step.Focus`), any other counts only when its own step removes it. When a digit in a
cell's peer already rules it out, that is the answer; when the solution has the digit there, nothing can
rule it out and the answer says so.
"""
from ..core.compat import TYPE_CHECKING
from ..core.grid import Grid
from . import exact
from .board import Board, start_candidates, tables
from .candidates import to_masks
from .path import TECHNIQUES, for_rules, removed_by_mistake, solution_count, wrong_entry
from .phrases import cell_name, sym
from .step import Step, focus_placed, takes_focus
from .techniques import nested

if TYPE_CHECKING:
    from ..variants.rules import Rules


def _removes(step: Step, peer_masks, cell: int, digit: int) -> bool:
    return (cell, digit) in step.eliminations or any(
        focus_placed(peer_masks, c, d, ((cell, digit),)) for c, d in step.placements)


def why_not(grid: Grid, cell: int, digit: int, candidates=None, *, puzzle: "Grid | None" = None,
            rules: "Rules | None" = None, effort: int = nested.HINT_EFFORT) -> Step:
    """The easiest step that rules `digit` out of `cell` (index from 0, row-major) in `grid`, with the
    given pencil marks (the digit is put back among them if they lack it) or the plain ones.

    Besides a technique's step, the answer may be a "Peer Digit" step (a digit the cell sees rules it
    out), "Solution Digit" (the one solution has the digit there: nothing rules it out), "Needs Guessing"
    (no technique here removes it within `effort`), and, as `next_step` gives them, "Wrong Entry" (with
    `puzzle`, the givens alone: an entry the solution contradicts) or "Candidate Error" (the marks lack a
    solution digit). Raises ValueError, with a sentence saying why, for a cell or digit out of range, a
    filled cell, a grid that breaks the rules, or one without exactly one solution."""
    n = grid.shape.side
    if not 0 <= cell < n * n:
        raise ValueError(f"Cell {cell} is outside the {n}x{n} grid (cells 0 to {n * n - 1})")
    if not 1 <= digit <= n:
        raise ValueError(f"Digit {digit} is not one of 1 to {n}")
    name = cell_name(cell, n)
    if grid.values[cell]:
        raise ValueError(f"Cell {name} already holds {sym(grid.values[cell], n)}: clear it to ask about its digits")
    if puzzle is not None:
        mistake, _ = wrong_entry(grid, puzzle, rules)
        if mistake is not None:
            return mistake
    clashes = exact.conflicts(grid, rules)
    if clashes:
        raise ValueError(f"The grid breaks the rules ({clashes[0].message}): fix that first")
    t = tables(grid.shape, rules)
    peer = _peer_holding(grid, t, cell, digit)
    if peer is not None:
        return peer
    count = solution_count(grid, rules)
    if count != 1:
        raise ValueError({0: "The grid has no solution, so every digit is ruled out somewhere",
                          2: "The grid has several solutions: a digit one of them takes cannot be ruled out",
                          None: "The grid is too open to tell whether it has one solution"}[count])
    solution = exact.solve(grid, rules)
    if solution.values[cell] == digit:
        return Step("Solution Digit", f"Solution Digit: nothing rules out {sym(digit, n)} in {name}: it is the "
                    f"digit the solution has there", n, cells=(cell,), candidates=((cell, digit),))
    plain = start_candidates(t, list(grid.values))
    masks = plain if candidates is None else [m & p for m, p in zip(to_masks(candidates, n), plain)]
    masks[cell] |= 1 << (digit - 1)
    b = Board.from_grid(grid, masks, True, rules, None)
    wrong = removed_by_mistake(grid, b, rules)
    if wrong is not None:
        return wrong
    focus = ((cell, digit),)
    with nested.effort_limit(effort):
        for _, finder in for_rules(TECHNIQUES, t):
            step = finder(b, focus=focus) if takes_focus(finder) else finder(b)
            if step is not None and _removes(step, t.peer_masks, cell, digit):
                return step
    return Step("Needs Guessing", f"Needs Guessing: no technique here rules out {sym(digit, n)} in {name}, "
                f"though the solution has another digit there", n, cells=(cell,), candidates=((cell, digit),))


def _peer_holding(grid: Grid, t, cell: int, digit: int) -> "Step | None":
    """A "Peer Digit" step when a cell the cell sees already holds the digit."""
    n = t.n
    for p in range(len(grid.values)):
        if grid.values[p] == digit and t.peer_masks[cell] >> p & 1:
            shared = [t.unit_names[u] for u in t.cell_units[cell] if u in t.cell_units[p]]
            where = f" in {shared[0]}" if shared else " under the puzzle's rules"
            return Step("Peer Digit", f"Peer Digit: {cell_name(p, n)} already holds {sym(digit, n)}{where}, so "
                        f"{cell_name(cell, n)} cannot", n, cells=(p, cell), units=tuple(shared[:1]))
    return None
