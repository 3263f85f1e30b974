"""Runs pytest-style test files under MicroPython, with the shims in tests/micropython/shim.

run_core_tests.mjs copies the engine's portable modules, the test files and this driver into MicroPython's
file system, writes the run's settings to /runner/config.json and calls `start()`, then `step()` (one test
each) until it returns False (or `main()`, the same in one call: see `step` for why not), which writes the counts
to /runner/result.json; when it recycles MicroPython (a fresh one once the heap has grown), it takes `state()`
from the old one and hands it to `start(state)` in the new. Each test function of each file runs (every parametrize row, every fixture by name,
the hypothesis examples); a failure prints one line with its reason. Nothing is left out quietly: a test
that asks to be skipped, a mark the shim cannot honour, a fixture it does not have or a test file that cannot
be imported each count as a failure with the reason; a test the settings' "deselect" names (test or function
id -> the reason, such as the heap it would take) is not run, and is counted and printed apart with its reason;
of a parametrized test the settings' "sample" names (function id -> n), n rows run, chosen by a hash of their
ids, and the number of the others is printed and counted apart.

MicroPython tells nothing about a function's parameters (no `inspect.signature` with names, no
`__code__.co_varnames`), so the driver reads them from the `def` line in the test file's source.
"""
import builtins
import gc
import io
import itertools
import json
import sys
import time

import hypothesis
import pyrandom
import pytest

RUNNER_DIR = "/runner"
REPO = "/repo/"
_BUILTIN_TIME = time


def now():
    return time.time_ns() / 1e9


class TimeForTests:
    """The test module's `time`: MicroPython's, plus `perf_counter` and `monotonic` (from `time_ns`).
    Only the test modules see it: the engine keeps MicroPython's own `time` and its compat fallbacks."""

    def __getattr__(self, name):
        if name in ("perf_counter", "monotonic"):
            return now
        if name == "perf_counter_ns" or name == "monotonic_ns":
            return _BUILTIN_TIME.time_ns
        return getattr(_BUILTIN_TIME, name)


# -- reading the parameters of functions from source ----------------------------------------------------
def _param_text(lines, row, col):
    """The text between the parenthesis at lines[row][col] and its partner, comments left out."""
    depth = 0
    quote = None
    out = []
    while row < len(lines):
        line = lines[row]
        while col < len(line):
            ch = line[col]
            if quote:
                out.append(ch)
                if ch == "\\":
                    col += 1
                    if col < len(line):
                        out.append(line[col])
                elif line.startswith(quote, col):
                    out.append(quote[1:])
                    col += len(quote) - 1
                    quote = None
            elif ch == "#":
                break
            elif ch in "\"'":
                quote = ch * 3 if line.startswith(ch * 3, col) else ch
                out.append(quote)
                col += len(quote) - 1
            elif ch in "([{":
                depth += 1
                if depth > 1:
                    out.append(ch)
            elif ch in ")]}":
                depth -= 1
                if depth == 0:
                    return "".join(out)
                out.append(ch)
            else:
                out.append(ch)
            col += 1
        out.append(" ")
        row += 1
        col = 0
    raise ValueError("unbalanced parentheses in a def at line %d" % row)


def _split_top(text, sep):
    """Split at `sep` outside brackets and quotes."""
    parts, depth, quote, start = [], 0, None, 0
    k = 0
    while k < len(text):
        ch = text[k]
        if quote:
            if ch == "\\":
                k += 1
            elif text.startswith(quote, k):
                k += len(quote) - 1
                quote = None
        elif ch in "\"'":
            quote = ch * 3 if text.startswith(ch * 3, k) else ch
            k += len(quote) - 1
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == sep and depth == 0:
            parts.append(text[start:k])
            start = k + 1
        k += 1
    parts.append(text[start:])
    return parts


