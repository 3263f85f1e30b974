"""f-puzzles' puzzle form: the JSON behind ``https://www.f-puzzles.com/?load=...``, read and written.

The address carries ``lz-string.compressToBase64(JSON)`` (see `sudoku_core.formats.lzstring`); SudokuPad opens the
same payload at ``https://sudokupad.app/fpuzzles<payload>``. What this module relies on (facts read in
public code, none copied): SudokuPad's f-puzzles importer (github.com/SudokuPad/sudokutools,
src/fpuzzlesdecoder.js) and the f-puzzles readers of Rangsk's SudokuSolver and of lisudoku's sudoku-formats:

* ``size`` is the side; ``grid`` is ``size`` rows of ``size`` cell objects ``{value, given, region, ...}``.
  A cell's digit is a given only with ``"given": true`` (other values are a solver's entries).
* ``region`` is a 0-based region index; absent means the cell's default box, numbered left to right,
  top to bottom, boxes as square as possible and wider than tall (6 -> 2x3, 8 -> 2x4, 12 -> 3x4);
  ``null`` means the cell is in no region (not supported here).
* ``killercage``: ``[{"cells": ["R1C1", ...], "value": "15"}]``, ``value`` absent or "" for no total.
* ``"diagonal-"``: r1c1 to r9c9 (our `diagonal_down`); ``"diagonal+"``: r9c1 to r1c9 (`diagonal_up`).
* ``antiknight``, ``antiking``: booleans; ``extraregion``: ``[{"cells": [...]}]``.
* SudokuPad reads ``/fpuzzles`` + the same payload (percent escapes decoded), as f-puzzles does after
  ``?load=``; f-puzzles' own links carry the payload unescaped.

Windoku has no key of its own in f-puzzles: `windows` is written as four ``extraregion`` entries, and on
reading, four extra regions that are exactly the windows come back as ``windows=True``.
``disjointgroups`` (cells in the same place of each box) is read as extra regions (with boxes, not with
Jigsaw regions); it is not written back under that name.

Ignored keys (they change no rule): see `IGNORED_KEYS`. Any other key whose value is set names a
constraint this engine does not solve and is refused: "f-puzzles constraint 'thermometer' is not
supported here". Every error is a `ParseError` naming where (``killercage 3: cell R10C1 is outside the
9x9 grid``); bad JSON carries its line and column.
"""
from __future__ import annotations

import json
import re

from ..core.formats import ParseError
from ..core.grid import Grid
from ..core.shape import Shape
from ..variants.rules import Cage, Rules, RulesError
from .lzstring import compress_to_base64, decompress_from_base64

__all__ = ["read_fpuzzles", "to_fpuzzles_dict", "to_fpuzzles_json", "fpuzzles_link", "sudokupad_link", "IGNORED_KEYS",
           "FPUZZLES_URL", "SUDOKUPAD_URL"]

FPUZZLES_URL = "https://www.f-puzzles.com/?load="
SUDOKUPAD_URL = "https://sudokupad.app/fpuzzles"

#: Keys read into the grid and the rules.
HANDLED_KEYS = frozenset({"size", "grid", "diagonal+", "diagonal-", "antiknight", "antiking", "killercage",
                          "extraregion", "disjointgroups"})
#: Keys that change no rule: titles and text, the solution, editor settings, drawings (f-puzzles'
#: cosmetic tools: text, line, rectangle, circle, and "cage", a cage without the killer rule).
IGNORED_KEYS = frozenset({"title", "author", "ruleset", "solution", "highlightConflicts", "activeConstraints",
                          "disabledlogic", "truecandidatesoptions", "text", "line", "rectangle", "circle", "cage"})
#: Cell keys that change no rule (colours, pencil marks a solver typed).
_CELL_KEYS = frozenset({"value", "given", "region", "c", "cArray", "highlight", "centerPencilMarks",
                        "cornerPencilMarks"})
_CELL_NAME = re.compile(r"R([0-9]{1,4})C([0-9]{1,4})", re.IGNORECASE)
_WINDOW_ORIGINS = ((1, 1), (1, 5), (5, 1), (5, 5))


# -- reading -----------------------------------------------------------------------------------------
def read_fpuzzles(text: str) -> "tuple[Grid, Rules]":
    """The grid and rules of an f-puzzles link (``...?load=...``), a SudokuPad ``.../fpuzzles...`` link,
    a bare payload, or the JSON text itself. Raises `ParseError`."""
    if not isinstance(text, str):
        raise TypeError(f"read_fpuzzles reads text (str), not {type(text).__name__}")
    text = text.strip()
    if not text.startswith(("{", "[")):
        text = _decode_payload(_payload(text))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ParseError(f"not f-puzzles JSON: {err.msg}", err.lineno, err.colno) from None
    except RecursionError:
        raise ParseError("not f-puzzles JSON: nested too deeply") from None
    return _from_json(data)


