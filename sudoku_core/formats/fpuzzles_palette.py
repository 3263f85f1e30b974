"""The setters' palette in f-puzzles JSON: each key read into `Constraint`s and written back.

Facts relied on (read in public code, none copied): SudokuPad's importer (github.com/SudokuPad/sudokutools,
src/fpuzzlesdecoder.js) and Rangsk's SudokuSolver (github.com/dclamage/SudokuSolver: PuzzleFormats/
FPuzzlesBoard.cs, SolverFactory.cs, UserScripts/fpuzzles-newconstraints.js):

* lines (``thermometer``, ``slowthermometer``, ``whispers``, ``renban``, ``palindrome``, ``betweenline``):
  ``[{"lines": [["R1C1", "R1C2", ...], ...]}]``, each line its own constraint, from the bulb for a
  thermometer; ``whispers`` (Rangsk's key) may carry ``"value"``, the least difference ("5" German,
  "4" Dutch on 9x9; absent: German);
* ``arrow``: ``{"cells": [circle or pill cells], "lines": [[start, shaft...], ...]}``, each line its own
  arrow, its first point the circle cell it leaves from (not part of the shaft);
* ``difference`` (white dot), ``ratio`` (black dot): ``{"cells": [a, b], "value"?}``; ``xv``: ``{"cells":
  [a, b], "value": "X" | "V"}``;
* ``littlekillersum``: ``{"cell": outside clue like "R0C4", "direction": "DL", "value": "17", "cells"?:
  the diagonal}``, the diagonal from the clue to the grid's far edge;
* ``sandwichsum``: ``{"cell": "R0C3" (over column 3) or "R5C0" (left of row 5), "value"}``;
* ``odd``, ``even``, ``minimum``, ``maximum``: ``{"cell": "R1C1"}``;
* ``quadruple``: ``{"cells": [up to 4], "values": [3, 4]}``; ``clone``: ``{"cells": [...], "cloneCells": [...]}``;
* ``nonconsecutive``: true: f-puzzles' negative constraint of the white dots (no pair without a white dot
  holds consecutive digits), so it reads as ``negative: white`` when the puzzle has white dots and as the
  plain nonconsecutive rule otherwise; ``negative``: ``["ratio", "xv"]`` (black dots, X and V).

Every error is a `ParseError` naming the key and the entry (``arrow 2: ...``), counted from 1.
"""
import re

from ..core.compat import fullmatch, ordered_dict, stable_sorted, unique
from ..core.formats import ParseError
from ..variants import constraints as palette
from ..variants.constraints import Constraint
from ..variants.rules import Rules

# The tables read in order are `ordered_dict`s (MicroPython's dict keeps no order), so that the first fault
# found and the keys written come in the same order on every runtime.
#: f-puzzles key -> kind, for the lines.
LINE_KEYS = ordered_dict((("thermometer", "thermometer"), ("slowthermometer", "slow_thermometer"),
                          ("whispers", "whispers"), ("renban", "renban"), ("palindrome", "palindrome"),
                          ("betweenline", "between")))
#: f-puzzles key -> kind, for the marks between two cells.
PAIR_KEYS = ordered_dict((("difference", "white_dot"), ("ratio", "black_dot"), ("xv", "xv")))
#: f-puzzles keys of one-cell marks (the kind has the key's name).
CELL_KEYS = ("odd", "even", "minimum", "maximum")
#: Every key this module reads.
KEYS = frozenset(tuple(LINE_KEYS) + tuple(PAIR_KEYS) + CELL_KEYS + (
    "arrow", "littlekillersum", "sandwichsum", "quadruple", "clone", "nonconsecutive", "negative"))
#: f-puzzles' names in `negative` -> the `Rules.negative` kinds.
NEGATIVE_NAMES = ordered_dict((("ratio", "black"), ("xv", "xv")))
_KEY_OF = dict({k: key for key, k in LINE_KEYS.items()}, arrow="arrow", little_killer="littlekillersum",
               sandwich="sandwichsum", quadruple="quadruple", clone="clone")
_KEY_OF.update({k: key for key, k in PAIR_KEYS.items()})
_KEY_OF.update({k: k for k in CELL_KEYS})
#: A cell name, R1C1 or r1c1 (MicroPython's `re` has neither counted repeats nor IGNORECASE).
_NAME = re.compile(r"[Rr]([0-9][0-9]?[0-9]?[0-9]?)[Cc]([0-9][0-9]?[0-9]?[0-9]?)$")
_NUMBER = re.compile(r"\s*[0-9][0-9]?[0-9]?[0-9]?\s*$")


