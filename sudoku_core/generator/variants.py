"""New variant puzzles with exactly one solution: Killer, Jigsaw, X, Windoku, anti-knight, anti-king,
thermometers, arrows, Kropki dots and XV, and combinations of them.

    >>> from sudoku_core.generator.variants import generate_variant
    >>> made = generate_variant("jigsaw,x", "6x6", seed=3)
    >>> made.givens, made.rules, made.solution             # Grid, Rules, Grid

How a puzzle is made:

1. **Rules.** Jigsaw draws random regions (`sudoku_core.variants.jigsaw`); the other variants are fixed rules.
2. **A full grid** under them: a random first row completed by the variant solver under a node budget; a
   try that fails or runs out is drawn again. When every try fails, a Jigsaw draws new regions (many small
   layouts have no grid at all); other rules solve the empty grid alone, to tell rules no grid obeys (a 4x4
   anti-king) from rules that are merely slow, and its solution, digits relabelled at random, is the grid.
3. **Clues.** Thermometers, arrows, Kropki dots (white: 1 apart, black: twice) and XV are laid over the
   grid (`palette.lay_many`: as many clues as the side, not sharing cells); while the puzzle without givens has
   a second solution, a clue of the same kinds that the second solution breaks is added (up to
   `PALETTE_REPAIRS`, each look within `KILLER_NODES`). Givens then go as for the other variants (below),
   so the finished puzzle is unique whatever the clues settled. With Killer, half as many clues are laid
   and the cages settle the rest.
4. **Givens.** Killer: cages are laid over the grid (`sudoku_core.variants.killer_cages`) and there are no givens; while
   a second solution exists, a small cage edit around the cells where it differs rules it out (after
   `CAGE_REPAIRS` edits, a given in one of those cells does). Other variants: givens are removed one symmetry
   orbit at a time in a seeded order, as `sudoku_core.generator.classic` does, kept out while the puzzle stays unique:
   a removed cell its peers or a house still force needs no search, the rest are proved by
   `variants.solver.count_solutions(limit=2)` under a node budget (one that runs out keeps the given).
5. **Proof.** The finished puzzle is counted once more by the variant solver before it is returned.

The same seed gives the same puzzle on every platform: randomness comes only from `random.Random(seed)`
(`compat.Random`: the same draws on MicroPython) and the solver is deterministic.

`generate_variant_in_parts` is the generator as a generator (`generate_variant` drives it: `compat.drive`): it
may pause after each search (a try at a full grid, a look for a second solution, a given's uniqueness check),
and pauses after each puzzle made and each step of its rating, so that the light engine (MicroPython, which
collects garbage only between calls from JavaScript) runs it in parts, each with its own share of search work
(`bridge.protocol.Task`, `variants.LightWork`; where it pauses there: `_Parts`). A pause changes no draw and no
search: the parts make the same puzzle as one run. A search that runs out of its node budget is part of the
method (the given stays, another caging is laid...); one that runs out of the light engine's share pauses at
once, and the bridge, which looks at the share after each part, hands the request on rather than let the
generator make another puzzle of it.

Budgets on every search mean a call always ends (`GenerationTimeout` past `timeout`, `GenerationError` when no
puzzle was found in the tries allowed). A `level` needs a rater that takes `rules` (`variant_rater`, as
`sudoku_core.logic.rate` does); with one that does not, asking for a level raises `RaterUnavailable`.
"""
import sys

from .classic import (
    DEFAULT_LEVEL_TIMEOUT, Clock, GenerationError, GenerationTimeout, Progress, RaterUnavailable, level_target,
    checked_seed, matches_level, not_reached, orbits_of, past_level_in_parts, rater, symmetry_name,
)
from .. import variants as variant_package  # its `light_work`: the light engine's share of the part running
from ..core.compat import Random, drive, record, replace
from ..core.grid import Grid
from ..core.shape import Shape
from ..variants.jigsaw import random_regions
from ..variants.killer_cages import as_cages, killing_edits, lay_cages
from ..variants.rules import Rules
from ..variants.constraints import holds
from ..variants.solver import SearchLimitExceeded, count_solutions, iter_solutions, solve
from .palette import lay, lay_many

