"""The bridge's operations for the page's Play section: new puzzles (sudoku_core.generate) and exports.

Each takes the request dict and returns a JSON-shaped dict, raising `bridge.BridgeError` for failures.

  generate     {size = "9x9", level?, symmetry = "none", seed?, minimal = true, maxMs?}
               -> {puzzle, solution, size, side, boxRows, boxCols, seed, symmetry, level, givens,
                   minimal, rating: {score, level, hardest, steps} | null, attempts, ms}
  export_game  {puzzle, shape?, entries?, candidates?, title?}
               -> {line, progress, sdk, sudokuwiki, links: {sudokuwiki, sudokucoach} | null}

`generate` makes a puzzle with exactly one solution. `level` is one of the rater's words (Easy, Medium,
Hard, Unfair, Extreme) and needs a 9x9 grid; 4x4 to 9x9 puzzles come with their rating either way.
`seed` is a whole number; the same seed and options give the same puzzle on CPython and in Pyodide.
`maxMs` bounds the whole call (error `gave_up`); a level not found in time is `level_not_reached`.

While a request runs the worker can follow it: `bridge.handle_json_with_progress(text, report)` answers
like `bridge.handle_json` and calls `report(json_text)` with `{stage, fraction, message, ...}` now and then
(a JavaScript function passed in by the worker, which posts it to the page).

`export_game` writes a game out: `line` (the givens, one line), `progress` (givens and the person's
entries), `sdk` (SadMan's format, givens only), and for 9x9 the SudokuWiki string and two links.
`entries` is a list of cell values (0 = empty) or a line; `candidates` a list of per-cell digit lists
(the person's pencil marks; an empty list means "not marked").

The SudokuWiki string is the 162-character form defined at
https://www.sudokuwiki.org/Sudoku_String_Definitions : for each cell, row by row, a bit set of digits
(digit d is 2**(d-1)) holding the cell's value or its candidates, shifted left by one with the low bit
set for a clue (a given), written as two base-32 digits (0-9 then a-v, left-padded with 0). Empty
cells carry the person's centre marks when there are some, else every digit no placed peer rules out.
The links only *build* addresses: nothing is sent unless the person follows one. Their forms:
SudokuWiki's solver reads `https://www.sudokuwiki.org/sudoku.htm?bd=<81 or 162 characters>` (the
example on the page above); sudoku.coach's solver reads `https://sudoku.coach/en/solver/<81 digits,
0 for empty>`.
"""
from __future__ import annotations

import time
from typing import Callable

from .formats import format_sdk
from .generate import (
    LEVELS, GenerationCancelled, GenerationError, GenerationTimeout, LevelNotReached, Progress,
    RaterUnavailable, generate_details,
)
from .grid import Grid
from .shape import Shape

#: The largest side the page may ask for (bigger grids take minutes in the browser).
MAX_SIDE = 25
#: Sides whose puzzles get a rating with the result (the rater is quick there).
RATED_MAX_SIDE = 9
#: The longest a generate request may be allowed to run.
MAX_MS = 600_000
#: At most one progress report per this many seconds (plus one per rating).
PROGRESS_EVERY_S = 0.05

SUDOKUWIKI_SOLVER = "https://www.sudokuwiki.org/sudoku.htm?bd="
SUDOKU_COACH_SOLVER = "https://sudoku.coach/en/solver/"
_BASE32 = "0123456789abcdefghijklmnopqrstuv"


def _bridge():
    # bridge imports this module at its end; importing it here, at call time, works in either order.
    from . import bridge
    return bridge


