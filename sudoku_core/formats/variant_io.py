"""Telling a variant puzzle's text from a classic one, and reading it in whichever form it comes: the text
form of `variant_format`, an f-puzzles / SudokuPad link or JSON (`fpuzzles`), or a SudokuWiki Killer link
(`sudokuwiki_killer`). Used by the CLI (a file) and the bridge's `parse` (a paste on the page)."""
from __future__ import annotations

from ..core.grid import Grid
from ..variants.rules import Rules
from .fpuzzles import read_fpuzzles
from .sudokuwiki import looks_like_sudokuwiki_killer, read_sudokuwiki_killer
from .variant_text import looks_like_variant, read_variant


def looks_like_fpuzzles(text: str) -> bool:
    """An f-puzzles or SudokuPad link, or f-puzzles JSON?"""
    text = text.strip()
    return "?load=" in text or "sudokupad.app/fpuzzles" in text or (text.startswith("{") and '"grid"' in text)


def is_variant_text(text: str) -> bool:
    """Does `text` (or its beginning) hold a variant puzzle rather than classic ones?"""
    return looks_like_fpuzzles(text) or looks_like_sudokuwiki_killer(text) or looks_like_variant(text)


def read_variant_puzzle(text: str) -> "tuple[Grid, Rules]":
    """A variant puzzle in either form; raises `formats.ParseError` with where and why."""
    if looks_like_fpuzzles(text):
        return read_fpuzzles(text)
    return read_sudokuwiki_killer(text) if looks_like_sudokuwiki_killer(text) else read_variant(text)