if sys.implementation.name == "micropython":  # its `inspect.signature` names the parameters x0, x1, ...
    signature = None  # `_rate_under` finds out at the first rating
else:
    from inspect import signature

__all__ = ["VARIANTS", "VariantPuzzle", "generate_variant", "generate_variant_in_parts", "variant_names",
           "variant_rater", "MIN_SIDE", "MAX_SIDE"]

#: The variants, in the order their names are written back.
VARIANTS = ("killer", "jigsaw", "x", "windoku", "anti-knight", "anti-king", "thermometer", "arrow", "kropki", "xv")
_ALIASES = {"hyper": "windoku", "antiknight": "anti-knight", "antiking": "anti-king", "diagonal": "x",
            "thermo": "thermometer", "thermometers": "thermometer", "arrows": "arrow", "dots": "kropki"}
#: The variants drawn as clues of the palette (`sudoku_core.variants.constraints`), and their kinds.
PALETTE = {"thermometer": ("thermometer",), "arrow": ("arrow",), "kropki": ("white_dot", "black_dot"), "xv": ("xv",)}
#: Clues added, each one breaking the second solution found, before givens settle the rest.
PALETTE_REPAIRS = 30
#: Grid sides the variant generator makes (the variant solver's checks grow too slow past 9x9).
MIN_SIDE, MAX_SIDE = 4, 9

#: Tries at a full grid from a random first row, and the search nodes each may use.
GRID_TRIES, GRID_NODES = 4, 5_000
#: Search nodes for the empty grid alone (when every try failed): fixed rules, a Jigsaw layout.
EMPTY_GRID_NODES, JIGSAW_GRID_NODES = 100_000, 10_000
#: Search nodes per uniqueness check while removing givens (one that runs out keeps the given).
CHECK_NODES = 20_000
#: Killer: search nodes per look for a second solution; cage edits tried before givens are added; cagings
#: tried per grid.
KILLER_NODES, CAGE_REPAIRS, CAGINGS = 30_000, 24, 3
#: Full grids tried before giving up; Jigsaw layouts (many have no grid at all on small sizes) tried.
ATTEMPTS, JIGSAW_ATTEMPTS = 8, 100
#: On the light engine, a part goes on to its next search until it has spent this fraction of its share of work
#: (`variants.LightWork`), so every search begins with nine tenths of a share at least. Each part costs a call from
#: JavaScript that collects garbage first (15 to 80 ms there): pausing after every search, Play's 9x9 X puzzles took
#: 644 ms (median) in 24 parts on MicroPython; after a tenth of a share 300 ms in 5 parts of 50 to 250 ms and 5 to
#: 10 MB of heap each; after a quarter 250 ms, but 10 to 19 MB a part (bench/variant_generate_light_bench.py).
PART_SHARE = 0.1


@record("givens rules solution variants seed symmetry minimal seconds attempts repairs rating")
class VariantPuzzle:
    """A generated variant puzzle and how it was made."""

    givens: Grid
    rules: Rules
    solution: Grid
    variants: "tuple[str, ...]"
    seed: "int | str"
    symmetry: str
    minimal: bool  # every removal was decided by a finished check (Killer: no given can go)
    seconds: float
    attempts: int = 1  # full grids made before this one was kept
    repairs: int = 0  # Killer: cage edits and givens that ruled out second solutions
    rating: "Any" = None

    def to_dict(self) -> dict:
        """JSON-ready: {givens, rules (Rules.to_dict), solution} and how it was made."""
        rating = self.rating.to_dict() if hasattr(self.rating, "to_dict") else self.rating
        return {"givens": self.givens.to_line(), "rules": self.rules.to_dict(), "solution": self.solution.to_line(),
                "variant": ",".join(self.variants), "size": self.givens.shape.spec, "seed": self.seed,
                "symmetry": self.symmetry, "givenCount": self.givens.givens, "minimal": self.minimal,
                "repairs": self.repairs, "rating": rating, "time": round(self.seconds, 4)}


