"""The docs held to the code: the README as a front door, `docs/embedding.md` as the element's whole contract,
and every relative link in the README and `docs/*.md` pointing at a file (and heading) that exists.

The element's facts are read from its source, wherever they live among its modules: `web/sudoku-solver.js`
and every module it imports (statically or with `import()`), so splitting the element into more modules
changes nothing here. Each fact is found by a small reader of JavaScript (comments, strings, template literals
and regular expressions told apart from code); a fact that cannot be found fails the test with a sentence
saying what was looked for, so a refactor can never make these tests pass by finding nothing.

Pure Python: no browser, no Node.
"""
from __future__ import annotations

import itertools
import re
import sys
import unicodedata
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
DOCS = ROOT / "docs"
README = ROOT / "README.md"
EMBEDDING = DOCS / "embedding.md"
ENTRY = WEB / "sudoku-solver.js"  # what a page loads (`<script type="module" src=".../sudoku-solver.js">`)
EVENT_PREFIX = "sudoku-solver-"
#: Methods every custom element may have that are the platform's, not the element's API.
LIFECYCLE = {"constructor", "connectedCallback", "disconnectedCallback", "adoptedCallback",
             "attributeChangedCallback", "connectedMoveCallback"}
README_MAX_LINES = 250


class JSFactNotFound(AssertionError):
    """A fact the docs are checked against could not be read from the element's source."""


# -- reading JavaScript ------------------------------------------------------------------------------------
_REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^")
_REGEX_AFTER_WORDS = {"return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case",
                      "do", "else", "yield", "await"}


class Source:
    """One JS file: its text, and `masked`, the same text with the insides of comments, strings, template
    literals' text and regular expressions blanked (delimiters and newlines kept), so that brackets, names
    and punctuation found in `masked` are code. `${...}` inside a template literal is code."""

    def __init__(self, path: Path):
        self.path = path
        self.text = path.read_text(encoding="utf-8")
        self.masked = _mask(self.text)

    def line(self, pos: int) -> str:
        name = self.path.relative_to(ROOT) if self.path.is_relative_to(ROOT) else self.path
        return f"{name}:{self.text.count(chr(10), 0, pos) + 1}"

    def close(self, start: int) -> int:
        """The index of the bracket closing the one at `start` (`(`, `[` or `{`)."""
        pairs = {"(": ")", "[": "]", "{": "}"}
        opening = self.masked[start]
        depth = 0
        for i in range(start, len(self.masked)):
            c = self.masked[i]
            if c == opening:
                depth += 1
            elif c == pairs[opening]:
                depth -= 1
                if depth == 0:
                    return i
        raise JSFactNotFound(f"{self.line(start)}: no bracket closes this {opening!r}")


def _mask(src: str) -> str:
    out = list(src)
    n = len(src)
    stack: list[int] = []  # for each `${` still open: the brace depth just outside it
    depth = 0

    def blank(a: int, b: int) -> None:
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    def previous_code(k: int) -> str:
        """The code just before index k: a word, or one punctuation character ('' at the start)."""
        k -= 1
        while k >= 0 and out[k] in " \t\r\n":
            k -= 1
        if k < 0:
            return ""
        if not (out[k].isalnum() or out[k] in "_$"):
            return out[k]
        j = k
        while j >= 0 and (out[j].isalnum() or out[j] in "_$"):
            j -= 1
        return "".join(out[j + 1:k + 1])

    def template(k: int) -> "tuple[int, bool]":
        """Blank a template literal's text from k (just past a backtick or a closing `}`): the index after the
        closing backtick and False, or the index just past a `${` and True (code again, the `${` pushed)."""
        start = k
        while k < n:
            c = src[k]
            if c == "\\":
                k += 2
            elif c == "`":
                blank(start, k)
                return k + 1, False
            elif c == "$" and src[k + 1:k + 2] == "{":
                blank(start, k)
                stack.append(depth)
                return k + 2, True
            else:
                k += 1
        blank(start, n)
        return n, False

    i = 0
    while i < n:
        c = src[i]
        nxt = src[i + 1:i + 2]
        if c == "/" and nxt == "/":
            end = src.find("\n", i)
            end = n if end < 0 else end
            blank(i, end)
            i = end
        elif c == "/" and nxt == "*":
            end = src.find("*/", i + 2)
            end = n if end < 0 else end + 2
            blank(i, end)
            i = end
        elif c in "'\"":
            k = i + 1
            while k < n and src[k] != c and src[k] != "\n":
                k += 2 if src[k] == "\\" else 1
            blank(i + 1, k)
            i = k + 1
        elif c == "`":
            i, opened = template(i + 1)
            depth += opened
        elif c == "/" and (previous_code(i) in _REGEX_AFTER or previous_code(i) in _REGEX_AFTER_WORDS
                           or previous_code(i) == ""):
            k = i + 1
            in_class = False
            while k < n and src[k] != "\n":
                if src[k] == "\\":
                    k += 2
                    continue
                if src[k] == "[":
                    in_class = True
                elif src[k] == "]":
                    in_class = False
                elif src[k] == "/" and not in_class:
                    break
                k += 1
            blank(i + 1, k)
            i = k + 1
        elif c == "{":
            depth += 1
            i += 1
        elif c == "}":
            depth -= 1
            if stack and depth == stack[-1]:
                stack.pop()
                i, opened = template(i + 1)  # back in the template literal's text
                depth += opened
            else:
                i += 1
        else:
            i += 1
    return "".join(out)


