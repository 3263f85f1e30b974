"""Hints, steps and ratings under the setters' palette (`sudoku_core.logic.techniques.palette`): no step ever
contradicts the solution, whatever constraints lie over it (random constraints laid over random solutions on
4x4, 6x6 and 9x9 grids); each technique says what its constraint tells in its terms; built puzzles are finished
by logic alone, which they are not without their constraints; the bridge's logic ops carry the constraints."""
from __future__ import annotations

import json
import random

import pytest

from sudoku_core import Grid, Shape
from sudoku_core.bridge import handle_json
from sudoku_core.core.solver import count_solutions
from sudoku_core.logic import rate, solve_path
from sudoku_core.logic.board import Board
from sudoku_core.logic.path import TECHNIQUES, for_rules
from sudoku_core.logic.rating import LEVEL_OF
from sudoku_core.logic.techniques import palette
from sudoku_core.variants.constraints import KINDS, Constraint, holds, neighbours
from sudoku_core.variants.rules import Rules

SHAPES = {4: Shape.of(2, 2), 6: Shape.of(2, 3), 9: Shape.of(3, 3)}
#: The hint order without the searches that cost most on a grid with many solutions.
QUICK = tuple(e for e in TECHNIQUES if not any(w in e[0] for w in ("Forcing", "Template")))

#: Puzzles built here (`lay` over a seeded solution, then givens taken away while logic still finished them):
#: (side, rules, givens, solution). Without their constraints each has several solutions.
FINISHED = [
    (4, {"constraints":[{"kind":"thermometer","cells":[1,5,4,9]},{"kind":"thermometer","cells":[12,8,4,0]},
     {"kind":"white_dot","cells":[10,11],"value":2},{"kind":"white_dot","cells":[5,9],"value":2},
     {"kind":"odd","cells":[4]},{"kind":"odd","cells":[1]},{"kind":"even","cells":[2]},{"kind":"even","cells":[8]}]},
     '................',
     '4123321424311342'),
    (6, {"constraints":[{"kind":"arrow","cells":[32,27,33],"head":[31]},{"kind":"renban","cells":[5,4,3,2]},
     {"kind":"whispers","cells":[23,28,27],"value":2},{"kind":"black_dot","cells":[17,23]},
     {"kind":"palindrome","cells":[28,33,32,26,20]},{"kind":"clone","cells":[29,28],"head":[31,30]}]},
     '.....4..3....2.6..3.............2...',
     '165324243516524631316452431265652143'),
    (6, {"constraints":[{"kind":"between","cells":[4,10,5,11,16]},
     {"kind":"little_killer","cells":[30,25,20,15,10,5],"value":18,"direction":"UR"},
     {"kind":"sandwich","cells":[12,13,14,15,16,17],"value":6},{"kind":"minimum","cells":[3]},
     {"kind":"maximum","cells":[35]},{"kind":"quadruple","cells":[18,19,24,25],"digits":[1,3,4,6]},
     {"kind":"slow_thermometer","cells":[6,12,7,2]}]},
     '.3...................2....5.........',
     '436152251634562413314265645321123546'),
    (9, {"constraints":[{"kind":"thermometer","cells":[22,14,5,4,12]},
     {"kind":"slow_thermometer","cells":[39,47,46,45,55]},{"kind":"arrow","cells":[33],"head":[41]},
     {"kind":"white_dot","cells":[36,37]},{"kind":"black_dot","cells":[22,23]},
     {"kind":"xv","cells":[63,64],"value":10},{"kind":"sandwich","cells":[0,1,2,3,4,5,6,7,8],"value":0},
     {"kind":"whispers","cells":[37,47,38,39],"value":3},{"kind":"renban","cells":[52,51,50]},
     {"kind":"palindrome","cells":[29,38,48]},{"kind":"between","cells":[55,54,46,38]},{"kind":"odd","cells":[76]},
     {"kind":"even","cells":[46]},{"kind":"quadruple","cells":[31,32,40,41],"digits":[2,3,8]},
     {"kind":"minimum","cells":[26]},{"kind":"maximum","cells":[63]},
     {"kind":"clone","cells":[17,26],"head":[43,52]}]},
     '..........7.......1......8..........3.......6..7........8................5.2.3...',
     '245387619873916425169524783516432897324798156987651234698145372732869541451273968'),
    (9, {"constraints":[{"kind":"thermometer","cells":[26,25,24]},{"kind":"thermometer","cells":[23,31,30]},
     {"kind":"arrow","cells":[10,20,21],"head":[2]},{"kind":"arrow","cells":[43,33,32],"head":[51]},
     {"kind":"little_killer","cells":[71,79],"value":16,"direction":"DL"},
     {"kind":"little_killer","cells":[2,10,18],"value":15,"direction":"DL"},
     {"kind":"sandwich","cells":[4,13,22,31,40,49,58,67,76],"value":14},
     {"kind":"sandwich","cells":[72,73,74,75,76,77,78,79,80],"value":2}]},
     '.7..6....2............4..........1.8...6.....42.............5.4...3.......51.....',
     '879563421214897653536241987657432198981675342423918765192786534768354219345129876'),
    (9, {"constraints":[{"kind":"whispers","cells":[62,61,71,70,80]},{"kind":"whispers","cells":[38,37,47]},
     {"kind":"renban","cells":[48,57,56]},{"kind":"renban","cells":[52,43,34]},
     {"kind":"between","cells":[24,16,8,7,15]},{"kind":"between","cells":[77,69,60,50,58]},
     {"kind":"palindrome","cells":[26,16,15,5,13]},{"kind":"palindrome","cells":[43,33,23,22]},
     {"kind":"clone","cells":[25,16],"head":[14,5]},{"kind":"clone","cells":[11,20],"head":[6,15]},
     {"kind":"quadruple","cells":[66,67,75,76],"digits":[2,3,6,7]},
     {"kind":"quadruple","cells":[49,50,58,59],"digits":[1,4,5,9]}]},
     '...8....64....3..7.....................3.............1............7.8.......2....',
     '351872946469153827278964135713286459594317268682495371926541783145738692837629514'),
    (9, {"nonconsecutive": True},
     '....6.3719.47..............7..8...............5......3.7............3.....1......',
     '528469371964731528137285964713852649496317285852694713275948136649173852381526497'),
]


