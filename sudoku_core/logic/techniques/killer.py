"""Killer techniques: what cage totals tell (Cage Combination, Cage Interaction, Innies & Outies).

The definitions are the usual Killer ones (Sudopedia's "45 rule", "Innie" and "Outie" pages; SudokuWiki's
Killer Sudoku pages); the code is written here.

* **Cage Combination**: a cage of k cells with a total holds one of the sets of k distinct digits that add
  up to it. A set stays possible when it holds the digits already placed in the cage and its other digits
  can be spread over the open cells, one each, every cell taking one of its candidates. A cell keeps only
  the digits it takes in some such spread.
* **Cage Interaction**: a digit every possible set holds is in the cage; when its places in the cage all
  see a cell outside, that cell loses it (a cage lying in a row takes its must-digits out of the rest of the
  row). The other way round: when a house's places for a digit all lie in one cage, the cage holds that
  digit, and its sets without it go.
* **Innies & Outies** (the 45 rule): a house holds each digit once, so k houses add up to k times
  1 + ... + n (45 on a 9x9). Take a house, or a union of neighbouring rows, columns or boxes (regions): the
  cages wholly inside add up to their totals, so the cells left over (innies) add up to the rest. Cages
  that stick out add their cells outside (outies) too: the innies minus the outies make a known number.
  A relation with at most `MAX_OPEN` open cells is solved by trying every filling (digits distinct where
  cells see each other): a single cell is placed; with more cells (two innies are a virtual cage) each cell
  keeps only the digits some filling uses.

Difficulties are on the rating's Sudoku Explainer-like scale, but Sudoku Explainer has no Killer
techniques: these values were chosen here (see docs/logic.md), between the singles and the subsets.
"""
from ...core.compat import bit_count, bit_length, combinations, lru_cache, ordered_dict, stable_sorted
from ..board import Board, Tables, bits
from ..phrases import cells_text, listing, sym
from ..step import Step

COMBINATION = 2.4
INTERACTION = 2.7
INNIES = 2.5  # one house, one cell; + 0.2 a further house, + 0.3 for several cells, + 0.2 with outies
MAX_OPEN = 4  # open cells of a 45-rule relation tried by enumeration
_MEMO_SIZE = 20000


@lru_cache(maxsize=None)
def cage_sets(size: int, total: int, n: int) -> "tuple[int, ...]":
    """The digit masks (bit d-1 for digit d) of every set of `size` distinct digits 1..n adding up to `total`."""
    return tuple(sum(1 << d for d in combo) for combo in combinations(range(n), size)
                 if sum(combo) + size == total)


class _Cage:
    __slots__ = ("index", "cells", "mask", "total", "name", "sets")

    def __init__(self, index: int, cage, t: Tables) -> None:
        self.index = index
        self.cells = tuple(sorted(cage.cells))
        self.mask = sum(1 << c for c in self.cells)
        self.total = cage.total
        self.name = cage.name(t.shape)
        self.sets = cage_sets(len(self.cells), cage.total, t.n)


class _Relation:
    """sum(innies) - sum(outies) == target over an area of `houses` (unit indices)."""

    __slots__ = ("houses", "area", "inner", "outer", "target", "inside_total", "touching_total")

    def __init__(self, houses, area, inner, outer, target, inside_total, touching_total) -> None:
        self.houses, self.area, self.inner, self.outer = houses, area, inner, outer
        self.target, self.inside_total, self.touching_total = target, inside_total, touching_total


class _KillerTables:
    """The cages with a total (fewest possible sets first) and the 45-rule relations of one rule set."""

    def __init__(self, t: Tables) -> None:
        cages = [_Cage(k, c, t) for k, c in enumerate(t.cages) if c.total is not None]
        self.cages = stable_sorted(cages, key=lambda c: (len(c.sets), len(c.cells)))
        self.cage_of: dict[int, _Cage] = {i: c for c in cages for i in c.cells}
        self.relations = _relations(t, cages)
        self.memo: dict = {}


def _killer(t: Tables) -> _KillerTables:
    """The cage tables of `t`, kept on it: they go when it goes (MicroPython has no weakref)."""
    kt = getattr(t, "killer_tables", None)
    if kt is None:
        kt = t.killer_tables = _KillerTables(t)
    return kt