def parse_params(text):
    """[(name, has_default)] of the named parameters, without *args and **kwargs."""
    params = []
    for piece in _split_top(text, ","):
        piece = piece.strip()
        if not piece or piece in ("*", "/") or piece.startswith("*"):
            continue
        default = _split_top(piece, "=")
        name = _split_top(default[0], ":")[0].strip()
        params.append((name, len(default) > 1))
    return params


def parse_defs(source):
    """{(class name or None, function name): [(parameter, has_default)]} for the module's functions and the
    methods of its classes, and the order in which they are written: [("def", name), ("class", name),
    ("method", (class name, name))] (a list: MicroPython's dicts do not keep the order of insertion)."""
    lines = source.split("\n")
    defs, order = {}, []
    cls = None
    for row, line in enumerate(lines):
        stripped = line.lstrip()
        if not stripped or stripped.startswith("#"):
            continue
        indent = len(line) - len(stripped)
        if indent == 0 and not stripped.startswith("@") and not stripped.startswith(")"):
            cls = None
        if stripped.startswith("async def "):
            stripped = stripped[6:]
            head = 10
        else:
            head = 4
        if indent == 0 and stripped.startswith("class "):
            name = stripped[6:].split("(")[0].split(":")[0].strip()
            cls = name
            order.append(("class", name))
            continue
        if not stripped.startswith("def "):
            continue
        name = stripped[4:].split("(")[0].strip()
        key = (None, name) if indent == 0 else (cls, name) if cls else None
        if key is None or key in defs:
            continue
        col = line.index("(", indent + head)
        defs[key] = parse_params(_param_text(lines, row, col))
        order.append(("def", name) if indent == 0 else ("method", key))
    return defs, order


# -- reporting ------------------------------------------------------------------------------------------------
def short_repr(value, limit=160):
    try:
        text = repr(value)
    except Exception as error:  # noqa: BLE001 - a repr that fails must not hide the failure
        text = "<repr failed: %s>" % type(error).__name__
    return text if len(text) <= limit else text[:limit - 15] + "...(%d chars)" % len(text)


def traceback_of(error):
    buf = io.StringIO()
    sys.print_exception(error, buf)
    return buf.getvalue()


def reason_of(error, test_file, sources):
    """'Type: message' and where: the test file's line (with its source text) and, when the exception came
    from deeper, the innermost frame."""
    message = str(error)
    kind = type(error).__name__
    reason = kind + (": " + message if message else "")
    frames = []
    for line in traceback_of(error).split("\n"):
        line = line.strip()
        if line.startswith('File "'):
            path = line[6:].split('"')[0]
            try:
                number = int(line.split(", line ")[1].split(",")[0])
            except (IndexError, ValueError):
                continue
            frames.append((path[len(REPO):] if path.startswith(REPO) else path, number))
    own = [f for f in frames if f[0] == test_file]
    where = []
    if own:
        path, number = own[-1]
        text = sources.get(path, "").split("\n")
        code = text[number - 1].strip() if 0 < number <= len(text) else ""
        where.append("at %s:%d" % (path, number) + (" `%s`" % code if code else ""))
    if frames and (not own or frames[-1] != own[-1]):
        where.append("raised at %s:%d" % frames[-1])
    return " ".join([reason] + where).replace("\n", " | ")


#: The outcome of a test the settings' "deselect" names (not run).
DESELECTED = "deselected"


class NotRunnable(Exception):
    """The shim cannot run this test as written: reported as a failure with the reason."""


