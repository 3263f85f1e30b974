"""Difficulty rating on Sudoku Explainer's scale, with a level word after HoDoKu.

The score of a puzzle is the difficulty of the hardest step of its path when the techniques are
tried cheapest first (Sudoku Explainer's method). Steps carry their own difficulty: Sudoku
Explainer's published value for the techniques it has (singles 1.0-2.3, locked candidates 2.6/2.8,
subsets and fish 3.0-5.4, XY/XYZ-Wing 4.2/4.4, unique rectangles 4.5+, BUG 5.6, chains 6.5+ with its
length extra, forcing chains 7.1+); techniques it does not have get the value Sudoku Explainer
gives the chain it would find instead (see `SCORES` and docs/logic.md).
"""
from ..core.compat import TYPE_CHECKING, drive, record
from ..core.grid import Grid
from . import exact
from .diagnose import Verdict
from .levels import LEVELS, Level
from .path import RATING_ORDER, PathStatus, solution_count, walk_path
from .techniques import nested

if TYPE_CHECKING:
    from ..variants.rules import Rules

#: The level (an index into `LEVELS`) of each technique: a puzzle's is that of its hardest technique.
LEVEL_OF = {
    "Full House": 0, "Naked Single": 0, "Hidden Single": 0,
    "Locked Candidates (Pointing)": 1, "Locked Candidates (Claiming)": 1,
    "Naked Pair": 1, "Hidden Pair": 1, "Naked Triple": 1, "Hidden Triple": 1,
    "X-Wing": 2, "Swordfish": 2, "Jellyfish": 2, "Naked Quad": 2, "Hidden Quad": 2,
    "XY-Wing": 2, "XYZ-Wing": 2, "WXYZ-Wing": 2, "VWXYZ-Wing": 2, "W-Wing": 2, "Skyscraper": 2, "2-String Kite": 2,
    "Empty Rectangle": 2, "Simple Colors": 2, "Turbot Fish": 2, "Dual 2-String Kite": 2, "Dual Empty Rectangle": 2,
    "Multi-Colors": 2, "Remote Pair": 2, "Template Set": 4, "Template Delete": 4, "Unique Rectangle": 2, "BUG+1": 2,
    "BUG Lite": 2,
    "Unique Rectangle (type 6)": 2, "Hidden Rectangle": 2, "Avoidable Rectangle": 2,
    "X-Chain": 3, "XY-Chain": 3, "AIC": 3, "Grouped AIC": 3, "Continuous Nice Loop": 3, "Discontinuous Nice Loop": 3,
    "Grouped Continuous Nice Loop": 3, "Grouped Discontinuous Nice Loop": 3, "ALS-XZ": 3,
    "Sue de Coq": 3, "ALS-XY-Wing": 3, "ALS-XY-Chain": 3, "Death Blossom": 3,
    "Finned X-Wing": 2, "Sashimi X-Wing": 2, "Siamese Finned X-Wing": 2, "Siamese Sashimi X-Wing": 2,
    "Finned Swordfish": 3, "Sashimi Swordfish": 3, "Siamese Finned Swordfish": 3, "Siamese Sashimi Swordfish": 3,
    "Finned Jellyfish": 3, "Sashimi Jellyfish": 3, "Siamese Finned Jellyfish": 3, "Siamese Sashimi Jellyfish": 3,
    "Franken Fish": 3, "Finned Franken Fish": 3, "Siamese Finned Franken Fish": 3, "Mutant Fish": 4,
    "Finned Mutant Fish": 4, "Siamese Finned Mutant Fish": 4,
    "Kraken Fish": 4, "Forcing Chain": 4, "Forcing Net": 4, "Nested Forcing Chain": 4,
    "Weak Colors": 2, "X-Colors": 2, "3D Medusa": 3, "Broken Wing": 3, "Aligned Pair Exclusion": 3, "Aligned Triple Exclusion": 3,
    "Cage Combination": 0, "Innies & Outies": 1, "Cage Interaction": 1,
    # the setters' palette (techniques.palette): one constraint's own reading, like a cage's combinations
    "Parity": 0, "Clone": 0, "Palindrome": 0, "Kropki Dot": 0, "XV": 0, "Nonconsecutive": 0, "Thermometer": 0,
    "Minimum/Maximum": 0, "Whispers": 0, "Between Line": 0, "Renban": 0, "Arrow": 0, "Little Killer": 0,
    "Quadruple": 1, "Sandwich": 1,
}


