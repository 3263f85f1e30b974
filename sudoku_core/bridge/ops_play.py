"""The bridge's ops for the page's Play section: new puzzles (sudoku_core.generator.classic) and exports.

generate, export_game: their fields and results are in docs/engine-js.md. `generate` followed through
`handle_json_with_progress` reports each stage (a full grid, givens removed, a rating), at most one
report per `PROGRESS_EVERY_S` while it removes givens. The SudokuWiki string and the solver links of
`export_game` are written by `sudoku_core.core.formats`, which says where each form is defined.

On the light engine (MicroPython), which collects garbage only between calls from JavaScript, `generate` runs in
parts (protocol.Task), and a generation that still holds `LIGHT_GENERATE_HEAP` more than at its start stops and
hands the request on (`needs_full_engine`): the full engine then makes the same puzzle from the same seed. Sizes past
`LIGHT_GENERATE_MAX_SIDE` go there at once. Variant puzzles run in parts too (`generator.variants`), each part's
variant searches within the light engine's share of work (`protocol.LIGHT_VARIANT_WORK`): one that runs past it
hands the request on (an anti-knight given's uniqueness check or a Killer's look for a second solution of
thousands of nodes: docs/engine-js.md lists what and how often); one at a level goes there at once (its ratings
under the rules take MicroPython 20 to 40 times CPython's time).
"""
try:
    from gc import mem_alloc  # MicroPython's: the bytes its heap holds
except ImportError:  # CPython and Pyodide, which collect garbage as they go: no budget needed
    mem_alloc = None

from ..core.compat import monotonic
from ..core.formats import format_sdk, solver_links, sudokuwiki_string
from ..generator.classic import (
    GenerationCancelled, GenerationError, GenerationTimeout, LevelNotReached, Progress,
    RaterUnavailable, generate_in_parts,
)
from ..core.grid import Grid
from ..core.shape import Shape
from ..logic.levels import LEVELS, Level
from .protocol import FULL_ENGINE, LIGHT, BridgeError, Context, Request, capitalised, op, sentence

#: The largest side the page may ask for (bigger grids take minutes in the browser).
MAX_SIDE = 25
#: Sides whose puzzles get a rating with the result (the rater is quick there).
RATED_MAX_SIDE = 9
#: At most one progress report per this many seconds (plus one per rating).
PROGRESS_EVERY_S = 0.05
#: The heap one generation may hold on the light engine before it hands the request on, looked at between givens
#: tried and between puzzles made. `generate` runs in parts there (a puzzle made, a step of its rating: see
#: protocol.Task), each part's garbage collected before the next, so what counts is the data kept plus one part's
#: garbage: 7 to 11 MB measured for Medium to Extreme requests (a whole request held 7 to 164 MB when it ran as one).
LIGHT_GENERATE_HEAP = 64 << 20
#: Seconds between two looks at the light engine's heap (`gc.mem_alloc` walks the whole heap: 40 ms at 150 MB).
LIGHT_HEAP_LOOK_S = 0.5
#: The largest side the light engine generates: a 12x12 puzzle takes it 75 to 110 MB (a 9x9 one 6 to 9 MB).
LIGHT_GENERATE_MAX_SIDE = 9


# -- generate -------------------------------------------------------------------------------------
def _progress_reporter(context: Context, level: "Level | None") -> "Callable[[Progress], None] | None":
    if not context.followed:
        return None
    last = [0.0]

    def on_progress(p: Progress) -> None:
        now = monotonic()
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
        context.report({"stage": p.stage, "attempt": p.attempt, "done": p.done, "total": p.total,
                        "givens": p.givens, "elapsed": round(p.elapsed, 3), "level": p.level,
                        "fraction": round(fraction, 4), "message": message})

    return on_progress


def _level_word(text: "str | None") -> "Level | None":
    if text is None or text.strip().lower() in ("", "any"):
        return None
    level = Level.named(text)
    if level is not None:
        return level
    words = ", ".join([str(word) for word in LEVELS])  # plain str: MicroPython's join takes no str subclass
    raise BridgeError("bad_request", f"Unknown level {text!r}: choose one of {words}.")