class _Parts:
    """Where the generator pauses: after every search where there is no share to watch (CPython and Pyodide, where
    `compat.drive` runs on at once), and on the light engine once the part has spent `PART_SHARE` of its share or
    all of it (then the bridge hands the request on before anything is made of the search cut short). Where it
    pauses changes no draw and no search."""

    __slots__ = ("start",)

    def __init__(self) -> None:
        self.begin()

    def begin(self) -> None:
        """A part begins (after a pause): note its share."""
        work = variant_package.light_work
        self.start = 0 if work is None else work.left

    def due(self) -> bool:
        """Whether to pause after the search just made."""
        work = variant_package.light_work
        return work is None or work.spent or self.start - work.left >= self.start * PART_SHARE


# -- options ----------------------------------------------------------------------------------------
def variant_names(variant: "str | Iterable[str]") -> "tuple[str, ...]":
    """The variants named by "killer,x" (or a list of names), in `VARIANTS` order; ValueError naming the
    choices for an unknown name or an empty list."""
    words = variant.split(",") if isinstance(variant, str) else list(variant)
    names = set()
    for word in words:
        if not isinstance(word, str):
            raise ValueError(f"a variant is a name, not {word!r}")
        key = word.strip().lower().replace("_", "-").replace(" ", "-")
        key = _ALIASES.get(key, key)
        if key not in VARIANTS:
            raise ValueError(f"unknown variant {word.strip()!r}: choose from {', '.join(VARIANTS)} "
                             "(comma-separated to combine)")
        names.add(key)
    if not names:
        raise ValueError(f"name a variant: {', '.join(VARIANTS)} (comma-separated to combine)")
    return tuple(v for v in VARIANTS if v in names)


def _check_shape(names: "tuple[str, ...]", shape: Shape) -> None:
    if not MIN_SIDE <= shape.side <= MAX_SIDE:
        raise ValueError(f"variant puzzles are made from {MIN_SIDE}x{MIN_SIDE} to {MAX_SIDE}x{MAX_SIDE}, "
                         f"not {shape.name}")
    if "windoku" in names and shape.side != 9:
        raise ValueError(f"Windoku's windows are defined on 9x9 grids, not {shape.name}")


#: What asking a variant puzzle for a level raises when the rater takes no rules.
_NO_RULES = ("levels for variant puzzles need a rater that takes the rules; "
             "sudoku_core.logic.rate rates classic puzzles only")


def variant_rater() -> "Callable[..., Any]":
    """The rater, once it rates a puzzle under its rules (`rate(grid, rules=...)`); RaterUnavailable
    otherwise, which is what asking a variant puzzle for a level raises. (Where its parameters cannot be
    read, on MicroPython, `_rate_under` tells at the first rating.)"""
    rate = rater()
    if signature is not None and "rules" not in signature(rate).parameters:
        raise RaterUnavailable(_NO_RULES)
    return rate


def _rate_under(rate: "Callable[..., Any]", puzzle: Grid, rules: Rules) -> "Any":
    """`rate(puzzle, rules=rules)`; RaterUnavailable when `rate` takes no `rules`."""
    try:
        return rate(puzzle, rules=rules)
    except TypeError as error:
        if signature is None and "'rules'" in str(error):  # "unexpected keyword argument 'rules'"
            raise RaterUnavailable(_NO_RULES) from None
        raise


def _rated_under(rate: "Callable[..., Any]", puzzle: Grid, rules: Rules):
    """`_rate_under`, in parts (a pause after each step of the path) when `rate` is the engine's own rater."""
    from ..logic import rating  # loaded already: `rater()` gave `rate`
    if rate is rating.rate:
        return (yield from rating.rate_in_parts(puzzle, rules))
    return _rate_under(rate, puzzle, rules)


