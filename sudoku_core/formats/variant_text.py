"""A readable text form for a variant puzzle: the givens on one line, then one keyword line a rule.

    # Killer X (comments start with '#')
    4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
    rules: x windoku anti-knight anti-king
    regions: 111222333111222333...
    cage 15: r1c1 r1c2 r2c1
    cage: r5c5 r5c6
    extra region: r1c1 r2c2 r3c3
    thermometer: r1c1 r1c2 r1c3
    arrow: r2c2 -> r2c3 r2c4
    white: r1c1 r1c2
    x: r4c4 r4c5
    little killer 23: DR from r0c1

The full description is docs/variants.md. `read_variant` raises `ParseError` with the line and column of
a fault (a `RulesError` comes back with the line of the rule at fault); `write_variant` writes what
`read_variant` reads back to equal values.
"""
import re

from ..core.compat import fullmatch, ordered_dict, stable_sorted
from ..core.formats import ParseError, parse_grid
from ..core.grid import Grid
from ..core.shape import ALPHABET, Shape
from ..variants import constraints as palette
from ..variants.constraints import Constraint
from ..variants.rules import Cage, Rules, RulesError

__all__ = ["read_variant", "write_variant", "looks_like_variant", "RULE_NAMES"]

# The tables are `ordered_dict`s, listed in their order on every runtime (MicroPython's dict keeps none).
#: Rule words of the ``rules:`` line -> the `Rules` fields they turn on.
RULE_NAMES = ordered_dict((
    ("x", ("diagonal_down", "diagonal_up")),
    ("diagonal", ("diagonal_down",)),
    ("anti-diagonal", ("diagonal_up",)),
    ("windoku", ("windows",)), ("hyper", ("windows",)),
    ("anti-knight", ("anti_knight",)), ("antiknight", ("anti_knight",)),
    ("anti-king", ("anti_king",)), ("antiking", ("anti_king",)),
    ("nonconsecutive", ("nonconsecutive",)),
))
#: Rule words of the ``rules:`` line for the negative constraint -> the `Rules.negative` kinds.
NEGATIVE_WORDS = ordered_dict((("negative-white", "white"), ("negative-black", "black"), ("negative-xv", "xv")))
#: Keywords of the palette's lines -> (kind, what the argument before ':' is).
PALETTE = ordered_dict((
    ("thermometer", "thermometer"), ("slow thermometer", "slow_thermometer"), ("whispers", "whispers"),
    ("renban", "renban"), ("palindrome", "palindrome"), ("between", "between"), ("arrow", "arrow"),
    ("white", "white_dot"), ("black", "black_dot"), ("x", "xv"), ("v", "xv"), ("little killer", "little_killer"),
    ("sandwich", "sandwich"), ("odd", "odd"), ("even", "even"), ("minimum", "minimum"), ("maximum", "maximum"),
    ("quadruple", "quadruple"), ("clone", "clone")))
KEYWORDS = ("size", "rules", "regions", "cage", "extra region") + tuple(PALETTE)


def _keyword_line(line: str) -> "tuple[str, int, str, int, int] | None":
    """A keyword line's parts, read as the pattern ``\\s*(size|rules|...)\\s*(\\S*?)\\s*:`` ignoring case (a
    keyword's space may be a hyphen): (the keyword, lower case, with spaces; its column; the argument
    before ':'; its column; the column after ':'), or None. By hand: MicroPython's `re` has no IGNORECASE
    and finds the pattern too complex with each letter written in both cases."""
    start = len(line) - len(line.lstrip())
    end = len(line)
    for key in KEYWORDS:
        at = start + len(key)
        if line[start:at].lower().replace("-", " ") != key:
            continue
        while at < end and line[at].isspace():
            at += 1
        arg_col = at
        while at < end and not line[at].isspace() and line[at] != ":":  # the shortest argument: to a ':'
            at += 1
        arg = line[arg_col:at]
        while at < end and line[at].isspace():
            at += 1
        if at < end and line[at] == ":":
            return key, start, arg, arg_col, at + 1
    return None


