"""`rate`, `explain` and `generate --count N` through the bank pipeline: formats, compressed and CSV input,
--jobs keeping input order, the curators' filters, --resume, and the Python function for one shard."""
from __future__ import annotations

import csv
import gzip
import io
import json
import sys

import pytest

from sudoku_core import Grid
from sudoku_core.bank import bulk
from sudoku_core.bank import generate as bank_generate
from sudoku_core.bank.bulk import answer_lines
from sudoku_core.cli import main
from sudoku_core.logic import rate

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
CLASH = "5...5" + "." * 76
SEVERAL = "." * 81
#: Diabolical puzzles from data/sudoku_exchange_diabolical.txt.gz, with a spread of hardest techniques.
HARD = [
    ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.",
    "2...5...6.1.....9.6..8.1..3..7.9.6.....7.3...9...8...21.......5.6.9.2.1...3.6.2..",
    "52..1...7.8..4..32..75..1........7..41..6..59..2........9..62..36..7..8.2...5..43",
    "7...4...6...759...9..8.1..3...524....3.....2.4.......75.1...2.8.8.....1.2.9...3.4",
    "..7...5......8....9...7...1.251.893...3...6....9...2.....5.3...7.......6.1.2.7.4.",
    ".215.........83.2...6...8.....8....1.38...45.7....6.....2...5...5.62.........173.",
]
BANK = [EASY, PUZZLE, *HARD, EASY, PUZZLE]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


#: --jobs starts worker processes, which WebAssembly has not: those tests run in CPython only (this file also runs
#: inside Pyodide, tests/test_in_pyodide.py, for everything else).
needs_processes = pytest.mark.skipif(sys.platform == "emscripten", reason="no processes in WebAssembly")


@pytest.fixture
def bank(tmp_path):
    """bank(lines, name="bank.txt") -> path of a file of those lines (gzip when the name says .gz)."""
    def make(lines=BANK, name: str = "bank.txt") -> str:
        path = tmp_path / name
        data = "".join(line + "\n" for line in lines).encode()
        path.write_bytes(gzip.compress(data) if name.endswith(".gz") else data)
        return str(path)
    return make


@pytest.fixture
def small_chunks(monkeypatch):
    """Chunks of 2 puzzles, so that a run has many and workers finish them out of order."""
    monkeypatch.setattr(bulk, "LOGIC_CHUNK", 2)
    monkeypatch.setattr(bulk, "FIRST_CHUNK", 2)
    monkeypatch.setattr(bank_generate, "CHUNK", 2)


# -- rate -----------------------------------------------------------------------------------------------
@needs_processes
def test_rate_gives_the_same_lines_in_the_same_order_with_two_jobs(capsys, bank, small_chunks):
    path = bank()
    one = run(capsys, "rate", path)
    two = run(capsys, "rate", "--jobs", "2", path)
    assert one == two and one[0] == 0
    assert one[1].split("\n")[:-1] == [str(rate(Grid.parse(p))) for p in BANK]


def test_rate_reads_gzip_and_csv_and_writes_json_records_with_the_puzzle(capsys, bank):
    rows = ["quizzes,solutions"] + [f"{p}," for p in HARD[:3]]
    status, out, _ = run(capsys, "rate", "--format", "json", bank(rows, "kaggle.csv.gz"))
    records = [json.loads(line) for line in out.strip().split("\n")]
    assert status == 0 and [r["line"] for r in records] == [2, 3, 4]
    assert [r["puzzle"] for r in records] == HARD[:3]
    assert all(r["status"] == "rated" and r["score"] >= 5 and r["level"] and r["hardest"] for r in records)


@needs_processes
def test_rate_csv_names_every_puzzle_with_its_status_and_reports_bad_lines_by_number(capsys, bank, small_chunks):
    path = bank([EASY, CLASH, PUZZLE[:-1], SEVERAL, PUZZLE])
    status, out, err = run(capsys, "rate", "--format", "csv", "--jobs", "2", path)
    rows = list(csv.DictReader(io.StringIO(out)))
    assert status == 1
    assert [(r["line"], r["status"]) for r in rows] == [
        ("1", "rated"), ("2", "conflict"), ("3", "invalid"), ("4", "several"), ("5", "rated")]
    assert err.split("\n")[:-1] == [
        f"{path}:line 2: No solution: r1c1 and r1c5 are both 5 in row 1",
        f"{path}:line 3: expected 81 cells, found 80",
        f"{path}:line 4: " + rows[3]["message"]]
    assert "Several solutions" in rows[3]["message"]


