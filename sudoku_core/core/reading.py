"""Reading the classic grid forms (`formats` documents them): text in, a puzzle's values and shape out, or
a `ParseError` that says where and why. `Grid.parse` and `formats.parse_grid`/`parse_puzzles` build on it;
it knows nothing of `Grid`, so that the grid can read its own text."""
from collections import namedtuple

from .compat import cache, is_ascii_number, isqrt, quote as _quote
from .shape import ALPHABET, MAX_SIDE, Shape


class Cells(namedtuple("Cells", ("values", "shape"))):
    """One puzzle read: its cell values (row by row, 0 for empty) and its `Shape`."""

    __slots__ = ()


EMPTY_MARKS = ".0-xX*_"  #: characters that stand for an empty cell (``0`` and ``X`` only when not digits)
MIN_INFERRED_SIDE = 4  #: smallest side inferred from a cell count (smaller grids need an explicit shape)
MAX_CHAR_SIDE = len(ALPHABET)  #: largest side writable one character a cell (35)

# The items of a line are its runs of anything but whitespace and '|' (`_tokens`: str.split() splits at
# exactly the characters re's \s matches on CPython; see `_OTHER_SPACES` for MicroPython).
_CELL_CHARS = frozenset("0123456789" + ALPHABET + ALPHABET.lower() + ".-*_")  # a cell in some alphabet
_RULE_CHARS = frozenset("-=+*|_")  # what separator lines are made of
_ASCII_LETTERS = frozenset(ALPHABET[9:] + ALPHABET[9:].lower())
_NUMBERS = frozenset(str(k) for k in range(10, MAX_SIDE + 1))  # numbers of several digits, no leading 0
_CELL_ITEMS = frozenset(EMPTY_MARKS + "123456789") | _NUMBERS  # items the numbers form accepts
_ITEM_VALUES = {str(k): k for k in range(1, MAX_SIDE + 1)}  # items of the numbers form -> values
_ITEM_VALUES.update({c: 0 for c in EMPTY_MARKS})  # (others, such as "007", are read one by one)

# -- where MicroPython's str differs --------------------------------------------------------------
#: Whitespace to CPython's str.split() and strip() (and re's \s) that MicroPython's take for other
#: characters; empty on CPython. `_scan` turns them into tabs there, which every reader treats alike.
_OTHER_SPACES = "".join(c for c in "\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005"
                        "\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
                        if len(("a" + c + "a").split()) == 1)


def _respace(text: str) -> str:
    """`text` with `_OTHER_SPACES` turned into tabs (MicroPython only)."""
    for c in _OTHER_SPACES:
        if c in text:
            text = text.replace(c, "\t")
    return text


try:
    _is_word_char = str.isalnum  # with "_", what re's \w matches
except AttributeError:  # MicroPython, which knows no letters past ASCII: exact up to \xff, and every
    # character past it taken for a letter (right for letters and ideographs, wrong for symbols)
    def _is_word_char(c: str) -> bool:
        if c < "\x80":
            return c.isalpha() or c.isdigit()
        if c < "\xc0":
            return c in "\xaa\xb2\xb3\xb5\xb9\xba\xbc\xbd\xbe"
        return c != "\xd7" and c != "\xf7"

def _tokens(text: str) -> "list[str]":
    """The items of a line: runs of anything but whitespace and ``|``."""
    return text.replace("|", " ").split()


def _is_section(text: str) -> bool:
    """Is this stripped line a section header, ``[`` letter, then letters, digits, ``_`` or spaces, ``]``?"""
    if len(text) < 3 or text[0] != "[" or text[-1] != "]" or text[1] not in _ASCII_LETTERS:
        return False
    for c in text[2:-1]:
        if c != " " and c != "_" and not _is_word_char(c):
            return False
    return True


