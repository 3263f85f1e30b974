"""The command line: ``python -m sudoku_core solve|count|check [FILE ...]`` (also ``sudoku-core``).

Each command reads puzzles from the files named (standard input when none, or for ``-``) in any
format `sudoku_core.core.formats` reads, and writes one result per puzzle to standard output, in order.
Problems go to standard error as ``FILE:line N: reason`` (``line N: reason`` for standard input).
Exit status: 0 when every puzzle succeeded, 1 when any failed, 2 for a usage error (a bad option,
a missing file), 130 when interrupted.
"""
from __future__ import annotations

import argparse
import io
import json
import os
import sys
from typing import TextIO

from ..bank import bulk
from ..core.formats import FORMATS
from .arguments import positive_seconds, shape_arg, whole_number

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
numbers (needed past 35x35). Letters stand for 10 and up (16x16: 1-9 then A-G). A file may also
hold one variant puzzle (Killer, Jigsaw, X, Windoku, anti-knight/king): its givens line followed by
'rules:', 'regions:' and 'cage 15: r1c1 r1c2' lines, or an f-puzzles/SudokuPad link or JSON (see
docs/variants.md); each such file gets one answer.

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
  %(prog)s generate --level hard         a new puzzle with one solution, rated hard
  %(prog)s solve -j 2 -o out.txt sudoku.csv.gz
                                         a puzzle bank (Kaggle CSV, gzip): 2 processes, to a file

