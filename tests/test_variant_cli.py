"""The CLI on variant puzzle files: solve, count and check answer one line per file, bad rules and givens
that break a rule are told with their place, and a variant file is not mixed with classic banks; and the
variant commands' tests of test_variant_generate.py, test_palette_formats.py and test_sudokuwiki_killer.py,
which run inside MicroPython too (tests/test_in_micropython.py), where the CLI is not."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_core import Grid
from sudoku_core.cli import main
from sudoku_core.generator.variants import generate_variant
from sudoku_core.formats.fpuzzles import fpuzzles_link
from sudoku_core.variants.rules import Cage, Rules
from sudoku_core.formats.variant_text import read_variant, write_variant
from sudoku_core.logic import rate
from sudoku_core.formats.fpuzzles import FPUZZLES_URL, to_fpuzzles_json
from sudoku_core.formats.lzstring import compress_to_base64
from sudoku_core.formats.sudokuwiki import read_sudokuwiki_killer
from sudoku_core.variants.solver import solve_and_count

from test_palette_formats import DRAWN, NINE, SOLVED, UNIQUE
from test_sudokuwiki_killer import EXAMPLE

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


# -- generate --variant (moved from test_variant_generate.py, which runs inside MicroPython too) ------------------------------------------------------------------------------
@pytest.mark.parametrize("variant, size", [("killer", "6x6"), ("jigsaw,x", "4x4"), ("windoku", "9x9")])
def test_a_generated_file_reads_back_with_solve_and_check(tmp_path, capsys, variant, size):
    code, text, _ = run(capsys, "generate", "--variant", variant, "--size", size, "--seed", "4")
    assert code == 0
    path = tmp_path / "puzzle.txt"
    path.write_text(text)
    record = json.loads(run(capsys, "generate", "--variant", variant, "--size", size, "--seed", "4",
                            "--format", "json")[1])
    assert run(capsys, "solve", str(path))[1].strip() == record["solution"]
    assert run(capsys, "check", str(path))[1] == "unique\n"
    grid, rules = read_variant(text)
    assert grid.to_line() == record["givens"] and rules.to_dict() == record["rules"]


def test_several_puzzles_are_separated_and_each_is_seed_plus_k(capsys):
    text = run(capsys, "generate", "--variant", "x", "--size", "4x4", "--seed", "7", "--count", "2")[1]
    first, second = text.split("\n\n")
    assert read_variant(first)[0] == generate_variant("x", "4x4", seed=7).givens
    assert read_variant(second)[0] == generate_variant("x", "4x4", seed=8).givens


@pytest.mark.parametrize("fmt", ["fpuzzles", "sudokupad"])
def test_links_carry_the_rules(capsys, fmt):
    from sudoku_core.formats.fpuzzles import read_fpuzzles

    link = run(capsys, "generate", "--variant", "killer", "--size", "6x6", "--seed", "2", "--format", fmt)[1].strip()
    made = generate_variant("killer", "6x6", seed=2)
    grid, rules = read_fpuzzles(link)
    assert grid == made.givens and rules.cages == made.rules.cages


def test_sudokuwiki_links_carry_the_cages(capsys):
    links = run(capsys, "generate", "--variant", "killer", "--seed", "2", "--count", "2", "--format", "sudokuwiki")[1]
    for k, link in enumerate(links.splitlines()):
        made = generate_variant("killer", "9x9", seed=2 + k)
        assert read_sudokuwiki_killer(link) == (made.givens, made.rules)


@pytest.mark.parametrize("argv, message", [
    (["--variant", "sudoku"], "unknown variant 'sudoku'"),
    (["--variant", "killer", "--givens", "3", "--format", "sudokuwiki"], "hold 9x9 Killer cages and nothing else"),
    (["--variant", "killer,x", "--format", "sudokuwiki"], "use it with --variant killer, 9x9, and no --givens"),
    (["--variant", "killer", "--size", "6x6", "--format", "sudokuwiki"], "SudokuWiki's Killer links"),
    (["--format", "sudokuwiki"], "--format sudokuwiki is for variant puzzles"),
    (["--variant", "windoku", "--size", "6x6"], "9x9 grids, not 6x6"),
    (["--variant", "x", "--format", "block"], "with --variant choose text"),
    (["--format", "sudokupad"], "--format sudokupad is for variant puzzles"),
    (["--givens", "3"], "--givens is for variant puzzles"),
    (["--variant", "jigsaw", "--givens", "3"], "Killer puzzles only"),
    (["--variant", "x,anti-king", "--size", "4x4"], "no 4x4 grid obeys x and anti-king together"),
])
def test_bad_options_are_usage_errors_without_a_traceback(capsys, argv, message):
    code, out, err = run(capsys, "generate", *argv)
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err


# -- f-puzzles files with drawings and the setter's solution (from test_palette_formats.py) ----------
def test_several_solutions_under_the_rules_read_are_said_beside_the_one_shown(tmp_path, capsys):
    path = tmp_path / "drawn.json"
    path.write_text(DRAWN)
    assert main(["solve", str(path)]) == 0
    captured = capsys.readouterr()
    assert Grid.parse(captured.out.strip()).is_complete()
    assert "decoration" in captured.err and "several solutions under the rules read" in captured.err
    assert main(["solve", "--format", "json", str(path)]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["several"] is True and len(record["notes"]) == 2


def test_the_cli_says_whether_the_answer_matches_the_setters_solution(tmp_path, capsys):
    path = tmp_path / "setter.txt"
    path.write_text(FPUZZLES_URL + compress_to_base64(to_fpuzzles_json(UNIQUE, Rules(NINE), solution=SOLVED)))
    assert main(["check", str(path)]) == 0
    captured = capsys.readouterr()
    assert captured.out == "unique\n" and "matches the setter's solution" in captured.err


# -- SudokuWiki Killer links (from test_sudokuwiki_killer.py) --------------------------------------
def test_the_cli_solves_a_file_holding_the_link(tmp_path, capsys):
    path = tmp_path / "killer.txt"
    path.write_text(EXAMPLE + "\n")
    assert main(["solve", str(path)]) == 0
    grid, rules = read_sudokuwiki_killer(EXAMPLE)
    assert capsys.readouterr().out == solve_and_count(grid, rules, 2).first.to_line() + "\n"


#: A Killer that logic finishes (also tests/test_variant_logic.py's).
EXPLAINED_KILLER = json.loads((Path(__file__).resolve().parent.parent / "data" / "variants" / "killer_9x9.jsonl")
                              .read_text().splitlines()[1])


def test_explain_and_rate_a_variant_file(tmp_path, capsys):
    grid = Grid.parse(EXPLAINED_KILLER["givens"])
    killer_file = tmp_path / "killer.txt"
    killer_file.write_text(write_variant(grid, Rules.from_dict(grid.shape, EXPLAINED_KILLER["rules"])))
    several = tmp_path / "x.txt"
    several.write_text("." * 81 + "\nrules: x\n")
    assert main(["explain", str(killer_file)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{killer_file}: ") and "steps, solved" in out and "Cage Combination: the cage " in out
    assert main(["explain", "--json", str(killer_file)]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["file"] == str(killer_file) and record["grid"] == EXPLAINED_KILLER["solution"]
    assert main(["rate", str(killer_file), str(several)]) == 1
    captured = capsys.readouterr()
    lines = captured.out.split("\n")
    assert lines[0].split("\t")[0] == f"{rate(grid, Rules.from_dict(grid.shape, EXPLAINED_KILLER['rules'])).score:.1f}"
    assert lines[1] == "" and f"{several}: several solutions" in captured.err