# -- running -------------------------------------------------------------------------------------------------
class Module:
    def __init__(self, path, module, source):
        self.path = path
        self.module = module
        self.source = source
        self.defs, self.order = parse_defs(source)
        self.fixtures = {}
        self.module_cache = {}
        self.module_teardowns = []
        for name in dir(module):
            value = getattr(module, name)
            entry = pytest.REGISTRY.get(value) if callable(value) else None
            if entry and entry["fixture"]:
                self.fixtures[entry["fixture"]["name"]] = value

    def fixture_value(self, name, cache, teardowns, chain=()):
        if name in cache:
            return cache[name]
        if name in chain:
            raise NotRunnable("fixture %r depends on itself" % name)
        func = self.fixtures.get(name)
        if func is None and name in pytest.BUILTIN_FIXTURES:
            func, scope, params = pytest.BUILTIN_FIXTURES[name], "function", []
        elif func is None:
            raise NotRunnable("fixture %r is neither in this file nor one of the shim's (%s); there is no "
                              "conftest.py" % (name, ", ".join(sorted(pytest.BUILTIN_FIXTURES))))
        else:
            scope = pytest.REGISTRY[func]["fixture"]["scope"]
            params = self.defs.get((None, func.__name__))
            if params is None:
                raise NotRunnable("cannot find `def %s(` in %s" % (func.__name__, self.path))
        scope_cache = self.module_cache if scope in ("module", "session", "package") else cache
        if name in scope_cache:
            return scope_cache[name]
        kwargs = {}
        for param, has_default in params:
            if not has_default:
                kwargs[param] = self.fixture_value(param, cache, teardowns, chain + (name,))
        value = func(**kwargs)
        if type(value).__name__ == "generator":
            generator = value
            value = next(generator)
            if scope_cache is cache:
                teardowns.append(generator)
            else:
                self.module_teardowns.append(generator)
        scope_cache[name] = value
        return value


def parametrize_rows(entry):
    """[(id, {name: value}, marks)]: the product of the stacked parametrize marks."""
    rows = [("", {}, [])]
    for names, values in entry["params"] if entry else ():
        grown = []
        for row_id, row, row_marks in rows:
            for k, (value_tuple, value_id, marks) in enumerate(values):
                if value_id is None:
                    value_id = "-".join(_id_part(names[j], v, k) for j, v in enumerate(value_tuple))
                new = dict(row)
                for name, value in zip(names, value_tuple):
                    new[name] = value
                grown.append((row_id + "-" + value_id if row_id else value_id, new, row_marks + list(marks)))
        rows = grown
    return rows


def _id_part(name, value, index):
    if value is None or isinstance(value, (bool, int, float, str)):
        return str(value)
    return "%s%d" % (name, index)


def string_seed(text):
    h = 5381
    for ch in text:
        h = (h * 33 + ord(ch)) & 0xFFFFFFFF
    return h


