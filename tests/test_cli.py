"""The command line: `python -m sudoku_core solve|count|check`, its output, messages and exit codes."""
from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_core.cli import program as cli
from sudoku_core.cli import main

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
NO_SOLUTION = "12345678." + "........9" + "." * 63  # no clash, but r1c9 has no candidate left
CLASH = "5...5" + "." * 76  # r1c1 and r1c5 are both 5
SEVERAL = "." * 81
HARD = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"
SHORT = PUZZLE[:-1]
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def write(tmp_path):
    """write("name.txt", line, line, ...) -> path of a file holding those lines."""
    def make(name: str, *lines: str) -> str:
        path = tmp_path / name
        path.write_text("".join(line + "\n" for line in lines))
        return str(path)
    return make


@pytest.fixture
def stdin(monkeypatch):
    """stdin("text") makes the text standard input."""
    def feed(text: str) -> None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    return feed


def run(capsys, *argv: str) -> tuple[int, list[str], str]:
    """(exit status, stdout lines, stderr) of one in-process run."""
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out.split("\n")[:-1], captured.err


# -- solve --------------------------------------------------------------------------------------------
def test_solve_prints_the_solution_line_and_exits_zero(capsys, write):
    assert run(capsys, "solve", write("p.txt", PUZZLE)) == (0, [SOLUTION], "")


def test_solve_reads_standard_input_when_no_file_is_named(capsys, stdin):
    stdin(PUZZLE + "\n")
    assert run(capsys, "solve") == (0, [SOLUTION], "")


def test_solve_reads_standard_input_for_dash(capsys, stdin):
    stdin(PUZZLE + "\n")
    assert run(capsys, "solve", "-") == (0, [SOLUTION], "")


def test_solve_keeps_stdout_aligned_with_an_empty_line_for_a_bad_puzzle(capsys, write):
    path = write("p.txt", PUZZLE, SHORT, PUZZLE)
    status, out, err = run(capsys, "solve", path)
    assert status == 1
    assert out == [SOLUTION, "", SOLUTION]
    assert err == f"{path}:line 2: expected 81 cells, found 80\n"


def test_solve_reports_stdin_errors_as_line_n(capsys, stdin):
    stdin(f"{PUZZLE}\n{SHORT}\n")
    status, out, err = run(capsys, "solve")
    assert (status, out) == (1, [SOLUTION, ""])
    assert err == "line 2: expected 81 cells, found 80\n"


def test_solve_reports_the_column_of_a_stray_character(capsys, write):
    path = write("p.txt", PUZZLE[:6] + "Z" + PUZZLE[7:])
    status, out, err = run(capsys, "solve", path)
    assert (status, out) == (1, [""])
    assert err == f"{path}:line 1, column 7: 'Z' is not a digit for a 9x9 grid\n"


def test_solve_reports_a_puzzle_without_solution(capsys, write):
    path = write("p.txt", NO_SOLUTION, PUZZLE)
    status, out, err = run(capsys, "solve", path)
    assert (status, out) == (1, ["", SOLUTION])
    assert err == f"{path}:line 1: no solution\n"


def test_solve_reports_clashing_givens_with_cells_and_unit(capsys, write):
    path = write("p.txt", CLASH)
    status, out, err = run(capsys, "solve", path)
    assert (status, out) == (1, [""])
    assert err == f"{path}:line 1: clashing givens: r1c1 and r1c5 are both 5 in row 1\n"


def test_solve_reports_giving_up_not_no_solution(capsys, write):
    status, out, err = run(capsys, "solve", "--max-nodes", "1", write("p.txt", HARD))
    assert (status, out) == (1, [""])
    assert "gave up" in err and "no solution" not in err


def test_solve_with_a_generous_timeout_still_solves(capsys, write):
    assert run(capsys, "solve", "--timeout", "30", write("p.txt", PUZZLE)) == (0, [SOLUTION], "")