def _split_lines(text: str) -> "list[str]":
    """Lines split at \\r\\n, \\r or \\n (the separators are dropped; text ending in one gives a last "")."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")


def _most_common(items: list) -> object:
    """The most frequent item of a non-empty list, the first to appear among equals (as Counter's)."""
    counts = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    top = max(counts.values())
    for item in items:
        if counts[item] == top:
            return item


class ParseError(ValueError):
    """Text that is not a puzzle; `line` and `column` are 1-based (None when they do not apply)."""

    def __init__(self, reason: str, line: "int | None" = None, column: "int | None" = None) -> None:
        self.reason, self.line, self.column = reason, line, column
        where = ", ".join(p for p in (f"line {line}" if line else "", f"column {column}" if column else "") if p)
        super().__init__(f"{where}: {reason}" if where else reason)


# -- lines ------------------------------------------------------------------------------------------
def _is_number(token: str) -> bool:
    """A number of several digits as the numbers form writes it: no leading zero, at most MAX_SIDE."""
    return token in _NUMBERS


def _is_cell_item(token: str) -> bool:
    """An item the numbers form accepts: a number or a single digit or empty mark."""
    return token in _CELL_ITEMS


class _Line:
    """One line of input, with comments cut off, classified once."""

    __slots__ = ("no", "text", "kind", "tokens", "n_chr", "n_tok", "singles", "multi_num", "all_num")

    def __init__(self, no: int, text: str, kind: str) -> None:
        self.no, self.text, self.kind = no, text, kind
        tokens = _tokens(text) if kind != "rule" else []
        lengths = list(map(len, tokens))
        distinct = set(tokens)
        self.tokens = tokens
        self.n_tok = len(tokens)
        self.n_chr = sum(lengths)
        self.singles = lengths.count(1)
        self.multi_num = any(_is_number(t) for t in distinct if len(t) > 1)
        self.all_num = all(_is_cell_item(t) for t in distinct)

    def spans(self) -> "list[tuple[int, str]]":
        """(0-based column, item) for each item; computed only to report an error."""
        text = self.text.replace("|", " ")
        out, start = [], 0
        for token in text.split():
            start = text.find(token, start)  # the item's own place: no earlier match can start on a space
            out.append((start, token))
            start += len(token)
        return out

    def numberish(self) -> bool:
        """Does this line read as whitespace-separated numbers?"""
        if not self.multi_num or self.n_tok < 2:
            return False
        # mostly single items ("4 . 10 ..."), or numbers that fit a row this long ("10 11 12 ...",
        # but not "12 34", a 4x4 row written in two groups)
        return 2 * self.singles > self.n_tok or (self.all_num and self.max_value() <= self.n_tok)

    @property
    def width(self) -> int:
        """Cells in this line, read as numbers or as characters."""
        return self.n_tok if self.numberish() else self.n_chr

    def max_value(self) -> int:
        return max((int(t) for t in set(self.tokens) if len(t) <= 3 and is_ascii_number(t)), default=0)


def _without(text: str, chars: "Iterable[str]") -> str:
    """`text` without any of `chars`, in the order left. By str.replace, not by a set of the text's
    characters: MicroPython makes a string of each character it iterates (a second for a 1 MB line)."""
    for c in chars:
        if c in text:
            text = text.replace(c, "")
    return text


def _classify(no: int, text: str) -> _Line:
    """Kinds: blank, library (``:...``), rule (a separator line), ambiguous (only ``-``, ``*`` or
    ``_``: a separator or a row of empty cells), row."""
    visible = "".join(text.split())
    core = visible.replace("|", "")
    if not core:
        return _Line(no, text, "rule" if "|" in text else "blank")
    if visible[0] == ":":
        return _Line(no, "", "library")
    if not _without(core, _RULE_CHARS):
        if "+" in core or "=" in core or len(_without(core, core[0])) > 0:
            return _Line(no, text, "rule")
        return _Line(no, text, "ambiguous")
    return _Line(no, text, "row")


def _strip_comment(text: str) -> str:
    cut = text.find("#")
    return text if cut < 0 else text[:cut]


def _scan(lines: "Iterable[str]") -> "Iterator[tuple[_Line, str]]":
    """Classify lines, skipping comment-only text and sections other than [Puzzle]; yields
    (line, raw text). Comment lines and section headers come out as blank lines."""
    skipping = False
    if _OTHER_SPACES:
        lines = map(_respace, lines)
    for no, raw in enumerate(lines, 1):
        raw = raw.rstrip("\r\n")
        stripped = raw.strip()
        if stripped.startswith("[") and _is_section(stripped):
            skipping = stripped.lower() != "[puzzle]"
            yield _Line(no, "", "blank"), raw
            continue
        if skipping:
            continue
        text = _strip_comment(raw)
        yield _classify(no, text), raw


# -- one puzzle from classified lines ---------------------------------------------------------------
def _as_shape(shape: "Shape | str | None") -> "Shape | None":
    if shape is None or isinstance(shape, Shape):
        return shape
    try:
        return Shape.parse(shape)
    except ValueError as err:
        raise ParseError(str(err)) from None


def _side_for(count: int, max_side: int) -> "int | None":
    side = isqrt(count)
    return side if side * side == count and MIN_INFERRED_SIDE <= side <= max_side else None


def _fits(count: int, shape: "Shape | None", max_side: int) -> bool:
    if shape is not None:
        return count == shape.cell_count and shape.side <= max_side
    return _side_for(count, max_side) is not None


@cache
def _char_table(side: int, hex_digits: bool) -> "dict[str, int]":
    """Characters -> values for one-character cells."""
    symbols = "0123456789ABCDEF" if hex_digits else ALPHABET[:side]
    table = {c: 0 for c in EMPTY_MARKS}
    for value, symbol in enumerate(symbols, 1):
        table[symbol] = value
        table[symbol.lower()] = value
    return table


def _use_hex(cells: str, side: int) -> bool:
    """16x16 text written 0-9A-F? (see the module docstring for the rule)"""
    if side != 16 or "0" not in cells or "G" in cells or "g" in cells:
        return False
    if any(mark in cells for mark in ".-xX*_"):
        return True
    return cells.count("0") <= side


def _alphabet_note(shape: Shape, hex_digits: bool) -> str:
    if hex_digits:
        return " (0-9 and A-F)"
    if shape.side <= 9:
        return ""
    return f" (1-9 and A-{ALPHABET[shape.side - 1]})"


def _locate_char(rows: "list[_Line]", index: int) -> "tuple[int, int]":
    """(line, column), 1-based, of the index-th cell character of `rows`."""
    for row in rows:
        if index < row.n_chr:
            for start, token in row.spans():
                if index < len(token):
                    return row.no, start + index + 1
                index -= len(token)
        index -= row.n_chr
    return rows[-1].no, None  # type: ignore[return-value]  # not reached


def _show(token: str) -> str:
    return _quote(token if len(token) <= 12 else token[:12] + "...")


def _box_hint(entries: "list[_Line]", side: int, numbers: bool) -> "Shape | None":
    """The box shape drawn by ``|`` and separator lines, when they draw one consistently."""
    rows = [e for e in entries if e.kind == "row"]
    box_cols = None
    widths = set()
    for row in rows:
        if "|" in row.text:
            for piece in row.text.split("|"):
                items = piece.split()
                count = len(items) if numbers else sum(len(t) for t in items)
                if count:
                    widths.add(count)
    if len(widths) == 1:
        box_cols = widths.pop()
        if box_cols >= side or side % box_cols:
            box_cols = None
    groups, run = [], 0
    for e in entries:
        if e.kind == "row":
            run += 1
        elif run:
            groups.append(run)
            run = 0
    if run:
        groups.append(run)
    box_rows = groups[0] if len(rows) == side and len(groups) > 1 and len(set(groups)) == 1 and side % groups[0] == 0 else None
    if box_cols and box_rows and box_rows * box_cols != side:
        return None
    if box_cols:
        return Shape.of(side // box_cols, box_cols)
    if box_rows:
        return Shape.of(box_rows, side // box_rows)
    return None


def _nearest_count(count: int, max_side: int) -> int:
    side = min(max(isqrt(count), MIN_INFERRED_SIDE), max_side)
    if side < max_side and (side + 1) ** 2 - count < count - side * side:
        side += 1
    return side * side


def _count_error(rows: "list[_Line]", count: int, numbers: bool, shape: "Shape | None",
                 hint: "Shape | None") -> ParseError:
    max_side = MAX_SIDE if numbers else MAX_CHAR_SIDE
    widths = [r.n_tok if numbers else r.n_chr for r in rows]
    common = _most_common(widths)
    if shape is not None:
        expected = shape.cell_count
    elif len(rows) >= 2 and MIN_INFERRED_SIDE <= common <= max_side:
        expected = common * common  # rows of 9 cells: a 9x9 grid
    elif hint is not None and hint.side <= max_side:
        expected = hint.cell_count
    elif count > max_side * max_side:
        form = "as numbers" if numbers else "one character a cell"
        return ParseError(f"found {count} cells, more than the largest grid written {form} "
                          f"({max_side}x{max_side}, {max_side * max_side} cells)")
    else:
        expected = _nearest_count(count, max_side)
    side = isqrt(expected)
    if len(rows) >= 2 and _is_one_liner(rows[0], shape) and _fits(rows[0].width, shape, max_side):
        return ParseError("a second puzzle starts here; parse_grid reads one puzzle "
                          "(use parse_puzzles for a file of several)", rows[1].no)
    if len(rows) >= 2:
        if common == side:
            for k, (row, width) in enumerate(zip(rows, widths), 1):
                if width != common:
                    return ParseError(f"row {k} has {width} cells, expected {side}", row.no)
            return ParseError(f"expected {expected} cells, found {count} ({len(rows)} rows of {side})")
    return ParseError(f"expected {expected} cells, found {count}")


def _resolve_ambiguous(entries: "list[_Line]") -> "list[_Line]":
    """Decide, for lines of only ``-`` (or ``*``, ``_``), whether each is a row of empty cells."""
    if not any(e.kind == "ambiguous" for e in entries):
        return entries
    widths = [e.width for e in entries if e.kind == "row"]
    common = _most_common(widths) if widths else None
    out = []
    for e in entries:
        if e.kind == "ambiguous":
            e.kind = "row" if common is None or e.n_chr == common else "rule"
        out.append(e)
    return out


def _grid_from_lines(entries: "list[_Line]", shape: "Shape | None", hint: "Shape | None" = None) -> Cells:
    """One puzzle (its values and shape) from its classified lines (rows and separators; no blanks).
    Raises ParseError."""
    entries = _resolve_ambiguous(entries)
    rows = [e for e in entries if e.kind == "row"]
    if not rows:
        raise ParseError("no puzzle found (the text is empty, or only comments and separators)")
    n_tok = sum(r.n_tok for r in rows)
    n_chr = sum(r.n_chr for r in rows)
    singles = sum(r.singles for r in rows)
    multi_num = any(r.multi_num for r in rows)
    all_num = all(r.all_num for r in rows)
    if multi_num and 2 * singles > n_tok:
        numbers = True
    elif _fits(n_chr, shape, MAX_CHAR_SIDE):
        numbers = False
    elif _fits(n_tok, shape, MAX_SIDE) and (multi_num or n_tok == n_chr):
        numbers = True
    else:
        numbers = multi_num and all_num
    count = n_tok if numbers else n_chr

    if not _fits(count, shape, MAX_SIDE if numbers else MAX_CHAR_SIDE):
        if numbers:
            for row in rows:
                if not row.all_num:
                    for start, token in row.spans():
                        if not (_is_cell_item(token) or is_ascii_number(token)):
                            raise ParseError(f"{_show(token)} is not a number or an empty-cell mark",
                                             row.no, start + 1)
        else:
            for row in rows:
                text = "".join(row.tokens)
                bad = _without(text, _CELL_CHARS)  # what is left keeps its order: its first is the first bad one
                if bad:
                    index = text.find(bad[0])
                    line, column = _locate_char([row], index)
                    raise ParseError(f"{_quote(bad[0])} is not a digit or an empty-cell mark", line, column)
        if shape is not None and not numbers and count == shape.cell_count:
            raise ParseError(f"a {shape.name} grid is too large for one character a cell: "
                             "write it as whitespace-separated numbers")
        raise _count_error(rows, count, numbers, shape, hint)

    if shape is None:
        side = isqrt(count)
        try:
            shape = _box_hint(entries, side, numbers) or Shape.for_side(side)
        except ValueError as err:  # pragma: no cover - sizes are checked above
            raise ParseError(str(err)) from None

    if numbers:
        values = []
        n = shape.side
        for row in rows:
            for k, token in enumerate(row.tokens):
                value = _ITEM_VALUES.get(token)  # an empty mark, or a number written the usual way
                if value is None and is_ascii_number(token):  # "007", "000", "123456789"
                    value = int(token) if len(token) <= 6 else n + 1
                if value is not None:
                    if value <= n:
                        values.append(value)
                        continue
                    reason = f"{token if len(token) <= 12 else token[:12] + '...'} is out of range"
                else:
                    reason = f"{_show(token)} is not a number"
                raise ParseError(f"{reason} for a {shape.name} grid", row.no, row.spans()[k][0] + 1)
        return Cells(values, shape)

    cells = "".join(token for row in rows for token in row.tokens)
    hex_digits = _use_hex(cells, shape.side)
    table = _char_table(shape.side, hex_digits)
    try:
        values = [table[c] for c in cells]
    except KeyError:
        index = next(i for i, c in enumerate(cells) if c not in table)
        line, column = _locate_char(rows, index)
        raise ParseError(f"{_quote(cells[index])} is not a digit for a {shape.name} grid"
                         f"{_alphabet_note(shape, hex_digits)}", line, column) from None
    return Cells(values, shape)


def _library_grid(no: int, raw: str, shape: "Shape | None", hint: "Shape | None" = None) -> Cells:
    """A HoDoKu library line ``:0000:x:<puzzle>:...``."""
    if _OTHER_SPACES:
        raw = _respace(raw)
    text = _strip_comment(raw)
    start = text.index(":")
    fields = text[start:].split(":")
    if len(fields) < 4:
        raise ParseError("a library line reads :type:digits:puzzle:..., but this one has no puzzle field",
                         no, start + 1)
    offset = start + len(":".join(fields[:3])) + 1
    puzzle = " " * offset + fields[3].replace("+", " ")
    line = _Line(no, puzzle, "row")
    if not line.tokens:
        raise ParseError("the puzzle field of this library line is empty", no, offset + 1)
    return _grid_from_lines([line], shape, hint)


# -- the readers ---------------------------------------------------------------------------------
def read_grid(text: str, shape: "Shape | str | None" = None) -> Cells:
    """One puzzle's values and shape (`formats.parse_grid`); raises `ParseError`."""
    if not isinstance(text, str):
        raise TypeError(f"parse_grid reads text (str), not {type(text).__name__}")
    shape = _as_shape(shape)
    lines = _split_lines(text)
    entries = [line for line, _ in _scan(lines) if line.kind != "blank"]
    library = [line for line in entries if line.kind == "library"]
    if library:
        if len(entries) > 1:
            second = entries[1]
            raise ParseError("a second puzzle starts here; parse_grid reads one puzzle "
                             "(use parse_puzzles for a file of several)", second.no)
        no = library[0].no
        return _library_grid(no, lines[no - 1], shape)
    return _grid_from_lines(entries, shape)


def _breaks_block(line: _Line, shape: "Shape | None", starting: bool) -> bool:
    """In a multi-puzzle file, is this line a puzzle of its own? (When a block is open, a line only
    leaves it when it cannot be a row at all, so that a row of the wrong length is reported.)"""
    if shape is not None and not starting:
        return line.width == shape.cell_count
    return _is_one_liner(line, shape)


def _is_one_liner(line: _Line, shape: "Shape | None") -> bool:
    """Is this line a whole puzzle by itself (rather than the first row of a block)?"""
    if shape is not None:
        return line.width == shape.cell_count or line.width != shape.side
    if line.numberish():
        side = _side_for(line.n_tok, MAX_SIDE)
        return line.n_tok > MAX_SIDE or (line.n_tok > MAX_CHAR_SIDE and side is not None
                                         and line.max_value() <= side)
    return line.n_chr > MAX_CHAR_SIDE


def read_puzzles(source: "str | Iterable[str]", shape: "Shape | str | None" = None
                 ) -> "Iterator[tuple[int, Cells | ParseError]]":
    """`formats.parse_puzzles`, with each good puzzle as its `Cells`."""
    shape = _as_shape(shape)
    if isinstance(source, str):  # its lines as universal newlines read them (io.StringIO(newline=None))
        source = _split_lines(source)
        if not source[-1]:
            source.pop()  # the text ends with a line break (or is empty): no line after it
    hint = shape
    block = []
    rows = 0
    width = 0

    def finish(entries: "list[_Line]") -> "Iterator[tuple[int, Cells | ParseError]]":
        nonlocal hint
        content = [e for e in entries if e.kind in ("row", "ambiguous")]
        if not content:
            return
        full = shape.side if shape is not None else content[0].width
        if (len(content) < full and all(e.kind == "row" for e in entries)
                and all(_fits(e.width, shape, MAX_SIDE) for e in content)):
            parts = [[e] for e in entries]  # a run of whole puzzles, one a line
        else:
            parts = [entries]
        for part in parts:
            no = next(e.no for e in part if e.kind in ("row", "ambiguous"))
            try:
                cells = _grid_from_lines(part, shape, hint)
            except ParseError as err:
                yield no, err
            else:
                hint = cells.shape
                yield no, cells

    for line, raw in _scan(source):
        kind = line.kind
        if kind == "blank" or kind == "library":
            yield from finish(block)
            block, rows = [], 0
            if kind == "library":
                try:
                    cells = _library_grid(line.no, raw, shape, hint)
                except ParseError as err:
                    yield line.no, err
                else:
                    hint = cells.shape
                    yield line.no, cells
            continue
        full = rows > 0 and rows >= (shape.side if shape is not None else width)
        if kind == "rule" or (kind == "ambiguous" and rows and (full or line.n_chr != width)):
            line.kind = "rule"
            block.append(line)  # a separator: inside, before or just after a block
        elif kind == "ambiguous" and not rows:
            block.append(line)  # a separator or a row of empty cells: decided with the whole block
        elif kind == "row" and _breaks_block(line, shape, starting=not rows):
            yield from finish(block)
            block, rows = [], 0
            yield from finish([line])
        else:
            if full:
                yield from finish(block)
                block, rows = [], 0
            if not rows:
                width = line.width
            line.kind = "row"
            block.append(line)
            rows += 1
    yield from finish(block)