class Runner:
    def __init__(self, config):
        self.config = config
        self.cap = config.get("max_examples", 25)
        self.overrides = config.get("examples", {})
        self.show_tb = config.get("tb", False)
        self.verbose = config.get("verbose", False)
        self.durations = []
        self.sources = {}
        self.totals = [0, 0, 0]  # passed, failed, deselected
        #: test id (or a function's id, every row) -> why the runner asks not to run it (it would break the run)
        self.deselect = config.get("deselect", {})
        self.deselected = []  # the ids not run, each once
        #: function id -> how many of its rows run (the rest are sampled out, counted apart)
        self.sample = config.get("sample", {})
        self.sampled_out = 0
        #: by hand (run_core_tests.mjs --only): the tests or functions to run, the others not even counted
        self.only = set(config.get("only", ()))
        self.files = []  # per file: {"file", "passed", "failed", "deselected", "seconds"}
        #: where the run stands, for `state()`: the file under way (its index in the settings' files), the tests
        #: of it done (run, deselected or failed), its counts and seconds so far
        self.file_index = 0
        self.done_in_file = 0
        self.file_counts = [0, 0, 0]
        self.file_seconds = 0.0
        #: on a resumed run, how many of the file's tests the MicroPython before this one already did
        self.skip = 0

    def fail(self, test_id, reason, error=None):
        print("FAILED %s - %s" % (test_id, reason))
        if error is not None and self.show_tb:
            for line in traceback_of(error).rstrip().split("\n"):
                print("    " + line)

    def run_file(self, path):
        """Runs the file's tests, yielding after each (see `step`); its counts end in `self.files`. On a resumed
        run (`self.skip`), the tests the MicroPython before did are passed over, their counts kept."""
        counts = self.file_counts
        start = now() - self.file_seconds
        source = self.read(path)
        self.sources[path] = source
        name = path.split("/")[-1][:-3]
        directory = REPO + "/".join(path.split("/")[:-1])
        if directory not in sys.path:
            sys.path.insert(0, directory)
        try:
            module = __import__(name)
        except BaseException as error:  # noqa: BLE001 - SyntaxError, ImportError, anything at import
            if isinstance(error, KeyboardInterrupt):
                raise
            self.fail(path, "cannot import the test file: " + reason_of(error, path, self.sources), error)
            self.file_done(path, 0, 1, 0, now() - start)
            self.next_file()
            return
        if getattr(module, "time", None) is _BUILTIN_TIME:
            module.time = TimeForTests()
        mod = Module(path, module, source)
        for kind, item in mod.order:
            if kind == "def" and item.startswith("test"):
                func = getattr(module, item, None)
                if not callable(func):
                    continue
                tests = self.run_function(mod, None, item, func)
            elif kind == "method" and item[0].startswith("Test") and item[1].startswith("test"):
                tests = self.run_function(mod, getattr(module, item[0]), item[1], None)
            else:
                continue
            for outcome in tests:
                counts[0 if outcome is None else 2 if outcome is DESELECTED else 1] += 1
                self.done_in_file += 1
                self.file_seconds = now() - start
                yield outcome
        for teardown in reversed(mod.module_teardowns):
            self._finish(teardown)
        del sys.modules[name]
        gc.collect()
        self.file_done(path, counts[0], counts[1], counts[2], now() - start)
        self.next_file()

    def next_file(self):
        self.file_index += 1
        self.done_in_file, self.file_counts, self.file_seconds, self.skip = 0, [0, 0, 0], 0.0, 0

    def file_done(self, path, passed, failed, deselected, took):
        self.totals[0] += passed
        self.totals[1] += failed
        self.totals[2] += deselected
        self.files.append({"file": path, "passed": passed, "failed": failed, "deselected": deselected,
                           "seconds": took})
        print("%s: %d passed, %d failed, %d deselected in %.1f s" % (path, passed, failed, deselected, took))

    def read(self, path):
        with open(REPO + path) as handle:
            return handle.read()

    @staticmethod
    def _finish(generator):
        try:
            next(generator)
        except StopIteration:
            pass

    def run_function(self, mod, cls, name, func):
        """Runs each row of one test function, yielding its outcome (None when it passed)."""
        base_id = "%s::%s" % (mod.path, name if cls is None else cls.__name__ + "::" + name)
        if cls is not None:
            func = getattr(cls, name)
        entry = pytest.REGISTRY.get(func)
        hyp = hypothesis.REGISTRY.get(func)
        params = mod.defs.get((cls.__name__ if cls is not None else None, name))
        if params is None:
            if self.skip:  # failed in the MicroPython before
                self.skip -= 1
                return
            self.fail(base_id, "cannot find `def %s(` in the source" % name)
            yield "no def"
            return
        if cls is not None and params and params[0][0] == "self":
            params = params[1:]
        rows = parametrize_rows(entry)
        keep = self.sample.get(base_id)
        resumed = self.skip > 0  # its sample, if any, was counted by the MicroPython before
        if keep is not None and keep < len(rows):
            # n rows, chosen by a hash of their ids: a spread no pattern in the parametrized list lines up with
            order = sorted(range(len(rows)), key=lambda k: (string_seed(base_id + "[%s]" % rows[k][0]), k))
            kept = sorted(order[:keep])
            if not resumed:
                print("SAMPLED %s - %d of %d cases run" % (base_id, keep, len(rows)))
                self.sampled_out += len(rows) - keep
            rows = [rows[k] for k in kept]
        for row_id, row, row_marks in rows:
            test_id = base_id + ("[%s]" % row_id if row_id else "")
            if self.only and test_id not in self.only and base_id not in self.only:
                continue
            if self.skip:
                self.skip -= 1
                continue
            marks = (entry["marks"] if entry else []) + row_marks
            reason = self.deselect.get(test_id, self.deselect.get(base_id))
            if reason is not None:  # counted apart and printed with the runner's reason: nothing left out quietly
                print("DESELECTED %s - %s" % (test_id, reason))
                self.deselected.append(test_id)
                yield DESELECTED
                continue
            with open(RUNNER_DIR + "/current", "w") as handle:
                handle.write(test_id)
            start, heap = now(), gc.mem_alloc()
            try:
                outcome = self.run_one(mod, cls, name, func, params, row, hyp, marks, test_id)
            except BaseException as error:  # noqa: BLE001
                if isinstance(error, KeyboardInterrupt):
                    raise
                outcome = error
            took = now() - start
            # the heap the test took: each runs in a call of its own, which no collection interrupts (see `step`)
            heap = ((gc.mem_alloc() - heap) & 0xFFFFFFFF) >> 20  # (mem_alloc wraps past 4 GB)
            forget_light_work()
            self.durations.append((took, test_id, heap))
            if outcome is None:
                if self.verbose:
                    print("PASSED %s (%.2f s)" % (test_id, took))
            else:
                if isinstance(outcome, str):
                    self.fail(test_id, outcome)
                elif isinstance(outcome, NotRunnable):
                    self.fail(test_id, "not runnable by the MicroPython shims: %s" % outcome)
                elif isinstance(outcome, Falsified):
                    self.fail(test_id, "%s [%s]" % (reason_of(outcome.error, mod.path, self.sources), outcome.note),
                              outcome.error)
                else:
                    self.fail(test_id, reason_of(outcome, mod.path, self.sources), outcome)
            yield outcome

    def run_one(self, mod, cls, name, func, params, row, hyp, marks, test_id):
        """None when the test passed; a reason or an exception when it failed."""
        xfail = None
        for mark in marks:
            if mark.name == "skip":
                return "marked skip (%s): not left out under MicroPython" % mark.kwargs.get(
                    "reason", mark.args[0] if mark.args else "")
            if mark.name == "skipif":
                condition = mark.args[0] if mark.args else mark.kwargs.get("condition")
                if not isinstance(condition, bool):
                    return "skipif with a %s condition: the MicroPython shim takes only bools" % type(
                        condition).__name__
                if condition:
                    return "skipif is true under MicroPython (%s): not left out quietly" % mark.kwargs.get(
                        "reason", "")
            if mark.name == "xfail":
                xfail = mark
            if mark.name in ("usefixtures", "filterwarnings"):
                if mark.name == "usefixtures":
                    return "mark.usefixtures is not in the MicroPython pytest shim"
        given_names = {}
        if hyp is not None and hyp["args"] is not None:
            positional = [p for p, _ in params]
            args = hyp["args"]
            if len(args) > len(positional):
                return "given() has %d positional strategies for %d parameters" % (len(args), len(positional))
            for param, strategy in zip(positional[len(positional) - len(args):], args):
                given_names[param] = strategy
            for param, strategy in hyp["kwargs"].items():
                if param not in positional:
                    return "given() names %r, which the test does not take" % param
                given_names[param] = strategy
        cache, teardowns = {}, []
        try:
            fixed = {}
            for param, has_default in params:
                if param in row:
                    fixed[param] = row[param]
                elif param not in given_names and not has_default:
                    fixed[param] = mod.fixture_value(param, cache, teardowns)
            for fixture_name, fixture in mod.fixtures.items():
                if pytest.REGISTRY[fixture]["fixture"]["autouse"]:
                    mod.fixture_value(fixture_name, cache, teardowns)
            target = getattr(cls(), name) if cls is not None else func
            if given_names:
                self.run_examples(target, fixed, given_names, hyp, test_id)
            else:
                target(**fixed)
        except pytest.Skipped as error:
            return "skipped (%s): not left out under MicroPython" % error
        except BaseException as error:  # noqa: BLE001
            if isinstance(error, KeyboardInterrupt):
                raise
            if xfail is not None:
                return None
            return error
        finally:
            for generator in reversed(teardowns):
                self._finish(generator)
        if xfail is not None and xfail.kwargs.get("strict"):
            return "XPASS(strict): the test was expected to fail"
        return None

    def examples_for(self, hyp, test_id):
        chosen = hyp["settings"]
        wanted = chosen.max_examples if chosen is not None else hypothesis.settings.default_max_examples
        base = test_id.split("[")[0]
        for key in (test_id, base, base.split("::")[-1]):
            if key in self.overrides:
                return min(wanted, self.overrides[key])
        return min(wanted, self.cap)

    def run_examples(self, target, fixed, strategies, hyp, test_id):
        count = self.examples_for(hyp, test_id)
        rnd = pyrandom.Random(string_seed(test_id))
        names = list(strategies)
        for args, kwargs in hyp["examples"]:
            example = dict(kwargs)
            given_positional = [n for n in names if n not in hyp["kwargs"]]
            for param, value in zip(given_positional, args):
                example[param] = value
            self.run_example(target, fixed, example, "explicit example")
        valid = tries = 0
        while valid < count and tries < count * 10 + 10:
            tries += 1
            try:
                example = {}
                for param in names:
                    example[param] = strategies[param].do_draw(rnd)
            except hypothesis.UnsatisfiedAssumption:
                continue
            if self.run_example(target, fixed, example, "example %d of %d" % (valid + 1, count)):
                valid += 1
        if valid == 0:
            raise hypothesis.UnsatisfiedAssumption("no example satisfied the assumptions in %d tries" % tries)

    @staticmethod
    def run_example(target, fixed, example, label):
        kwargs = dict(fixed)
        kwargs.update(example)
        try:
            target(**kwargs)
        except hypothesis.UnsatisfiedAssumption:
            return False
        except BaseException as error:  # noqa: BLE001
            if isinstance(error, KeyboardInterrupt):
                raise
            falsifying = ", ".join("%s=%s" % (k, short_repr(v)) for k, v in example.items())
            raise Falsified(error, "%s, falsifying: %s" % (label, falsifying))
        return True


