"""The constraint palette of the setters' community (f-puzzles, SudokuPad): lines, dots, clues outside the
grid and marked cells, each a `Constraint` of the puzzle's `Rules`.

A constraint is its `kind`, its `cells` (row-major indexes, in the order the kind reads them) and, where the
kind has them, a `value` (the clue's number), `head` cells (an arrow's circle or pill, a clone's twin) and
`digits` (a quadruple's). What each kind asks of the digits (see `holds`):

* ``thermometer``: from the bulb (`cells[0]`) to the tip, strictly increasing;
  ``slow_thermometer``: never decreasing;
* ``arrow``: the shaft's digits (`cells`) add up to the number in the circle (`head`: one cell; a pill of
  several cells is read as one number, its digits in `head`'s order);
* ``white_dot``: two orthogonal neighbours whose digits differ by `value` (1 when None);
  ``black_dot``: one digit is `value` (2 when None) times the other;
* ``xv``: two orthogonal neighbours adding up to `value` (10 for an X, 5 for a V);
* ``little_killer``: the digits of a diagonal (`cells`, from the clue outside the grid inwards; the clue
  stands one step before `cells[0]`, in `direction` "DR", "DL", "UR" or "UL") add up to `value`;
* ``sandwich``: in a row or column (`cells`, left to right or top to bottom) the digits strictly between
  the 1 and the largest digit (9 on 9x9) add up to `value`;
* ``whispers``: neighbours along the line differ by at least `value` (`whisper_gap` when None: 5 on 9x9);
* ``renban``: the line's digits are distinct and form a run of consecutive numbers, in any order;
* ``palindrome``: the line reads the same from both ends;
* ``between``: every digit inside the line (not its two ends) lies strictly between the ends' digits;
* ``odd``, ``even``: one cell;
* ``quadruple``: every digit of `digits` appears among the (up to four) cells, as often as it is listed;
* ``minimum`` / ``maximum``: one cell smaller / greater than each of its orthogonal neighbours; several
  cells, orthogonally connected: each smaller / greater than its neighbours outside the group (f-puzzles
  compares touching minima or maxima only with the other cells, as Rangsk's solver does);
* ``clone``: `cells[k]` holds the digit of `head[k]`, for each k.

Rules-wide constraints are flags of `Rules`: ``nonconsecutive`` (orthogonal neighbours never differ by 1),
``negative`` (kinds among "white", "black", "xv" whose marks are all given: two orthogonal neighbours with no
dot and no X or V between them never make its relation; for "xv": never add up to 5 or 10). A marked pair
shows its clue and is exempt from every negative, as one edge holds one mark.

Constraints are made with `Constraint(...)` and checked when `Rules` is made: a bad one raises `RulesError`
naming it ("thermometer r1c1-r1c4: r1c3 and r2c5 are not neighbours").
"""
from ..core.compat import record

#: The kinds, in the order the docs list them.
KINDS = ("thermometer", "slow_thermometer", "arrow", "white_dot", "black_dot", "xv", "little_killer", "sandwich",
         "whispers", "renban", "palindrome", "between", "odd", "even", "quadruple", "minimum", "maximum", "clone")
#: Kinds drawn along a line of neighbouring cells (diagonal steps included).
LINES = frozenset({"thermometer", "slow_thermometer", "whispers", "renban", "palindrome", "between"})
#: Kinds of two orthogonally neighbouring cells.
PAIRS = frozenset({"white_dot", "black_dot", "xv"})
#: Kinds of one cell.
SINGLE = frozenset({"odd", "even", "minimum", "maximum"})
DIRECTIONS = {"DR": (1, 1), "DL": (1, -1), "UR": (-1, 1), "UL": (-1, -1)}
#: The relations the negative constraint applies to, and the kinds of their given marks.
NEGATIVE_KINDS = {"white": "white_dot", "black": "black_dot", "xv": "xv"}


@record("kind cells value head digits direction", frozen=True)
class Constraint:
    """One clue of the palette; see the module docstring for each kind's cells, value, head and digits."""

    kind: str
    cells: "tuple[int, ...]"
    value: "int | None" = None
    head: "tuple[int, ...]" = ()
    digits: "tuple[int, ...]" = ()
    direction: str = ""

    def name(self, n: int) -> str:
        """How a sentence names it: "thermometer r1c1-r1c4", "arrow r2c2 (r2c3-r2c5)", "X r4c4-r4c5"."""
        def cell(i: int) -> str:
            return f"r{i // n + 1}c{i % n + 1}"
        span = f"{cell(self.cells[0])}-{cell(self.cells[-1])}" if len(self.cells) > 1 else cell(self.cells[0])
        label = self.kind.replace("_", " ")
        if self.kind == "xv":
            label = {10: "X", 5: "V"}.get(self.value, f"XV {self.value}")
        elif self.kind == "arrow":
            return f"arrow {'/'.join(cell(i) for i in self.head)} ({span})"
        elif self.kind == "clone":
            return f"clone {span} of {cell(self.head[0])}-{cell(self.head[-1])}"
        elif self.kind in ("little_killer", "sandwich") and self.value is not None:
            label = f"{label} {self.value}"
        return f"{label} {span}"

    def to_dict(self) -> dict:
        out: dict = {"kind": self.kind, "cells": list(self.cells)}
        if self.value is not None:
            out["value"] = self.value
        if self.head:
            out["head"] = list(self.head)
        if self.digits:
            out["digits"] = list(self.digits)
        if self.direction:
            out["direction"] = self.direction
        return out


