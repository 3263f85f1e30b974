"""`pathlib.Path` for the tests inside MicroPython (which has no pathlib): POSIX paths, with what tests use to
find and read their data: `/`, `parent`, `name`, `suffix`, `stem`, `resolve()`, `exists()`, `is_dir()`,
`is_file()`, `read_text()`, `read_bytes()`, `write_text()`, `write_bytes()`, `open()`, `iterdir()`, `glob()`
(one level, `*` and `?`), `mkdir()`, `with_suffix()`. A Path is a path-like (`__fspath__`): core_test_driver
makes `open()` take one, as CPython's does."""
import os


def _normal(text):
    """`text` without empty and "." parts, ".." taken back where a part precedes it."""
    absolute = text.startswith("/")
    parts = []
    for part in text.split("/"):
        if part in ("", "."):
            continue
        if part == ".." and parts and parts[-1] != "..":
            parts.pop()
        elif part != ".." or not absolute:
            parts.append(part)
    body = "/".join(parts)
    return "/" + body if absolute else body or "."


def _matches(name, pattern):
    """fnmatch with `*` and `?` only."""
    if not pattern:
        return not name
    if pattern[0] == "*":
        return any(_matches(name[k:], pattern[1:]) for k in range(len(name) + 1))
    return bool(name) and (pattern[0] == "?" or pattern[0] == name[0]) and _matches(name[1:], pattern[1:])


class Path:
    def __init__(self, *parts):
        text = ""
        for part in parts:
            part = part.__fspath__() if hasattr(part, "__fspath__") else part
            text = part if part.startswith("/") or not text else text + "/" + part
        self._path = _normal(text) if text else "."

    def __fspath__(self):
        return self._path

    def __str__(self):
        return self._path

    def __repr__(self):
        return "PosixPath(%r)" % self._path

    def __eq__(self, other):
        return isinstance(other, Path) and other._path == self._path

    def __hash__(self):
        return hash(self._path)

    def __lt__(self, other):
        return self._path < other._path

    def __truediv__(self, other):
        return Path(self, other)

    def joinpath(self, *parts):
        return Path(self, *parts)

    @property
    def name(self):
        return "" if self._path == "/" else self._path.rsplit("/", 1)[-1]

    @property
    def suffix(self):
        name = self.name
        k = name.rfind(".")
        return name[k:] if 0 < k < len(name) - 1 else ""

    @property
    def stem(self):
        return self.name[:len(self.name) - len(self.suffix)]

    @property
    def parent(self):
        if "/" not in self._path:
            return Path(".")
        head = self._path.rsplit("/", 1)[0]
        return Path(head or "/")

    def with_suffix(self, suffix):
        return self.parent / (self.stem + suffix)

    def resolve(self):
        return Path(self._path if self._path.startswith("/") else os.getcwd() + "/" + self._path)

    def _mode(self):
        try:
            return os.stat(self._path)[0]
        except OSError:
            return None

    def exists(self):
        return self._mode() is not None

    def is_dir(self):
        mode = self._mode()
        return mode is not None and mode & 0o170000 == 0o040000

    def is_file(self):
        mode = self._mode()
        return mode is not None and mode & 0o170000 == 0o100000

    def open(self, mode="r", encoding=None):
        return open(self._path, mode)

    def read_text(self, encoding=None):
        with open(self._path) as handle:
            return handle.read()

    def read_bytes(self):
        with open(self._path, "rb") as handle:
            return handle.read()

    def write_text(self, text, encoding=None):
        with open(self._path, "w") as handle:
            return handle.write(text)

    def write_bytes(self, data):
        with open(self._path, "wb") as handle:
            return handle.write(data)

    def mkdir(self, parents=False, exist_ok=False):
        if self.is_dir():
            if exist_ok:
                return
            raise OSError("%s exists" % self._path)
        if parents and not self.parent.is_dir():
            self.parent.mkdir(parents=True, exist_ok=True)
        os.mkdir(self._path)

    def iterdir(self):
        return [self / name for name in sorted(os.listdir(self._path))]

    def glob(self, pattern):
        if "/" in pattern or "**" in pattern:
            raise NotImplementedError("the pathlib shim globs one level: %r" % pattern)
        return [self / name for name in sorted(os.listdir(self._path)) if _matches(name, pattern)]