# -- generate -------------------------------------------------------------------------------------
def _progress_reporter(level: "str | None") -> "Callable[[Progress], None] | None":
    b = _bridge()
    if not b.followed():
        return None
    last = [0.0]

    def on_progress(p: Progress) -> None:
        now = time.monotonic()
        if p.stage == "remove" and now - last[0] < PROGRESS_EVERY_S and p.done != p.total:
            return
        last[0] = now
        fraction = p.done / p.total if p.stage == "remove" and p.total else (0.0 if p.stage == "grid" else 1.0)
        if p.stage == "rate":
            message = f"Puzzle {p.attempt} was {p.level}; looking for {level}…" if level and p.level != level \
                else f"Puzzle {p.attempt} rated {p.level}."
        elif p.stage == "grid":
            message = "Made a full grid; removing givens…"
        else:
            message = f"Removing givens: {p.done} of {p.total} tried, {p.givens} left."
        if level:
            message = f"Try {p.attempt}: " + message if p.stage != "rate" else message
        b.report_progress({"stage": p.stage, "attempt": p.attempt, "done": p.done, "total": p.total,
                           "givens": p.givens, "elapsed": round(p.elapsed, 3), "level": p.level,
                           "fraction": round(fraction, 4), "message": message})

    return on_progress


def _text_option(request: dict, key: str, default: "str | None") -> "str | None":
    value = request.get(key, default)
    if value is None or value == "":
        return default
    if not isinstance(value, str):
        raise _bridge().BridgeError("bad_request", f"'{key}' must be text, not {type(value).__name__}.")
    return value


def _level_word(text: "str | None") -> "str | None":
    if text is None or text.strip().lower() in ("", "any"):
        return None
    for word in LEVELS:
        if text.strip().lower() == word.lower():
            return word
    raise _bridge().BridgeError("bad_request", f"Unknown level {text!r}: choose one of {', '.join(LEVELS)}.")


def op_generate(request: dict) -> dict:
    b = _bridge()
    size = _text_option(request, "size", None) or _text_option(request, "shape", "9x9")
    try:
        shape = Shape.parse(size)
    except ValueError as error:
        raise b.BridgeError("bad_request", f"Size {size!r} is not one the generator knows: {error}.") from None
    if shape.side > MAX_SIDE:
        raise b.BridgeError("bad_request", f"{shape.name} is too large to generate here: "
                                           f"the largest is {MAX_SIDE}x{MAX_SIDE}.")
    level = _level_word(_text_option(request, "level", None))
    if level is not None and shape.side != 9:
        raise b.BridgeError("bad_request", f"Levels are rated for 9x9 puzzles only; choose 'any' level for {shape.name}.")
    symmetry = _text_option(request, "symmetry", "none")
    seed = b._int(request, "seed", None, 0, 2**31 - 1)
    minimal = request.get("minimal", True)
    if not isinstance(minimal, bool):
        raise b.BridgeError("bad_request", "'minimal' must be true or false.")
    max_ms = b._int(request, "maxMs", None, 1, MAX_MS)
    start = time.perf_counter()
    try:
        made = generate_details(shape, level=level, symmetry=symmetry, seed=seed, minimal=minimal,
                                timeout=None if max_ms is None else max_ms / 1000,
                                rate=shape.side <= RATED_MAX_SIDE, progress=_progress_reporter(level))
    except ValueError as error:  # an unknown symmetry: the generator's sentence names the choices
        raise b.BridgeError("bad_request", b._sentence(str(error)[:1].upper() + str(error)[1:])) from None
    except LevelNotReached as error:
        raise b.BridgeError("level_not_reached", b._sentence(f"No {level} puzzle was found in time "
                            f"({error.attempts} made); try again or choose another level"),
                            attempts=error.attempts, seen=error.seen, ms=b._ms(start)) from None
    except GenerationTimeout:
        raise b.BridgeError("gave_up", f"No puzzle was ready within {max_ms} ms; allow more time or "
                                       "choose a smaller size.", ms=b._ms(start)) from None
    except RaterUnavailable as error:
        raise b.BridgeError("bad_request", b._sentence(f"Levels are not available: {error}")) from None
    except (GenerationCancelled, GenerationError) as error:
        raise b.BridgeError("internal", b._sentence(f"The generator failed: {error}")) from None
    rating = made.rating.to_dict() if made.rating is not None else None
    return {"puzzle": made.puzzle.to_line(), "solution": made.solution.to_line(),
            "size": b._shape_spec(shape), "side": shape.side, "boxRows": shape.box_rows,
            "boxCols": shape.box_cols, "seed": made.seed, "symmetry": made.symmetry, "level": level,
            "givens": made.givens, "minimal": made.minimal, "rating": rating, "attempts": made.attempts,
            "ms": b._ms(start)}


