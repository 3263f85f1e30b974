"""Nested forcing chains: forcing chains inside the branches of a forcing chain (Sudoku Explainer's
"nested forcing chains", the last resort of the hardest puzzles).

A branch assumes a candidate and follows its consequences as the Forcing Net does (singles, pointing
and claiming); when those stall, it uses the earlier technique inside the branch: a candidate of the
branch whose own assumption breaks the grid by singles (a Forcing Chain contradiction, nested) is
false in that branch, which removes it there and lets the branch go on. Then, as for forcing chains:
  * contradiction: the branch empties a cell or a unit, so its assumption is false;
  * cell / unit forcing: every candidate of a cell (every place of a digit in a unit) leads to the
    same placement or removal, so that holds.
Every deduction inside a branch is an ordinary one, so the result is as sure as the techniques used.

The search can be long (hundreds of assumptions, each followed by hundreds of nested ones), so each
search has a budget of effort, counted in assumptions followed (each one propagation of singles and
locked candidates): `HINT_EFFORT` for a hint, `RATING_EFFORT` for a path or a rating, or what
`effort_limit` sets (`solve_path(effort=...)`, `rate(effort=...)`, `next_step(effort=...)`). A count,
not seconds, so what one machine finds every machine finds (Pyodide too, only slower). A search that runs
out finds nothing: the path then ends "needs guessing", never with a wrong step.
"""
from ...core.compat import bit_count, drive, stable_sorted, unique
from ...core.grid import Grid
from ..board import Board, bits, pause_due
from ..phrases import cell_name, sym
from ..step import Focus, Step
from .forcing import Trace, _clip, _common, _follow, propagate, settle, trace

#: Sudoku Explainer: dynamic forcing chains 8.5, with the basic techniques in the branches ("+") 9.0,
#: nested forcing chains 9.5, each deeper nesting +0.5, plus a length extra. Here (calibrated, not
#: SE's): 9.5, +0.1 for each nested chain past the first, up to 9.9, under 10.0, the score of a puzzle
#: logic cannot finish (`rating.BEYOND`).
BASE = 9.5
MAX_EXTRA = 0.4
#: Assumptions one nested search may follow (see the module docstring). CPython follows 1,500-3,000 a
#: second here; the forum-hardest puzzles' nested steps needed 300-3,500 each (bench/logic_bench.py).
HINT_EFFORT = 4000
RATING_EFFORT = 16000
#: The exact solver's budget for the solution that orders the search (nodes).
SOLVER_NODES = 20000
#: Arrows drawn for one step at most: the branch of the assumption, or its first nested chain when it
#: places nothing by itself (the other nested chains are told, not drawn).
MAX_LINKS = 40
#: Contradictions gathered before the shortest is kept (each costs a branch's closure).
GATHER = 3

#: The budget of each nested search now: `effort_limit` sets it for a block. A module setting, not a
#: context variable (MicroPython has none): the engine runs one request at a time in each process.
_limit = RATING_EFFORT


class effort_limit:
    """`with effort_limit(assumptions):` within the block, each nested search stops after following
    `assumptions` assumptions (the setting before comes back after it, blocks may nest)."""

    def __init__(self, assumptions: int) -> None:
        self.assumptions = assumptions
        self.saved = None

    def __enter__(self) -> None:
        global _limit
        self.saved, _limit = _limit, self.assumptions

    def __exit__(self, *exc) -> None:
        global _limit
        _limit = self.saved


class _OutOfEffort(Exception):
    pass


class _Budget:
    __slots__ = ("left",)

    def __init__(self, assumptions: int) -> None:
        self.left = assumptions

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise _OutOfEffort


def _solution(b: Board) -> "list[int] | None":
    """A solution's digits, which let the search skip assumptions that cannot break: sound reasoning
    never refutes a digit some solution has (so this holds with several solutions too). None when the
    exact solver finds none within `SOLVER_NODES`: then every candidate is tried."""
    from .. import exact  # the exact solver, loaded only when a search gets this far
    from ...core.solver import SearchLimitExceeded

    known = _SOLVED.get(b.t)
    if known is None or not all(v == 0 and m >> (s - 1) & 1 or v == s
                                for v, m, s in zip(b.values, b.cands, known)):
        try:
            solved = exact.solve(Grid(list(b.values), b.t.shape), b.t.rules, max_nodes=SOLVER_NODES)
        except SearchLimitExceeded:
            return None
        if solved is None:
            return None
        _SOLVED.clear()  # the last puzzle's is kept: the next position of a path reuses it
        known = _SOLVED[b.t] = list(solved.values)
    return known


