"""`gzip` for the tests inside MicroPython: `decompress` and `open` for reading, from MicroPython's `deflate`."""
import builtins
import io

import deflate


def decompress(data):
    return deflate.DeflateIO(io.BytesIO(data), deflate.GZIP).read()


def open(filename, mode="rb", compresslevel=9, encoding=None, errors=None, newline=None):
    """The whole file, decompressed, as a file object: bytes, or text with "t" in `mode`."""
    if "r" not in mode:
        raise NotImplementedError("the gzip shim only reads, not mode %r" % mode)
    if hasattr(filename, "__fspath__"):  # a Path (MicroPython's own open takes only a str)
        filename = filename.__fspath__()
    with builtins.open(filename, "rb") as handle:
        data = decompress(handle.read())
    return io.StringIO(data.decode(encoding or "utf-8")) if "t" in mode else io.BytesIO(data)