class _HeapBudget:
    """The generator's `cancel`: True once the heap holds `LIGHT_GENERATE_HEAP` more than when it was made
    (looked at every `LIGHT_HEAP_LOOK_S` at most)."""

    def __init__(self) -> None:
        self.limit = mem_alloc() + LIGHT_GENERATE_HEAP
        self.next_look = monotonic() + LIGHT_HEAP_LOOK_S
        self.spent = False

    def __call__(self) -> bool:
        now = monotonic()
        if now >= self.next_look:
            self.next_look = now + LIGHT_HEAP_LOOK_S
            self.spent = mem_alloc() > self.limit
        return self.spent


class _GenerationErrors:
    """`with _GenerationErrors(...):` turns the generator's failures into the bridge's errors: a level not
    reached, out of time, the light engine's heap budget spent, anything else. (A class, not contextlib's
    generator: MicroPython has no contextlib.) `cancel` is the generator's: the heap budget on the light engine."""

    def __init__(self, level: "Level | None", max_ms: "int | None", context: Context, advice: str) -> None:
        self.level, self.max_ms, self.context, self.advice = level, max_ms, context, advice
        self.cancel = None if mem_alloc is None else _HeapBudget()

    def __enter__(self) -> "_GenerationErrors":
        return self

    def __exit__(self, kind: "type | None", error: "BaseException | None", traceback: object) -> bool:
        context = self.context
        if isinstance(error, LevelNotReached):
            raise BridgeError("level_not_reached", sentence(f"No {self.level} puzzle was found in time "
                              f"({error.attempts} made); try again or choose another level"),
                              attempts=error.attempts, seen=error.seen, ms=context.ms()) from None
        if isinstance(error, GenerationTimeout):
            raise BridgeError("gave_up", f"No puzzle was ready within {self.max_ms} ms; {self.advice}.",
                              ms=context.ms()) from None
        if isinstance(error, GenerationCancelled) and self.cancel is not None and self.cancel.spent:
            raise BridgeError(FULL_ENGINE, "A generation this long needs the full engine.") from None
        if isinstance(error, (GenerationCancelled, GenerationError)):
            raise BridgeError("internal", sentence(f"The generator failed: {error}")) from None
        return False  # no error, or another one: it goes on as it is


def _variant_names(request: Request) -> "str | list | None":
    """The `variant` field: "killer,x" or ["killer", "x"]; None when not sent (classic Sudoku)."""
    variant = request.get("variant")
    if variant in (None, "", []):
        return None
    if isinstance(variant, str) or (isinstance(variant, list) and all(isinstance(v, str) for v in variant)):
        return variant
    raise BridgeError("bad_request", "'variant' must be text like \"killer,x\" or a list of variant names.")


def _generate_variant(request: Request, variant: "str | list", shape: Shape):
    """`generate` with a `variant`: the givens with their `rules` (Rules.to_dict form). In parts, as classic
    puzzles are: a pause after each search, so that on the light engine each search has its own share of work
    (`LIGHT_VARIANT_WORK`); one that runs out of it hands the request on (protocol._light_parts)."""
    from ..generator.variants import generate_variant_in_parts  # only for variant requests: not loaded at start

    level = _level_word(request.text("level"))
    if LIGHT and level is not None:  # a rating under variant rules: 22 to 40 s there for what takes CPython 1 s
        raise BridgeError(FULL_ENGINE, "A variant puzzle at a level needs the full engine.")
    max_ms = request.max_ms()
    context = request.context
    with _GenerationErrors(level, max_ms, context, "allow more time") as errors:
        try:
            made = yield from generate_variant_in_parts(
                variant, shape, seed=request.integer("seed", None, 0, 2**31 - 1),
                symmetry=request.text("symmetry", "none"), minimal=request.flag("minimal", True),
                givens=request.integer("givens", 0, 0, shape.cell_count), level=level,
                timeout=None if max_ms is None else max_ms / 1000, cancel=errors.cancel,
                progress=_progress_reporter(context, level))
        except (ValueError, RaterUnavailable) as error:  # a bad option, or rules no grid of the size obeys
            raise BridgeError("bad_request", capitalised(str(error))) from None
    rating = made.rating.to_dict() if made.rating is not None else None
    return {"puzzle": made.givens.to_line(), "rules": made.rules.to_dict(), "variant": ",".join(made.variants),
            "solution": made.solution.to_line(), "size": shape.spec, "side": shape.side,
            "boxRows": shape.box_rows, "boxCols": shape.box_cols, "seed": made.seed, "symmetry": made.symmetry,
            "level": level, "givens": made.givens.givens, "minimal": made.minimal, "rating": rating,
            "attempts": made.attempts, "ms": context.ms()}


