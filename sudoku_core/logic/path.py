"""Finding the next step and the whole path of steps, easiest technique first.

`TECHNIQUES` is the order hints use (HoDoKu's habit: Full House, Naked Single, Hidden Single, ...);
`RATING_ORDER` differs only in the singles, which it takes cheapest first on Sudoku Explainer's
scale (a hidden single in a box before a naked single), so ratings follow that scale.

Every function takes optional variant `rules` (`sudoku_core.variants.rules.Rules`): the techniques then work on
the rules' houses and peers, Killer cages add the techniques of `techniques.killer` and the setters'
constraints those of `techniques.palette` (see `for_rules`),
and the exact checks (uniqueness, the solution) use the variant solver.
"""
from functools import partial

from ..core.compat import TYPE_CHECKING, StrEnum, drive, field, lru_cache, members, record
from ..core.grid import Grid
from ..core.solver import SearchLimitExceeded
from . import exact
from .board import Board, Tables, bits, pause_due, start_candidates, tables
from .candidates import to_masks
from .phrases import sym
from .step import Step
from .techniques import (als, als_chains, bug_lite, chains, coloring, complex_fish, exclusion, fish, forcing,
                         intersections, killer, kraken, medusa, nested, nice_loops, palette, rectangles, remote_pairs,
                         single_digit, singles, subsets, sue_de_coq, templates, uniqueness, wings)

if TYPE_CHECKING:
    from ..variants.rules import Rules

# (name, finder); the finder returns a Step or None.
TECHNIQUES = (
    ("Full House", singles.full_house),
    ("Naked Single", singles.naked_single),
    ("Hidden Single", singles.hidden_single),
    ("Locked Candidates (Pointing)", intersections.pointing),
    ("Locked Candidates (Claiming)", intersections.claiming),
    ("Naked Pair", subsets.naked_pair),
    ("X-Wing", fish.x_wing),
    ("Hidden Pair", subsets.hidden_pair),
    ("Naked Triple", subsets.naked_triple),
    ("Swordfish", fish.swordfish),
    ("Hidden Triple", subsets.hidden_triple),
    ("Skyscraper", single_digit.skyscraper),
    ("Dual 2-String Kite", single_digit.dual_two_string_kite),
    ("2-String Kite", single_digit.two_string_kite),
    ("Dual Empty Rectangle", single_digit.dual_empty_rectangle),
    ("Empty Rectangle", single_digit.empty_rectangle),
    ("Turbot Fish", single_digit.turbot_fish),
    ("Finned X-Wing", complex_fish.finned_x_wing),
    ("Sashimi X-Wing", complex_fish.sashimi_x_wing),
    ("XY-Wing", wings.xy_wing),
    ("XYZ-Wing", wings.xyz_wing),
    ("Remote Pair", remote_pairs.remote_pair),
    ("W-Wing", wings.w_wing),
    ("Unique Rectangle", uniqueness.unique_rectangle),
    ("Avoidable Rectangle", rectangles.avoidable_rectangle),
    ("Unique Rectangle (type 6)", uniqueness.unique_rectangle_type_6),
    ("Hidden Rectangle", rectangles.hidden_rectangle),
    ("Finned Swordfish", complex_fish.finned_swordfish),
    ("Sashimi Swordfish", complex_fish.sashimi_swordfish),
    ("Naked Quad", subsets.naked_quad),
    ("Jellyfish", fish.jellyfish),
    ("Hidden Quad", subsets.hidden_quad),
    ("WXYZ-Wing", wings.wxyz_wing),
    ("Simple Colors", coloring.simple_colors),
    ("Multi-Colors", coloring.multi_colors),
    ("Weak Colors", medusa.weak_colors),
    ("X-Colors", medusa.x_colors),
    ("BUG+1", uniqueness.bug_plus_one),
    ("BUG Lite", bug_lite.bug_lite),
    ("Finned Jellyfish", complex_fish.finned_jellyfish),
    ("Sashimi Jellyfish", complex_fish.sashimi_jellyfish),
    ("VWXYZ-Wing", wings.vwxyz_wing),
    ("Aligned Pair Exclusion", exclusion.aligned_pair_exclusion),
    ("Sue de Coq", sue_de_coq.sue_de_coq),
    ("X-Chain", chains.x_chain),
    ("Broken Wing", medusa.broken_wing),
    ("XY-Chain", chains.xy_chain),
    ("3D Medusa", medusa.medusa),
    ("Continuous Nice Loop", nice_loops.continuous_nice_loop),
    ("Discontinuous Nice Loop", nice_loops.discontinuous_nice_loop),
    ("AIC", chains.aic),
    ("Grouped Continuous Nice Loop", nice_loops.grouped_continuous_nice_loop),
    ("Grouped Discontinuous Nice Loop", nice_loops.grouped_discontinuous_nice_loop),
    ("Grouped AIC", chains.grouped_aic),
    ("ALS-XZ", als.als_xz),
    ("ALS-XY-Wing", als_chains.als_xy_wing),
    ("ALS-XY-Chain", als_chains.als_xy_chain),
    ("Aligned Triple Exclusion", exclusion.aligned_triple_exclusion),
    ("Death Blossom", als_chains.death_blossom),
    ("Franken Fish", complex_fish.franken_fish),
    ("Finned Franken Fish", complex_fish.finned_franken_fish),
    ("Mutant Fish", complex_fish.mutant_fish),
    ("Finned Mutant Fish", complex_fish.finned_mutant_fish),
    ("Template Set", templates.template_set),
    ("Template Delete", templates.template_delete),
    ("Kraken Fish", kraken.kraken_fish),  # a budgeted search: last before the forcing chains
    ("Forcing Chain", forcing.forcing_chain),
    ("Forcing Net", forcing.forcing_net),
    ("Nested Forcing Chain", nested.nested_forcing_chain),
)

