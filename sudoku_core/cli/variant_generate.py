"""`sudoku-core generate --variant ...`: variant puzzles (sudoku_core.generator.variants) on the command line.

Formats: `text` (default): each puzzle in the variant text form (`variant_format.write_variant`) under a
comment naming it, puzzles separated by a blank line, so a file of one puzzle reads back with
`sudoku-core solve FILE`; `fpuzzles` / `sudokupad`: one link a line; `sudokuwiki`: one SudokuWiki Killer
link a line (9x9 Killers without givens only); `json`: one object a line, `{givens, rules, solution, ...}`
(`VariantPuzzle.to_dict`).
"""
from __future__ import annotations

import argparse
import json
from typing import Any, Callable, TextIO

from ..formats.fpuzzles import fpuzzles_link, sudokupad_link
from ..formats.sudokuwiki import sudokuwiki_killer_link
from ..formats.variant_text import write_variant
from ..generator.classic import GenerationError, RaterUnavailable
from ..generator.variants import VariantPuzzle, generate_variant, variant_names

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
#: --format values for variant puzzles (the classic ones draw grids without their rules).
FORMATS = ("text", "fpuzzles", "sudokupad", "sudokuwiki", "json")


def variant_arg(text: str) -> "tuple[str, ...]":
    """argparse type of --variant: the names, or a usage error naming the choices."""
    try:
        return variant_names(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _write(made: VariantPuzzle, fmt: str, first: bool, out: TextIO) -> None:
    if fmt == "json":
        out.write(json.dumps(made.to_dict()) + "\n")
    elif fmt == "fpuzzles":
        out.write(fpuzzles_link(made.givens, made.rules) + "\n")
    elif fmt == "sudokupad":
        out.write(sudokupad_link(made.givens, made.rules) + "\n")
    elif fmt == "sudokuwiki":
        out.write(sudokuwiki_killer_link(made.givens, made.rules) + "\n")  # `run` checked it can hold them
    else:
        out.write(("" if first else "\n") + f"# {'+'.join(made.variants)} {made.givens.shape.name}, seed {made.seed}\n"
                  + write_variant(made.givens, made.rules))


def run(args: argparse.Namespace, out: TextIO, err: TextIO, prog: str,
        progress_printer: "Callable[[TextIO, int], Callable[[Any], None]]") -> int:
    """Make and print `args.count` variant puzzles; returns the exit status."""
    fmt = args.format or "text"
    if fmt not in FORMATS:
        err.write(f"{prog} generate: error: --format {fmt} draws a classic grid without its rules; "
                  f"with --variant choose {', '.join(FORMATS)}\n")
        return EXIT_USAGE
    if fmt == "sudokuwiki" and (variant_names(args.variant) != ("killer",) or args.givens or args.size.side != 9):
        err.write(f"{prog} generate: error: --format sudokuwiki writes SudokuWiki's Killer links, which hold "
                  "9x9 Killer cages and nothing else: use it with --variant killer, 9x9, and no --givens\n")
        return EXIT_USAGE
    for k in range(args.count):
        seed = None if args.seed is None else args.seed + k
        try:
            made = generate_variant(args.variant, args.size, seed=seed, symmetry=args.symmetry,
                                    minimal=args.minimal, givens=args.givens or 0, level=args.level,
                                    timeout=args.timeout,
                                    progress=progress_printer(err, k + 1) if args.progress else None)
        except (ValueError, RaterUnavailable) as problem:  # options no puzzle can meet
            err.write(f"{prog} generate: error: {problem}\n")
            return EXIT_USAGE
        except GenerationError as problem:
            if args.progress:
                err.write("\n")
            err.write(f"{prog} generate: puzzle {k + 1}: {problem}\n")
            return EXIT_FAILED
        if args.progress:
            err.write("\n")
        _write(made, fmt, k == 0, out)
        out.flush()
    return EXIT_OK
