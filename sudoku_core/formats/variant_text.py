"""A readable text form for a variant puzzle: the givens on one line, then one keyword line a rule.

    # Killer X (comments start with '#')
    4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
    rules: x windoku anti-knight anti-king
    regions: 111222333111222333...
    cage 15: r1c1 r1c2 r2c1
    cage: r5c5 r5c6
    extra region: r1c1 r2c2 r3c3

The full description is docs/variants.md. `read_variant` raises `ParseError` with the line and column of
a fault (a `RulesError` comes back with the line of the rule at fault); `write_variant` writes what
`read_variant` reads back to equal values.
"""
from __future__ import annotations

import re

from ..core.formats import ParseError, parse_grid
from ..core.grid import Grid
from ..core.shape import ALPHABET, Shape
from ..variants.rules import Cage, Rules, RulesError

__all__ = ["read_variant", "write_variant", "looks_like_variant", "RULE_NAMES"]

#: Rule words of the ``rules:`` line -> the `Rules` fields they turn on.
RULE_NAMES = {
    "x": ("diagonal_down", "diagonal_up"),
    "diagonal": ("diagonal_down",),
    "anti-diagonal": ("diagonal_up",),
    "windoku": ("windows",), "hyper": ("windows",),
    "anti-knight": ("anti_knight",), "antiknight": ("anti_knight",),
    "anti-king": ("anti_king",), "antiking": ("anti_king",),
}
KEYWORDS = ("size", "rules", "regions", "cage", "extra region")
_KEYWORD = re.compile(r"\s*(size|rules|regions|cage|extra[ -]region)\s*(\S*?)\s*:", re.IGNORECASE)
_CELL = re.compile(r"r([0-9]{1,4})c([0-9]{1,4})", re.IGNORECASE)
_NUMBER = re.compile(r"[0-9]{1,4}")
_WORD = re.compile(r"[^\s,]+")


def _content(text: str) -> "list[tuple[int, str]]":
    """(line number, text without its comment) of each line that has something left."""
    out = []
    for no, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].rstrip()
        if line.strip():
            out.append((no, line))
    return out


def looks_like_variant(text: str) -> bool:
    """A givens line followed by at least one keyword line (``rules:``, ``cage 15:``...)?"""
    lines = _content(text)
    return len(lines) > 1 and not _KEYWORD.match(lines[0][1]) and any(_KEYWORD.match(t) for _, t in lines[1:])


def _cells(text: str, start: int, no: int, shape: Shape) -> "tuple[int, ...]":
    """Cell names (r1c1 ...) separated by spaces or commas, from column `start` (0-based) of the line."""
    n = shape.side
    cells = []
    for m in _WORD.finditer(text, start):
        found = _CELL.fullmatch(m.group())
        if not found:
            raise ParseError(f"{m.group()!r} is not a cell name like r1c1", no, m.start() + 1)
        r, c = int(found.group(1)), int(found.group(2))
        if not (1 <= r <= n and 1 <= c <= n):
            raise ParseError(f"{m.group()} is outside the {shape.name} grid", no, m.start() + 1)
        cells.append((r - 1) * n + c - 1)
    if not cells:
        raise ParseError("this line names no cells (write them like r1c1 r1c2)", no, len(text) + 1)
    return tuple(cells)


def _regions(parts: "list[tuple[int, int, str]]", shape: Shape) -> "tuple[tuple[int, ...], ...] | None":
    """Regions from one symbol a cell (1-9 then A-Z), or whitespace-separated numbers past 35 regions;
    `parts` are (line, 0-based column, text) of the regions line and the lines that continue it."""
    n = shape.side
    items = [(no, col + m.start(), m.group()) for no, col, text in parts for m in re.finditer(r"\S+", text)]
    if n > len(ALPHABET) or (len(items) == shape.cell_count and any(len(t) > 1 for _, _, t in items)):
        symbols = items                                    # numbers: 1 2 ... 36 ...
    else:
        symbols = [(no, col + k, ch) for no, col, t in items for k, ch in enumerate(t)]
    if len(symbols) != shape.cell_count:
        raise ParseError(f"the regions line has {len(symbols)} cells; a {shape.name} grid has {shape.cell_count}",
                         parts[0][0])
    owner = []
    numbers = symbols is items
    for no, col, symbol in symbols:
        k = (int(symbol) if _NUMBER.fullmatch(symbol) else 0) if numbers else ALPHABET.find(symbol.upper()) + 1
        if not 1 <= k <= n:
            top = ALPHABET[n - 1] if n <= len(ALPHABET) else str(n)
            raise ParseError(f"{symbol!r} is not a region of a {shape.name} grid (1-{top})", no, col + 1)
        owner.append(k - 1)
    regions = tuple(tuple(i for i, k in enumerate(owner) if k == region) for region in range(n))
    boxes = {u.cells for u in shape.units[2 * n:]}
    return None if set(regions) == boxes else regions     # regions that draw the boxes: the classic rule


