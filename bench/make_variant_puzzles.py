"""Make the variant puzzle sets of data/variants/ (see data/README.md), deterministically:

    .venv/bin/python bench/make_variant_puzzles.py

Every set starts from solutions made here: Killer cages are laid over the solutions of the first
classic puzzles of data/17_clue.txt.gz; Jigsaw, X and Windoku grids are solved from an empty grid with a
random first row. The palette set (`--palette-only` makes it alone) lays constraints of one theme
(thermometers, arrows, Kropki dots, XV, ...; see `PALETTE_THEMES`) over such a grid with
`sudoku_core.generator.palette.lay_many`, then removes givens while the puzzle stays unique. Each line
of an output file is one JSON object: {"givens": one-line grid, "rules": Rules.to_dict(), "solution":
one-line grid}. Every puzzle has exactly one solution, proved by
`sudoku_core.variants.solver.count_solutions`.
"""
from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_core import Grid, Shape  # noqa: E402
from sudoku_core.core import solver  # noqa: E402
from sudoku_core.generator.palette import lay_many  # noqa: E402
from sudoku_core.variants.constraints import Constraint  # noqa: E402
from sudoku_core.variants.rules import Cage, Rules  # noqa: E402
from sudoku_core.variants.solver import SearchLimitExceeded, count_solutions, solve  # noqa: E402

NINE = Shape.parse("9x9")
OUT = ROOT / "data" / "variants"
# Cage sizes of a typical newspaper Killer: mostly 2 to 4 cells, some fives; single cells only where a
# cage cannot grow (its neighbours taken or holding its digit).
CAGE_SIZES = (2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5)


def neighbours(i: int, n: int = 9) -> "list[int]":
    r, c = divmod(i, n)
    return [(r + dr) * n + c + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)) if 0 <= r + dr < n and 0 <= c + dc < n]


def killer_cages(solution: Grid, rng: random.Random) -> "tuple[Cage, ...]":
    """Cut the grid into connected cages of 2 to 5 cells (a lone cell only where no cage can take it) with
    distinct digits; totals from `solution`."""
    values = solution.values
    owner = [-1] * 81
    cages: "list[list[int]]" = []
    order = list(range(81))
    rng.shuffle(order)
    for start in order:
        if owner[start] >= 0:
            continue
        cage = [start]
        owner[start] = len(cages)
        size = rng.choice(CAGE_SIZES)
        while len(cage) < size:
            digits = {values[c] for c in cage}
            frontier = sorted({j for c in cage for j in neighbours(c) if owner[j] < 0 and values[j] not in digits})
            if not frontier:
                break
            nxt = rng.choice(frontier)
            owner[nxt] = len(cages)
            cage.append(nxt)
        cages.append(cage)
    # A lone cell joins the smallest touching cage that lacks its digit (up to 5 cells), as in print.
    for k, cage in enumerate(cages):
        if len(cage) != 1:
            continue
        i = cage[0]
        options = sorted((len(cages[owner[j]]), owner[j]) for j in neighbours(i)
                         if len(cages[owner[j]]) < 5 and values[i] not in {values[c] for c in cages[owner[j]]})
        if options:
            target = options[0][1]
            cages[target].append(i)
            owner[i] = target
            cage.clear()
    return tuple(Cage(tuple(sorted(c)), sum(values[i] for i in c)) for c in cages if c)


def make_killers(count: int, seed: int) -> "list[dict]":
    puzzles = gzip.open(ROOT / "data" / "17_clue.txt.gz", "rt").read().split()
    rng = random.Random(seed)
    out = []
    empty = Grid([0] * 81, NINE)
    for line in puzzles:
        if len(out) == count:
            break
        sol = solver.solve(Grid.parse(line))
        for _attempt in range(50):
            rules = Rules(NINE, cages=killer_cages(sol, rng))
            try:
                unique = count_solutions(empty, rules, 2, max_nodes=100_000) == 1
            except SearchLimitExceeded:
                continue  # not settled within the budget: another caging (a bias towards easier ones, noted)
            if unique:
                out.append({"givens": empty.to_line(), "rules": rules.to_dict(), "solution": sol.to_line()})
                break
    return out


def random_solution(rules: Rules, rng: random.Random) -> "Grid | None":
    """A full grid under `rules`: a random first row, completed by the solver (None when a few rows fail:
    some Jigsaw layouts have no solution)."""
    for _attempt in range(5):
        row = list(range(1, 10))
        rng.shuffle(row)
        try:
            found = solve(Grid(row + [0] * 72, NINE), rules, max_nodes=20_000)
        except SearchLimitExceeded:
            continue
        if found is not None:
            return found
    return None


def remove_givens(solution: Grid, rules: Rules, rng: random.Random, max_nodes: "int | None" = None) -> Grid:
    """Take givens away in random order while the puzzle stays unique (a check that runs out of
    `max_nodes` keeps the given)."""
    values = list(solution.values)
    order = list(range(81))
    rng.shuffle(order)
    for i in order:
        keep = values[i]
        values[i] = 0
        try:
            unique = count_solutions(Grid(values, NINE), rules, 2, max_nodes=max_nodes) == 1
        except SearchLimitExceeded:
            unique = False
        if not unique:
            values[i] = keep
    return Grid(values, NINE)


