"""A minimal `hypothesis` for MicroPython: random examples, no shrinking, no database.

`given` and `settings` record what they are told in `REGISTRY` (keyed by the test function: MicroPython
functions take no attributes) and return the function itself; core_test_driver.py runs the examples. Each
test draws from its own `pyrandom.Random`, seeded by its name, so a failure comes back on every run; the
falsifying example is printed with the failure. The driver runs min(max_examples, its cap) examples (the cap
is the runner's --max-examples, 25 unless told).

Positional strategies fill the test's rightmost parameters, keyword strategies the parameters they name,
as in Hypothesis.
"""
from . import strategies  # noqa: F401 - `from hypothesis import strategies as st`

#: function -> {"args": (...), "kwargs": {...}, "settings": settings or None, "examples": [(args, kwargs)]}
REGISTRY = {}


def _entry(func):
    entry = REGISTRY.get(func)
    if entry is None:
        entry = REGISTRY[func] = {"args": None, "kwargs": None, "settings": None, "examples": []}
    return entry


class HealthCheck:
    too_slow = "too_slow"
    filter_too_much = "filter_too_much"
    data_too_large = "data_too_large"
    function_scoped_fixture = "function_scoped_fixture"
    large_base_example = "large_base_example"

    @classmethod
    def all(cls):
        return [cls.too_slow, cls.filter_too_much, cls.data_too_large, cls.function_scoped_fixture,
                cls.large_base_example]


class Verbosity:
    quiet = 0
    normal = 1
    verbose = 2
    debug = 3


class Phase:
    explicit = "explicit"
    reuse = "reuse"
    generate = "generate"
    target = "target"
    shrink = "shrink"


class settings:
    """Only `max_examples` matters here; the other settings are accepted and ignored."""
    default_max_examples = 100

    def __init__(self, parent=None, max_examples=None, **ignored):
        if max_examples is None:
            max_examples = parent.max_examples if isinstance(parent, settings) else self.default_max_examples
        self.max_examples = max_examples

    def __call__(self, func):
        _entry(func)["settings"] = self
        return func

    @staticmethod
    def register_profile(name, parent=None, **kwargs):
        pass

    @staticmethod
    def load_profile(name):
        pass


class UnsatisfiedAssumption(Exception):
    """assume(False): this example does not count."""


def assume(condition):
    if not condition:
        raise UnsatisfiedAssumption()
    return True


def reject():
    raise UnsatisfiedAssumption()


def note(value):
    pass


def event(value, payload=""):
    pass


def target(observation, label=""):
    return observation


def given(*args, **kwargs):
    def mark(func):
        entry = _entry(func)
        if entry["args"] is not None:
            raise TypeError("given() applied twice to one test")
        entry["args"] = args
        entry["kwargs"] = kwargs
        return func

    return mark


def example(*args, **kwargs):
    def mark(func):
        _entry(func)["examples"].append((args, kwargs))
        return func

    return mark


def seed(value):
    return lambda func: func
