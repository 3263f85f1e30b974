"""Telling a variant puzzle's text from a classic one, and reading it in whichever form it comes: the text
form of `variant_format`, an f-puzzles / SudokuPad link or JSON (`fpuzzles`), or a SudokuWiki Killer link
(`sudokuwiki_killer`). Used by the CLI (a file) and the bridge's `parse` (a paste on the page).

`read_variant_details` also returns what the reader could not use (notes: drawings taken as decoration, the
rules text) and the setter's solution when the puzzle carries one; `setter_verdict` compares an answer with it."""
from ..core.grid import Grid
from ..variants.rules import Rules
from .fpuzzles import FPuzzlesRead, read_fpuzzles_details
from .sudokuwiki import looks_like_sudokuwiki_killer, read_sudokuwiki_killer
from .variant_text import looks_like_variant, read_variant

#: Past this many differing cells, the sentence counts the rest.
NAMED_CELLS = 6


def looks_like_fpuzzles(text: str) -> bool:
    """An f-puzzles or SudokuPad link, or f-puzzles JSON?"""
    text = text.strip()
    return "?load=" in text or "sudokupad.app/" in text or (text.startswith("{") and '"grid"' in text)


def is_variant_text(text: str) -> bool:
    """Does `text` (or its beginning) hold a variant puzzle rather than classic ones?"""
    return looks_like_fpuzzles(text) or looks_like_sudokuwiki_killer(text) or looks_like_variant(text)


def read_variant_puzzle(text: str) -> "tuple[Grid, Rules]":
    """A variant puzzle in either form; raises `formats.ParseError` with where and why."""
    read = read_variant_details(text)
    return read.grid, read.rules


def read_variant_details(text: str) -> FPuzzlesRead:
    """`read_variant_puzzle` with its notes and the setter's solution (f-puzzles payloads carry them; the
    text form and SudokuWiki links have none)."""
    if looks_like_fpuzzles(text):
        return read_fpuzzles_details(text)
    grid, rules = read_sudokuwiki_killer(text) if looks_like_sudokuwiki_killer(text) else read_variant(text)
    return FPuzzlesRead(grid, rules)


def setter_verdict(read: FPuzzlesRead, ours: Grid) -> "tuple[str, list[int], str]":
    """("matches" | "differs", the cells where `ours` differs from the setter's solution, a sentence).
    When they differ, the sentence says whether the setter's grid keeps the rules read: when it does, a rule
    the reader did not take (a drawing, the rules text) must tell the two apart."""
    setter = read.solution
    if setter is None or setter.shape.side != ours.shape.side:
        raise ValueError("the puzzle carries no setter's solution of its size")
    cells = [i for i, (a, b) in enumerate(zip(setter.values, ours.values)) if a != b]
    if not cells:
        return "matches", cells, "The answer matches the setter's solution."
    name = ours.shape.cell_name
    named = ", ".join(name(i) for i in cells[:NAMED_CELLS])
    more = f" and {len(cells) - NAMED_CELLS} more cells" if len(cells) > NAMED_CELLS else ""
    broken = read.rules.conflicts(Grid(setter.values, read.rules.shape))
    clash = [i for i, (given, digit) in enumerate(zip(read.grid.values, setter.values)) if given and given != digit]
    if clash:
        why = f"the setter's solution does not keep the givens (at {name(clash[0])})"
    elif broken:
        why = f"the setter's solution breaks a rule as read ({broken[0].message}): the reader may have misread one"
    else:
        why = "the setter's solution keeps every rule read, so a rule the reader did not take must exclude ours"
    return "differs", cells, f"The answer differs from the setter's solution at {named}{more}; {why}."