def read_variant(text: str) -> "tuple[Grid, Rules]":
    """The grid and rules of the text form (see the module docstring); raises `ParseError`."""
    lines = _content(text)
    if not lines:
        raise ParseError("no puzzle found (the text is empty, or only comments)")
    first_no, first = lines[0]
    if _KEYWORD.match(first):
        raise ParseError("the first line holds the givens (e.g. 4.....8.5.3...), before the rule lines", first_no)
    keyed: list[tuple[int, str, str, int, int]] = []      # (line, keyword, argument, its column, column after ':')
    continued: dict[int, list[tuple[int, int, str]]] = {}  # regions line -> the lines that continue it
    for no, line in lines[1:]:
        m = _KEYWORD.match(line)
        if m:
            key = m.group(1).lower().replace("-", " ")
            if key in ("size", "regions") and any(k == key for _, k, *_ in keyed):
                raise ParseError(f"a second {key!r} line", no, m.start(1) + 1)
            keyed.append((no, key, m.group(2), m.start(2), m.end()))
        elif keyed and keyed[-1][1] == "regions":
            continued.setdefault(keyed[-1][0], []).append((no, 0, line))
        else:
            word = _WORD.search(line)
            unknown = re.match(r"\s*([A-Za-z][\w -]*?)\s*:", line)
            reason = (f"unknown keyword {unknown.group(1)!r}" if unknown else
                      "expected a rule line (the givens are a single line)")
            raise ParseError(f"{reason}; the keywords are {', '.join(k + ':' for k in KEYWORDS)}",
                             no, word.start() + 1 if word else 1)

    by_line = dict(lines)
    shape = None
    for no, key, _, _, col in keyed:
        if key == "size":
            try:
                shape = Shape.parse(by_line[no][col:].strip())
            except ValueError as err:
                raise ParseError(str(err), no, col + 1) from None
    try:
        grid = parse_grid(first, shape)
    except ParseError as err:
        raise ParseError(err.reason, first_no, err.column) from None
    shape = grid.shape

    flags: dict[str, bool] = {}
    steps: list[tuple[int, str, object]] = []               # rules in order, to name the line of a RulesError
    for no, key, arg, arg_col, col in keyed:
        line = by_line[no]
        if key not in ("cage", "size") and arg:
            raise ParseError(f"unexpected {arg!r} after {key!r}", no, arg_col + 1)
        if key == "rules":
            for m in _WORD.finditer(line, col):
                names = RULE_NAMES.get(m.group().lower())
                if names is None:
                    raise ParseError(f"unknown rule {m.group()!r} (known: {', '.join(RULE_NAMES)})", no, m.start() + 1)
                flags.update(dict.fromkeys(names, True))
            steps.append((no, "flags", dict(flags)))
        elif key == "regions":
            steps.append((no, "regions", _regions([(no, col, line[col:])] + continued.get(no, []), shape)))
        elif key == "cage":
            if arg and not _NUMBER.fullmatch(arg):
                raise ParseError(f"a cage total is a whole number, not {arg!r}", no, arg_col + 1)
            steps.append((no, "cage", Cage(_cells(line, col, no, shape), int(arg) if arg else None)))
        elif key == "extra region":
            steps.append((no, "extra", _cells(line, col, no, shape)))
    return grid, _build(shape, steps)


def _build(shape: Shape, steps: "list[tuple[int, str, object]]") -> Rules:
    """The rules, made one line at a time so that a RulesError names the line that broke them."""
    fields: dict = {"regions": None, "extra_regions": (), "cages": ()}
    rules = Rules(shape)
    for no, kind, value in sorted(steps, key=lambda s: ("regions", "flags", "extra", "cage").index(s[1])):
        if kind == "regions":
            fields["regions"] = value
        elif kind == "flags":
            fields.update(value)
        elif kind == "extra":
            fields["extra_regions"] += (value,)
        else:
            fields["cages"] += (value,)
        try:
            rules = Rules(shape, **fields)
        except RulesError as err:
            raise ParseError(str(err), no) from None
    return rules


def write_variant(grid: Grid, rules: "Rules | None" = None) -> str:
    """The text form of a grid and its rules; `read_variant` reads it back equal."""
    shape = grid.shape
    rules = rules or Rules(shape)
    if rules.shape != shape:
        raise ValueError(f"the rules are for {rules.shape.name}, the grid is {shape.name}")
    out = [grid.to_line()]
    if Shape.for_side(shape.side) != shape:
        out.append(f"size: {shape.spec}")
    words = []
    if rules.diagonal_down and rules.diagonal_up:
        words.append("x")
    else:
        words += ["diagonal"] * rules.diagonal_down + ["anti-diagonal"] * rules.diagonal_up
    words += ["windoku"] * rules.windows + ["anti-knight"] * rules.anti_knight + ["anti-king"] * rules.anti_king
    if words:
        out.append("rules: " + " ".join(words))
    if rules.regions is not None:
        owner = [0] * shape.cell_count
        for k, region in enumerate(rules.regions):
            for i in region:
                owner[i] = k
        symbols = ([ALPHABET[k] for k in owner] if shape.side <= len(ALPHABET)
                   else [f" {k + 1}" for k in owner])
        out.append("regions: " + "".join(symbols).strip())
    name = shape.cell_name
    for cage in rules.cages:
        total = "" if cage.total is None else f" {cage.total}"
        out.append(f"cage{total}: " + " ".join(name(i) for i in cage.cells))
    for region in rules.extra_regions:
        out.append("extra region: " + " ".join(name(i) for i in region))
    return "\n".join(out) + "\n"