# -- solutions and constraints laid over them ---------------------------------------------------------------
def random_solution(n: int, rng: random.Random) -> "list[int]":
    """A solution on the box shape of side n: the usual pattern, digits, rows in bands, bands shuffled."""
    shape = SHAPES[n]
    br, bc = shape.box_rows, shape.box_cols
    base = [[(bc * (r % br) + r // br + c) % n + 1 for c in range(n)] for r in range(n)]
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    bands = list(range(n // br))
    rng.shuffle(bands)
    rows = [b * br + r for b in bands for r in rng.sample(range(br), br)]
    stacks = list(range(n // bc))
    rng.shuffle(stacks)
    cols = [s * bc + c for s in stacks for c in rng.sample(range(bc), bc)]
    return [digits[base[r][c] - 1] for r in rows for c in cols]


def _steps(i: int, n: int, diagonal: bool = True) -> "list[int]":
    return [j for j in range(n * n) if neighbours(i, j, n, diagonal)]


def _walk(rng, sol, n, length, step_ok, whole_ok=lambda cells: True, tries=400) -> "tuple[int, ...] | None":
    """A line of `length` neighbouring cells whose digits pass `step_ok` at each step and `whole_ok` at the end."""
    for _ in range(tries):
        path = [rng.randrange(n * n)]
        while len(path) < length:
            options = [j for j in _steps(path[-1], n) if j not in path and step_ok(sol[path[-1]], sol[j])]
            if not options:
                break
            path.append(rng.choice(options))
        if len(path) == length and whole_ok(path):
            return tuple(path)
    return None


def lay(kind: str, sol: "list[int]", n: int, rng: random.Random) -> "Constraint | None":
    """A random constraint of `kind` that the solution `sol` keeps, or None when none was found."""
    digits = lambda cells: [sol[i] for i in cells]  # noqa: E731
    size = rng.randint(3, min(5, n))
    c = None
    if kind == "thermometer":
        cells = _walk(rng, sol, n, size, lambda a, b: a < b)
        c = cells and Constraint(kind, cells)
    elif kind == "slow_thermometer":
        cells = _walk(rng, sol, n, size, lambda a, b: a <= b)
        c = cells and Constraint(kind, cells)
    elif kind == "whispers":
        gap = (n + 1) // 2 if rng.random() < 0.7 else rng.randint(2, 3)
        cells = _walk(rng, sol, n, size, lambda a, b: abs(a - b) >= gap)
        c = cells and Constraint(kind, cells, None if gap == (n + 1) // 2 else gap)
    elif kind == "renban":
        cells = _walk(rng, sol, n, size, lambda a, b: True,
                      lambda p: len(set(digits(p))) == len(p) and max(digits(p)) - min(digits(p)) == len(p) - 1, 3000)
        c = cells and Constraint(kind, cells)
    elif kind == "palindrome":
        cells = _walk(rng, sol, n, size, lambda a, b: True, lambda p: digits(p) == digits(p)[::-1], 5000)
        c = cells and Constraint(kind, cells)
    elif kind == "between":
        cells = _walk(rng, sol, n, size, lambda a, b: True,
                      lambda p: all(min(sol[p[0]], sol[p[-1]]) < d < max(sol[p[0]], sol[p[-1]])
                                    for d in digits(p[1:-1])), 3000)
        c = cells and Constraint(kind, cells)
    elif kind == "arrow":
        for _ in range(3000):
            pill = rng.random() < 0.25 and n == 9
            head = _walk(rng, sol, n, 2 if pill else 1, lambda a, b: True)
            number = int("".join(str(d) for d in digits(head)))
            shaft = [head[-1]]
            while sum(digits(shaft[1:])) < number:
                options = [j for j in _steps(shaft[-1], n) if j not in shaft and j not in head]
                if not options:
                    break
                shaft.append(rng.choice(options))
            if sum(digits(shaft[1:])) == number and len(shaft) > 1:
                c = Constraint(kind, tuple(shaft[1:]), head=head)
                break
    elif kind in ("white_dot", "black_dot", "xv"):
        pairs = [(i, j) for i in range(n * n) for j in (i + 1, i + n) if j < n * n and (j == i + n or j % n)]
        value = {"white_dot": rng.choice([None, None, 2]), "black_dot": None, "xv": rng.choice([5, 10])}[kind]
        ok = {"white_dot": lambda a, b: abs(a - b) == (value or 1),
              "black_dot": lambda a, b: max(a, b) == 2 * min(a, b), "xv": lambda a, b: a + b == value}[kind]
        found = [p for p in pairs if ok(sol[p[0]], sol[p[1]])]
        c = found and Constraint(kind, rng.choice(found), value)
    elif kind == "little_killer":
        direction = rng.choice(["DR", "DL", "UR", "UL"])
        dr, dc = {"DR": (1, 1), "DL": (1, -1), "UR": (-1, 1), "UL": (-1, -1)}[direction]
        starts = [(r, col) for r in range(n) for col in range(n)
                  if not (0 <= r - dr < n and 0 <= col - dc < n)]
        r, col = rng.choice(starts)
        cells = []
        while 0 <= r < n and 0 <= col < n:
            cells.append(r * n + col)
            r, col = r + dr, col + dc
        if len(cells) >= 2:
            c = Constraint(kind, tuple(cells), sum(digits(cells)), direction=direction)
    elif kind == "sandwich":
        k = rng.randrange(n)
        cells = [k * n + j for j in range(n)] if rng.random() < 0.5 else [j * n + k for j in range(n)]
        line = digits(cells)
        lo, hi = sorted((line.index(1), line.index(n)))
        c = Constraint(kind, tuple(cells), sum(line[lo + 1:hi]))
    elif kind in ("odd", "even"):
        found = [i for i in range(n * n) if sol[i] % 2 == (kind == "odd")]
        c = Constraint(kind, (rng.choice(found),))
    elif kind == "quadruple":
        r, col = rng.randrange(n - 1), rng.randrange(n - 1)
        cells = (r * n + col, r * n + col + 1, (r + 1) * n + col, (r + 1) * n + col + 1)
        c = Constraint(kind, cells, digits=tuple(sorted(rng.sample(digits(cells), rng.randint(2, 4)))))
    elif kind in ("minimum", "maximum"):
        around = lambda i: [j for j in _steps(i, n, False)]  # noqa: E731
        found = [i for i in range(n * n) if all((sol[i] < sol[j]) == (kind == "minimum") for j in around(i))]
        c = found and Constraint(kind, (rng.choice(found),))
    elif kind == "clone":
        for _ in range(3000):
            a, b = rng.sample(range(n * n), 2)
            da = rng.choice([j for j in _steps(a, n, False)])
            if 0 <= b + (da - a) < n * n and neighbours(b, b + da - a, n) and {a, da}.isdisjoint({b, b + da - a}) \
                    and digits((a, da)) == digits((b, b + da - a)):
                c = Constraint(kind, (b, b + da - a), head=(a, da))
                break
    return c or None


def rules_over(sol, n, kinds, rng, count=4, **flags) -> Rules:
    made = []
    for kind in kinds:
        for _ in range(count):
            c = lay(kind, sol, n, rng)
            if c is not None and c.cells not in [m.cells for m in made]:
                made.append(c)
    rules = Rules(SHAPES[n], constraints=tuple(made), **flags)
    assert not rules.conflicts(Grid(sol, SHAPES[n])), "the laid constraints break the solution"
    return rules


def assert_right(step, sol) -> None:
    assert step.placements or step.eliminations, step.text
    for cell, digit in step.placements:
        assert sol[cell] == digit, step.text
    for cell, digit in step.eliminations:
        assert sol[cell] != digit, step.text


def walk(grid: Grid, rules: Rules, sol) -> "list":
    """Every step of the path from `grid` (no uniqueness assumed), each checked against `sol`."""
    path = solve_path(grid, rules=rules, unique=False, order=QUICK)
    for step in path.steps:
        assert_right(step, sol)
    assert all(not v or v == sol[i] for i, v in enumerate(path.grid.values))
    return path


def thinned(sol, n, keep: float, rng) -> Grid:
    return Grid([v if rng.random() < keep else 0 for v in sol], SHAPES[n])


# -- no step is ever wrong -------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [4, 6, 9])
@pytest.mark.parametrize("kind", [k for k in KINDS])
def test_no_palette_step_contradicts_the_solution(kind, n):
    rng = random.Random(f"{kind}-{n}")
    used = set()
    for _ in range(6):
        sol = random_solution(n, rng)
        rules = rules_over(sol, n, [kind], rng, count=3 if n == 9 else 2)
        if not rules.constraints:
            continue
        path = walk(thinned(sol, n, 0.35 if n == 9 else 0.2, rng), rules, sol)
        used |= {s.technique for s in path.steps}
    assert palette.TECHNIQUE_OF[kind] in used, f"no {kind} step in six tries"


@pytest.mark.parametrize("n", [6, 9])
def test_no_step_of_mixed_constraints_contradicts_the_solution(n):
    rng = random.Random(n)
    for _ in range(4):
        sol = random_solution(n, rng)
        rules = rules_over(sol, n, KINDS, rng, count=1)
        walk(thinned(sol, n, 0.25, rng), rules, sol)


#: A 9x9 solution where no two orthogonal neighbours are consecutive (found once by a search that takes seconds
#: to minutes; the test checks it), turned and mirrored for more.
NONCONSECUTIVE_9 = "316485927852739164479261538793614852528397416164852793641528379285973641937146285"


def nonconsecutive_solution(n: int, rng: random.Random) -> "list[int]":
    """A solution where no two orthogonal neighbours are consecutive: on 9x9 `NONCONSECUTIVE_9` under one of
    the grid's 8 symmetries and maybe d -> 10 - d (which keep both rules); on smaller grids a search."""
    if n == 9:
        rows = [[int(ch) for ch in NONCONSECUTIVE_9[r * 9:r * 9 + 9]] for r in range(9)]
        for _ in range(rng.randrange(4)):
            rows = [list(r) for r in zip(*rows[::-1])]  # a quarter turn
        if rng.random() < 0.5:
            rows = [r[::-1] for r in rows]
        flip = rng.random() < 0.5
        return [10 - d if flip else d for r in rows for d in r]
    peers = SHAPES[n].peers
    around = [_steps(i, n, False) for i in range(n * n)]
    values = [0] * (n * n)

    def options(i: int) -> "list[int]":
        return [d for d in range(1, n + 1) if all(values[p] != d for p in peers[i])
                and all(abs(values[j] - d) != 1 for j in around[i] if values[j])]

    def fill() -> bool:
        empty = [i for i in range(n * n) if not values[i]]
        if not empty:
            return True
        cell = min(empty, key=lambda i: len(options(i)))
        for d in rng.sample(options(cell), len(options(cell))):
            values[cell] = d
            if fill():
                return True
        values[cell] = 0
        return False

    assert fill()
    return values


def mark(kind: str, pair, sol, n: int) -> "Constraint | None":
    """The dot (X or V) of `kind` the solution's digits make on `pair`, if any."""
    total = sol[pair[0]] + sol[pair[1]]
    if kind == "xv":
        return Constraint(kind, pair, total) if total in (5, 10) else None
    c = Constraint(kind, pair)
    return c if holds(c, sol, n) else None


@pytest.mark.parametrize("n", [6, 9])
def test_nonconsecutive_and_negative_steps_are_right(n):
    rng = random.Random(n)
    techniques = set()
    for k in range(4):
        sol = nonconsecutive_solution(n, rng)
        rules = Rules(SHAPES[n], nonconsecutive=True)
        assert not rules.conflicts(Grid(sol, SHAPES[n]))
        techniques |= {s.technique for s in walk(thinned(sol, n, 0.3, rng), rules, sol).steps}
        sol = random_solution(n, rng)
        pairs = [(i, j) for i in range(n * n) for j in (i + 1, i + n) if j < n * n and (j == i + n or j % n)]
        # every white dot (black, X and V) the solution has is given: the negative constraint holds
        kind, negative = [("white_dot", "white"), ("black_dot", "black"), ("xv", "xv")][k % 3]
        marks = tuple(m for m in (mark(kind, p, sol, n) for p in pairs) if m)
        rules = Rules(SHAPES[n], constraints=marks, negative=(negative,))
        assert not rules.conflicts(Grid(sol, SHAPES[n]))
        techniques |= {s.technique for s in walk(thinned(sol, n, 0.3, rng), rules, sol).steps}
    assert {"Nonconsecutive", "Kropki Dot", "XV"} <= techniques



def finished_ids():
    return [f"{n}x{n}-{'+'.join(sorted({c['kind'] for c in rules.get('constraints', [])}) or rules)}"[:60]
            for n, rules, _, _ in FINISHED]


@pytest.mark.parametrize("n, rules, givens, solution", FINISHED, ids=finished_ids())
def test_built_puzzles_are_finished_by_logic_and_need_their_constraints(n, rules, givens, solution):
    shape = SHAPES[n]
    grid, sol = Grid.parse(givens, shape), [int(ch) for ch in solution]
    rules = Rules.from_dict(shape, rules)
    assert not rules.conflicts(Grid(sol, shape)), "the solution keeps every constraint"
    assert count_solutions(grid, 2) == 2, "without the constraints the givens leave several solutions"
    path = solve_path(grid, rules=rules)
    for step in path.steps:
        assert_right(step, sol)
    assert path.solved and list(path.grid.values) == sol
    used = {s.technique for s in path.steps}
    assert used & set(palette.NAMES), used
    rating = rate(grid, rules)
    assert rating.score is not None and rating.score >= max(s.difficulty for s in path.steps if s.technique in used
                                                            and s.technique in palette.NAMES)


def test_palette_techniques_join_the_order_only_for_their_constraints():
    shape = SHAPES[6]
    plain = Board.from_grid(Grid.parse("." * 36, shape), rules=Rules(shape, diagonal_down=True))
    assert for_rules(TECHNIQUES, plain.t) == TECHNIQUES
    rules = Rules(shape, constraints=(Constraint("thermometer", (0, 1, 2)), Constraint("odd", (7,))),
                  negative=("xv",))
    names = [name for name, _ in for_rules(TECHNIQUES, Board.from_grid(Grid.parse("." * 36, shape), rules=rules).t)]
    assert [x for x in names if x in palette.NAMES] == ["Parity", "XV", "Thermometer"]  # cheapest first
    assert names.index("Hidden Single") < names.index("Parity") < names.index("Thermometer") \
        < names.index("Locked Candidates (Pointing)")
    assert set(palette.NAMES) <= set(LEVEL_OF)


def first_step(shape, rules, givens, technique):
    b = Board.from_grid(Grid.parse(givens, shape), rules=rules)
    return dict(palette.TECHNIQUES)[technique](b)


def test_a_thermometer_step_names_the_line_and_the_bounds():
    step = first_step(SHAPES[9], Rules(SHAPES[9], constraints=(Constraint("thermometer", (0, 1, 2, 3)),)), "." * 81,
                      "Thermometer")
    assert step.text.startswith("Thermometer r1c1-r1c4: each digit is greater than the one before, so ")
    assert "r1c2 is at least 2 and at most 7" in step.text
    assert (1, 1) in step.eliminations and (1, 8) in step.eliminations and (1, 2) not in step.eliminations
    data = step.to_dict(SHAPES[9], Rules(SHAPES[9], constraints=(Constraint("thermometer", (0, 1, 2, 3)),)))
    assert data["constraints"] == [{"kind": "thermometer", "cells": [0, 1, 2, 3]}]
    assert data["units"] == [{"name": "thermometer r1c1-r1c4", "cells": [0, 1, 2, 3]}]


def test_an_x_with_one_digit_placed_places_the_other():
    rules = Rules(SHAPES[9], constraints=(Constraint("xv", (0, 1), 10),))
    step = first_step(SHAPES[9], rules, "3" + "." * 80, "XV")
    assert step.placements == ((1, 7),)
    assert step.text == "X r1c1-r1c2: the two digits add up to 10, and r1c1 is 3, so r1c2 is 7"


def test_an_arrow_bounds_its_shaft_by_its_circle():
    rules = Rules(SHAPES[9], constraints=(Constraint("arrow", (11, 12, 13), head=(10,)),))
    step = first_step(SHAPES[9], rules, "." * 81, "Arrow")
    # three digits of at least 1 make 3 or more; the circle holds at most 9, so a shaft digit is at most 7
    assert step.text == ("Arrow r2c2 (r2c3-r2c5): the shaft adds up to the number in the circle, which can only be "
                         "3 to 9, so r2c2 is at least 3, r2c3 is at most 7, r2c4 is at most 7 and r2c5 is at most 7")
    assert set(step.eliminations) == {(10, 1), (10, 2)} | {(c, d) for c in (11, 12, 13) for d in (8, 9)}


def test_german_whispers_drop_their_lonely_digit_first():
    rules = Rules(SHAPES[9], constraints=(Constraint("whispers", (36, 37, 38, 39)),))
    step = first_step(SHAPES[9], rules, "." * 81, "Whispers")
    assert step.text.startswith("Whispers r5c1-r5c4: 5 cannot stand on a German whispers line (no digit differs "
                                "from it by 5 or more)")
    assert set(step.eliminations) == {(c, 5) for c in (36, 37, 38, 39)}


def test_a_white_dot_keeps_the_neighbours_of_its_partner_s_digits():
    rules = Rules(SHAPES[9], constraints=(Constraint("white_dot", (30, 31)),))
    b = Board.from_grid(Grid.parse("." * 81), rules=rules)
    b.cands[30] = 0b10100  # 3 or 5
    step = dict(palette.TECHNIQUES)["Kropki Dot"](b)
    assert step.text == ("White dot r4c4-r4c5: the two digits are consecutive, and r4c4 is 3 or 5, "
                         "so r4c5 is 2, 4 or 6")


def test_a_palindrome_makes_its_ends_equal_and_a_sandwich_names_its_row():
    rules = Rules(SHAPES[9], constraints=(Constraint("palindrome", (0, 9, 19, 29, 30)),
                                          Constraint("sandwich", tuple(range(18, 27)), 35)))
    b = Board.from_grid(Grid.parse("." * 81), rules=rules)
    b.cands[0] = 0b10100
    step = dict(palette.TECHNIQUES)["Palindrome"](b)
    assert step.text.startswith("Palindrome r1c1-r4c4: it reads the same from both ends, so r1c1 and r4c4 are equal")
    assert set(step.eliminations) == {(30, d) for d in (1, 2, 4, 6, 7, 8, 9)}
    step = dict(palette.TECHNIQUES)["Sandwich"](b)  # 35 = 2+...+8 less nothing: the 1 and 9 at the ends
    assert step.text.startswith("Sandwich 35 row 3: the digits between the 1 and the 9 add up to 35")
    assert {p for p in step.placements} == set() and all(c in (18, 26) or d in (1, 9) for c, d in step.eliminations)
    assert {(18, d) for d in range(2, 9)} <= set(step.eliminations)


def test_the_bridge_s_logic_ops_carry_the_constraints():
    n, rules, givens, solution = FINISHED[1]
    shape = SHAPES[n]
    request = {"puzzle": givens, "shape": shape.name, "rules": rules}
    hint = json.loads(handle_json(json.dumps(dict({"id": 1, "op": "hint"}, **request))))["result"]
    path = json.loads(handle_json(json.dumps(dict({"id": 2, "op": "path"}, **request))))["result"]
    rated = json.loads(handle_json(json.dumps(dict({"id": 3, "op": "rate"}, **request))))["result"]
    assert path["status"] == "solved" and path["end"] == solution
    marked = [s for s in path["steps"] if s["technique"] in palette.NAMES]
    assert marked and all(s["constraints"] and s["units"][0]["cells"] for s in marked)
    kinds = {c["kind"] for c in rules["constraints"]}
    assert all(s["constraints"][0]["kind"] in kinds for s in marked)
    assert hint["status"] == "step" and "constraints" in hint["step"]
    assert rated["score"] is not None and rated["hardest"]


def test_a_hint_on_an_empty_grid_reads_the_constraints():
    n, rules, givens, solution = FINISHED[0]
    assert set(givens) == {"."}
    request = {"id": 1, "op": "hint", "puzzle": givens, "shape": SHAPES[n].name, "rules": rules}
    hint = json.loads(handle_json(json.dumps(request)))["result"]
    assert hint["status"] == "step" and hint["step"]["technique"] in palette.NAMES
    step = hint["step"]
    for pair in step["placements"]:
        assert int(solution[pair["cell"]]) == pair["digit"]
    for pair in step["eliminations"]:
        assert int(solution[pair["cell"]]) != pair["digit"]