def test_solve_goes_on_across_files_in_order(capsys, write):
    first, second = write("a.txt", PUZZLE, SHORT), write("b.txt", SHORT, PUZZLE)
    status, out, err = run(capsys, "solve", first, second)
    assert (status, out) == (1, [SOLUTION, "", "", SOLUTION])
    assert err.splitlines() == [f"{first}:line 2: expected 81 cells, found 80",
                                f"{second}:line 1: expected 81 cells, found 80"]


def test_solve_reads_block_files_with_headers(capsys, write):
    rows = [PUZZLE[r * 9:(r + 1) * 9] for r in range(9)]
    path = write("p.sdk", "#A someone", *rows, "", "#D again", *rows)
    assert run(capsys, "solve", path) == (0, [SOLUTION, SOLUTION], "")


def test_solve_block_format_draws_each_solution_followed_by_a_blank_line(capsys, write):
    status, out, _ = run(capsys, "solve", "--format", "block", write("p.txt", PUZZLE, SHORT))
    assert status == 1
    assert out[0] == "+-------+-------+-------+" and out[1] == "| 4 1 7 | 3 6 9 | 8 2 5 |"
    assert out[13:] == ["", ""]  # the blank line after the solution, then the failed puzzle's


def test_solve_sdk_format_writes_rows(capsys, write):
    _, out, _ = run(capsys, "solve", "--format", "sdk", write("p.txt", PUZZLE))
    assert out == [SOLUTION[r * 9:(r + 1) * 9] for r in range(9)] + [""]


def test_solve_with_an_explicit_shape(capsys, write):
    six = "1" + "." * 35
    status, out, _ = run(capsys, "solve", "--shape", "6x6:3x2", write("p.txt", six))
    assert status == 0 and len(out[0]) == 36 and out[0][0] == "1"


def test_solve_size_is_an_alias_of_shape(capsys, write):
    status, out, _ = run(capsys, "solve", "--size", "4", write("p.txt", "1..." * 4))
    assert status == 1 and out == [""]  # 1 in every row of column 1: clashing givens


# -- count --------------------------------------------------------------------------------------------
def test_count_prints_one_for_a_unique_puzzle(capsys, write):
    assert run(capsys, "count", write("p.txt", PUZZLE)) == (0, ["1"], "")


def test_count_marks_a_reached_limit_with_plus(capsys, write):
    assert run(capsys, "count", write("p.txt", SEVERAL)) == (0, ["2+"], "")


def test_count_is_exact_below_the_limit(capsys, write):
    assert run(capsys, "count", "--limit", "300", write("p.txt", "." * 16)) == (0, ["288"], "")


def test_count_prints_zero_for_clashing_givens_and_no_solution(capsys, write):
    assert run(capsys, "count", write("p.txt", CLASH, NO_SOLUTION)) == (0, ["0", "0"], "")


def test_count_reports_a_bad_puzzle_with_an_empty_line(capsys, write):
    path = write("p.txt", SHORT, PUZZLE)
    assert run(capsys, "count", path) == (1, ["", "1"], f"{path}:line 1: expected 81 cells, found 80\n")


def test_count_reports_giving_up(capsys, write):
    status, out, err = run(capsys, "count", "--max-nodes", "1", write("p.txt", SEVERAL))
    assert (status, out) == (1, [""]) and "gave up" in err


# -- check --------------------------------------------------------------------------------------------
def test_check_gives_one_verdict_per_puzzle(capsys, write):
    path = write("p.txt", PUZZLE, SEVERAL, NO_SOLUTION, CLASH, SHORT)
    status, out, err = run(capsys, "check", path)
    assert status == 1
    assert out == ["unique", "several", "none", "conflict: r1c1 and r1c5 are both 5 in row 1",
                   "invalid: expected 81 cells, found 80"]
    assert err == ""


def test_check_exits_zero_when_every_puzzle_is_unique(capsys, write):
    assert run(capsys, "check", write("p.txt", PUZZLE, PUZZLE)) == (0, ["unique", "unique"], "")


def test_check_invalid_verdict_names_line_and_column(capsys, write):
    _, out, _ = run(capsys, "check", write("p.txt", PUZZLE, "Z" + PUZZLE[1:]))
    assert out[1] == "invalid: line 2, column 1: 'Z' is not a digit for a 9x9 grid"