class _Reader:
    """Reads one payload's palette keys for a grid of side `n`, collecting notes on what it skipped."""

    def __init__(self, data: dict, n: int, notes: "list[str]") -> None:
        self.data, self.n, self.notes = data, n, notes

    def rc(self, name: object, what: str, outside: bool = False) -> "tuple[int, int]":
        """1-based row and column of a cell name; 0 and n+1 allowed when `outside` (clues round the grid)."""
        found = fullmatch(_NAME, name) if isinstance(name, str) else None
        if not found:
            raise ParseError(f"{what}: {name!r} is not a cell name like R1C1")
        r, c = int(found.group(1)), int(found.group(2))
        low, high = (0, self.n + 1) if outside else (1, self.n)
        if not (low <= r <= high and low <= c <= high):
            raise ParseError(f"{what}: cell {name} is outside the {self.n}x{self.n} grid")
        return r, c

    def cell(self, name: object, what: str) -> int:
        r, c = self.rc(name, what)
        return (r - 1) * self.n + c - 1

    def cells(self, names: object, what: str, key: str = "cells") -> "tuple[int, ...]":
        if not isinstance(names, list) or not names:
            raise ParseError(f"{what} must list its {key} like [\"R1C1\", ...]")
        return tuple(self.cell(name, what) for name in names)

    def entries(self, key: str) -> "list[tuple[str, dict]]":
        value = self.data.get(key) or []
        if not isinstance(value, list):
            raise ParseError(f"{key!r} must be a list")
        out = []
        for k, part in enumerate(value, 1):
            if not isinstance(part, dict):
                raise ParseError(f"{key} {k} must be an object like {{\"cells\": [\"R1C1\", ...]}}")
            out.append((f"{key} {k}", part))
        return out

    def number(self, value: object, what: str) -> "int | None":
        """A clue's number: a whole number or its digits as text; None when absent or empty."""
        if value is None or (isinstance(value, str) and not value.strip()):
            return None
        if isinstance(value, str) and fullmatch(_NUMBER, value):
            return int(value)
        if type(value) is int:
            return value
        raise ParseError(f"{what}: its value {value!r} is not a whole number")

    def checked(self, c: Constraint, what: str) -> Constraint:
        wrong = palette.check(c, self.n)
        if wrong:
            raise ParseError(f"{what}: {wrong}")
        return c

    # -- the keys ------------------------------------------------------------------------------------
    def read(self) -> "tuple[tuple[Constraint, ...], bool, tuple[str, ...]]":
        """The constraints (kinds in `KINDS` order, each kind in the payload's order), nonconsecutive and negative."""
        found: "list[Constraint]" = []
        for key, kind in LINE_KEYS.items():
            for what, part in self.entries(key):
                value = self.number(part.get("value"), what) if kind == "whispers" else None
                lines = part.get("lines")
                if not isinstance(lines, list) or not lines:
                    raise ParseError(f"{what} must be {{\"lines\": [[\"R1C1\", \"R1C2\", ...]]}}")
                for line in lines:
                    found.append(self.checked(Constraint(kind, self.cells(line, what, "line's cells"), value), what))
        for what, part in self.entries("arrow"):
            found += self.arrows(what, part)
        for key, kind in PAIR_KEYS.items():
            for what, part in self.entries(key):
                cells = self.cells(part.get("cells"), what)
                if kind == "xv":
                    letter = part.get("value")
                    value = {"X": 10, "V": 5}.get(letter.upper() if isinstance(letter, str) else letter)
                    if value is None:
                        raise ParseError(f"{what}: its value {letter!r} is not X or V")
                else:
                    value = self.number(part.get("value"), what)
                found.append(self.checked(Constraint(kind, cells, value), what))
        for what, part in self.entries("littlekillersum"):
            found += self.little_killer(what, part)
        for what, part in self.entries("sandwichsum"):
            found += self.sandwich(what, part)
        for key in CELL_KEYS:
            marked = [(self.cell(part.get("cell"), what), what) for what, part in self.entries(key)]
            if key in ("minimum", "maximum"):
                # Touching minima (maxima) are compared only with the cells round them: one group.
                for group in _groups([i for i, _ in marked], self.n):
                    found.append(self.checked(Constraint(key, group), dict(marked)[group[0]]))
            else:
                found += [self.checked(Constraint(key, (i,)), what) for i, what in marked]
        for what, part in self.entries("quadruple"):
            digits = part.get("values")
            if not isinstance(digits, list) or not all(self.number(d, what) for d in digits):
                raise ParseError(f"{what} must list its digits: \"values\": [1, 2]")
            found.append(self.checked(Constraint("quadruple", self.cells(part.get("cells"), what),
                                                 digits=tuple(self.number(d, what) for d in digits)), what))
        for what, part in self.entries("clone"):
            head = self.cells(part.get("cells"), what)
            twin = self.cells(part.get("cloneCells"), what, "cloneCells")
            if len(head) != len(twin):
                raise ParseError(f"{what}: {len(head)} cells and {len(twin)} cloneCells; a clone pairs them one to one")
            pairs = [(h, t) for h, t in zip(head, twin) if h != t]      # a cell that is its own clone asks nothing
            if pairs:
                found.append(self.checked(Constraint("clone", tuple(t for _, t in pairs),
                                                     head=tuple(h for h, _ in pairs)), what))
        found = stable_sorted(found, lambda c: palette.KINDS.index(c.kind))  # each kind keeps its order
        return (tuple(found),) + self.negatives(found)

    def arrows(self, what: str, part: dict) -> "list[Constraint]":
        circle = self.cells(part.get("cells"), what)
        # A pill is read as a number in reading order (left to right, top to bottom), however it was drawn.
        head = tuple(sorted(circle))
        lines = part.get("lines")
        if not isinstance(lines, list) or not lines:
            raise ParseError(f"{what}: a circle without an arrow ({{\"lines\": [[circle cell, shaft...]]}})")
        out = []
        for line in lines:
            cells = self.cells(line, what, "line's cells")
            if cells[0] not in circle:
                raise ParseError(f"{what}: its line starts at {_fp(cells[0], self.n)}, not in its circle")
            if len(cells) < 2:
                raise ParseError(f"{what}: a line with no cell beyond its circle")
            out.append(self.checked(Constraint("arrow", cells[1:], head=head), what))
        return out

    def little_killer(self, what: str, part: dict) -> "list[Constraint]":
        r, c = self.rc(part.get("cell"), what, outside=True)
        direction = part.get("direction")
        if direction not in palette.DIRECTIONS:
            raise ParseError(f"{what}: its direction {direction!r} is not DR, DL, UR or UL")
        value = self.number(part.get("value"), what)
        if value is None:
            self.notes.append(f"{what} (at {part.get('cell')}) has no total: it is no clue, and is left out.")
            return []
        dr, dc = palette.DIRECTIONS[direction]
        n = self.n
        if not (1 <= r <= n and 1 <= c <= n):   # f-puzzles' clue is outside: the sum starts one step in
            r, c = r + dr, c + dc
        cells = []
        while 1 <= r <= n and 1 <= c <= n:
            cells.append((r - 1) * n + c - 1)
            r, c = r + dr, c + dc
        if not cells:
            raise ParseError(f"{what}: from {part.get('cell')} going {direction} the diagonal never enters the grid")
        listed = part.get("cells")
        if listed not in (None, []) and self.cells(listed, what) != tuple(cells):
            raise ParseError(f"{what}: its cells are not the diagonal from {part.get('cell')} going {direction}")
        return [self.checked(Constraint("little_killer", tuple(cells), value, direction=direction), what)]

    def sandwich(self, what: str, part: dict) -> "list[Constraint]":
        r, c = self.rc(part.get("cell"), what, outside=True)
        n = self.n
        value = self.number(part.get("value"), what)
        if value is None:
            self.notes.append(f"{what} (at {part.get('cell')}) has no total: it is no clue, and is left out.")
            return []
        if r in (0, n + 1) and 1 <= c <= n:
            cells = tuple(k * n + c - 1 for k in range(n))
        elif c in (0, n + 1) and 1 <= r <= n:
            cells = tuple((r - 1) * n + k for k in range(n))
        else:
            raise ParseError(f"{what}: a sandwich clue stands outside the grid beside a row or above or below a "
                             f"column, not at {part.get('cell')}")
        return [self.checked(Constraint("sandwich", cells, value), what)]

    def negatives(self, found: "list[Constraint]") -> "tuple[bool, tuple[str, ...]]":
        flag = self.data.get("nonconsecutive", False)
        if flag is not None and not isinstance(flag, bool):
            raise ParseError("'nonconsecutive' must be true or false")
        names = self.data.get("negative") or []
        if not isinstance(names, list):
            raise ParseError("'negative' must be a list like [\"ratio\", \"xv\"]")
        negative = set()
        for name in names:
            if name not in NEGATIVE_NAMES:
                raise ParseError(f"f-puzzles negative constraint {name!r} is not supported here")
            negative.add(NEGATIVE_NAMES[name])
        nonconsecutive = bool(flag)
        if nonconsecutive and any(c.kind == "white_dot" for c in found):
            nonconsecutive = False
            negative.add("white")
        return nonconsecutive, tuple(sorted(negative))


