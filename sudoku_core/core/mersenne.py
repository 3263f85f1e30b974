"""CPython's `random.Random`, draw for draw, in pure Python: the generator's randomness on MicroPython.

MicroPython's `random` has module functions only (no `Random` class, no `shuffle` or `sample`), and a seeded
puzzle must be the same puzzle on every runtime. This is the Mersenne Twister seeded from an integer as
CPython seeds it (and from a str or bytes through SHA-512 as CPython does: MicroPython's `hashlib` has no
sha512), with `random`, `getrandbits`, `randrange`, `randint`, `choice`, `shuffle`, `sample`, `uniform` and
unweighted `choices` built on it as CPython builds them. CPython and Pyodide use the real
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
        if isinstance(a, str):
            a = a.encode()
        if isinstance(a, (bytes, bytearray)):  # CPython: int.from_bytes(a + sha512(a).digest())
            a = int.from_bytes(a, "big") << 512 | _sha512(bytes(a))
        if not isinstance(a, int):
            raise TypeError("this Random takes int, str and bytes seeds only")
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


# -- SHA-512 (FIPS 180-4), for text seeds ---------------------------------------------------------------
_MASK64 = 0xFFFFFFFFFFFFFFFF
_SHA512 = []  # (initial hash words, round constants), made on first use


def _iroot(n, k):
    """The largest r with r ** k <= n (Newton's method on integers, from above)."""
    x = 1 << -(-(len(bin(n)) - 2) // k)
    while True:
        y = ((k - 1) * x + n // x ** (k - 1)) // k
        if y >= x:
            return x
        x = y


def _sha512_constants():
    """The standard's constants: the first 64 bits of the fractional parts of the square roots of the first
    8 primes (the initial hash) and of the cube roots of the first 80 (the round constants)."""
    if not _SHA512:
        primes = []
        n = 2
        while len(primes) < 80:
            if all(n % p for p in primes):
                primes.append(n)
            n += 1
        _SHA512.append(tuple(_iroot(p << 128, 2) & _MASK64 for p in primes[:8]))
        _SHA512.append(tuple(_iroot(p << 192, 3) & _MASK64 for p in primes))
    return _SHA512


def _sha512(data):
    """The SHA-512 digest of the bytes `data`, as a 512-bit integer (big-endian, as `digest()` reads)."""
    initial, constants = _sha512_constants()
    h = list(initial)
    length = len(data)
    data = data + b"\x80" + bytes((111 - length) % 128) + (8 * length).to_bytes(16, "big")

    def rotr(x, k):
        return (x >> k | x << (64 - k)) & _MASK64

    for start in range(0, len(data), 128):
        w = [int.from_bytes(data[start + 8 * t:start + 8 * t + 8], "big") for t in range(16)]
        for t in range(16, 80):
            x, y = w[t - 15], w[t - 2]
            s0 = rotr(x, 1) ^ rotr(x, 8) ^ x >> 7
            s1 = rotr(y, 19) ^ rotr(y, 61) ^ y >> 6
            w.append((w[t - 16] + s0 + w[t - 7] + s1) & _MASK64)
        a, b, c, d, e, f, g, hh = h
        for t in range(80):
            t1 = hh + (rotr(e, 14) ^ rotr(e, 18) ^ rotr(e, 41)) + (e & f ^ (e ^ _MASK64) & g) + constants[t] + w[t]
            t2 = (rotr(a, 28) ^ rotr(a, 34) ^ rotr(a, 39)) + (a & b ^ a & c ^ b & c)
            hh, g, f, e, d, c, b, a = g, f, e, (d + t1) & _MASK64, c, b, a, (t1 + t2) & _MASK64
        h = [(x + y) & _MASK64 for x, y in zip(h, (a, b, c, d, e, f, g, hh))]
    digest = 0
    for x in h:
        digest = digest << 64 | x
    return digest
