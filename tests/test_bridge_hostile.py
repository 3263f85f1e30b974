"""Requests built to hurt the engine: each gets a reply with a code and a sentence, at once, and leaves nothing
behind (CPython here; tests/test_light_worker.py sends the same to MicroPython in its worker).

* Null where a number goes (what JSON makes of NaN): a `bad_request` naming the field, in every op.
* Nesting deeper than `MAX_DEPTH`, a request past `MAX_REQUEST_CHARS`, a puzzle's text past `MAX_TEXT_CHARS`
  or a list of cells past the largest grid: a `bad_request` naming the limit, never an exception.
* A large shape costs nothing until its tables are used, and `Shape.of` keeps only the last few large ones.
* Sizes are read in ASCII digits only (as MicroPython reads them) and shown in errors as typed.
"""
from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from sudoku_core.bridge import handle, handle_json
from sudoku_core.bridge.protocol import MAX_DEPTH, MAX_REQUEST_CHARS, MAX_TEXT_CHARS
from sudoku_core.core import shape as shape_module
from sudoku_core.core.shape import LARGE_KEPT, KEPT_SIDE, Shape, Unit

ROOT = Path(__file__).resolve().parent.parent
UNIQUE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLVED = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"


def error_of(request: "dict | str") -> dict:
    reply = json.loads(handle_json(request if isinstance(request, str) else json.dumps(request)))
    assert reply["ok"] is False, reply
    assert set(reply["error"]) >= {"code", "message", "cells"}
    return reply["error"]


# -- null where a number goes ------------------------------------------------------------------------------
#: Every numeric field of every op, with the rest of a request that would be answered without it.
NUMERIC_FIELDS = [
    ("solve", "limit", {"puzzle": UNIQUE}),
    ("solve", "maxMs", {"puzzle": UNIQUE}),
    ("check", "maxMs", {"puzzle": UNIQUE}),
    ("sleep", "ms", {}),
    ("path", "maxSteps", {"puzzle": UNIQUE}),
    ("why", "cell", {"puzzle": UNIQUE, "digit": 1}),
    ("why", "digit", {"puzzle": UNIQUE, "cell": 1}),
    ("generate", "seed", {"size": "4x4"}),
    ("generate", "maxMs", {"size": "4x4"}),
    ("generate", "givens", {"size": "4x4", "variant": "killer"}),
    ("solve_many", "first", {"lines": [UNIQUE]}),
    ("solve_many", "limit", {"lines": [UNIQUE]}),
    ("solve_many", "maxMs", {"lines": [UNIQUE]}),
    ("solve_many", "budgetMs", {"lines": [UNIQUE]}),
]


@pytest.mark.parametrize("op, field, rest", NUMERIC_FIELDS, ids=lambda v: v if isinstance(v, str) else "")
def test_null_for_a_number_is_a_bad_request_naming_the_field(op, field, rest):
    error = error_of({"op": op, **rest, field: None})
    assert error["code"] == "bad_request", error
    assert f"'{field}'" in error["message"]


def test_every_numeric_field_the_ops_read_is_in_the_list():
    """A new numeric field must join NUMERIC_FIELDS (and so be checked for null)."""
    read = set()
    for path in (ROOT / "sudoku_core" / "bridge").glob("ops_*.py"):
        text = path.read_text(encoding="utf-8")
        read |= set(re.findall(r"""\.integer\(\s*["'](\w+)["']""", text))
        if re.search(r"\.(max_ms|timeout)\(", text):
            read.add("maxMs")
    assert read <= {field for _, field, _ in NUMERIC_FIELDS}, read


def test_null_is_said_as_null_and_a_number_out_of_range_as_before():
    assert error_of({"op": "solve", "puzzle": UNIQUE, "limit": None})["message"] == \
        "'limit' must be a whole number from 1 to 1000, not null."
    assert error_of({"op": "solve", "puzzle": UNIQUE, "limit": 0})["message"] == \
        "'limit' must be a whole number from 1 to 1000."


