"""The numpy batch engine and the command line at scale: the batch answers are the scalar engine's,
puzzle for puzzle, on every set and shape; bulk inputs (CSV, gzip, bad lines) go through the CLI with the
right output and exit status; --jobs keeps input order; an interrupted run keeps what it wrote; without
numpy the module says how to install it and the rest of the package does not need it."""
from __future__ import annotations

import gzip
import importlib
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

from sudoku_core import Grid, Shape, count_solutions, solve  # noqa: E402
from sudoku_core.bank import bulk  # noqa: E402
from sudoku_core.bank.batch import GAVE_UP, count_many, solve_many, to_strings  # noqa: E402
from sudoku_core.cli import main  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
SEED = 7

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
NO_SOLUTION = "12345678." + "........9" + "." * 63  # no clash, but r1c9 has no candidate left
CLASH = "5...5" + "." * 76  # r1c1 and r1c5 are both 5
SEVERAL = "." * 81
HARD = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"

# Samples small enough for the suite's time budget; the big sets get more puzzles than the tiny ones.
SETS = sorted(p.name for p in DATA.glob("*.txt*") if "ratings" not in p.name)
SAMPLE = {"generated_25x25.txt": 2, "generated_16x16.txt": 6, "forum_hardest_1905_11plus.txt.gz": 10,
          "forum_hardest_1106.txt": 10, "magictour_top1465.txt": 15}


def read_set(name: str) -> list[str]:
    opener = gzip.open if name.endswith(".gz") else open
    with opener(DATA / name, "rt") as f:
        return [line.strip() for line in f if line.strip()]


def scalar_answers(puzzles: list[str], limit: int = 2) -> "tuple[list[str], list[int]]":
    grids = [Grid.parse(p) for p in puzzles]
    firsts = [solve(g) for g in grids]
    return [s.to_line() if s else "" for s in firsts], [count_solutions(g, limit) for g in grids]


# -- the batch engine agrees with the scalar engine -----------------------------------------------
@pytest.mark.parametrize("name", SETS)
def test_batch_agrees_with_scalar_on_a_sample_of_every_set(name):
    lines = read_set(name)
    size = SAMPLE.get(name, 25)
    sample = random.Random(f"{SEED}:{name}").sample(lines, min(size, len(lines)))
    solutions, counts = scalar_answers(sample)
    assert solve_many(sample, strings=True) == solutions
    got_counts, got_firsts = count_many(sample, solutions=True, strings=True)
    assert got_counts.tolist() == counts
    assert got_firsts == solutions


def dug_puzzles(shape: Shape, count: int, rng: random.Random) -> list[list[int]]:
    """Random puzzles of a shape: a relabelled solved grid with a random share of cells emptied; some get
    a clash. Many have several solutions or none, which is the point."""
    base = solve(Grid.empty(shape)).values
    out = []
    for k in range(count):
        labels = list(range(1, shape.side + 1))
        rng.shuffle(labels)
        holes = rng.random() * 0.75
        values = [0 if rng.random() < holes else labels[v - 1] for v in base]
        if k % 6 == 0:
            values[1] = values[0] = values[0] or 1  # two equal digits side by side
        out.append(values)
    return out


@pytest.mark.parametrize("spec", ["4x4", "6x6", "6x6:3x2", "9x9", "12x12", "16x16"])
def test_batch_agrees_with_scalar_on_every_shape(spec):
    shape = Shape.parse(spec)
    puzzles = dug_puzzles(shape, 24 if shape.side < 16 else 10, random.Random(f"{SEED}:{spec}"))
    grids = [Grid(p, shape) for p in puzzles]
    expected = [list(s.values) if s else [0] * shape.cell_count for s in map(solve, grids)]
    array = np.array(puzzles)
    assert solve_many(array, shape=shape).tolist() == expected
    assert count_many(array, limit=3, shape=shape).tolist() == [count_solutions(g, 3) for g in grids]


def test_batch_reports_several_solutions_with_the_scalar_first_one():
    counts, firsts = count_many([SEVERAL, PUZZLE], solutions=True, strings=True)
    assert counts.tolist() == [2, 1]
    assert firsts == [solve(Grid.parse(SEVERAL)).to_line(), SOLUTION]


def test_batch_counts_no_solution_and_clashing_givens_as_zero():
    assert count_many([NO_SOLUTION, CLASH, PUZZLE]).tolist() == [0, 0, 1]
    assert solve_many([NO_SOLUTION, CLASH, PUZZLE], strings=True) == ["", "", SOLUTION]


def test_batch_keeps_input_order_across_chunks():
    puzzles = read_set("kaggle_sample100.txt")[:40] + [CLASH, HARD]
    expected, _ = scalar_answers(puzzles)
    assert solve_many(puzzles, strings=True, chunk_size=7) == expected


def test_batch_takes_an_integer_array_and_returns_digits():
    row = [0 if ch == "." else int(ch) for ch in PUZZLE]
    got = solve_many(np.array([row, row]))
    assert got.shape == (2, 81)
    assert to_strings(got) == [SOLUTION, SOLUTION]


