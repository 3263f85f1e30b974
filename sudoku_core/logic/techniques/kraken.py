"""Kraken Fish (HoDoKu's type 1): a finned X-Wing, Swordfish or Jellyfish (rows against columns, or the other
way round) whose fins need not see the candidate removed.

Digit d has k base lines whose places all lie in k cover lines but for some *fins*. If no fin is d, the base
digits fill the cover lines, so d leaves every other cell of them. A cover cell x outside the base that every
fin *reaches* loses d either way: a fin reaches x when it sees x or when placing d there removes d from x by
a chain of singles (or breaks the grid, so that fin is not d). HoDoKu follows AICs from each fin; singles
propagated from a placement (as `forcing` does) are such chains, and what they prove is as sure.

Found after every other technique but the forcing chains: sizes 2-4 smallest first, at most `MAX_FINS` fins,
within `_BUDGET` base and cover sets and `_PROPAGATIONS` fins followed a position, so a hint stays quick.
"""
from ...core.compat import bit_count
from ..board import Board, bits, choose
from ..phrases import cells_text, listing, sym
from ..step import Step
from .fish import line_places
from .forcing import settle, trace

FISH = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
#: Not in Sudoku Explainer (nor Sukaku): chosen, a forcing chain's 8.2 plus 0.1 for the fish around it.
SCORE = 8.3
MAX_FINS = 4
_BUDGET = 20000  # base and cover sets tried a position
_PROPAGATIONS = 120  # fins followed a position (each a propagation of singles)


def kraken_fish(b: Board) -> "Step | None":
    t = b.t
    n = t.n
    peer = t.peer_masks
    followed: dict = {}  # (fin, digit) -> settle's outcome (None: the fin breaks the grid)
    budget = [_BUDGET]

    def reaches(f: int, d: int, x: int) -> "bool | None":
        """Does fin f, placed as d, remove d from x? None past the propagation budget."""
        if peer[f] >> x & 1:
            return True
        if (f, d) not in followed:
            if len(followed) >= _PROPAGATIONS:
                return None
            followed[f, d] = settle(b, ((f, d),), ())
        out = followed[f, d]
        return out is None or (out[0][x] != d + 1 and not out[1][x] >> d & 1)

    for size in range(2, min(4, n // 2) + 1):
        for d in range(n):
            for by_rows in (True, False):
                found = _search(b, d, size, by_rows, reaches, budget)
                if found:
                    return _step(b, d, size, by_rows, *found)
                if budget[0] < 0 or len(followed) >= _PROPAGATIONS:
                    return None
    return None


def _search(b: Board, d: int, size: int, by_rows: bool, reaches, budget) -> "tuple | None":
    """The first Kraken fish on digit d: (base lines, cover lines, fins, eliminations), lines as indices."""
    t = b.t
    n, peer = t.n, t.peer_masks
    places = line_places(b, d, by_rows)
    pos = b.positions()[d]
    lines = [k for k in range(n) if bit_count(places[k]) >= 2]
    # the cells of each base line and of each cover line (rows are houses 0..n-1, columns n..2n-1); loops,
    # not generators, which cost tens of microseconds a call on MicroPython
    base_lines = t.unit_masks[:n] if by_rows else t.unit_masks[n:2 * n]
    cover_lines = t.unit_masks[n:2 * n] if by_rows else t.unit_masks[:n]
    for base in choose(lines, size):
        union = 0
        base_cells = 0
        for k in base:
            union |= places[k]
            base_cells |= base_lines[k]
        if not size < bit_count(union) <= size + MAX_FINS:
            continue  # a plain fish, or too many fins
        for cover in choose(bits(union), size):
            budget[0] -= 1
            if budget[0] < 0:
                return None
            mask = 0
            cover_cells = 0
            for x in cover:
                mask |= 1 << x
                cover_cells |= cover_lines[x]
            fins = []
            for k in base:
                if not places[k] & mask:
                    break  # a base line all fins
                for x in bits(places[k] & ~mask):
                    fins.append(k * n + x if by_rows else x * n + k)
            else:
                if len(fins) > MAX_FINS:
                    continue
                targets = pos & ~base_cells & cover_cells
                seen = targets  # the targets every fin sees: a plain finned fish, found earlier in the hint order
                for f in fins:
                    seen &= peer[f]
                elims = 0
                for x in bits(targets & ~seen):
                    answers = [reaches(f, d, x) for f in fins]
                    if None in answers:
                        return None
                    if all(answers):
                        elims |= 1 << x
                if elims:
                    return base, cover, fins, elims
    return None


def _step(b: Board, d: int, size: int, by_rows: bool, base, cover, fins, elims) -> Step:
    t = b.t
    n = t.n
    digit = sym(d + 1, n)
    base_units = tuple(k if by_rows else n + k for k in base)
    cover_units = tuple(n + x if by_rows else x for x in cover)
    fin_word = "fin" if len(fins) == 1 else "fins"
    targets = list(bits(elims))
    reasons, links = [], []
    for f in fins:
        seen = [x for x in targets if t.peer_masks[f] >> x & 1]
        chained = [x for x in targets if x not in seen]
        parts = [f"{cells_text([f], n)} sees {cells_text(seen, n)}"] if seen else []
        if chained:
            tr = trace(b, f, d, False)
            if settle(b, ((f, d),), ()) is None:
                steps, why = tr.why_broken()
                links += tr.links(steps)
                parts.append(f"{_clip(tr.sentence(steps))}: {why}, so {cells_text([f], n)} is not {digit}")
            else:
                steps = sorted({k for x in chained for k in tr.why_removed(x, d + 1)})
                links += tr.links(steps)
                parts.append(f"{_clip(tr.sentence(steps))} removes {digit} from {cells_text(chained, n)}")
        reasons.append("; ".join(parts))
    text = (f"Kraken Fish: in {listing(t.unit_names[u] for u in base_units)}, {digit} fits only in "
            f"{listing(t.unit_names[u] for u in cover_units)} or in the {fin_word} {cells_text(fins, n)} "
            f"(a finned {FISH[size]}); if a {fin_word[:3]} is {digit}: {' / '.join(reasons)}; "
            f"either way {digit} leaves {cells_text(targets, n)}")
    body = [c for u in base_units for c in t.units[u] if b.cands[c] >> d & 1]
    return Step("Kraken Fish", text, n, eliminations=tuple((x, d + 1) for x in targets), cells=tuple(body),
                units=tuple(t.unit_names[u] for u in base_units + cover_units),
                candidates=tuple((c, d + 1) for c in body), links=tuple(links), difficulty=SCORE,
                extra={"fins": fins})


def _clip(chain: str, most: int = 8) -> str:
    """A long chain of placements told by its first and last few (the links draw it whole)."""
    parts = chain.split(", ")
    return chain if len(parts) <= most else ", ".join(parts[:3] + ["..."] + parts[-3:])