def read_palette(data: dict, n: int, notes: "list[str]") -> "tuple[tuple[Constraint, ...], bool, tuple[str, ...]]":
    """The palette of an f-puzzles payload on a grid of side `n`: (constraints, nonconsecutive, negative).
    Clues that say nothing (a little killer or sandwich without its number) are left out with a note."""
    return _Reader(data, n, notes).read()


def write_palette(rules: Rules, data: dict) -> None:
    """Add the palette of `rules` to the f-puzzles object `data`. Raises ValueError for what f-puzzles cannot
    hold (a little killer that stops short of the grid's edge, nonconsecutive beside white dots)."""
    n = rules.shape.side

    def name(i: int) -> str:
        return _fp(i, n)

    def add(key: str, entry: dict) -> None:
        data.setdefault(key, []).append(entry)

    for c in rules.constraints:
        key = _KEY_OF[c.kind]
        if c.kind in palette.LINES:
            add(key, entry(("lines", [[name(i) for i in c.cells]]), ("value", c.value)))
        elif c.kind == "arrow":
            start = next((h for h in c.head if palette.neighbours(h, c.cells[0], n, diagonal=True)), c.head[-1])
            add(key, entry(("lines", [[name(start)] + [name(i) for i in c.cells]]),
                           ("cells", [name(i) for i in c.head])))
        elif c.kind == "xv":
            add(key, entry(("cells", [name(i) for i in c.cells]), ("value", "X" if c.value == 10 else "V")))
        elif c.kind in palette.PAIRS:
            add(key, entry(("cells", [name(i) for i in c.cells]), ("value", c.value)))
        elif c.kind == "little_killer":
            dr, dc = palette.DIRECTIONS[c.direction]
            (r0, c0), (r1, c1) = divmod(c.cells[0], n), divmod(c.cells[-1], n)
            if 0 <= r0 - dr < n and 0 <= c0 - dc < n or 0 <= r1 + dr < n and 0 <= c1 + dc < n:
                raise ValueError(f"{c.name(n)}: f-puzzles sums a whole diagonal, from a clue outside the grid to its "
                                 "far edge")
            add(key, entry(("cell", f"R{r0 - dr + 1}C{c0 - dc + 1}"), ("cells", [name(i) for i in c.cells]),
                            ("direction", c.direction), ("value", c.value)))
        elif c.kind == "sandwich":
            row = len({i // n for i in c.cells}) == 1
            first = c.cells[0]
            add(key, entry(("cell", f"R{first // n + 1}C0" if row else f"R0C{first % n + 1}"), ("value", c.value)))
        elif c.kind in palette.SINGLE:
            for i in c.cells:
                add(key, entry(("cell", name(i))))
        elif c.kind == "quadruple":
            add(key, entry(("cells", [name(i) for i in c.cells]), ("values", list(c.digits))))
        elif c.kind == "clone":
            add(key, entry(("cells", [name(i) for i in c.head]), ("cloneCells", [name(i) for i in c.cells])))
    white = [c for c in rules.constraints if c.kind == "white_dot"]
    if rules.nonconsecutive and any(c.value in (None, 1) for c in white):
        raise ValueError("nonconsecutive beside white dots of difference 1: f-puzzles' 'nonconsecutive' is the "
                         "negative constraint of the white dots, and cannot say both")
    if rules.nonconsecutive or "white" in rules.negative:
        data["nonconsecutive"] = True
    negative = [fp for fp, kind in NEGATIVE_NAMES.items() if kind in rules.negative]
    if negative:
        data["negative"] = negative


def entry(*pairs: "tuple[str, object]") -> dict:
    """An f-puzzles object with its keys in the order given (written in that order on every runtime); a
    number becomes its text, as f-puzzles writes values, and a None value leaves its key out."""
    out = ordered_dict()
    for key, value in pairs:
        if value is not None:
            out[key] = str(value) if type(value) is int else value
    return out


def _groups(cells: "list[int]", n: int) -> "list[tuple[int, ...]]":
    """The cells in groups joined by their edges, each group sorted, in the order of their first cells."""
    left, out = unique(cells), []
    while left:
        group = {left[0]}
        while True:
            more = {i for i in left if i not in group and any(palette.neighbours(i, j, n) for j in group)}
            if not more:
                break
            group |= more
        out.append(tuple(sorted(group)))
        left = [i for i in left if i not in group]
    return out


def _fp(i: int, n: int) -> str:
    return f"R{i // n + 1}C{i % n + 1}"