Run '%(prog)s COMMAND --help' for the options of one command."""

SOLVE_HELP = """\
Print one solution per puzzle, in input order (the first solution found, when there are several;
use 'check' to test uniqueness). A puzzle that cannot be read, has clashing givens, has no
solution or runs out of --max-nodes/--timeout is reported on standard error, and an EMPTY line is
printed in its place, so line K of the output always answers puzzle K."""

SOLVE_EPILOG = """\
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
def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the command line (exposed for documentation and tests)."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("files", nargs="*", metavar="FILE",
                        help="files of puzzles; standard input when none are given, or for '-'")
    common.add_argument("--shape", "--size", type=shape_arg, metavar="SHAPE",
                        help="the grid's shape when it cannot be guessed from the cell count: "
                             "9x9, 16 (a 16x16 grid), 2x3 (boxes of 2 rows and 3 columns), "
                             "6x6:3x2 (both). Default: inferred for each puzzle")
    common.add_argument("--max-nodes", type=whole_number(1), metavar="N",
                        help="give up on a puzzle after N search nodes")
    common.add_argument("--timeout", type=positive_seconds, metavar="SECONDS",
                        help="give up on a puzzle after this many seconds (e.g. 0.5)")
    banks = argparse.ArgumentParser(add_help=False)  # solve, count and check
    bank = banks.add_argument_group("puzzle banks (see sudoku_core.bank.bulk)")
    bank.add_argument("--engine", choices=("auto", "scalar", "batch"), default="auto",
                      help="scalar: the pure-Python engine; batch: the numpy engine (pip install "
                           "'sudoku-core[batch]'); auto (default): batch for big inputs when numpy is "
                           "installed. The answers are the same")
    add_bank_options(bank)

    parser = argparse.ArgumentParser(
        prog=PROG, description=DESCRIPTION, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    from .. import __version__
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    commands.required = True

    solve_cmd = commands.add_parser(
        "solve", parents=[common, banks], help="print one solution per puzzle",
        description=SOLVE_HELP, epilog=SOLVE_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    solve_cmd.add_argument("--format", choices=FORMATS + ("json", "csv"), default="line",
                           help="how to write each solution (default: line); json and csv write one "
                                "record per puzzle: line, status, count, solution, time, message")
    count_cmd = commands.add_parser(
        "count", parents=[common, banks], help="print the number of solutions of each puzzle",
        description=COUNT_HELP, epilog=COUNT_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    count_cmd.add_argument("--limit", type=whole_number(1), default=2, metavar="N",
                           help="stop counting at N solutions (default: 2, enough to tell unique)")
    check_cmd = commands.add_parser(
        "check", parents=[common, banks], help="print unique / several / none / conflict / invalid per puzzle",
        description=CHECK_HELP, epilog=CHECK_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    for cmd in (count_cmd, check_cmd):
        cmd.add_argument("--format", choices=("line", "json", "csv"), default="line",
                         help="line (default), or one json/csv record per puzzle")
    from ..logic import commands as logic_commands  # explain, rate

    logic_commands.add_parsers(commands, common)
    for name in ("rate", "explain"):
        cmd = commands.choices[name]
        cmd.add_argument("--format", choices=("line", "json", "csv"), default="line",
                         help="line (default), or one json/csv record per puzzle" +
                              (" (--json is --format json)" if name == "explain" else ""))
        add_bank_options(cmd.add_argument_group("puzzle banks (see sudoku_core.bank.bulk)"))
    from ..bank.logic import add_filter_options

    add_filter_options(commands.choices["rate"])
    from . import generate as generate_cli  # generate

    add_bank_options(generate_cli.add_parser(commands).add_argument_group(
        "many puzzles (see sudoku_core.bank.generate)"), inputs=False)
    return parser


def add_bank_options(group, inputs: bool = True) -> None:
    """The options every bank command shares (`generate` reads no input, so it has no --column)."""
    group.add_argument("--jobs", "-j", type=whole_number(1), default=1, metavar="N",
                       help="work in N processes of this machine; the output stays in input order")
    group.add_argument("--scheduler", metavar="ADDRESS",
                       help="work on a Dask cluster: the scheduler's address (tcp://host:8786), or local:N "
                            "to start N worker processes here (pip install 'sudoku-core[dask]'); the "
                            "output is the same, in the same order")
    if inputs:
        group.add_argument("--column", metavar="NAME",
                           help="the CSV column holding the puzzles (default: quizzes, puzzle, ... as in "
                                "Kaggle's sets); files may be gzip, bzip2 or xz compressed")
    group.add_argument("--output", "-o", metavar="FILE", help="write the results to FILE, not standard output")
    group.add_argument("--resume", action="store_true",
                       help="with --output: go on from the last chunk an interrupted run wrote to FILE")
    group.add_argument("--summary", action="store_true",
                       help="end with a summary line on standard error (always shown on a terminal)")


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


# -- the commands -------------------------------------------------------------------------------------
def _run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Read, solve and write in chunks, in input order (`sudoku_core.bank.bulk` does the work)."""
    if args.command == "generate":  # reads no puzzles: sudoku_core.cli.generate
        from . import generate as generate_cli

        return with_output(args, out, lambda target, checkpoint: generate_cli.run(args, target, err, PROG,
                                                                                  checkpoint))
    _check_files(args.files)
    if args.command in ("solve", "count", "check", "explain", "rate"):
        from . import variant as variant_cli

        variants = [variant_cli.is_variant_file(path) for path in args.files]
        if any(variants):
            if not all(variants):
                raise UsageError("a variant puzzle file (rules, cages, regions or an f-puzzles link) cannot be "
                                 "read in one run with classic puzzle files: name them in separate runs")
            return variant_cli.run(args, out, err, PROG)
    shape = (args.shape.box_rows, args.shape.box_cols) if args.shape else None
    fmt = "json" if getattr(args, "json", False) else args.format
    settings = bulk.Settings(args.command, getattr(args, "limit", 2), getattr(args, "engine", "scalar"), shape,
                             args.max_nodes, args.timeout, fmt, args.column)
    if args.command == "rate":
        from ..bank.logic import filters_from

        settings.filters = filters_from(args)
        if settings.filters is not None:
            settings.filters.check()  # before the output file is opened
    return with_output(args, out, lambda target, checkpoint: bulk.run(
        args.files, settings, target, err, jobs=args.jobs, scheduler=args.scheduler,
        summary=True if args.summary else None, prog=PROG, checkpoint=checkpoint))


#: Options that change how a run goes, not what it writes: a resumed run may change them.
_HOW = {"jobs", "scheduler", "resume", "summary", "output", "engine", "progress"}


def with_output(args: argparse.Namespace, out: TextIO, run) -> int:
    """run(target, checkpoint) with standard output, or with the --output file and its checkpoint
    (`sudoku_core.bank.resume`), continuing an interrupted run with --resume."""
    if not args.output:
        if args.resume:
            raise UsageError("--resume needs --output FILE: the file an interrupted run was writing")
        return run(out, None)
    from ..bank import resume as bank_resume

    identity = json.loads(json.dumps({k: v for k, v in vars(args).items() if k not in _HOW}, default=str))
    target, checkpoint = bank_resume.open_output(args.output, identity, args.resume)
    with target:
        return run(target, checkpoint)


def main(argv: "list[str] | None" = None) -> int:
    """Run the command line with `argv` (default: ``sys.argv[1:]``); returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # --help, --version, or a usage error already printed by argparse
        return exit_.code if isinstance(exit_.code, int) else EXIT_USAGE
    try:
        return _run(args, sys.stdout, sys.stderr)
    except (UsageError, bulk.UsageError) as problem:
        sys.stderr.write(f"{PROG}: error: {problem}\n")
        return EXIT_USAGE
    except bulk.RunError as problem:
        sys.stderr.write(f"{PROG}: error: {problem}\n")
        return EXIT_FAILED
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
