"""The `generate` subcommand of the command line (registered by `sudoku_core.cli`).

    python -m sudoku_core generate [--size 9x9] [--level hard] [--symmetry rotate180] [--count N]
                                   [--seed S] [--format line|block|sdk|ss|json] [--timeout S]

One puzzle per line by default (n*n characters, '.' for empty); `--format json` writes one JSON object
a line with the puzzle, its solution, the seed that makes it again, the rating and the time.
"""
from __future__ import annotations

import argparse
import csv
import io
import json
from typing import TextIO

from ..core.formats import FORMATS, format_grid
from .arguments import positive_seconds, shape_arg, whole_number
from ..generator.classic import (
    LEVELS, SYMMETRIES, Progress, RaterUnavailable, generate_details, level_target, rater, symmetry_name,
)
from ..core.shape import Shape

EXIT_USAGE = 2

HELP = """\
Print new puzzles, each with exactly one solution (proved by the engine before it is printed).
By default each puzzle is minimal: no given can be removed without losing uniqueness.

With --seed the same command prints the same puzzles on every machine; puzzle K (from 0) of
--count N uses seed S+K, so `--seed S+K --count 1` makes it again. Without --seed a fresh seed is
drawn for each puzzle (shown with --format json).

--level needs the human-style rater (sudoku_core.logic): puzzles are made and rated until one
matches, for up to --timeout seconds each (default 60); when none matches in time the command
says so on standard error and exits with status 1, instead of printing a puzzle of another level."""

EPILOG = """\
examples:
  %(prog)s                                  one 9x9 puzzle
  %(prog)s --count 20 --size 6x6 --seed 1   a sheet of 6x6 puzzles, the same every time
  %(prog)s --level hard --symmetry rotate180
  %(prog)s --level 3.0-4.5 --format json    a score range on Sudoku Explainer's scale
  %(prog)s --size 16x16 --format block
  %(prog)s --variant killer --count 5 --seed 1     Killer puzzles in the variant text form
  %(prog)s --variant jigsaw,x --size 6x6 --format sudokupad

sizes past 25x25 take longer and keep more givens (see docs/generate.md).
exit status: 0 when every puzzle was made, 1 when one could not be (level not reached in time,
time limit), 2 for a usage error."""


