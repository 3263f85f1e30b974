"""The setters' palette as steps: each constraint's own deduction (`sudoku_core.variants.constraints`), named
after it and said in its terms ("Thermometer r1c1-r1c4: each digit is greater than the one before, so r1c2
is at least 2 and at most 7").

Each constraint narrows the candidates of its own cells (a clone's or an arrow's head included; a minimum's
or maximum's orthogonal neighbours too) to the digits that take part in some way of keeping it, the other
cells' candidates as they are:

* lines read in order: a thermometer's bounds passed along it both ways; whispers, dots, XV, and the
  rules-wide nonconsecutive and negative constraints as relations between two neighbours (a digit stays
  when the other cell has a digit it goes with); a whispers digit that no digit of 1..n goes with first,
  in a sentence of its own;
* sums (arrows, little killers): the totals the cells can reach, cell by cell; an arrow's circle or pill
  keeps the numbers the shaft can make;
* renban: the runs of consecutive digits whose digits the cells can take one each; a sandwich: where the 1
  and the largest digit can stand with a set of distinct digits between them that makes the clue, the
  rest of the line taking the others; a quadruple: every filling of its cells holding its digits;
* palindromes and clones: two cells that hold the same digit share their candidates; between lines: the
  ends' digits with a digit strictly between them for every inner cell; odd and even cells; minimum and
  maximum cells below (above) their neighbours' largest (smallest) candidate.

A cell left with one candidate is placed. Only the digits of two cells that see each other are kept
apart inside a constraint (when at all): the deductions are sound, not always the strongest.

The rules follow `constraints.holds` (a pair joined by any dot or XV mark is exempt from every negative
constraint, as there). Difficulties are on the rating's Sudoku Explainer-like scale, which has no
variant techniques: the values were chosen here (`DIFFICULTY`, docs/logic.md), from 1.5 for a parity
mark to 2.6 for a sandwich, between the singles and the subsets as Killer's Cage Combination (2.4).
"""
from functools import partial

from ...core.compat import bit_count, bit_length, combinations, product
from ...variants.constraints import PAIRS, Constraint, pill_number, whisper_gap
from ..board import Board, Tables, bits
from ..phrases import cell_name, listing, sym
from ..step import Step
from .killer import fillings

#: The techniques, cheapest first (the order hints and the rating try them in), and their difficulty.
NAMES = ("Parity", "Clone", "Palindrome", "Kropki Dot", "XV", "Nonconsecutive", "Thermometer", "Minimum/Maximum",
         "Whispers", "Between Line", "Renban", "Arrow", "Little Killer", "Quadruple", "Sandwich")
DIFFICULTY = {
    "Parity": 1.5, "Clone": 1.7, "Palindrome": 1.7, "Kropki Dot": 2.0, "XV": 2.0, "Nonconsecutive": 2.0,
    "Thermometer": 2.0, "Minimum/Maximum": 2.0, "Whispers": 2.1, "Between Line": 2.2, "Renban": 2.3,
    "Arrow": 2.4, "Little Killer": 2.4, "Quadruple": 2.4, "Sandwich": 2.6,
}  # (a dict keeps no order on MicroPython: the order is NAMES')
TECHNIQUE_OF = {"thermometer": "Thermometer", "slow_thermometer": "Thermometer", "arrow": "Arrow",
                "white_dot": "Kropki Dot", "black_dot": "Kropki Dot", "xv": "XV", "little_killer": "Little Killer",
                "sandwich": "Sandwich", "whispers": "Whispers", "renban": "Renban", "palindrome": "Palindrome",
                "between": "Between Line", "odd": "Parity", "even": "Parity", "quadruple": "Quadruple",
                "minimum": "Minimum/Maximum", "maximum": "Minimum/Maximum", "clone": "Clone"}
#: The technique of each negative constraint, and the words that name it.
NEGATIVE = {"white": ("Kropki Dot", "no white dot"), "black": ("Kropki Dot", "no black dot"),
            "xv": ("XV", "no X or V")}
#: Fillings a quadruple (product of its cells' candidates) or a sandwich (placings of the 1 and the largest
#: digit times digit sets) may try; past it (big grids) the constraint makes no step.
MAX_TRIES = 20_000
_MEMO_SIZE = 20_000