# The rating follows Sudoku Explainer's method: cheapest step first on its scale, with the techniques
# it knows (singles in its order; no W-Wing, Simple Colors or ALS: it finds those as chains).
_NOT_RATED = {"Full House", "Naked Single", "Hidden Single", "W-Wing", "Simple Colors", "ALS-XZ",
              "Sue de Coq", "ALS-XY-Wing", "ALS-XY-Chain", "Death Blossom",
              "Avoidable Rectangle", "Unique Rectangle (type 6)", "Hidden Rectangle",  # HoDoKu's uniqueness
              "BUG Lite",  # Sudopedia's
              # HoDoKu's, not in Sudoku Explainer (Turbot Fish is: Sukaku Explainer rates it 4.2)
              "Dual 2-String Kite", "Dual Empty Rectangle", "Multi-Colors", "Remote Pair", "Template Set",
              "Template Delete", "Weak Colors", "X-Colors", "3D Medusa", "Broken Wing",  # SudokuWiki's / Sudopedia's coloring
              "Kraken Fish"} | set(complex_fish.NAMES)  # HoDoKu's fish past the basic ones: not in SE nor Sukaku
# The finders as the rating calls them (the easiest step first) where hints choose otherwise.
_RATED = dict(nice_loops.RATED)
_RATED["Unique Rectangle"] = partial(uniqueness.unique_rectangle, easiest=True)
RATING_ORDER = (
    ("Full House", singles.full_house),
    ("Hidden Single", singles.hidden_single_box),
    ("Hidden Single", singles.hidden_single_line),
    ("Naked Single", singles.naked_single),
) + tuple((name, _RATED.get(name, finder)) for name, finder in TECHNIQUES if name not in _NOT_RATED)
# (chains and loops: the rating takes the easiest one, the hints the one with the most eliminations)

_SINGLES = {"Full House", "Naked Single", "Hidden Single"}


def for_rules(order, t: Tables):
    """`order` for a board's tables: as it is for rules of houses and peers alone; with Killer cages, the
    cage techniques added (Cage Combination and Innies & Outies after the singles, Cage Interaction after
    pointing); with constraints of the setters' palette, their techniques after those (`palette.techniques`:
    only those the rules call for), which keeps the order roughly cheapest first on the rating's scale."""
    cages = any(cage.total is not None for cage in t.cages)
    marks = palette.techniques(t.rules)
    if not (cages or marks):
        return order
    return _with_variants(order, cages, marks)


