"""lz-string's compression (pieroxy's JavaScript library, MIT), written here from its format.

f-puzzles keeps a puzzle in its address as ``?load=`` + ``compressToBase64(JSON)``; SudokuPad reads the
same payload after ``/fpuzzles``. This module writes and reads that form, bit for bit like the library.

The format (described at https://gist.github.com/mildsunrise/c24045a3eb4ec3e15b69af2a837b8392 and on
http://pieroxy.net/blog/pages/lz-string/index.html), an LZW variant over UTF-16 code units:

* The output is a stream of bits, packed most significant bit first into characters of 6 bits (base64)
  or 16 bits (raw `compress`). Each number in the stream is written least significant bit first, in a
  width known to both sides.
* Codes 0 and 1 announce a new code unit, which follows in 8 or 16 bits; code 2 ends the stream; code
  3 and up name a dictionary entry. A unit seen for the first time gets its dictionary code at once,
  but is written as a literal (0 or 1 + the unit) the first time the encoder emits it.
* Codes start 2 bits wide (the decoder, one step ahead, starts at 3). The width grows by one each
  time the count of codes that can still be written in it runs out (`_Widths`); a literal spends
  one count for its own entry and the phrase after it another.
* After the end code, zero bits fill the last character, always at least one (a whole extra
  character when the stream was already aligned). Base64 output is padded with ``=`` to a multiple
  of 4 characters.

Unlike the JavaScript library, which returns null or "" for bad data, the readers raise `ValueError`.
"""
__all__ = ["compress", "decompress", "compress_to_base64", "decompress_from_base64"]

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_BASE64_VALUE = {c: i for i, c in enumerate(BASE64)}
LITERAL_8, LITERAL_16, END = 0, 1, 2  #: the reserved codes
_FIRST_CODE = 3


def _to_units(text: str) -> str:
    """`text` as UTF-16 code units, one character each (a character past U+FFFF becomes two surrogates),
    so that it compresses exactly as a JavaScript string does. (By hand, not by a regular expression:
    MicroPython's `re` reads a character class byte by byte.)"""
    if not text or max(text) < "\U00010000":
        return text  # the usual case, checked in C
    out = []
    for ch in text:
        v = ord(ch) - 0x10000
        out.append(ch if v < 0 else chr(0xD800 + (v >> 10)) + chr(0xDC00 + (v & 0x3FF)))
    return "".join(out)


def _from_units(units: str) -> str:
    """Join surrogate pairs back into characters (a lone surrogate stays as it is). Done by hand: the
    site's trimmed standard library has no UTF-16 codec, and MicroPython's `re` no character ranges
    past ASCII."""
    out = []
    k, end = 0, len(units)
    while k < end:
        ch = units[k]
        if "\ud800" <= ch <= "\udbff" and k + 1 < end and "\udc00" <= units[k + 1] <= "\udfff":
            out.append(chr(0x10000 + ((ord(ch) - 0xD800) << 10) + ord(units[k + 1]) - 0xDC00))
            k += 2
        else:
            out.append(ch)
            k += 1
    return "".join(out)


class _Widths:
    """The width of the next code: it grows by one bit when `left` codes have been spent at this width."""

    def __init__(self, bits: int, left: int) -> None:
        self.bits, self.left = bits, left

    def spend(self) -> None:
        self.left -= 1
        if self.left == 0:
            self.left = 1 << self.bits
            self.bits += 1


# -- writing -----------------------------------------------------------------------------------------
class _BitWriter:
    def __init__(self, char_bits: int) -> None:
        self.char_bits, self.chars, self.value, self.count = char_bits, [], 0, 0

    def write(self, number: int, bits: int) -> None:
        for _ in range(bits):                      # the number least significant bit first ...
            self.value = (self.value << 1) | (number & 1)
            number >>= 1
            self.count += 1
            if self.count == self.char_bits:       # ... into characters filled from the top bit
                self.chars.append(self.value)
                self.value = self.count = 0

    def finish(self) -> "list[int]":
        self.chars.append(self.value << (self.char_bits - self.count))   # at least one zero bit
        return self.chars