def whisper_gap(side: int) -> int:
    """The least difference along a whispers line with no value given: 5 on 9x9 (half the side, rounded up)."""
    return (side + 1) // 2


def neighbours(a: int, b: int, n: int, diagonal: bool = False) -> bool:
    """Do cells a and b touch (by an edge; or a corner too when `diagonal`)?"""
    (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
    dr, dc = abs(ra - rb), abs(ca - cb)
    return (dr + dc == 1) or (diagonal and dr == 1 and dc == 1)


def pill_number(digits: "Sequence[int]") -> int:
    """An arrow's circle or pill read as one number: its digits written one after another (1, 2 -> 12)."""
    return int("".join(str(d) for d in digits))


def check(c: Constraint, n: int) -> "str | None":
    """What is wrong with constraint `c` on a grid of side `n` (a sentence), or None."""
    cells = c.cells
    count = n * n
    if c.kind not in KINDS:
        return f"unknown constraint {c.kind!r}"
    where = c.kind.replace("_", " ")
    for i in tuple(cells) + tuple(c.head):
        if not (isinstance(i, int) and 0 <= i < count):
            return f"{where}: cell {i!r} is outside the {n}x{n} grid"
    if not cells:
        return f"{where}: no cells"
    if len(set(cells)) != len(cells) or set(cells) & set(c.head):
        return f"{where}: a cell is listed twice"
    name = c.name(n)
    if c.kind in LINES:
        if len(cells) < 2:
            return f"{name}: a line needs two cells or more"
        for a, b in zip(cells, cells[1:]):
            if not neighbours(a, b, n, diagonal=True):
                return f"{name}: {_cell(a, n)} and {_cell(b, n)} are not neighbours"
    if c.kind in PAIRS:
        if len(cells) != 2 or not neighbours(cells[0], cells[1], n):
            return f"{name}: a dot joins two cells that share an edge"
    if c.kind in ("minimum", "maximum") and len(cells) > 1:
        joined = {cells[0]}
        while True:
            more = {i for i in cells if i not in joined and any(neighbours(i, j, n) for j in joined)}
            if not more:
                break
            joined |= more
        if len(joined) != len(cells):
            return f"{name}: the cells of a group of {c.kind}s must join by their edges"
    elif c.kind in SINGLE and len(cells) != 1:
        return f"{name}: one cell"
    if c.kind == "arrow":
        if not c.head:
            return f"{name}: an arrow needs its circle"
        if len(c.head) > 3:
            return f"{name}: a pill of {len(c.head)} cells is more than this engine reads"
        # The shaft leaves the circle from any of its cells (f-puzzles draws a pill's arrow from the cell it
        # starts at), then runs through neighbours.
        start = next((h for h in c.head if neighbours(h, cells[0], n, diagonal=True)), c.head[-1])
        path = (start,) + tuple(cells)
        for a, b in zip(path, path[1:]):
            if not neighbours(a, b, n, diagonal=True):
                return f"{name}: {_cell(a, n)} and {_cell(b, n)} are not neighbours"
        low, high = len(cells), len(cells) * n
        top = pill_number([n] * len(c.head))
        if high < (1 if len(c.head) == 1 else 10) or low > top:
            return f"{name}: its shaft cannot add up to any number its circle can hold"
    if c.kind == "clone" and len(c.head) != len(cells):
        return f"{name}: both halves of a clone have as many cells"
    if c.kind == "xv" and c.value not in (5, 10):
        return f"{name}: an X is 10 and a V is 5"
    if c.kind == "white_dot" and c.value is not None and not 1 <= c.value < n:
        return f"{name}: two digits of 1..{n} never differ by {c.value}"
    if c.kind == "black_dot" and c.value is not None and not 2 <= c.value <= n:
        return f"{name}: a ratio of {c.value} is not one two digits of 1..{n} make"
    if c.kind == "whispers" and c.value is not None and not 1 <= c.value < n:
        return f"{name}: neighbours of 1..{n} never differ by {c.value} or more"
    if c.kind == "renban" and len(cells) > n:
        return f"{name}: {len(cells)} distinct consecutive digits do not fit in 1..{n}"
    if c.kind == "quadruple":
        if not 1 <= len(c.digits) <= len(cells) or not all(1 <= d <= n for d in c.digits):
            return f"{name}: up to {len(cells)} digits of 1..{n}"
    if c.kind == "little_killer":
        if c.direction not in DIRECTIONS:
            return f"{name}: a direction of DR, DL, UR or UL"
        dr, dc = DIRECTIONS[c.direction]
        for a, b in zip(cells, cells[1:]):
            if b - a != dr * n + dc or not neighbours(a, b, n, diagonal=True):
                return f"{name}: its cells are not one diagonal in its direction"
        if c.value is None or not 1 <= c.value <= len(cells) * n:
            return f"{name}: {len(cells)} digits of 1..{n} never add up to {c.value}"
    if c.kind == "sandwich":
        rows = {i // n for i in cells}
        cols = {i % n for i in cells}
        if len(cells) != n or not (len(rows) == 1 or len(cols) == 1):
            return f"{name}: a sandwich clue reads a whole row or column"
        most = sum(range(2, n))
        if c.value is None or not 0 <= c.value <= most:
            return f"{name}: the digits between 1 and {n} never add up to {c.value}"
    return None


def _cell(i: int, n: int) -> str:
    return f"r{i // n + 1}c{i % n + 1}"


def holds(c: Constraint, values: "Sequence[int]", n: int) -> bool:
    """Do the digits of `values` (row by row, 0 = empty) keep constraint `c`? Only a constraint whose cells
    are all filled can be broken (for minimum and maximum: its cell and its filled neighbours)."""
    digits = [values[i] for i in c.cells]
    head = [values[i] for i in c.head]
    if 0 in digits or 0 in head:
        return True
    kind = c.kind
    if kind == "thermometer":
        return all(a < b for a, b in zip(digits, digits[1:]))
    if kind == "slow_thermometer":
        return all(a <= b for a, b in zip(digits, digits[1:]))
    if kind == "arrow":
        return sum(digits) == pill_number(head)
    if kind == "white_dot":
        return abs(digits[0] - digits[1]) == (c.value or 1)
    if kind == "black_dot":
        a, b = sorted(digits)
        return b == a * (c.value or 2)
    if kind == "xv":
        return digits[0] + digits[1] == c.value
    if kind == "little_killer":
        return sum(digits) == c.value
    if kind == "sandwich":
        lo, hi = sorted((digits.index(1), digits.index(n))) if 1 in digits and n in digits else (0, 0)
        return sum(digits[lo + 1:hi]) == c.value
    if kind == "whispers":
        gap = c.value or whisper_gap(n)
        return all(abs(a - b) >= gap for a, b in zip(digits, digits[1:]))
    if kind == "renban":
        return len(set(digits)) == len(digits) and max(digits) - min(digits) == len(digits) - 1
    if kind == "palindrome":
        return digits == digits[::-1]
    if kind == "between":
        lo, hi = sorted((digits[0], digits[-1]))
        return all(lo < d < hi for d in digits[1:-1])
    if kind == "odd":
        return digits[0] % 2 == 1
    if kind == "even":
        return digits[0] % 2 == 0
    if kind == "quadruple":
        return all(digits.count(d) >= c.digits.count(d) for d in set(c.digits))
    if kind in ("minimum", "maximum"):
        for i in c.cells:
            around = [values[j] for j in range(n * n) if j not in c.cells and neighbours(i, j, n) and values[j]]
            if not (all(values[i] < v for v in around) if kind == "minimum" else all(values[i] > v for v in around)):
                return False
        return True
    if kind == "clone":
        return digits == head
    raise ValueError(f"unknown constraint {kind!r}")


def from_dict(data: object, where: str) -> Constraint:
    """A constraint from `Constraint.to_dict`'s form; raises ValueError naming `where` (e.g. "rules.constraints[3]")."""
    if not isinstance(data, dict) or set(data) - {"kind", "cells", "value", "head", "digits", "direction"}:
        raise ValueError(f"{where} must be {{\"kind\": ..., \"cells\": [...], \"value\"?, \"head\"?, \"digits\"?, "
                         "\"direction\"?}}")
    kind = data.get("kind")
    if kind not in KINDS:
        raise ValueError(f"{where}.kind must be one of {', '.join(KINDS)}")

    def ints(key: str) -> "tuple[int, ...]":
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise ValueError(f"{where}.{key} must be a list of whole numbers")
        return tuple(value)

    value = data.get("value")
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise ValueError(f"{where}.value must be a whole number")
    direction = data.get("direction", "")
    if not isinstance(direction, str):
        raise ValueError(f"{where}.direction must be DR, DL, UR or UL")
    return Constraint(kind, ints("cells"), value, ints("head"), ints("digits"), direction)
