"""The CLI on variant puzzle files: solve, count and check answer one line per file, bad rules and givens
that break a rule are told with their place, and a variant file is not mixed with classic banks."""
from __future__ import annotations

import json

from sudoku_core import Grid
from sudoku_core.cli import main
from sudoku_core.formats.fpuzzles import fpuzzles_link
from sudoku_core.variants.rules import Cage, Rules
from sudoku_core.formats.variant_text import read_variant

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def run(capsys, *argv: str) -> "tuple[int, str, str]":
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def write(tmp_path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_solve_count_and_check_a_variant_file(tmp_path, capsys):
    path = write(tmp_path, "x.txt", "# X-Sudoku\n" + "." * 81 + "\nrules: x windoku\n")
    code, out, _ = run(capsys, "solve", path)
    assert code == 0
    grid, rules = read_variant(open(path).read())
    solution = Grid.parse(out.strip())
    assert solution.is_complete() and rules.conflicts(solution) == []
    assert run(capsys, "check", path)[1] == "several\n"
    assert run(capsys, "count", "--limit", "3", path)[1] == "3+\n"
    record = json.loads(run(capsys, "solve", "--format", "json", path)[1])
    assert record["status"] == "solved" and record["solution"] == out.strip()


def test_a_killer_with_a_unique_solution_from_its_cages(tmp_path, capsys):
    # Cages laid over a known solution (the classic HARD's), a cage per box row third: unique with the givens.
    solution = Grid.parse("417369825632158947958724316825437169791586432346912758289643571573291684164875293")
    cages = tuple(Cage(cells, sum(solution.values[c] for c in cells))
                  for cells in (tuple(range(r * 9 + c, r * 9 + c + 3)) for r in range(9) for c in (0, 3, 6)))
    rules = Rules(solution.shape, cages=cages)
    link = fpuzzles_link(Grid.parse(HARD), rules)
    path = write(tmp_path, "killer.txt", link + "\n")
    assert run(capsys, "check", path)[1] == "unique\n"
    assert run(capsys, "solve", path)[1].strip() == solution.to_line()


def test_problems_are_told_per_file_with_their_place(tmp_path, capsys):
    clash = write(tmp_path, "clash.txt", "12" + "." * 79 + "\ncage 4: r1c1 r1c2\n")
    bad = write(tmp_path, "bad.txt", "." * 81 + "\nrules: x thermo\n")
    code, out, _ = run(capsys, "check", clash, bad)
    assert code == 1
    first, second = out.splitlines()
    assert first == "conflict: the cage r1c1, r1c2 (total 4) adds up to 3, not 4"
    assert second.startswith("invalid: line 2") and "thermo" in second
    code, out, err = run(capsys, "solve", bad)
    assert code == 1 and out == "\n" and err.startswith(f"{bad}: line 2")


def test_a_variant_file_is_not_mixed_with_a_bank(tmp_path, capsys):
    variant = write(tmp_path, "x.txt", "." * 81 + "\nrules: x\n")
    bank = write(tmp_path, "bank.txt", HARD + "\n")
    code, out, err = run(capsys, "solve", variant, bank)
    assert code == 2 and out == "" and "separate runs" in err
    assert run(capsys, "solve", bank)[0] == 0          # a bank alone goes on as before