def code_strings(source: "Source", start: int, end: int) -> "list[str]":
    """The plain string literals ('...' or "...") written as code in source.text[start:end], in order."""
    found = []
    k = start
    while k < end:
        c = source.masked[k]
        if c in "'\"":
            close = source.masked.index(c, k + 1)
            found.append(source.text[k + 1:close])
            k = close + 1
        elif c == "`":  # a template literal: skip it (its text is blank in `masked`, its ${} are code)
            k = _template_at(source, k)[1]
        else:
            k += 1
    return found


_STRING = re.compile(r"""'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)\"""")


def string_literal(text: str) -> "str | None":
    """The value of `text` when it is exactly one plain string literal."""
    m = _STRING.fullmatch(text.strip())
    return None if m is None else (m.group(1) if m.group(1) is not None else m.group(2))


@lru_cache(maxsize=None)
def element_modules() -> "tuple[Source, ...]":
    """`web/sudoku-solver.js` and every web module it imports, directly or not."""
    if not ENTRY.exists():
        raise JSFactNotFound(f"{ENTRY} is missing: it is the file pages load")
    seen: dict[Path, Source] = {}
    todo = [ENTRY]
    while todo:
        path = todo.pop()
        if path in seen or not path.exists():
            continue
        source = Source(path)
        seen[path] = source
        imports = re.finditer(r"""(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\./[\w./-]+\.m?js)\1""", source.text)
        todo += [(path.parent / m.group(2)).resolve() for m in imports if source.masked[m.start()] != " "]
    return tuple(seen[p] for p in sorted(seen))


def the_element_class() -> "tuple[Source, int, int]":
    """(module, index of the class body's `{`, index of its `}`) of the class that extends HTMLElement."""
    found = []
    for source in element_modules():
        for m in re.finditer(r"\bclass\s+([\w$]+)\s+extends\s+HTMLElement\s*\{", source.masked):
            found.append((source, m.end() - 1))
    if len(found) != 1:
        raise JSFactNotFound(f"expected one class extending HTMLElement among the element's modules "
                             f"({', '.join(s.path.name for s in element_modules())}), found {len(found)}")
    source, start = found[0]
    return source, start, source.close(start)


def collapse(text: str) -> str:
    """`text` (masked code) with the insides of every bracket pair removed: `a(b, [c]) { d }` -> `a() {}`."""
    out = []
    depth = 0
    for c in text:
        if c in "([{":
            if depth == 0:
                out.append(c)
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                out.append(c)
        elif depth == 0:
            out.append(c)
    return "".join(out)


_MEMBER = re.compile(r"(?P<mods>(?:\b(?:static|async|get|set)\s+)*)(?P<star>\*\s*)?(?P<name>#?[A-Za-z_$][\w$]*)\s*"
                     r"(?P<kind>\(\)\s*\{\}|=[^;]*;?|;)")


def class_members() -> "list[tuple[str, str, bool]]":
    """(name, kind, static) of every member of the element class; kind: 'method', 'get', 'set' or 'field'."""
    source, start, end = the_element_class()
    body = collapse(source.masked[start + 1:end])
    members = []
    for m in _MEMBER.finditer(body):
        mods = m.group("mods").split()
        if m.group("kind").startswith("("):
            kind = "get" if "get" in mods else "set" if "set" in mods else "method"
        else:
            kind = "field"
        members.append((m.group("name"), kind, "static" in mods))
    if not members:
        raise JSFactNotFound(f"{source.line(start)}: no members read in the element class")
    return members


def public_methods() -> "set[str]":
    methods = {name for name, kind, _ in class_members()
               if kind == "method" and not name.startswith("#") and name not in LIFECYCLE}
    if not methods:
        raise JSFactNotFound("the element class has no public method")
    return methods