@record("score level hardest steps", frozen=True)
class Rating:
    """`score` on Sudoku Explainer's scale (0.0 for a grid that needs no step; 10.0 when logic alone
    does not finish; None when there is no solution), `level` (Easy, Medium, Hard, Unfair, Extreme;
    "Unsolvable" without a solution), `hardest` the technique of the hardest step, `steps` how many."""

    score: "float | None"
    level: Level
    hardest: str  # a technique, or why there is none: PathStatus.STUCK, Verdict.NO_SOLUTION or SEVERAL
    steps: int

    def __str__(self) -> str:
        score = "-" if self.score is None else f"{self.score:.1f}"
        return f"{score}\t{self.level}\t{self.hardest}"

    def to_dict(self) -> dict:
        return {"score": self.score, "level": str(self.level), "hardest": str(self.hardest), "steps": self.steps}


#: The score of a puzzle logic here cannot finish: past every technique implemented, nested forcing
#: chains (9.5-9.9) included, or past their time limit (`techniques.nested`).
BEYOND = 10.0


#: For each level (an index into `LEVELS`), the rating's order with only the techniques of that level and easier.
_WITHIN = tuple(tuple((name, finder) for name, finder in RATING_ORDER if LEVEL_OF[name] <= top)
                for top in range(len(LEVELS)))


def finishes_within_in_parts(grid: Grid, level: "Level | str", rules: "Rules | None" = None):
    """Whether the rating's techniques of `level` and the easier ones alone finish `grid` (one solution), as a
    generator that pauses after each step and returns the answer (`compat.drive`). When they do not, `rate` gives
    it a harder level: while the steps of its path are all of those levels, each is the step found here too (the
    same finders in the same order, less ones that found nothing there). The generator asks this before rating a
    puzzle made for a level: it spares the search for the harder steps, most of the rating of a harder puzzle."""
    path = yield from walk_path(grid, order=_WITHIN[LEVELS.index(level)], unique=True, rules=rules)
    return path.solved


def rate(grid: Grid, rules: "Rules | None" = None, *, effort: int = nested.RATING_EFFORT) -> Rating:
    """Rate a puzzle (under variant `rules`, when given) by the hardest step of its cheapest-first
    logical path.

    A puzzle logic cannot finish scores `BEYOND` (10.0), level Extreme, hardest "needs guessing";
    a grid with no solution or several scores None, level "Unsolvable", hardest "no solution" or
    "several solutions". `effort`: the assumptions each nested forcing chain search may follow (past
    it the search finds nothing: see `techniques.nested`)."""
    return drive(rate_in_parts(grid, rules, effort=effort))


def rate_in_parts(grid: Grid, rules: "Rules | None" = None, *, effort: int = nested.RATING_EFFORT):
    """`rate` as a generator that pauses after each step of the path and returns the Rating (`compat.drive`)."""
    count = solution_count(grid, rules)
    if count == 0 or exact.conflicts(grid, rules):
        return Rating(None, Level.UNSOLVABLE, Verdict.NO_SOLUTION, 0)
    if count == 2:
        return Rating(None, Level.UNSOLVABLE, Verdict.SEVERAL, 0)
    path = yield from walk_path(grid, order=RATING_ORDER, unique=count == 1, rules=rules, effort=effort)
    if path.status == PathStatus.BROKEN:
        return Rating(None, Level.UNSOLVABLE, Verdict.NO_SOLUTION, len(path.steps))
    if not path.solved:
        return Rating(BEYOND, Level.EXTREME, PathStatus.STUCK, len(path.steps))
    if not path.steps:
        return Rating(0.0, Level.EASY, "", 0)
    hardest = max(path.steps, key=lambda s: s.difficulty)
    level = max(LEVEL_OF[s.technique] for s in path.steps)
    return Rating(hardest.difficulty, LEVELS[level], hardest.technique, len(path.steps))
