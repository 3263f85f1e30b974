"""What the bank pipeline's modules share (`bulk`, and `logic`, `on_dask`, `resume` beside it):
its errors, the settings of a run and a chunk's rendered results. Kept apart so that those modules import
this one, not each other."""
from __future__ import annotations

from dataclasses import dataclass, field


class UsageError(Exception):
    """A problem with the command line or the files named (exit status 2)."""


class RunError(Exception):
    """The run cannot go on (a Dask cluster lost, say): reported in a sentence, exit status 1."""


@dataclass
class Settings:
    command: str  # solve, count, check, rate, explain
    limit: int
    engine: str  # auto, scalar, batch
    shape: "tuple[int, int] | None"
    max_nodes: "int | None"
    timeout: "float | None"
    fmt: str  # one of OUTPUT_FORMATS
    column: "str | None" = None  # the CSV column holding the puzzles
    name_field: bool = False  # json/csv output names the file (set when several are read)
    #: rate: which puzzles to keep, a `bank_logic.Filters` (not imported: bank_logic imports this module)
    filters: "object | None" = None


@dataclass
class Rendered:
    """A chunk's results as text for standard output and error, and its tally."""

    out: str = ""
    err: str = ""
    #: puzzles, solved (rated, made...), unique, several, none, bad, gave up, left out by a filter
    counts: "list[int]" = field(default_factory=lambda: [0] * 8)
    failed: bool = False
    last: "int | None" = None  # the line (or the puzzle number, for generate) of the last result
    stopped: bool = False  # interrupted before the end of the chunk
    halt: bool = False  # a failure that ends the run (generate)


class Collect:
    """A file-like `write` into a list (for csv.writer)."""

    def __init__(self, parts: list[str]) -> None:
        self.write = parts.append