def public_properties() -> "set[str]":
    """Accessors (get/set) and public instance fields: what a page reads or sets on the element."""
    props = {name for name, kind, static in class_members()
             if kind in ("get", "set", "field") and not static and not name.startswith("#")}
    if not props:
        raise JSFactNotFound("the element class has no public property")
    return props


def array_literal(name_pattern: str, what: str) -> "list[str]":
    """The strings of the array assigned to a name matching `name_pattern` (`NAME = [...]`,
    `NAME = Object.freeze([...])`, `get NAME() { return [...]; }`, or `NAME = OTHER` with `OTHER = [...]`)."""
    hits = []
    for source in element_modules():
        for m in re.finditer(name_pattern + r"(?:\s*=\s*(?:Object\.freeze\(\s*)?|\s*\(\)\s*\{\s*return\s+)"
                             r"(\[|[A-Z_$][\w$]*\b)", source.masked):
            if m.group(1) == "[":
                at = m.end(1) - 1
                hits.append(code_strings(source, at, source.close(at) + 1))
            else:
                hits.append(array_literal(r"\b" + re.escape(m.group(1)), what))
    if len(hits) != 1 or not hits[0]:
        raise JSFactNotFound(f"{what}: expected one array of strings assigned to /{name_pattern}/ in the element's "
                             f"modules, found {len(hits)}")
    return hits[0]


def observed_attributes() -> "list[str]":
    return array_literal(r"\bstatic\s+(?:get\s+)?observedAttributes", "observedAttributes")


def all_controls() -> "list[str]":
    return array_literal(r"\bALL_CONTROLS", "the controls (ALL_CONTROLS)")


def emitted_events() -> "set[str]":
    """`emit('name', ...)` (the element's helper, dispatching `sudoku-solver-<name>`) and any
    `new CustomEvent('sudoku-solver-...')` written out."""
    events = set()
    helper = short = False
    for source in element_modules():
        for m in re.finditer(r"(?<![\w$])#?emit\s*\(\s*(['\"])([a-z][a-z-]*)\1", source.text):
            if source.masked[m.start()] != " ":  # code, not a comment
                name = m.group(2)
                short = short or not name.startswith(EVENT_PREFIX)
                events.add(name if name.startswith(EVENT_PREFIX) else EVENT_PREFIX + name)
        for m in re.finditer(r"new\s+CustomEvent\s*\(\s*(['\"`])(sudoku-solver-)(\$\{)?([a-z-]*)", source.text):
            if source.masked[m.start()] == " ":
                continue
            if m.group(3):
                helper = True  # `sudoku-solver-${name}`: the emit helper
            elif m.group(4):
                events.add(m.group(2) + m.group(4))
    if not events:
        raise JSFactNotFound("no event dispatched by the element: looked for emit('name', ...) and "
                             "new CustomEvent('sudoku-solver-...') in its modules")
    if short and not helper:
        raise JSFactNotFound("emit('name') is called, but no helper dispatches new CustomEvent(`sudoku-solver-${...}`)")
    return events


def css_custom_properties() -> "set[str]":
    found = {name for s in element_modules() for name in re.findall(r"var\(\s*(--sudoku-[a-z][a-z-]*)", s.text)}
    if not found:
        raise JSFactNotFound("no var(--sudoku-...) in the element's stylesheet")
    return found


# -- ::part() names: static strings, and the few templates that build them --------------------------------
#: Where a part value is written: setAttribute('part', ...), {part: ...} / {'part': ...}, el.part = ...
_PART_SITES = re.compile(r"""(?:\.setAttribute\(\s*(['"])part\1\s*,|(?<![\w$.])(?:part|(['"])part\2)\s*:"""
                         r"""|\.part\s*=(?!=))\s*""")
_PART_TOKEN = re.compile(r"[a-z][a-z0-9-]*")
_PRODUCT_CAP = 5000


def _template_at(source: Source, start: int) -> "tuple[list, int]":
    """Pieces of the template literal whose backtick is at `start`: str (text) or (expr_start, expr_end);
    and the index just past its closing backtick."""
    text = source.text
    pieces: list = []
    i = start + 1
    chunk = []
    while i < len(text):
        c = text[i]
        if c == "\\":
            chunk.append(text[i + 1])
            i += 2
        elif c == "`":
            pieces.append("".join(chunk))
            return pieces, i + 1
        elif c == "$" and text[i + 1:i + 2] == "{":
            pieces.append("".join(chunk))
            chunk = []
            end = source.close(i + 1)
            pieces.append((i + 2, end))
            i = end + 1
        else:
            chunk.append(c)
            i += 1
    raise JSFactNotFound(f"{source.line(start)}: unterminated template literal")