def test_rate_filters_keep_the_puzzles_in_a_score_range_and_print_them(capsys, bank):
    ratings = {p: rate(Grid.parse(p)) for p in HARD}
    status, out, err = run(capsys, "rate", "--min", "6.0", "--max", "7.0", "--summary", bank(HARD))
    kept = [p for p in HARD if 6.0 <= ratings[p].score <= 7.0]
    assert status == 0 and 0 < len(kept) < len(HARD)
    assert out.split("\n")[:-1] == kept  # the kept puzzles themselves: a bank for the next command
    assert f"{len(kept)} kept by the filters" in err


def test_rate_filters_by_level_and_by_hardest_technique_in_any_case(capsys, bank):
    ratings = {p: rate(Grid.parse(p)) for p in HARD}
    technique = ratings[HARD[0]].hardest
    _, out, _ = run(capsys, "rate", "--technique", technique.upper(), "--format", "json", bank(HARD))
    assert [json.loads(line)["puzzle"] for line in out.strip().split("\n")] == [
        p for p in HARD if ratings[p].hardest == technique]
    _, out, _ = run(capsys, "rate", "--level", "hard", bank(HARD + [EASY]))
    assert out.split("\n")[:-1] == [p for p in HARD if ratings[p].level == "Hard"]


@pytest.mark.parametrize("argv, message", [
    (["--technique", "X-Wingg"], "unknown technique 'X-Wingg': choose one of"),
    (["--level", "tricky"], "unknown level 'tricky'"),
])
def test_an_unknown_filter_is_a_usage_error_before_any_output(capsys, bank, tmp_path, argv, message):
    target = tmp_path / "out.txt"
    status, out, err = run(capsys, "rate", *argv, "-o", str(target), bank())
    assert status == 2 and out == "" and message in err and not target.exists()


# -- explain --------------------------------------------------------------------------------------------
@needs_processes
def test_explain_csv_and_json_agree_and_keep_order_with_two_jobs(capsys, bank, small_chunks):
    path = bank([EASY, CLASH, *HARD[:3]])
    one = run(capsys, "explain", "--format", "csv", path)
    two = run(capsys, "explain", "--format", "csv", "--jobs", "2", path)
    strip = lambda out: [r[:-2] for r in csv.reader(io.StringIO(out))]  # noqa: E731  (less time, message)
    assert strip(one[1]) == strip(two[1]) and one[0] == two[0] == 1
    rows = list(csv.DictReader(io.StringIO(one[1])))
    assert [r["line"] for r in rows] == ["1", "2", "3", "4", "5"] and rows[1]["status"] == "conflict"
    _, out, _ = run(capsys, "explain", "--json", path)
    paths = [json.loads(line) for line in out.strip().split("\n")]
    assert [p["line"] for p in paths] == [1, 3, 4, 5]
    assert [len(p["steps"]) for p in paths] == [int(r["steps"]) for r in rows if r["status"] != "conflict"]
    assert rows[0]["text"].split("\n") == [step["text"] for step in paths[0]["steps"]]


# -- generate -------------------------------------------------------------------------------------------
@needs_processes
def test_generate_with_two_jobs_writes_the_same_puzzles_in_the_same_order(capsys, small_chunks):
    one = run(capsys, "generate", "--count", "7", "--seed", "5", "--size", "6x6")
    two = run(capsys, "generate", "--count", "7", "--seed", "5", "--size", "6x6", "--jobs", "2")
    assert one == two and one[0] == 0 and len(one[1].split("\n")[:-1]) == 7


def test_generate_csv_has_a_header_and_one_row_per_puzzle(capsys):
    status, out, _ = run(capsys, "generate", "--count", "2", "--seed", "1", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert status == 0 and [r["seed"] for r in rows] == ["1", "2"] and all(len(r["puzzle"]) == 81 for r in rows)


# -- resume ---------------------------------------------------------------------------------------------
def _interrupt_the_third_chunk(monkeypatch, module, name):
    real = getattr(module, name)
    calls = []

    def third_interrupted(*args):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args)
    monkeypatch.setattr(module, name, third_interrupted)
    return lambda: monkeypatch.setattr(module, name, real)