def forget_light_work():
    """Takes away the share of work for variant searches that the bridge's last request left set on MicroPython
    (`sudoku_core.variants.light_work`, set at each part of a request and not cleared after it): else the tests
    after a bridge test that call the variant solver or generator themselves would search within that leftover."""
    variants = sys.modules.get("sudoku_core.variants")
    if variants is not None and getattr(variants, "light_work", None) is not None:
        variants.light_work = None


class Falsified(Exception):
    """A hypothesis example failed: the original error, with the example."""

    def __init__(self, error, note):
        super().__init__(note)
        self.error = error
        self.note = note


def islice(iterable, *args):
    """`itertools.islice`: MicroPython's (micropython-lib's) raises RuntimeError when the iterable ends before
    `stop` (its generator lets StopIteration out of `next`)."""
    start, stop, step = (0, args[0], 1) if len(args) == 1 else (args + (1,))[:3]
    nxt, step = start or 0, step or 1
    it = iter(iterable)
    index = 0
    while stop is None or nxt < stop:
        try:
            item = next(it)
        except StopIteration:
            return
        if index == nxt:
            yield item
            nxt += step
        index += 1


_BUILTIN_OPEN = open


def open_path(file, *args, **kwargs):
    """`open` that takes a path-like (the pathlib shim's Path), as CPython's does."""
    if hasattr(file, "__fspath__"):
        file = file.__fspath__()
    return _BUILTIN_OPEN(file, *args, **kwargs)