def _areas(t: Tables) -> "list[tuple[int, ...]]":
    """Sets of houses (unit indices) for the 45 rule, fewest houses first: every house, runs of 2 to n-1
    neighbouring rows or columns, and pairs of boxes (regions) side by side."""
    n = t.n
    areas: list[tuple[int, ...]] = [(u,) for u in range(len(t.units))]
    for k in range(2, n):
        for first in range(n - k + 1):
            areas.append(tuple(range(first, first + k)))  # rows
            areas.append(tuple(range(n + first, n + first + k)))  # columns
    side_by_side = set()
    for i in range(t.cell_count):
        for j in (i + 1 if (i + 1) % n else None, i + n if i + n < t.cell_count else None):
            if j is not None and t.box_of[i] != t.box_of[j]:
                side_by_side.add(tuple(sorted((2 * n + t.box_of[i], 2 * n + t.box_of[j]))))
    areas += sorted(side_by_side)
    return stable_sorted(areas, key=len)


def _relations(t: Tables, cages: "list[_Cage]") -> "list[_Relation]":
    """Per area: the innies relation (cages wholly inside taken away) and, when cages stick out, the
    innies-and-outies one (every cage touching the area taken away); each distinct relation once."""
    full = t.n * (t.n + 1) // 2
    out, seen = [], set()
    for houses in _areas(t):
        area = 0
        for u in houses:
            area |= t.unit_masks[u]
        inside = [c for c in cages if c.mask & area == c.mask]
        across = [c for c in cages if c.mask & area and c.mask & ~area]
        inside_cells = sum(c.mask for c in inside)
        inside_total = sum(c.total for c in inside)
        options = [(area & ~inside_cells, 0, len(houses) * full - inside_total, 0)]
        if across:
            across_cells = sum(c.mask for c in across)
            across_total = sum(c.total for c in across)
            options.append((area & ~inside_cells & ~across_cells, across_cells & ~area,
                            len(houses) * full - inside_total - across_total, across_total))
        for inner, outer, target, touching in options:
            key = (inner, outer, target)
            if (inner or outer) and key not in seen:
                seen.add(key)
                out.append(_Relation(houses, area, inner, outer, target, inside_total, inside_total + touching))
    return out


# -- spreading digits over cells ---------------------------------------------------------------------
def fillings(masks: "list[int]") -> "list[int] | None":
    """Per cell, the digits it takes in some way of giving every cell a different digit of its mask,
    with as many digits in all as cells; None when there is no way."""
    k = len(masks)
    order = stable_sorted(range(k), key=lambda i: bit_count(masks[i]))
    ms = [masks[i] for i in order]
    done: dict[int, bool] = {}

    def completes(used: int) -> bool:
        # cell j = used.bit_count() is next: the cells before it took the digits in `used`
        j = bit_count(used)
        if j == k:
            return True
        found = done.get(used)
        if found is None:
            found = done[used] = any(completes(used | 1 << d) for d in bits(ms[j] & ~used))
        return found

    if not completes(0):
        return None
    takes = [0] * k
    stack, seen = [0], {0}
    while stack:
        used = stack.pop()
        j = bit_count(used)
        if j == k:
            continue
        for d in bits(ms[j] & ~used):
            nxt = used | 1 << d
            if completes(nxt):
                takes[j] |= 1 << d
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
    result = [0] * k
    for j, i in enumerate(order):
        result[i] = takes[j]
    return result


def _options(kt: _KillerTables, cage: _Cage, b: Board, required: int = 0):
    """(possible sets, open cells, per open cell the digits it may take) of a cage; sets must hold the
    digits of `required`. Memoised on the cage's cells' values and candidates."""
    values, cands = b.values, b.cands
    key = (cage.index, required, tuple(values[c] for c in cage.cells), tuple(cands[c] for c in cage.cells))
    found = kt.memo.get(key)
    if found is not None:
        return found
    placed = 0
    open_cells = []
    for c in cage.cells:
        if values[c]:
            placed |= 1 << (values[c] - 1)
        else:
            open_cells.append(c)
    kept, allowed = [], [0] * len(open_cells)
    for s in cage.sets:
        if s & placed != placed or s & required != required:
            continue
        rest = s & ~placed
        spread = fillings([cands[c] & rest for c in open_cells])
        if spread is None:
            continue
        kept.append(s)
        for i, m in enumerate(spread):
            allowed[i] |= m
    return _remember(kt, key, (tuple(kept), tuple(open_cells), tuple(allowed)))


