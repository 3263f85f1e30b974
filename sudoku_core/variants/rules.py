"""Variant rules: what a puzzle asks beyond its givens, in one model the solver, the formats and the CLI share.

Most variants are more houses (sets of cells that hold distinct digits, each digit once when the house has
`side` cells) or more peers:

* **Jigsaw**: `regions`, irregular regions that replace the boxes (`side` regions of `side` cells);
* **X**: `diagonal_down` (r1c1 to rNcN) and `diagonal_up` (rNc1 to r1cN), each a house;
* **Windoku / Hyper**: `windows`, four extra 3x3 houses of a 9x9 (rows and columns 2-4 and 6-8);
* `extra_regions`: any further houses (f-puzzles' "extraregion");
* **anti-knight**, **anti-king**: two cells a chess knight's (king's) move apart hold different digits;
* **Killer**: `cages`, cells whose digits are distinct and, when the cage has a total, add up to it;
* the setters' palette (`constraints`: thermometers, arrows, Kropki dots, XV, little killers, sandwiches,
  whispers, renban, palindromes, between lines, odd/even, quadruples, minimum/maximum, clones; see
  `sudoku_core.variants.constraints`), `nonconsecutive`, and `negative` (the kinds of dot, among "white",
  "black" and "xv", whose absence between two neighbours is a rule too).

`Rules` is immutable and validated when made: a bad rule raises `RulesError` (a ValueError) that names the
cells or the region at fault. Cells are indexed row by row from 0, as in `Grid`.
"""
from ..core.compat import cached_property, field, ordered_dict, record
from ..core.grid import Conflict, Grid
from ..core.shape import Shape, Unit
from . import constraints as palette
from .constraints import Constraint


class RulesError(ValueError):
    """A rule that cannot hold: regions that do not partition the grid, overlapping cages, a cage total no
    set of distinct digits makes, ... The message names the cells or the region."""


@record("cells total", frozen=True)
class Cage:
    """Cells holding distinct digits that add up to `total` (None: no total, only distinct)."""

    cells: "tuple[int, ...]"
    total: "int | None" = None

    def name(self, shape: "Shape") -> str:
        where = ", ".join(shape.cell_name(c) for c in self.cells)
        return f"the cage {where}" + (f" (total {self.total})" if self.total is not None else "")


def sum_range(size: int, side: int) -> "tuple[int, int]":
    """The least and the greatest total of `size` distinct digits from 1..side (every total between is made)."""
    return size * (size + 1) // 2, size * (2 * side - size + 1) // 2


@record("shape regions diagonal_down diagonal_up windows extra_regions anti_knight anti_king cages constraints "
        "nonconsecutive negative", frozen=True)