def jigsaw_regions(rng: random.Random, swaps: int = 300) -> "tuple[tuple[int, ...], ...]":
    """Irregular regions: start from the boxes and swap cells between touching regions, keeping every
    region connected."""
    owner = [NINE.box_of(i) for i in range(81)]

    def connected(k: int) -> bool:
        cells = [i for i in range(81) if owner[i] == k]
        seen, todo = {cells[0]}, [cells[0]]
        while todo:
            for j in neighbours(todo.pop()):
                if owner[j] == k and j not in seen:
                    seen.add(j)
                    todo.append(j)
        return len(seen) == len(cells)

    done = 0
    while done < swaps:
        a = rng.randrange(81)
        others = [j for j in neighbours(a) if owner[j] != owner[a]]
        if not others:
            continue
        b = rng.choice(others)
        ra, rb = owner[a], owner[b]
        # a goes to rb, and some cell of rb touching ra goes to ra, so both keep 9 cells
        backs = [c for c in range(81) if owner[c] == rb and c != b and any(owner[j] == ra for j in neighbours(c))]
        if not backs:
            continue
        c = rng.choice(backs)
        owner[a], owner[c] = rb, ra
        if connected(ra) and connected(rb):
            done += 1
        else:
            owner[a], owner[c] = ra, rb
    return tuple(tuple(i for i in range(81) if owner[i] == k) for k in range(9))


#: The palette set's themes: (kinds drawn, how many clues, rules-wide flags). A theme with the negative
#: constraint gets every dot of its kinds the grid has.
PALETTE_THEMES = (
    (("thermometer",), 10, {}),
    (("thermometer", "slow_thermometer"), 10, {}),
    (("arrow",), 10, {}),
    (("white_dot", "black_dot"), 16, {}),
    (("white_dot", "black_dot"), 0, {"negative": ("black", "white")}),
    (("xv",), 14, {}),
    (("xv",), 0, {"negative": ("xv",)}),
    (("little_killer", "sandwich"), 10, {}),
    (("whispers", "renban", "palindrome", "between"), 10, {}),
    (("odd", "even", "minimum", "maximum", "quadruple", "clone"), 14, {}),
    (("white_dot",), 6, {"nonconsecutive": True}),
    (("thermometer", "arrow", "white_dot", "black_dot", "xv", "little_killer", "whispers", "renban"), 10, {}),
)
PALETTE_NODES = 3_000  # per uniqueness check while removing givens (a bias to puzzles proved in fewer)


def all_dots(values: "tuple[int, ...]", kinds: "tuple[str, ...]") -> "list[Constraint]":
    """Every Kropki dot (white, black) or XV the grid has between orthogonal neighbours."""
    dots = []
    for i in range(81):
        for j in (i + 1, i + 9):
            if j >= 81 or (j == i + 1 and j % 9 == 0):
                continue
            a, b = values[i], values[j]
            if "white" in kinds and abs(a - b) == 1:
                dots.append(Constraint("white_dot", (i, j)))
            elif "black" in kinds and (a == 2 * b or b == 2 * a):
                dots.append(Constraint("black_dot", (i, j)))
            if "xv" in kinds and a + b in (5, 10):
                dots.append(Constraint("xv", (i, j), a + b))
    return dots


def make_palette(count: int, seed: int) -> "list[dict]":
    """`count` puzzles, the themes of `PALETTE_THEMES` in turn."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        kinds, many, flags = PALETTE_THEMES[len(out) % len(PALETTE_THEMES)]
        sol = random_solution(Rules(NINE, nonconsecutive=flags.get("nonconsecutive", False)), rng)
        if sol is None:
            continue
        laid = lay_many(kinds, many, sol.values, 9, rng)
        if "negative" in flags:
            laid += all_dots(sol.values, flags["negative"])
        rules = Rules(NINE, constraints=tuple(laid), **flags)
        puzzle = remove_givens(sol, rules, rng, PALETTE_NODES)
        out.append({"givens": puzzle.to_line(), "rules": rules.to_dict(), "solution": sol.to_line()})
        print(f"  palette {len(out)}: {'+'.join(kinds)}, {puzzle.givens} givens", flush=True)
    return out


def make_set(count: int, seed: int, make_rules) -> "list[dict]":
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        rules = make_rules(rng)
        sol = random_solution(rules, rng)
        if sol is None:
            continue
        puzzle = remove_givens(sol, rules, rng)
        out.append({"givens": puzzle.to_line(), "rules": rules.to_dict(), "solution": sol.to_line()})
    return out


def write(name: str, puzzles: "list[dict]") -> None:
    path = OUT / name
    path.write_text("".join(json.dumps(p, separators=(",", ":")) + "\n" for p in puzzles))
    print(f"{path.relative_to(ROOT)}: {len(puzzles)} puzzles")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    if "--palette-only" in sys.argv[1:]:
        write("palette_9x9.jsonl", make_palette(36, seed=2301))
        return
    if "--no-killer" not in sys.argv[1:]:  # the Killer set takes a few minutes
        write("killer_9x9.jsonl", make_killers(100, seed=1401))
    write("jigsaw_9x9.jsonl", make_set(30, 1402, lambda rng: Rules(NINE, regions=jigsaw_regions(rng))))
    write("x_9x9.jsonl", make_set(30, 1403, lambda rng: Rules(NINE, diagonal_down=True, diagonal_up=True)))
    write("windoku_9x9.jsonl", make_set(30, 1404, lambda rng: Rules(NINE, windows=True)))
    write("palette_9x9.jsonl", make_palette(36, seed=2301))


if __name__ == "__main__":
    main()
