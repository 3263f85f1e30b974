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

Franken and Mutant base houses may share places: those are *endo fins* (at most `MAX_ENDO_FINS`), fins like
the others, since a digit there would fill two base houses at once. Their search (`_Search`) only looks at
digits with candidates no template of the digit takes (`templates`): a fish argues from one digit's places,
so it removes nothing else. It takes base sets in order, pruned by the places no single cover house can
take two of (each needs its own cover or is a fin), then decides the base places one at a time: covered by
one of the cell's houses, or a fin (whose houses then cover nothing later, so each cover set comes once).
Finned ones go target by target: every fin sees the candidate removed, so the base places that do not see
it need a cover house each, and one cover house goes through it. Sizes 2-6 (Squirmbag 5, Whale 6) on 9x9,
2-3 past it, smallest first, each kind (Franken or Mutant, plain or finned) within its own count of
`_BUDGET` steps a position, so a hint stays quick; they come late in the hint order. Two finned ones on the
same base are told as one Siamese step.

Houses are the rules' rows, columns and boxes (or Jigsaw regions) and "sees" is the rules' peers, so the
argument holds under variant rules as it is.
"""
from ...core.compat import bit_count, bit_length, combinations, lru_cache, ordered_dict, unique
from ..board import Board, bits
from ..phrases import cells_text, listing, sym
from ..step import Focus, Step, focus_cells
from .fish import line_places
from .templates import templates

FISH = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
SIZE_NAMES = dict(list(FISH.items()) + [(5, "Squirmbag"), (6, "Whale")])
# Calibrated (Sudoku Explainer and Sukaku Explainer have no finned, Franken or Mutant fish): the basic fish's
# value plus 0.8 (a Finned X-Wing sits with the Skyscraper, as HoDoKu scores them), sashimi 0.1 more.
# Franken and Mutant fish: HoDoKu's scores (Franken 300/350/370, finned 390/410/430, Mutant 450, finned 470)
# at 0.1 for 10 points from ALS-XZ's 300 = 7.0, as the ALS family's values here are; HoDoKu scores every
# Squirmbag and Whale (sizes 5 and 6) but the plain Mutant ones 470 = 8.7.
FINNED_SCORES = {2: 4.0, 3: 4.6, 4: 6.0}
COMPLEX_SCORES = {(False, False): {2: 7.0, 3: 7.5, 4: 7.7, 5: 8.7, 6: 8.7},
                  (False, True): {2: 7.9, 3: 8.1, 4: 8.3, 5: 8.7, 6: 8.7},
                  (True, False): dict.fromkeys(SIZE_NAMES, 8.5), (True, True): dict.fromkeys(SIZE_NAMES, 8.7)}
MAX_FINS = 5  # HoDoKu's default
MAX_ENDO_FINS = 2  # HoDoKu's default
#: search steps for one position's search of each kind, by (Mutant, finned): tens of ms at most; enough for
#: 37 of the 41 Franken and Mutant fish of HoDoKu's regression library (bench/reglib_bench.py)
_BUDGET = {(False, False): 4000, (False, True): 8000, (True, False): 4000, (True, True): 16000}


class _Search:
    """Fish on one digit with base houses from `bases` and cover houses from `covers` (unit indices, rows,
    columns and boxes), at most `max_fins` fins (endo fins included), within `budget`: a one-item list of
    the steps left, shared by every search of one finder call."""

    def __init__(self, b: Board, d: int, bases, covers, max_fins: int, budget: "list[int]",
                 targets: "int | None" = None) -> None:
        t = b.t
        self.t, self.max_fins, self.budget = t, max_fins, budget
        self.pos = pos = b.positions()[d]
        self.targets = pos if targets is None else targets  # the candidates a fish may remove
        self.places = places = [pos & m for m in t.unit_masks[:3 * t.n]]
        self.bases = [u for u in bases if bit_count(places[u]) >= 2]
        self.place_list = {u: tuple(bits(places[u])) for u in self.bases}
        self.cover_ok = 0
        for u in covers:
            if places[u]:
                self.cover_ok |= 1 << u
        # each cell's row, column and box, as unit indices and as one mask of them
        self.houses = [tuple(u for u in us if u < 3 * t.n) for us in t.cell_units]
        self.house_mask = [sum(1 << u for u in us) for us in self.houses]
        # link[i]: the places a cover house through cell i could also take
        self.link = link = {}
        for i in bits(pos):
            m = 0
            for u in self.houses[i]:
                if self.cover_ok >> u & 1:
                    m |= places[u]
            link[i] = m

    def fish(self, size: int):
        """Every fish of `size` as (base units, cover units, fins, eliminations), fins and eliminations as
        cell boards, base sets in order, until the budget runs out; each base set's fish come together
        (a list), so Siamese ones can be told as one. Finned ones are sought target by target: every fin
        sees the candidate removed, so the other base places need a cover house each."""
        budget = self.budget
        runs = [(1 << x, self.t.peer_masks[x], self.link[x]) for x in bits(self.targets)] if self.max_fins \
            else [(self.targets, -1, -1)]
        for targets, free, reach in runs:
            for units, body, endo in self._base_sets(size, 0, (), 0, 0, 0, 0, free, reach, 0, 0, False):
                budget[0] -= 1
                if budget[0] < 0:
                    return
                found = self._covers(units, body, endo, size, targets)
                if found:
                    yield found

    def _base_sets(self, size, start, chosen, body, endo, apart, near, free, reach, hard, hard_near, touch):
        """Base sets of `size` houses; places two of them share are endo fins (at most `MAX_ENDO_FINS`).

        `apart`: base places no cover house takes two of (`near` the places a cover house through one of
        them takes): each needs a cover house of its own or is a fin, so past `size` and the fins left
        no base set that grows from here makes a fish. `hard` counts those of them outside `free`, the
        places that may be fins: past `size` likewise, and at `size` one of them must be in `reach` (the
        places of the cover houses through the target: one of them is in the cover), `touch` says so."""
        if len(chosen) == size:
            yield chosen, body, endo
            return
        places, link, budget = self.places, self.link, self.budget
        for j in range(start, len(self.bases) - (size - len(chosen)) + 1):
            budget[0] -= 1
            u = self.bases[j]
            more = endo | (places[u] & body)
            if bit_count(more) > min(MAX_ENDO_FINS, self.max_fins) or more & ~free:
                continue
            a, m, h, hm, hit = apart, near, hard, hard_near, touch
            for i in self.place_list[u]:
                if body >> i & 1:
                    continue
                if not m >> i & 1:
                    a |= 1 << i
                    m |= link[i]
                if not free >> i & 1 and not hm >> i & 1:
                    h += 1
                    hm |= link[i]
                    hit = hit or bool(reach >> i & 1)
            if h > size or (h == size and not hit) or bit_count(a & ~more) + bit_count(more) > size + self.max_fins:
                continue
            yield from self._base_sets(size, j + 1, chosen + (u,), body | places[u], more, a, m, free, reach, h, hm,
                                       hit)

    def _covers(self, units, body, endo, size, targets) -> list:
        """The cover sets of a base, target by target: a candidate x the fish would remove lies in a
        cover house (or in two, a base place), and every fin sees it. So a cover house through x comes
        first; then the lowest base place not yet decided is covered by one of its houses, or, when it
        sees x, is a fin (and then none of its houses may cover later: each cover set comes once)."""
        places, houses, peer, budget, link = self.places, self.houses, self.t.peer_masks, self.budget, self.link
        max_fins = self.max_fins
        base_mask = 0
        for u in units:
            base_mask |= 1 << u
        allowed = self.cover_ok & ~base_mask
        seen = -1
        for f in bits(endo):
            seen &= peer[f]
        found = ordered_dict()  # cover set -> fish, in the order found

        def grow(chosen, covered, fins, forbidden, free):
            budget[0] -= 1
            if budget[0] < 0:
                return
            rest = body & ~endo & ~covered & ~fins
            if len(chosen) == size:
                # every place still open is a fin
                if rest & ~free or bit_count(fins | rest | endo) > max_fins:
                    return
                fins |= rest
                sees = seen
                for f in bits(fins):
                    sees &= peer[f]
                cover = 0
                cannibal = 0
                for u in chosen:
                    cannibal |= cover & places[u]
                    cover |= places[u]
                elims = ((cover & ~body) | (cannibal & body & ~fins)) & sees
                key = tuple(sorted(chosen))
                if elims and key not in found:
                    found[key] = (units, key, fins | endo, elims)
                return
            if not rest:
                return  # fewer cover houses take every place: a smaller fish
            must = rest & ~free  # places that cannot be fins: each needs a cover house, no two sharing one
            left, open_ = size - len(chosen), must
            while open_:
                left -= 1
                if left < 0:
                    return
                open_ &= ~link[bit_length(open_ & -open_) - 1]
            c = bit_length((must or rest) & -(must or rest)) - 1  # those first: no fin branch
            for u in houses[c]:
                if allowed >> u & 1 and not forbidden >> u & 1:
                    grow(chosen + (u,), covered | places[u], fins, forbidden | 1 << u, free)
            if free >> c & 1 and bit_count(fins | endo) < max_fins:
                grow(chosen, covered, fins | 1 << c, forbidden | self.house_mask[c], free)

        if not max_fins:  # no fins: one search covers every place, whatever it removes
            grow((), 0, 0, 0, 0)
            return list(found.values())
        for x in bits(targets & seen):
            free = peer[x]  # the places that may be fins
            through = [u for u in houses[x] if allowed >> u & 1]
            if body >> x & 1:  # a cannibal: two cover houses through x
                for i, u in enumerate(through):
                    for v in through[i + 1:]:
                        grow((u, v), places[u] | places[v], 0, 1 << u | 1 << v, free)
            else:
                for u in through:
                    grow((u,), places[u], 0, 1 << u, free)
        return list(found.values())


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
        count = self.b.t.count  # (bit counts of line places by table: cheaper than bit_count on MicroPython)
        for box, inside in enumerate(self.boxes):
            # the fins and the cells they clear share this box, on two base lines or more
            fin_lines = [k for k in self.crossing[box] if places[k] & inside[k]]
            if len(fin_lines) < 2:
                continue
            # outside the fin box every place of a base line is in the cover: at most `size` cross lines
            outside = [p & ~m for p, m in zip(places, inside)]
            lines = [k for k in range(n) if count[places[k]] >= 2 and count[outside[k]] <= size]
            for first in fin_lines:  # the first base line with a fin
                if first not in lines:
                    continue
                rest = [k for k in lines if k != first and (k > first or k not in fin_lines)]
                for others in self._bases(rest, outside, size - 1, outside[first]):
                    if not all(k in others for k in fin_lines if k != first):  # a line left to clear
                        yield from self.on(tuple(sorted((first,) + others)), box)

    def _bases(self, lines, outside, count, need) -> "list[tuple[int, ...]]":
        """The `count` lines of `lines` whose places outside the fin box, with `need`, take `size` cross
        lines at most."""
        out: "list[tuple[int, ...]]" = []
        size = self.size
        count_of = self.b.t.count

        def grow(start, chosen, need):
            if len(chosen) == count:
                out.append(chosen)
                return
            for j in range(start, len(lines) - (count - len(chosen)) + 1):
                more = need | outside[lines[j]]
                if count_of[more] <= size:
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
        spare = size - bit_count(need)
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
    return any(bit_count(pos & b.t.unit_masks[u] & cover) == 1 for u in units)


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


def finned_fish(b: Board, size: int, sashimi: bool, focus: Focus = ()) -> "Step | None":
    """A finned (or sashimi) fish of `size` on rows against columns, or columns against rows; with its
    Siamese twin (same base lines, other cover lines) in one step when the twin removes more. With `focus`,
    one removing one of those candidates."""
    if size > b.t.n // 2:
        return None
    for d, by_rows, fish in _all_finned(b, size):
        if _sashimi(b, d, fish) == sashimi and fish[3] & focus_cells(focus, d + 1):
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
    fin_word = "fin" if bit_count(fins) == 1 else "fins"
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


def finned_x_wing(b: Board, focus: Focus = ()) -> "Step | None": return finned_fish(b, 2, False, focus)
def sashimi_x_wing(b: Board, focus: Focus = ()) -> "Step | None": return finned_fish(b, 2, True, focus)
def finned_swordfish(b: Board, focus: Focus = ()) -> "Step | None": return finned_fish(b, 3, False, focus)
def sashimi_swordfish(b: Board, focus: Focus = ()) -> "Step | None": return finned_fish(b, 3, True, focus)
def finned_jellyfish(b: Board, focus: Focus = ()) -> "Step | None": return finned_fish(b, 4, False, focus)
def sashimi_jellyfish(b: Board, focus: Focus = ()) -> "Step | None": return finned_fish(b, 4, True, focus)


# -- Franken and Mutant fish ---------------------------------------------------------------------------------

def _max_size(n: int) -> int:
    """Sizes 2-6 on 9x9 and smaller grids (Squirmbag 5 and Whale 6 only when the budget leaves room), 2-3 on
    bigger ones: they have many more houses to combine."""
    return 6 if n <= 9 else 3


def _open_lines(b: Board, d: int) -> int:
    """The rows without digit d placed: a fish takes fewer base houses than that."""
    t = b.t
    n = t.n
    pos = b.positions()[d]
    return sum(1 for r in range(n) if pos & t.unit_masks[r])


#: The last position's search of each kind (Franken or Mutant, plain or finned): a finder may run again on the
#: same position (the technique library, a page asking twice).
_LAST_COMPLEX: dict = {}


def _complex_found(b: Board, mutant: bool, finned: bool, focus: Focus = ()) -> "tuple | None":
    """The first fish of the kind the search finds, smallest size first, as (digit, size, fish, Siamese
    twin or None), within `_BUDGET[mutant, finned]` steps; with `focus`, one removing those candidates."""
    key = (b.t, tuple(b.cands), mutant, finned, focus)
    last = _LAST_COMPLEX.get((mutant, finned))
    if last is not None and last[0] == key:
        return last[1]
    found = _LAST_COMPLEX[mutant, finned] = (key, _search_complex(b, mutant, finned, focus))
    return found[1]


def _search_complex(b: Board, mutant: bool, finned: bool, focus: Focus) -> "tuple | None":
    t = b.t
    n = t.n
    want = [focus_cells(focus, d + 1) for d in range(n)]  # per digit, the cells where a removal counts
    rows, cols, boxes = range(n), range(n, 2 * n), range(2 * n, 3 * n)
    if mutant:
        shapes = [(range(3 * n), range(3 * n))]
    else:
        shapes = [(tuple(rows) + tuple(boxes), tuple(cols) + tuple(boxes)),
                  (tuple(cols) + tuple(boxes), tuple(rows) + tuple(boxes))]

    def wanted(fish) -> bool:
        base_kinds, cover_kinds = _kinds(t, fish[0]), _kinds(t, fish[1])
        if mutant == _franken_shape(base_kinds, cover_kinds):
            return False
        return bool(fish[2]) == finned and (mutant or "box" in base_kinds | cover_kinds)  # else basic

    budget = [_BUDGET[mutant, finned]]
    digits = [(d, _open_lines(b, d), targets) for d in range(n) if (targets := _targets(b, d) & want[d])]
    for size in range(2, _max_size(n) + 1):
        for d, lines, targets in digits:
            if size >= lines:
                continue
            for bases, covers in shapes:
                search = _Search(b, d, bases, covers, MAX_FINS if finned else 0, budget, targets)
                for group in search.fish(size):
                    mine = [fish for fish in group if wanted(fish)]
                    if mine:
                        twin = next((o for o in mine[1:] if o[3] & ~mine[0][3]), None) if finned else None
                        return d, size, mine[0], twin
                if budget[0] < 0:
                    return None
    return None


def _targets(b: Board, d: int) -> int:
    """The candidates of digit d a fish could remove: a fish argues from d's places alone, so what it
    removes is in none of d's templates (all of d's places when they are past their count budget)."""
    pos = b.positions()[d]
    found = templates(b, d)
    return pos if found is None else pos & ~found[1]


def complex_fish(b: Board, mutant: bool, finned: bool, focus: Focus = ()) -> "Step | None":
    """The smallest Franken (or Mutant) fish, finned or not, within the search budget; a finned one with
    its Siamese twin (same base, other cover houses and fins) in one step when the twin removes more. With
    `focus`, only the candidates of `focus` are targets."""
    found = _complex_found(b, mutant, finned, tuple(focus))
    if found is None:
        return None
    d, size, fish, twin = found
    return _complex_step(b, d, size, mutant, fish, twin)


def _franken_shape(base_kinds: set, cover_kinds: set) -> bool:
    """Rows (and boxes) against columns (and boxes), or the other way round: a basic or Franken fish."""
    return any(base_kinds <= {a, "box"} and cover_kinds <= {c, "box"}
               for a, c in (("row", "column"), ("column", "row")))


def _complex_step(b, d, size, mutant, fish, twin) -> Step:
    t, n = b.t, b.t.n
    units, covers, fins, elims = fish
    kind = "Mutant" if mutant else "Franken"
    name = f"{'Finned ' if fins else ''}{kind} Fish"
    digit = sym(d + 1, n)
    if fins:
        parts = [_cover_clause(t, covers, fins)]
        if twin is not None:
            name = f"Siamese {name}"
            parts.append(_cover_clause(t, twin[1], twin[2]))
            elims |= twin[3]
            fins |= twin[2]
            covers = tuple(unique(covers + twin[1]))
        where = " and also only ".join(parts)
    else:
        where = f"in {listing(t.unit_names[u] for u in covers)}"
    fish_name = f"a {'finned ' if fins else ''}{kind} {SIZE_NAMES[size]}"
    text = (f"{name}: in {listing(t.unit_names[u] for u in units)}, {digit} fits only {where} ({fish_name}), "
            f"so {digit} leaves {cells_text(bits(elims), n)}")
    return _step(b, name, d, units, covers, fins, elims, text, COMPLEX_SCORES[mutant, bool(fins)][size])


def franken_fish(b: Board, focus: Focus = ()) -> "Step | None": return complex_fish(b, False, False, focus)
def finned_franken_fish(b: Board, focus: Focus = ()) -> "Step | None": return complex_fish(b, False, True, focus)
def mutant_fish(b: Board, focus: Focus = ()) -> "Step | None": return complex_fish(b, True, False, focus)
def finned_mutant_fish(b: Board, focus: Focus = ()) -> "Step | None": return complex_fish(b, True, True, focus)


#: Every technique name a step of this module can carry (none is in the rating path).
NAMES = tuple(f"{siamese}{kind} {FISH[size]}" for size in FISH for kind in ("Finned", "Sashimi")
              for siamese in ("", "Siamese ")) + ("Franken Fish", "Finned Franken Fish", "Siamese Finned Franken Fish",
                                                  "Mutant Fish", "Finned Mutant Fish", "Siamese Finned Mutant Fish")
