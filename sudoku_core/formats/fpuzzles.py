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
* the setters' palette (thermometers, arrows, dots, XV, little killers, sandwiches, lines, marked cells,
  quadruples, clones, nonconsecutive, the negative constraint): `sudoku_core.formats.fpuzzles_palette`.
* ``solution``: the setter's solution, ``size*size`` digits (numbers or text) or one string; read beside
  the rules (`read_fpuzzles_details`) so that an answer can be compared with it.
* SudokuPad reads ``/fpuzzles`` + the same payload (percent escapes decoded), as f-puzzles does after
  ``?load=``; f-puzzles' own links carry the payload unescaped.

Windoku has no key of its own in f-puzzles: `windows` is written as four ``extraregion`` entries, and on
reading, four extra regions that are exactly the windows come back as ``windows=True``.
``disjointgroups`` is read as extra regions: group k holds the k-th cell, in reading order, of each box or
Jigsaw region (as Rangsk's solver defines it; with boxes, the cells in the same place of each box); it is
not written back under that name. A ``killercage`` may reach outside the grid (f-puzzles' outside cells,
where a setter writes the total): its cells inside the grid are the cage, with a note.

Ignored keys (they change no rule): see `IGNORED_KEYS`. The drawings among them (text, lines, circles,
rectangles, cosmetic cages) and the rules text may hold rules all the same: `read_fpuzzles_details` says so
in its notes. A drawing made by a constraint tool (``"fromConstraint"``) whose constraint key is missing is
refused by that constraint's name. Any other key whose value is set names a constraint this engine does
not solve and is refused: "f-puzzles constraint 'xsum' is not supported here". Every error is a
`ParseError` naming where (``killercage 3: cell R10C1 is outside the 9x9 grid``); bad JSON carries its
line and column.
"""
import io
import json
import re

from ..core.compat import fullmatch, ordered_dict, record, replace
from ..core.formats import ParseError
from ..core.grid import Grid
from ..core.shape import Shape
from ..variants.rules import Cage, Rules, RulesError
from . import fpuzzles_palette
from .lzstring import compress_to_base64, decompress_from_base64

__all__ = ["read_fpuzzles", "read_fpuzzles_details", "FPuzzlesRead", "to_fpuzzles_dict", "to_fpuzzles_json", "fpuzzles_link", "sudokupad_link", "IGNORED_KEYS",
           "FPUZZLES_URL", "SUDOKUPAD_URL"]

FPUZZLES_URL = "https://www.f-puzzles.com/?load="
SUDOKUPAD_URL = "https://sudokupad.app/fpuzzles"

#: Keys read into the grid and the rules.
HANDLED_KEYS = frozenset({"size", "grid", "diagonal+", "diagonal-", "antiknight", "antiking", "killercage",
                          "extraregion", "disjointgroups"}) | fpuzzles_palette.KEYS
#: Keys that change no rule: titles and text, the solution, editor settings, drawings (f-puzzles'
#: cosmetic tools: text, line, rectangle, circle, and "cage", a cage without the killer rule).
IGNORED_KEYS = frozenset({"title", "author", "ruleset", "solution", "highlightConflicts", "activeConstraints",
                          "disabledlogic", "truecandidatesoptions", "text", "line", "rectangle", "circle", "cage"})
#: Cell keys that change no rule (colours, pencil marks a solver typed).
_CELL_KEYS = frozenset({"value", "given", "region", "c", "cArray", "highlight", "centerPencilMarks",
                        "cornerPencilMarks"})
#: A cell name, R1C1 or r1c1 (MicroPython's `re` has neither counted repeats nor IGNORECASE).
_CELL_NAME = re.compile(r"[Rr]([0-9][0-9]?[0-9]?[0-9]?)[Cc]([0-9][0-9]?[0-9]?[0-9]?)$")
_TOTAL = re.compile(r"\s*[0-9][0-9]?[0-9]?[0-9]?\s*$")
_WINDOW_ORIGINS = ((1, 1), (1, 5), (5, 1), (5, 5))
#: The drawings, as a sentence counts them (one, several), in the sentence's order.
_DRAWINGS = (("text", ("text mark", "text marks")), ("circle", ("circle", "circles")), ("line", ("line", "lines")),
             ("rectangle", ("rectangle", "rectangles")),
             ("cage", ("cage without a total rule", "cages without a total rule")))
#: Constraint tools whose drawings (``fromConstraint``) come with the key read here: Rangsk's f-puzzles
#: script draws its lines this way beside the key.
_DRAWN_BY = {"renban": "renban", "german whispers": "whispers", "dutch whispers": "whispers",
             "whispers": "whispers", "slow thermometer": "slowthermometer"}
#: Longest excerpt of the rules text a note quotes.
RULESET_QUOTE = 400


@record("grid rules notes solution title author ruleset", frozen=True)
class FPuzzlesRead:
    """A puzzle read with what the reader could not use: `notes` (sentences: drawings taken as decoration,
    the rules text to check, clues left out), the setter's `solution` when the payload has a whole one, and
    the title, author and rules text ("" when absent)."""

    grid: "Grid"
    rules: "Rules"
    notes: "tuple[str, ...]" = ()
    solution: "Grid | None" = None
    title: str = ""
    author: str = ""
    ruleset: str = ""


# -- reading -----------------------------------------------------------------------------------------
def read_fpuzzles(text: str) -> "tuple[Grid, Rules]":
    """The grid and rules of an f-puzzles link (``...?load=...``), a SudokuPad ``.../fpuzzles...`` link,
    a bare payload, or the JSON text itself. Raises `ParseError`."""
    read = read_fpuzzles_details(text)
    return read.grid, read.rules


def read_fpuzzles_details(text: str) -> "FPuzzlesRead":
    """`read_fpuzzles`, with the notes, the setter's solution, the title, author and rules text."""
    if not isinstance(text, str):
        raise TypeError(f"read_fpuzzles reads text (str), not {type(text).__name__}")
    text = text.strip()
    if not text.startswith(("{", "[")):
        text = _decode_payload(_payload(text))
    return _from_json(_json(text))


def _json(text: str) -> object:
    """The JSON value of `text`; `ParseError` with the line and column of a fault."""
    try:
        return json.loads(text)
    except ValueError as err:
        if hasattr(err, "lineno"):  # CPython's JSONDecodeError says where
            raise ParseError(f"not f-puzzles JSON: {err.msg}", err.lineno, err.colno) from None
    except RuntimeError:  # RecursionError on CPython; MicroPython's depth limit raises RuntimeError itself
        raise ParseError("not f-puzzles JSON: nested too deeply") from None
    # MicroPython's error says only "syntax error in JSON": read again from a stream, which stops after the
    # byte at fault (its column counted in bytes).
    stream = io.StringIO(text)
    try:
        json.load(stream)
    except ValueError as err:
        before = text.encode()[:max(stream.tell() - 1, 0)]
        line = before.count(b"\n") + 1
        raise ParseError(f"not f-puzzles JSON: {err}", line, len(before) - before.rfind(b"\n")) from None
    raise ParseError("not f-puzzles JSON")  # not reached: the text failed to read above


def _payload(text: str) -> str:
    """The lz-string part of a link (or the text itself when it is a bare payload)."""
    found = re.search(r"[?&#]load=([^&#]*)", text)
    if found:
        return found.group(1)
    found = re.search(r"(?:^|[/=])fpuzzles([^?&#]*)", text)
    if found:
        return found.group(1)
    if re.search(r"sudokupad\.app/(?:scl|ctc)|[/=](?:scl|ctc)[A-Za-z0-9+/]", text):
        # SudokuPad's own form (src/fpuzzlesdecoder.js makes it from f-puzzles) holds drawings only: a
        # thermometer becomes a grey line and a bulb, so its rules cannot be told back from it reliably.
        raise ParseError("SudokuPad's own puzzle form (sudokupad.app/scl... or ctc...) is not read here: it holds "
                         "drawings (lines, circles, text), not the rules they stand for; paste the puzzle's "
                         "f-puzzles link instead")
    if "://" in text or "sudokupad" in text:
        raise ParseError("not an f-puzzles link: expected ...f-puzzles.com/?load=<data> or "
                         "sudokupad.app/fpuzzles<data> (short ids and SudokuPad's own puzzle ids need a "
                         "network look-up and are not read here)")
    return text


def _decode_payload(payload: str) -> str:
    # Percent escapes from a copied address; a '+' that a form turned into a space; wrapped lines.
    # (lz-string base64 is ASCII: byte-wise decoding is enough, and spares the page urllib.)
    payload = re.sub(r"%([0-9A-Fa-f][0-9A-Fa-f])", lambda m: chr(int(m.group(1), 16)), payload)
    payload = "".join(payload.replace(" ", "+").split())
    try:
        return decompress_from_base64(payload)
    except ValueError as err:
        raise ParseError(f"not an f-puzzles link: its data is not lz-string base64 ({err})") from None


def _from_json(data: object) -> "FPuzzlesRead":
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
    notes: "list[str]" = []

    def cells(part: object, what: str, outside: bool = False) -> "tuple[int, ...]":
        """The cells of an entry; with `outside`, cells of the ring round the grid are dropped."""
        names = part.get("cells") if isinstance(part, dict) else None
        if not isinstance(names, list) or not names:
            raise ParseError(f"{what} must be {{\"cells\": [\"R1C1\", ...]}}")
        out = []
        for name in names:
            found = fullmatch(_CELL_NAME, name) if isinstance(name, str) else None
            if not found:
                raise ParseError(f"{what}: {name!r} is not a cell name like R1C1")
            r, c = int(found.group(1)), int(found.group(2))
            if outside and 0 <= r <= size + 1 and 0 <= c <= size + 1 and (r in (0, size + 1) or c in (0, size + 1)):
                continue
            if not (1 <= r <= size and 1 <= c <= size):
                raise ParseError(f"{what}: cell {name} is outside {where}")
            out.append((r - 1) * size + c - 1)
        if not out:
            raise ParseError(f"{what}: cell {names[0]} is outside {where}")
        return tuple(out)

    cages = []
    for k, part in enumerate(_entries(data, "killercage"), 1):
        total = part.get("value") if isinstance(part, dict) else None
        if isinstance(total, str) and fullmatch(_TOTAL, total):
            total = int(total)
        elif total in (None, ""):
            total = None
        elif type(total) is not int:
            raise ParseError(f"killercage {k}: its value {total!r} is not a whole number")
        inside = cells(part, f"killercage {k}", outside=True)
        if len(inside) < len(part["cells"]):
            notes.append(f"killercage {k} reaches outside the grid, where its total is written: the cage is its "
                         f"{len(inside)} cells inside the grid.")
        cages.append(Cage(inside, total))
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
        # Group k: the k-th cell, in reading order, of each box or region (Rangsk's definition).
        areas = regions if regions is not None else [u.cells for u in shape.units[2 * size:]]
        extra += [tuple(sorted(sorted(area)[k] for area in areas)) for k in range(size)]
    flags = {}
    for key, name in (("diagonal-", "diagonal_down"), ("diagonal+", "diagonal_up"),
                      ("antiknight", "anti_knight"), ("antiking", "anti_king")):
        value = data.get(key, False)
        if value is not None and not isinstance(value, bool):
            raise ParseError(f"{key!r} must be true or false")
        flags[name] = bool(value)
    constraints, nonconsecutive, negative = fpuzzles_palette.read_palette(data, size, notes)
    try:
        rules = Rules(shape, regions=regions, windows=found_windows, extra_regions=tuple(extra),
                      cages=tuple(cages), constraints=constraints, nonconsecutive=nonconsecutive,
                      negative=negative, **flags)
    except RulesError as err:
        raise ParseError(str(err)) from None
    if regions is not None:
        # Regions that are exactly the boxes of another shape (6x6 with 3x2 boxes): that shape, no regions.
        for boxes in _other_box_shapes(size):
            if {frozenset(r) for r in regions} == {frozenset(u.cells) for u in boxes.units[2 * size:]}:
                shape, rules = boxes, replace(rules, shape=boxes, regions=None)
                break
    title, author, ruleset = (_text(data, key) for key in ("title", "author", "ruleset"))
    ruleset = "\n".join(t for t in [ruleset] + _meta_rules(data) if t)
    notes += _drawing_notes(data, rules, ruleset)
    return FPuzzlesRead(Grid(values, shape), rules, tuple(notes), _solution(data, shape, notes), title, author,
                        ruleset)


def _text(data: dict, key: str) -> str:
    value = data.get(key)
    return value.strip() if isinstance(value, str) else ""


def _meta_rules(data: dict) -> "list[str]":
    """Rules text that SudokuPad keeps in cosmetic cages (``{"value": "rules: ..."}``)."""
    return [part["value"].split(":", 1)[1].strip() for part in _entries(data, "cage")
            if isinstance(part, dict) and isinstance(part.get("value"), str) and part["value"].startswith("rules:")]


def _drawing_notes(data: dict, rules: "Rules", ruleset: str) -> "list[str]":
    """Sentences on what may hold rules the reader cannot take: drawings and the rules text."""
    counts = []
    for key, (one, several) in _DRAWINGS:
        count = 0
        for k, part in enumerate(_entries(data, key), 1):
            drawn_by = part.get("fromConstraint") if isinstance(part, dict) else None
            if isinstance(part, dict) and part.get("isNewConstraint"):   # the script's older mark, any line tool
                drawn_by = "a constraint tool"
                if any(data.get(source) for source in set(_DRAWN_BY.values())):
                    continue
            if isinstance(drawn_by, str) and drawn_by:
                source = _DRAWN_BY.get(drawn_by.lower())
                if source is None or not data.get(source):
                    raise ParseError(f"{key} {k} is drawn by the constraint {drawn_by!r}, which is not supported here")
                continue                                    # the drawing of a rule read from its own key
            if key == "cage" and isinstance(part, dict) and re.match(r"[a-z]+: ", str(part.get("value", ""))):
                continue                                    # SudokuPad's metadata (title, rules...), not a drawing
            count += 1
        if count:
            counts.append(f"{count} {one if count == 1 else several}")
    notes = []
    if counts:
        listed = ", ".join(counts[:-1]) + " and " + counts[-1] if len(counts) > 1 else counts[0]
        notes.append(f"This puzzle draws {listed}, which the reader takes as decoration: check they add no rule.")
    if ruleset:
        quote = " ".join(ruleset.split())
        if len(quote) > RULESET_QUOTE:
            quote = quote[:RULESET_QUOTE - 1].rstrip() + "…"
        notes.append(f"Its rules text says: \"{quote}\": check it asks nothing beyond the rules read "
                     f"({_rules_read(rules)}).")
    return notes


def _rules_read(rules: "Rules") -> str:
    """The rules read, counted by kind: "4 thermometers, anti-king"."""
    parts = []
    if rules.regions is not None:
        parts.append("Jigsaw regions")
    for on, name in ((rules.diagonal_down and rules.diagonal_up, "both diagonals"),
                     (rules.diagonal_down != rules.diagonal_up, "one diagonal"), (rules.windows, "windoku"),
                     (rules.anti_knight, "anti-knight"), (rules.anti_king, "anti-king"),
                     (rules.nonconsecutive, "nonconsecutive")):
        if on:
            parts.append(name)
    if rules.cages:
        parts.append(f"{len(rules.cages)} killer cage{'s' if len(rules.cages) > 1 else ''}")
    if rules.extra_regions:
        parts.append(f"{len(rules.extra_regions)} extra region{'s' if len(rules.extra_regions) > 1 else ''}")
    kinds: "dict[str, int]" = ordered_dict()  # counted in the order the kinds come
    for c in rules.constraints:
        label = _LABELS.get(c.kind, c.kind.replace("_", " "))
        kinds[label] = kinds.get(label, 0) + (len(c.cells) if c.kind in ("minimum", "maximum") else 1)
    parts += [f"{count} {label}{'s' if count > 1 else ''}" for label, count in kinds.items()]
    parts += [f"negative {kind}" for kind in rules.negative]
    return ", ".join(parts) or "classic Sudoku only"


_LABELS = {"xv": "X/V mark", "whispers": "whispers line", "renban": "renban line", "between": "between line",
           "little_killer": "little killer clue", "sandwich": "sandwich clue", "odd": "odd cell", "even": "even cell",
           "minimum": "minimum cell", "maximum": "maximum cell"}


def _solution(data: dict, shape: "Shape", notes: "list[str]") -> "Grid | None":
    """The setter's solution, when the payload has a whole one; a note when it has a part or a bad one."""
    raw = data.get("solution")
    if raw in (None, "", []):
        return None
    if isinstance(raw, str):
        raw = raw.split(",") if "," in raw else list(raw)
    n = shape.side
    digits = []
    for item in raw if isinstance(raw, list) else ():
        text = str(item).strip()
        digits.append(int(text) if text.isdigit() and 1 <= int(text) <= n else 0)
    if len(digits) != n * n or 0 in digits:
        if any(digits):
            notes.append("Its setter's solution is incomplete or not one digit a cell: it is not compared.")
        return None
    return Grid(digits, shape)


def _entries(data: dict, key: str) -> list:
    value = data.get(key) or []
    if not isinstance(value, list):
        raise ParseError(f"{key!r} must be a list")
    return value


def _read_grid(grid: object, shape: "Shape") -> "tuple[list[int], list[int]]":
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


def _regions(region_of: "list[int]", shape: "Shape") -> "tuple[tuple[int, ...], ...] | None":
    """Jigsaw regions from each cell's region number; None when they are the boxes."""
    if all(region == shape.box_of(i) for i, region in enumerate(region_of)):
        return None
    return tuple(tuple(i for i, region in enumerate(region_of) if region == k) for k in range(shape.side))


def _other_box_shapes(side: int) -> "list[Shape]":
    default = Shape.for_side(side)
    return [Shape.of(r, side // r) for r in range(2, side // 2 + 1)
            if side % r == 0 and Shape.of(r, side // r) != default]


# -- writing -----------------------------------------------------------------------------------------
def to_fpuzzles_dict(grid: "Grid", rules: "Rules | None" = None, solution: "Grid | None" = None) -> dict:
    """The f-puzzles object for a grid and its rules (the classic rules when None), with the setter's
    `solution` when given. Raises ValueError for rules f-puzzles cannot hold (see `write_palette`)."""
    return _plain(_fpuzzles_object(grid, rules, solution))


def _plain(value: object) -> object:
    """`value` with its `ordered_dict`s made dicts: they are dicts on CPython, but MicroPython's OrderedDict
    never equals a dict."""
    if ordered_dict is dict:
        return value
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return value


def _fpuzzles_object(grid: "Grid", rules: "Rules | None", solution: "Grid | None") -> dict:
    """`to_fpuzzles_dict`, its objects' keys in f-puzzles' order on every runtime (`ordered_dict`), so
    that the JSON text and the links are the same everywhere."""
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
            cell: dict = ordered_dict()
            if region_of[i] != default.box_of(i):      # boxes of another shape are written as regions too
                cell["region"] = region_of[i]
            if grid.values[i]:
                cell["value"] = grid.values[i]
                cell["given"] = True
            row.append(cell)
        rows.append(row)
    data: dict = ordered_dict()
    data["size"] = n
    data["grid"] = rows
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
        data["killercage"] = [fpuzzles_palette.entry(("cells", [name(i) for i in cage.cells]),
                                                     ("value", cage.total)) for cage in rules.cages]
    extra = [u.cells for u in rules.houses if u.kind == "window"] + list(rules.extra_regions)
    if extra:
        data["extraregion"] = [fpuzzles_palette.entry(("cells", [name(i) for i in region])) for region in extra]
    fpuzzles_palette.write_palette(rules, data)
    if solution is not None:
        if solution.shape.side != n or 0 in solution.values:
            raise ValueError("the solution must be a whole grid of the puzzle's size")
        data["solution"] = list(solution.values)
    return data


def _fp_name(n: int):
    return lambda i: f"R{i // n + 1}C{i % n + 1}"


def to_fpuzzles_json(grid: "Grid", rules: "Rules | None" = None, solution: "Grid | None" = None) -> str:
    """The f-puzzles JSON text (compact, as f-puzzles writes it)."""
    return json.dumps(_fpuzzles_object(grid, rules, solution), separators=(",", ":"))


def fpuzzles_link(grid: "Grid", rules: "Rules | None" = None) -> str:
    """An address that opens the puzzle in f-puzzles."""
    return FPUZZLES_URL + compress_to_base64(to_fpuzzles_json(grid, rules))


def sudokupad_link(grid: "Grid", rules: "Rules | None" = None) -> str:
    """An address that opens the puzzle in SudokuPad (which reads the f-puzzles payload after /fpuzzles)."""
    return SUDOKUPAD_URL + compress_to_base64(to_fpuzzles_json(grid, rules))
