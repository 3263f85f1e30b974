"""An open solver beside ours on variant puzzles: Google OR-Tools' CP-SAT (Apache-2.0), given each puzzle as
constraints written here from its rules, and asked what the page asks of our engine: a solution, and proof
that there is no second one (solve, forbid that solution, solve again).

The model, one integer variable 1..n a cell, written from what each rule says (the sentences of
`sudoku_core.variants.constraints`), not from our solver's deductions: AllDifferent over every house the
rules make (rows, columns, boxes or Jigsaw regions, diagonals, windows, extra regions), every Killer cage
(and its total as a linear sum), anti-knight/anti-king pairs as inequalities; the setters' palette:
thermometers (strictly increasing; slow: never decreasing), arrows (the shaft's sum equals the circle, or
the pill read as a number), little killers (the diagonal's sum), sandwiches (the 1's and the n's places as
variables; each cell counts in the sum when it lies strictly between them), whispers (neighbours differ by
the gap or more), renban (distinct, largest less smallest is the length less one), palindromes and clones
(equal cells), between lines (inner cells strictly between the ends' digits), odd and even (allowed values),
quadruples (that many cells equal each listed digit), minimum and maximum (less / greater than each
neighbour outside the group), and every orthogonal pair as the table of the digit pairs it allows: its
dots and XV when marked, else the negative constraint's kinds, and nonconsecutive throughout. Givens
fixed. One worker thread (this machine has 2 cores and our engine uses one). Optional:
`pip install -e '.[bench]'` (pinned in pyproject.toml).
"""
from __future__ import annotations

import time

from sudoku_core import Grid
from sudoku_core.variants.constraints import whisper_gap
from sudoku_core.variants.rules import Rules


def available() -> bool:
    from importlib.util import find_spec

    return find_spec("ortools") is not None


def solve_twice(grid: Grid, rules: "Rules | None") -> "tuple[float, int, str | None]":
    """(seconds, solutions found up to 2, the first as a line or None) for `grid` under `rules` (None:
    classic), model building included."""
    from ortools.sat.python import cp_model

    start = time.perf_counter()
    shape = grid.shape
    n = shape.side
    model = cp_model.CpModel()
    cells = [model.new_int_var(1, n, f"c{i}") for i in range(shape.cell_count)]
    for i, v in enumerate(grid.values):
        if v:
            model.add(cells[i] == v)
    houses = [u.cells for u in (rules.houses if rules is not None else shape.units)]
    for house in houses:
        model.add_all_different(cells[c] for c in house)
    if rules is not None:
        for cage in rules.cages:
            model.add_all_different(cells[c] for c in cage.cells)
            if cage.total is not None:
                model.add(sum(cells[c] for c in cage.cells) == cage.total)
        if rules.anti_knight or rules.anti_king:
            for i, far in enumerate(rules.moves):
                for j in far:
                    if i < j:
                        model.add(cells[i] != cells[j])
        _palette(model, cells, rules)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    found, first = 0, None
    for _ in range(2):
        status = solver.solve(model)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break
        values = [solver.value(c) for c in cells]
        found += 1
        if first is None:
            first = Grid(values, shape).to_line()
        # forbid this solution: some cell differs
        differs = [model.new_bool_var(f"d{found}_{i}") for i in range(len(cells))]
        for var, cell, value in zip(differs, cells, values):
            model.add(cell != value).only_enforce_if(var)
        model.add_bool_or(differs)
    return time.perf_counter() - start, found, first


