"""The public API of DESIGN.md: names, the docstring example, and no third-party import at run time."""
import doctest
import subprocess
import sys

import sudoku_core


def test_design_api_names_are_importable_from_the_package():
    from sudoku_core import Grid, ParseError, count_solutions, solve  # noqa: F401

    assert issubclass(ParseError, ValueError)


def test_the_package_docstring_example_runs():
    result = doctest.testmod(sudoku_core)
    assert result.attempted > 0 and result.failed == 0


def test_importing_the_engine_pulls_in_nothing_outside_the_standard_library():
    code = (
        "import sys; before = set(sys.modules)\n"
        "import sudoku_core, sudoku_core.cli, sudoku_core.bridge\n"
        "roots = {m.split('.')[0] for m in set(sys.modules) - before}\n"
        "print(sorted(r for r in roots if r not in sys.stdlib_module_names and r != 'sudoku_core'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
