"""The technique library: positions, each with the eliminations (and placements) a named technique must
make there, in the spirit of HoDoKu's reglib. Shared by tests/test_technique_library.py and
bench/technique_bench.py.

One case per line of tests/data/techniques/*.txt, fields separated by `|`:

    technique | grid | removed candidates | expected eliminations | expected placements   # comment

`technique` names an entry of `sudoku_core.logic.path.TECHNIQUES` (the finder that is run); `grid` is any
one-line form `Grid.parse` reads (givens and placed digits alike); a `+` before a digit marks it as placed
by the solver, not given (HoDoKu's way): with any `+` in the grid, the other digits are the givens and the
board knows them (Avoidable Rectangles need it), without one the givens are unknown. The three candidate
fields are in `sudoku_core.logic.position.parse_marks` form (`r1c2:57 r4c9:1`, placements `r3c3:4`), empty
when none.
Lines starting with `#` and blank lines are skipped.

A case is *found* when running that finder again and again on the position (each step applied, at most
`MAX_APPLICATIONS` times) makes every expected elimination and placement (a placement makes the
eliminations of its cell's other digits, as in HoDoKu's reglib); a step is *wrong* when it
removes the solution's digit or places another one. The grid must have exactly one solution, and the
removed candidates must not include the solution's digit (a case that breaks either is a bad case).
"""
from __future__ import annotations

from pathlib import Path

from sudoku_core import Grid
from sudoku_core.core.compat import record
from sudoku_core.logic.board import bits
from sudoku_core.logic.path import TECHNIQUES
from sudoku_core.logic.position import Position, parse_marks
from sudoku_core.logic.step import takes_focus as finder_takes_focus
from sudoku_core.core.solver import solve_and_count

LIBRARY = Path(__file__).parent / "data" / "techniques"
FINDERS = dict(TECHNIQUES)
MAX_APPLICATIONS = 30


@record("technique position eliminations placements where comment", frozen=True)
class Case:
    technique: str
    position: Position
    eliminations: tuple
    placements: tuple
    where: str  # file:line
    comment: str = ""


@record("found wrong steps missing")
class Outcome:
    found: bool
    wrong: list  # the wrong (cell, digit, kind) of any step made
    steps: int
    missing: tuple  # expected results not made


def load(folder: Path = LIBRARY) -> "list[Case]":
    cases = []
    for path in sorted(folder.glob("*.txt")):
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            line, _, comment = raw.partition("#")
            if not line.strip():
                continue
            where = f"{path.name}:{number}"
            fields = [f.strip() for f in line.split("|")]
            if len(fields) != 5:
                raise ValueError(f"{where}: {len(fields)} fields, expected 5 separated by |")
            technique, grid_text, removed, elims, places = fields
            if technique not in FINDERS:
                raise ValueError(f"{where}: no technique called {technique!r}")
            grid, givens = parse_grid(grid_text, where)
            side = grid.shape.side
            cases.append(Case(technique, Position(grid, parse_marks(removed, side), givens), parse_marks(elims, side),
                              parse_marks(places, side), where, comment.strip()))
    return cases


def parse_grid(text: str, where: str = "") -> "tuple[Grid, Grid | None]":
    """The grid of a library line and, when some digits are marked placed (`+5`), the givens alone."""
    grid = Grid.parse(text.replace("+", ""))
    if "+" not in text:
        return grid, None
    line = "".join(text.split())
    placed, cell = set(), 0
    for ch in line:
        if ch == "+":
            placed.add(cell)
        else:
            cell += 1
    if cell != grid.shape.cell_count or any(not grid.values[i] for i in placed):
        raise ValueError(f"{where}: a '+' must stand before a digit of a one-character-per-cell grid")
    return grid, Grid([0 if i in placed else v for i, v in enumerate(grid.values)], grid.shape)


def solution_of(grid: Grid) -> "Grid | None":
    tally = solve_and_count(grid, 2)
    return tally.first if tally.count == 1 and tally.gave_up is None else None


def takes_focus(technique: str) -> bool:
    """Whether the technique's finder can be asked for the instance removing given candidates (`focus`)."""
    return finder_takes_focus(FINDERS[technique])


def cleared(board, placements) -> "set[tuple[int, int]]":
    """The candidates placing `placements` removes: each cell's other digits, its digit in its peers."""
    out = set()
    for cell, digit in placements:
        out |= {(cell, d + 1) for d in bits(board.cands[cell]) if d + 1 != digit}
        out |= {(p, digit) for p in bits(board.t.peer_masks[cell]) if board.cands[p] >> (digit - 1) & 1}
    return out


def run(case: Case, solution: Grid, after=None, focus: bool = False) -> Outcome:
    """The case's finder applied until it has made what the case expects, is wrong, or finds nothing more.
    `after(board, solution, want_e, want_p, wrong)`, when given, runs after each step is applied (the reglib
    bench places the singles a step leaves there). With `focus`, a finder that takes one is asked each time
    for the step removing the most of what the case still expects (a placement: its cell's other digits)."""
    finder = FINDERS[case.technique]
    board = case.position.board(unique=True)
    want_e, want_p = set(case.eliminations), set(case.placements)
    wrong, steps = [], 0
    focus = focus and takes_focus(case.technique)
    for steps in range(1, MAX_APPLICATIONS + 1):
        if focus:
            step = finder(board, focus=tuple(sorted(want_e | cleared(board, want_p))))
        else:
            step = finder(board)
        if step is None:
            steps -= 1
            break
        changed = False
        for cell, digit in step.placements:
            if solution.values[cell] != digit:
                wrong.append((cell, digit, "placed"))
            changed |= not board.values[cell]
            want_p.discard((cell, digit))
            want_e -= {(c, d) for c, d in want_e if c == cell and d != digit}  # a placement clears its cell
        for cell, digit in step.eliminations:
            if solution.values[cell] == digit:
                wrong.append((cell, digit, "removed"))
            changed |= bool(board.cands[cell] >> (digit - 1) & 1)
            want_e.discard((cell, digit))
        if wrong or not changed:
            break
        board.apply(step)
        if after is not None:
            after(board, solution, want_e, want_p, wrong)
        if wrong or not want_e and not want_p:
            break
    return Outcome(not want_e and not want_p and not wrong, wrong, steps, tuple(sorted(want_e | want_p)))
