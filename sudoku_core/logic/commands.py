"""The `explain` and `rate` subcommands of the command line (registered by `sudoku_core.cli`).

    python -m sudoku_core explain [--json] [FILE ...]   the steps of each puzzle
    python -m sudoku_core rate [FILE ...]               score<TAB>level<TAB>hardest technique

Both run through the bank pipeline of the other commands (`sudoku_core.bank.bulk`, with the chunk work in
`sudoku_core.bank.logic`): puzzles from the files (standard input when none; gzip/bzip2/xz and CSV
too), problems on standard error as `FILE:line N: reason`, the other puzzles still processed, exit
status 1 when any puzzle failed; --jobs, --scheduler, --format, --output and --resume as for `solve`.
"""
from __future__ import annotations

import argparse
import json

from ..core.grid import Grid
from .path import RATING_ORDER, solve_path

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


def explain_one(grid: Grid, number: "int | str", as_json: bool, rules=None) -> str:
    """The steps of one puzzle known to be unique (under variant `rules`, when given), labelled "line N",
    or with a file's name when `number` is text (a variant file holds one puzzle)."""
    path = solve_path(grid, unique=True, rules=rules)
    where = {"line": number} if isinstance(number, int) else {"file": number}
    if as_json:
        return json.dumps({**where, **path.to_dict()}, ensure_ascii=False)
    label = f"line {number}" if isinstance(number, int) else number
    lines = [f"{label}: {len(path.steps)} steps, {path.status}"]
    width = len(str(len(path.steps)))
    for k, step in enumerate(path.steps, 1):
        lines.append(f"  {k:>{width}}. {step.text}")
    if not path.solved:
        lines.append(f"  stopped: {path.status} (no technique applies)")
    return "\n".join(lines)


__all__ = ["add_parsers", "explain_one", "RATING_ORDER"]