_SOLVED: dict = {}


def _close(b: Board, state, budget: _Budget):
    """Refute candidates inside a branch until nothing more goes: (state, refuted) where state is
    None when the branch breaks; `refuted` lists the (cell, digit) found false inside, in order."""
    t = b.t
    refuted = []
    while True:
        progress = False
        inner = _board(t, state)
        cands = state[1]
        count = t.count  # (bit counts by table: a call to bit_count costs more on MicroPython)
        for c in stable_sorted([i for i, m in enumerate(cands) if m], lambda i: count[cands[i]]):
            for d in bits(cands[c]):
                if not cands[c] >> d & 1:
                    continue
                budget.spend()
                if _follow(inner, ((c, d),), ()) is None:  # (`propagate` without its calls: the hot loop)
                    refuted.append((c, d))
                    state = settle(inner, (), ((c, d),), True)
                    if state is None:
                        return None, refuted
                    inner = _board(t, state)
                    cands = state[1]
                    progress = True
        if not progress:
            return state[:2] + (0,) + state[3:], refuted


def _board(t, state) -> Board:
    """The board of a branch's state (values, cands, depth, places, locked), as `settle` gives it (with
    `locked`, no pointing or claiming is pending there)."""
    return Board(t, state[0], state[1], places=state[3], pending=() if state[4] else None)


def _replay(b: Board, c: int, d: int, refuted):
    """The branch of c=d with only these nested refutations, each checked again: the final state,
    None when it breaks, or False when a refutation no longer holds."""
    return _replay_from(b, propagate(b, c, d, True), refuted)


def _replay_from(b: Board, state, refuted):
    """`_replay` from a state of the branch (None or False: what a replay that reached it gives)."""
    if state is False:
        return False
    for c2, d2 in refuted:
        if state is None:
            return None
        inner = _board(b.t, state)
        if not inner.cands[c2] >> d2 & 1:
            continue
        if _follow(inner, ((c2, d2),), ()) is not None:
            return False
        state = settle(inner, (), ((c2, d2),), True)
    return state


def _prefixes(b: Board, c: int, d: int, refuted) -> list:
    """The branch of c=d after each prefix of the refutations: the k-th is `_replay(b, c, d, refuted[:k])`."""
    states = [propagate(b, c, d, True)]
    for pair in refuted:
        state = states[-1]
        states.append(state if state is None or state is False else _replay_from(b, state, (pair,)))
    return states


def _fewest(b: Board, c: int, d: int, refuted) -> list:
    """Drop the nested refutations the contradiction does not need (greedily, last first)."""
    return _drop(b, c, d, refuted, lambda state: state is None)


def _drop(b: Board, c: int, d: int, refuted, holds) -> list:
    """Drop the refutations (greedily, last first) whose replay without them still `holds`. Dropping the k-th
    leaves the ones before it as they were, so each trial replays from the state after those (`_prefixes`),
    not from the branch's start: the same trials, each a replay of the refutations kept after k only."""
    before = _prefixes(b, c, d, refuted)
    kept = list(refuted)
    for k in range(len(kept) - 1, -1, -1):
        rest = kept[k + 1:]
        if holds(_replay_from(b, before[k], rest)):
            kept = kept[:k] + rest
    return kept


def nested_forcing_chain(b: Board, focus: Focus = ()) -> "Step | None":
    """With `focus` (see `step.Focus`): only a contradiction of one of those candidates."""
    return drive(nested_forcing_chain_in_parts(b, focus))


def nested_forcing_chain_in_parts(b: Board, focus: Focus = ()):
    """`nested_forcing_chain` as a generator that pauses between branches when a pause is due
    (`board.pause_due`; see `compat.drive`): a search takes seconds on the light engine, whose garbage is
    collected only in the pauses."""
    try:
        return (yield from _search_in_parts(b, _Budget(_limit), focus=focus))
    except _OutOfEffort:
        return None