def test_check_reports_giving_up_as_such(capsys, write):
    status, out, _ = run(capsys, "check", "--max-nodes", "1", write("p.txt", HARD))
    assert status == 1 and out[0].startswith("gave up")


# -- usage errors and help ----------------------------------------------------------------------------
def test_missing_file_is_a_usage_error_before_any_output(capsys, write):
    status, out, err = run(capsys, "solve", write("p.txt", PUZZLE), "no-such-file.txt")
    assert (status, out) == (2, [])
    assert err == "sudoku-core: error: cannot read 'no-such-file.txt': no such file\n"


def test_a_directory_is_a_usage_error(capsys, tmp_path):
    status, _, err = run(capsys, "solve", str(tmp_path))
    assert status == 2 and "is a directory" in err


def test_no_command_is_a_usage_error(capsys):
    status, _, err = run(capsys)
    assert status == 2 and "usage:" in err


def test_unknown_option_is_a_usage_error(capsys):
    status, _, err = run(capsys, "solve", "--frobnicate")
    assert status == 2 and "--frobnicate" in err


def test_bad_shape_is_a_usage_error(capsys):
    status, _, err = run(capsys, "solve", "--shape", "nine")
    assert status == 2 and "not a size" in err


@pytest.mark.parametrize("argv", [["count", "--limit", "0"], ["solve", "--max-nodes", "-3"],
                                  ["solve", "--timeout", "0"], ["solve", "--timeout", "soon"],
                                  ["solve", "--format", "svg"]])
def test_bad_option_values_are_usage_errors(capsys, argv):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == [] and "error" in err


def test_help_explains_commands_with_examples_and_exits_zero(capsys):
    status, out, _ = run(capsys, "--help")
    text = "\n".join(out)
    assert status == 0
    for word in ("solve", "count", "check", "examples:", "exit status", "standard input"):
        assert word in text


@pytest.mark.parametrize("command", ["solve", "count", "check"])
def test_each_command_has_help_with_examples(capsys, command):
    status, out, _ = run(capsys, command, "--help")
    assert status == 0 and "examples:" in "\n".join(out)


# -- robustness ---------------------------------------------------------------------------------------
def test_broken_pipe_ends_quietly(capsys, monkeypatch, write):
    class ClosedPipe(io.StringIO):
        def write(self, text):
            raise BrokenPipeError

    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert main(["solve", write("p.txt", PUZZLE)]) == 1
    assert capsys.readouterr().err == ""


def test_keyboard_interrupt_ends_with_130_and_no_traceback(capsys, monkeypatch, write):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli.bulk, "solve_and_count", interrupted)
    status, _, err = run(capsys, "solve", "--engine", "scalar", write("p.txt", PUZZLE))
    assert status == 130 and err.startswith("sudoku-core: interrupted: stopped before any result\n")
    assert "Traceback" not in err


def test_binary_garbage_is_reported_not_raised(capsys, tmp_path):
    path = tmp_path / "junk.bin"
    path.write_bytes(bytes(range(256)) * 4)
    status, _, err = run(capsys, "solve", str(path))
    assert status == 1 and "Traceback" not in err


# -- as a real program --------------------------------------------------------------------------------
def python_m(*argv: str, stdin: str = "") -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", "sudoku_core", *argv], input=stdin, capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=120)


def test_python_m_sudoku_core_solves_stdin_and_reports_failures():
    done = python_m("solve", stdin=f"{PUZZLE}\n{SHORT}\n{PUZZLE}\n")
    assert done.returncode == 1
    assert done.stdout == f"{SOLUTION}\n\n{SOLUTION}\n"
    assert done.stderr == "line 2: expected 81 cells, found 80\n"


def test_python_m_sudoku_core_stops_quietly_when_the_reader_goes_away():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with subprocess.Popen([sys.executable, "-m", "sudoku_core", "solve"], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT) as proc:
        proc.stdout.close()  # like `| head -0`: nobody reads the output
        _, err = proc.communicate((PUZZLE + "\n").encode() * 2000, timeout=120)
    assert proc.returncode == 1
    assert b"Traceback" not in err
