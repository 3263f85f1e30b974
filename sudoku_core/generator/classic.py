"""New puzzles with exactly one solution, of any box shape, with a symmetry and a level if asked.

    >>> from sudoku_core.generator.classic import generate
    >>> puzzle = generate("9x9", seed=7)
    >>> from sudoku_core import count_solutions
    >>> count_solutions(puzzle, limit=2)
    1

The method, in three steps:

1. A random full grid. Up to 25x25, the boxes on the diagonal (which share no row or column) are
   filled with random permutations and the solver completes the grid; past that the solver is too
   slow on open grids, so a patterned grid is used. Either way the grid is then shuffled with the
   transformations that keep a Sudoku valid: digits relabelled, bands and the rows inside a band
   permuted, stacks and the columns inside a stack permuted, and a transposition when boxes are square.
2. Givens are removed in a seeded random order, one symmetry orbit at a time (a cell and its images
   under the symmetry), keeping a removal only while the puzzle still has exactly one solution.
   Most removals are decided without a search: a removed cell that the remaining givens still force
   (a naked or a hidden single) keeps the puzzle unique, and a removal that empties an *unavoidable
   set* of the solution (cells whose digits can be swapped to give another valid grid: two digits
   along a closed cycle, two rows of a band or two columns of a stack over a cycle of columns/rows)
   makes it ambiguous. The rest are proved by ``count_solutions(limit=2)`` under a node budget; a
   check that runs out of budget keeps the given (and the puzzle is then not proved minimal).
3. With ``minimal=True`` every orbit is tried once, so no given (no orbit, with a symmetry) can be
   removed without losing uniqueness. Before it is returned the puzzle's uniqueness is proved once
   more by the engine's count.

Levels use the human-style rater (`sudoku_core.logic.rate`): puzzles are generated and rated until one
matches, within a time budget; `LevelNotReached` says so when none did, and `RaterUnavailable` when
there is no rater. Randomness comes only from ``random.Random(seed)`` (`compat.Random`: CPython's own,
the same draws on MicroPython) and the solver is deterministic, so a seed gives the same puzzle on every
platform (CPython, Pyodide and MicroPython alike); only the time limits depend on the clock, and they only
decide whether a puzzle is found, never which one.
"""
import time

from ..core.compat import Random, drive, field, monotonic, record
from ..core.grid import Grid
from ..core.shape import Shape
from ..core.solver import SearchLimitExceeded, SearchStats, count_solutions, solve
from ..logic.levels import LEVELS, Level

try:
    from collections.abc import Sequence
except ImportError:  # MicroPython: the sequences a score range comes in
    Sequence = (list, tuple, range)

try:
    from random import SystemRandom

    def _fresh_seed() -> int:
        """A seed drawn from the system's randomness, from 1 to 2**31 - 1."""
        return SystemRandom().randrange(1, 2 ** 31)