#: Keywords whose argument (before ':') is a number: the clue, the dot's value, the least difference.
_NUMBERED = {"cage", "whispers", "white", "black", "little killer", "sandwich"}
#: Cell names and numbers, matched whole (`compat.fullmatch`; MicroPython's `re` has no counted repeats).
_CELL = re.compile(r"[rR]([0-9][0-9]?[0-9]?[0-9]?)[cC]([0-9][0-9]?[0-9]?[0-9]?)$")
_NUMBER = re.compile(r"[0-9][0-9]?[0-9]?[0-9]?$")
_DIGITS = re.compile(r"[0-9][0-9]?[0-9]?[0-9]?(,[0-9][0-9]?[0-9]?[0-9]?)*$")
_LITTLE_KILLER = re.compile(r"(\s*)([dDuU][rRlL])(\s+[fF][rR][oO][mM]\s+)(\S+)\s*$")
_SANDWICH = re.compile(r"\s*([rR][oO][wW]|[cC][oO][lL][uU][mM][nN])\s+([0-9][0-9]?[0-9]?[0-9]?)\s*$")


def _words(text: str, start: int = 0, commas: bool = True) -> "list[tuple[int, str]]":
    """(column, word) of each run of characters other than whitespace (and commas, with `commas`) from
    column `start` of `text` (`re.finditer` with the positions MicroPython's `re` does not give)."""
    out = []
    word: "list[str]" = []
    for k, ch in enumerate(text[start:], start):
        if ch.isspace() or (commas and ch == ","):
            if word:
                out.append((k - len(word), "".join(word)))
                word = []
        else:
            word.append(ch)
    if word:
        out.append((len(text) - len(word), "".join(word)))
    return out


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
    return len(lines) > 1 and not _keyword_line(lines[0][1]) and any(_keyword_line(t) for _, t in lines[1:])


def _cells(text: str, start: int, no: int, shape: Shape) -> "tuple[int, ...]":
    """Cell names (r1c1 ...) separated by spaces or commas, from column `start` (0-based) of the line."""
    n = shape.side
    cells = []
    for at, word in _words(text, start):
        found = fullmatch(_CELL, word)
        if not found:
            raise ParseError(f"{word!r} is not a cell name like r1c1", no, at + 1)
        r, c = int(found.group(1)), int(found.group(2))
        if not (1 <= r <= n and 1 <= c <= n):
            raise ParseError(f"{word} is outside the {shape.name} grid", no, at + 1)
        cells.append((r - 1) * n + c - 1)
    if not cells:
        raise ParseError("this line names no cells (write them like r1c1 r1c2)", no, len(text) + 1)
    return tuple(cells)