def _search(b: Board, budget: _Budget, contradictions: bool = True, focus: Focus = ()) -> "Step | None":
    """The shortest of the first few contradictions, else the first cell or unit forcing (only that
    with `contradictions` False; only contradictions of the `focus` candidates with one)."""
    return drive(_search_in_parts(b, budget, contradictions, focus))


def _search_in_parts(b: Board, budget: _Budget, contradictions: bool = True, focus: Focus = ()):
    """`_search` as a generator: see `nested_forcing_chain_in_parts`."""
    cands = b.cands
    solution = _solution(b)
    closed: dict = {}

    def branch(c, d):
        if (c, d) not in closed:
            budget.spend()
            state = propagate(b, c, d, True)
            closed[(c, d)] = (None, []) if state is None else _close(b, state, budget)
        return closed[(c, d)]

    # two-candidate cells first: a refutation there places the other digit, so a path needs few nested
    # steps (measured: 2-4 a forum-hardest puzzle; trying the branches that place most first finds a
    # contradiction sooner but in cells of many candidates, and a path then needs 15-30)
    order = stable_sorted([i for i, m in enumerate(cands) if m], lambda i: bit_count(cands[i]))
    tried = [(c, d) for c in order for d in bits(cands[c])] if not focus else \
        [(c, d - 1) for c, d in focus if cands[c] >> (d - 1) & 1]
    found = []
    for c, d in tried if contradictions else ():
        if solution is not None and solution[c] == d + 1:
            continue
        state, refuted = branch(c, d)
        if state is None:
            found.append(_contradiction_step(b, c, d, _fewest(b, c, d, refuted)))
            if len(found) >= GATHER:
                break
        if pause_due():
            yield
    if found:
        return min(found, key=lambda s: s.extra["length"])
    return None if focus else (yield from _double(b, branch))


def _double(b: Board, branch):
    """Cell and unit forcing over nested branches: two-candidate cells, then two-place units (a generator,
    as `_search`)."""
    t, cands = b.t, b.cands
    n = t.n
    pos = b.positions()
    counts = b.counts()  # (small ints: a big int's bit count costs tens of microseconds on MicroPython)
    groups = [(("cell", c, None), [(c, d) for d in bits(cands[c])])
              for c, m in enumerate(cands) if bit_count(m) == 2]
    for u, um in enumerate(t.unit_masks):
        for d in range(n):
            if counts[u * n + d] == 2:
                groups.append((("unit", u, d), [(c, d) for c in bits(pos[d] & um)]))
    for (kind, where, d), branches in groups:
        outs = [branch(c, x) for c, x in branches]
        found = _common(b, [o[0] for o in outs])
        if found:
            return _double_step(b, kind, where, d, branches, outs, found)
        if pause_due():
            yield
    return None


# -- explanations ---------------------------------------------------------------------------------------
def _refutation_text(inner: Board, c: int, d: int) -> "tuple[str, list, int]":
    """'r4c5=7 would lead to r5c5=1, ..., and r6c6 has no candidate left', its links and length."""
    n = inner.t.n
    order: list = []
    propagate(inner, c, d, False, order)
    tr = Trace(inner, order)
    chain, where = tr.why_broken()
    said = _clip(tr.sentence(chain[1:]), 6)
    text = f"{cell_name(c, n)}={sym(d + 1, n)} would lead to {said + ', and ' if said else ''}{where}"
    return text, tr.links(chain), len(chain)


def _story(b: Board, c: int, d: int, refuted) -> "tuple[list[str], list, int, object]":
    """The branch of c=d told in parts: what it places, each nested refutation and what follows.
    Returns (parts, links, length, final state or None)."""
    t = b.t
    n = t.n
    order: list = []
    state = propagate(b, c, d, True, order)
    tr = Trace(b, order)
    first = _clip(tr.sentence(range(1, len(order))), 8)
    parts = [first] if first else []
    links = tr.links(range(len(order)))[:MAX_LINKS]
    length = len(order)
    for c2, d2 in refuted:
        if state is None:
            break
        inner = _board(t, state)
        if not inner.cands[c2] >> d2 & 1:
            continue
        text, more, k = _refutation_text(inner, c2, d2)
        links = links or more[:MAX_LINKS]  # an assumption that places nothing by itself: its first refutation
        length += k
        order = []
        state = settle(inner, (), ((c2, d2),), True, order)
        length += len(order)
        follows = _clip(", ".join(f"{cell_name(p, n)}={sym(x + 1, n)}" for p, x in order), 8)
        parts.append(f"then {text}, so {cell_name(c2, n)} is not {sym(d2 + 1, n)}"
                     + (f": {follows}" if follows else ""))
    return parts, links, length, state


