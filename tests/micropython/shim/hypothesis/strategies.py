"""Strategies for the MicroPython hypothesis shim: each draws a value from a `pyrandom.Random`.

Sizes and values lean small and hit the bounds now and then, as Hypothesis' do, but there is no shrinking.
A strategy or argument this shim does not have raises NotImplementedError when the test is collected or
run, so the test fails with that reason instead of testing something else.
"""
import math

_UNBOUNDED_SPAN = 1 << 64


class SearchStrategy:
    def do_draw(self, rnd):
        raise NotImplementedError

    def example(self):
        import pyrandom
        return self.do_draw(pyrandom.Random(0))

    def map(self, func):
        return _Mapped(self, func)

    def filter(self, predicate):
        return _Filtered(self, predicate)

    def flatmap(self, func):
        return _FlatMapped(self, func)

    def __or__(self, other):
        return one_of(self, other)


class _Mapped(SearchStrategy):
    def __init__(self, base, func):
        self.base, self.func = base, func

    def do_draw(self, rnd):
        return self.func(self.base.do_draw(rnd))


class _Filtered(SearchStrategy):
    def __init__(self, base, predicate):
        self.base, self.predicate = base, predicate

    def do_draw(self, rnd):
        for _ in range(1000):
            value = self.base.do_draw(rnd)
            if self.predicate(value):
                return value
        from . import UnsatisfiedAssumption
        raise UnsatisfiedAssumption()


class _FlatMapped(SearchStrategy):
    def __init__(self, base, func):
        self.base, self.func = base, func

    def do_draw(self, rnd):
        return self.func(self.base.do_draw(rnd)).do_draw(rnd)


def _size(rnd, min_size, max_size, average=6):
    """A collection size: mostly small, sometimes the least, sometimes anything up to the most."""
    high = max_size if max_size is not None else min_size + 3 * average
    if high <= min_size:
        return min_size
    r = rnd.random()
    if r < 0.1:
        return min_size
    if r < 0.7:
        return min_size + rnd.randrange(min(high - min_size, 2 * average) + 1)
    return rnd.randint(min_size, high)


# -- numbers ---------------------------------------------------------------------------------------------
class _Integers(SearchStrategy):
    def __init__(self, lo, hi):
        if lo is not None and hi is not None and lo > hi:
            raise ValueError("integers(%r, %r): min_value > max_value" % (lo, hi))
        self.lo, self.hi = lo, hi

    def do_draw(self, rnd):
        lo, hi = self.lo, self.hi
        r = rnd.random()
        if lo is not None and hi is not None:
            if r < 0.08:
                return lo
            if r < 0.16:
                return hi
            if r < 0.4:
                return lo + rnd.randrange(min(hi - lo, 16) + 1)
            return rnd.randint(lo, hi)
        base = lo if lo is not None else (hi if hi is not None else 0)
        sign = 1 if lo is not None else -1 if hi is not None else (1 if rnd.random() < 0.5 else -1)
        magnitude = rnd.randrange(17) if r < 0.5 else rnd.randrange(_UNBOUNDED_SPAN >> rnd.randrange(60))
        return base + sign * magnitude if (lo is not None or hi is not None) else sign * magnitude


def integers(min_value=None, max_value=None):
    return _Integers(min_value, max_value)


class _Floats(SearchStrategy):
    def __init__(self, lo, hi, allow_nan, allow_infinity, exclude_min, exclude_max):
        self.lo, self.hi = lo, hi
        bounded = lo is not None or hi is not None
        self.allow_nan = (not bounded) if allow_nan is None else allow_nan
        self.allow_infinity = (lo is None or hi is None) if allow_infinity is None else allow_infinity
        self.exclude_min, self.exclude_max = exclude_min, exclude_max

    def _ok(self, x):
        if x != x:
            return self.allow_nan
        if x in (math.inf, -math.inf) and not self.allow_infinity:
            return False
        if self.lo is not None and (x < self.lo or (self.exclude_min and x == self.lo)):
            return False
        if self.hi is not None and (x > self.hi or (self.exclude_max and x == self.hi)):
            return False
        return True

    def do_draw(self, rnd):
        lo, hi = self.lo, self.hi
        for _ in range(100):
            r = rnd.random()
            if lo is not None and hi is not None:
                x = lo if r < 0.08 else hi if r < 0.16 else lo + (hi - lo) * rnd.random()
            else:
                specials = [0.0, -0.0, 1.0, -1.0, math.inf, -math.inf, math.nan, 1e-300, -1e300]
                if lo is not None:
                    specials.append(lo)
                if hi is not None:
                    specials.append(hi)
                if r < 0.2:
                    x = rnd.choice(specials)
                else:
                    x = (rnd.random() * 2 - 1) * 10.0 ** rnd.randint(-20, 20)
                    if lo is not None:
                        x = lo + (x if x >= 0 else -x)
                    elif hi is not None:
                        x = hi - (x if x >= 0 else -x)
            if self._ok(x):
                return x
        from . import UnsatisfiedAssumption
        raise UnsatisfiedAssumption()