def _regions(parts: "list[tuple[int, int, str]]", shape: Shape) -> "tuple[tuple[int, ...], ...] | None":
    """Regions from one symbol a cell (1-9 then A-Z), or whitespace-separated numbers past 35 regions;
    `parts` are (line, 0-based column, text) of the regions line and the lines that continue it."""
    n = shape.side
    items = [(no, col + at, word) for no, col, text in parts for at, word in _words(text, 0, False)]
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
        k = (int(symbol) if fullmatch(_NUMBER, symbol) else 0) if numbers else ALPHABET.find(symbol.upper()) + 1
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
    if _keyword_line(first):
        raise ParseError("the first line holds the givens (e.g. 4.....8.5.3...), before the rule lines", first_no)
    keyed: "list[tuple[int, str, str, int, int]]" = []    # (line, keyword, argument, its column, column after ':')
    continued: "dict[int, list[tuple[int, int, str]]]" = {}  # regions line -> the lines that continue it
    for no, line in lines[1:]:
        found = _keyword_line(line)
        if found:
            key, key_col, arg, arg_col, after = found
            if key in ("size", "regions") and any(k == key for _, k, *_ in keyed):
                raise ParseError(f"a second {key!r} line", no, key_col + 1)
            keyed.append((no, key, arg, arg_col, after))
        elif keyed and keyed[-1][1] == "regions":
            continued.setdefault(keyed[-1][0], []).append((no, 0, line))
        else:
            words = _words(line)
            unknown = re.match(r"\s*([A-Za-z][\w -]*?)\s*:", line)
            reason = (f"unknown keyword {unknown.group(1)!r}" if unknown else
                      "expected a rule line (the givens are a single line)")
            keywords = ", ".join(k + ":" for k in KEYWORDS)
            raise ParseError(f"{reason}; the keywords are {keywords}", no, words[0][0] + 1 if words else 1)

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

    flags: dict = {}
    steps: list[tuple[int, str, object]] = []               # rules in order, to name the line of a RulesError
    for no, key, arg, arg_col, col in keyed:
        line = by_line[no]
        if key not in _NUMBERED | {"size", "quadruple"} and arg:
            raise ParseError(f"unexpected {arg!r} after {key!r}", no, arg_col + 1)
        if key == "rules":
            for at, written in _words(line, col):
                word = written.lower()
                if word in NEGATIVE_WORDS:
                    flags["negative"] = tuple(sorted(set(flags.get("negative", ())) | {NEGATIVE_WORDS[word]}))
                    continue
                names = RULE_NAMES.get(word)
                if names is None:
                    known = ", ".join(list(RULE_NAMES) + list(NEGATIVE_WORDS))
                    raise ParseError(f"unknown rule {written!r} (known: {known})", no, at + 1)
                flags.update(dict.fromkeys(names, True))
            steps.append((no, "flags", dict(flags)))
        elif key == "regions":
            steps.append((no, "regions", _regions([(no, col, line[col:])] + continued.get(no, []), shape)))
        elif key == "cage":
            if arg and not fullmatch(_NUMBER, arg):
                raise ParseError(f"a cage total is a whole number, not {arg!r}", no, arg_col + 1)
            steps.append((no, "cage", Cage(_cells(line, col, no, shape), int(arg) if arg else None)))
        elif key == "extra region":
            steps.append((no, "extra", _cells(line, col, no, shape)))
        elif key != "size":
            for made in _palette_line(key, arg, arg_col, line, col, no, shape):
                wrong = palette.check(made, shape.side)
                if wrong:                           # at the clue's first word
                    raise ParseError(wrong, no, len(line) - len(line[col:].lstrip()) + 1)
                steps.append((no, "constraint", made))
    return grid, _build(shape, steps)


def _number(arg: str, arg_col: int, no: int, what: str) -> int:
    if not fullmatch(_NUMBER, arg):
        raise ParseError(f"{what} is a whole number, not {arg!r}", no, arg_col + 1)
    return int(arg)


def _palette_line(key: str, arg: str, arg_col: int, line: str, col: int, no: int,
                  shape: Shape) -> "list[Constraint]":
    """The constraints of one palette line (several for ``odd:`` and ``even:`` with several cells)."""
    kind, n = PALETTE[key], shape.side
    value = _number(arg, arg_col, no, f"the number after {key!r}") if arg and key != "quadruple" else None
    if key in ("little killer", "sandwich") and value is None:
        raise ParseError(f"a {key} clue needs its total: '{key} 23: ...'", no, arg_col + 1)
    if key == "arrow":
        arrow = line.find("->", col)
        if arrow < 0:
            raise ParseError("an arrow is its circle, '->' and its shaft: arrow: r2c2 -> r2c3 r2c4", no, col + 1)
        return [Constraint(kind, _cells(line, arrow + 2, no, shape), head=_cells(line[:arrow], col, no, shape))]
    if key == "clone":
        equal = line.find("=", col)
        if equal < 0:
            raise ParseError("a clone is its cells, '=' and their twins: clone: r1c1 r1c2 = r5c5 r5c6", no, col + 1)
        return [Constraint(kind, _cells(line, equal + 1, no, shape), head=_cells(line[:equal], col, no, shape))]
    if key == "little killer":
        m = _LITTLE_KILLER.match(line[col:])
        if not m:
            raise ParseError("a little killer is its direction and its clue outside the grid: "
                             "little killer 23: DR from r0c1", no, col + 1)
        clue = m.group(4)
        where = col + len(m.group(1)) + len(m.group(2)) + len(m.group(3)) + 1
        found = fullmatch(_CELL, clue)
        r, c = (int(found.group(1)), int(found.group(2))) if found else (-1, -1)
        if not (0 <= r <= n + 1 and 0 <= c <= n + 1) or (1 <= r <= n and 1 <= c <= n):
            raise ParseError(f"{clue!r} is not a cell outside the {shape.name} grid (r0c1, r10c3...)", no, where)
        direction = m.group(2).upper()
        dr, dc = palette.DIRECTIONS[direction]
        cells = []
        r, c = r + dr, c + dc
        while 1 <= r <= n and 1 <= c <= n:
            cells.append((r - 1) * n + c - 1)
            r, c = r + dr, c + dc
        if not cells:
            raise ParseError(f"from {clue} going {direction} the diagonal never enters the grid", no, where)
        return [Constraint(kind, tuple(cells), value, direction=direction)]
    if key == "sandwich":
        m = _SANDWICH.match(line[col:])
        if not m or not 1 <= int(m.group(2)) <= n:
            raise ParseError(f"a sandwich clue names its row or column: sandwich 15: row 3 (1 to {n})", no, col + 1)
        k = int(m.group(2)) - 1
        cells = (tuple(k * n + j for j in range(n)) if m.group(1).lower() == "row" else
                 tuple(j * n + k for j in range(n)))
        return [Constraint(kind, cells, value)]
    cells = _cells(line, col, no, shape)
    if key in ("odd", "even"):
        return [Constraint(kind, (i,)) for i in cells]
    if key == "quadruple":
        if not fullmatch(_DIGITS, arg):
            raise ParseError("a quadruple names its digits before ':': quadruple 3,4: r1c1 r1c2 r2c1 r2c2", no,
                             arg_col + 1)
        return [Constraint(kind, cells, digits=tuple(int(d) for d in arg.split(",")))]
    if key in ("x", "v"):
        value = 10 if key == "x" else 5
    return [Constraint(kind, cells, value)]