# -- the constraints of one rule set -----------------------------------------------------------------------
class _Clue:
    """A constraint as the techniques read it: `scope` its cells (head first), `label` its sentence name."""

    __slots__ = ("index", "c", "scope", "name", "label")

    def __init__(self, index: int, c: Constraint, t: Tables, orth) -> None:
        n = t.n
        self.index, self.c = index, c
        self.scope = tuple(c.head) + tuple(c.cells)
        if c.kind in ("minimum", "maximum"):
            self.scope = (c.cells[0],) + orth[c.cells[0]]
        self.name = c.name(n)
        self.label = _label(c, n)


def _label(c: Constraint, n: int) -> str:
    """"Thermometer r1c1-r1c4", "Sandwich 15 row 3", "Odd cell r3c3", "Between line r1c1-r1c5"."""
    if c.kind == "sandwich":
        first, last = c.cells[0], c.cells[-1]
        line = f"row {first // n + 1}" if first // n == last // n else f"column {first % n + 1}"
        return f"Sandwich {c.value} {line}"
    name = c.name(n)
    if c.kind in ("odd", "even"):
        name = name.replace(" ", " cell ", 1)
    elif c.kind == "between":
        name = name.replace("between", "between line", 1)
    return name[0].upper() + name[1:]


class _Palette:
    """Per rule set: the constraints by technique, each cell's orthogonal neighbours (and those no dot or XV
    mark joins it to), and the memo of constraints' conclusions by their cells' candidates."""

    def __init__(self, t: Tables) -> None:
        n = t.n
        rules = t.rules
        self.orth = tuple(tuple(j for j, ok in ((i - n, i >= n), (i - 1, i % n), (i + 1, (i + 1) % n),
                                                (i + n, i + n < n * n)) if ok) for i in range(n * n))
        self.by_technique: dict[str, list[_Clue]] = {}
        constraints = () if rules is None else rules.constraints
        for k, c in enumerate(constraints):
            self.by_technique.setdefault(TECHNIQUE_OF[c.kind], []).append(_Clue(k, c, t, self.orth))
        marked = {frozenset(c.cells) for c in constraints if c.kind in PAIRS}
        self.unmarked = tuple(tuple(j for j in self.orth[i] if frozenset((i, j)) not in marked)
                              for i in range(n * n))
        self.nonconsecutive = rules is not None and rules.nonconsecutive
        self.negative = () if rules is None else rules.negative
        self.memo: dict = {}


def _palette(t: Tables) -> _Palette:
    """The rule set's palette, kept on its tables (which live as long as the rules are in use: no weak
    references on MicroPython)."""
    p = getattr(t, "_palette", None)
    if p is None:
        p = t._palette = _Palette(t)
    return p


def techniques(rules) -> "tuple[tuple[str, object], ...]":
    """The (name, finder) entries the `rules` call for, cheapest first: () without palette constraints."""
    if rules is None:
        return ()
    wanted = {TECHNIQUE_OF[c.kind] for c in rules.constraints}
    wanted.update(NEGATIVE[kind][0] for kind in rules.negative)
    if rules.nonconsecutive:
        wanted.add("Nonconsecutive")
    return tuple(entry for entry in TECHNIQUES if entry[0] in wanted)


# -- digits and words --------------------------------------------------------------------------------------
def _mask(digits) -> int:
    return sum(1 << (d - 1) for d in digits)


def _domains(b: Board, cells) -> "list[int]":
    """Each cell's candidates; a filled cell's digit as its one candidate."""
    return [1 << (b.values[i] - 1) if b.values[i] else b.cands[i] for i in cells]


def _run_text(values: "list[int]", n: int, numbers: bool = False) -> str:
    """"3 to 6", "7", "2, 4 or 6": digits as the grid writes them, or plain `numbers` (totals)."""
    words = [str(v) if numbers else sym(v, n) for v in values]
    if len(values) > 2 and values[-1] - values[0] == len(values) - 1:
        return f"{words[0]} to {words[-1]}"
    return listing(words).replace(" and ", " or ")


def _is_text(mask: int, n: int) -> str:
    """"is 7", "is 3 or 5", "is 2 to 6": a cell's candidates."""
    return "is " + _run_text([d + 1 for d in bits(mask)], n)


