"""Human-style solving: pencil marks, hints, explained steps and a difficulty rating.

    >>> from sudoku_core import Grid
    >>> from sudoku_core.logic import next_step
    >>> step = next_step(Grid.parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"))
    >>> step.technique
    'Hidden Single'
"""
from .candidates import candidates, candidate_lists
from .diagnose import diagnose, Diagnosis, Verdict
from .levels import Level
from .path import next_step, removed_marks, solve_path, Path, PathStatus, TECHNIQUES
from .rating import rate, Rating
from .step import Step
from .why import why_not

__all__ = ["candidates", "candidate_lists", "Step", "next_step", "removed_marks", "solve_path", "Path", "PathStatus",
           "TECHNIQUES", "rate", "Rating", "Level", "diagnose", "Diagnosis", "Verdict", "why_not"]