@lru_cache(maxsize=32)
def _with_variants(order, cages: bool, marks):
    out = list(order)
    after_singles = max(k for k, entry in enumerate(out) if entry[0] in _SINGLES) + 1
    basic = (killer.BASIC if cages else ()) + marks
    out[after_singles:after_singles] = basic
    if cages:
        pointing = next((k for k, entry in enumerate(out) if entry[0] == "Locked Candidates (Pointing)"), None)
        at = after_singles + len(basic) if pointing is None else pointing + 1
        out[at:at] = killer.LOCKED
    return tuple(out)


@members
class PathStatus(StrEnum):
    """How a path ends; the value is the word the CLI shows (the bridge says "stuck" for STUCK)."""

    SOLVED = "solved"
    STUCK = "needs guessing"  # no technique applies: the path ends honestly there
    BROKEN = "no solution"  # the position is broken


@record("steps status grid rules")
class Path:
    """The steps from a grid towards its solution, and how they end (`status`)."""

    steps: list = field(default_factory=list)
    status: PathStatus = PathStatus.SOLVED
    grid: "Grid | None" = None  # where the path ended
    rules: "Rules | None" = None  # the variant rules the path followed (None: classic)

    @property
    def solved(self) -> bool:
        return self.status == PathStatus.SOLVED

    def __iter__(self):
        return iter(self.steps)

    def __len__(self) -> int:
        return len(self.steps)

    def to_dict(self) -> dict:
        """JSON-ready: {"status", "solved", "steps": [Step.to_dict() ...], "grid": the end position}."""
        shape = None if self.grid is None else self.grid.shape
        return {"status": str(self.status), "solved": self.solved,
                "steps": [s.to_dict(shape, self.rules) for s in self.steps],
                "grid": None if self.grid is None else self.grid.to_line()}


def broken(b: Board) -> bool:
    """A cell with no candidate, or a digit with no place left in a unit."""
    values, cands = b.values, b.cands
    for i, v in enumerate(values):
        if not v and not cands[i]:
            return True
    t = b.t
    pos = b.positions()
    for u, cells in enumerate(t.units):
        have = 0
        for i in cells:
            if values[i]:
                have |= 1 << (values[i] - 1)
        um = t.unit_masks[u]
        for d in range(t.n):
            if not have >> d & 1 and not pos[d] & um:
                return True
    return False


def solution_count(grid: Grid, rules: "Rules | None" = None) -> "int | None":
    """0, 1 or 2 (two or more), or None when a small search budget could not tell."""
    try:
        return exact.count_solutions(grid, rules, 2, max_nodes=20000)
    except SearchLimitExceeded:
        return None


def known_unique(grid: Grid, rules: "Rules | None" = None) -> bool:
    return solution_count(grid, rules) == 1


def _without_forcing(order):
    """Forcing chains rarely prove anything in a grid with several solutions, and cost most there."""
    return tuple(entry for entry in order if "Forcing" not in entry[0])


def _changes(b: Board, step: Step) -> bool:
    return (any(not b.values[c] for c, _ in step.placements)
            or any(b.cands[c] >> (d - 1) & 1 for c, d in step.eliminations))


#: The finders written in parts too (generators that pause inside a long search): their generator versions.
IN_PARTS = {nested.nested_forcing_chain: nested.nested_forcing_chain_in_parts}


def find_step(b: Board, order=TECHNIQUES) -> "Step | None":
    return drive(find_step_in_parts(b, order))


def find_step_in_parts(b: Board, order=TECHNIQUES):
    """`find_step` as a generator (see `compat.drive`): it pauses between finders, and inside the searches of
    `IN_PARTS`, when a pause is due (`board.pause_due`: the light engine collects garbage only then)."""
    for _, finder in order:
        parts = IN_PARTS.get(finder)
        step = finder(b) if parts is None else (yield from parts(b))
        if step is not None:
            return step
        if pause_due():
            yield
    return None


