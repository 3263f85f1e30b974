"""`Step`: one deduction, as data a page can draw and a sentence a person can read."""
from __future__ import annotations

from dataclasses import dataclass, field

from .phrases import cell_name, with_article


@dataclass(frozen=True)
class Step:
    """One deduction.

    `placements` and `eliminations` are `(cell index, digit)` pairs (digits 1..n); `cells`, `units`
    and `candidates` say what to highlight (the pattern), `links` the chain's arrows as
    `((cell, digit), (cell, digit), "strong" | "weak")`. `text` is one plain sentence with cells
    named r1c1. `difficulty` is on Sudoku Explainer's scale (see `rating`).
    """

    technique: str
    text: str
    side: int
    placements: tuple = ()
    eliminations: tuple = ()
    cells: tuple = ()
    units: tuple = ()
    candidates: tuple = ()
    links: tuple = ()
    difficulty: float = 0.0
    extra: dict = field(default_factory=dict, compare=False)

    @property
    def hint(self) -> str:
        """The first, gentle nudge: where to look and what kind of deduction, not the result."""
        if self.units:
            where = " and ".join(self.units[:2])
        elif self.cells:
            where = ", ".join(cell_name(c, self.side) for c in sorted(self.cells)[:4])
        else:
            where = "the whole grid"
        return f"Look at {where}: {with_article(self.technique)}"

    def to_dict(self) -> dict:
        """JSON-ready: cells as "r1c1" names, digits as ints."""
        n = self.side

        def pair(p):
            return [cell_name(p[0], n), int(p[1])]

        return {
            "technique": self.technique,
            "placements": [pair(p) for p in self.placements],
            "eliminations": [pair(p) for p in self.eliminations],
            "text": self.text,
            "hint": self.hint,
            "cells": [cell_name(c, n) for c in self.cells],
            "units": list(self.units),
            "candidates": [pair(p) for p in self.candidates],
            "links": [[pair(a), pair(b), kind] for a, b, kind in self.links],
            "difficulty": self.difficulty,
        }

    def __str__(self) -> str:
        return self.text