# -- export ---------------------------------------------------------------------------------------
def _entries(request: dict, puzzle: Grid) -> list[int]:
    b = _bridge()
    raw = request.get("entries")
    if raw is None:
        return [0] * puzzle.shape.cell_count
    entries = b._grid({"puzzle": raw, "shape": b._shape_spec(puzzle.shape)}).values
    if len(entries) != puzzle.shape.cell_count:  # pragma: no cover - _grid keeps the shape
        raise b.BridgeError("bad_request", "'entries' must have one value per cell.")
    for i, (given, entry) in enumerate(zip(puzzle.values, entries)):
        if given and entry and given != entry:
            raise b.BridgeError("bad_request", f"The entry at {puzzle.shape.cell_name(i)} overwrites a given.", [i])
    return list(entries)


def _candidates(request: dict, shape: Shape) -> "list[list[int]]":
    b = _bridge()
    raw = request.get("candidates")
    if raw is None:
        return [[] for _ in range(shape.cell_count)]
    if not (isinstance(raw, list) and len(raw) == shape.cell_count
            and all(isinstance(c, list) and all(type(d) is int and 1 <= d <= shape.side for d in c) for c in raw)):
        raise b.BridgeError("bad_request", f"'candidates' must be a list of {shape.cell_count} lists of digits "
                                           f"from 1 to {shape.side}.")
    return raw


def sudokuwiki_string(givens: "list[int]", entries: "list[int]", marks: "list[list[int]]") -> str:
    """The 162-character SudokuWiki string of a 9x9 position (see the module docstring for the source)."""
    shape = Shape.for_side(9)
    placed = [g or e for g, e in zip(givens, entries)]
    out = []
    for i in range(81):
        if placed[i]:
            bits = 1 << (placed[i] - 1)
        elif marks[i]:
            bits = sum(1 << (d - 1) for d in set(marks[i]))
        else:
            seen = {placed[j] for j in shape.peers[i]}
            bits = sum(1 << (d - 1) for d in range(1, 10) if d not in seen)
        n = (bits << 1) | (1 if givens[i] else 0)
        out.append(_BASE32[n >> 5] + _BASE32[n & 31])
    return "".join(out)


def op_export_game(request: dict) -> dict:
    b = _bridge()
    puzzle = b._grid(request)
    shape = puzzle.shape
    entries = _entries(request, puzzle)
    marks = _candidates(request, shape)
    title = _text_option(request, "title", None)
    progress = Grid([g or e for g, e in zip(puzzle.values, entries)], shape)
    sdk = format_sdk(puzzle, {"D": title} if title else None)
    result = {"line": puzzle.to_line(), "progress": progress.to_line(), "sdk": sdk + "\n",
              "sudokuwiki": None, "links": None}
    if shape.side == 9 and shape.box_rows == 3:
        wiki = sudokuwiki_string(list(puzzle.values), entries, marks)
        result["sudokuwiki"] = wiki
        result["links"] = {"sudokuwiki": SUDOKUWIKI_SOLVER + wiki,
                           "sudokucoach": SUDOKU_COACH_SOLVER + "".join(str(v) for v in puzzle.values)}
    return result


OPS: "dict[str, Callable[[dict], dict]]" = {
    "generate": op_generate,
    "export_game": op_export_game,
}