def floats(min_value=None, max_value=None, allow_nan=None, allow_infinity=None, allow_subnormal=None,
           width=64, exclude_min=False, exclude_max=False):
    return _Floats(min_value, max_value, allow_nan, allow_infinity, exclude_min, exclude_max)


class _Booleans(SearchStrategy):
    def do_draw(self, rnd):
        return rnd.random() < 0.5


def booleans():
    return _Booleans()


# -- choices ---------------------------------------------------------------------------------------------
class _Just(SearchStrategy):
    def __init__(self, value):
        self.value = value

    def do_draw(self, rnd):
        return self.value


def just(value):
    return _Just(value)


def none():
    return _Just(None)


class _SampledFrom(SearchStrategy):
    def __init__(self, elements):
        self.elements = list(elements)
        if not self.elements:
            raise ValueError("sampled_from() of an empty collection")

    def do_draw(self, rnd):
        return rnd.choice(self.elements)


def sampled_from(elements):
    return _SampledFrom(elements)


class _OneOf(SearchStrategy):
    def __init__(self, strategies):
        self.strategies = strategies

    def do_draw(self, rnd):
        return rnd.choice(self.strategies).do_draw(rnd)


def one_of(*strategies):
    if len(strategies) == 1 and isinstance(strategies[0], (list, tuple)):
        strategies = tuple(strategies[0])
    return _OneOf(strategies)


class _Permutations(SearchStrategy):
    def __init__(self, values):
        self.values = list(values)

    def do_draw(self, rnd):
        values = list(self.values)
        rnd.shuffle(values)
        return values


def permutations(values):
    return _Permutations(values)


# -- collections -----------------------------------------------------------------------------------------
class _Tuples(SearchStrategy):
    def __init__(self, strategies):
        self.strategies = strategies

    def do_draw(self, rnd):
        return tuple(s.do_draw(rnd) for s in self.strategies)


def tuples(*strategies):
    return _Tuples(strategies)


class _Lists(SearchStrategy):
    def __init__(self, elements, min_size, max_size, unique_by, unique, kind=list):
        self.elements, self.min_size, self.max_size = elements, min_size, max_size
        self.key = unique_by if unique_by is not None else (lambda x: x) if unique or kind is not list else None
        self.kind = kind

    def do_draw(self, rnd):
        size = _size(rnd, self.min_size, self.max_size)
        if self.key is None:
            return self.kind([self.elements.do_draw(rnd) for _ in range(size)])
        values, seen = [], set()
        for _ in range(size * 10 + 10):
            if len(values) == size:
                break
            value = self.elements.do_draw(rnd)
            key = self.key(value)
            if key not in seen:
                seen.add(key)
                values.append(value)
        if len(values) < self.min_size:
            from . import UnsatisfiedAssumption
            raise UnsatisfiedAssumption()
        return self.kind(values)


def lists(elements, min_size=0, max_size=None, unique_by=None, unique=False):
    return _Lists(elements, min_size, max_size, unique_by, unique)


def sets(elements, min_size=0, max_size=None):
    return _Lists(elements, min_size, max_size, None, True, set)


def frozensets(elements, min_size=0, max_size=None):
    return _Lists(elements, min_size, max_size, None, True, frozenset)


class _Dictionaries(SearchStrategy):
    def __init__(self, keys, values, min_size, max_size):
        self.pairs = _Lists(tuples(keys, values), min_size, max_size, lambda kv: kv[0], True)

    def do_draw(self, rnd):
        return dict(self.pairs.do_draw(rnd))


def dictionaries(keys, values, min_size=0, max_size=None):
    return _Dictionaries(keys, values, min_size, max_size)


class _FixedDictionaries(SearchStrategy):
    def __init__(self, mapping):
        self.mapping = mapping

    def do_draw(self, rnd):
        return {key: s.do_draw(rnd) for key, s in self.mapping.items()}


def fixed_dictionaries(mapping):
    return _FixedDictionaries(mapping)


