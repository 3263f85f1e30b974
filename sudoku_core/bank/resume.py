"""``--resume``: a bank run that writes to ``--output FILE`` keeps ``FILE.resume`` beside it, one JSON line
per chunk written (which input, the last line answered, the output's size then, the tally so far), and
removes it when the run ends. A run stopped any way (Ctrl-C, a kill, a lost machine) and started again
with ``--resume`` cuts the output back to the last chunk recorded and goes on after its line, so the
file ends as an uninterrupted run would have written it.

The first line of ``FILE.resume`` names the run (command, files, options): a resume with other options
is refused rather than mixing two runs in one file.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import TextIO

from .common import UsageError

SUFFIX = ".resume"


@dataclass(frozen=True)
class Start:
    """Where a resumed run starts: input `source` (an index) after its line `line`, with the tally so far."""

    source: int
    line: int
    size: int
    counts: "list[int]"


class Checkpoint:
    """Records each chunk written to the output at `path`; `start` is where a resumed run begins (None
    for a fresh run)."""

    def __init__(self, path: str, identity: dict, start: "Start | None") -> None:
        self.path, self.identity, self.start = path, identity, start
        self.out: "TextIO | None" = None
        self.log: "TextIO | None" = None

    def begin(self, out: TextIO) -> None:
        self.out = out
        out.flush()
        self.log = open(self.path + SUFFIX, "a" if self.start is not None else "w", encoding="utf-8")
        if self.start is None:
            self._write({"run": self.identity})
            self.record(0, 0, [0] * 8)  # the header, if any, is the part kept by a resume before any chunk

    def record(self, source: int, line: int, counts: "list[int]") -> None:
        """After a chunk is written (and flushed): the output holds everything up to `line` of `source`."""
        size = os.fstat(self.out.fileno()).st_size
        self._write({"source": source, "line": line, "size": size, "counts": counts})

    def _write(self, record: dict) -> None:
        self.log.write(json.dumps(record) + "\n")
        self.log.flush()

    def finish(self) -> None:
        """The run is complete: nothing to resume."""
        self.close()
        try:
            os.remove(self.path + SUFFIX)
        except FileNotFoundError:
            pass

    def close(self) -> None:
        if self.log is not None:
            self.log.close()
            self.log = None


def _load(path: str, identity: dict) -> "Start | None":
    """The last complete record of `path`'s log, or None when there is no log and nothing to keep."""
    log = path + SUFFIX
    try:
        with open(log, encoding="utf-8") as handle:
            lines = handle.read().split("\n")
    except FileNotFoundError:
        if os.path.exists(path) and os.path.getsize(path) > 0:
            raise UsageError(f"nothing to resume: {path!r} has no {os.path.basename(log)!r} beside it "
                             "(the run that wrote it finished); name another --output") from None
        return None
    except OSError as problem:
        raise UsageError(f"cannot read {log!r}: {problem.strerror or problem}") from None
    records = []
    for line in lines:  # a line cut short by a kill mid-write is skipped
        try:
            records.append(json.loads(line))
        except ValueError:
            continue
    if not records or records[0].get("run") != identity:
        raise UsageError(f"{log!r} was written by another run (other command, files or options): "
                         "resume with the same ones, or remove it to start again")
    last = next((r for r in reversed(records) if "size" in r), None)
    if last is None:
        return None
    return Start(last["source"], last["line"], last["size"], last["counts"])


def open_output(path: str, identity: dict, resume: bool) -> "tuple[TextIO, Checkpoint]":
    """The output file at `path`, opened to write a run named by `identity` (command, files, options;
    JSON-ready), and its checkpoint. With `resume`, the file is cut back to the last chunk recorded and
    opened to append. UsageError when the file cannot be written, or the log belongs to another run."""
    start = _load(path, identity) if resume else None
    try:
        if start is not None:
            os.truncate(path, start.size)
        target = open(path, "a" if start is not None else "w", encoding="utf-8", newline="\n")
    except OSError as problem:
        raise UsageError(f"cannot write {path!r}: {problem.strerror or problem}") from None
    return target, Checkpoint(path, identity, start)
