"""The command line: ``python -m sudoku_core solve|count|check [FILE ...]`` (also ``sudoku-core``).

Each command reads puzzles from the files named (standard input when none, or for ``-``) in any
format `sudoku_core.formats` reads, and writes one result per puzzle to standard output, in order.
Problems go to standard error as ``FILE:line N: reason`` (``line N: reason`` for standard input).
Exit status: 0 when every puzzle succeeded, 1 when any failed, 2 for a usage error (a bad option,
a missing file), 130 when interrupted.
"""
from __future__ import annotations

import argparse
import io
import os
import sys
from typing import Callable, Iterator, TextIO

from .formats import FORMATS, ParseError, format_grid, parse_puzzles
from .grid import Grid
from .shape import Shape
from .solver import SearchLimitExceeded, count_solutions, solve

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

PROG = "sudoku-core"
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

DESCRIPTION = """\
Solve, count and check Sudoku puzzles of any box shape (4x4, 6x6, 9x9, 16x16 ... 64x64).

Puzzles are read from the FILEs named, or from standard input when there are none (or for '-').
A file may hold one puzzle per line (81 characters for 9x9; '.', '0', '-', 'x', '*' or '_' for an
empty cell), or puzzles drawn as blocks of rows (with or without '|' and '+---+' lines, separated
by blank lines or '#' comments), .sdk, .sdm, .ss and HoDoKu library files, or whitespace-separated
numbers (needed past 35x35). Letters stand for 10 and up (16x16: 1-9 then A-G).

Every command writes one result per puzzle to standard output, in input order. A puzzle that
cannot be read or solved is reported on standard error as 'FILE:line N: reason'.

exit status: 0 when every puzzle succeeded, 1 when any failed, 2 for a usage error."""

EPILOG = f"""\
examples:
  %(prog)s solve puzzles.txt             one solution line per puzzle
  echo {PUZZLE} | %(prog)s solve
  %(prog)s solve --format block grid.sdk draw the solution with box lines
  %(prog)s check puzzles.txt             unique / several / none / conflict / invalid
  %(prog)s count --limit 10 puzzle.txt   how many solutions, up to 10
  %(prog)s solve --shape 6x6:3x2 six.txt boxes of 3 rows and 2 columns

Run '%(prog)s COMMAND --help' for the options of one command."""

SOLVE_HELP = """\
Print one solution per puzzle, in input order (the first solution found, when there are several;
use 'check' to test uniqueness). A puzzle that cannot be read, has clashing givens, has no
solution or runs out of --max-nodes/--timeout is reported on standard error, and an EMPTY line is
printed in its place, so line K of the output always answers puzzle K."""

SOLVE_EPILOG = f"""\
examples:
  %(prog)s puzzles.txt > solutions.txt
  %(prog)s - < puzzles.txt
  %(prog)s --format block puzzle.sdk
  %(prog)s --timeout 2 hard.txt          give up on any puzzle after 2 seconds

output formats (--format):
  line   81 characters for 9x9 (the default)
  block  rows with '|' between boxes and '+-------+' lines; a blank line after each puzzle
  sdk    one row a line (.sdk); a blank line after each puzzle
  ss     Simple Sudoku (.ss) drawing; a blank line after each puzzle"""

COUNT_HELP = """\
Print how many solutions each puzzle has, counting no further than --limit: a number below the
limit is exact, and 'N+' means N or more (the count stopped at the limit). So with the default
--limit 2 the answers are 0, 1 or 2+. A puzzle with clashing givens has 0 solutions."""

COUNT_EPILOG = """\
examples:
  %(prog)s puzzles.txt                 0, 1 or 2+ per puzzle
  %(prog)s --limit 100 puzzle.txt      exact up to 99, else 100+"""

CHECK_HELP = """\
Print one verdict per puzzle, in input order:
  unique            exactly one solution
  several           two or more solutions
  none              no solution (the givens do not clash, but nothing fits)
  conflict: WHY     clashing givens, e.g. 'conflict: r1c1 and r1c5 are both 5 in row 1'
  invalid: WHY      the text is not a puzzle, e.g. "invalid: expected 81 cells, found 80"
  gave up: WHY      --max-nodes or --timeout ran out first
The exit status is 0 only when every puzzle is unique."""

CHECK_EPILOG = """\
examples:
  %(prog)s puzzles.txt
  %(prog)s --timeout 1 puzzles.txt | sort | uniq -c"""


class UsageError(Exception):
    """A problem with the command line or the files named: exit status 2."""


