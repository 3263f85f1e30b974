"""The command line (`sudoku-core`, `python -m sudoku_core`): `program` parses and dispatches, the other
modules hold the sub-commands' own options."""
from .program import main

__all__ = ["main"]