# -- text ------------------------------------------------------------------------------------------------
class _Characters(SearchStrategy):
    """Code points from all over, as text() draws them: ASCII most, then Latin-1, the BMP and beyond.
    Surrogates are never drawn (Hypothesis leaves out category Cs too)."""

    def __init__(self, min_codepoint=0, max_codepoint=0x10FFFF, exclude=""):
        self.lo, self.hi, self.exclude = min_codepoint, max_codepoint, exclude

    def do_draw(self, rnd):
        for _ in range(100):
            r = rnd.random()
            if r < 0.55:
                cp = rnd.randint(0x20, 0x7E)
            elif r < 0.65:
                cp = rnd.choice([0, 9, 10, 13, 0x1F, 0x7F, 0x85, 0xA0, 0x2028, 0xFEFF])
            elif r < 0.8:
                cp = rnd.randint(0x80, 0xFF)
            elif r < 0.95:
                cp = rnd.randint(0x100, 0xFFFD)
            else:
                cp = rnd.randint(0x10000, 0x10FFFF)
            if not self.lo <= cp <= self.hi:
                cp = rnd.randint(self.lo, self.hi)
            if 0xD800 <= cp <= 0xDFFF:
                continue
            char = chr(cp)
            if char not in self.exclude:
                return char
        from . import UnsatisfiedAssumption
        raise UnsatisfiedAssumption()


def characters(min_codepoint=None, max_codepoint=None, blacklist_categories=None, whitelist_categories=None,
               blacklist_characters=None, exclude_characters=None, codec=None, categories=None,
               exclude_categories=None, include_characters=None, whitelist_characters=None):
    wanted = [name for name, value in (("whitelist_categories", whitelist_categories), ("categories", categories),
                                       ("include_characters", include_characters),
                                       ("whitelist_characters", whitelist_characters)) if value]
    dropped = set(blacklist_categories or ()) | set(exclude_categories or ())
    if wanted or dropped - {"Cs"} or codec not in (None, "utf-8"):
        raise NotImplementedError("characters() with Unicode categories, included characters or a codec "
                                  "is not in the MicroPython hypothesis shim")
    return _Characters(0 if min_codepoint is None else min_codepoint,
                       0x10FFFF if max_codepoint is None else max_codepoint,
                       (blacklist_characters or "") + (exclude_characters or ""))


class _Text(SearchStrategy):
    def __init__(self, alphabet, min_size, max_size):
        if alphabet is None:
            alphabet = _Characters()
        elif isinstance(alphabet, str) or isinstance(alphabet, (list, tuple)):
            alphabet = _SampledFrom(alphabet)
        self.alphabet, self.min_size, self.max_size = alphabet, min_size, max_size

    def do_draw(self, rnd):
        size = _size(rnd, self.min_size, self.max_size, average=10)
        return "".join(self.alphabet.do_draw(rnd) for _ in range(size))


def text(alphabet=None, min_size=0, max_size=None):
    return _Text(alphabet, min_size, max_size)


class _Binary(SearchStrategy):
    def __init__(self, min_size, max_size):
        self.min_size, self.max_size = min_size, max_size

    def do_draw(self, rnd):
        return bytes(rnd.randrange(256) for _ in range(_size(rnd, self.min_size, self.max_size)))


def binary(min_size=0, max_size=None):
    return _Binary(min_size, max_size)


# -- building ------------------------------------------------------------------------------------------------
class _Builds(SearchStrategy):
    def __init__(self, target, args, kwargs):
        self.target, self.args, self.kwargs = target, args, kwargs

    def do_draw(self, rnd):
        return self.target(*[s.do_draw(rnd) for s in self.args],
                           **{k: s.do_draw(rnd) for k, s in self.kwargs.items()})


def builds(target, *args, **kwargs):
    return _Builds(target, args, kwargs)


class _Composite(SearchStrategy):
    def __init__(self, func, args, kwargs):
        self.func, self.args, self.kwargs = func, args, kwargs

    def do_draw(self, rnd):
        return self.func(lambda strategy, label=None: strategy.do_draw(rnd), *self.args, **self.kwargs)


def composite(func):
    def make(*args, **kwargs):
        return _Composite(func, args, kwargs)

    return make


class DataObject:
    def __init__(self, rnd):
        self._rnd = rnd

    def draw(self, strategy, label=None):
        return strategy.do_draw(self._rnd)


class _Data(SearchStrategy):
    def do_draw(self, rnd):
        return DataObject(rnd)


def data():
    return _Data()


def __getattr__(name):
    raise NotImplementedError("hypothesis.strategies.%s is not in the MicroPython hypothesis shim" % name)