def _payload(text: str) -> str:
    """The lz-string part of a link (or the text itself when it is a bare payload)."""
    found = re.search(r"[?&#]load=([^&#]*)", text)
    if found:
        return found.group(1)
    found = re.search(r"(?:^|[/=])fpuzzles([^?&#]*)", text)
    if found:
        return found.group(1)
    if "://" in text or "sudokupad" in text:
        raise ParseError("not an f-puzzles link: expected ...f-puzzles.com/?load=<data> or "
                         "sudokupad.app/fpuzzles<data> (short ids and SudokuPad's own puzzle ids need a "
                         "network look-up and are not read here)")
    return text


def _decode_payload(payload: str) -> str:
    # Percent escapes from a copied address; a '+' that a form turned into a space; wrapped lines.
    # (lz-string base64 is ASCII: byte-wise decoding is enough, and spares the page urllib.)
    payload = re.sub(r"%([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), payload)
    payload = "".join(payload.replace(" ", "+").split())
    try:
        return decompress_from_base64(payload)
    except ValueError as err:
        raise ParseError(f"not an f-puzzles link: its data is not lz-string base64 ({err})") from None


def _from_json(data: object) -> "tuple[Grid, Rules]":
    if not isinstance(data, dict):
        raise ParseError("f-puzzles data must be a JSON object with \"size\" and \"grid\"")
    for key in data:
        if key not in HANDLED_KEYS and key not in IGNORED_KEYS and data[key] not in (None, False, [], {}, ""):
            raise ParseError(f"f-puzzles constraint {key!r} is not supported here")
    size = data.get("size")
    if type(size) is not int:
        raise ParseError("f-puzzles data needs \"size\", the side of the grid (e.g. 9)")
    try:
        shape = Shape.for_side(size)
    except ValueError as err:
        raise ParseError(f"size {size}: {err}") from None
    values, region_of = _read_grid(data.get("grid"), shape)
    where = f"the {shape.name} grid"

    def cells(part: object, what: str) -> "tuple[int, ...]":
        names = part.get("cells") if isinstance(part, dict) else None
        if not isinstance(names, list) or not names:
            raise ParseError(f"{what} must be {{\"cells\": [\"R1C1\", ...]}}")
        out = []
        for name in names:
            found = _CELL_NAME.fullmatch(name) if isinstance(name, str) else None
            if not found:
                raise ParseError(f"{what}: {name!r} is not a cell name like R1C1")
            r, c = int(found.group(1)), int(found.group(2))
            if not (1 <= r <= size and 1 <= c <= size):
                raise ParseError(f"{what}: cell {name} is outside {where}")
            out.append((r - 1) * size + c - 1)
        return tuple(out)

    cages = []
    for k, part in enumerate(_entries(data, "killercage"), 1):
        total = part.get("value") if isinstance(part, dict) else None
        if isinstance(total, str) and re.fullmatch(r"\s*[0-9]{1,4}\s*", total):
            total = int(total)
        elif total in (None, ""):
            total = None
        elif type(total) is not int:
            raise ParseError(f"killercage {k}: its value {total!r} is not a whole number")
        cages.append(Cage(cells(part, f"killercage {k}"), total))
    extra = [cells(part, f"extraregion {k}") for k, part in enumerate(_entries(data, "extraregion"), 1)]

    windows = [tuple((r0 + r) * 9 + c0 + c for r in range(3) for c in range(3)) for r0, c0 in _WINDOW_ORIGINS]
    found_windows = size == 9 and all(any(sorted(e) == list(w) for e in extra) for w in windows)
    if found_windows:
        extra = [e for e in extra if sorted(e) not in [list(w) for w in windows]]

    regions = _regions(region_of, shape)
    try:
        Rules(shape, regions=regions)
    except RulesError as err:
        raise ParseError(f"grid regions (numbered from 1 here, from 0 in f-puzzles): {err}") from None
    if data.get("disjointgroups"):
        if regions is not None:
            raise ParseError("f-puzzles constraint 'disjointgroups' with Jigsaw regions is not supported here")
        extra += [tuple(sorted(box[k] for box in (u.cells for u in shape.units[2 * size:])))
                  for k in range(size)]
    flags = {}
    for key, name in (("diagonal-", "diagonal_down"), ("diagonal+", "diagonal_up"),
                      ("antiknight", "anti_knight"), ("antiking", "anti_king")):
        value = data.get(key, False)
        if value is not None and not isinstance(value, bool):
            raise ParseError(f"{key!r} must be true or false")
        flags[name] = bool(value)
    try:
        rules = Rules(shape, regions=regions, windows=found_windows, extra_regions=tuple(extra),
                      cages=tuple(cages), **flags)
    except RulesError as err:
        raise ParseError(str(err)) from None
    if regions is not None:
        # Regions that are exactly the boxes of another shape (6x6 with 3x2 boxes): that shape, no regions.
        for boxes in _other_box_shapes(size):
            if {frozenset(r) for r in regions} == {frozenset(u.cells) for u in boxes.units[2 * size:]}:
                shape, rules = boxes, _replace(rules, boxes)
                break
    return Grid(values, shape), rules


def _entries(data: dict, key: str) -> list:
    value = data.get(key) or []
    if not isinstance(value, list):
        raise ParseError(f"{key!r} must be a list")
    return value


def _read_grid(grid: object, shape: Shape) -> "tuple[list[int], list[int]]":
    """Given digits and each cell's 0-based region (its default box when not set)."""
    n = shape.side
    if not isinstance(grid, list) or len(grid) != n:
        raise ParseError(f"\"grid\" must be {n} rows of {n} cells for size {n}")
    values, region_of = [], []
    for r, row in enumerate(grid, 1):
        if not isinstance(row, list) or len(row) != n:
            raise ParseError(f"grid row {r} must be a list of {n} cells")
        for c, cell in enumerate(row, 1):
            where = f"grid cell R{r}C{c}"
            if cell is None:
                cell = {}
            if not isinstance(cell, dict):
                raise ParseError(f"{where} must be an object like {{\"value\": 5, \"given\": true}}")
            if cell.get("givenPencilMarks"):
                raise ParseError("f-puzzles constraint 'givenPencilMarks' is not supported here")
            value = cell.get("value") or 0
            if cell.get("given") and value:
                if type(value) is not int or not 1 <= value <= n:
                    raise ParseError(f"{where}: {value!r} is not a digit for a {shape.name} grid")
                values.append(value)
            else:
                values.append(0)
            if "region" in cell and cell["region"] is None:
                raise ParseError(f"{where} is in no region: cells outside every region are not supported here")
            region = cell.get("region", shape.box_of((r - 1) * n + c - 1))
            if type(region) is not int or not 0 <= region < n:
                raise ParseError(f"{where}: region {region!r} is not a region number 0 to {n - 1}")
            region_of.append(region)
    return values, region_of


def _regions(region_of: "list[int]", shape: Shape) -> "tuple[tuple[int, ...], ...] | None":
    """Jigsaw regions from each cell's region number; None when they are the boxes."""
    if all(region == shape.box_of(i) for i, region in enumerate(region_of)):
        return None
    return tuple(tuple(i for i, region in enumerate(region_of) if region == k) for k in range(shape.side))


def _other_box_shapes(side: int) -> "list[Shape]":
    default = Shape.for_side(side)
    return [Shape.of(r, side // r) for r in range(2, side // 2 + 1)
            if side % r == 0 and Shape.of(r, side // r) != default]


def _replace(rules: Rules, shape: Shape) -> Rules:
    return Rules(shape, diagonal_down=rules.diagonal_down, diagonal_up=rules.diagonal_up, windows=rules.windows,
                 extra_regions=rules.extra_regions, anti_knight=rules.anti_knight, anti_king=rules.anti_king,
                 cages=rules.cages)


# -- writing -----------------------------------------------------------------------------------------
def to_fpuzzles_dict(grid: Grid, rules: "Rules | None" = None) -> dict:
    """The f-puzzles object for a grid and its rules (the classic rules when None)."""
    shape = grid.shape
    rules = rules or Rules(shape)
    if rules.shape != shape:
        raise ValueError(f"the rules are for {rules.shape.name}, the grid is {shape.name}")
    n = shape.side
    default = Shape.for_side(n)
    region_of = [shape.box_of(i) for i in range(shape.cell_count)]
    for k, region in enumerate(rules.regions or ()):
        for i in region:
            region_of[i] = k
    rows = []
    for r in range(n):
        row = []
        for c in range(n):
            i = r * n + c
            cell: dict = {}
            if region_of[i] != default.box_of(i):      # boxes of another shape are written as regions too
                cell["region"] = region_of[i]
            if grid.values[i]:
                cell.update(value=grid.values[i], given=True)
            row.append(cell)
        rows.append(row)
    data: dict = {"size": n, "grid": rows}
    if rules.diagonal_up:
        data["diagonal+"] = True
    if rules.diagonal_down:
        data["diagonal-"] = True
    if rules.anti_knight:
        data["antiknight"] = True
    if rules.anti_king:
        data["antiking"] = True
    name = _fp_name(n)
    if rules.cages:
        data["killercage"] = [{"cells": [name(i) for i in cage.cells],
                               **({} if cage.total is None else {"value": str(cage.total)})} for cage in rules.cages]
    extra = [u.cells for u in rules.houses if u.kind == "window"] + list(rules.extra_regions)
    if extra:
        data["extraregion"] = [{"cells": [name(i) for i in region]} for region in extra]
    return data


def _fp_name(n: int):
    return lambda i: f"R{i // n + 1}C{i % n + 1}"


def to_fpuzzles_json(grid: Grid, rules: "Rules | None" = None) -> str:
    """The f-puzzles JSON text (compact, as f-puzzles writes it)."""
    return json.dumps(to_fpuzzles_dict(grid, rules), separators=(",", ":"))


def fpuzzles_link(grid: Grid, rules: "Rules | None" = None) -> str:
    """An address that opens the puzzle in f-puzzles."""
    return FPUZZLES_URL + compress_to_base64(to_fpuzzles_json(grid, rules))


def sudokupad_link(grid: Grid, rules: "Rules | None" = None) -> str:
    """An address that opens the puzzle in SudokuPad (which reads the f-puzzles payload after /fpuzzles)."""
    return SUDOKUPAD_URL + compress_to_base64(to_fpuzzles_json(grid, rules))