def _values_of_template(source: Source, start: int, exclude: "dict[str, set[str]]") -> "set[str]":
    pieces, _ = _template_at(source, start)
    options = [{p} if isinstance(p, str) else _values_of_expr(source, p[0], p[1], exclude) for p in pieces]
    if any(not o for o in options):
        raise JSFactNotFound(f"{source.line(start)}: a template builds part names from a value that cannot be read")
    total = 1
    for o in options:
        total *= len(o)
    if total > _PRODUCT_CAP:
        raise JSFactNotFound(f"{source.line(start)}: a part template has too many possible values to check")
    return {"".join(combo) for combo in itertools.product(*options)}


def _values_of_expr(source: Source, start: int, end: int, exclude: "dict[str, set[str]]") -> "set[str]":
    """The strings an expression in `source.text[start:end]` may give: its string literals and template
    literals (the branches of a ternary), not those it only compares with; a lone name or property is looked up."""
    code = source.text[start:end]
    exclude = {k: set(v) for k, v in exclude.items()}
    for name, _, lit in re.findall(r"([\w$]+)\s*===\s*(['\"])(.*?)\2\s*\?\s*(?:''|\"\")\s*:", code):
        exclude.setdefault(name, set()).add(lit)  # `kind === 'empty' ? '' : ...`: past here kind is not 'empty'
    bare = code.strip()
    if re.fullmatch(r"[\w$]+(?:\.[\w$#]+)*", bare):
        return _values_of_name(source, start + code.index(bare), bare, exclude)
    values: set[str] = set()
    masked = source.masked
    i = start
    while i < end:
        c = masked[i]
        if c in "'\"":
            close = masked.index(c, i + 1)
            before = masked[max(start, i - 4):i]
            after = masked[close + 1:close + 5]
            if not re.search(r"[=!]==?\s*$", before) and not re.match(r"\s*[=!]==?", after):
                values.add(source.text[i + 1:close])
            i = close + 1
        elif c == "`":
            values |= _values_of_template(source, i, exclude)
            i = _template_at(source, i)[1]
        else:
            i += 1
    return values


def _split_top(source: Source, start: int, end: int) -> "list[tuple[int, int]]":
    """Spans of the comma-separated items of source.text[start:end] (commas inside brackets do not count)."""
    spans, depth, first = [], 0, start
    for k in range(start, end):
        ch = source.masked[k]
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 0:
            spans.append((first, k))
            first = k + 1
    if source.text[first:end].strip():
        spans.append((first, end))
    return spans


def _names_in(source: Source, start: int, end: int) -> "list[str]":
    """The names a parameter list or a destructuring pattern declares, by position (`extra = ''` -> extra)."""
    return [re.match(r"\s*(?:\.\.\.)?([\w$]*)", source.masked[a:b]).group(1) for a, b in _split_top(source, start, end)]


def _scope_holds(source: Source, after: int, pos: int, statement: bool = False) -> bool:
    """Whether the body that starts right after index `after` (`{...}`, `=> {...}`, `=> expression`, or with
    `statement`, a loop's single statement) holds `pos`."""
    masked = source.masked
    body = re.match(r"\s*(?:=>\s*)?\{", masked[after:])
    if body:
        return source.close(after + body.end() - 1) >= pos
    arrow = re.match(r"\s*=>", masked[after:])
    if not arrow and not statement:
        return False
    depth = 0
    for k in range(after + (arrow.end() if arrow else 0), len(masked)):
        depth += masked[k] in "([{"
        depth -= masked[k] in ")]}"
        if depth < 0 or (depth == 0 and masked[k] in (";" if statement else ";,")):
            return k >= pos
    return True


def _array_items(name: str) -> "tuple[Source, list[tuple[int, int]]]":
    """The items of the array literal assigned to `name` (`const NAME = [...]`) in the element's modules."""
    found = []
    for s in element_modules():
        for m in re.finditer(rf"\b(?:const|let|var)\s+{re.escape(name)}\s*=\s*(?:Object\.freeze\(\s*)?\[", s.masked):
            found.append((s, _split_top(s, m.end(), s.close(m.end() - 1))))
    if len(found) != 1:
        raise JSFactNotFound(f"expected one array literal assigned to `{name}`, found {len(found)}")
    return found[0]