@pytest.mark.parametrize("argv", [["rate", "--format", "csv"], ["explain"], ["solve", "--engine", "scalar", "--format", "json"]])
def test_resume_after_an_interrupted_run_writes_the_file_an_uninterrupted_one_does(capsys, bank, tmp_path,
                                                                                   monkeypatch, small_chunks, argv):
    monkeypatch.setattr(bulk, "SCALAR_CHUNK", 2)
    path = bank()
    whole, part = tmp_path / "whole.out", tmp_path / "part.out"
    assert main([*argv, path, "-o", str(whole)]) == 0
    restore = _interrupt_the_third_chunk(monkeypatch, bulk, "solve_chunk")
    assert main([*argv, path, "-o", str(part)]) == 130
    assert (tmp_path / "part.out.resume").exists()
    with open(part, "a") as torn:  # a chunk half written when the process died
        torn.write("half a rec")
    restore()
    capsys.readouterr()
    assert main([*argv, "--resume", "--summary", path, "-o", str(part)]) == 0
    assert f"{len(BANK)} puzzles" in capsys.readouterr().err  # the summary counts the whole run
    assert _without_times(part.read_text(), argv) == _without_times(whole.read_text(), argv)
    assert not (tmp_path / "part.out.resume").exists()


def _without_times(text: str, argv: list[str]):
    """The output less its `time` fields (the one thing two runs write differently)."""
    if "json" in argv:
        return [{k: v for k, v in json.loads(line).items() if k != "time"} for line in text.split("\n")[:-1]]
    if "csv" in argv:
        return [row[:7] for row in csv.reader(io.StringIO(text))]
    return text


def test_resume_of_generate_continues_with_the_next_puzzle(capsys, tmp_path, monkeypatch, small_chunks):
    whole, part = tmp_path / "whole.txt", tmp_path / "part.txt"
    argv = ["generate", "--count", "8", "--seed", "3", "--size", "6x6"]
    assert main([*argv, "-o", str(whole)]) == 0
    restore = _interrupt_the_third_chunk(monkeypatch, bank_generate, "make_chunk")
    assert main([*argv, "-o", str(part)]) == 130
    restore()
    assert main([*argv, "--resume", "-o", str(part)]) == 0
    assert part.read_text() == whole.read_text()


def test_resume_refuses_other_options_a_finished_run_and_standard_output(capsys, bank, tmp_path, monkeypatch,
                                                                         small_chunks):
    path, target = bank(), tmp_path / "out.txt"
    restore = _interrupt_the_third_chunk(monkeypatch, bulk, "solve_chunk")
    assert main(["rate", path, "-o", str(target)]) == 130
    restore()
    capsys.readouterr()
    assert main(["rate", "--format", "csv", "--resume", path, "-o", str(target)]) == 2
    assert "written by another run" in capsys.readouterr().err
    assert main(["rate", "--resume", path, "-o", str(target)]) == 0
    assert main(["rate", "--resume", path, "-o", str(target)]) == 2
    assert "nothing to resume" in capsys.readouterr().err
    assert main(["rate", "--resume", path]) == 2
    assert "--resume needs --output" in capsys.readouterr().err


# -- one shard from Python ------------------------------------------------------------------------------
def test_answer_lines_gives_the_command_lines_records_for_one_shard(capsys, bank):
    lines = [p + "\n" for p in [EASY, "12", *HARD[:2]]]
    path = bank([EASY, "12", *HARD[:2]])
    for command, fmt in (("rate", "line"), ("solve", "json"), ("rate", "csv"), ("check", "line"), ("explain", "line")):
        main([command, "--format", fmt, path])
        out = capsys.readouterr().out
        records = answer_lines(lines, command, fmt=fmt)
        if fmt == "csv":
            out = out.split("\n", 1)[1]  # the command line's header row
        joined = "\n\n".join(records) + "\n\n" if command == "explain" else "".join(r + "\n" for r in records)
        assert _without_times(joined, [fmt]) == _without_times(out, [fmt]), command
