"""What MicroPython lacks, in one place.

The portable core (`PORTABLE`: box shapes, grids, the common puzzle forms, the solver, the givens behind
"no solution", and the bridge's solving ops) runs on CPython 3.11+, Pyodide and MicroPython 1.27 (the page's
first runtime, see web/worker-micropython.js). Those modules import from the standard library only what all
three have (`ALLOWED_IMPORTS`, checked by tests/test_light_engine.py) and take the rest from here: each name
is the standard library's own where it exists, so CPython runs exactly what it ran before.

Here for MicroPython: `Random` (CPython's, draw for draw), `record` (a dataclass), `StrEnum` with `members`, `cached_property`, `lru_cache`
(bounded there too), `combinations`/`permutations`/`product`, `TYPE_CHECKING`. On CPython each is the
standard library's own (`record` is `dataclasses.dataclass` once it has checked the field names).

Also absent on MicroPython, and so not used by the portable modules: `from __future__ import annotations`
and `typing` (annotations naming a type that is not a builtin are written as strings; `TYPE_CHECKING` comes
from here), `weakref`, `contextlib`, `contextvars`, `{**mapping}` displays and `*iterable` inside a tuple,
list or set display (write `a + b`, `list(a) + [x]`, `dict(a, key=v)`/`.update`), a `:` or `!` inside a
string within an f-string's braces (MicroPython reads it as the format spec), `str.isascii`/`rjust`/
`ljust`/`translate`, `float.is_integer`, metaclasses and `__init_subclass__`, writes to an instance's
`__dict__` (use setattr), and `re` beyond compile/match/search/sub/split.
"""
import time

#: False at run time; type checkers read `if TYPE_CHECKING:` blocks (MicroPython has no `typing`).
TYPE_CHECKING = False

#: The portable modules, as paths inside the package: the MicroPython bundle holds exactly these
#: (build/micropython_bundle.py) and the tests run them under MicroPython. All of the engine but the CLI, the
#: banks (numpy, Dask, processes) and the bridge's batch ops, which serve them.
PORTABLE = (
    "__init__.py", "core/__init__.py", "core/compat.py", "core/mersenne.py", "core/wording.py", "core/shape.py",
    "core/reading.py", "core/writing.py", "core/grid.py", "core/verdict.py", "core/formats.py", "core/solver.py",
    "core/culprits.py",
    "variants/__init__.py", "variants/constraints.py", "variants/jigsaw.py", "variants/killer_cages.py",
    "variants/propagators.py", "variants/rules.py", "variants/solver.py", "variants/topology.py",
    "formats/__init__.py", "formats/fpuzzles.py", "formats/fpuzzles_palette.py", "formats/lzstring.py",
    "formats/sudokuwiki.py", "formats/variant_io.py", "formats/variant_text.py",
    "logic/__init__.py", "logic/board.py", "logic/candidates.py", "logic/diagnose.py", "logic/exact.py",
    "logic/levels.py", "logic/path.py", "logic/phrases.py", "logic/position.py", "logic/rating.py", "logic/step.py",
    "logic/why.py", "logic/techniques/__init__.py", "logic/techniques/als.py", "logic/techniques/als_chains.py",
    "logic/techniques/bug_lite.py", "logic/techniques/chain_search.py", "logic/techniques/chains.py",
    "logic/techniques/coloring.py", "logic/techniques/complex_fish.py", "logic/techniques/exclusion.py",
    "logic/techniques/fish.py", "logic/techniques/forcing.py", "logic/techniques/intersections.py",
    "logic/techniques/killer.py", "logic/techniques/kraken.py", "logic/techniques/medusa.py",
    "logic/techniques/nested.py", "logic/techniques/nice_loops.py", "logic/techniques/palette.py",
    "logic/techniques/rectangles.py", "logic/techniques/remote_pairs.py", "logic/techniques/single_digit.py",
    "logic/techniques/singles.py", "logic/techniques/subsets.py", "logic/techniques/sue_de_coq.py",
    "logic/techniques/templates.py", "logic/techniques/uniqueness.py", "logic/techniques/wings.py",
    "generator/__init__.py", "generator/classic.py", "generator/palette.py", "generator/variants.py",
    "bridge/__init__.py", "bridge/protocol.py", "bridge/ops_solve.py", "bridge/ops_logic.py", "bridge/ops_play.py",
)

#: Standard-library modules the portable modules may import (beside each other).
ALLOWED_IMPORTS = frozenset({"collections", "functools", "io", "json", "math", "random", "re", "sys", "time"})

try:
    bit_length = int.bit_length  # the C method itself: bit_length(x) costs what x.bit_length() does
    bit_count = int.bit_count
