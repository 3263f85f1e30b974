"""The bridge's operations for many puzzles per request, for the page's Batch panel.

Each takes the request dict and returns a JSON-shaped dict, raising `bridge.BridgeError` for failures.
"""
from __future__ import annotations

from typing import Callable

OPS: "dict[str, Callable[[dict], dict]]" = {}
