"""A minimal `pytest` for MicroPython: what the engine's core tests use, nothing more.

MicroPython cannot run pytest (no `inspect` worth the name, no assertion rewriting, no `__code__` detail), so
the decorators here do not wrap: they record, in `REGISTRY` keyed by the function (MicroPython functions take
no attributes), what core_test_driver.py needs to run the test: parametrize marks, fixture definitions,
other marks. The driver finds a test's parameter names in its source text.

Built-in fixtures: `monkeypatch` (setattr, delattr, setitem, delitem) and `tmp_path` (a pathlib.Path).

Also here: `raises` (a context manager with `match=`, searched with `re.search`, and `.value`; or called
with the function to run), `fail`, `skip` (which the driver counts as a failure: no test is left out
quietly on MicroPython), `param` and `approx`.
"""
import re

#: function -> {"params": [(names, values), ...] (innermost first), "marks": [Mark, ...], "fixture": dict}
REGISTRY = {}


def _entry(func):
    entry = REGISTRY.get(func)
    if entry is None:
        entry = REGISTRY[func] = {"params": [], "marks": [], "fixture": None}
    return entry


class Failed(Exception):
    """pytest.fail(): the test failed with this reason."""


class Skipped(Exception):
    """pytest.skip(): the test asked to be left out; under MicroPython that is reported as a failure."""


def fail(reason="", pytrace=True):
    raise Failed(reason)


def skip(reason="", allow_module_level=False):
    raise Skipped(reason)


def importorskip(name, *args, **kwargs):
    try:
        return __import__(name)
    except ImportError as error:
        raise Skipped("could not import %r: %s" % (name, error))


# -- raises ----------------------------------------------------------------------------------------------
class ExceptionInfo:
    def __init__(self):
        self.value = None
        self.type = None

    def match(self, pattern):
        if not re.search(pattern, str(self.value)):
            raise AssertionError("Regex pattern did not match.\n Regex: %r\n Input: %r" % (pattern, str(self.value)))
        return True

    def __repr__(self):
        return "<ExceptionInfo %r>" % (self.value,)


class RaisesContext:
    def __init__(self, expected, match=None):
        self.expected = expected if isinstance(expected, tuple) else (expected,)
        self.pattern = match
        self.excinfo = ExceptionInfo()

    def __enter__(self):
        return self.excinfo

    def __exit__(self, exc_type, exc, tb):
        names = " or ".join(e.__name__ for e in self.expected)
        if exc_type is None:
            raise Failed("DID NOT RAISE " + names)
        if not any(issubclass(exc_type, e) for e in self.expected):
            return False  # not ours: let it through, as pytest does
        if exc is None:
            exc = exc_type()
        self.excinfo.value = exc
        self.excinfo.type = exc_type
        if self.pattern is not None and not re.search(self.pattern, str(exc)):
            raise AssertionError("Regex pattern did not match.\n Regex: %r\n Input: %r" % (self.pattern, str(exc)))
        return True


def raises(expected, *args, match=None, **kwargs):
    context = RaisesContext(expected, match)
    if not args:
        if kwargs:
            raise TypeError("unexpected keyword arguments to raises: %s" % ", ".join(sorted(kwargs)))
        return context
    func = args[0]
    with context:
        func(*args[1:], **kwargs)
    return context.excinfo


# -- fixtures ------------------------------------------------------------------------------------------------
def fixture(func=None, scope="function", params=None, autouse=False, ids=None, name=None):
    if params is not None:
        raise NotImplementedError("parametrized fixtures are not in the MicroPython pytest shim")

    def mark(f):
        _entry(f)["fixture"] = {"scope": scope, "autouse": autouse, "name": name or f.__name__}
        return f

    if func is not None and callable(func):
        return mark(func)
    return mark


# -- marks ---------------------------------------------------------------------------------------------------
class ParameterSet:
    def __init__(self, values, id=None, marks=()):
        self.values = values
        self.id = id
        self.marks = marks if isinstance(marks, (tuple, list)) else (marks,)


def param(*values, id=None, marks=()):
    return ParameterSet(values, id, marks)


class Mark:
    def __init__(self, name, args, kwargs):
        self.name = name
        self.args = args
        self.kwargs = kwargs

    def __call__(self, func):
        _entry(func)["marks"].append(self)
        return func

    def __repr__(self):
        return "Mark(%r, %r, %r)" % (self.name, self.args, self.kwargs)


class _MarkDecorator:
    def __init__(self, name):
        self.name = name

    def __call__(self, *args, **kwargs):
        if len(args) == 1 and not kwargs and callable(args[0]) and self.name not in ("skipif", "xfail", "skip"):
            _entry(args[0])["marks"].append(Mark(self.name, (), {}))  # bare @pytest.mark.slow
            return args[0]
        return Mark(self.name, args, kwargs)


