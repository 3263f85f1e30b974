"""`generate --count N` through the bank pipeline (`sudoku_core.bank.bulk.drive`): puzzles made in chunks in
this process, in --jobs processes or on a Dask cluster (--scheduler), written in order, with progress,
the summary, --output and --resume. With --seed, puzzle K uses seed S+K wherever it is made, so the
output is the same whatever runs it; without, each puzzle draws a fresh seed.

A puzzle that cannot be made (a level not reached in time, a time-out) ends the run there with exit
status 1, the puzzles before it written, as a one-core run always has.
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from typing import Callable, Iterator, TextIO

from .bulk import Rendered, drive, executor

#: Puzzles per chunk: one to a few seconds of work at a level, a fraction of a second without.
CHUNK, LEVEL_CHUNK = 16, 2


@dataclass
class GenerateSettings:
    args: argparse.Namespace
    prog: str
    #: puzzle k (from 0) of the run as its --format writes it (generate_cli.make_text: passed in, as
    #: generate_cli imports this module; a module-level function, so it pickles for worker processes)
    make_text: "Callable[[argparse.Namespace, int, TextIO], str]"
    command: str = "generate"


class Indices:
    """The puzzle numbers of the run as jobs (first index, how many): a source for `drive`."""

    name, unit, error = "", "puzzle", None

    def __init__(self, count: int, size: int) -> None:
        self.count, self.size = count, size

    def open(self) -> None:
        pass

    def jobs(self, after: int = 0) -> Iterator[tuple[int, int]]:
        for first in range(after, self.count, self.size):
            yield first, min(self.size, self.count - first)

    def fraction(self, done: int) -> float:
        return done / self.count

    def close(self) -> None:
        pass


def make_chunk(job: "tuple[int, int]", settings: GenerateSettings, name: str = "") -> Rendered:
    """Make puzzles job[0] .. job[0] + job[1] - 1 (in a worker, or here) and render them."""
    from ..generator.classic import GenerationError

    first, count = job
    r = Rendered()
    out: list[str] = []
    for k in range(first, first + count):
        try:
            out.append(settings.make_text(settings.args, k, sys.stderr))
        except KeyboardInterrupt:
            r.stopped = True
            break
        except GenerationError as problem:
            r.err = f"{settings.prog} generate: puzzle {k + 1}: {problem}\n"
            r.counts[0] += 1
            r.failed = r.halt = True
            break
        r.counts[0] += 1
        r.counts[1] += 1
        r.last = k + 1
    r.out = "".join(out)
    return r


def run(args: argparse.Namespace, out: TextIO, err: TextIO, prog: str,
        make_text: "Callable[[argparse.Namespace, int, TextIO], str]", csv_columns: "list[str]",
        checkpoint=None) -> int:
    """Make and write `args.count` puzzles with `make_text`; returns the exit status (0, 1 when one could
    not be made, 130 when interrupted)."""
    size = LEVEL_CHUNK if args.level is not None else CHUNK
    header = ",".join(csv_columns) + "\n" if args.format == "csv" else ""
    pool = executor(getattr(args, "jobs", 1), getattr(args, "scheduler", None))
    # The per-puzzle --progress lines and the run's progress line would overwrite each other.
    return drive([Indices(args.count, size)], make_chunk, GenerateSettings(args, prog, make_text), out, err, pool,
                 header=header, summary=True if getattr(args, "summary", False) else None,
                 progress=False if args.progress else None, prog=prog, checkpoint=checkpoint)