except AttributeError:  # MicroPython
    from math import frexp

    # Tables of the bytes: a cell's candidates and a house's cells take one or two lookups, a fifth of the
    # cost of `bin(x).count("1")`, which builds a string on every call (measured on MicroPython under Node).
    _POP8 = bytearray(256)
    _LEN8 = bytearray(256)
    for _i in range(1, 256):
        _POP8[_i] = _POP8[_i >> 1] + (_i & 1)
        _LEN8[_i] = _LEN8[_i >> 1] + 1

    def bit_length(x: int) -> int:
        """Bits needed to write abs(x), 0 for 0. Past the table, by the float's exponent: `bin(x)` costs 100
        times more on a board of 729 bits (MicroPython writes big ints out in quadratic time)."""
        if x < 0:
            x = -x
        if x < 256:
            return _LEN8[x]
        if x < 65536:
            return _LEN8[x >> 8] + 8
        shift = 0
        while x >> 1020:  # past the largest float
            x >>= 1000
            shift += 1000
        bits = frexp(x)[1]
        if bits and 1 << (bits - 1) > x:  # the float rounded up to the next power of two
            bits -= 1
        return bits + shift

    def bit_count(x: int) -> int:
        """Set bits in abs(x): by the table, a byte at a time (`bin` is quadratic in a big int's length)."""
        if x < 0:
            x = -x
        if x < 256:
            return _POP8[x]
        if x < 65536:
            return _POP8[x & 255] + _POP8[x >> 8]
        n = 0
        while x:
            n += _POP8[x & 255] + _POP8[x >> 8 & 255]
            x >>= 16
        return n

try:
    from math import isqrt