def _build(shape: Shape, steps: "list[tuple[int, str, object]]") -> Rules:
    """The rules, made one line at a time so that a RulesError names the line that broke them."""
    fields: dict = {"regions": None, "extra_regions": (), "cages": (), "constraints": ()}
    rules = Rules(shape)
    order = ("regions", "flags", "extra", "cage", "constraint")
    for no, kind, value in stable_sorted(steps, lambda s: order.index(s[1])):  # each kind in line order
        if kind == "regions":
            fields["regions"] = value
        elif kind == "flags":
            fields.update(value)
        elif kind == "extra":
            fields["extra_regions"] += (value,)
        elif kind == "constraint":
            fields["constraints"] += (value,)
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
    words += ["nonconsecutive"] * rules.nonconsecutive + [f"negative-{kind}" for kind in rules.negative]
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
    out += [_palette_text(c, shape) for c in rules.constraints]
    return "\n".join(out) + "\n"


_KEYWORD_OF = {kind: key for key, kind in PALETTE.items() if key not in ("x", "v")}


def _palette_text(c: Constraint, shape: Shape) -> str:
    """One constraint's line (`_palette_line` reads it back)."""
    n = shape.side

    def cells(which: "tuple[int, ...]") -> str:
        return " ".join(shape.cell_name(i) for i in which)

    number = "" if c.value is None else f" {c.value}"
    if c.kind == "xv":
        return f"{'x' if c.value == 10 else 'v'}: {cells(c.cells)}"
    if c.kind == "arrow":
        return f"arrow: {cells(c.head)} -> {cells(c.cells)}"
    if c.kind == "clone":
        return f"clone: {cells(c.head)} = {cells(c.cells)}"
    if c.kind == "quadruple":
        return f"quadruple {','.join(str(d) for d in c.digits)}: {cells(c.cells)}"
    if c.kind == "little_killer":
        dr, dc = palette.DIRECTIONS[c.direction]
        r, col = divmod(c.cells[0], n)
        (r1, c1) = divmod(c.cells[-1], n)
        if 0 <= r - dr < n and 0 <= col - dc < n or 0 <= r1 + dr < n and 0 <= c1 + dc < n:
            raise ValueError(f"{c.name(n)}: the text form's little killer sums a whole diagonal, from a clue outside "
                             "the grid to its far edge")
        return f"little killer{number}: {c.direction} from r{r - dr + 1}c{col - dc + 1}"
    if c.kind == "sandwich":
        row = len({i // n for i in c.cells}) == 1
        where = f"row {c.cells[0] // n + 1}" if row else f"column {c.cells[0] % n + 1}"
        return f"sandwich{number}: {where}"
    return f"{_KEYWORD_OF[c.kind]}{number}: {cells(c.cells)}"