def _palette(model, x: list, rules: Rules) -> None:
    """The setters' palette, nonconsecutive and the negative constraint, as CP-SAT constraints."""
    n = rules.shape.side
    digits = range(1, n + 1)
    marks: "dict[frozenset[int], list]" = {}
    for c in rules.constraints:
        kind, v = c.kind, [x[i] for i in c.cells]
        if kind == "thermometer":
            for a, b in zip(v, v[1:]):
                model.add(a < b)
        elif kind == "slow_thermometer":
            for a, b in zip(v, v[1:]):
                model.add(a <= b)
        elif kind == "arrow":
            model.add(sum(v) == sum(x[h] * 10 ** (len(c.head) - 1 - k) for k, h in enumerate(c.head)))
        elif kind == "little_killer":
            model.add(sum(v) == c.value)
        elif kind == "sandwich":
            _sandwich(model, v, c.value, n)
        elif kind == "whispers":
            gap = c.value or whisper_gap(n)
            pairs = [(a, b) for a in digits for b in digits if abs(a - b) >= gap]
            for a, b in zip(v, v[1:]):
                model.add_allowed_assignments([a, b], pairs)
        elif kind == "renban":
            model.add_all_different(v)
            low, high = model.new_int_var(1, n, ""), model.new_int_var(1, n, "")
            model.add_min_equality(low, v)
            model.add_max_equality(high, v)
            model.add(high - low == len(v) - 1)
        elif kind == "palindrome":
            for a, b in zip(v, reversed(v)):
                model.add(a == b)
        elif kind == "clone":
            for i, h in zip(c.cells, c.head):
                model.add(x[i] == x[h])
        elif kind == "between":
            low, high = model.new_int_var(1, n, ""), model.new_int_var(1, n, "")
            model.add_min_equality(low, [v[0], v[-1]])
            model.add_max_equality(high, [v[0], v[-1]])
            for inner in v[1:-1]:
                model.add(low < inner)
                model.add(inner < high)
        elif kind in ("odd", "even"):
            model.add_allowed_assignments(v, [(d,) for d in digits if (d % 2 == 1) == (kind == "odd")])
        elif kind == "quadruple":
            for d in set(c.digits):
                holds = []
                for cell in v:
                    b = model.new_bool_var("")
                    model.add(cell == d).only_enforce_if(b)
                    holds.append(b)
                model.add(sum(holds) >= c.digits.count(d))
        elif kind in ("minimum", "maximum"):
            group = set(c.cells)
            for i in c.cells:
                r, col = divmod(i, n)
                for j in (i - n if r else -1, i + n if r < n - 1 else -1, i - 1 if col else -1,
                          i + 1 if col < n - 1 else -1):
                    if j >= 0 and j not in group:
                        if kind == "minimum":
                            model.add(x[i] < x[j])
                        else:
                            model.add(x[i] > x[j])
        elif kind in ("white_dot", "black_dot", "xv"):
            marks.setdefault(frozenset(c.cells), []).append(c)
        else:
            raise ValueError(f"the CP-SAT model does not know the {c.name(n)}")
    if not (marks or rules.nonconsecutive or rules.negative):
        return
    for i in range(n * n):
        for j in (i + 1 if (i + 1) % n else -1, i + n if i + n < n * n else -1):
            if j < 0:
                continue
            marked = marks.get(frozenset((i, j)), [])
            if not (marked or rules.nonconsecutive or rules.negative):
                continue
            pairs = [(a, b) for a in digits for b in digits
                     if a != b and not (rules.nonconsecutive and abs(a - b) == 1) and _pair_ok(marked, rules, a, b)]
            model.add_allowed_assignments([x[i], x[j]], pairs)


def _pair_ok(marked: list, rules: Rules, a: int, b: int) -> bool:
    """Neighbours holding a and b: every mark between them holds; with none, no negative kind's relation does."""
    def relation(kind: str, value: "int | None") -> bool:
        if kind == "white_dot":
            return abs(a - b) == (value or 1)
        if kind == "black_dot":
            return max(a, b) == min(a, b) * (value or 2)
        return a + b == value
    if marked:
        return all(relation(c.kind, c.value) for c in marked)
    return not (("white" in rules.negative and relation("white_dot", 1))
                or ("black" in rules.negative and relation("black_dot", 2))
                or ("xv" in rules.negative and a + b in (5, 10)))


def _sandwich(model, v: list, total: int, n: int) -> None:
    """The digits strictly between the 1 and the n of the line `v` add up to `total`."""
    where_one, where_top = model.new_int_var(0, n - 1, ""), model.new_int_var(0, n - 1, "")
    for k, cell in enumerate(v):
        for digit, where in ((1, where_one), (n, where_top)):
            b = model.new_bool_var("")
            model.add(cell == digit).only_enforce_if(b)
            model.add(cell != digit).only_enforce_if(~b)
            model.add(where == k).only_enforce_if(b)
    low, high = model.new_int_var(0, n - 1, ""), model.new_int_var(0, n - 1, "")
    model.add_min_equality(low, [where_one, where_top])
    model.add_max_equality(high, [where_one, where_top])
    counted = []
    for k, cell in enumerate(v):
        after, before, inside = model.new_bool_var(""), model.new_bool_var(""), model.new_bool_var("")
        model.add(low < k).only_enforce_if(after)
        model.add(low >= k).only_enforce_if(~after)
        model.add(k < high).only_enforce_if(before)
        model.add(k >= high).only_enforce_if(~before)
        model.add_bool_and([after, before]).only_enforce_if(inside)
        model.add_bool_or([~after, ~before]).only_enforce_if(~inside)
        part = model.new_int_var(0, n, "")
        model.add(part == cell).only_enforce_if(inside)
        model.add(part == 0).only_enforce_if(~inside)
        counted.append(part)
    model.add(sum(counted) == total)