# -- a full grid ------------------------------------------------------------------------------------
def _full_grid(rules: Rules, rng: "Random", clock: Clock, parts: _Parts):
    """A full grid under `rules` from a random first row (no rule forbids one: its cells see each other
    only along the row), completed by the solver; None when no try found one within its budget. (Random
    cells past the first row would vary the grids more, but most such starts have no completion.) A generator
    that may pause after each try (`_Parts`) and returns the grid."""
    shape = rules.shape
    n = shape.side
    for _ in range(GRID_TRIES):
        clock.check("making a full grid")
        row = list(range(1, n + 1))
        rng.shuffle(row)
        try:
            found = solve(Grid(row + [0] * (n * n - n), shape), rules, max_nodes=GRID_NODES, timeout=clock.left())
        except SearchLimitExceeded:
            found = None
        if parts.due():
            yield
            parts.begin()
        if found is not None:
            return list(found.values)
    return None


def _empty_grid_solution(rules: Rules, rng: "Random", names: "tuple[str, ...]", parts: _Parts):
    """The empty grid's first solution, its digits relabelled at random. A Jigsaw layout with none (or none
    found within `JIGSAW_GRID_NODES`) gives None; for fixed rules, none is a ValueError (no grid of the size
    obeys them) and a search that gives up a GenerationError. A generator that may pause after the search
    (`_Parts`)."""
    shape = rules.shape
    jigsaw = rules.regions is not None
    try:
        found = solve(Grid([0] * shape.cell_count, shape), rules,
                      max_nodes=JIGSAW_GRID_NODES if jigsaw else EMPTY_GRID_NODES)
    except SearchLimitExceeded:
        if parts.due():
            yield
            parts.begin()
        if jigsaw:
            return None
        raise GenerationError(f"no full {shape.name} grid under {' and '.join(names)} was found within "
                              f"{EMPTY_GRID_NODES:,} search nodes") from None
    if parts.due():
        yield
        parts.begin()
    if found is None:
        if jigsaw:
            return None
        raise ValueError(f"no {shape.name} grid obeys {' and '.join(names)}"
                         + (" together: choose fewer rules or a larger size" if len(names) > 1 else ""))
    relabel = list(range(1, shape.side + 1))
    rng.shuffle(relabel)
    return [relabel[d - 1] for d in found.values]


# -- removing givens --------------------------------------------------------------------------------
class _Givens:
    """The givens of one puzzle being thinned, and the test that settles most removals without a search."""

    def __init__(self, solution: "list[int]", rules: Rules) -> None:
        self.solution = solution
        self.values = list(solution)
        self.rules = rules
        n = rules.shape.side
        self.houses_of: "list[list[tuple[int, ...]]]" = [[] for _ in solution]
        for house in rules.houses:
            if len(house.cells) == n:
                for i in house.cells:
                    self.houses_of[i].append(house.cells)

    def _sees(self, cell: int, digit: int) -> bool:
        return any(self.values[j] == digit for j in self.rules.peers[cell])

    def forced(self, cell: int) -> bool:
        """Do the givens force the empty `cell`'s digit: every other digit among its peers (a naked single),
        or no other empty cell of a full house able to take it (a hidden single)? Then any solution has it."""
        digit = self.solution[cell]
        taken = {self.values[j] for j in self.rules.peers[cell]}
        if len(taken - {0, digit}) == self.rules.shape.side - 1:
            return True
        return any(all(j == cell or self.values[j] or self._sees(j, digit) for j in house)
                   for house in self.houses_of[cell])