def _outcome(cell: int, old: int, new: int, n: int) -> str:
    """What a step leaves in a cell: "r1c2 is 7", "r1c2 is at least 2 and at most 7", "r1c2 cannot be 4"."""
    name = cell_name(cell, n)
    if bit_count(new) == 1:
        return f"{name} is {sym(bit_length(new), n)}"
    low, high = bit_length(new & -new), bit_length(new)
    gone = old & ~new
    if new == ((1 << high) - 1) & ~((1 << (low - 1)) - 1):  # a run of digits, cut at one end or both
        cut_low, cut_high = gone & ((1 << (low - 1)) - 1), gone >> high
        if cut_low and cut_high:
            return f"{name} is at least {sym(low, n)} and at most {sym(high, n)}"
        return f"{name} is at least {sym(low, n)}" if cut_low else f"{name} is at most {sym(high, n)}"
    if bit_count(gone) <= bit_count(new):
        return f"{name} cannot be {'/'.join(sym(d + 1, n) for d in bits(gone))}"
    return f"{name} {_is_text(new, n)}"


def _support(ok, n: int) -> "tuple[int, ...]":
    """For each digit e (index e-1), the digits d that may stand beside it: ok(d, e), d != e."""
    return tuple(_mask(d for d in range(1, n + 1) if d != e and ok(d, e)) for e in range(1, n + 1))


def _revise(support, given: int, target: int) -> int:
    """The digits of `target` that some digit of `given` supports."""
    allowed = 0
    for e in bits(given):
        allowed |= support[e]
    return target & allowed


# -- each kind's deduction: (new candidates of the scope, the reason in words), or None when broken ---------
def _thermometer(clue: _Clue, doms, t: Tables):
    n, full = t.n, t.all_digits
    slow = clue.c.kind == "slow_thermometer"
    new = list(doms)
    floor = 0  # the least digit the last cell can hold
    for k, m in enumerate(new):
        new[k] = m = m & full & ~((1 << (floor - (1 if slow else 0))) - 1) if floor else m
        if not m:
            return None
        floor = bit_length(m & -m)
    ceiling = n + 1
    for k in range(len(new) - 1, -1, -1):
        new[k] = m = new[k] & ((1 << (ceiling if slow else ceiling - 1)) - 1)
        if not m:
            return None
        ceiling = bit_length(m)
    why = "no digit is smaller than the one before" if slow else "each digit is greater than the one before"
    return new, why


def _sums(doms, top: int) -> "tuple[list[int], list[int]]":
    """Reachable sums as bitsets (bit s for sum s): before[k] of the cells before k, after[k] of cells k on."""
    before, after = [1], [1]
    for m in doms:
        reach = 0
        for d in bits(m):
            reach |= before[-1] << (d + 1)
        before.append(reach & ((1 << (top + 1)) - 1))
    for m in reversed(doms):
        reach = 0
        for d in bits(m):
            reach |= after[0] << (d + 1)
        after.insert(0, reach & ((1 << (top + 1)) - 1))
    return before, after


def _sum_cells(doms, totals: int, top: int):
    """Each cell's digits that take part in a sum in the bitset `totals`; None when none does."""
    before, after = _sums(doms, top)
    new = []
    for k, m in enumerate(doms):
        around = 0  # the sums the other cells can make together
        for s in bits(before[k]):
            around |= after[k + 1] << s
        keep = 0
        for d in bits(m):
            if (around << (d + 1)) & totals:
                keep |= 1 << d
        if not keep:
            return None
        new.append(keep)
    return new


def _arrow(clue: _Clue, doms, t: Tables):
    n, peers = t.n, t.peer_masks
    head = clue.c.head
    h = len(head)
    top = n * len(clue.c.cells)
    shaft = doms[h:]
    reach = _sums(shaft, top)[0][-1]
    kept, totals = [0] * h, 0
    for combo in product(*(list(bits(m)) for m in doms[:h])):
        if any(combo[i] == combo[j] and peers[head[i]] >> head[j] & 1 for i in range(h) for j in range(i)):
            continue
        number = pill_number([d + 1 for d in combo])
        if number <= top and reach >> number & 1:
            totals |= 1 << number
            for i, d in enumerate(combo):
                kept[i] |= 1 << d
    if not totals:
        return None
    new_shaft = _sum_cells(shaft, totals, top)
    if new_shaft is None:
        return None
    circle = "the number in the circle" if h == 1 else "the number the pill reads"
    why = f"the shaft adds up to {circle}, which can only be {_run_text(list(bits(totals)), n, numbers=True)}"
    return kept + new_shaft, why


def _little_killer(clue: _Clue, doms, t: Tables):
    top = t.n * len(doms)
    new = _sum_cells(doms, 1 << clue.c.value, top)
    return None if new is None else (new, f"the digits along the diagonal add up to {clue.c.value}")