class Rules:
    """The rules of a puzzle on `shape` (its side; its boxes unless `regions` replace them)."""

    shape: "Shape"
    regions: "tuple[tuple[int, ...], ...] | None" = None
    diagonal_down: bool = False
    diagonal_up: bool = False
    windows: bool = False
    extra_regions: "tuple[tuple[int, ...], ...]" = ()
    anti_knight: bool = False
    anti_king: bool = False
    cages: "tuple[Cage, ...]" = field(default=())
    constraints: "tuple[Constraint, ...]" = ()
    nonconsecutive: bool = False
    negative: "tuple[str, ...]" = ()

    def __post_init__(self) -> None:
        n = self.shape.side
        cells = self.shape.cell_count
        if self.regions is not None:
            _check_regions(self.regions, self.shape)
        if self.windows and n != 9:
            raise RulesError(f"Windoku's windows are defined on 9x9 grids, not {self.shape.name}")
        for k, region in enumerate(self.extra_regions, 1):
            _check_cells(region, cells, f"extra region {k}")
            if len(region) > n:
                raise RulesError(f"extra region {k} has {len(region)} cells: more than {n} cannot hold distinct digits")
        seen: "dict[int, int]" = {}
        for k, cage in enumerate(self.cages, 1):
            _check_cells(cage.cells, cells, f"cage {k}")
            if len(cage.cells) > n:
                raise RulesError(f"{cage.name(self.shape)} has {len(cage.cells)} cells: a cage holds at most {n}")
            for c in cage.cells:
                if c in seen:
                    raise RulesError(f"cages {seen[c]} and {k} overlap at {self.shape.cell_name(c)}")
                seen[c] = k
            if cage.total is not None:
                low, high = sum_range(len(cage.cells), n)
                if not low <= cage.total <= high:
                    raise RulesError(f"{cage.name(self.shape)}: {len(cage.cells)} distinct digits add up to "
                                     f"{low} to {high}, never {cage.total}")
        for k, constraint in enumerate(self.constraints, 1):
            wrong = palette.check(constraint, n)
            if wrong:
                raise RulesError(f"constraint {k}, {wrong}")
        for kind in self.negative:
            if kind not in palette.NEGATIVE_KINDS:
                raise RulesError(f"the negative constraint applies to {', '.join(palette.NEGATIVE_KINDS)}, not {kind!r}")

    # -- JSON: the form the bridge, the page and the widget's `rules` attribute use ----------------------
    def to_dict(self) -> dict:
        """JSON-ready, only the rules that are on: {"regions": [[cell, ...], ...], "diagonal": true,
        "antiDiagonal": true, "windows": true, "extraRegions": [[...]], "antiKnight": true, "antiKing": true,
        "cages": [{"cells": [...], "total": 15 | null}]}; {} for the classic rules."""
        out: dict = {}
        if self.regions is not None:
            out["regions"] = [list(r) for r in self.regions]
        for key, on in (("diagonal", self.diagonal_down), ("antiDiagonal", self.diagonal_up),
                        ("windows", self.windows), ("antiKnight", self.anti_knight), ("antiKing", self.anti_king)):
            if on:
                out[key] = True
        if self.extra_regions:
            out["extraRegions"] = [list(r) for r in self.extra_regions]
        if self.cages:
            out["cages"] = [{"cells": list(c.cells), "total": c.total} for c in self.cages]
        if self.constraints:
            out["constraints"] = [c.to_dict() for c in self.constraints]
        if self.nonconsecutive:
            out["nonconsecutive"] = True
        if self.negative:
            out["negative"] = list(self.negative)
        return out

    @classmethod
    def from_dict(cls, shape: "Shape", data: object) -> "Rules":
        """Read `to_dict`'s form; anything else raises RulesError naming the field."""
        if not isinstance(data, dict):
            raise RulesError("rules must be an object, e.g. {\"diagonal\": true}")
        unknown = sorted(set(data) - _JSON_KEYS)
        if unknown:
            raise RulesError(f"unknown rule {unknown[0]!r} (known: {', '.join(sorted(_JSON_KEYS))})")
        flags = {}
        for key, name in _JSON_FLAGS.items():
            value = data.get(key, False)
            if not isinstance(value, bool):
                raise RulesError(f"rules.{key} must be true or false")
            flags[name] = value
        regions = data.get("regions")
        cages = []
        for k, cage in enumerate(_list(data.get("cages", []), "rules.cages"), 1):
            if not isinstance(cage, dict) or set(cage) - {"cells", "total"}:
                raise RulesError(f"rules.cages[{k}] must be {{\"cells\": [...], \"total\": N or null}}")
            total = cage.get("total")
            if total is not None and (not isinstance(total, int) or isinstance(total, bool)):
                raise RulesError(f"rules.cages[{k}].total must be a whole number or null")
            cages.append(Cage(_cells(cage.get("cells"), f"rules.cages[{k}].cells"), total))
        constraints = []
        for k, item in enumerate(_list(data.get("constraints", []), "rules.constraints"), 1):
            try:
                constraints.append(palette.from_dict(item, f"rules.constraints[{k}]"))
            except ValueError as err:
                raise RulesError(str(err)) from None
        negative = _list(data.get("negative", []), "rules.negative")
        if not all(isinstance(kind, str) for kind in negative):
            raise RulesError("rules.negative must list \"white\", \"black\" or \"xv\"")
        return cls(
            shape,
            regions=None if regions is None else tuple(
                _cells(r, f"rules.regions[{k}]") for k, r in enumerate(_list(regions, "rules.regions"), 1)),
            extra_regions=tuple(_cells(r, f"rules.extraRegions[{k}]")
                                for k, r in enumerate(_list(data.get("extraRegions", []), "rules.extraRegions"), 1)),
            cages=tuple(cages),
            constraints=tuple(constraints),
            negative=tuple(sorted(set(negative))),
            **flags,
        )

    # -- what the rules add up to --------------------------------------------------------------------
    @property
    def is_classic(self) -> bool:
        """No rule beyond rows, columns and boxes: the classic solver applies."""
        return (self.regions is None and not (self.diagonal_down or self.diagonal_up or self.windows
                or self.extra_regions or self.anti_knight or self.anti_king or self.cages or self.constraints
                or self.nonconsecutive or self.negative))

    @cached_property
    def houses(self) -> "tuple[Unit, ...]":
        """Every set of cells that holds distinct digits except the cages: rows, columns, boxes or regions,
        diagonals, windows and extra regions. A house of `side` cells holds each digit once."""
        n = self.shape.side
        units = list(self.shape.units[: 2 * n])
        if self.regions is None:
            units += self.shape.units[2 * n:]
        else:
            units += [Unit("region", k + 1, tuple(sorted(r))) for k, r in enumerate(self.regions)]
        if self.diagonal_down:
            units.append(Unit("diagonal", 1, tuple(i * n + i for i in range(n))))
        if self.diagonal_up:
            units.append(Unit("anti-diagonal", 1, tuple((n - 1 - i) * n + i for i in range(n))))
        if self.windows:
            for k, (r0, c0) in enumerate(((1, 1), (1, 5), (5, 1), (5, 5)), 1):
                units.append(Unit("window", k, tuple((r0 + r) * n + c0 + c for r in range(3) for c in range(3))))
        units += [Unit("extra region", k + 1, tuple(sorted(r))) for k, r in enumerate(self.extra_regions)]
        return tuple(units)

    @cached_property
    def _mates(self) -> "tuple[frozenset[int], ...]":
        """For each cell, the cells sharing a house or a cage with it (itself included)."""
        mates: "list[set[int]]" = [set() for _ in range(self.shape.cell_count)]
        for cells in [u.cells for u in self.houses] + [c.cells for c in self.cages]:
            for i in cells:
                mates[i].update(cells)
        return tuple(frozenset(m) for m in mates)

    @cached_property
    def peers(self) -> "tuple[tuple[int, ...], ...]":
        """For each cell, every other cell that must hold a different digit (houses, cages, chess moves)."""
        return tuple(tuple(sorted((mates - {i}).union(far)))
                     for i, (mates, far) in enumerate(zip(self._mates, self.moves)))

    @cached_property
    def moves(self) -> "tuple[tuple[int, ...], ...]":
        """For each cell, the cells a chess knight's (anti-knight) or king's (anti-king) move away that share
        no house or cage with it: the peers only those rules add."""
        n = self.shape.side
        steps = []
        if self.anti_knight:
            steps += [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
        if self.anti_king:
            steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]      # the orthogonal ones are in its row or column
        grouped = self._mates
        far = []
        for i in range(self.shape.cell_count):
            r, c = divmod(i, n)
            far.append(tuple(sorted((r + dr) * n + c + dc for dr, dc in steps
                                    if 0 <= r + dr < n and 0 <= c + dc < n and (r + dr) * n + c + dc not in grouped[i])))
        return tuple(far)

    def conflicts(self, grid: "Grid") -> "list[Conflict]":
        """Givens that break a rule, each with its cells and a sentence, like `Grid.conflicts` (whose row,
        column and box clashes are included, boxes replaced by regions). A full cage whose digits do not add
        up to its total is a conflict too."""
        if grid.shape != self.shape:
            raise RulesError(f"the rules are for {self.shape.name}, the grid is {grid.shape.name}")
        values = grid.values
        name = self.shape.cell_name
        symbol = self.shape.symbols or "".join(str(d) for d in range(1, self.shape.side + 1))
        found: "list[Conflict]" = []
        groups = [(str(u), u.cells) for u in self.houses]
        groups += [(cage.name(self.shape), cage.cells) for cage in self.cages]
        for where, cells in groups:
            by_digit: "dict[int, list[int]]" = {}
            for c in cells:
                if values[c]:
                    by_digit.setdefault(values[c], []).append(c)
            for digit, same in sorted(by_digit.items()):
                if len(same) > 1:
                    names = " and ".join([", ".join(name(c) for c in same[:-1]), name(same[-1])])
                    found.append(Conflict(digit, where, tuple(same), f"{names} are both {symbol[digit - 1]} in {where}"))
        for cage in self.cages:
            if cage.total is not None and all(values[c] for c in cage.cells):
                got = sum(values[c] for c in cage.cells)
                if got != cage.total and len({values[c] for c in cage.cells}) == len(cage.cells):
                    found.append(Conflict(0, cage.name(self.shape), cage.cells,
                                          f"{cage.name(self.shape)} adds up to {got}, not {cage.total}"))
        found += self.palette_conflicts(values)
        for i, far in enumerate(self.moves):
            for j in far:
                if j > i and values[i] and values[j] == values[i]:
                    move = "a knight's move" if self.anti_knight and _knight(i, j, self.shape.side) else "a king's move"
                    found.append(Conflict(values[i], move, (i, j),
                                          f"{name(i)} and {name(j)} are both {symbol[values[i] - 1]}, {move} apart"))
        return found


    def palette_conflicts(self, values: "tuple[int, ...]") -> "list[Conflict]":
        """Givens that break a constraint of the palette, nonconsecutive or the negative constraint."""
        n = self.shape.side
        found = []
        for c in self.constraints:
            if not palette.holds(c, values, n):
                found.append(Conflict(0, c.name(n), tuple(c.head) + tuple(c.cells),
                                      f"the givens break the {c.name(n)}"))
        if not (self.nonconsecutive or self.negative):
            return found
        marked = {frozenset(c.cells) for c in self.constraints if c.kind in palette.PAIRS}
        name = self.shape.cell_name
        for i in range(n * n):
            for j in (i + 1, i + n):
                if j >= n * n or (j == i + 1 and j % n == 0) or not (values[i] and values[j]):
                    continue
                a, b = values[i], values[j]
                broken = []
                if self.nonconsecutive and abs(a - b) == 1:
                    broken.append("nonconsecutive")
                if frozenset((i, j)) not in marked:  # a marked pair shows its clue: no negative applies
                    if "white" in self.negative and abs(a - b) == 1:
                        broken.append("no white dot")
                    if "black" in self.negative and (a == 2 * b or b == 2 * a):
                        broken.append("no black dot")
                    if "xv" in self.negative and a + b in (5, 10):
                        broken.append("no X or V")
                for why in broken:
                    found.append(Conflict(0, why, (i, j), f"{name(i)} and {name(j)} hold {a} and {b}: {why}"))
        return found


