"""`Step`: one deduction, as data a page can draw and a sentence a person can read."""
from ..core.compat import TYPE_CHECKING, field, record
from ..core.shape import Shape
from .board import tables
from .phrases import cell_name, with_article

if TYPE_CHECKING:
    from ..variants.rules import Rules


#: (cell, digit) candidates a finder is asked to remove: given one, a finder that takes a `focus` ranks its
#: instances by how many of them each removes and gives none that removes none (HoDoKu's regression test
#: asks each finder for the instance of named candidates: bench/reglib_bench.py); empty: its own choice.
Focus = "tuple[tuple[int, int], ...]"


def takes_focus(finder) -> bool:
    """Whether a finder takes a `focus`, read from its code (`inspect` would add itself and its imports to the
    page's Python library, which holds what the engine imports); asked of the finder itself on MicroPython."""
    code = getattr(getattr(finder, "func", finder), "__code__", None)
    if hasattr(code, "co_varnames"):
        return "focus" in code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
    known = _TAKES_FOCUS.get(finder)
    if known is None:
        known = _TAKES_FOCUS[finder] = _accepts_focus(finder)
    return known


_TAKES_FOCUS: dict = {}  # finder -> whether it takes a focus, where its code cannot tell (MicroPython)


class _Accepted(Exception):
    pass


class _Probe:
    """A stand-in board: reading anything of it says the call got into the finder's body."""

    def __getattr__(self, name):
        raise _Accepted


def _accepts_focus(finder) -> bool:
    """MicroPython's functions keep no argument names (nor does its `functools.partial` its function), but a
    call with an argument the function lacks fails before the body runs: so call it once with a `focus` and a
    board whose first use stops the call."""
    try:
        finder(_Probe(), focus=())
    except TypeError as error:  # "unexpected keyword argument 'focus'"; another one: the body ran
        return "focus" not in str(error) and "keyword" not in str(error)
    except _Accepted:
        pass
    return True


def focus_cells(focus: Focus, digit: int) -> int:
    """The cells (a bitset) where `focus` asks for `digit` to go; every cell without a focus."""
    if not focus:
        return -1
    out = 0
    for cell, d in focus:
        if d == digit:
            out |= 1 << cell
    return out


def focus_count(eliminations, focus: Focus) -> int:
    """How many of `eliminations` count under `focus`: all of them without one."""
    if not focus:
        return len(eliminations)
    wanted = set(focus)
    return sum(1 for e in eliminations if e in wanted)


def focus_placed(peer_masks, cell: int, digit: int, focus: Focus) -> bool:
    """Whether placing `digit` in `cell` removes a candidate of `focus` (the cell's other digits, the digit
    in the cell's peers); always without a focus."""
    return not focus or any(c == cell and d != digit or d == digit and peer_masks[cell] >> c & 1 for c, d in focus)


def _pair(pair: "tuple[int, int]") -> dict:
    return {"cell": int(pair[0]), "digit": int(pair[1])}


@record("technique text side placements eliminations cells units candidates links difficulty extra", frozen=True)
class Step:
    """One deduction.

    `placements` and `eliminations` are `(cell index, digit)` pairs (digits 1..n); `cells`, `units`
    and `candidates` say what to highlight (the pattern), `links` the chain's arrows as
    `((cell, digit), (cell, digit), "strong" | "weak" | "implies")`. `text` is one plain sentence with cells
    named r1c1. `difficulty` is on Sudoku Explainer's scale (see `rating`). `extra` holds a
    technique's details; the JSON form sends three of them: "clear" (the cells of a Wrong Entry),
    "restore" (the (cell, digit) marks of a Candidate Error) and "constraints" (the palette constraints
    a step reads, each in `Constraint.to_dict`'s form, or a rules-wide relation's {"kind", "cells"}).
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

    def to_dict(self, shape: "Shape | None" = None, rules: "Rules | None" = None) -> dict:
        """The one JSON form of a step (the CLI's `explain --json` and the bridge send it; fields in
        docs/engine-js.md): cells as indices (row-major from 0), digits 1..n, each unit with its cells.
        `shape` and `rules` give the units' cells (regions, diagonals, windows, cages ...): the grid's
        shape, by default the usual boxes for `side`, and its variant rules, if any."""
        shape = shape or Shape.for_side(self.side)
        unit_cells = tables(shape, rules).unit_cells if self.units else {}
        extra = self.extra or {}
        return {
            "technique": self.technique,
            "text": self.text,
            "hint": self.hint,
            "difficulty": self.difficulty,
            "placements": [_pair(p) for p in self.placements],
            "eliminations": [_pair(p) for p in self.eliminations],
            "cells": [int(c) for c in self.cells],
            "candidates": [_pair(p) for p in self.candidates],
            "units": [{"name": name, "cells": list(unit_cells.get(name, ()))} for name in self.units],
            "links": [{"from": _pair(a), "to": _pair(b), "kind": kind} for a, b, kind in self.links],
            "clear": [int(c) for c in extra.get("clear", ())],
            "restore": [_pair(p) for p in extra.get("restore", ())],
            "constraints": [dict(c) for c in extra.get("constraints", ())],
        }

    def __str__(self) -> str:
        return self.text