def _broken_where(b: Board, before, c2: int, d2: int) -> str:
    """What the last refutation's consequences empty (a cell or a unit), in words."""
    order: list = []
    settle(_board(b.t, before), (), ((c2, d2),), True, order)
    cands = list(before[1])
    cands[c2] &= ~(1 << d2)
    return Trace(Board(b.t, list(before[0]), cands), order).why_broken()[1]


def _contradiction_step(b: Board, c: int, d: int, refuted) -> Step:
    n = b.t.n
    parts, links, length, _ = _story(b, c, d, refuted)
    if refuted:
        where = _broken_where(b, _replay(b, c, d, refuted[:-1]), *refuted[-1])
    else:  # the branch breaks by itself (singles were pending: the finder was called on its own)
        where = trace(b, c, d, True).why_broken()[1]
    body = "; ".join(parts) + ("; and " if parts else "") + where
    if body.startswith("then "):  # the assumption placed nothing by itself: its first refutation leads
        body = body[5:]
    text = (f"Nested Forcing Chain (contradiction): if {cell_name(c, n)} were {sym(d + 1, n)}, then "
            f"{body}; so {cell_name(c, n)} is not {sym(d + 1, n)}")
    cells = (c,) + tuple(unique(x for x, _ in refuted))
    return Step("Nested Forcing Chain", text, n, eliminations=((c, d + 1),), cells=cells,
                candidates=((c, d + 1),) + tuple((x, y + 1) for x, y in refuted), links=tuple(links),
                difficulty=_difficulty(len(refuted)), extra={"length": length})


def _double_step(b: Board, kind: str, where: int, d, branches, outs, found) -> Step:
    t = b.t
    n = t.n
    placements, eliminations = found
    if placements:
        result = f"{cell_name(placements[0][0], n)} is {sym(placements[0][1], n)}"
    else:
        result = f"{cell_name(eliminations[0][0], n)} is not {sym(eliminations[0][1], n)}"
    if kind == "cell":
        opening = f"{cell_name(where, n)} is {' or '.join(sym(x + 1, n) for _, x in branches)}"
        units = ()
    else:
        opening = (f"{sym(d + 1, n)} goes in {' or '.join(cell_name(c, n) for c, _ in branches)} "
                   f"({t.unit_names[where]})")
        units = (t.unit_names[where],)
    said, links, length, nests = [], [], 0, 0
    for (c, x), (_, refuted) in zip(branches, outs):
        needed = _fewest_for(b, c, x, refuted, placements, eliminations)
        parts, more, k, _ = _story(b, c, x, needed)
        nests += len(needed)
        links = (links + more)[:MAX_LINKS]
        length += k
        said.append(f"if {cell_name(c, n)}={sym(x + 1, n)}: {'; '.join(parts) or 'at once'}")
    text = f"Nested Forcing Chain ({kind}): {opening}; {'; '.join(said)}; either way {result}"
    cells = tuple(c for c, _ in branches)
    return Step("Nested Forcing Chain", text, n, placements=tuple(placements[:1]),
                eliminations=() if placements else tuple(eliminations[:1]), cells=cells, units=units,
                candidates=tuple((c, x + 1) for c, x in branches), links=tuple(links),
                difficulty=_difficulty(nests), extra={"length": length})


def _fewest_for(b: Board, c: int, d: int, refuted, placements, eliminations) -> list:
    """The nested refutations a branch needs to reach the step's result."""
    if placements:
        cell, digit = placements[0]

        def holds(state):
            return state is not None and state is not False and state[0][cell] == digit
    else:
        cell, digit = eliminations[0]

        def holds(state):
            return (state is not None and state is not False and not state[1][cell] >> (digit - 1) & 1
                    and state[0][cell] != digit)
    return _drop(b, c, d, refuted, holds)


def _difficulty(nests: int) -> float:
    return round(BASE + min(0.1 * max(nests - 1, 0), MAX_EXTRA), 1)
