"""The `explain` and `rate` subcommands of the command line (registered by `sudoku_core.cli`).

    python -m sudoku_core explain [--json] [FILE ...]   the steps of each puzzle
    python -m sudoku_core rate [FILE ...]               score<TAB>level<TAB>hardest technique

Input, error reporting and exit statuses follow the other commands: puzzles from the files (standard
input when none), problems on standard error as `FILE:line N: reason`, the other puzzles still
processed, exit status 1 when any puzzle failed.
"""
from __future__ import annotations

import argparse
import json
from typing import TextIO

from ..formats import ParseError, parse_puzzles
from ..grid import Grid
from ..solver import SearchLimitExceeded, count_solutions
from .diagnose import diagnose
from .path import RATING_ORDER, solve_path
from .rating import rate

EXPLAIN_HELP = """\
Print the steps a person could take to solve each puzzle, easiest technique first, one sentence a
step (cells named r1c1). When no technique applies the steps stop there, marked 'needs guessing'.
With --json, print one JSON object per puzzle per line, each step in the form the web page gets
(cells as indices from 0, row by row; fields in docs/engine-js.md):
  {"line": N, "status": "solved", "solved": true, "grid": "<the end position>",
   "steps": [{"technique": "...", "text": "...", "placements": [{"cell": 39, "digit": 7}],
              "eliminations": [{"cell": 1, "digit": 3}], "cells": [...], "units": [...], ...}]}"""

RATE_HELP = """\
Print one line per puzzle: the score on Sudoku Explainer's scale (the hardest step needed, cheapest
steps first), the level (Easy, Medium, Hard, Unfair, Extreme) and the hardest technique, separated
by tabs. A puzzle that logic alone cannot finish is rated 10.0, Extreme, 'needs guessing'."""


def add_parsers(commands, common: argparse.ArgumentParser) -> None:
    explain = commands.add_parser("explain", parents=[common], help="print the logical steps of each puzzle",
                                  description=EXPLAIN_HELP,
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
    explain.add_argument("--json", action="store_true", help="one JSON object per puzzle per line")
    commands.add_parser("rate", parents=[common], help="print score, level and hardest technique per puzzle",
                        description=RATE_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)


class PuzzleFailed(Exception):
    pass


def _check(grid: Grid, args) -> None:
    """Refuse puzzles without exactly one solution, saying why."""
    try:
        found = count_solutions(grid, 2, max_nodes=getattr(args, "max_nodes", None),
                                timeout=getattr(args, "timeout", None))
    except SearchLimitExceeded:
        raise PuzzleFailed("gave up: the search limit ran out") from None
    if found != 1:
        raise PuzzleFailed(diagnose(grid).message)


def explain_one(grid: Grid, number: int, as_json: bool) -> str:
    path = solve_path(grid, unique=True)
    if as_json:
        return json.dumps({"line": number, **path.to_dict()}, ensure_ascii=False)
    lines = [f"line {number}: {len(path.steps)} steps, {path.status}"]
    width = len(str(len(path.steps)))
    for k, step in enumerate(path.steps, 1):
        lines.append(f"  {k:>{width}}. {step.text}")
    if not path.solved:
        lines.append(f"  stopped: {path.status} (no technique applies)")
    return "\n".join(lines)


def rate_one(grid: Grid) -> str:
    rating = rate(grid)
    return str(rating)


def run(args, out: TextIO, err: TextIO, sources) -> int:
    """Run `explain` or `rate` over the puzzles of `sources` ((prefix, text) pairs)."""
    status = 0
    as_json = getattr(args, "json", False)
    for prefix, handle in sources:
        for number, item in parse_puzzles(handle, args.shape):
            try:
                if isinstance(item, ParseError):
                    raise PuzzleFailed(str(item) if item.line else f"line {number}: {item.reason}")
                _check(item, args)
                if args.command == "rate":
                    text = rate_one(item)
                else:
                    text = explain_one(item, number, as_json)
            except PuzzleFailed as failure:
                status = 1
                message = str(failure)
                if not message.startswith("line "):
                    message = f"line {number}: {message}"
                err.write(f"{prefix}{message}\n")
                if args.command == "rate":
                    out.write("\n")  # line K of the output answers puzzle K
                continue
            out.write(text + "\n")
            if args.command == "explain" and not as_json:
                out.write("\n")
    out.flush()
    return status


__all__ = ["add_parsers", "run", "explain_one", "rate_one", "RATING_ORDER"]
