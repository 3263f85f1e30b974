"""The classic baseline: constraint propagation over a dict of candidate strings (9x9 only).

This is the method Peter Norvig describes in his essay "Solving Every Sudoku Puzzle", written here
from that description so that the benchmark can measure our engine against it on the same machine in
the same run. It is deliberately plain:

  * a square is named by its row letter and column digit ("A1" .. "I9");
  * the state is a dict mapping every square to a string of the digits it may still hold;
  * two rules are applied whenever a digit is removed from a square:
      1. a square left with one digit gives that digit up in all its peers;
      2. a unit left with one place for a digit puts the digit there;
  * search picks the unsolved square with the fewest candidates, tries each digit on a copy of the
    state and recurses depth-first.

`solve(line)` returns the solution as an 81-character line (or None) and the number of guesses,
counting every digit tried by the search (one branch = one guess).
"""
from __future__ import annotations

DIGITS = "123456789"
ROWS = "ABCDEFGHI"
COLS = DIGITS


def _cross(letters: str, numbers: str) -> list[str]:
    return [r + c for r in letters for c in numbers]


SQUARES = _cross(ROWS, COLS)
UNITLIST = (
    [_cross(ROWS, c) for c in COLS]
    + [_cross(r, COLS) for r in ROWS]
    + [_cross(band, stack) for band in ("ABC", "DEF", "GHI") for stack in ("123", "456", "789")]
)
UNITS = {s: [u for u in UNITLIST if s in u] for s in SQUARES}
PEERS = {s: set().union(*UNITS[s]) - {s} for s in SQUARES}


class Contradiction(Exception):
    """A square or a unit ran out of room for some digit."""


def assign(values: dict[str, str], square: str, digit: str) -> dict[str, str]:
    """Make `digit` the only candidate of `square` by eliminating every other one."""
    for other in values[square].replace(digit, ""):
        eliminate(values, square, other)
    return values


def eliminate(values: dict[str, str], square: str, digit: str) -> None:
    """Remove `digit` from `square` and follow the two rules; raise Contradiction on a dead end."""
    if digit not in values[square]:
        return
    remaining = values[square] = values[square].replace(digit, "")
    if not remaining:
        raise Contradiction(square)
    # Rule 1: a square reduced to one digit removes it from its peers.
    if len(remaining) == 1:
        only = remaining
        for peer in PEERS[square]:
            eliminate(values, peer, only)
    # Rule 2: a unit with one place left for `digit` puts it there.
    for unit in UNITS[square]:
        places = [s for s in unit if digit in values[s]]
        if not places:
            raise Contradiction(square)
        if len(places) == 1:
            assign(values, places[0], digit)


def parse(line: str) -> dict[str, str]:
    """The propagated state of an 81-character puzzle ('.' or '0' for empty)."""
    cells = [ch for ch in line if ch in DIGITS or ch in ".0"]
    if len(cells) != 81:
        raise ValueError(f"expected 81 cells, found {len(cells)}")
    values = {s: DIGITS for s in SQUARES}
    for square, ch in zip(SQUARES, cells):
        if ch in DIGITS:
            assign(values, square, ch)
    return values


class Counter:
    guesses = 0


def search(values: dict[str, str], counter: Counter) -> "dict[str, str] | None":
    """Depth-first search on the square with the fewest candidates."""
    if all(len(values[s]) == 1 for s in SQUARES):
        return values
    _, square = min((len(values[s]), s) for s in SQUARES if len(values[s]) > 1)
    for digit in values[square]:
        counter.guesses += 1
        try:
            result = search(assign(values.copy(), square, digit), counter)
        except Contradiction:
            continue
        if result is not None:
            return result
    return None


def solve(line: str) -> "tuple[str | None, int]":
    """(solution line or None, guesses made)."""
    counter = Counter()
    try:
        values = search(parse(line), counter)
    except Contradiction:
        values = None
    if values is None:
        return None, counter.guesses
    return "".join(values[s] for s in SQUARES), counter.guesses


if __name__ == "__main__":
    import sys

    for text in sys.stdin:
        text = text.strip()
        if text:
            print(solve(text)[0] or "")
