"""SudokuWiki's Killer links: ``https://www.sudokuwiki.org/killersudoku.aspx?bd=<colours>,<clues>``, read and
written, in the form SudokuWiki documents as its "normal killer definition"
(https://www.sudokuwiki.org/Killer_String_Definitions):

* 81 characters, one a cell row by row, colouring the cages: a cage is a run of side-by-side cells of one
  colour (neighbouring cages have different colours);
* a comma;
* 162 digits, two a cell, row by row: a cage's total in its top-left cell (the first in reading order),
  ``00`` everywhere else.

The form holds 9x9 Killer cages and nothing more: no givens, no other rules, every cell in a cage. A link
whose cage has no total gives a cage without one. SudokuWiki's newer packed link (two strings of 162
characters, from 2024) also carries candidates; its packing is not published in full, so it is refused
with a sentence that says so, not guessed at.
"""
import re

from ..core.formats import ParseError
from ..core.grid import Grid
from ..core.shape import Shape
from ..variants.jigsaw import is_connected, orthogonal
from ..variants.rules import Cage, Rules, RulesError

__all__ = ["KILLER_URL", "looks_like_sudokuwiki_killer", "read_sudokuwiki_killer", "sudokuwiki_killer_link"]

KILLER_URL = "https://www.sudokuwiki.org/killersudoku.aspx?bd="
NINE = Shape.for_side(9)
#: The characters the colours are written with, as in SudokuWiki's example (cages coloured greedily need
#: four or five; letters only past nine).
COLOURS = "123456789abcdefghijklmnopqrstuvwxyz"

_PAYLOAD = re.compile(r"[?&#]bd=([^&#\s]*)")
_DIGITS = frozenset("0123456789")
_ALPHANUMERIC = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
_PACKED = frozenset("0123456789abcdefghijklmnopqrstuv")


def _is_old(data: str) -> bool:
    """The older form: 81 letters or digits, a comma, 162 digits (by sets, not a regular expression:
    MicroPython's `re` has no counted repeats)."""
    return len(data) == 244 and data[81] == "," and set(data[:81]) <= _ALPHANUMERIC and set(data[82:]) <= _DIGITS


def _is_new(data: str) -> bool:
    """The newer packed form: two strings of 162 characters 0-9 a-v, a comma between."""
    return len(data) == 325 and data[162] == "," and set(data[:162]) <= _PACKED and set(data[163:]) <= _PACKED


def looks_like_sudokuwiki_killer(text: str) -> bool:
    """A SudokuWiki Killer link, or its ``bd=`` data alone?"""
    data = _data(text)
    return _is_old(data) or _is_new(data) or "killersudoku" in text.lower()


def _data(text: str) -> str:
    """What follows ``bd=`` in a link (the text itself when it has no ``bd=``), its commas unescaped."""
    found = _PAYLOAD.search(text)
    data = found.group(1) if found else text.strip()
    return data.replace("%2C", ",").replace("%2c", ",")


def read_sudokuwiki_killer(text: str) -> "tuple[Grid, Rules]":
    """The empty 9x9 grid and the Killer cages of a SudokuWiki Killer link (or its data). Raises
    `formats.ParseError` naming the cell and the cage at fault."""
    data = _data(text)
    if _is_new(data):
        raise ParseError("this is SudokuWiki's newer Killer link (two packed strings of 162 characters), whose "
                         "packing is not published in full: not read here. Its older form, 81 colour characters, "
                         "a comma and 162 digits of totals, is")
    colours, comma, clues = data.partition(",")
    if not comma:
        raise ParseError("a SudokuWiki Killer link needs 'bd=', 81 characters colouring the cages, a comma and "
                         "162 digits of cage totals")
    alphanumeric = bool(colours) and set(colours) <= _ALPHANUMERIC  # ASCII only, as before
    if len(colours) != 81 or not alphanumeric:
        raise ParseError(f"a SudokuWiki Killer link needs 81 letters or digits colouring the cages before the "
                         f"comma; found {len(colours)} characters" + ("" if alphanumeric else ", not all of "
                                                                        "them letters or digits"))
    bad = next((k for k, ch in enumerate(clues) if not "0" <= ch <= "9"), None)
    if bad is not None:
        raise ParseError(f"after the comma a SudokuWiki Killer link has 162 digits, two a cell: character "
                         f"{bad + 1} ({clues[bad]!r}) is not a digit")
    if len(clues) != 162:
        raise ParseError(f"after the comma a SudokuWiki Killer link has 162 digits, two a cell; found {len(clues)}")
    totals = [int(clues[2 * i:2 * i + 2]) for i in range(81)]
    cages = []
    for cells in _runs(colours):
        given = [(c, totals[c]) for c in cells if totals[c]]
        if len(given) > 1:
            names = " and ".join(f"{NINE.cell_name(c)} ({t})" for c, t in given)
            raise ParseError(f"the cage of {_where(cells)} has two totals, at {names}: a cage has one, in its "
                             "top-left cell")
        cages.append(Cage(tuple(cells), given[0][1] if given else None))
    try:
        rules = Rules(NINE, cages=tuple(cages))
    except RulesError as err:
        raise ParseError(str(err)) from None
    return Grid.empty(NINE.spec), rules


def _runs(colours: str) -> "list[list[int]]":
    """The cages: the runs of side-by-side cells of one colour, each in reading order, by first cell."""
    seen = [False] * 81
    runs = []
    for start in range(81):
        if seen[start]:
            continue
        seen[start] = True
        run, todo = [], [start]
        while todo:
            cell = todo.pop()
            run.append(cell)
            for other in orthogonal(cell, 9):
                if not seen[other] and colours[other] == colours[cell]:
                    seen[other] = True
                    todo.append(other)
        runs.append(sorted(run))
    return runs


def _where(cells: "list[int]") -> str:
    names = [NINE.cell_name(c) for c in cells]
    return ", ".join(names) if len(names) <= 4 else f"{names[0]} ... {names[-1]} ({len(names)} cells)"


def sudokuwiki_killer_link(grid: Grid, rules: "Rules | None") -> "str | None":
    """The puzzle as a SudokuWiki Killer link, or None when the form cannot hold it: not 9x9, givens, a rule
    other than cages, or a cell in no cage (SudokuWiki would read it as a cage of its own)."""
    if rules is None or grid.shape.side != 9 or any(grid.values) or not rules.cages:
        return None
    if rules != Rules(rules.shape, cages=rules.cages):
        return None  # other rules besides the cages
    cage_of = [-1] * 81
    for k, cage in enumerate(rules.cages):
        for c in cage.cells:
            cage_of[c] = k
    if -1 in cage_of or any(not is_connected(cage.cells, 9) for cage in rules.cages):
        return None
    colour = [-1] * len(rules.cages)
    for k in range(len(rules.cages)):  # greedy, in cage order: a planar map needs few colours
        taken = {colour[cage_of[n]] for c in rules.cages[k].cells for n in orthogonal(c, 9) if cage_of[n] != k}
        colour[k] = next(x for x in range(len(COLOURS)) if x not in taken)
    colours = "".join(COLOURS[colour[cage_of[c]]] for c in range(81))
    totals = ["00"] * 81
    for cage in rules.cages:
        if cage.total is not None:
            totals[min(cage.cells)] = f"{cage.total:02d}"
    return KILLER_URL + colours + "," + "".join(totals)