def next_step(grid: Grid, candidates=None, *, unique: "bool | None" = None,
              puzzle: "Grid | None" = None, rules: "Rules | None" = None,
              effort: int = nested.HINT_EFFORT) -> "Step | None":
    """The easiest deduction available in `grid` (with the given pencil marks, or the plain ones), or
    None when no technique applies (or the grid is solved or broken). Uniqueness techniques are used
    only when the grid is known to have exactly one solution (checked here unless `unique` is given).

    With `puzzle` (the givens alone), the player's entries in `grid` are checked first: a digit the
    puzzle's solution does not have there gives a "Wrong Entry" step (no digit revealed); when all are
    right, the other digits are known to be placed (Avoidable Rectangles may use them). `rules`:
    the puzzle's variant rules (None: classic). `effort`: the assumptions a nested forcing chain
    search may follow (see `techniques.nested`)."""
    return drive(next_step_in_parts(grid, candidates, unique=unique, puzzle=puzzle, rules=rules, effort=effort))


def next_step_in_parts(grid: Grid, candidates=None, *, unique: "bool | None" = None,
                       puzzle: "Grid | None" = None, rules: "Rules | None" = None,
                       effort: int = nested.HINT_EFFORT):
    """`next_step` as a generator that pauses in its search (see `find_step_in_parts`) and between the exact
    solver's runs: the hint op's."""
    givens = solution = None
    if puzzle is not None:
        mistake, checked, solution = _check_entries(grid, puzzle, rules)
        if mistake is not None:
            return mistake
        givens = puzzle if checked else None
        if pause_due():
            yield
    if grid.is_complete() or exact.conflicts(grid, rules):
        return None
    t = tables(grid.shape, rules)
    masks = None
    if candidates is not None:
        # a mark for a digit a peer already holds (or in a filled cell) is dropped: it could
        # otherwise make a "hidden single" repeat a digit
        plain = start_candidates(t, list(grid.values))
        masks = [m & p for m, p in zip(to_masks(candidates, grid.shape.side), plain)]
    order = for_rules(TECHNIQUES, t)
    if unique is None:
        count = solution_count(grid, rules)
        unique = count == 1
        if count == 2:
            order = _without_forcing(order)
        if pause_due():
            yield
    b = Board.from_grid(grid, masks, unique, rules, givens)
    if masks is not None and unique:
        # with every entry checked right, the puzzle's one solution is the grid's (one, as `unique` says)
        wrong = removed_by_mistake(grid, b, rules, solution if givens is not None else None)
        if wrong is not None:
            return wrong
    if broken(b):
        return None
    with nested.effort_limit(effort):
        return (yield from find_step_in_parts(b, order))


def wrong_entry(grid: Grid, puzzle: Grid, rules: "Rules | None") -> "tuple[Step | None, bool]":
    """A "Wrong Entry" step when an entry is not the puzzle's one solution's digit; and whether every
    entry was checked and is right, every given in place (the puzzle then has one solution, which the
    entries keep)."""
    return _check_entries(grid, puzzle, rules)[:2]


def _check_entries(grid: Grid, puzzle: Grid, rules: "Rules | None") -> tuple:
    """`wrong_entry`'s (step, checked), and the puzzle's one solution (None when it has not one)."""
    if puzzle.shape != grid.shape or exact.conflicts(puzzle, rules):
        return None, False, None
    solution, count, gave_up = exact.solve_and_count(puzzle, rules, 2, max_nodes=20000)
    if count != 1 or gave_up is not None:
        return None, False, None
    n = grid.shape.side
    wrong = [i for i, v in enumerate(grid.values) if v and not puzzle.values[i] and v != solution.values[i]]
    if not wrong:
        return None, all(not v or v == w for v, w in zip(puzzle.values, grid.values)), solution
    names = ", ".join(f"r{i // n + 1}c{i % n + 1}" for i in wrong[:6])
    text = (f"Wrong Entry: {names} {'does' if len(wrong) == 1 else 'do'} not hold the right digit; "
            f"clear {'it' if len(wrong) == 1 else 'them'} and look again")
    return Step("Wrong Entry", text, n, cells=tuple(wrong), extra={"clear": wrong}), False, solution