# -- the run, in steps ------------------------------------------------------------------------------------------
# MicroPython's WebAssembly port collects garbage only when a call from JavaScript begins (it cannot scan the
# stack of a call under way; `gc.collect()` inside one does nothing), so one call running a whole test file holds
# all its garbage. The runner calls `step()` again and again instead, one test each: every test starts with the
# garbage of the ones before collected, so a test takes the heap that it alone needs.
_run = None


def start(state=""):
    """Reads the run's settings and gets the tests ready for `step()`; `state` (JSON from `state()` of the
    MicroPython before this one, when the runner recycles it) resumes the run where that one stopped."""
    global _run
    with open(RUNNER_DIR + "/config.json") as handle:
        config = json.load(handle)
    sys.modules["random"] = pyrandom  # MicroPython's has no Random class (the engine takes compat.Random)
    builtins.open = open_path
    itertools.islice = islice
    runner = Runner(config)
    elapsed = 0.0
    if state:
        saved = json.loads(state)
        for key in RESUMED:
            setattr(runner, key, saved[key])
        runner.durations = [tuple(item) for item in runner.durations]
        runner.skip = runner.done_in_file
        elapsed = saved["elapsed"]
    else:
        impl = sys.implementation
        print("MicroPython %s (%s), heap %d MB; hypothesis examples per test: at most %d" % (
            version(), getattr(impl, "_machine", "?"), config.get("heap_mb", 0), runner.cap))
    _run = (runner, _tests(runner, config["files"]), now() - elapsed)


