"""Fish with fins, and fish whose base or cover sets take boxes: Finned and Sashimi X-Wing, Swordfish and
Jellyfish, Siamese fish, Franken and Mutant fish (HoDoKu's names and definitions).

A fish on digit d: k *base* houses with no cell in common, each holding d once, and k *cover* houses (not
base ones, each holding d at most once). When every place of d in the base lies in the cover, the k base
digits fill the k cover houses, so d leaves every other cell of the cover; a base cell in two cover houses
would fill two at once, so it loses d too (cannibalism). Base places outside the cover are *fins*: either
one of them is d or the fish holds, so d leaves the cells that would lose it and also see every fin.

* Basic fish (rows against columns): finned when there are fins; *sashimi* when a base line keeps a
  single place in the cover. Two finned fish on the same base lines with other cover lines (and so other
  fins) are *Siamese*: one step with both sets of eliminations, as HoDoKu reports them.
* Franken fish: boxes join the rows in the base and the columns in the cover (or the other way round).
* Mutant fish: rows and columns mixed in the base or in the cover.

Houses are the rules' rows, columns and boxes (or Jigsaw regions) and "sees" is the rules' peers, so the
argument holds under variant rules as it is. Base houses that share a place (HoDoKu's endo fins) are left
out. The Franken and Mutant searches are bounded (`_BUDGET` search nodes per finder call, and smaller
fish on big grids) so a hint stays quick; they come late in the hint order.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..board import Board, bits
from ..phrases import cells_text, listing, sym
from ..step import Step
from .fish import line_places

FISH = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
# Calibrated (Sudoku Explainer and Sukaku Explainer have no finned, Franken or Mutant fish): the basic fish's
# value plus 0.8 (a Finned X-Wing sits with the Skyscraper, as HoDoKu scores them), sashimi 0.1 more.
# Franken and Mutant fish: HoDoKu's scores (Franken 300/350/370, finned 390/410/430, Mutant 450, finned 470)
# at 0.1 for 10 points from ALS-XZ's 300 = 7.0, as the ALS family's values here are.
FINNED_SCORES = {2: 4.0, 3: 4.6, 4: 6.0}
COMPLEX_SCORES = {(False, False): {2: 7.0, 3: 7.5, 4: 7.7}, (False, True): {2: 7.9, 3: 8.1, 4: 8.3},
                  (True, False): dict.fromkeys(FISH, 8.5), (True, True): dict.fromkeys(FISH, 8.7)}
MAX_FINS = 5  # HoDoKu's default
_BUDGET = 6000  # search steps for one Franken or Mutant finder call: a few ms


class _Search:
    """The fish on one digit with base houses from `bases` and cover houses from `covers` (unit indices)."""

    def __init__(self, b: Board, d: int, bases, covers, finned: bool, budget: "list[int]") -> None:
        t = b.t
        self.t, self.finned = t, finned
        self.pos = pos = b.positions()[d]
        self.places = {u: pos & t.unit_masks[u] for u in set(bases) | set(covers)}
        self.bases = [u for u in bases if self.places[u].bit_count() >= 2]
        self.cover_ok = {u for u in covers if self.places[u]}
        self.budget = budget  # [steps left], shared by the searches of one finder call

    def fish(self, size: int):
        """Every fish of `size` as (base units, cover units, fins, eliminations), eliminations a cell board,
        until the budget runs out."""
        budget = self.budget
        for base in self._base_sets(size, 0, (), 0):
            budget[0] -= 1
            if budget[0] < 0:
                return
            yield from self._covers(base, size) if self.finned else self._exact_covers(base, size)

    def _base_sets(self, size, start, chosen, cells):
        if len(chosen) == size:
            yield chosen, cells
            return
        places = self.places
        for j in range(start, len(self.bases) - (size - len(chosen)) + 1):
            u = self.bases[j]
            if not places[u] & cells:
                yield from self._base_sets(size, j + 1, chosen + (u,), cells | places[u])

    def _covers(self, base, size):
        """With fins: cover houses in order, the base places no later one can take becoming fins."""
        units, body = base
        places, peer, pos, budget = self.places, self.t.peer_masks, self.pos, self.budget
        options = [u for u in self.cover_ok if u not in units and places[u] & body]
        options.sort()
        budget[0] -= len(options)
        # reach[i]: the base cells the options from i on can still cover
        reach = [0] * (len(options) + 1)
        for i in range(len(options) - 1, -1, -1):
            reach[i] = reach[i + 1] | places[options[i]]
        found = []

        def grow(start, chosen, covered):
            left = size - len(chosen)
            for i in range(start, len(options) - left + 1):
                budget[0] -= 1
                if budget[0] < 0:
                    return
                u = options[i]
                if not places[u] & body & ~covered:
                    continue  # a cover house must take a base place no other one takes
                more = covered | places[u]
                fins = body & ~more & ~reach[i + 1] if left > 1 else body & ~more
                seen = -1
                if fins:
                    if fins.bit_count() > MAX_FINS:
                        continue
                    for f in bits(fins):
                        seen &= peer[f]
                    if not seen & pos:
                        continue
                if left > 1:
                    grow(i + 1, chosen + (u,), more)
                    continue
                if not fins or any(not places[v] & ~fins for v in units):
                    continue
                cover = chosen + (u,)
                cannibal = 0
                for v, w in combinations(cover, 2):
                    cannibal |= places[v] & places[w] & body & ~fins
                elims = ((more & pos & ~body) | cannibal) & seen
                if elims:
                    found.append((units, cover, fins, elims))

        grow(0, (), 0)
        return found

    def _exact_covers(self, base, size):
        """Without fins every base place is covered: branch on the houses through the first one left."""
        units, body = base
        places, cover_ok, pos, budget = self.places, self.cover_ok, self.pos, self.budget
        cell_units = self.t.cell_units
        found = []
        stack = [((), 0)]
        while stack:
            budget[0] -= 1
            if budget[0] < 0:
                break
            chosen, covered = stack.pop()
            rest = body & ~covered
            if len(chosen) == size:
                if not rest:
                    cannibal = 0
                    for v, w in combinations(chosen, 2):
                        cannibal |= places[v] & places[w]
                    elims = (covered & pos & ~body) | cannibal
                    if elims:
                        found.append((units, chosen, 0, elims))
                continue
            if not rest:
                continue  # fewer cover houses do: a smaller fish
            i = (rest & -rest).bit_length() - 1
            for u in cell_units[i]:
                if u in cover_ok and u not in units and u not in chosen:
                    stack.append((chosen + (u,), covered | places[u]))
        return found


def _kinds(t, units) -> set:
    """Which kinds of house among `units`: "row", "column", "box" (boxes and Jigsaw regions alike)."""
    n = t.n
    return {("row", "column", "box")[u // n] for u in units}


# -- finned and sashimi basic fish ---------------------------------------------------------------------------

@lru_cache(maxsize=16)
def _box_lines(t) -> tuple:
    """For rows as base lines (index 0) and columns (1): per box, per line, the mask of the cross lines
    the box takes in that line (0 where the line misses the box); and per box, the lines crossing it."""
    n = t.n
    out = []
    for by_rows in (True, False):
        per_box = []
        for box in range(2 * n, 3 * n):
            lines = [0] * n
            for i in t.units[box]:
                r, c = divmod(i, n)
                if by_rows:
                    lines[r] |= 1 << c
                else:
                    lines[c] |= 1 << r
            per_box.append(tuple(lines))
        out.append((tuple(per_box), tuple(tuple(k for k in range(n) if m[k]) for m in per_box)))
    return tuple(out)


class _Lines:
    """Finned fish of one size on one digit, rows against columns (or columns against rows), with line
    masks: `places[k]` the cross lines where the digit may go in base line k."""

    def __init__(self, b: Board, d: int, size: int, by_rows: bool) -> None:
        self.b, self.d, self.size, self.by_rows = b, d, size, by_rows
        self.n = b.t.n
        self.places = line_places(b, d, by_rows)
        self.boxes, self.crossing = _box_lines(b.t)[0 if by_rows else 1]

    def fish(self):
        """Every finned fish as (base units, cover units, fins, eliminations), by fin box."""
        size, places, n = self.size, self.places, self.n
        for box, inside in enumerate(self.boxes):
            # the fins and the cells they clear share this box, on two base lines or more
            fin_lines = [k for k in self.crossing[box] if places[k] & inside[k]]
            if len(fin_lines) < 2:
                continue
            # outside the fin box every place of a base line is in the cover: at most `size` cross lines
            outside = [p & ~m for p, m in zip(places, inside)]
            lines = [k for k in range(n) if places[k].bit_count() >= 2 and outside[k].bit_count() <= size]
            for first in fin_lines:  # the first base line with a fin
                if first not in lines:
                    continue
                rest = [k for k in lines if k != first and (k > first or k not in fin_lines)]
                for others in self._bases(rest, outside, size - 1, outside[first]):
                    if not all(k in others for k in fin_lines if k != first):  # a line left to clear
                        yield from self.on(tuple(sorted((first, *others))), box)

    def _bases(self, lines, outside, count, need) -> "list[tuple[int, ...]]":
        """The `count` lines of `lines` whose places outside the fin box, with `need`, take `size` cross
        lines at most."""
        out: "list[tuple[int, ...]]" = []
        size = self.size

        def grow(start, chosen, need):
            if len(chosen) == count:
                out.append(chosen)
                return
            for j in range(start, len(lines) - (count - len(chosen)) + 1):
                more = need | outside[lines[j]]
                if more.bit_count() <= size:
                    grow(j + 1, chosen + (lines[j],), more)

        grow(0, (), need)
        return out

    def on(self, chosen, box):
        """The finned fish on base lines `chosen` with their fins in `box` (index from 0)."""
        b, n, size, places, inside = self.b, self.n, self.size, self.places, self.boxes[box]
        t = b.t
        need = room = body = 0
        for k in chosen:
            need |= places[k] & ~inside[k]
            room |= places[k] & inside[k]
            body |= t.unit_masks[k if self.by_rows else n + k]
        cross = n if self.by_rows else 0  # the unit index of cross line 0
        pos, peer = b.positions()[self.d] & ~body & t.unit_masks[2 * n + box], t.peer_masks
        if not pos:
            return
        spare = size - need.bit_count()
        if spare < 0:
            return
        for extra in combinations(bits(room & ~need), spare):
            cover = need
            for x in extra:
                cover |= 1 << x
            if any(not places[k] & cover for k in chosen):
                continue
            fins = 0
            sees = pos
            for k in chosen:
                for x in bits(places[k] & ~cover):
                    f = k * n + x if self.by_rows else x * n + k
                    fins |= 1 << f
                    sees &= peer[f]
            elims = 0
            for x in bits(cover):
                elims |= sees & t.unit_masks[cross + x]
            if fins and elims:
                yield (tuple(k + n - cross for k in chosen), tuple(cross + x for x in bits(cover)), fins, elims)

    def twin(self, fish):
        """Another finned fish on the same base lines with other cover lines that removes more."""
        chosen = tuple(u - (self.n if not self.by_rows else 0) for u in fish[0])
        for box in range(self.n):
            for other in self.on(chosen, box):
                if other[1] != fish[1] and other[3] & ~fish[3]:
                    return other
        return None


def _sashimi(b, d, fish) -> bool:
    """A base line with a single place in the cover."""
    units, covers, _, _ = fish
    cover = 0
    for u in covers:
        cover |= b.t.unit_masks[u]
    pos = b.positions()[d]
    return any((pos & b.t.unit_masks[u] & cover).bit_count() == 1 for u in units)


#: The last position's finned fish per size: the Finned and the Sashimi finders run one after the other on
#: the same position, and most often find nothing; one search serves both.
_LAST: dict = {}


def _all_finned(b: Board, size: int) -> list:
    key = (b.t, tuple(b.cands))
    last = _LAST.get(size)
    if last is None or last[0] != key:
        found = [(d, by_rows, fish) for d in range(b.t.n) if b.positions()[d] for by_rows in (True, False)
                 for fish in _Lines(b, d, size, by_rows).fish()]
        last = _LAST[size] = (key, found)
    return last[1]


def finned_fish(b: Board, size: int, sashimi: bool) -> "Step | None":
    """A finned (or sashimi) fish of `size` on rows against columns, or columns against rows; with its
    Siamese twin (same base lines, other cover lines) in one step when the twin removes more."""
    if size > b.t.n // 2:
        return None
    for d, by_rows, fish in _all_finned(b, size):
        if _sashimi(b, d, fish) == sashimi:
            return _finned_step(b, d, size, sashimi, fish, _Lines(b, d, size, by_rows).twin(fish))
    return None


def _finned_step(b, d, size, sashimi, fish, twin) -> Step:
    t, n = b.t, b.t.n
    name = f"{'Sashimi' if sashimi else 'Finned'} {FISH[size]}"
    digit = sym(d + 1, n)
    units, covers, fins, elims = fish
    parts = [_cover_clause(t, covers, fins)]
    if twin is not None:
        name = f"Siamese {name}"
        parts.append(_cover_clause(t, twin[1], twin[2]))
        elims |= twin[3]
        fins |= twin[2]
        covers = tuple(sorted(set(covers) | set(twin[1])))
    text = (f"{name}: in {listing(t.unit_names[u] for u in units)}, {digit} fits only "
            f"{' and also only '.join(parts)}; either way {digit} leaves "
            f"{cells_text(bits(elims), n)}")
    return _step(b, name, d, units, covers, fins, elims, text, FINNED_SCORES[size] + (0.1 if sashimi else 0.0))


def _cover_clause(t, covers, fins) -> str:
    fin_word = "fin" if fins.bit_count() == 1 else "fins"
    return (f"in {listing(t.unit_names[u] for u in sorted(covers))} or in the {fin_word} "
            f"{cells_text(bits(fins), t.n)}")


def _step(b, name, d, units, covers, fins, elims, text, score) -> Step:
    t = b.t
    body = 0
    for u in units:
        body |= b.positions()[d] & t.unit_masks[u]
    cells = tuple(bits(body))
    return Step(name, text, t.n, eliminations=tuple((i, d + 1) for i in bits(elims)), cells=cells,
                units=tuple(t.unit_names[u] for u in tuple(units) + tuple(covers)),
                candidates=tuple((i, d + 1) for i in cells), difficulty=round(score, 1),
                extra={"fins": list(bits(fins))})


def finned_x_wing(b): return finned_fish(b, 2, False)
def sashimi_x_wing(b): return finned_fish(b, 2, True)
def finned_swordfish(b): return finned_fish(b, 3, False)
def sashimi_swordfish(b): return finned_fish(b, 3, True)
def finned_jellyfish(b): return finned_fish(b, 4, False)
def sashimi_jellyfish(b): return finned_fish(b, 4, True)


# -- Franken and Mutant fish ---------------------------------------------------------------------------------

def _max_size(n: int) -> int:
    """Sizes 2-4 on 9x9 and smaller grids (up to half the side), 2-3 past that: a big grid has many more
    houses to combine."""
    return min(n // 2, 4 if n <= 9 else 3)


def complex_fish(b: Board, mutant: bool, finned: bool) -> "Step | None":
    """The smallest Franken (or Mutant) fish, finned or not, within the search budget."""
    t = b.t
    n = t.n
    rows, cols, boxes = range(n), range(n, 2 * n), range(2 * n, 3 * n)
    if mutant:
        shapes = [(range(3 * n), range(3 * n))]
    else:
        shapes = [((*rows, *boxes), (*cols, *boxes)), ((*cols, *boxes), (*rows, *boxes))]
    budget = [_BUDGET]
    for size in range(2, _max_size(n) + 1):
        for d in range(n):
            if not b.positions()[d]:
                continue
            for bases, covers in shapes:
                for units, chosen, fins, elims in _Search(b, d, bases, covers, finned, budget).fish(size):
                    base_kinds, cover_kinds = _kinds(t, units), _kinds(t, chosen)
                    if mutant == _franken_shape(base_kinds, cover_kinds):
                        continue
                    if not mutant and "box" not in base_kinds | cover_kinds:
                        continue  # a basic fish
                    return _complex_step(b, d, size, mutant, units, chosen, fins, elims)
                if budget[0] < 0:
                    return None
    return None


def _franken_shape(base_kinds: set, cover_kinds: set) -> bool:
    """Rows (and boxes) against columns (and boxes), or the other way round: a basic or Franken fish."""
    return any(base_kinds <= {a, "box"} and cover_kinds <= {c, "box"}
               for a, c in (("row", "column"), ("column", "row")))


def _complex_step(b, d, size, mutant, units, covers, fins, elims) -> Step:
    t, n = b.t, b.t.n
    kind = "Mutant" if mutant else "Franken"
    name = f"{'Finned ' if fins else ''}{kind} Fish"
    digit = sym(d + 1, n)
    where = f"in {listing(t.unit_names[u] for u in covers)}"
    if fins:
        where += f" or in the {'fin' if fins.bit_count() == 1 else 'fins'} {cells_text(bits(fins), n)}"
    text = (f"{name}: in {listing(t.unit_names[u] for u in units)}, {digit} fits only {where} "
            f"(a {'finned ' if fins else ''}{kind} {FISH[size]}), so {digit} leaves {cells_text(bits(elims), n)}")
    return _step(b, name, d, units, covers, fins, elims, text, COMPLEX_SCORES[mutant, bool(fins)][size])


def franken_fish(b): return complex_fish(b, False, False)
def finned_franken_fish(b): return complex_fish(b, False, True)
def mutant_fish(b): return complex_fish(b, True, False)
def finned_mutant_fish(b): return complex_fish(b, True, True)


#: Every technique name a step of this module can carry (none is in the rating path).
NAMES = tuple(f"{siamese}{kind} {FISH[size]}" for size in FISH for kind in ("Finned", "Sashimi")
              for siamese in ("", "Siamese ")) + ("Franken Fish", "Finned Franken Fish", "Mutant Fish",
                                                  "Finned Mutant Fish")
