"""Variant Sudoku: the rules (extra regions, diagonals, cages, anti-knight/king...), their houses and peers
(`topology`), Jigsaw regions, Killer cages, and the solver that searches under them."""
from ..core.solver import SearchLimitExceeded


class LightWork:
    """What the variant searches of one part of a request may still spend on the light engine (MicroPython,
    whose WebAssembly port keeps a part's garbage until the part ends), all searches together, in cells times
    digits: a node costs one of each (its garbage grows with both, as the classic search's does), a Killer
    cage's deduction a quarter of that and a palette constraint's a half, their cost beside a node's there
    (`bridge.protocol.LIGHT_VARIANT_WORK`, `solver._Search._meter`). A search that would go past it raises
    `SearchLimitExceeded` and marks the work `spent`, so that the bridge hands the request on rather than answer
    what a search cut short would make of it. The bridge sets one as `light_work` for each part of a request on
    MicroPython; CPython and Pyodide never do, and search as asked."""

    __slots__ = ("left", "spent")

    def __init__(self, work: int) -> None:
        self.left = work
        self.spent = False

    def charge(self, cost: int) -> None:
        """Spend `cost`: raises once the work is gone."""
        self.left -= cost
        if self.left < 0:
            self.spent = True
            raise SearchLimitExceeded("the light engine's share of search work ran out")


#: The light engine's bound on the variant searches (a `LightWork`), None for none: set by the bridge on
#: MicroPython only (bridge.protocol), so that on CPython and Pyodide a search runs as it always has. Kept here,
#: not in `solver`, so that the bridge sets it without loading the solver for a classic request.
light_work: "LightWork | None" = None