def _values_of_name(source: Source, pos: int, name: str, exclude: "dict[str, set[str]]") -> "set[str]":
    """The strings a name (or a property `a.b`) used at `pos` may hold: from its declaration in scope (a
    const/let, a function's parameter and the calls' arguments, or a `for (const [...] of ARRAY)` over an
    array literal), or, for a property, every string assigned to that property in the element's modules."""
    where = f"{source.line(pos)}: the part name built from `{name}`"
    if "." in name:
        prop = re.escape(name.rsplit(".", 1)[1])
        found = {string_literal(m.group(1)) for s in element_modules() for m in
                 re.finditer(rf"(?:(?<![\w$.]){prop}\s*:|\.{prop}\s*=(?!=))\s*('[^'\n]*'|\"[^\"\n]*\")", s.text)
                 if s.masked[m.start()] != " "}
        if not found:
            raise JSFactNotFound(f"{where}: no string is assigned to `{name}`")
        return found - exclude.get(name, set())
    masked = source.masked
    candidates = []  # (index of the declaration, kind, details): the nearest one before `pos` wins
    for m in re.finditer(rf"\b(?:const|let|var)\s+{re.escape(name)}\s*=(?!=)", masked[:pos]):
        candidates.append((m.start(), "const", m))
    for m in re.finditer(r"\bfor\s*\(\s*(?:const|let|var)\s+(\[|[\w$]+)", masked[:pos]):
        if m.group(1) == "[":
            close = source.close(m.start(1))
            names, rest = _names_in(source, m.start(1) + 1, close), close + 1
        else:
            names, rest = [m.group(1)], m.end(1)
        of = re.match(r"\s+of\s+([\w$]+)\s*\)", masked[rest:])
        if of and name in names and _scope_holds(source, rest + of.end(), pos, statement=True):
            candidates.append((m.start(), "for", (of.group(1), names.index(name) if m.group(1) == "[" else None)))
    heads = re.finditer(r"(?:(?:const|let|var)\s+(?P<arrow>[\w$]+)\s*=\s*(?:async\s*)?(?P<ap>\()|"
                        r"\bfunction\s+(?P<fn>[\w$]+)\s*(?P<fp>\()|"
                        r"^\s*(?:(?:static|async)\s+)*(?!(?:if|for|while|switch|catch|with|return|function)\b)"
                        r"(?P<method>#?[\w$]+)\s*(?P<mp>\())", masked[:pos], re.MULTILINE)
    for h in heads:
        kind, paren = next((k, h.start(p)) for k, p in (("arrow", "ap"), ("fn", "fp"), ("method", "mp")) if h.group(k))
        close = source.close(paren)
        params = _names_in(source, paren + 1, close)
        if name in params and _scope_holds(source, close + 1, pos):
            candidates.append((h.start(), "param", (h.group(kind), h.start(kind), params.index(name))))
    if not candidates:
        raise JSFactNotFound(f"{where}: no declaration of `{name}` found")
    _, kind, found = max(candidates, key=lambda c: c[0])
    values: set[str] = set()
    if kind == "const":
        start = found.end()
        end, depth = start, 0
        while end < min(len(masked), start + 2000) and not (masked[end] == ";" and depth == 0):
            depth += masked[end] in "([{"
            depth -= masked[end] in ")]}"
            end += 1
        values |= set(code_strings(source, start, end))
        for member in re.findall(r"[?:]\s*([\w$]+(?:\.[\w$#]+)+)\s*(?=[:;)]|$)", source.text[start:end]):
            values |= _values_of_name(source, start, member, exclude)
    elif kind == "for":
        array, index = found
        home, items = _array_items(array)
        for a, b in items:
            item = home.text[a:b].strip()
            if index is not None:
                inner = a + home.text[a:b].index("[")
                fields = _split_top(home, inner + 1, home.close(inner))
                item = home.text[fields[index][0]:fields[index][1]] if index < len(fields) else ""
            value = string_literal(item)
            if value is None:
                raise JSFactNotFound(f"{where}: an item of `{array}` is not a plain string ({home.line(a)})")
            values.add(value)
    else:
        fname, own, index = found
        for call in re.finditer(rf"(?<![\w$]){re.escape(fname)}\s*\(", masked):
            if call.start() == own:
                continue  # the function's own head
            args = _split_top(source, call.end(), source.close(call.end() - 1))
            if index >= len(args):
                continue
            value = string_literal(source.text[args[index][0]:args[index][1]])
            if value is None:
                raise JSFactNotFound(f"{where}: `{fname}(...)` is called with a value that is not a plain string "
                                     f"({source.line(call.start())})")
            values.add(value)
    values -= exclude.get(name, set())
    if not values:
        raise JSFactNotFound(f"{where}: no string value found for `{name}`")
    return values