def _remember(kt: _KillerTables, key, value):
    if len(kt.memo) > _MEMO_SIZE:
        kt.memo.clear()
    kt.memo[key] = value
    return value


def _sets_text(sets, n: int) -> str:
    words = ["+".join(sym(d + 1, n) for d in bits(s)) for s in sets]
    if len(words) > 5:
        return f"{', '.join(words[:4])} or one of {len(words) - 4} more sets"
    return listing(words).replace(" and ", " or ")


def _removals(elims, n: int) -> str:
    """"5-9 from r3c2 and r4c2, 1/4 from r5c5": cells losing the same digits together (cages lose many)."""
    by_cell: dict[int, int] = ordered_dict()  # (the order of `elims`, on every runtime)
    for cell, digit in elims:
        by_cell[cell] = by_cell.get(cell, 0) | 1 << (digit - 1)
    by_digits: dict[int, list[int]] = ordered_dict()
    for cell, mask in by_cell.items():
        by_digits.setdefault(mask, []).append(cell)
    return listing(f"{_digits_text(mask, n)} from {cells_text(cells, n)}" for mask, cells in by_digits.items())


def _digits_text(mask: int, n: int) -> str:
    """"5-9", "1/3/5-9": runs of three or more digits as a range."""
    parts, run = [], []
    for d in list(bits(mask)) + [None]:
        if run and (d is None or d != run[-1] + 1):
            parts.append(f"{sym(run[0] + 1, n)}-{sym(run[-1] + 1, n)}" if len(run) > 2
                         else "/".join(sym(x + 1, n) for x in run))
            run = []
        if d is not None:
            run.append(d)
    return "/".join(parts)


def _cage_candidates(b: Board, open_cells, allowed):
    return tuple((c, d + 1) for c, a in zip(open_cells, allowed) for d in bits(b.cands[c] & a))


# -- the techniques ---------------------------------------------------------------------------------------
def cage_combination(b: Board) -> "Step | None":
    """A cage's cells lose the digits no possible set gives them."""
    kt = _killer(b.t)
    n = b.t.n
    for cage in kt.cages:
        kept, open_cells, allowed = _options(kt, cage, b)
        if not kept or not open_cells:
            continue  # a full cage, or a broken one: the diagnosis speaks for it
        elims = tuple((c, d + 1) for c, a in zip(open_cells, allowed) for d in bits(b.cands[c] & ~a))
        if not elims:
            continue
        text = (f"Cage Combination: {cage.name} can only hold {_sets_text(kept, n)}, one digit a cell, "
                f"so remove {_removals(elims, n)}")
        return Step("Cage Combination", text, n, eliminations=elims, cells=cage.cells, units=(cage.name,),
                    candidates=_cage_candidates(b, open_cells, allowed), difficulty=COMBINATION)
    return None


def cage_interaction(b: Board) -> "Step | None":
    """A digit a cage must hold, whose places in it all see other cells; or a house's digit confined to a cage."""
    return _cage_to_house(b) or _house_to_cage(b)


