"""Difficulty rating on Sudoku Explainer's scale, with a level word after HoDoKu.

The score of a puzzle is the difficulty of the hardest step of its path when the techniques are
tried cheapest first (Sudoku Explainer's method). Steps carry their own difficulty: Sudoku
Explainer's published value for the techniques it has (singles 1.0-2.3, locked candidates 2.6/2.8,
subsets and fish 3.0-5.4, XY/XYZ-Wing 4.2/4.4, unique rectangles 4.5+, BUG 5.6, chains 6.5+ with its
length extra, forcing chains 7.1+); techniques it does not have get the value Sudoku Explainer
gives the chain it would find instead (see `SCORES` and docs/logic.md).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..grid import Grid
from ..levels import LEVELS, Level
from . import exact
from .diagnose import Verdict
from .path import RATING_ORDER, PathStatus, solution_count, solve_path

if TYPE_CHECKING:
    from ..rules import Rules

#: The level (an index into `LEVELS`) of each technique: a puzzle's is that of its hardest technique.
LEVEL_OF = {
    "Full House": 0, "Naked Single": 0, "Hidden Single": 0,
    "Locked Candidates (Pointing)": 1, "Locked Candidates (Claiming)": 1,
    "Naked Pair": 1, "Hidden Pair": 1, "Naked Triple": 1, "Hidden Triple": 1,
    "X-Wing": 2, "Swordfish": 2, "Jellyfish": 2, "Naked Quad": 2, "Hidden Quad": 2,
    "XY-Wing": 2, "XYZ-Wing": 2, "WXYZ-Wing": 2, "VWXYZ-Wing": 2, "W-Wing": 2, "Skyscraper": 2, "2-String Kite": 2,
    "Empty Rectangle": 2, "Simple Colors": 2, "Unique Rectangle": 2, "BUG+1": 2,
    "X-Chain": 3, "XY-Chain": 3, "AIC": 3, "Grouped AIC": 3, "Continuous Nice Loop": 3, "ALS-XZ": 3,
    "Forcing Chain": 4, "Forcing Net": 4,
    "Cage Combination": 0, "Innies & Outies": 1, "Cage Interaction": 1,
}


@dataclass(frozen=True)
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


#: The score of a puzzle logic here cannot finish: past every technique implemented (Sudoku
#: Explainer rates such puzzles with nested forcing chains, 9.5 and up).
BEYOND = 10.0


def rate(grid: Grid, rules: "Rules | None" = None) -> Rating:
    """Rate a puzzle (under variant `rules`, when given) by the hardest step of its cheapest-first
    logical path.

    A puzzle logic cannot finish scores `BEYOND` (10.0), level Extreme, hardest "needs guessing";
    a grid with no solution or several scores None, level "Unsolvable", hardest "no solution" or
    "several solutions"."""
    count = solution_count(grid, rules)
    if count == 0 or exact.conflicts(grid, rules):
        return Rating(None, Level.UNSOLVABLE, Verdict.NO_SOLUTION, 0)
    if count == 2:
        return Rating(None, Level.UNSOLVABLE, Verdict.SEVERAL, 0)
    path = solve_path(grid, order=RATING_ORDER, unique=count == 1, rules=rules)
    if path.status == PathStatus.BROKEN:
        return Rating(None, Level.UNSOLVABLE, Verdict.NO_SOLUTION, len(path.steps))
    if not path.solved:
        return Rating(BEYOND, Level.EXTREME, PathStatus.STUCK, len(path.steps))
    if not path.steps:
        return Rating(0.0, Level.EASY, "", 0)
    hardest = max(path.steps, key=lambda s: s.difficulty)
    level = max(LEVEL_OF[s.technique] for s in path.steps)
    return Rating(hardest.difficulty, LEVELS[level], hardest.technique, len(path.steps))