def part_names() -> "set[str]":
    names: set[str] = set()
    sites = 0
    for source in element_modules():
        text = source.text
        for m in re.finditer(r"""\.part\.(?:add|toggle|replace)\s*\(""", text):
            if source.masked[m.start()] != " ":
                sites += 1
                args = code_strings(source, m.end(), source.close(m.end() - 1))
                names.update(t for a in args[:1 if "toggle" in m.group() else None] for t in a.split())
        for m in _PART_SITES.finditer(text):
            if source.masked[m.start()] == " ":
                continue  # inside a comment or a string
            sites += 1
            at = m.end()
            if text[at] == "`":
                values = _values_of_template(source, at, {})
            else:
                literal = re.match(r"""'[^'\n]*'|"[^"\n]*\"""", text[at:])
                if not literal:
                    raise JSFactNotFound(f"{source.line(at)}: a part value that is neither a string nor a template")
                values = {string_literal(literal.group())}
            for value in values:
                for token in value.split():
                    if not _PART_TOKEN.fullmatch(token):
                        raise JSFactNotFound(f"{source.line(at)}: {token!r} read as a part name")
                    names.add(token)
    if not sites or not names:
        raise JSFactNotFound("no ::part() names found: looked for part: '...', setAttribute('part', ...), "
                             ".part = ... and .part.add(...) in the element's modules")
    return names


# -- reading Markdown ----------------------------------------------------------------------------------------
def without_code(markdown: str) -> str:
    """The Markdown with fenced code blocks emptied (lines kept, so line numbers hold)."""
    out, fence = [], None
    for line in markdown.split("\n"):
        m = re.match(r"\s*(```+|~~~+)", line)
        if fence is None and m:
            fence = m.group(1)[0] * 3
            out.append("")
        elif fence is not None:
            if line.strip().startswith(fence):
                fence = None
            out.append("")
        else:
            out.append(line)
    return "\n".join(out)


def code_blocks(markdown: str) -> "list[tuple[int, list[str]]]":
    """(line number of the fence, lines) of each fenced code block."""
    blocks, current, start = [], None, 0
    for number, line in enumerate(markdown.split("\n"), 1):
        if re.match(r"\s*```", line):
            if current is None:
                current, start = [], number
            else:
                blocks.append((start, current))
                current = None
        elif current is not None:
            current.append(line)
    return blocks


def section(markdown: str, heading: str) -> str:
    """The text under the heading `heading` (any level), up to the next heading of that level or higher."""
    m = re.search(rf"^(#+) {re.escape(heading)}\s*$", markdown, re.MULTILINE)
    assert m, f"no heading {heading!r}"
    level = len(m.group(1))
    rest = markdown[m.end():]
    end = re.search(rf"^#{{1,{level}}} ", rest, re.MULTILINE)
    return rest[:end.start()] if end else rest


def tables(markdown: str) -> "list[tuple[list[str], list[list[str]]]]":
    """Each table: (header cells, rows of cells). Cells split on unescaped `|`."""
    found = []
    lines = without_code(markdown).split("\n")
    i = 0
    while i < len(lines):
        if lines[i].lstrip().startswith("|") and i + 1 < len(lines) and re.match(r"\s*\|[\s:|-]+\|\s*$", lines[i + 1]):
            header = cells(lines[i])
            rows = []
            i += 2
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                rows.append(cells(lines[i]))
                i += 1
            found.append((header, rows))
        else:
            i += 1
    return found


def cells(line: str) -> "list[str]":
    parts = re.split(r"(?<!\\)\|", line.strip())
    return [p.strip() for p in parts[1:-1]]


def plain(cell: str) -> str:
    return re.sub(r"[`*]", "", cell).strip().lower()


def names_in(cell: str) -> "list[str]":
    """The names in a key cell: each `code` span, without a trailing `()`."""
    return [re.sub(r"\(\)$", "", n) for n in re.findall(r"`([^`]+)`", cell)]


def embedding_table(*header: str) -> "list[list[str]]":
    """The rows of the one table of docs/embedding.md whose header starts with `header`."""
    text = EMBEDDING.read_text(encoding="utf-8")
    matching = [rows for head, rows in tables(text) if [plain(h) for h in head[:len(header)]] == list(header)]
    assert len(matching) == 1, \
        f"docs/embedding.md: expected one table headed {' | '.join(header)}, found {len(matching)}"
    return matching[0]


def keys(rows: "list[list[str]]", column: int = 0) -> Counter:
    return Counter(name for row in rows for name in names_in(row[column]))


def assert_documented_once(documented: Counter, in_code: "set[str] | list[str]", what: str) -> None:
    in_code = set(in_code)
    missing = sorted(in_code - set(documented))
    extra = sorted(set(documented) - in_code)
    twice = sorted(name for name, count in documented.items() if count > 1)
    assert not missing, f"{what} in the code but not in docs/embedding.md: {missing}"
    assert not extra, f"{what} in docs/embedding.md that the code does not have: {extra}"
    assert not twice, f"{what} documented more than once in docs/embedding.md: {twice}"