# -- argument parsing ---------------------------------------------------------------------------------
def _shape(text: str) -> Shape:
    try:
        return Shape.parse(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, not {text}")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the command line (exposed for documentation and tests)."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("files", nargs="*", metavar="FILE",
                        help="files of puzzles; standard input when none are given, or for '-'")
    common.add_argument("--shape", "--size", type=_shape, metavar="SHAPE",
                        help="the grid's shape when it cannot be guessed from the cell count: "
                             "9x9, 16 (a 16x16 grid), 2x3 (boxes of 2 rows and 3 columns), "
                             "6x6:3x2 (both). Default: inferred for each puzzle")
    common.add_argument("--max-nodes", type=_positive_int, metavar="N",
                        help="give up on a puzzle after N search nodes")
    common.add_argument("--timeout", type=_positive_seconds, metavar="SECONDS",
                        help="give up on a puzzle after this many seconds (e.g. 0.5)")

    parser = argparse.ArgumentParser(
        prog=PROG, description=DESCRIPTION, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    from . import __version__
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    commands.required = True

    solve_cmd = commands.add_parser(
        "solve", parents=[common], help="print one solution per puzzle",
        description=SOLVE_HELP, epilog=SOLVE_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    solve_cmd.add_argument("--format", choices=FORMATS, default="line",
                           help="how to write each solution (default: line)")
    count_cmd = commands.add_parser(
        "count", parents=[common], help="print the number of solutions of each puzzle",
        description=COUNT_HELP, epilog=COUNT_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    count_cmd.add_argument("--limit", type=_positive_int, default=2, metavar="N",
                           help="stop counting at N solutions (default: 2, enough to tell unique)")
    commands.add_parser(
        "check", parents=[common], help="print unique / several / none / conflict / invalid per puzzle",
        description=CHECK_HELP, epilog=CHECK_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    return parser


# -- reading ------------------------------------------------------------------------------------------
def _check_files(paths: list[str]) -> None:
    """Fail early, before any output, when a file named cannot be read."""
    for path in paths:
        if path == "-":
            continue
        if not os.path.exists(path):
            raise UsageError(f"cannot read {path!r}: no such file")
        if os.path.isdir(path):
            raise UsageError(f"cannot read {path!r}: it is a directory")
        if not os.access(path, os.R_OK):
            raise UsageError(f"cannot read {path!r}: permission denied")


def _stdin() -> TextIO:
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:  # already text (tests, embedding)
        return sys.stdin
    return io.TextIOWrapper(buffer, encoding="utf-8-sig", errors="replace")


def _sources(paths: list[str]) -> Iterator[tuple[str, TextIO]]:
    """(prefix for messages, open text) per input; files are opened one at a time."""
    for path in paths or ["-"]:
        if path == "-":
            yield "", _stdin()
            continue
        try:
            handle = open(path, encoding="utf-8-sig", errors="replace")
        except OSError as err:
            raise UsageError(f"cannot read {path!r}: {err.strerror or err}") from None
        with handle:
            yield f"{path}:", handle


# -- the commands -------------------------------------------------------------------------------------
class _Failed(Exception):
    """One puzzle failed; the message goes to standard error."""


def _budget(args: argparse.Namespace) -> dict:
    return {"max_nodes": args.max_nodes, "timeout": args.timeout}


def _gave_up(err: SearchLimitExceeded) -> str:
    text = str(err) or "the search limit ran out"
    return text if text.startswith("gave up") else f"gave up: {text}"


def _do_solve(grid: Grid, args: argparse.Namespace) -> str:
    clashes = grid.conflicts()
    if clashes:
        raise _Failed(f"clashing givens: {clashes[0].message}")
    try:
        solution = solve(grid, **_budget(args))
    except SearchLimitExceeded as err:
        raise _Failed(_gave_up(err)) from None
    if solution is None:
        raise _Failed("no solution")
    return format_grid(solution, args.format)


def _do_count(grid: Grid, args: argparse.Namespace) -> str:
    try:
        found = count_solutions(grid, args.limit, **_budget(args))
    except SearchLimitExceeded as err:
        raise _Failed(_gave_up(err)) from None
    return f"{found}+" if found >= args.limit else str(found)


def _verdict(grid: Grid, args: argparse.Namespace) -> str:
    clashes = grid.conflicts()
    if clashes:
        return f"conflict: {clashes[0].message}"
    try:
        found = count_solutions(grid, 2, **_budget(args))
    except SearchLimitExceeded as err:
        return _gave_up(err)
    return ("none", "unique", "several")[found]


def _run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    _check_files(args.files)
    status = EXIT_OK
    multi_line = args.command == "solve" and args.format != "line"
    handler: Callable[[Grid, argparse.Namespace], str] = {"solve": _do_solve, "count": _do_count}.get(
        args.command, _verdict)

    for prefix, handle in _sources(args.files):
        for number, item in parse_puzzles(handle, args.shape):
            if args.command == "check":
                verdict = f"invalid: {item}" if isinstance(item, ParseError) else _verdict(item, args)
                if verdict != "unique":
                    status = EXIT_FAILED
                out.write(verdict + "\n")
                continue
            try:
                if isinstance(item, ParseError):
                    raise _Failed(str(item) if item.line else f"line {number}: {item.reason}")
                text = handler(item, args)
            except _Failed as failure:
                status = EXIT_FAILED
                message = str(failure)
                if not message.startswith("line "):
                    message = f"line {number}: {message}"
                err.write(f"{prefix}{message}\n")
                text = ""
            out.write(text + ("\n\n" if multi_line and text else "\n"))
    out.flush()
    return status


def main(argv: "list[str] | None" = None) -> int:
    """Run the command line with `argv` (default: ``sys.argv[1:]``); returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # --help, --version, or a usage error already printed by argparse
        return exit_.code if isinstance(exit_.code, int) else EXIT_USAGE
    try:
        return _run(args, sys.stdout, sys.stderr)
    except UsageError as problem:
        sys.stderr.write(f"{PROG}: error: {problem}\n")
        return EXIT_USAGE
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, and keep Python from complaining
        # again when it flushes standard output at exit.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
            pass
        return EXIT_FAILED
    except KeyboardInterrupt:
        sys.stderr.write(f"{PROG}: interrupted\n")
        return EXIT_INTERRUPTED


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