@op("generate")
def op_generate(request: Request) -> dict:
    shape = request.shape() or Shape.for_side(9)
    variant = _variant_names(request)
    if variant is not None:
        return (yield from _generate_variant(request, variant, shape))
    if shape.side > MAX_SIDE:
        raise BridgeError("bad_request", f"{shape.name} is too large to generate here: "
                                         f"the largest is {MAX_SIDE}x{MAX_SIDE}.")
    if LIGHT and shape.side > LIGHT_GENERATE_MAX_SIDE:
        raise BridgeError(FULL_ENGINE, f"A {shape.name} puzzle needs the full engine.")
    level = _level_word(request.text("level"))
    if level is not None and shape.side != 9:
        raise BridgeError("bad_request", f"Levels are rated for 9x9 puzzles only; choose 'any' level for {shape.name}.")
    symmetry = request.text("symmetry", "none")
    seed = request.integer("seed", None, 0, 2**31 - 1)
    minimal = request.flag("minimal", True)
    max_ms = request.max_ms()
    context = request.context
    with _GenerationErrors(level, max_ms, context, "allow more time or choose a smaller size") as errors:
        try:
            made = yield from generate_in_parts(  # in parts: see protocol.Task
                shape, level=level, symmetry=symmetry, seed=seed, minimal=minimal,
                timeout=None if max_ms is None else max_ms / 1000, cancel=errors.cancel,
                rate=shape.side <= RATED_MAX_SIDE, progress=_progress_reporter(context, level))
        except ValueError as error:  # an unknown symmetry: the generator's sentence names the choices
            raise BridgeError("bad_request", capitalised(str(error))) from None
        except RaterUnavailable as error:
            raise BridgeError("bad_request", sentence(f"Levels are not available: {error}")) from None
    rating = made.rating.to_dict() if made.rating is not None else None
    return {"puzzle": made.puzzle.to_line(), "solution": made.solution.to_line(),
            "size": shape.spec, "side": shape.side, "boxRows": shape.box_rows,
            "boxCols": shape.box_cols, "seed": made.seed, "symmetry": made.symmetry, "level": level,
            "givens": made.givens, "minimal": made.minimal, "rating": rating, "attempts": made.attempts,
            "ms": context.ms()}


# -- export ---------------------------------------------------------------------------------------
def _entries(request: Request, puzzle: Grid) -> "list[int]":
    if request.get("entries") is None:
        return [0] * puzzle.shape.cell_count
    entries = request.grid("entries", puzzle.shape).values
    for i, (given, entry) in enumerate(zip(puzzle.values, entries)):
        if given and entry and given != entry:
            raise BridgeError("bad_request", f"The entry at {puzzle.shape.cell_name(i)} overwrites a given.", [i])
    return list(entries)


def _candidates(request: Request, shape: Shape) -> "list[list[int]]":
    raw = request.get("candidates")
    if raw is None:
        return [[] for _ in range(shape.cell_count)]
    if not (isinstance(raw, list) and len(raw) == shape.cell_count
            and all(isinstance(c, list) and all(type(d) is int and 1 <= d <= shape.side for d in c) for c in raw)):
        raise BridgeError("bad_request", f"'candidates' must be a list of {shape.cell_count} lists of digits "
                                         f"from 1 to {shape.side}.")
    return raw


@op("export_game")
def op_export_game(request: Request) -> dict:
    puzzle = request.grid()
    shape = puzzle.shape
    entries = _entries(request, puzzle)
    marks = _candidates(request, shape)
    title = request.text("title")
    progress = Grid([g or e for g, e in zip(puzzle.values, entries)], shape)
    sdk = format_sdk(puzzle, {"D": title} if title else None)
    result = {"line": puzzle.to_line(), "progress": progress.to_line(), "sdk": sdk + "\n",
              "sudokuwiki": None, "links": None}
    if shape.side == 9:  # the only size SudokuWiki's string and the online solvers take
        wiki = sudokuwiki_string(puzzle.values, entries, marks)
        result["sudokuwiki"] = wiki
        result["links"] = solver_links(puzzle, wiki)
    return result
