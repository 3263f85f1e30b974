"""CPython's `random.Random`, draw for draw, in pure Python: the generator's randomness on MicroPython.

MicroPython's `random` has module functions only (no `Random` class, no `shuffle` or `sample`), and a seeded
puzzle must be the same puzzle on every runtime. This is the Mersenne Twister seeded from an integer as
CPython seeds it, with `random`, `getrandbits`, `randrange`, `randint`, `choice`, `shuffle`, `sample`,
`uniform` and unweighted `choices` built on it as CPython builds them. CPython and Pyodide use the real
`random.Random` (`compat.Random`); tests/test_in_micropython.py checks this one against it.
"""
import math

try:
    import time as _time
    _clock = _time.time_ns
except (ImportError, AttributeError):  # pragma: no cover - CPython always has time_ns
    _clock = None

_N = 624
_M = 397
_MASK = 0xFFFFFFFF


class Random:
    """MT19937 with CPython's seeding and derived methods."""

    def __init__(self, x=None):
        self.seed(x)

    # -- the generator ------------------------------------------------------------------------------
    def seed(self, a=None):
        if a is None:
            a = _clock() if _clock is not None else 0
        if isinstance(a, bool):
            a = int(a)
        if not isinstance(a, int):
            raise TypeError("this Random takes integer seeds only (CPython hashes other seeds with sha512)")
        a = abs(a)
        key = []
        while a:
            key.append(a & _MASK)
            a >>= 32
        if not key:
            key = [0]
        self._init_by_array(key)

    def _init_genrand(self, s):
        mt = [0] * _N
        mt[0] = s & _MASK
        for i in range(1, _N):
            prev = mt[i - 1]
            mt[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & _MASK
        self._mt = mt
        self._index = _N

    def _init_by_array(self, key):
        self._init_genrand(19650218)
        mt = self._mt
        i, j = 1, 0
        length = len(key)
        for _ in range(max(_N, length)):
            prev = mt[i - 1]
            mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + key[j] + j) & _MASK
            i += 1
            j += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
            if j >= length:
                j = 0
        for _ in range(_N - 1):
            prev = mt[i - 1]
            mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & _MASK
            i += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
        mt[0] = 0x80000000
        self._index = _N

    def _twist(self):
        mt = self._mt
        for k in range(_N):
            y = (mt[k] & 0x80000000) | (mt[(k + 1) % _N] & 0x7FFFFFFF)
            value = mt[(k + _M) % _N] ^ (y >> 1)
            if y & 1:
                value ^= 0x9908B0DF
            mt[k] = value
        self._index = 0

    def _genrand32(self):
        if self._index >= _N:
            self._twist()
        y = self._mt[self._index]
        self._index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        return y

    def getstate(self):
        return (tuple(self._mt), self._index)

    def setstate(self, state):
        mt, index = state
        self._mt = list(mt)
        self._index = index

    # -- what CPython builds on it ------------------------------------------------------------------
    def random(self):
        a = self._genrand32() >> 5
        b = self._genrand32() >> 6
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)

    def getrandbits(self, k):
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k == 0:
            return 0
        if k <= 32:
            return self._genrand32() >> (32 - k)
        result = 0
        shift = 0
        while k > 0:
            r = self._genrand32()
            if k < 32:
                r >>= 32 - k
            result |= r << shift
            shift += 32
            k -= 32
        return result

    def _randbelow(self, n):
        if n <= 0:
            return 0
        k = len(bin(n)) - 2  # n.bit_length(), which MicroPython lacks
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    def randrange(self, start, stop=None, step=1):
        if stop is None:
            if step != 1:
                raise TypeError("Missing a non-None stop argument")
            if start > 0:
                return self._randbelow(start)
            raise ValueError("empty range for randrange()")
        width = stop - start
        if step == 1:
            if width > 0:
                return start + self._randbelow(width)
            raise ValueError("empty range in randrange(%d, %d)" % (start, stop))
        if step > 0:
            n = (width + step - 1) // step
        elif step < 0:
            n = (width + step + 1) // step
        else:
            raise ValueError("zero step for randrange()")
        if n <= 0:
            raise ValueError("empty range in randrange(%d, %d, %d)" % (start, stop, step))
        return start + step * self._randbelow(n)

    def randint(self, a, b):
        return self.randrange(a, b + 1)

    def choice(self, seq):
        if not len(seq):
            raise IndexError("Cannot choose from an empty sequence")
        return seq[self._randbelow(len(seq))]

    def shuffle(self, x):
        for i in range(len(x) - 1, 0, -1):
            j = self._randbelow(i + 1)
            x[i], x[j] = x[j], x[i]

    def sample(self, population, k, counts=None):
        if counts is not None:
            raise NotImplementedError("sample(counts=...) is not in the MicroPython shim")
        if isinstance(population, (set, frozenset)):
            raise TypeError("Population must be a sequence.  For dicts or sets, use sorted(d).")
        n = len(population)
        if not 0 <= k <= n:
            raise ValueError("Sample larger than population or is negative")
        result = [None] * k
        setsize = 21
        if k > 5:
            setsize += 4 ** math.ceil(math.log(k * 3) / math.log(4))
        if n <= setsize:
            pool = list(population)
            for i in range(k):
                j = self._randbelow(n - i)
                result[i] = pool[j]
                pool[j] = pool[n - i - 1]
        else:
            selected = set()
            for i in range(k):
                j = self._randbelow(n)
                while j in selected:
                    j = self._randbelow(n)
                selected.add(j)
                result[i] = population[j]
        return result

    def choices(self, population, weights=None, cum_weights=None, k=1):
        if weights is not None or cum_weights is not None:
            raise NotImplementedError("weighted choices() is not in the MicroPython shim")
        n = len(population)
        return [population[math.floor(self.random() * n)] for _ in range(k)]

    def uniform(self, a, b):
        return a + (b - a) * self.random()

