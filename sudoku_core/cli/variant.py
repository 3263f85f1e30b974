"""`solve`, `count`, `check`, `explain` and `rate` on variant puzzles: a file that holds one puzzle with its
rules (the text form of `variant_format`, or an f-puzzles / SudokuPad link or JSON) is answered here, by the
variant solver and the human-style logic under its rules; puzzle banks go on through `bulk` as before.

A variant file is recognised by its first 64 KB (a link, f-puzzles JSON, or a givens line followed by
``rules:``, ``regions:``, ``cage ...:`` lines), so a bank of millions is never read twice. Standard input is
read as a bank.

What the reader could not use is said beside the answer: its notes (drawings taken as decoration, the rules
text to check), whether the answer matches the setter's solution when the puzzle carries one, and, on
`solve`, that the puzzle has several solutions under the rules read. On standard error as ``FILE: ...``
lines, so that standard output keeps one answer a file; in ``--format json`` records as ``notes``,
``setterSolution`` ("matches" | "differs"), ``setterCells`` and ``several``.
"""
from __future__ import annotations

import argparse
import json
from typing import TextIO

from ..core.formats import ParseError, format_grid
from ..core.grid import Grid
from ..core.solver import SearchLimitExceeded
from ..core.verdict import Verdict
from ..formats.fpuzzles import FPuzzlesRead
from ..formats.variant_io import is_variant_text, read_variant_details, setter_verdict
from ..variants.rules import Rules
from ..variants.solver import count_solutions, solve_and_count

SNIFF = 65536


def is_variant_file(path: str) -> bool:
    """Does the file at `path` hold one variant puzzle (rather than a bank of classic ones)?"""
    if path == "-":
        return False
    try:
        with open(path, encoding="utf-8-sig", errors="replace") as handle:
            head = handle.read(SNIFF)
    except OSError:
        return False                          # the bank reader reports it
    return is_variant_text(head)


def run(args: argparse.Namespace, out: TextIO, err: TextIO, prog: str) -> int:
    """Answer each variant file named: one result a file, in order; problems as 'FILE: reason'."""
    failed = False
    for path in args.files:
        try:
            with open(path, encoding="utf-8-sig", errors="replace") as handle:
                read = read_variant_details(handle.read())
            record = _answer(args, read.grid, read.rules, path)
            _say_more(args, read, record)
        except ParseError as problem:
            record = {"status": Verdict.INVALID, "message": str(problem)}
        except OSError as problem:
            record = {"status": Verdict.INVALID, "message": f"cannot read it: {problem.strerror or problem}"}
        ok = record["status"] in (Verdict.SOLVED, Verdict.UNIQUE, "counted", "explained", "rated")
        failed |= not ok
        if not ok and args.command != "check":
            err.write(f"{path}: {record['message']}\n")
        if not _json(args):
            for sentence in record.get("said", []):
                err.write(f"{path}: {sentence}\n")
        _write(args, out, {k: v for k, v in record.items() if k not in ("said", "first")}, path)
    return 1 if failed else 0


def _say_more(args: argparse.Namespace, read: FPuzzlesRead, record: dict) -> None:
    """Add to `record` the reader's notes, the setter's verdict and "several solutions", as fields and as
    the sentences (`said`) written beside a line answer."""
    said = list(read.notes)
    if read.notes:
        record["notes"] = list(read.notes)
    ours = record.get("solution") or record.get("first")
    if read.solution is not None and ours is not None:
        verdict, cells, sentence = setter_verdict(read, ours)
        record.update(setterSolution=verdict, setterCells=cells)
        said.append(sentence)
    if args.command == "solve" and record.get("count", 0) > 1:
        record["several"] = True
        said.append("This puzzle has several solutions under the rules read; the one shown is the first found.")
    record["said"] = said


def _answer(args: argparse.Namespace, grid: Grid, rules: Rules, path: str) -> dict:
    clashes = rules.conflicts(grid)
    if clashes:
        return {"status": Verdict.CONFLICT, "message": "; ".join(c.message for c in clashes)}
    budget = {"max_nodes": args.max_nodes, "timeout": args.timeout}
    try:
        if args.command == "count":
            limit = args.limit
            count = count_solutions(grid, rules, limit, **budget)
            return {"status": "counted", "count": count, "limit": limit,
                    "message": f"{count}+" if count >= limit else str(count)}
        tally = solve_and_count(grid, rules, 2, **budget)
    except SearchLimitExceeded as why:
        return {"status": Verdict.GAVE_UP, "message": str(why)}
    if tally.first is None:
        if tally.gave_up is not None:
            return {"status": Verdict.GAVE_UP, "message": str(tally.gave_up)}
        return {"status": Verdict.NONE, "message": "no solution"}
    if args.command == "check":
        status = Verdict.of_count(tally.count)
        return {"status": status, "message": status, "count": tally.count, "first": tally.first}
    if args.command in ("explain", "rate"):
        if tally.count != 1:
            return {"status": Verdict.SEVERAL, "message": "several solutions: logic explains and rates only a puzzle "
                                                    "with exactly one"}
        from ..logic import rate  # only for these two commands
        from ..logic.commands import explain_one

        if args.command == "rate":
            rating = rate(grid, rules)
            return {"status": "rated", "message": str(rating), "rating": rating.to_dict()}
        return {"status": "explained", "message": explain_one(grid, path, _json(args), rules)}
    return {"status": Verdict.SOLVED, "solution": tally.first, "count": tally.count, "message": ""}


def _json(args: argparse.Namespace) -> bool:
    return getattr(args, "json", False) or getattr(args, "format", "line") == "json"


def _write(args: argparse.Namespace, out: TextIO, record: dict, path: str) -> None:
    fmt = getattr(args, "format", "line")
    if args.command == "explain":
        if record["status"] == "explained":  # (else the reason is on standard error)
            out.write(record["message"] + ("\n" if _json(args) else "\n\n"))
    elif args.command == "rate":
        if _json(args):
            out.write(json.dumps({"file": path, **record.get("rating", {"message": record["message"]})}) + "\n")
        else:  # line K of the output answers file K
            out.write((record["message"] if record["status"] == "rated" else "") + "\n")
    elif fmt == "json":
        data = {"file": path, **{k: v for k, v in record.items() if k != "solution"}}
        if "solution" in record:
            data["solution"] = record["solution"].to_line()
        out.write(json.dumps(data) + "\n")
    elif args.command == "solve":
        grid = record.get("solution")
        out.write((format_grid(grid, fmt if fmt in ("line", "block", "sdk", "ss") else "line") if grid else "") + "\n")
    elif args.command == "count":
        out.write((record["message"] if record["status"] == "counted" else "") + "\n")
    else:
        status = record["status"]
        out.write(status if status in (Verdict.UNIQUE, Verdict.SEVERAL, Verdict.NONE) else f"{status}: {record['message']}")
        out.write("\n")