def _cage_to_house(b: Board) -> "Step | None":
    t, kt = b.t, _killer(b.t)
    n = t.n
    pos = b.positions()
    for cage in kt.cages:
        kept, open_cells, allowed = _options(kt, cage, b)
        if not kept or not open_cells:
            continue
        must = t.all_digits
        for s in kept:
            must &= s
        for c in cage.cells:
            if b.values[c]:
                must &= ~(1 << (b.values[c] - 1))
        for d in bits(must):
            places = pos[d] & cage.mask
            if not places:
                continue
            targets = pos[d] & ~cage.mask
            for i in bits(places):
                targets &= t.peer_masks[i]
            if not targets:
                continue
            elims = tuple((i, d + 1) for i in bits(targets))
            cells = tuple(bits(places))
            # name the houses holding every place when they hold every target too (a row, a box ...)
            houses = [u for u, um in enumerate(t.unit_masks) if places & um == places and targets & um]
            cover = 0
            for u in houses:
                cover |= t.unit_masks[u]
            gone = cells_text([c for c, _ in elims], n)
            if houses and not targets & ~cover:
                names = listing(t.unit_names[u] for u in houses)
                result = f"all in {names}, so {sym(d + 1, n)} leaves the rest of {names} ({gone})"
                units: tuple = (cage.name,) + tuple(t.unit_names[u] for u in houses)
            else:
                result = f"so every cell that sees all of them loses {sym(d + 1, n)}: {gone}"
                units = (cage.name,)
            text = (f"Cage Interaction: {cage.name} must hold {sym(d + 1, n)} (every set it can hold has it), "
                    f"which can only go in {cells_text(cells, n)}, {result}")
            return Step("Cage Interaction", text, n, eliminations=elims, cells=cage.cells, units=units,
                        candidates=tuple((c, d + 1) for c in cells), difficulty=INTERACTION)
    return None


def _house_to_cage(b: Board) -> "Step | None":
    t, kt = b.t, _killer(b.t)
    n = t.n
    pos = b.positions()
    for u, um in enumerate(t.unit_masks):
        for d in range(n):
            here = pos[d] & um
            if not here:
                continue
            cage = kt.cage_of.get(bit_length(here & -here) - 1)
            if cage is None or here & ~cage.mask:
                continue
            kept, open_cells, allowed = _options(kt, cage, b, 1 << d)
            if not kept:
                continue
            elims = tuple((c, x + 1) for c, a in zip(open_cells, allowed) for x in bits(b.cands[c] & ~a))
            if not elims:
                continue
            name = t.unit_names[u]
            text = (f"Cage Interaction: in {name}, {sym(d + 1, n)} fits only in {cells_text(list(bits(here)), n)}, "
                    f"inside {cage.name}, so the cage holds {sym(d + 1, n)}: it can only hold "
                    f"{_sets_text(kept, n)}, so remove {_removals(elims, n)}")
            return Step("Cage Interaction", text, n, eliminations=elims, cells=cage.cells, units=(name, cage.name),
                        candidates=_cage_candidates(b, open_cells, allowed), difficulty=INTERACTION)
    return None


def innies_outies(b: Board) -> "Step | None":
    """The 45 rule over each area with at most `MAX_OPEN` open innies and outies."""
    t, kt = b.t, _killer(b.t)
    values, cands, peers = b.values, b.cands, t.peer_masks
    empty = 0
    for i, v in enumerate(values):
        if not v:
            empty |= 1 << i
    for rel in kt.relations:
        open_cells = (rel.inner | rel.outer) & empty
        if not open_cells or bit_count(open_cells) > MAX_OPEN:
            continue
        cells = [i for i in bits(rel.inner & empty)] + [i for i in bits(rel.outer & empty)]
        signs = [1 if rel.inner >> i & 1 else -1 for i in cells]
        need = rel.target - sum(values[i] for i in bits(rel.inner & ~empty)) \
            + sum(values[i] for i in bits(rel.outer & ~empty))
        key = ("45", id(rel), need, tuple(cands[i] for i in cells))
        allowed = kt.memo.get(key)
        if allowed is None:
            allowed = _remember(kt, key, _relation_fillings(cells, signs, cands, peers, need))
        if not all(allowed):
            continue  # no filling: a broken position
        if len(cells) == 1 and bit_count(allowed[0]) == 1:
            return _innies_step(b, rel, cells, signs, need, allowed, placement=True)
        if any(cands[i] & ~a for i, a in zip(cells, allowed)):
            return _innies_step(b, rel, cells, signs, need, allowed, placement=False)
    return None


