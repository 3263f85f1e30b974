"""The bridge's operations for new puzzles from sudoku_core.generate.

Each takes the request dict and returns a JSON-shaped dict, raising `bridge.BridgeError` for failures.
"""
from __future__ import annotations

from typing import Callable

OPS: "dict[str, Callable[[dict], dict]]" = {}
