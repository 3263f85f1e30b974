"""What MicroPython lacks, in one place.

The portable core (`PORTABLE`: box shapes, grids, the common puzzle forms, the solver, the givens behind
"no solution", and the bridge's solving ops) runs on CPython 3.11+, Pyodide and MicroPython 1.27 (the page's
first runtime, see web/worker-micropython.js). Those modules import from the standard library only what all
three have (`ALLOWED_IMPORTS`, checked by tests/test_light_engine.py) and take the rest from here: each name
is the standard library's own where it exists, so CPython runs exactly what it ran before.

Also absent on MicroPython, and so not used by the portable modules: `from __future__ import annotations`
and `typing` (annotations naming a type that is not a builtin are written as strings), `dataclasses`,
`enum`, `{**mapping}` displays, `str.isascii`/`rjust`/`ljust`/`translate`, `float.is_integer`, and `re`
beyond compile/match/search/sub/split.
"""
import time

#: The portable modules, as paths inside the package: the MicroPython bundle holds exactly these
#: (build/micropython_bundle.py) and the tests run them under MicroPython.
PORTABLE = (
    "__init__.py", "core/__init__.py", "core/compat.py", "core/wording.py", "core/shape.py", "core/reading.py",
    "core/writing.py", "core/grid.py", "core/verdict.py", "core/formats.py", "core/solver.py", "core/culprits.py",
    "bridge/__init__.py", "bridge/protocol.py", "bridge/ops_solve.py",
)

#: Standard-library modules the portable modules may import (beside each other).
ALLOWED_IMPORTS = frozenset({"collections", "functools", "io", "json", "math", "re", "sys", "time"})

try:
    bit_length = int.bit_length  # the C method itself: bit_length(x) costs what x.bit_length() does
    bit_count = int.bit_count
except AttributeError:  # MicroPython
    from math import frexp

    def bit_length(x: int) -> int:
        """Bits needed to write abs(x), 0 for 0. By the float's exponent: `bin(x)` costs 100 times more on a
        board of 729 bits (MicroPython writes big ints out in quadratic time)."""
        x = abs(x)
        shift = 0
        while x >> 1020:  # past the largest float
            x >>= 1000
            shift += 1000
        bits = frexp(x)[1]
        if bits and 1 << (bits - 1) > x:  # the float rounded up to the next power of two
            bits -= 1
        return bits + shift

    def bit_count(x: int) -> int:
        """Set bits in abs(x) (called on boards of one grid's cells, where `bin` is cheap)."""
        return bin(x).count("1")

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
    def cache(func):
        """Remember `func`'s result for each tuple of positional arguments."""
        memo = {}

        def cached(*args):
            try:
                return memo[args]
            except KeyError:
                value = memo[args] = func(*args)
                return value

        return cached


def rjust(text: str, width: int) -> str:
    """`text.rjust(width)`, which MicroPython's str lacks."""
    return " " * (width - len(text)) + text


_ASCII_DIGITS = frozenset("0123456789")


def is_ascii_number(text: str) -> bool:
    """True when `text` is one or more of the digits 0-9 (`str.isdigit` also takes other scripts' digits)."""
    return bool(text) and set(text) <= _ASCII_DIGITS