#: What of a Runner `state()` carries over to the next MicroPython.
RESUMED = ("totals", "durations", "deselected", "sampled_out", "files", "file_index", "done_in_file",
           "file_counts", "file_seconds")


def state():
    """Where the run stands, as JSON for `start(state)` in a fresh MicroPython (the runner recycles one whose
    heap has grown: a large heap slows every allocation after it)."""
    runner, _, began = _run
    saved = {key: getattr(runner, key) for key in RESUMED}
    saved["elapsed"] = now() - began
    return json.dumps(saved)


def heap_mb():
    """MicroPython's heap as it has grown (used and free), in MB: it never shrinks."""
    return ((gc.mem_alloc() + gc.mem_free()) & 0xFFFFFFFF) >> 20  # (each wraps past 2 GB; JS takes 32-bit ints)


def _tests(runner, files):
    for path in files[runner.file_index:]:
        yield from runner.run_file(path)
        gc.collect()


def step():
    """Runs the next test (or deselects it, or imports the next file and fails it); True while tests are left,
    then False (the counts written to /runner/result.json)."""
    runner, tests, began = _run
    for _ in tests:
        return True
    took = now() - began
    slowest = runner.config.get("durations", 0)
    if slowest:
        print("slowest tests:")
        for seconds, test_id, heap in sorted(runner.durations, reverse=True)[:slowest]:
            print("  %6.2f s  %5d MB  %s" % (seconds, heap, test_id))
    passed, failed, deselected = runner.totals
    print("%d passed, %d failed, %d deselected, %d sampled out in %.1f s (MicroPython %s)" % (
        passed, failed, deselected, runner.sampled_out, took, version()))
    with open(RUNNER_DIR + "/result.json", "w") as handle:
        json.dump({"passed": passed, "failed": failed, "deselected": runner.deselected,
                   "sampled_out": runner.sampled_out, "seconds": took, "files": runner.files}, handle)
    return False


def version():
    return "%d.%d.%d" % sys.implementation.version[:3]


def main():
    """The whole run in one call (its garbage kept until it returns: see `step`); the number failed."""
    start()
    while step():
        pass
    return _run[0].totals[1]