# -- the element's contract ----------------------------------------------------------------------------------
def test_the_element_is_read_from_its_modules():
    modules = {s.path.name for s in element_modules()}
    assert "sudoku-solver.js" in modules
    source, start, _ = the_element_class()
    assert source.path.parent == WEB


def test_every_observed_attribute_is_documented_once():
    assert_documented_once(keys(embedding_table("attribute", "property")), observed_attributes(), "attributes")


def test_every_control_is_documented_once():
    assert_documented_once(keys(embedding_table("control")), all_controls(), "controls")


def test_every_public_method_is_documented_once():
    assert_documented_once(keys(embedding_table("method")), public_methods(), "public methods")


def test_every_public_property_is_documented_once():
    documented = keys(embedding_table("attribute", "property"), column=1) + keys(embedding_table("property"))
    assert_documented_once(documented, public_properties(), "public properties")


def test_every_event_is_documented_once():
    assert_documented_once(keys(embedding_table("event")), emitted_events(), "events")


def test_every_part_is_documented_once():
    assert_documented_once(keys(embedding_table("part")), part_names(), "::part() names")


def test_every_css_custom_property_is_documented_once():
    assert_documented_once(keys(embedding_table("custom property")), css_custom_properties(), "CSS custom properties")


def test_the_iframe_protocol_is_documented_once():
    source = Source(WEB / "embed.js")
    m = re.search(r"\bCOMMANDS\s*=\s*new\s+Map\s*\(\s*\[", source.masked)
    if not m:
        raise JSFactNotFound("web/embed.js: no `COMMANDS = new Map([...])` of the commands the frame takes")
    outer = m.end() - 1
    inner = source.masked[outer + 1:source.close(outer)]
    commands, depth = [], 0
    for k, ch in enumerate(inner):
        if ch == "[" and depth == 0:
            at = outer + 1 + k
            commands.append(code_strings(source, at, source.close(at))[0])
        depth += ch in "([{"
        depth -= ch in ")]}"
    posted = {m.group(2) for m in re.finditer(r"(?<![\w$.])post\(\s*(['\"])([a-z-]+)\1", source.text)
              if source.masked[m.start()] != " "}
    assert commands and posted, "web/embed.js: no commands or no messages found"
    prefix = "sudoku-solver:"
    assert_documented_once(keys(embedding_table("type", "fields", "reply result")), [prefix + c for c in commands],
                           "iframe commands")
    assert_documented_once(keys(embedding_table("type", "fields", "when")), {prefix + p for p in posted},
                           "iframe messages")


def test_the_fact_readers_find_what_they_should(tmp_path, monkeypatch):
    """The readers above, on a small element written the ways a refactor might write it: facts split over two
    modules, comments and regular expressions holding brackets and quotes, part names built by templates."""
    (tmp_path / "sudoku-solver.js").write_text(r"""
import { View } from './view.js';   // import { Nope } from './missing.js';
const ALL_CONTROLS = Object.freeze(['solve', 'pad']);   // not [ 'commented' ]
const re = /[{(]\//g, s = "a{b", t = `x${ {a: 1}.a }y`;
/* class Fake extends HTMLElement { nope() {} } */
export class Demo extends HTMLElement {
  static observedAttributes = ['puzzle', 'size'];
  #x = 1; #y;
  #handler = (e) => { if (e) { this.#emit('secret-ish'); } };
  constructor() { super(); const button = (name, label) => make('button', {}, { part: `button ${name}-button` });
    button('solve', 'Solve'); button('check', 'Check'); }
  get puzzle() { return ''; }
  set puzzle(v) {}
  async solve() { this.#emit('solved', {}); }
  check() { return /}/.test('{'); }
  #emit(name, detail) { this.dispatchEvent(new CustomEvent(`sudoku-solver-${name}`, { detail })); }
}
""", encoding="utf-8")
    (tmp_path / "view.js").write_text(r"""
const BUTTONS = [['undo', 'Undo'], ['redo', 'Redo', 'Redo (Ctrl+Y)']];
export class View {
  build() { for (const [name, label] of BUTTONS) make('button', {}, { part: `button ${name}-button` }); }
  paint(view) {
    const kind = a ? 'given' : b ? view.kindOfFilled : 'empty';
    cell.setAttribute('part', `cell${kind === 'empty' ? '' : ` ${kind}`}${clash ? ' conflict' : ''}`);
    host.emit('rated', {});
  }
}
const view = { kindOfFilled: 'solved' };
""", encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "ENTRY", tmp_path / "sudoku-solver.js")
    element_modules.cache_clear()
    try:
        assert [s.path.name for s in element_modules()] == ["sudoku-solver.js", "view.js"]
        assert observed_attributes() == ["puzzle", "size"]
        assert all_controls() == ["solve", "pad"]
        assert public_methods() == {"solve", "check"}
        assert public_properties() == {"puzzle"}
        assert emitted_events() == {"sudoku-solver-secret-ish", "sudoku-solver-solved", "sudoku-solver-rated"}
        assert part_names() == {"button", "solve-button", "check-button", "undo-button", "redo-button",
                                "cell", "given", "solved", "conflict"}
    finally:
        element_modules.cache_clear()