_JSON_FLAGS = ordered_dict((("diagonal", "diagonal_down"), ("antiDiagonal", "diagonal_up"), ("windows", "windows"),
                            ("antiKnight", "anti_knight"), ("antiKing", "anti_king"),
                            ("nonconsecutive", "nonconsecutive")))  # read in this order on every runtime
_JSON_KEYS = set(_JSON_FLAGS) | {"regions", "extraRegions", "cages", "constraints", "negative"}


def _list(value: object, where: str) -> list:
    if not isinstance(value, list):
        raise RulesError(f"{where} must be a list")
    return value


def _cells(value: object, where: str) -> "tuple[int, ...]":
    cells = _list(value, where)
    if not all(isinstance(c, int) and not isinstance(c, bool) for c in cells):
        raise RulesError(f"{where} must list cell indexes (whole numbers, row by row from 0)")
    return tuple(cells)


def _knight(i: int, j: int, n: int) -> bool:
    (r1, c1), (r2, c2) = divmod(i, n), divmod(j, n)
    return {abs(r1 - r2), abs(c1 - c2)} == {1, 2}


def _check_cells(cells: "Iterable[int]", count: int, what: str) -> None:
    cells = tuple(cells)
    if not cells:
        raise RulesError(f"{what} has no cells")
    bad = [c for c in cells if not isinstance(c, int) or not 0 <= c < count]
    if bad:
        raise RulesError(f"{what} names a cell outside the grid ({bad[0]!r})")
    if len(set(cells)) != len(cells):
        raise RulesError(f"{what} names a cell twice")


def _check_regions(regions: "tuple[tuple[int, ...], ...]", shape: "Shape") -> None:
    n = shape.side
    if len(regions) != n:
        raise RulesError(f"a {shape.name} grid needs {n} regions, not {len(regions)}")
    owner: "dict[int, int]" = {}
    for k, region in enumerate(regions, 1):
        _check_cells(region, shape.cell_count, f"region {k}")
        if len(region) != n:
            raise RulesError(f"region {k} has {len(region)} cells, not {n}")
        for c in region:
            if c in owner:
                raise RulesError(f"{shape.cell_name(c)} is in regions {owner[c]} and {k}")
            owner[c] = k
    # n regions of n distinct cells with no overlap cover all n*n cells: a partition.