def _level(text: str) -> str:
    try:
        level_target(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    return text


def _symmetry(text: str) -> str:
    try:
        return symmetry_name(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _variant(text: str) -> "tuple[str, ...]":
    from .variant_generate import variant_arg  # loaded only when --variant is given
    return variant_arg(text)


def add_parser(commands) -> argparse.ArgumentParser:
    """Register `generate` on the subcommands of the main parser."""
    cmd = commands.add_parser("generate", help="print new puzzles with exactly one solution",
                              description=HELP, epilog=EPILOG,
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    cmd.add_argument("--size", "--shape", type=shape_arg, default=Shape.parse("9x9"), metavar="SIZE",
                     help="9x9 (default), 4x4, 6x6, 16x16, 25x25 ... 64x64, or 6x6:3x2 for boxes of 3 rows "
                          "and 2 columns")
    cmd.add_argument("--level", type=_level, metavar="LEVEL",
                     help=f"{', '.join(w.lower() for w in LEVELS)}, or a score range such as 2.0-4.5")
    cmd.add_argument("--symmetry", type=_symmetry, default="none", metavar="SYMMETRY",
                     help=f"where the givens stand: {', '.join(SYMMETRIES)} (default: none)")
    cmd.add_argument("--count", "-n", type=whole_number(1), default=1, metavar="N", help="how many puzzles (default 1)")
    cmd.add_argument("--seed", type=whole_number(0), metavar="S", help="make the same puzzles again (a whole number)")
    cmd.add_argument("--format", choices=FORMATS + ("json", "csv", "text", "fpuzzles", "sudokupad", "sudokuwiki"),
                     help="line (default), block, sdk, ss, or json/csv: one record a line with puzzle, "
                          "solution, seed, rating and time; with --variant: text (default), fpuzzles, "
                          "sudokupad, sudokuwiki (links; sudokuwiki: 9x9 Killers) or json")
    cmd.add_argument("--timeout", type=positive_seconds, metavar="SECONDS",
                     help="give up on a puzzle after this many seconds (default: none, or 60 with --level)")
    cmd.add_argument("--no-minimal", dest="minimal", action="store_false",
                     help="faster and more givens: remove only givens the others force (the puzzle then "
                          "solves with singles alone)")
    cmd.add_argument("--progress", action="store_true", help="show progress on standard error")
    cmd.add_argument("--variant", type=_variant, metavar="VARIANT",
                     help="killer, jigsaw, x, windoku, anti-knight, anti-king, thermometer, arrow, kropki, xv, "
                          "comma-separated to combine "
                          "(4x4 to 9x9; windoku 9x9 only); see docs/variants.md")
    cmd.add_argument("--givens", type=whole_number(0), metavar="N",
                     help="with --variant killer: show at least N givens (default: none, the cages alone)")
    return cmd


def _progress_printer(err: TextIO, number: int):
    def show(p: Progress) -> None:
        if p.stage == "remove" and (p.done == p.total or p.done % max(1, p.total // 20) == 0):
            err.write(f"\rpuzzle {number}, try {p.attempt}: {p.done}/{p.total} tried, {p.givens} givens "
                      f"({p.elapsed:.1f} s)")
            err.flush()
        elif p.stage == "rate":
            err.write(f"\rpuzzle {number}, try {p.attempt}: rated {p.level}{' ' * 30}\n")
            err.flush()
    return show


def _rating_available() -> bool:
    try:
        rater()
        return True
    except RaterUnavailable:
        return False


def run(args: argparse.Namespace, out: TextIO, err: TextIO, prog: str = "sudoku-core", checkpoint=None) -> int:
    """Make and print `args.count` puzzles, in order, through the bank pipeline (`sudoku_core.bank.generate`:
    --jobs, --scheduler, --output, --resume); returns the exit status."""
    if args.variant is not None:
        from . import variant_generate as variant_generate_cli  # variant puzzles: their modules load only when asked for
        return variant_generate_cli.run(args, out, err, prog, _progress_printer)
    if args.format in ("text", "fpuzzles", "sudokupad", "sudokuwiki") or args.givens is not None:
        option = "--givens" if args.givens is not None else f"--format {args.format}"
        err.write(f"{prog} generate: error: {option} is for variant puzzles: add --variant\n")
        return EXIT_USAGE
    args.format = args.format or "line"
    if args.level is not None:
        try:
            rater()
        except RaterUnavailable as problem:
            err.write(f"{prog} generate: error: {problem}\n")
            return EXIT_USAGE
    from ..bank import generate as bank_generate

    return bank_generate.run(args, out, err, prog, make_text, CSV_COLUMNS, checkpoint)


CSV_COLUMNS = ["puzzle", "solution", "size", "seed", "symmetry", "givens", "minimal", "score", "level",
               "hardest", "attempts", "time"]


def make_text(args: argparse.Namespace, k: int, err: TextIO) -> str:
    """Puzzle `k` (from 0) of the run, as its --format writes it; raises GenerationError (or a subclass)
    when it cannot be made."""
    # JSON lines carry a rating whenever the rater works (9x9 only: it is slow on big grids).
    rate = args.format in ("json", "csv") and args.level is None and args.size.side <= 9 and _rating_available()
    seed = None if args.seed is None else args.seed + k
    try:
        made = generate_details(args.size, level=args.level, symmetry=args.symmetry, seed=seed,
                                minimal=args.minimal, timeout=args.timeout, rate=rate,
                                progress=_progress_printer(err, k + 1) if args.progress else None)
    finally:
        if args.progress:
            err.write("\n")
    if args.format == "json":
        return json.dumps(made.to_dict()) + "\n"
    if args.format == "csv":
        record = made.to_dict()
        rating = record.pop("rating") or {}
        record.update((key, rating.get(key)) for key in ("score", "level", "hardest"))
        row = io.StringIO()
        csv.writer(row, lineterminator="\n").writerow(["" if record[k] is None else record[k] for k in CSV_COLUMNS])
        return row.getvalue()
    if args.format == "line":
        return format_grid(made.puzzle, "line") + "\n"
    return format_grid(made.puzzle, args.format) + "\n\n"