except ImportError:  # MicroPython
    def isqrt(n: int) -> int:
        """The largest r with r * r <= n (Newton's method on integers)."""
        if n < 0:
            raise ValueError("isqrt() argument must be nonnegative")
        if n < 2:
            return n
        x = 1 << ((bit_length(n) + 1) // 2)
        while True:
            y = (x + n // x) // 2
            if y >= x:
                return x
            x = y

try:
    monotonic = time.monotonic
    perf_counter = time.perf_counter
except AttributeError:  # MicroPython: its ticks wrap around, its clock in nanoseconds does not
    def monotonic() -> float:
        """Seconds from an arbitrary start."""
        return time.time_ns() / 1e9

    perf_counter = monotonic

try:
    from functools import lru_cache

    cache = lru_cache(maxsize=None)
except ImportError:  # MicroPython
    def lru_cache(maxsize=128):
        """Remember `func`'s result for each tuple of positional arguments: at most `maxsize` of them (the
        memo starts afresh when full, MicroPython's heap is small), or all when `maxsize` is None."""
        def decorate(func):
            memo = {}

            def cached(*args):
                try:
                    return memo[args]
                except KeyError:
                    if maxsize is not None and len(memo) >= maxsize:
                        memo.clear()
                    value = memo[args] = func(*args)
                    return value

            cached.cache_clear = memo.clear
            return cached

        return decorate

    cache = lru_cache(maxsize=None)

try:
    from functools import cached_property
except ImportError:  # MicroPython
    class cached_property:
        """A method's value, computed once per instance on first read and then kept as its attribute."""

        def __init__(self, func):
            self.func = func
            self.name = func.__name__

        def __get__(self, obj, owner=None):
            if obj is None:
                return self
            value = self.func(obj)
            object.__setattr__(obj, self.name, value)  # shadows this descriptor from now on, frozen or not
            return value

try:
    from random import Random
except ImportError:  # MicroPython: module functions only
    from .mersenne import Random

try:
    from itertools import combinations, permutations, product
except ImportError:  # MicroPython's itertools has neither
    def combinations(iterable, r):
        """`itertools.combinations`: the r-tuples of `iterable`'s items in their order."""
        pool = tuple(iterable)
        n = len(pool)
        if r > n:
            return
        index = list(range(r))
        yield tuple(pool[i] for i in index)
        while True:
            for i in range(r - 1, -1, -1):
                if index[i] != i + n - r:
                    break
            else:
                return
            index[i] += 1
            for j in range(i + 1, r):
                index[j] = index[j - 1] + 1
            yield tuple(pool[i] for i in index)

    def permutations(iterable, r=None):
        """`itertools.permutations`, in the same order."""
        pool = tuple(iterable)
        r = len(pool) if r is None else r
        for chosen in product(range(len(pool)), repeat=r):
            if len(set(chosen)) == r:
                yield tuple(pool[i] for i in chosen)

    def product(*iterables, repeat=1):
        """`itertools.product`, in the same order."""
        pools = [tuple(pool) for pool in iterables] * repeat
        result = [()]
        for pool in pools:
            result = [head + (item,) for head in result for item in pool]
        for combo in result:
            yield combo

try:
    from dataclasses import MISSING, dataclass, field, fields, replace

    def record(names: str, frozen: bool = False):
        """`dataclass(frozen=frozen)`, checked to have the fields `names` lists (space-separated, in order):
        MicroPython keeps no annotations, so there the names are what the class is built from."""
        def decorate(cls):
            cls = dataclass(frozen=frozen)(cls)
            found = " ".join(f.name for f in fields(cls))
            if found != " ".join(names.split()):
                raise TypeError(f"record {cls.__name__} names {names!r} but declares {found!r}")
            return cls

        return decorate
except ImportError:  # MicroPython
    MISSING = object()

    class _Field:
        def __init__(self, default, default_factory, compare):
            self.default, self.default_factory, self.compare = default, default_factory, compare

    def field(default=MISSING, default_factory=MISSING, compare=True, repr=True):
        """What `dataclasses.field` says of a field: its default (or the factory making it), whether it
        counts in ==."""
        return _Field(default, default_factory, compare)

    def record(names: str, frozen: bool = False):
        """A class with `__init__` (positional or keyword, defaults from the class body), `__eq__`, `__repr__`
        and, when `frozen`, `__hash__` and no assignment, over the fields `names` lists."""
        names = tuple(names.split())

        def decorate(cls):
            specs = []
            for name in names:
                spec = getattr(cls, name, MISSING)
                if not isinstance(spec, _Field):
                    spec = _Field(spec, MISSING, True)
                specs.append((name, spec))
                if spec.default is MISSING and hasattr(cls, name):
                    delattr(cls, name)  # a factory field: no class-level value to fall back on
            compared = tuple(name for name, spec in specs if spec.compare)
            post_init = getattr(cls, "__post_init__", None)

            def __init__(self, *args, **kwargs):
                if len(args) > len(specs):
                    raise TypeError(f"{cls.__name__}() takes {len(specs)} arguments")
                for i, (name, spec) in enumerate(specs):
                    if i < len(args):
                        value = args[i]
                    elif name in kwargs:
                        value = kwargs.pop(name)
                    elif spec.default is not MISSING:
                        value = spec.default
                    elif spec.default_factory is not MISSING:
                        value = spec.default_factory()
                    else:
                        raise TypeError(f"{cls.__name__}() missing argument {name!r}")
                    object.__setattr__(self, name, value)
                if kwargs:
                    raise TypeError(f"{cls.__name__}() got an unexpected argument {next(iter(kwargs))!r}")
                if post_init is not None:
                    post_init(self)

            def __eq__(self, other):
                return type(other) is type(self) and all(getattr(self, n) == getattr(other, n) for n in compared)

            def __repr__(self):
                return cls.__name__ + "(" + ", ".join(n + "=" + repr(getattr(self, n)) for n in names) + ")"

            cls.__init__, cls.__eq__, cls.__repr__ = __init__, __eq__, __repr__
            cls.__ne__ = lambda self, other: not self == other
            cls._fields = names
            if frozen:
                def __setattr__(self, name, value):
                    raise AttributeError(f"cannot assign to field {name!r}")

                cls.__setattr__ = __setattr__
                cls.__hash__ = lambda self: hash(tuple(getattr(self, n) for n in compared))
            return cls

        return decorate

    def fields(obj):
        """The record's fields, as objects with a `name`."""
        return tuple(_Named(name) for name in obj._fields)

    class _Named:
        def __init__(self, name):
            self.name = name

    def replace(obj, **changes):
        """A copy of the record `obj` with `changes`."""
        values = {name: getattr(obj, name) for name in obj._fields}
        values.update(changes)
        return type(obj)(**values)

try:
    from enum import StrEnum

    def members(cls):
        """Decorates a StrEnum: a no-op here; on MicroPython it makes the members. Returns the class."""
        return cls
except ImportError:  # MicroPython: no enum, no metaclasses
    class StrEnum(str):
        """Members are instances of the class, equal to their value (list them in a tuple of your own to go
        through them in order: the class cannot be iterated here)."""

        @property
        def value(self):
            return str(self)

        @property
        def name(self):
            return next(key for key, member in type(self).__dict__.items() if member is self)

    def members(cls):
        """Turns `cls`'s upper-case string attributes into its members (MicroPython runs no metaclass)."""
        for key, value in list(cls.__dict__.items()):
            if key.isupper() and type(value) is str:
                setattr(cls, key, cls(value))
        return cls


def rjust(text: str, width: int) -> str:
    """`text.rjust(width)`, which MicroPython's str lacks."""
    return " " * (width - len(text)) + text


_ASCII_DIGITS = frozenset("0123456789")


def is_ascii_number(text: str) -> bool:
    """True when `text` is one or more of the digits 0-9 (`str.isdigit` also takes other scripts' digits)."""
    return bool(text) and set(text) <= _ASCII_DIGITS


# MicroPython's dict and set keep no insertion order, and its sort is not stable (a quicksort): code whose
# result depends on the order of a dict's keys or of equal sort keys takes these, which are the builtins on
# CPython.
import sys  # noqa: E402

if sys.implementation.name == "micropython":
    from collections import OrderedDict as ordered_dict  # noqa: N813  (it stands for `dict`)

    def unique(items) -> list:
        """`items` without repeats, in the order they first come (`list(dict.fromkeys(items))`)."""
        seen = set()
        out = []
        for x in items:
            if x not in seen:
                seen.add(x)
                out.append(x)
        return out

    def stable_sorted(items, key) -> list:
        """`sorted(items, key=key)`, items with equal keys kept in their order (CPython's sort is stable)."""
        decorated = [(key(x), k, x) for k, x in enumerate(items)]
        decorated.sort()
        return [x for _, _, x in decorated]
else:
    ordered_dict = dict  # insertion-ordered

    def unique(items) -> list:
        """`items` without repeats, in the order they first come."""
        return list(dict.fromkeys(items))

    def stable_sorted(items, key) -> list:
        """`sorted(items, key=key)` (stable)."""
        return sorted(items, key=key)


def fullmatch(pattern, text: str):
    """`pattern.fullmatch(text)` for a compiled pattern that ends in `$` (MicroPython's `re` has no
    fullmatch, and its match objects only `group`): the match when it spans the whole of `text`, else None
    (the check also refuses what `$` lets through before a final newline)."""
    found = pattern.match(text)
    return found if found is not None and found.group(0) == text else None


# MicroPython's repr() escapes every character past ASCII; CPython's only those str.isprintable() rejects, so an
# error naming what a person typed (a size written with a Kelvin sign for its x) shows it as typed everywhere.
if repr("\xe9") == "'\xe9'":
    quote = repr
else:
    #: The characters past ASCII that CPython's repr escapes (Unicode 14, as CPython 3.11's; unassigned code
    #: points aside).
    _UNPRINTABLE = (
        (0x80, 0xa0), (0xad, 0xad), (0x600, 0x605), (0x61c, 0x61c), (0x6dd, 0x6dd), (0x70f, 0x70f),
        (0x890, 0x891), (0x8e2, 0x8e2), (0x1680, 0x1680), (0x180e, 0x180e), (0x2000, 0x200f),
        (0x2028, 0x202f), (0x205f, 0x2064), (0x2066, 0x206f), (0x3000, 0x3000), (0xd800, 0xf8ff),
        (0xfeff, 0xfeff), (0xfff9, 0xfffb), (0x110bd, 0x110bd), (0x110cd, 0x110cd), (0x13430, 0x13438),
        (0x1bca0, 0x1bca3), (0x1d173, 0x1d17a), (0xe0001, 0xe0001), (0xe0020, 0xe007f),
        (0xf0000, 0xffffd), (0x100000, 0x10fffd),
    )
    _ESCAPES = {"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"}

    def quote(text: str) -> str:
        """`repr(text)` as CPython writes it."""
        mark = '"' if "'" in text and '"' not in text else "'"
        out = []
        for c in text:
            n = ord(c)
            if c == mark:
                out.append("\\" + c)
            elif c in _ESCAPES:
                out.append(_ESCAPES[c])
            elif n < 0x20 or n == 0x7f or (n > 0x7f and any(lo <= n <= hi for lo, hi in _UNPRINTABLE)):
                out.append("\\x%02x" % n if n < 0x100 else "\\u%04x" % n if n < 0x10000 else "\\U%08x" % n)
            else:
                out.append(c)
        return mark + "".join(out) + mark


def drive(parts):
    """Runs the generator `parts` to its end and gives what it returns. Work written as a generator pauses (a
    bare `yield`) where the light engine may collect its garbage: MicroPython's WebAssembly port collects only
    between calls from JavaScript, so the bridge answers such work there in several calls (bridge.protocol.Task);
    elsewhere it runs straight through, here."""
    while True:
        try:
            next(parts)
        except StopIteration as done:
            return done.value
