"""Run order for `make test`: the tests that hold a core for minutes go first, so that pytest-xdist
(`--dist loadgroup`: each test is its own unit, handed to whichever worker runs low) fills the other cores
around them instead of finding one of them last on a worker that is otherwise done."""

#: The long ones: the engine's suite inside Pyodide (in shards) and inside MicroPython, the two runtimes' logic
#: replies compared, the packages built.
FIRST = ("tests/test_in_pyodide.py", "tests/test_in_micropython.py", "tests/test_two_runtimes_logic.py",
         "tests/test_dist.py")


def pytest_collection_modifyitems(items: list) -> None:
    items.sort(key=lambda item: next((k for k, prefix in enumerate(FIRST) if item.nodeid.startswith(prefix)),
                                     len(FIRST)))
