"""Every case of the technique library (tests/data/techniques/, format in tests/technique_library.py):
the named technique makes the expected eliminations and placements, and never a wrong one."""
from __future__ import annotations

import pytest

from technique_library import FINDERS, load, run, solution_of

CASES = load()


@pytest.mark.parametrize("case", CASES, ids=[f"{c.technique}@{c.where}" for c in CASES])
def test_technique_makes_the_expected_deductions(case):
    solution = solution_of(case.position.grid)
    assert solution is not None, f"{case.where}: the grid must have exactly one solution"
    for cell, digit in case.position.removed:
        assert solution.values[cell] != digit, f"{case.where}: the removed marks take the solution's digit"
    outcome = run(case, solution)
    assert not outcome.wrong, f"{case.where}: wrong deductions {outcome.wrong}"
    assert outcome.found, f"{case.where}: {case.technique} did not make {outcome.missing}"


def test_every_technique_has_cases():
    covered = {case.technique for case in CASES}
    assert not [name for name in FINDERS if name not in covered], "techniques without a library case"