def _compress(text: str, char_bits: int) -> "list[int]":
    out = _BitWriter(char_bits)
    codes: "dict[str, int]" = {}
    unwritten: "set[str]" = set()                    # units with a code that have not gone out as literals
    width = _Widths(2, 2)

    def emit(phrase: str) -> None:
        if phrase in unwritten:
            unit = ord(phrase)
            wide = unit >= 256
            out.write(LITERAL_16 if wide else LITERAL_8, width.bits)
            out.write(unit, 16 if wide else 8)
            width.spend()
            unwritten.discard(phrase)
        else:
            out.write(codes[phrase], width.bits)
        width.spend()

    phrase = ""
    for unit in _to_units(text):
        if unit not in codes:
            codes[unit] = len(codes) + _FIRST_CODE
            unwritten.add(unit)
        longer = phrase + unit
        if longer in codes:
            phrase = longer
        else:
            emit(phrase)
            codes[longer] = len(codes) + _FIRST_CODE
            phrase = unit
    if phrase:
        emit(phrase)
    out.write(END, width.bits)
    return out.finish()


def compress(text: str) -> str:
    """lz-string's `compress`: 16 bits a character (any code unit, lone surrogates included)."""
    return "".join(map(chr, _compress(text, 16)))


def compress_to_base64(text: str) -> str:
    """lz-string's `compressToBase64`: ``compress_to_base64("hello world") == "BYUwNmD2AEDukCcwBMg="``."""
    chars = "".join(BASE64[v] for v in _compress(text, 6))
    return chars + "=" * (-len(chars) % 4)


# -- reading -----------------------------------------------------------------------------------------
class _BitReader:
    def __init__(self, values: "list[int]", char_bits: int) -> None:
        self.values, self.char_bits, self.index, self.left = values, char_bits, 0, char_bits

    def read(self, bits: int) -> int:
        number = 0
        for k in range(bits):
            if self.left == 0:
                self.index += 1
                self.left = self.char_bits
            if self.index >= len(self.values):
                raise ValueError("the compressed data ends before its end mark")
            self.left -= 1
            number |= ((self.values[self.index] >> self.left) & 1) << k
        return number


def _decompress(values: "list[int]", char_bits: int) -> str:
    if not values:
        raise ValueError("there is no compressed data")
    bits = _BitReader(values, char_bits)
    first = bits.read(2)
    if first == END:
        return ""
    if first not in (LITERAL_8, LITERAL_16):
        raise ValueError("the compressed data does not start with a character")
    unit = bits.read(8 if first == LITERAL_8 else 16)
    surrogates = 0xD800 <= unit < 0xE000           # a character past U+FFFF came as two units
    phrase = chr(unit)
    entries = ["", "", "", phrase]                 # codes 0-2 are reserved
    out = [phrase]
    width = _Widths(3, 4)
    while True:
        code = bits.read(width.bits)
        if code == END:
            text = "".join(out)
            return _from_units(text) if surrogates else text
        if code in (LITERAL_8, LITERAL_16):
            unit = bits.read(8 if code == LITERAL_8 else 16)
            surrogates = surrogates or 0xD800 <= unit < 0xE000
            entries.append(chr(unit))
            code = len(entries) - 1
            width.spend()
        if code < len(entries):
            entry = entries[code]
        elif code == len(entries):                 # the entry being made: phrase + its own first unit
            entry = phrase + phrase[0]
        else:
            raise ValueError(f"the compressed data names code {code} before it exists")
        out.append(entry)
        entries.append(phrase + entry[0])
        width.spend()
        phrase = entry


def decompress(data: str) -> str:
    """lz-string's `decompress` (16 bits a character); raises ValueError for data it did not make."""
    return _decompress([ord(c) for c in data], 16)


def decompress_from_base64(data: str) -> str:
    """lz-string's `decompressFromBase64`; ``=`` padding is optional. Raises ValueError for a character
    outside base64 or data that is not lz-string's."""
    values = []
    for i, c in enumerate(data.rstrip("=")):
        value = _BASE64_VALUE.get(c)
        if value is None:
            raise ValueError(f"{c!r} (character {i + 1}) is not a base64 character")
        values.append(value)
    return _decompress(values, 6)