def _parametrize(argnames, argvalues, ids=None, indirect=False, scope=None):
    if indirect:
        raise NotImplementedError("indirect parametrization is not in the MicroPython pytest shim")
    if isinstance(argnames, str):
        names = [n.strip() for n in argnames.split(",") if n.strip()]
    else:
        names = list(argnames)
    rows = []
    for k, value in enumerate(argvalues):
        row_id = None
        marks = ()
        if isinstance(value, ParameterSet):
            row_id, marks, value = value.id, value.marks, value.values
            if len(names) == 1:
                value = value[0]
        if len(names) == 1:
            values = (value,)
        else:
            values = tuple(value)
            if len(values) != len(names):
                raise ValueError("parametrize: %d names but %d values in %r" % (len(names), len(values), value))
        if row_id is None and ids is not None:
            row_id = ids(value) if callable(ids) else ids[k]
        rows.append((values, row_id, marks))

    def mark(func):
        _entry(func)["params"].append((names, rows))
        return func

    return mark


class _Marks:
    def __getattr__(self, name):
        if name == "parametrize":
            return _parametrize
        if name.startswith("__"):
            raise AttributeError(name)
        return _MarkDecorator(name)


mark = _Marks()


# -- built-in fixtures (core_test_driver.py hands them out by name) ----------------------------------------------
_MISSING = object()


class MonkeyPatch:
    """pytest's monkeypatch: setattr, delattr, setitem, delitem, undone after the test."""

    def __init__(self):
        self._undo = []

    def setattr(self, target, name, value=_MISSING, raising=True):
        if value is _MISSING:  # setattr("package.module.attr", value)
            if not isinstance(target, str):
                raise TypeError("use setattr(target, name, value) or setattr('module.name', value)")
            path, value = target, name
            module_name, name = path.rsplit(".", 1)
            target = __import__(module_name)
            for part in module_name.split(".")[1:]:
                target = getattr(target, part)
        old = getattr(target, name, _MISSING)
        if old is _MISSING and raising:
            raise AttributeError("%r has no attribute %r" % (target, name))
        self._undo.append((setattr, delattr, target, name, old))
        setattr(target, name, value)

    def delattr(self, target, name, raising=True):
        old = getattr(target, name, _MISSING)
        if old is _MISSING:
            if raising:
                raise AttributeError(name)
            return
        self._undo.append((setattr, delattr, target, name, old))
        delattr(target, name)

    def setitem(self, mapping, key, value):
        self._undo.append((_setitem, _delitem, mapping, key, mapping.get(key, _MISSING)))
        mapping[key] = value

    def delitem(self, mapping, key, raising=True):
        if key not in mapping:
            if raising:
                raise KeyError(key)
            return
        self._undo.append((_setitem, _delitem, mapping, key, mapping[key]))
        del mapping[key]

    def setenv(self, name, value, prepend=None):
        raise NotImplementedError("monkeypatch.setenv: MicroPython has no os.environ")

    def delenv(self, name, raising=True):
        raise NotImplementedError("monkeypatch.delenv: MicroPython has no os.environ")

    def undo(self):
        for put, remove, target, name, old in reversed(self._undo):
            if old is _MISSING:
                remove(target, name)
            else:
                put(target, name, old)
        self._undo = []


def _setitem(mapping, key, value):
    mapping[key] = value


def _delitem(mapping, key):
    del mapping[key]


def _monkeypatch():
    patch = MonkeyPatch()
    yield patch
    patch.undo()


_tmp_count = [0]


def _tmp_path():
    import os
    from pathlib import Path
    for part in ("/tmp", "/tmp/pytest"):
        try:
            os.mkdir(part)
        except OSError:
            pass
    _tmp_count[0] += 1
    path = "/tmp/pytest/%d" % _tmp_count[0]
    os.mkdir(path)
    return Path(path)


#: name -> fixture function (no parameters); the driver treats a generator like a yield fixture.
BUILTIN_FIXTURES = {"monkeypatch": _monkeypatch, "tmp_path": _tmp_path}


# -- approx --------------------------------------------------------------------------------------------------
class approx:
    def __init__(self, expected, rel=None, abs=None):
        self.expected = expected
        self.rel = 1e-6 if rel is None else rel
        self.abs = 1e-12 if abs is None else abs

    def _close(self, a, b):
        tolerance = max(self.rel * (b if b >= 0 else -b), self.abs)
        diff = a - b
        return (diff if diff >= 0 else -diff) <= tolerance

    def __eq__(self, other):
        expected = self.expected
        if isinstance(expected, (list, tuple)):
            return len(other) == len(expected) and all(self._close(a, b) for a, b in zip(other, expected))
        if isinstance(expected, dict):
            return other.keys() == expected.keys() and all(self._close(other[k], expected[k]) for k in expected)
        return self._close(other, expected)

    def __ne__(self, other):
        return not self.__eq__(other)

    def __repr__(self):
        return "approx(%r)" % (self.expected,)