# -- the README as a front door -------------------------------------------------------------------------------
def command(line: str) -> str:
    return line.split("#", 1)[0].strip()


def test_the_readme_is_a_front_door():
    lines = README.read_text(encoding="utf-8").split("\n")
    assert len(lines) < README_MAX_LINES, f"README.md has {len(lines)} lines: move detail into docs/"


def test_the_readme_has_one_test_command_and_one_serve_command():
    text = README.read_text(encoding="utf-8")
    two = section(text, "The two commands")
    blocks = code_blocks(two)
    assert len(blocks) == 1
    assert [command(line) for line in blocks[0][1] if command(line)] == ["make serve", "make test"]
    everywhere = [command(line) for _, block in code_blocks(text) for line in block]
    assert sum(bool(re.fullmatch(r"(?:\w+=\S*\s+)*make\s+test", c)) for c in everywhere) == 1
    assert sum(bool(re.fullmatch(r"(?:\w+=\S*\s+)*make\s+serve", c)) for c in everywhere) == 1
    assert not [c for c in everywhere if re.search(r"\bpytest\b", c)], "a second way to run the tests"
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^serve:", makefile, re.MULTILINE) and re.search(r"^test:", makefile, re.MULTILINE)
    ci = [command(line) for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").split("\n")]
    assert "make test" in ci, "CI runs the README's test command"


def test_the_readme_links_every_guide():
    linked = {target for target, _ in links(README)}
    guides = {f"docs/{p.name}" for p in DOCS.glob("*.md")}
    assert guides <= linked, f"guides the README does not link: {sorted(guides - linked)}"


# -- links ---------------------------------------------------------------------------------------------------
def slug(heading: str) -> str:
    """GitHub's anchor for a heading: the text as shown, lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # links and images: their text
    text = re.sub(r"<[^>]+>", "", text).replace("`", "")
    text = text.strip().lower()
    kept = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LN")
    return kept.replace(" ", "-")


def anchors(path: Path) -> "set[str]":
    seen: Counter = Counter()
    found = set()
    for line in without_code(path.read_text(encoding="utf-8")).split("\n"):
        m = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if m:
            base = slug(m.group(1))
            found.add(base if not seen[base] else f"{base}-{seen[base]}")
            seen[base] += 1
    return found


def links(path: Path) -> "list[tuple[str, int]]":
    """(target, line) of every relative link and image in a Markdown file, outside code."""
    text = without_code(path.read_text(encoding="utf-8"))
    text = re.sub(r"`[^`\n]*`", lambda m: " " * len(m.group()), text)
    found = []
    for m in re.finditer(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)", text):
        found.append((m.group(1), text.count("\n", 0, m.start()) + 1))
    for m in re.finditer(r"^\s*\[[^\]]+\]:\s*(\S+)", text, re.MULTILINE):
        found.append((m.group(1), text.count("\n", 0, m.start()) + 1))
    return [(t, n) for t, n in found if not re.match(r"[a-z][a-z0-9+.-]*:", t, re.IGNORECASE)]


MARKDOWN = [README, *sorted(DOCS.glob("*.md"))]


@pytest.mark.parametrize("path", MARKDOWN, ids=[str(p.relative_to(ROOT)) for p in MARKDOWN])
def test_every_relative_link_resolves(path):
    broken = []
    for target, line in links(path):
        file, _, anchor = target.partition("#")
        dest = (path.parent / file).resolve() if file else path
        where = f"{path.relative_to(ROOT)}:{line}: {target}"
        if not dest.exists():
            broken.append(f"{where} (no such file)")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            broken.append(f"{where} (no such heading)")
    assert not broken, "\n".join(broken)


def test_the_slugs_follow_github():
    assert slug("Deploying `dist/site/`") == "deploying-distsite"
    assert slug("Hints, steps, rating (`ops_logic.py`)") == "hints-steps-rating-ops_logicpy"
    assert slug("The page's Batch panel (`batch.html`)") == "the-pages-batch-panel-batchhtml"