def removed_by_mistake(grid: Grid, b: Board, rules: "Rules | None", solution: "Grid | None" = None) -> "Step | None":
    """When the pencil marks passed in lack a cell's true digit, say so instead of reasoning from
    them (any deduction from wrong marks could be wrong). `solution`: the grid's one solution, when known."""
    if solution is None:
        solution = exact.solve(grid, rules)
    if solution is None:
        return None
    n = grid.shape.side
    for cell, m in enumerate(b.cands):
        if not grid.values[cell] and not m >> (solution.values[cell] - 1) & 1:
            d = solution.values[cell]
            name = f"r{cell // n + 1}c{cell % n + 1}"
            return Step("Candidate Error", f"Candidate Error: {sym(d, n)} was removed from {name}, but it "
                        f"cannot be ruled out there; put it back", n, cells=(cell,),
                        candidates=((cell, d),), extra={"restore": [(cell, d)]})
    return None


def solve_path(grid: Grid, *, order=TECHNIQUES, unique: "bool | None" = None,
               max_steps: int = 100000, rules: "Rules | None" = None,
               effort: int = nested.RATING_EFFORT, puzzle: "Grid | None" = None) -> Path:
    """Every step from `grid` (under variant `rules`, when given) until it is solved or no technique applies;
    `effort`: the assumptions each nested forcing chain search may follow (see `techniques.nested`).

    The digits the path places are known not to be givens, so Avoidable Rectangles may use them, as
    hints do; so may the entries of `grid` when `puzzle` (the givens alone) is given and every entry is
    the solution's digit. Otherwise every digit of `grid` counts as a given (never used by them)."""
    return drive(walk_path(grid, order=order, unique=unique, max_steps=max_steps, rules=rules, effort=effort,
                           puzzle=puzzle))


def walk_path(grid: Grid, *, order=TECHNIQUES, unique: "bool | None" = None, max_steps: int = 100000,
              rules: "Rules | None" = None, effort: int = nested.RATING_EFFORT, puzzle: "Grid | None" = None):
    """`solve_path` as a generator that pauses after each step and returns the Path (see `compat.drive`)."""
    if unique is None:
        count = solution_count(grid, rules)
        unique = count == 1
        if count == 2:
            order = _without_forcing(order)
    givens = grid
    if puzzle is not None:
        mistake, checked = wrong_entry(grid, puzzle, rules)
        if mistake is None and checked:
            givens = puzzle
    b = Board.from_grid(grid, None, unique, rules, givens)
    order = for_rules(order, b.t)
    path = Path(rules=exact.variant(rules))
    if exact.conflicts(grid, rules):
        path.status = PathStatus.BROKEN
        path.grid = grid
        return path
    while not b.is_solved() and len(path.steps) < max_steps:
        if broken(b):
            path.status = PathStatus.BROKEN
            break
        with nested.effort_limit(effort):
            step = yield from find_step_in_parts(b, order)
        if step is None or not _changes(b, step):
            path.status = PathStatus.STUCK  # (a step that changes nothing would loop: never happens)
            break
        path.steps.append(step)
        b.apply(step)
        yield
    else:
        if not b.is_solved():
            path.status = PathStatus.STUCK
    path.grid = b.to_grid()
    return path


def removed_marks(grid: Grid, steps: "Iterable[Step]",
                  rules: "Rules | None" = None) -> "list[list[tuple[int, int]]]":
    """For each step of a path from `grid`, every pencil mark it takes away as (cell, digit): its
    eliminations, and for a placement the cell's other marks and the digit in its peers. Replayed from
    the plain marks of `grid`, they give the marks before any step without solving again."""
    board = Board.from_grid(grid, rules=rules)
    out = []
    for step in steps:
        before = list(board.cands)
        board.apply(step)
        out.append([(i, d + 1) for i, (was, now) in enumerate(zip(before, board.cands)) if was != now
                    for d in bits(was & ~now)])
    return out
