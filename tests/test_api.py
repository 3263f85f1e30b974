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


def test_verdict_words_are_the_ones_written_and_a_count_maps_to_one():
    from sudoku_core import Verdict
    from sudoku_core.bank.bulk import STATUS

    assert STATUS == Verdict.ALL and len(set(Verdict.ALL)) == len(Verdict.ALL)
    assert [Verdict.of_count(k) for k in (-1, 0, 1, 2)] == ["gave up", "none", "unique", "several"]
    assert Verdict.of_count(1, limit=1) == Verdict.SOLVED


def test_check_lines_and_the_bridge_s_check_say_the_same_verdict(tmp_path):
    from sudoku_core.bridge import handle

    puzzles = ["4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
               "." * 81, "11" + "." * 79]
    path = tmp_path / "p.txt"
    path.write_text("\n".join(puzzles) + "\n")
    out = subprocess.run([sys.executable, "-m", "sudoku_core", "check", str(path)], capture_output=True, text=True)
    words = [line.split(":")[0] for line in out.stdout.splitlines()]
    replies = [handle({"op": "check", "puzzle": p}) for p in puzzles]
    statuses = [r["result"]["status"] if r["ok"] else r["error"]["code"] for r in replies]
    assert words[:2] == statuses[:2] == ["unique", "several"]
    assert words[2] == statuses[2] == "conflict"