def _relation(kind: str, value: "int | None"):
    """The test two digits of a dot or XV mark pass, and the words for it."""
    if kind == "white_dot":
        v = value or 1
        return (lambda d, e: abs(d - e) == v), ("the two digits are consecutive" if v == 1
                                                else f"the two digits differ by {v}")
    if kind == "black_dot":
        v = value or 2
        return (lambda d, e: d == v * e or e == v * d), ("one digit is double the other" if v == 2
                                                        else f"one digit is {v} times the other")
    return (lambda d, e: d + e == value), f"the two digits add up to {value}"


def _pair(clue: _Clue, doms, t: Tables):
    ok, why = _relation(clue.c.kind, clue.c.value)
    support = _support(ok, t.n)  # symmetric relations: one table serves both ways
    a, b = doms
    new_b = _revise(support, a, b)
    new_a = _revise(support, new_b, a)
    if not (new_a and new_b):
        return None
    cells = clue.c.cells
    if new_a == a and new_b != b:
        why += f", and {cell_name(cells[0], t.n)} {_is_text(a, t.n)}"
    elif new_b == b and new_a != a:
        why += f", and {cell_name(cells[1], t.n)} {_is_text(b, t.n)}"
    return [new_a, new_b], why


def _arc(doms, links, support):
    """Neighbours along a line each keep the digits some digit of the other goes with, until nothing changes."""
    new = list(doms)
    changed = True
    while changed:
        changed = False
        for x, y in links:
            for p, q in ((x, y), (y, x)):
                kept = _revise(support, new[p], new[q])
                if kept != new[q]:
                    if not kept:
                        return None
                    new[q], changed = kept, True
    return new


def _whispers(clue: _Clue, doms, t: Tables):
    n = t.n
    gap = clue.c.value or whisper_gap(n)
    what = "a German whispers line" if clue.c.value is None else f"a whispers line of {gap}"
    lonely = _mask(d for d in range(1, n + 1) if d - 1 < gap and n - d < gap)
    if any(m & lonely for m in doms):
        if any(not m & ~lonely for m in doms):
            return None
        digits = [d + 1 for d in bits(lonely)]
        said = listing(sym(d, n) for d in digits)
        them = "it" if len(digits) == 1 else "them"
        why = f"{said} cannot stand on {what} (no digit differs from {them} by {gap} or more)"
        return [m & ~lonely for m in doms], why
    support = _support(lambda d, e: abs(d - e) >= gap, n)
    new = _arc(doms, [(k, k + 1) for k in range(len(doms) - 1)], support)
    return None if new is None else (new, f"neighbours on the line differ by {gap} or more")


def _renban(clue: _Clue, doms, t: Tables):
    n, size = t.n, len(doms)
    new, runs = [0] * size, []
    for low in range(1, n - size + 2):
        window = ((1 << size) - 1) << (low - 1)
        spread = fillings([m & window for m in doms])
        if spread is None:
            continue
        runs.append(f"{sym(low, n)}-{sym(low + size - 1, n)}")
        new = [a | s for a, s in zip(new, spread)]
    if not runs:
        return None
    return new, f"its {size} digits are distinct and consecutive: {listing(runs).replace(' and ', ' or ')}"


def _mirror(pairs, doms, apart: bool):
    """Cells of each pair hold the same digit: both keep the candidates they share (None: a pair's cells
    see each other, `apart`, or share none)."""
    new = list(doms)
    for x, y in pairs:
        both = new[x] & new[y]
        if not both or apart:
            return None
        new[x] = new[y] = both
    return new


