"""The bridge's operations for pencil marks, hints, the step-by-step path, the rating and the diagnosis of a broken puzzle (sudoku_core.logic).

Each takes the request dict and returns a JSON-shaped dict, raising `bridge.BridgeError` for failures.
"""
from __future__ import annotations

from typing import Callable

OPS: "dict[str, Callable[[dict], dict]]" = {}