except ImportError:  # MicroPython: its `random` module is seeded by the system at start-up
    import random as _random

    def _fresh_seed() -> int:
        """A seed from 1 to 2**31 - 1: the `random` module's bits mixed with the clock's microseconds."""
        return (_random.getrandbits(31) ^ time.time_ns() // 1000) % (2 ** 31 - 1) + 1


__all__ = [
    "SYMMETRIES", "LEVELS", "generate", "generate_details", "generate_in_parts", "Generated", "Progress", "level_target", "rater",
    "symmetry_name",
    "GenerationError", "GenerationTimeout", "GenerationCancelled", "LevelNotReached", "RaterUnavailable",
]

#: Symmetries of the givens' positions: removal happens in orbits of these maps.
SYMMETRIES = ("none", "rotate180", "rotate90", "mirror", "diagonal")
_SYMMETRY_ALIASES = {"": "none", "no": "none", "180": "rotate180", "rotational": "rotate180",
                     "90": "rotate90", "horizontal": "mirror", "transpose": "diagonal"}

#: Seconds spent looking for a puzzle at the level asked when no `timeout` is given.
DEFAULT_LEVEL_TIMEOUT = 60.0

#: Largest side whose full grid comes from the solver; larger grids start from a pattern.
SOLVER_FILL_MAX_SIDE = 25

#: Search nodes one uniqueness check may use, by side (a check that runs out keeps the given).
#: 9x9 checks never come near it; on big grids a few pathological checks would otherwise dominate.
_CHECK_NODES = ((9, 100_000), (12, 5_000), (16, 60), (25, 6), (100, 3))

#: Search nodes all the checks of one puzzle may use together, by side (None: no limit). Past
#: 25x25 every node costs tens of milliseconds, so the solver is used sparingly and the removals
#: that the givens force (singles) do most of the work: fewer clues are removed.
_TOTAL_NODES = ((25, None), (36, 3_000), (49, 1_500), (100, 800))


class GenerationError(Exception):
    """The generator could not produce the puzzle asked for."""


try:
    _TimeoutError = TimeoutError
except NameError:  # MicroPython has none (nor classes of two built-in exception bases)
    class _TimeoutError:
        pass


class GenerationTimeout(GenerationError, _TimeoutError):
    """The time limit ran out before a puzzle was ready."""


class LevelNotReached(GenerationTimeout):
    """No puzzle at the level asked was found within the time limit (`attempts` rated, `seen` the
    levels they got)."""

    def __init__(self, message: str, attempts: int = 0, seen: "dict[str, int] | None" = None) -> None:
        super().__init__(message)
        self.attempts = attempts
        self.seen = dict(seen or {})


class GenerationCancelled(GenerationError):
    """The caller cancelled the generation."""


class RaterUnavailable(GenerationError):
    """A level was asked but the rater (`sudoku_core.logic.rate`) is not available."""


@record("stage attempt done total givens elapsed level", frozen=True)
class Progress:
    """What a progress callback receives. `stage` is "grid" (a full grid was made), "remove" (`done`
    of `total` orbits tried, `givens` left) or "rate" (attempt `attempt` was rated `level`)."""

    stage: str
    attempt: int
    done: int = 0
    total: int = 0
    givens: int = 0
    elapsed: float = 0.0
    level: "str | None" = None


@record("puzzle solution seed symmetry minimal seconds attempts rating checks")
class Generated:
    """A generated puzzle and how it was made."""

    puzzle: Grid
    solution: Grid
    seed: "int | str"
    symmetry: str
    minimal: bool  # True when every orbit was tried with a completed check
    seconds: float
    attempts: int = 1  # puzzles made (and rated, with a level) before this one was kept
    rating: "Any" = None  # the rater's Rating when a level was asked (or `rate=True`), else None
    checks: dict = field(default_factory=dict)  # how removals were decided (for the benchmark)

    @property
    def givens(self) -> int:
        return self.puzzle.givens

    def to_dict(self) -> dict:
        """JSON-ready: puzzle and solution as lines, the seed, the rating, the time."""
        rating = self.rating
        if rating is not None and hasattr(rating, "to_dict"):
            rating = rating.to_dict()
        return {"puzzle": self.puzzle.to_line(), "solution": self.solution.to_line(),
                "size": self.puzzle.shape.name, "seed": self.seed, "symmetry": self.symmetry,
                "givens": self.givens, "minimal": self.minimal, "rating": rating,
                "attempts": self.attempts, "time": round(self.seconds, 4)}


# -- options ----------------------------------------------------------------------------------------
def symmetry_name(symmetry: str) -> str:
    """The symmetry `symmetry` names (aliases such as "180" and any case allowed); ValueError naming the
    choices when it names none."""
    key = str(symmetry).strip().lower().replace("_", "").replace("-", "").replace(" ", "")
    key = _SYMMETRY_ALIASES.get(key, key)
    if key not in SYMMETRIES:
        raise ValueError(f"unknown symmetry {symmetry!r}: choose one of {', '.join(SYMMETRIES)}")
    return key


def level_target(level: "Any") -> "tuple[str, float, float] | None":
    """None, or (description, low, high): a level word (a `Level`, low = high = its rank) or a score range;
    ValueError naming the choices otherwise."""
    if level is None:
        return None
    if isinstance(level, str):
        text = level.strip()
        named = Level.named(text)
        if named is not None:
            rank = float(LEVELS.index(named))
            return named, rank, rank
        low, sep, high = text.replace("..", "-").partition("-")
        if sep:
            try:
                return _score_range(float(low), float(high))
            except ValueError:
                pass
        raise ValueError(f"unknown level {level!r}: choose one of {_level_words()} "
                         "or a score range such as 2.0-4.5")
    if isinstance(level, Sequence) and len(level) == 2:
        try:
            return _score_range(float(level[0]), float(level[1]))
        except (TypeError, ValueError):
            pass
    raise ValueError(f"a level is one of {_level_words()} or a score range (low, high), not {level!r}")


def _level_words() -> str:
    """"Easy, Medium, ...": the levels' words (as plain str: MicroPython's join takes no str subclass)."""
    return ", ".join([str(level) for level in LEVELS])


def _score_range(low: float, high: float) -> "tuple[str, float, float]":
    if not (0 <= low <= high <= 20):
        raise ValueError(f"a score range runs from low to high on Sudoku Explainer's scale (0-12), "
                         f"not {low}-{high}")
    return f"score {low:g}-{high:g}", low, high


def matches_level(rating: "Any", target: "tuple[str, float, float]") -> bool:
    """Whether `rating` is at the level `level_target` made `target` from."""
    name, low, high = target
    if name in LEVELS:
        return rating.level == name
    return rating.score is not None and low <= rating.score <= high


def rater() -> "Callable[[Grid], Any]":
    """`sudoku_core.logic.rate`, once it answers with a score and a level; else RaterUnavailable (what
    asking for a level raises). Imported here, when asked: the generator alone does not load the logic."""
    try:
        from ..logic import rate  # the human-style solver, loaded only when a rating is asked for
    except Exception as err:  # ImportError, or a half-built package
        raise RaterUnavailable(f"levels need the rater (sudoku_core.logic.rate), which is not available: {err}") from None
    probe = Grid.parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    probe = solve(probe)  # a solved grid: any working rater answers at once
    try:
        rating = rate(probe)
    except Exception as err:
        raise RaterUnavailable(f"levels need the rater (sudoku_core.logic.rate), which failed: {err}") from None
    if not (hasattr(rating, "level") and hasattr(rating, "score")):
        raise RaterUnavailable("levels need the rater (sudoku_core.logic.rate), which is not finished yet "
                               "(it gives no score and level)")
    return rate


def _rated(rate: "Callable[[Grid], Any]", puzzle: Grid):
    """`rate(puzzle)`, in parts when `rate` is the engine's own rater (`compat.drive`)."""
    from ..logic import rating  # loaded already: `rater()` gave `rate`
    if rate is rating.rate:
        return (yield from rating.rate_in_parts(puzzle))
    return rate(puzzle)


def past_level_in_parts(rate: "Callable[..., Any]", puzzle: Grid, target: "tuple[str, float, float] | None",
                        rules: "Any" = None):
    """Whether `puzzle` (under variant `rules`, when given) is surely harder than the level word of `target`, as a
    generator (`compat.drive`): the techniques of that level and easier do not finish it
    (`logic.rating.finishes_within_in_parts`). False when `rate` is not the engine's own rater, the target is a
    score range, or every level is allowed."""
    from ..logic import rating  # loaded already: `rater()` gave `rate`
    if rate is not rating.rate or target is None or target[0] not in LEVELS or target[0] == LEVELS[-1]:
        return False
    return not (yield from rating.finishes_within_in_parts(puzzle, target[0], rules))


def _budget(table: "tuple[tuple[int, int | None], ...]", side: int) -> "int | None":
    for up_to, value in table:
        if side <= up_to:
            return value
    return table[-1][1]


def _cancel_check(cancel: "Any") -> "Callable[[], bool]":
    if cancel is None:
        return lambda: False
    if hasattr(cancel, "is_set"):  # threading.Event and friends
        return cancel.is_set
    if callable(cancel):
        return cancel
    raise TypeError("cancel is a callable returning True to stop, or an object with is_set()")


# -- full grids -------------------------------------------------------------------------------------
def _pattern_grid(shape: Shape) -> list[int]:
    """The classic valid grid: row r is the first row shifted by (r mod R) * C + r // R."""
    n, r_, c_ = shape.side, shape.box_rows, shape.box_cols
    return [(c_ * (r % r_) + r // r_ + c) % n + 1 for r in range(n) for c in range(n)]


def _solved_grid(shape: Shape, rng: "Random") -> "list[int] | None":
    """The diagonal boxes filled at random and the rest completed by the solver (None if it fails)."""
    n, r_, c_ = shape.side, shape.box_rows, shape.box_cols
    values = [0] * shape.cell_count
    for k in range(min(n // r_, n // c_)):
        digits = list(range(1, n + 1))
        rng.shuffle(digits)
        for i, d in zip(shape.units[2 * n + k * (n // c_) + k].cells, digits):
            values[i] = d
    try:
        solution = solve(Grid(values, shape), max_nodes=50 * n)
    except SearchLimitExceeded:
        return None
    return None if solution is None else list(solution.values)


def _permutation_in_groups(groups: int, size: int, rng: "Random") -> list[int]:
    """A permutation of groups*size lines that moves whole groups and lines within their group."""
    order = list(range(groups))
    rng.shuffle(order)
    lines = []
    for g in order:
        inner = list(range(size))
        rng.shuffle(inner)
        lines.extend(g * size + k for k in inner)
    return lines


def _shuffled(values: list[int], shape: Shape, rng: "Random") -> list[int]:
    """`values` after a random validity-keeping transformation (relabel, rows, columns, transpose)."""
    n, r_, c_ = shape.side, shape.box_rows, shape.box_cols
    relabel = list(range(1, n + 1))
    rng.shuffle(relabel)
    rows = _permutation_in_groups(n // r_, r_, rng)
    cols = _permutation_in_groups(n // c_, c_, rng)
    out = [relabel[values[rows[r] * n + cols[c]] - 1] for r in range(n) for c in range(n)]
    if r_ == c_ and rng.random() < 0.5:
        out = [out[c * n + r] for r in range(n) for c in range(n)]
    return out


def _full_grid(shape: Shape, rng: "Random") -> list[int]:
    values = None
    if shape.side <= SOLVER_FILL_MAX_SIDE:
        for _ in range(3):
            values = _solved_grid(shape, rng)
            if values is not None:
                break
    if values is None:
        values = _pattern_grid(shape)
    return _shuffled(values, shape, rng)


# -- symmetry orbits --------------------------------------------------------------------------------
def orbits_of(shape: Shape, symmetry: str) -> list[tuple[int, ...]]:
    """The cells grouped into orbits of the symmetry, in order of their first cell."""
    n = shape.side
    maps = {
        "none": [],
        "rotate180": [lambda r, c: (n - 1 - r, n - 1 - c)],
        "rotate90": [lambda r, c: (c, n - 1 - r), lambda r, c: (n - 1 - r, n - 1 - c),
                     lambda r, c: (n - 1 - c, r)],
        "mirror": [lambda r, c: (r, n - 1 - c)],
        "diagonal": [lambda r, c: (c, r)],
    }[symmetry]
    seen = [False] * shape.cell_count
    orbits = []
    for i in range(shape.cell_count):
        if seen[i]:
            continue
        r, c = divmod(i, n)
        cells = sorted({i} | {a * n + b for a, b in (f(r, c) for f in maps)})
        for j in cells:
            seen[j] = True
        orbits.append(tuple(cells))
    return orbits


# -- unavoidable sets -------------------------------------------------------------------------------
def _cycles(mapping: list[int]) -> list[list[int]]:
    seen = [False] * len(mapping)
    found = []
    for start in range(len(mapping)):
        if seen[start]:
            continue
        cycle, k = [], start
        while not seen[k]:
            seen[k] = True
            cycle.append(k)
            k = mapping[k]
        found.append(cycle)
    return found


def _unavoidable_sets(solution: list[int], shape: Shape) -> list[list[int]]:
    """Sets of cells of `solution` whose digits can be rearranged into another valid grid: a puzzle
    with no given in one of them has a second solution. Three cheap families:
    two rows of a band (or two columns of a stack) swapped over a cycle of columns (rows), and two
    digits swapped over a set closed under "the other digit's cell in each of my units"."""
    n, r_, c_ = shape.side, shape.box_rows, shape.box_cols
    sets: list[list[int]] = []
    # Two rows in one band: swapping their digits in columns X keeps columns and boxes valid, and
    # rows too when both rows hold the same digits in X; the smallest such X are the cycles of
    # "column of row a holding the digit that row b has here".
    for lines, size, at in ((range(n), r_, lambda line, k: line * n + k),   # rows of a band
                            (range(n), c_, lambda line, k: k * n + line)):  # columns of a stack
        for first in range(0, n, size):
            group = list(range(first, first + size))
            for x in range(len(group)):
                for y in range(x + 1, len(group)):
                    a, b = group[x], group[y]
                    where_a = [0] * (n + 1)
                    for k in range(n):
                        where_a[solution[at(a, k)]] = k
                    mapping = [where_a[solution[at(b, k)]] for k in range(n)]
                    for cycle in _cycles(mapping):
                        sets.append(sorted([at(a, k) for k in cycle] + [at(b, k) for k in cycle]))
    # Two digits: the cells of either digit split into closed parts (each unit's pair is wholly in
    # or out); swapping the two digits within one part leaves a valid grid.
    cells_of: list[list[int]] = [[] for _ in range(n + 1)]
    for i, d in enumerate(solution):
        cells_of[d].append(i)
    cell_units = shape.cell_units
    for a in range(1, n + 1):
        for b in range(a + 1, n + 1):
            unit_pair: dict[int, list[int]] = {}
            for i in cells_of[a] + cells_of[b]:
                for u in cell_units[i]:
                    unit_pair.setdefault(u, []).append(i)
            parent = {i: i for i in cells_of[a] + cells_of[b]}

            def root(i: int) -> int:
                while parent[i] != i:
                    parent[i] = parent[parent[i]]
                    i = parent[i]
                return i

            for pair in unit_pair.values():
                x, y = root(pair[0]), root(pair[1])
                if x != y:
                    parent[max(x, y)] = min(x, y)
            parts: dict[int, list[int]] = {}
            for i in sorted(parent):
                parts.setdefault(root(i), []).append(i)
            sets.extend(parts.values())
    return sets


# -- removing givens --------------------------------------------------------------------------------
class _Remover:
    """The givens of one puzzle being thinned, with the tables that decide most removals at once."""

    def __init__(self, solution: list[int], shape: Shape, use_sets: bool = True) -> None:
        self.shape = shape
        self.solution = solution
        self.givens = list(solution)
        n = shape.side
        # used[u]: bitmask of the digits given in unit u (bit d-1 for digit d)
        self.used = [0] * (3 * n)
        for i, d in enumerate(solution):
            for u in shape.cell_units[i]:
                self.used[u] |= 1 << (d - 1)
        self.sets = _unavoidable_sets(solution, shape) if use_sets else []
        self.set_givens = [len(s) for s in self.sets]
        self.sets_of: list[list[int]] = [[] for _ in range(shape.cell_count)]
        for k, cells in enumerate(self.sets):
            for i in cells:
                self.sets_of[i].append(k)

    def _clear(self, cells: "Sequence[int]") -> None:
        for i in cells:
            bit = ~(1 << (self.givens[i] - 1))
            for u in self.shape.cell_units[i]:
                self.used[u] &= bit
            self.givens[i] = 0
            for k in self.sets_of[i]:
                self.set_givens[k] -= 1

    def _restore(self, cells: "Sequence[int]") -> None:
        for i in cells:
            d = self.solution[i]
            self.givens[i] = d
            for u in self.shape.cell_units[i]:
                self.used[u] |= 1 << (d - 1)
            for k in self.sets_of[i]:
                self.set_givens[k] += 1

    def _forced(self, i: int) -> bool:
        """True when the givens force cell i's digit: a naked single, or a hidden single in a unit."""
        cell_units, used = self.shape.cell_units, self.used
        bit = 1 << (self.solution[i] - 1)
        row, col, box = cell_units[i]
        taken = used[row] | used[col] | used[box]
        if taken | bit == self.shape.all_digits:
            return True  # naked single: every other digit is given among its peers
        givens = self.givens
        units = self.shape.units
        for u in (row, col, box):
            for j in units[u].cells:
                if j != i and not givens[j]:
                    a, b, c = cell_units[j]
                    if not (used[a] | used[b] | used[c]) & bit:
                        break  # another empty cell of u can take the digit
            else:
                return True  # hidden single in unit u
        return False

    def try_remove(self, cells: "Sequence[int]", search: "Callable[[list[int]], bool | None]") -> str:
        """Remove the orbit `cells` if the puzzle stays unique. Returns how it was decided:
        "single" (kept out: forced), "unavoidable" (put back: a set emptied), "unique"/"several"
        (by the solver) or "gave up" (put back: the check ran out of budget)."""
        self._clear(cells)
        if all(self._forced(i) for i in cells):
            return "single"
        if any(self.set_givens[k] == 0 for i in cells for k in self.sets_of[i]):
            self._restore(cells)
            return "unavoidable"
        verdict = search(self.givens)
        if verdict is True:
            return "unique"
        self._restore(cells)
        return "several" if verdict is False else "gave up"


# -- the generator ----------------------------------------------------------------------------------
class Clock:
    """A generation's time limit and its cancel check (the variant generator uses it too)."""

    def __init__(self, timeout: "float | None", cancel: "Callable[[], bool]") -> None:
        self.start = monotonic()
        self.deadline = None if timeout is None else self.start + timeout
        self.cancelled = cancel

    def elapsed(self) -> float:
        return monotonic() - self.start

    def left(self) -> "float | None":
        return None if self.deadline is None else self.deadline - monotonic()

    def check(self, what: str) -> None:
        if self.cancelled():
            raise GenerationCancelled(f"cancelled while {what}")
        if self.deadline is not None and monotonic() > self.deadline:
            raise GenerationTimeout(f"the time limit ran out while {what}")


def _make_one(shape: Shape, symmetry: str, rng: "Random", minimal: bool, clock: Clock,
              attempt: int, progress: "Callable[[Progress], Any] | None", max_nodes: "int | None",
              total_nodes: "int | None") -> tuple[list[int], list[int], bool, dict]:
    """One unique puzzle: (givens, solution, proved minimal, how removals were decided)."""
    clock.check("making a full grid")
    solution = _full_grid(shape, rng)
    if progress:
        progress(Progress("grid", attempt, 0, 0, shape.cell_count, clock.elapsed()))
    orbits = orbits_of(shape, symmetry)
    rng.shuffle(orbits)
    remover = _Remover(solution, shape)
    stats = SearchStats()
    tally = {"single": 0, "unavoidable": 0, "unique": 0, "several": 0, "gave up": 0, "skipped": 0}

    def search(givens: list[int]) -> "bool | None":
        if not minimal or (total_nodes is not None and stats.nodes >= total_nodes):
            return None  # no search: only forced removals are taken
        left = clock.left()
        try:
            return count_solutions(Grid(givens, shape), 2, max_nodes=max_nodes, stats=stats,
                                   timeout=None if left is None else max(left, 0.001)) == 1
        except SearchLimitExceeded:
            clock.check("removing givens")
            return None

    givens_left = shape.cell_count
    # Past 25x25 a search node is costly: first take every removal the givens force (no search),
    # then spend the node budget on the orbits still there. Smaller grids go in one pass.
    to_search = orbits
    if minimal and shape.side > SOLVER_FILL_MAX_SIDE:
        to_search = []
        for orbit in orbits:
            clock.check("removing givens")
            verdict = remover.try_remove(orbit, lambda givens: None)
            if verdict == "single":
                givens_left -= len(orbit)
                tally["single"] += 1
            elif verdict == "unavoidable":
                tally["unavoidable"] += 1
            else:
                to_search.append(orbit)  # not forced: try it with the solver below
    done = len(orbits) - len(to_search)
    if progress and done:
        progress(Progress("remove", attempt, done, len(orbits), givens_left, clock.elapsed()))
    for orbit in to_search:
        done += 1
        clock.check("removing givens")
        verdict = remover.try_remove(orbit, search)
        if verdict in ("single", "unique"):
            givens_left -= len(orbit)
        if verdict == "gave up" and (not minimal or stats.nodes >= (total_nodes or 0) > 0):
            verdict = "skipped"
        tally[verdict] += 1
        if progress:
            progress(Progress("remove", attempt, done, len(orbits), givens_left, clock.elapsed()))
    proved_minimal = minimal and tally["gave up"] == 0 and tally["skipped"] == 0
    tally["nodes"] = stats.nodes
    return remover.givens, solution, proved_minimal, tally


def checked_seed(seed: "int | str | None", timeout: "float | None") -> "int | str":
    """The seed to use (one chosen at random for None), after checking it and the time-out; raises
    TypeError or ValueError saying what is wrong."""
    if seed is None:
        seed = _fresh_seed()
    elif isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise TypeError(f"a seed is an int or a str, not {type(seed).__name__}")
    if timeout is not None and not timeout > 0:
        raise ValueError(f"timeout must be a positive number of seconds, not {timeout!r}")
    return seed


def generate_details(shape: "Shape | str" = "9x9", *, level: "Any" = None, symmetry: str = "none",
                     seed: "int | str | None" = None, minimal: bool = True, timeout: "float | None" = None,
                     progress: "Callable[[Progress], Any] | None" = None, cancel: "Any" = None,
                     max_nodes: "int | None" = None, rate: bool = False) -> Generated:
    """Like `generate`, but returns a `Generated` record: the puzzle, its solution, the seed (chosen
    at random and recorded when none is given), the rating, whether it is proved minimal, the time."""
    return drive(generate_in_parts(shape, level=level, symmetry=symmetry, seed=seed, minimal=minimal,
                                   timeout=timeout, progress=progress, cancel=cancel, max_nodes=max_nodes,
                                   rate=rate))


def generate_in_parts(shape: "Shape | str" = "9x9", *, level: "Any" = None, symmetry: str = "none",
                      seed: "int | str | None" = None, minimal: bool = True, timeout: "float | None" = None,
                      progress: "Callable[[Progress], Any] | None" = None, cancel: "Any" = None,
                      max_nodes: "int | None" = None, rate: bool = False):
    """`generate_details` as a generator that pauses after each puzzle made and each step of its rating, and
    returns the `Generated` record (see `compat.drive`)."""
    shape = Shape.parse(shape)
    symmetry = symmetry_name(symmetry)
    target = level_target(level)
    seed = checked_seed(seed, timeout)
    rate_puzzle = rater() if (target is not None or rate) else None
    if target is not None and timeout is None:
        timeout = DEFAULT_LEVEL_TIMEOUT
    clock = Clock(timeout, _cancel_check(cancel))
    rng = Random(seed)
    check_nodes = max_nodes if max_nodes is not None else _budget(_CHECK_NODES, shape.side)
    total_nodes = _budget(_TOTAL_NODES, shape.side)

    attempt = 0
    seen: dict[str, int] = {}
    while True:
        attempt += 1
        try:
            givens, solution, proved_minimal, tally = _make_one(
                shape, symmetry, rng, minimal, clock, attempt, progress, check_nodes, total_nodes)
        except GenerationTimeout:
            if target is None:
                raise
            raise not_reached(target, attempt - 1, seen, timeout) from None
        puzzle = Grid(givens, shape)
        rating = None
        yield
        if rate_puzzle is not None:
            if (yield from past_level_in_parts(rate_puzzle, puzzle, target)):
                rating = None
                word = f"harder than {target[0]}"
            else:
                rating = yield from _rated(rate_puzzle, puzzle)
                word = str(rating.level)  # a plain str: a JSON key on MicroPython too (a Level writes ""Hard"")
            seen[word] = seen.get(word, 0) + 1
            if progress:
                progress(Progress("rate", attempt, givens=puzzle.givens, elapsed=clock.elapsed(),
                                  level=word if rating is None else rating.level))
            if target is not None and (rating is None or not matches_level(rating, target)):
                try:
                    clock.check("looking for a puzzle at the level asked")
                except GenerationTimeout:
                    raise not_reached(target, attempt, seen, timeout) from None
                continue
        # The proof the caller relies on: the engine's own count, on the finished puzzle.
        left = clock.left()
        try:
            found = count_solutions(puzzle, 2, timeout=None if left is None else max(left, 1.0))
        except SearchLimitExceeded:
            raise GenerationTimeout("the time limit ran out while proving the puzzle unique") from None
        if found != 1:  # pragma: no cover - every kept removal was proved; this would be a bug
            raise GenerationError(f"internal error: the puzzle made has {found} solutions")
        return Generated(puzzle, Grid(solution, shape), seed, symmetry, proved_minimal, clock.elapsed(),
                         attempt, rating, tally)


def not_reached(target: "tuple[str, float, float]", attempts: int, seen: dict[str, int],
                 timeout: "float | None") -> LevelNotReached:
    """The error for a level not found in time, with the levels seen instead."""
    words = [str(level) for level in LEVELS]
    got = ", ".join(f"{k} {seen[k]}" for k in words + sorted(set(seen) - set(words)) if k in seen)
    return LevelNotReached(f"no {target[0]} puzzle found in {timeout:g} s ({attempts} rated"
                           + (f": {got}" if got else "") + "); allow more time or ask another level",
                           attempts, seen)


def generate(shape: "Shape | str" = "9x9", *, level: "Any" = None, symmetry: str = "none",
             seed: "int | str | None" = None, minimal: bool = True, timeout: "float | None" = None,
             progress: "Callable[[Progress], Any] | None" = None, cancel: "Any" = None,
             max_nodes: "int | None" = None) -> Grid:
    """A new puzzle with exactly one solution (proved by `count_solutions` before it is returned).

    shape     "9x9", "16x16", "6x6:3x2", ... (any box shape; past 25x25 fewer givens are removed)
    level     None, a level word ("Easy", "Medium", "Hard", "Unfair", "Extreme") or a score range on
              Sudoku Explainer's scale ("2.0-4.5" or (2.0, 4.5)); needs `sudoku_core.logic.rate`
              (RaterUnavailable otherwise); LevelNotReached when none is found within `timeout`
              (default DEFAULT_LEVEL_TIMEOUT with a level)
    symmetry  "none", "rotate180", "rotate90", "mirror" (left-right) or "diagonal" (main diagonal):
              the positions of the givens keep it
    seed      an int or str: the same seed gives the same puzzle everywhere; None for a fresh one
    minimal   True: every given (every orbit) is tried once, so none can be removed without losing
              uniqueness; False: only givens the others force by singles are removed (fast, more
              givens, and the puzzle solves by singles alone)
    timeout   seconds for the whole call (GenerationTimeout / LevelNotReached when it runs out)
    progress  called with a `Progress` after the grid, after each orbit tried, after each rating
    cancel    a callable returning True (or an object with is_set(), like threading.Event) to stop
              with GenerationCancelled
    max_nodes search nodes per uniqueness check (default by size); a check that runs out keeps the
              given, and the puzzle is then not proved minimal (see `generate_details`)
    """
    return generate_details(shape, level=level, symmetry=symmetry, seed=seed, minimal=minimal,
                            timeout=timeout, progress=progress, cancel=cancel, max_nodes=max_nodes).puzzle