def _palindrome(clue: _Clue, doms, t: Tables):
    cells, size = clue.c.cells, len(doms)
    pairs = [(k, size - 1 - k) for k in range(size // 2)]
    seen = any(t.peer_masks[cells[x]] >> cells[y] & 1 for x, y in pairs)
    new = _mirror(pairs, doms, seen)
    if new is None:
        return None
    equal = [f"{cell_name(cells[x], t.n)} and {cell_name(cells[y], t.n)}" for x, y in pairs
             if (new[x], new[y]) != (doms[x], doms[y])]
    return new, f"it reads the same from both ends, so {listing(equal)} are equal"


def _clone(clue: _Clue, doms, t: Tables):
    h = len(clue.c.head)
    scope = clue.scope
    pairs = [(k, h + k) for k in range(h)]
    seen = any(t.peer_masks[scope[x]] >> scope[y] & 1 for x, y in pairs)
    new = _mirror(pairs, doms, seen)
    if new is None:
        return None
    equal = [f"{cell_name(scope[y], t.n)} holds the digit of {cell_name(scope[x], t.n)}" for x, y in pairs
             if (new[x], new[y]) != (doms[x], doms[y])]
    return new, listing(equal)


def _between(clue: _Clue, doms, t: Tables):
    if len(doms) < 3:
        return doms, ""
    first, last, inner = doms[0], doms[-1], doms[1:-1]
    new_first = new_last = inside = 0
    for x in bits(first):
        for y in bits(last):
            low, high = min(x, y), max(x, y)
            middle = ((1 << high) - 1) & ~((1 << (low + 1)) - 1)  # digits strictly between, as bits
            if all(m & middle for m in inner):
                new_first |= 1 << x
                new_last |= 1 << y
                inside |= middle
    if not new_first:
        return None
    return ([new_first] + [m & inside for m in inner] + [new_last],
            "every digit inside lies strictly between the digits at its ends")


def _parity(clue: _Clue, doms, t: Tables):
    odd = clue.c.kind == "odd"
    keep = _mask(range(1 if odd else 2, t.n + 1, 2))
    return [doms[0] & keep] if doms[0] & keep else None, f"it holds an {'odd' if odd else 'even'} digit"


def _extreme(clue: _Clue, doms, t: Tables):
    n = t.n
    low = clue.c.kind == "minimum"
    cell, around = doms[0], doms[1:]
    if low:
        bound = min(bit_length(m) for m in around)  # below every neighbour's largest candidate
        mine = cell & ((1 << (bound - 1)) - 1)
        floor = bit_length(mine & -mine)
        others = [m & ~((1 << floor) - 1) for m in around]
    else:
        bound = max(bit_length(m & -m) for m in around)
        mine = cell & ~((1 << bound) - 1)
        ceiling = bit_length(mine)
        others = [m & ((1 << (ceiling - 1)) - 1) for m in around]
    if not mine or not all(others):
        return None
    word = "smaller" if low else "greater"
    return [mine] + others, f"{cell_name(clue.scope[0], n)} is {word} than each of its neighbours"


def _quadruple(clue: _Clue, doms, t: Tables):
    n, peers, cells = t.n, t.peer_masks, clue.c.cells
    tries = 1
    for m in doms:
        tries *= bit_count(m)
    if tries > MAX_TRIES:
        return doms, ""
    need = {d: clue.c.digits.count(d) for d in set(clue.c.digits)}
    apart = [(i, j) for i in range(len(cells)) for j in range(i) if peers[cells[i]] >> cells[j] & 1]
    new = [0] * len(doms)
    for combo in product(*(list(bits(m)) for m in doms)):
        if any(combo[i] == combo[j] for i, j in apart):
            continue
        if all(combo.count(d - 1) >= k for d, k in need.items()):
            new = [a | 1 << d for a, d in zip(new, combo)]
    if not all(new):
        return None
    return new, f"its cells hold {listing(sym(d, n) for d in sorted(clue.c.digits))}"


def _sandwich(clue: _Clue, doms, t: Tables):
    n, value, size = t.n, clue.c.value, len(doms)
    one, top, middle_digits = 1, 1 << (n - 1), list(range(2, n))
    sets_by_size = [[_mask(s) for s in combinations(middle_digits, k) if sum(s) == value] for k in range(n - 1)]
    tries = sum(len(s) for s in sets_by_size) * size * (size - 1)
    if tries > MAX_TRIES:
        return doms, ""
    new = [0] * size
    for a in range(size):
        if not doms[a] & one:
            continue
        for b in range(size):
            if b == a or not doms[b] & top:
                continue
            low, high = min(a, b), max(a, b)
            inner = list(range(low + 1, high))
            outer = [k for k in range(size) if k not in (a, b) and not low < k < high]
            for chosen in sets_by_size[len(inner)]:
                rest = t.all_digits & ~chosen & ~(one | top)
                inside = fillings([doms[k] & chosen for k in inner]) if inner else []
                outside = fillings([doms[k] & rest for k in outer]) if outer else []
                if inside is None or outside is None:
                    continue
                new[a] |= one
                new[b] |= top
                for k, m in zip(inner + outer, inside + outside):
                    new[k] |= m
    if not all(new):
        return None
    return new, f"the digits between the 1 and the {sym(n, n)} add up to {value}"


DEDUCE = {"thermometer": _thermometer, "slow_thermometer": _thermometer, "arrow": _arrow, "white_dot": _pair,
          "black_dot": _pair, "xv": _pair, "little_killer": _little_killer, "sandwich": _sandwich,
          "whispers": _whispers, "renban": _renban, "palindrome": _palindrome, "between": _between,
          "odd": _parity, "even": _parity, "quadruple": _quadruple, "minimum": _extreme, "maximum": _extreme,
          "clone": _clone}


# -- steps -------------------------------------------------------------------------------------------------
def _step(b: Board, technique: str, text_start: str, scope, old, new, units=(), constraints=()) -> "Step | None":
    """The step that narrows `scope`'s candidates from `old` to `new`, or None when nothing changes."""
    n = b.t.n
    placements, eliminations, outcomes, kept = [], [], [], []
    for cell, was, now in zip(scope, old, new):
        if b.values[cell] or was == now:
            continue
        outcomes.append(_outcome(cell, was, now, n))
        if bit_count(now) == 1:
            placements.append((cell, bit_length(now)))
        else:
            eliminations += [(cell, d + 1) for d in bits(was & ~now)]
        kept += [(cell, d + 1) for d in bits(now)]
    if not outcomes:
        return None
    if len(outcomes) > 8:
        outcomes = outcomes[:7] + [f"{len(outcomes) - 7} more cells lose candidates"]
    text = f"{text_start}, so {listing(outcomes)}"
    return Step(technique, text, n, placements=tuple(placements), eliminations=tuple(eliminations),
                cells=tuple(scope), units=units, candidates=tuple(kept), difficulty=DIFFICULTY[technique],
                extra={"constraints": list(constraints)})


def _constraint_steps(b: Board, technique: str) -> "Step | None":
    p = _palette(b.t)
    for clue in p.by_technique.get(technique, ()):
        doms = _domains(b, clue.scope)
        if not all(doms):
            continue  # a broken position: the diagnosis speaks for it
        key = (clue.index, tuple(doms))
        found = p.memo.get(key)
        if found is None:
            if len(p.memo) > _MEMO_SIZE:
                p.memo.clear()
            found = p.memo[key] = DEDUCE[clue.c.kind](clue, doms, b.t) or (doms, "")
        new, why = found
        if new == doms:
            continue
        step = _step(b, technique, f"{clue.label}: {why}", clue.scope, doms, new, (clue.name,), [clue.c.to_dict()])
        if step is not None:
            return step
    return None


def _neighbour_steps(b: Board, technique: str, kind: str, words: str, ok, neighbours) -> "Step | None":
    """A rules-wide relation between orthogonal neighbours (nonconsecutive, a negative constraint): a cell's
    candidates leave its neighbours only the digits that go with one of them."""
    n = b.t.n
    support = _support(ok, n)
    for cell in range(n * n):
        around = neighbours[cell]
        if not around:
            continue
        given = _domains(b, (cell,))[0]
        old = _domains(b, around)
        new = [_revise(support, given, m) for m in old]
        if new == old or not all(new):
            continue
        start = f"{words}: {cell_name(cell, n)} {_is_text(given, n)}"
        step = _step(b, technique, start, (cell,) + around, [given] + old, [given] + new,
                     constraints=[{"kind": kind, "cells": [cell] + list(around)}])
        if step is not None:
            return step
    return None


_NEGATIVE_OK = {"white": lambda d, e: abs(d - e) != 1, "black": lambda d, e: d != 2 * e and e != 2 * d,
                "xv": lambda d, e: d + e not in (5, 10)}


def _find(technique: str, b: Board) -> "Step | None":
    """The first step of `technique` on `b`: its constraints first, then its rules-wide relations."""
    step = _constraint_steps(b, technique)
    if step is not None:
        return step
    p = _palette(b.t)
    if technique == "Nonconsecutive" and p.nonconsecutive:
        return _neighbour_steps(b, technique, "nonconsecutive", "Nonconsecutive (neighbours never hold "
                                "consecutive digits)", lambda d, e: abs(d - e) != 1, p.orth)
    for kind in p.negative:
        name, words = NEGATIVE[kind]
        if name == technique:
            step = _neighbour_steps(b, technique, f"negative_{kind}", f"Negative constraint ({words} between "
                                    "neighbours unless marked)", _NEGATIVE_OK[kind], p.unmarked)
            if step is not None:
                return step
    return None


#: (name, finder) of every palette technique, cheapest first; `techniques(rules)` picks those a puzzle needs.
TECHNIQUES = tuple((name, partial(_find, name)) for name in NAMES)