# -- sizes and depths --------------------------------------------------------------------------------------
@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 1000, 100_000])
def test_deep_nesting_is_a_bad_request_not_a_recursion_error(depth):
    for op in ("hint", "solve", "solve_many"):
        text = '{"op": "%s", "puzzle": %s}' % (op, "[" * depth + "]" * depth)
        error = error_of(text)
        assert error == {"code": "bad_request", "cells": [],
                         "message": f"The request is nested more than {MAX_DEPTH} levels deep."}


def test_nesting_up_to_the_limit_is_read():
    error = error_of('{"op": "solve", "puzzle": %s}' % ("[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)))
    assert error["message"] == "'puzzle' as a list must hold whole numbers (0 = empty)."


def test_brackets_inside_strings_do_not_count_as_nesting():
    """The depth is told before the JSON is read (Pyodide's reader would overflow the JavaScript stack), so
    a string full of brackets, escaped quotes and all, must not be taken for nesting."""
    text = json.dumps({"op": "parse", "text": '\\"' + "[{" * 5_000, "list": [[[1]]] * 40})
    assert error_of(text)["message"] != f"The request is nested more than {MAX_DEPTH} levels deep."
    assert "nested" in error_of(text.replace('"list": ', '"list": ' + "[" * 40).replace("]}", "]" + "]" * 40 + "}"))["message"]


def test_a_request_past_the_limit_is_refused_before_it_is_read():
    text = json.dumps({"op": "parse", "text": "." * MAX_REQUEST_CHARS})
    start = time.perf_counter()
    error = error_of(text)
    assert time.perf_counter() - start < 1
    assert error["code"] == "bad_request"
    assert error["message"] == f"The request is {len(text):,} characters long; the engine reads at most 16,000,000."


@pytest.mark.parametrize("op", ["parse", "solve", "check", "conflicts", "hint", "rate", "candidates"])
def test_a_puzzle_text_past_the_limit_is_refused(op):
    key = "text" if op == "parse" else "puzzle"
    error = error_of({"op": op, key: "1 2 3\n" * (MAX_TEXT_CHARS // 6 + 1)})
    assert error["code"] == "bad_request"
    assert error["message"] == f"'{key}' is {6 * (MAX_TEXT_CHARS // 6 + 1):,} characters long; a puzzle's text " \
                               "may have at most 200,000."


def test_a_list_of_cells_past_the_largest_grid_is_refused_before_it_is_read():
    error = error_of({"op": "solve", "puzzle": [0] * 10_001})
    assert error == {"code": "bad_request", "cells": [],
                     "message": "'puzzle' as a list has 10,001 cells; the largest grid (100x100) has 10,000."}


# -- shapes --------------------------------------------------------------------------------------------
def _forget(*keys: "tuple[int, int]") -> None:
    for key in keys:
        shape_module._KEPT.pop(key, None)
        if key in shape_module._LARGE:
            shape_module._LARGE.remove(key)


def _built(shape: Shape) -> bool:
    try:
        object.__getattribute__(shape, "peers")
    except AttributeError:
        return False
    return True


@pytest.mark.parametrize("op", ["parse", "conflicts", "solve"])
def test_a_large_shape_named_for_one_cell_costs_nothing(op):
    _forget((10, 10))
    key = "text" if op == "parse" else "puzzle"
    start = time.perf_counter()
    error = error_of({"op": op, key: "1", "shape": "100x100"})
    assert time.perf_counter() - start < 0.5  # building the 100x100 tables took 4.9 s
    assert error == {"code": "parse", "message": "expected 10000 cells, found 1", "cells": [], "line": None,
                     "column": None}
    assert not _built(Shape.of(10, 10))


def _reference_tables(box_rows: int, box_cols: int) -> tuple:
    """The tables as the shape built them before they were lazy: cell by cell, bit by bit."""
    n = box_rows * box_cols
    rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
    cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
    boxes = [tuple((br + r) * n + bc + c for r in range(box_rows) for c in range(box_cols))
             for br in range(0, n, box_rows) for bc in range(0, n, box_cols)]
    units = tuple([Unit("row", k + 1, u) for k, u in enumerate(rows)] + [Unit("column", k + 1, u) for k, u in enumerate(cols)]
                  + [Unit("box", k + 1, u) for k, u in enumerate(boxes)])
    cell_units = tuple(tuple(k for k, unit in enumerate(units) if i in unit.cells) for i in range(n * n))
    peers = tuple(tuple(sorted({j for k in cell_units[i] for j in units[k].cells} - {i})) for i in range(n * n))
    return (units, cell_units, peers, tuple(sum(1 << j for j in p) for p in peers),
            tuple(sum(1 << j for j in u.cells) for u in units))


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 3), (4, 4), (5, 5), (2, 7), (3, 5)])
def test_the_tables_built_on_first_use_are_the_tables_built_before(box):
    shape = Shape(*box)
    assert not _built(shape)
    assert (shape.units, shape.cell_units, shape.peers, shape.peer_masks, shape.unit_masks) == _reference_tables(*box)
    assert _built(shape)
    with pytest.raises(AttributeError):
        shape.nonexistent  # noqa: B018


def test_shape_of_keeps_the_small_shapes_and_only_the_last_large_ones():
    small = Shape.of(3, 3)
    large = [(6, 5), (7, 4), (5, 7), (9, 3), (4, 8)]
    assert all(r * c > KEPT_SIDE for r, c in large)
    made = [Shape.of(*box) for box in large]
    assert Shape.of(3, 3) is small
    assert Shape.of(*large[-1]) is made[-1]
    kept = [key for key in shape_module._KEPT if key[0] * key[1] > KEPT_SIDE]
    assert len(kept) == LARGE_KEPT
    assert Shape.of(*large[0]) == made[0]  # made again once forgotten: equal, named the same
    assert Shape.of(*large[0]).name == made[0].name == "30x30 (6x5 boxes)"
    assert Shape.for_side(30).name == "30x30"


@pytest.mark.parametrize("size", ["９x９", "9\u212a9", "٩x٩", "+9x+9", "1_6x1_6", "9x9x9", "6x6:3x2x1", "x", "9" * 30])
def test_sizes_are_ascii_digits_and_shown_as_typed(size):
    error = error_of({"op": "parse", "text": UNIQUE, "shape": size})
    shown = size if len(size) <= 20 else size[:20] + "..."
    assert error == {"code": "bad_request", "cells": [],
                     "message": f"'{shown}' is not a size: write it like 9x9, 6x6 or 2x3."}


def test_sizes_written_as_before_still_read():
    for size, spec in [("9x9", "9x9"), ("9", "9x9"), (" 6 x 6 ", "6x6"), ("6×6", "6x6"), ("2x3", "6x6"),
                       ("3x2", "6x6:3x2"), ("6x6:3x2", "6x6:3x2"), ("09x09", "9x9"), ("16X16", "16x16")]:
        assert Shape.parse(size).spec == spec, size
    assert error_of({"op": "parse", "text": "1", "shape": "200x200"})["message"] == \
        "A grid of side 200 is larger than the largest supported (100)."


# -- batch_split -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", [UNIQUE, UNIQUE + "\n", UNIQUE + "\n\n" + SOLVED + "\n"])
def test_batch_split_reads_a_text_of_one_puzzle_a_line(text):
    reply = handle({"op": "batch_split", "text": text})
    assert reply["ok"], reply
    lines = [k + 1 for k, line in enumerate(text.splitlines()) if line]
    assert reply["result"]["items"] == [{"line": k, "puzzle": text.splitlines()[k - 1], "shape": "9x9"} for k in lines]


def test_batch_split_reports_a_bad_line_among_good_ones():
    items = handle({"op": "batch_split", "text": f"{UNIQUE}\n{UNIQUE[:-1]}Z\n"})["result"]["items"]
    assert items[0]["puzzle"] == UNIQUE
    assert items[1]["line"] == 2 and "'Z' is not a digit" in items[1]["error"]
