"""Bounded line reads: an over-long line is reported by its number without being held, whatever the file."""
from __future__ import annotations

import gzip
import subprocess
import sys
from pathlib import Path

from sudoku_core.bank import bulk
from sudoku_core.cli import main

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
ROOT = Path(__file__).resolve().parent.parent
MB = 1 << 20


def test_a_300_mb_line_in_a_small_gz_is_reported_by_number_and_memory_stays_flat(tmp_path):
    path = tmp_path / "hostile.txt.gz"
    with gzip.open(path, "wb", compresslevel=6) as f:
        f.write((PUZZLE + "\n").encode())
        block = b"1" * MB
        for _ in range(300):
            f.write(block)
        f.write(("\n" + PUZZLE + "\n").encode())
    assert path.stat().st_size < 1_000_000
    # The peak is VmHWM, this process image's own high-water mark: ru_maxrss would keep the RSS the forking
    # parent (this test run, large after the browser tests) had when the child was made.
    script = ("import sys; from sudoku_core.cli import main; status = main(sys.argv[1:]); "
              "peak = [l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM:')][0]; "
              "print(peak, file=sys.stderr); sys.exit(status)")
    done = subprocess.run([sys.executable, "-c", script, "solve", str(path)], capture_output=True, text=True,
                          cwd=ROOT)
    assert done.returncode == 1
    assert done.stdout.split("\n") == [SOLUTION, "", SOLUTION, ""]
    *messages, peak_kb = done.stderr.strip().split("\n")
    assert messages == [f"{path}:line 2: line too long (314,572,800 characters; at most 1,048,576 are read): "
                        "not a puzzle"]
    assert int(peak_kb) < 100 * 1024, f"peak RSS {int(peak_kb) // 1024} MB for a 300 MB line"


def test_an_over_long_first_line_is_reported_and_the_puzzles_after_it_answered(capsys, tmp_path):
    path = tmp_path / "long.txt"
    path.write_text("x" * (bulk.MAX_LINE + 10) + "\n" + PUZZLE + "\n")
    assert main(["check", "--format", "csv", str(path)]) == 1
    captured = capsys.readouterr()
    rows = captured.out.strip().split("\n")
    assert rows[1].startswith("1,invalid,") and "line too long" in rows[1]
    assert rows[2].startswith("2,unique,1," + SOLUTION)
    assert f"{path}:line 1: line too long ({bulk.MAX_LINE + 10:,} characters" in captured.err


def test_a_line_just_under_the_bound_is_read_as_a_line(capsys, tmp_path):
    path = tmp_path / "wide.txt"
    path.write_text(PUZZLE + "\n" + "z" * bulk.MAX_LINE + "\n" + PUZZLE + "\n")
    assert main(["solve", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out.split("\n") == [SOLUTION, "", SOLUTION, ""]
    assert "line 2:" in captured.err and "line too long" not in captured.err