def _relation_fillings(cells, signs, cands, peers, need: int) -> "list[int]":
    """Per cell, the digits it takes in some filling with sum(sign * digit) == need, cells that see each
    other holding different digits."""
    k = len(cells)
    low, high = [0] * (k + 1), [0] * (k + 1)  # the least and greatest sum of cells i.. (bounds prune)
    for i in range(k - 1, -1, -1):
        m = cands[cells[i]]
        ends = (signs[i] * (bit_length(m & -m)), signs[i] * bit_length(m))
        low[i], high[i] = low[i + 1] + min(ends), high[i + 1] + max(ends)
    takes = [0] * k
    chosen = [0] * k

    def walk(i: int, rest: int) -> None:
        if i == k:
            if rest == 0:
                for j in range(k):
                    takes[j] |= 1 << (chosen[j] - 1)
            return
        if not low[i] <= rest <= high[i]:
            return
        c = cells[i]
        for d in bits(cands[c]):
            if any(chosen[j] == d + 1 and peers[c] >> cells[j] & 1 for j in range(i)):
                continue
            chosen[i] = d + 1
            walk(i + 1, rest - signs[i] * (d + 1))

    walk(0, need)
    return takes


def _innies_step(b: Board, rel: _Relation, cells, signs, need: int, allowed, placement: bool) -> Step:
    t = b.t
    n = t.n
    names = [t.unit_names[u] for u in rel.houses]
    area = _area_name(names)
    full = len(rel.houses) * n * (n + 1) // 2
    inn = [c for c, s in zip(cells, signs) if s > 0]
    out = [c for c, s in zip(cells, signs) if s < 0]
    if rel.outer:
        said = (f"{area} {'add' if len(names) > 1 else 'adds'} up to {full}, and the cages in it and across "
                f"its edge to {rel.touching_total}")
    else:
        inside = f"the cages wholly inside to {rel.inside_total}" if rel.inside_total else "no cage lies wholly inside"
        said = f"{area} {'add' if len(names) > 1 else 'adds'} up to {full}, and {inside}"
    filled = [i for i in bits((rel.inner | rel.outer) & ~sum(1 << c for c in cells))]
    known = f" (with {cells_text(filled, n)} filled)" if filled else ""
    relation = _relation_text(inn, out, need, n)
    if placement:
        text = f"Innies & Outies: {said}, so {relation}{known}"
        result = {"placements": ((cells[0], bit_length(allowed[0])),)}
    else:
        elims = tuple((c, d + 1) for c, a in zip(cells, allowed) for d in bits(b.cands[c] & ~a))
        text = f"Innies & Outies: {said}, so {relation}{known}: remove {_removals(elims, n)}"
        result = {"eliminations": elims}
    difficulty = round(INNIES + 0.2 * (len(names) - 1) + (0.3 if len(cells) > 1 else 0) + (0.2 if out else 0), 1)
    return Step("Innies & Outies", text, n, cells=tuple(cells), units=tuple(names),
                candidates=tuple((c, d + 1) for c, a in zip(cells, allowed) for d in bits(b.cands[c] & a)),
                difficulty=difficulty, **result)


def _area_name(names: "list[str]") -> str:
    """"row 1", "rows 1-3", "columns 4 and 5", "box 1 and box 2"."""
    kinds = {name.rsplit(" ", 1)[0] for name in names}
    if len(names) > 1 and kinds in ({"row"}, {"column"}):
        kind = names[0].rsplit(" ", 1)[0]
        first, last = names[0].rsplit(" ", 1)[1], names[-1].rsplit(" ", 1)[1]
        joiner = " and " if len(names) == 2 else "-"
        return f"{kind}s {first}{joiner}{last}"
    return listing(names)


def _relation_text(inn, out, need: int, n: int) -> str:
    def group(cells, word):
        return f"the {word}{'s' if len(cells) > 1 else ''} {cells_text(cells, n)}"

    if not out:
        verb = "is" if len(inn) == 1 else "add up to"
        return f"{group(inn, 'innie')} {verb} {need}"
    if not inn:
        verb = "is" if len(out) == 1 else "add up to"
        return f"{group(out, 'outie')} {verb} {-need}"
    if need >= 0:
        return f"{group(inn, 'innie')} less {group(out, 'outie')} make {need}"
    return f"{group(out, 'outie')} less {group(inn, 'innie')} make {-need}"


BASIC = (("Cage Combination", cage_combination), ("Innies & Outies", innies_outies))
LOCKED = (("Cage Interaction", cage_interaction),)