def _remove_givens(solution: "list[int]", rules: Rules, orbits: "list[tuple[int, ...]]", minimal: bool,
                   clock: Clock, parts: _Parts, on_step: "Callable[[int, int], None]"):
    """Givens thinned from `solution` orbit by orbit while the puzzle stays unique: (givens, proved minimal).
    A generator that may pause after each uniqueness check (`_Parts`; a removal the givens force needs none)."""
    shape = rules.shape
    puzzle = _Givens(solution, rules)
    values = puzzle.values
    proved = True
    for done, orbit in enumerate(orbits, 1):
        clock.check("removing givens")
        for i in orbit:
            values[i] = 0
        if not all(puzzle.forced(i) for i in orbit):
            unique = None
            if minimal:
                try:
                    unique = count_solutions(Grid(values, shape), rules, 2, max_nodes=CHECK_NODES,
                                             timeout=clock.left()) == 1
                except SearchLimitExceeded:
                    clock.check("removing givens")
                    proved = False
                if parts.due():
                    yield
                    parts.begin()
            if not unique:
                for i in orbit:
                    values[i] = solution[i]
        on_step(done, sum(1 for v in values if v))
    return values, proved and minimal


# -- Killer -----------------------------------------------------------------------------------------
def _second_solution(values: "list[int]", rules: Rules, solution: "list[int]", clock: Clock) -> "list[int] | None":
    """A solution of the puzzle other than `solution`, None when there is none; SearchLimitExceeded when
    the look runs out of nodes."""
    grid = Grid(values, rules.shape)
    for found in iter_solutions(grid, rules, max_nodes=KILLER_NODES, timeout=clock.left()):
        if list(found.values) != solution:
            return list(found.values)
    return None


def _killer(solution: "list[int]", rules: Rules, rng: "Random", clock: Clock, parts: _Parts,
            orbits: "list[tuple[int, ...]]", shown: int):
    """Cages over `solution`, with the givens of the first orbits holding `shown` cells or more, that make a
    unique puzzle: (rules with the cages, givens, repairs made); None when no caging was settled in budget.
    A generator that may pause after each look for a second solution (`_Parts`)."""
    n = rules.shape.side
    orbit_of = {i: orbit for orbit in orbits for i in orbit}
    extra_givens = []
    while sum(map(len, extra_givens)) < shown:
        extra_givens.append(orbits[len(extra_givens)])
    for _ in range(CAGINGS):
        cut = lay_cages(solution, n, rng)
        givens = [0] * len(solution)
        for orbit in extra_givens:
            for i in orbit:
                givens[i] = solution[i]
        repairs = 0
        while True:
            clock.check("making the cages unique")
            caged = replace(rules, cages=as_cages(cut, solution))
            try:
                other = _second_solution(givens, caged, solution, clock)
            except SearchLimitExceeded:
                clock.check("making the cages unique")
                if parts.due():
                    yield
                    parts.begin()
                break  # too slow to settle: another caging
            if parts.due():
                yield
                parts.begin()
            if other is None:
                return caged, givens, repairs
            repairs += 1
            edits = killing_edits(cut, solution, other, n) if repairs <= CAGE_REPAIRS else []
            if edits:
                cut = rng.choice(edits)
            else:  # givens where the two differ (with the symmetry's images) rule the other out for good
                cell = rng.choice([i for i in range(len(solution)) if solution[i] != other[i]])
                for i in orbit_of[cell]:
                    givens[i] = solution[i]
    return None


