"""The variant rules model: houses and peers each rule adds, validation with located messages, and the
givens that break a rule named with their cells."""
from __future__ import annotations

import pytest

from sudoku_core import Grid, Shape
from sudoku_core.variants.rules import Cage, Rules, RulesError, sum_range

NINE = Shape.parse("9x9")


def cell(name: str, n: int = 9) -> int:
    r, c = name[1:].split("c")
    return (int(r) - 1) * n + int(c) - 1


def test_classic_rules_add_nothing():
    rules = Rules(NINE)
    assert rules.is_classic
    assert rules.houses == NINE.units
    assert rules.peers == NINE.peers


def test_each_rule_adds_its_houses_or_peers():
    x = Rules(NINE, diagonal_down=True, diagonal_up=True)
    assert not x.is_classic
    assert [str(u) for u in x.houses[27:]] == ["diagonal 1", "anti-diagonal 1"]
    assert x.houses[28].cells[0] == cell("r9c1") and x.houses[28].cells[-1] == cell("r1c9")
    windows = Rules(NINE, windows=True).houses[27:]
    assert [u.cells[0] for u in windows] == [cell("r2c2"), cell("r2c6"), cell("r6c2"), cell("r6c6")]
    knight = Rules(NINE, anti_knight=True)
    assert cell("r3c2") in knight.peers[cell("r1c1")] and cell("r4c4") not in knight.peers[cell("r1c1")]
    king = Rules(NINE, anti_king=True)
    assert cell("r4c4") in king.peers[cell("r3c3")] and cell("r4c4") not in Rules(NINE).peers[cell("r3c3")]
    cage = Rules(NINE, cages=(Cage((cell("r1c1"), cell("r5c5")), 10),))
    assert cell("r5c5") in cage.peers[cell("r1c1")]
    assert all(i not in p for i, p in enumerate(Rules(NINE, anti_knight=True, anti_king=True).peers))


def test_jigsaw_regions_replace_the_boxes():
    n = 6
    # Six regions of 3 rows x 2 columns (tall boxes where the 6x6 default is wide ones).
    regions = tuple(tuple(r * n + c for r in range(3 * (k // 3), 3 * (k // 3) + 3) for c in (2 * (k % 3), 2 * (k % 3) + 1))
                    for k in range(6))
    rules = Rules(Shape.parse("6x6"), regions=regions)
    assert [u.kind for u in rules.houses[12:]] == ["region"] * 6
    assert not rules.is_classic


@pytest.mark.parametrize("kwargs, words", [
    ({"regions": ((0, 1),)}, "needs 9 regions, not 1"),
    ({"regions": tuple(tuple(range(9 * k, 9 * k + 9)) for k in range(8)) + (tuple(range(0, 9)),)}, "is in regions 1 and 9"),
    ({"regions": tuple(tuple(range(9 * k, 9 * k + 8)) for k in range(9))}, "has 8 cells, not 9"),
    ({"cages": (Cage((0, 1), 2),)}, "add up to 3 to 17, never 2"),
    ({"cages": (Cage((0, 1), 3), Cage((1, 2), 5))}, "cages 1 and 2 overlap at r1c2"),
    ({"cages": (Cage(tuple(range(10)), 45),)}, "a cage holds at most 9"),
    ({"cages": (Cage((0, 81), 5),)}, "cage 1 names a cell outside the grid"),
    ({"cages": (Cage((0, 0), 5),)}, "cage 1 names a cell twice"),
    ({"extra_regions": ((),)}, "extra region 1 has no cells"),
])
def test_bad_rules_are_refused_with_what_and_where(kwargs, words):
    with pytest.raises(RulesError, match=words.replace("(", r"\(").replace(")", r"\)")):
        Rules(NINE, **kwargs)


def test_windoku_is_for_9x9():
    with pytest.raises(RulesError, match="9x9"):
        Rules(Shape.parse("4x4"), windows=True)


def test_sum_range_is_every_total_distinct_digits_make():
    from sudoku_core.core.compat import combinations  # itertools' (MicroPython has none)

    for side in (4, 6, 9):
        for size in range(1, side + 1):
            totals = {sum(c) for c in combinations(range(1, side + 1), size)}
            low, high = sum_range(size, side)
            assert totals == set(range(low, high + 1))


def test_givens_that_break_a_rule_are_named_with_their_cells():
    grid = Grid.parse("1" + "." * 9 + "1" + "." * 70)            # r1c1 and r2c2: box 1 and the diagonal
    found = Rules(NINE, diagonal_down=True).conflicts(grid)
    assert {c.unit for c in found} == {"box 1", "diagonal 1"}
    grid = Grid.parse("..1" + "." * 10 + "1" + "." * 67)         # r1c3 and r2c5: a knight's move
    (clash,) = Rules(NINE, anti_knight=True).conflicts(grid)
    assert clash.cells == (2, 13) and clash.message == "r1c3 and r2c5 are both 1, a knight's move apart"
    grid = Grid.parse("." * 20 + "5" + "." * 9 + "5" + "." * 50)  # r3c3 and r4c4: a king's move
    (clash,) = Rules(NINE, anti_king=True).conflicts(grid)
    assert clash.cells == (20, 30) and "a king's move apart" in clash.message
    assert Rules(NINE).conflicts(grid) == []
    cage = Cage((0, 1), 10)
    assert Rules(NINE, cages=(cage,)).conflicts(Grid.parse("37" + "." * 79)) == []
    (wrong,) = Rules(NINE, cages=(cage,)).conflicts(Grid.parse("36" + "." * 79))
    assert wrong.message == "the cage r1c1, r1c2 (total 10) adds up to 9, not 10"
    # A cage without a box around it: two cells in different boxes, rows and columns.
    far = Cage((0, 40))
    (same,) = Rules(NINE, cages=(far,)).conflicts(Grid.parse("4" + "." * 39 + "4" + "." * 40))
    assert same.cells == (0, 40) and "both 4 in the cage r1c1, r5c5" in same.message


def test_the_json_form_round_trips_and_names_bad_fields():
    rules = Rules(NINE, diagonal_down=True, windows=True, anti_king=True,
                  cages=(Cage((0, 1), 3), Cage((2, 3))), extra_regions=((4, 13, 22),))
    data = rules.to_dict()
    assert data["cages"][1] == {"cells": [2, 3], "total": None}
    assert Rules.from_dict(NINE, data) == rules
    assert Rules(NINE).to_dict() == {} and Rules.from_dict(NINE, {}).is_classic
    for bad, words in [([], "must be an object"), ({"thermo": []}, "unknown rule 'thermo'"),
                       ({"diagonal": 1}, "rules.diagonal must be true or false"),
                       ({"cages": [{"cells": [0, 1], "total": "3"}]}, r"rules.cages\[1\].total must be a whole number"),
                       ({"regions": [[0, "a"]]}, r"rules.regions\[1\] must list cell indexes"),
                       ({"cages": [{"cells": [0, 1], "total": 2}]}, "never 2")]:
        with pytest.raises(RulesError, match=words):
            Rules.from_dict(NINE, bad)