def test_batch_budget_gives_up_like_the_scalar_engine():
    assert count_many([HARD, PUZZLE], max_nodes=1).tolist() == [GAVE_UP, 1]


def test_batch_rejects_a_bad_string_naming_the_puzzle():
    with pytest.raises(ValueError, match="puzzle 2"):
        solve_many([PUZZLE, PUZZLE[:-1]])


# -- numpy is optional ----------------------------------------------------------------------------
def test_import_without_numpy_says_how_to_install_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "numpy", None)  # makes `import numpy` fail
    monkeypatch.delitem(sys.modules, "sudoku_core.bank.batch", raising=False)
    with pytest.raises(ImportError, match=r'pip install "sudoku-core\[batch\]"'):
        importlib.import_module("sudoku_core.bank.batch")
    monkeypatch.delitem(sys.modules, "sudoku_core.bank.batch", raising=False)


BLOCK_NUMPY = "import sys; sys.modules['numpy'] = None; "


def test_the_package_and_the_cli_run_without_numpy(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(PUZZLE + "\n")
    script = (BLOCK_NUMPY + "import sudoku_core, sudoku_core.cli, sudoku_core.bank.bulk, sudoku_core.bridge; "
              f"sys.exit(sudoku_core.cli.main(['solve', {str(path)!r}]))")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (0, SOLUTION + "\n", "")


def test_engine_batch_without_numpy_is_a_usage_error_naming_the_extra(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(PUZZLE + "\n")
    script = BLOCK_NUMPY + f"import sudoku_core.cli as c; sys.exit(c.main(['solve', '--engine', 'batch', {str(path)!r}]))"
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 2
    assert 'pip install "sudoku-core[batch]"' in done.stderr
    assert "Traceback" not in done.stderr


# -- the command line at scale --------------------------------------------------------------------
def run(capsys, *argv: str) -> "tuple[int, list[str], str]":
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out.split("\n")[:-1], captured.err


@pytest.fixture
def kaggle():
    """(puzzles, solutions) of the Kaggle sample, the puzzles written with 0 for empty as Kaggle does."""
    puzzles = [p.replace(".", "0") for p in read_set("kaggle_sample100.txt")]
    solutions, _ = scalar_answers(puzzles)
    return puzzles, solutions


@pytest.mark.parametrize("header", ["quizzes,solutions", "puzzle,solution"])
def test_cli_reads_kaggle_csv_layouts(capsys, tmp_path, kaggle, header):
    puzzles, solutions = kaggle
    path = tmp_path / "k.csv"
    path.write_text(header + "\n" + "".join(f"{p},{s}\n" for p, s in zip(puzzles, solutions)))
    assert run(capsys, "solve", "--engine", "batch", str(path)) == (0, solutions, "")


def test_cli_reads_the_csv_column_named(capsys, tmp_path):
    path = tmp_path / "bank.csv"
    path.write_text("id,grid_text,rating\n1,%s,3.1\n2,\"%s\",2\n" % (PUZZLE, PUZZLE))
    assert run(capsys, "check", "--column", "grid_text", str(path)) == (0, ["unique", "unique"], "")


def test_cli_reads_a_gz_file_with_json_output(capsys, tmp_path, kaggle):
    puzzles, solutions = kaggle
    path = tmp_path / "k.txt.gz"
    with gzip.open(path, "wt") as f:
        f.write("\n".join(puzzles[:50]) + "\n")
    status, out, err = run(capsys, "solve", "--format", "json", str(path))
    records = [json.loads(line) for line in out]
    assert status == 0 and err == ""
    assert [r["line"] for r in records] == list(range(1, 51))
    assert [r["solution"] for r in records] == solutions[:50]
    assert {r["status"] for r in records} == {"solved"} and {r["count"] for r in records} == {1}
    assert all(r["time"] >= 0 for r in records)


@pytest.mark.parametrize("engine", ["scalar", "batch"])
def test_cli_reports_bad_lines_and_goes_on(capsys, tmp_path, kaggle, engine):
    puzzles, solutions = kaggle
    lines = puzzles[:40] + [PUZZLE[:-1], "Z" + PUZZLE[1:], CLASH, NO_SOLUTION, PUZZLE]
    path = tmp_path / "bad.txt"
    path.write_text("\n".join(lines) + "\n")
    status, out, err = run(capsys, "solve", "--engine", engine, str(path))
    assert status == 1
    assert out == solutions[:40] + ["", "", "", "", SOLUTION]
    assert err.splitlines() == [
        f"{path}:line 41: expected 81 cells, found 80",
        f"{path}:line 42, column 1: 'Z' is not a digit for a 9x9 grid",
        f"{path}:line 43: clashing givens: r1c1 and r1c5 are both 5 in row 1",
        f"{path}:line 44: no solution",
    ]
    assert "Traceback" not in err


def test_cli_csv_output_and_check_verdicts(capsys, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("\n".join([PUZZLE, SEVERAL, CLASH, NO_SOLUTION, "x"]) + "\n")
    status, out, _ = run(capsys, "check", "--engine", "batch", "--format", "csv", str(path))
    assert status == 1
    assert out[0] == "line,status,count,solution,time,message"
    assert [row.split(",")[1] for row in out[1:]] == ["unique", "several", "conflict", "none", "invalid"]


def test_cli_summary_line_counts_everything(capsys, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("\n".join([PUZZLE, SEVERAL, CLASH, NO_SOLUTION, "x"]) + "\n")
    _, _, err = run(capsys, "count", "--summary", str(path))
    summary = err.splitlines()[-1]
    assert summary.startswith("5 puzzles, 2 solved, 1 with several solutions, 2 no solution, 1 bad line; ")
    assert summary.endswith("puzzles/s")


def test_cli_jobs_keep_input_order(capsys, tmp_path, kaggle, monkeypatch):
    monkeypatch.setattr(bulk, "CHUNK", 16)  # many chunks, so the workers finish out of order
    monkeypatch.setattr(bulk, "AUTO_MIN", 4)
    puzzles, solutions = kaggle
    lines = puzzles + [HARD] + puzzles[::-1]
    expected = solutions + [solve(Grid.parse(HARD)).to_line()] + solutions[::-1]
    path = tmp_path / "many.txt"
    path.write_text("\n".join(lines) + "\n")
    assert run(capsys, "solve", "--jobs", "2", str(path)) == (0, expected, "")


def test_cli_output_file(capsys, tmp_path):
    source, target = tmp_path / "p.txt", tmp_path / "out.txt"
    source.write_text(PUZZLE + "\n")
    assert run(capsys, "solve", "--output", str(target), str(source)) == (0, [], "")
    assert target.read_text() == SOLUTION + "\n"


def test_interrupted_run_keeps_what_it_wrote_and_says_where_it_stopped(capsys, tmp_path, kaggle, monkeypatch):
    monkeypatch.setattr(bulk, "CHUNK", 10)
    monkeypatch.setattr(bulk, "AUTO_MIN", 4)
    calls = []
    real = bulk.solve_chunk

    def third_chunk_interrupted(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(bulk, "solve_chunk", third_chunk_interrupted)
    puzzles, solutions = kaggle
    source, target = tmp_path / "p.txt", tmp_path / "out.txt"
    source.write_text("\n".join(puzzles) + "\n")
    status, out, err = run(capsys, "solve", "--output", str(target), str(source))
    assert status == 130
    assert target.read_text().splitlines() == solutions[:20]
    assert f"interrupted: stopped after {source}:line 20" in err
    assert "Traceback" not in err


def test_interrupt_inside_a_search_keeps_the_answers_before_it(capsys, tmp_path, monkeypatch):
    calls = []
    real = bulk.solve_and_count

    def interrupted_on_the_third(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(bulk, "solve_and_count", interrupted_on_the_third)
    source = tmp_path / "p.txt"
    source.write_text("\n".join([PUZZLE] * 5) + "\n")
    status, out, err = run(capsys, "solve", "--engine", "scalar", str(source))
    assert (status, out) == (130, [SOLUTION, SOLUTION])
    assert f"stopped after {source}:line 2" in err


@pytest.mark.parametrize("compress", ["bz2", "lzma"])
def test_cli_reads_bz2_and_xz_files_told_by_their_first_bytes(capsys, tmp_path, compress):
    module = importlib.import_module(compress)
    path = tmp_path / "puzzles.dat"  # the name does not say; the first bytes do
    path.write_bytes(module.compress(f"{PUZZLE}\n{CLASH}\n".encode()))
    assert run(capsys, "check", str(path)) == (1, ["unique", "conflict: r1c1 and r1c5 are both 5 in row 1"], "")


def test_cli_truncated_gz_keeps_the_puzzles_before_the_damage(capsys, tmp_path):
    data = gzip.compress(("\n".join([PUZZLE] * 400) + "\n").encode())
    path = tmp_path / "cut.gz"
    path.write_bytes(data[: len(data) * 2 // 3])
    status, out, err = run(capsys, "solve", str(path))
    assert status == 1 and "Traceback" not in err
    assert "cannot read" in err and out and set(out) <= {SOLUTION, ""}


def test_cli_solve_on_puzzles_with_several_solutions_matches_scalar(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(bulk, "CHUNK", 8)
    monkeypatch.setattr(bulk, "FIRST_CHUNK", 8)
    monkeypatch.setattr(bulk, "AUTO_MIN", 4)  # the batch search gives up on them after a few chunks
    path = DATA / "serg_benchmark_sample1000.txt"
    sample = tmp_path / "serg.txt"
    sample.write_text("".join(path.read_text().splitlines(keepends=True)[:40]))
    _, scalar_out, _ = run(capsys, "solve", "--engine", "scalar", str(sample))
    assert run(capsys, "solve", "--engine", "batch", str(sample)) == (0, scalar_out, "")