# -- the palette's clues ----------------------------------------------------------------------------
def _palette(solution: "list[int]", rules: Rules, names: "tuple[str, ...]", rng: "Random", clock: Clock,
             parts: _Parts):
    """`rules` with clues of the palette variants among `names` laid over `solution`; then, unless Killer
    cages are to settle the rest, clues that break each second solution found (see the module docstring).
    A generator that may pause after each look for a second solution (`_Parts`)."""
    kinds = [k for name in names for k in PALETTE.get(name, ())]
    n = rules.shape.side
    killer = "killer" in names
    taken: "set[int]" = set()
    laid = lay_many(kinds, n // 2 if killer else n, solution, n, rng, taken, plain=True)
    rules = replace(rules, constraints=tuple(laid))
    if killer:
        return rules
    for _ in range(PALETTE_REPAIRS):
        clock.check("laying the clues")
        try:
            other = _second_solution([0] * len(solution), rules, solution, clock)
        except SearchLimitExceeded:
            clock.check("laying the clues")
            if parts.due():
                yield
                parts.begin()
            break  # too slow to settle: the givens will
        if parts.due():
            yield
            parts.begin()
        if other is None:
            break
        differ = {i for i, (a, b) in enumerate(zip(solution, other)) if a != b}
        for _draw in range(200):
            clue = lay(rng.choice(kinds), solution, n, rng, tries=1, plain=True)
            if clue is None:
                continue
            cells = set(clue.cells) | set(clue.head)
            if cells & differ and not cells & taken and not holds(clue, other, n):
                taken |= cells
                rules = replace(rules, constraints=rules.constraints + (clue,))
                break
        else:
            break  # no clue found that tells them apart: the givens will
    return rules


# -- the generator ----------------------------------------------------------------------------------
def _base_rules(names: "tuple[str, ...]", shape: Shape, rng: "Random") -> Rules:
    return Rules(shape, regions=random_regions(shape, rng) if "jigsaw" in names else None,
                 diagonal_down="x" in names, diagonal_up="x" in names, windows="windoku" in names,
                 anti_knight="anti-knight" in names, anti_king="anti-king" in names)


def _make_one(names: "tuple[str, ...]", shape: Shape, rng: "Random", symmetry: str, minimal: bool,
              givens: int, clock: Clock, parts: _Parts, attempt: int, progress: "Callable[[Progress], Any] | None"):
    """One unique puzzle: (rules, givens, solution, proved minimal, Killer repairs); None to try again. A
    generator that may pause after each search (`_Parts`)."""
    rules = _base_rules(names, shape, rng)
    solution = yield from _full_grid(rules, rng, clock, parts)
    if solution is None:
        solution = yield from _empty_grid_solution(rules, rng, names, parts)
        if solution is None:
            return None  # a Jigsaw layout with no grid: draw another
    if progress:
        progress(Progress("grid", attempt, givens=shape.cell_count, elapsed=clock.elapsed()))
    orbits = orbits_of(shape, symmetry)
    rng.shuffle(orbits)
    if any(name in PALETTE for name in names):
        rules = yield from _palette(solution, rules, names, rng, clock, parts)
    if "killer" in names:
        made = yield from _killer(solution, rules, rng, clock, parts, orbits, givens)
        if made is None:
            return None
        caged, values, repairs = made
        return caged, values, solution, not any(values), repairs

    def on_step(done: int, left: int) -> None:
        if progress:
            progress(Progress("remove", attempt, done, len(orbits), left, clock.elapsed()))

    values, proved = yield from _remove_givens(solution, rules, orbits, minimal, clock, parts, on_step)
    return rules, values, solution, proved, 0


def generate_variant(variant: "str | Iterable[str]", shape: "Shape | str" = "9x9", *, seed: "int | str | None" = None,
                     symmetry: str = "none", minimal: bool = True, givens: int = 0, level: "Any" = None,
                     timeout: "float | None" = None, progress: "Callable[[Progress], Any] | None" = None,
                     cancel: "Callable[[], bool] | None" = None) -> VariantPuzzle:
    """A new variant puzzle with exactly one solution (proved by `variants.solver.count_solutions`).

    variant   "killer", "jigsaw", "x", "windoku", "anti-knight", "anti-king", "thermometer", "arrow",
              "kropki", "xv", or several: "killer,x", ["jigsaw", "anti-king"], "thermometer,kropki"
    shape     "9x9" (default), "4x4", "6x6", "8x8", "6x6:3x2" (4x4 to 9x9; Windoku 9x9 only)
    seed      an int or str: the same seed gives the same puzzle everywhere; None for a fresh one
    symmetry  where the givens stand: "none", "rotate180", "rotate90", "mirror", "diagonal"
    minimal   True: every given is tried once, so none can go; False: only givens the others force go
    givens    Killer only: at least this many givens shown (default none: the cages alone)
    level     needs a rater that takes the rules (`variant_rater`), else RaterUnavailable
    timeout   seconds for the whole call (GenerationTimeout past it); every search has a node budget too
    progress  called with a `generate.Progress` after the grid and after each orbit tried
    cancel    a callable returning True to stop with GenerationCancelled (looked at between steps)

    ValueError for an unknown variant, size, symmetry or level, or rules no grid of the size obeys."""
    return drive(generate_variant_in_parts(variant, shape, seed=seed, symmetry=symmetry, minimal=minimal,
                                           givens=givens, level=level, timeout=timeout, progress=progress,
                                           cancel=cancel))


def generate_variant_in_parts(variant: "str | Iterable[str]", shape: "Shape | str" = "9x9", *,
                              seed: "int | str | None" = None, symmetry: str = "none", minimal: bool = True,
                              givens: int = 0, level: "Any" = None, timeout: "float | None" = None,
                              progress: "Callable[[Progress], Any] | None" = None,
                              cancel: "Callable[[], bool] | None" = None):
    """`generate_variant` as a generator that pauses between searches, after each puzzle made and after each step
    of its rating, and returns the `VariantPuzzle` (see the module docstring and `compat.drive`). The options are
    checked before the first pause."""
    names = variant_names(variant)
    shape = Shape.parse(shape)
    _check_shape(names, shape)
    symmetry = symmetry_name(symmetry)
    target = level_target(level)
    if isinstance(givens, bool) or not isinstance(givens, int) or givens < 0:
        raise ValueError(f"givens is a whole number of 0 or more, not {givens!r}")
    if givens > shape.cell_count:
        raise ValueError(f"a {shape.name} grid has {shape.cell_count} cells, so not {givens} givens")
    if givens and "killer" not in names:
        raise ValueError("a number of givens is asked of Killer puzzles only (the others keep as few as stay unique)")
    seed = checked_seed(seed, timeout)
    rate = variant_rater() if target is not None else None
    if target is not None and timeout is None:
        timeout = DEFAULT_LEVEL_TIMEOUT
    clock = Clock(timeout, cancel or _never)
    parts = _Parts()
    rng = Random(seed)
    seen: "dict[str, int]" = {}
    attempt = 0
    while True:
        attempt += 1
        tries = JIGSAW_ATTEMPTS if "jigsaw" in names else ATTEMPTS
        if target is None and attempt > tries:
            raise GenerationError(f"no {'+'.join(names)} {shape.name} puzzle was made in {tries} tries")
        try:
            made = yield from _make_one(names, shape, rng, symmetry, minimal, givens, clock, parts, attempt, progress)
        except GenerationTimeout:
            if target is None:
                raise
            raise not_reached(target, attempt - 1, seen, timeout) from None
        if made is None:
            continue
        rules, values, solution, proved, repairs = made
        puzzle = Grid(values, shape)
        rating = None
        yield
        parts.begin()
        if rate is not None:
            if (yield from past_level_in_parts(rate, puzzle, target, rules)):
                rating, word = None, f"harder than {target[0]}"  # not rated: as in `classic.generate_in_parts`
            else:
                rating = yield from _rated_under(rate, puzzle, rules)
                word = str(rating.level)  # a plain str, as in `classic.generate_details`
            yield  # what follows the rating's last step (the proof, or the next puzzle) in a part of its own
            parts.begin()
            seen[word] = seen.get(word, 0) + 1
            if rating is None or not matches_level(rating, target):
                continue
        # The proof the caller relies on: the variant solver's own count, on the finished puzzle.
        try:
            left = clock.left()
            found = count_solutions(puzzle, rules, 2, timeout=None if left is None else max(left, 1.0))
        except SearchLimitExceeded:
            raise GenerationTimeout("the time limit ran out while proving the puzzle unique") from None
        if found != 1:  # pragma: no cover - every kept step was proved; this would be a bug
            raise GenerationError(f"internal error: the puzzle made has {found} solutions")
        return VariantPuzzle(puzzle, rules, Grid(solution, shape), names, seed, symmetry, proved,
                             clock.elapsed(), attempt, repairs, rating)


def _never() -> bool:
    return False
