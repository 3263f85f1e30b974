"""--scheduler: every bank command on a Dask cluster (two worker processes of one thread) writes what one core
writes, in the same order; a worker killed mid-run loses no puzzle and duplicates none."""
from __future__ import annotations

import os
import signal
import sys

import pytest

from sudoku_core.bank import bulk
from sudoku_core.bank import generate as bank_generate
from sudoku_core.cli import main

if os.environ.get("SUDOKU_FULL_SUITE") != "1":
    pytest.importorskip("distributed", reason='Dask is an optional extra: pip install "sudoku-core[dask]"')
import cloudpickle  # noqa: E402  (comes with Dask)
from distributed import Client, LocalCluster, WorkerPlugin  # noqa: E402

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD = ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54."
CLASH = "5...5" + "." * 76
SEVERAL = "." * 81
BANK = [EASY, PUZZLE, HARD, CLASH, PUZZLE[:-1], SEVERAL, "", "# a comment", EASY, HARD, PUZZLE, EASY]

# The workers unpickle this module's plugin by value: they cannot import the tests.
cloudpickle.register_pickle_by_value(sys.modules[__name__])


def _cluster():
    return LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)


@pytest.fixture(scope="module")
def scheduler():
    with _cluster() as cluster:
        yield cluster.scheduler_address


@pytest.fixture
def small_chunks(monkeypatch):
    """Chunks of 2 puzzles: many tasks, finishing out of order."""
    for name in ("LOGIC_CHUNK", "FIRST_CHUNK", "SCALAR_CHUNK", "JOBS_CHUNK", "CHUNK"):
        monkeypatch.setattr(bulk, name, 2)
    monkeypatch.setattr(bank_generate, "CHUNK", 2)


@pytest.fixture
def bank(tmp_path):
    path = tmp_path / "bank.txt"
    path.write_text("".join(line + "\n" for line in BANK))
    return str(path)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _without_times(text: str) -> str:
    """CSV output less its time column (the one thing two runs write differently)."""
    return "\n".join(",".join(field for k, field in enumerate(line.split(",")) if k != 4)
                     for line in text.split("\n"))


@pytest.mark.parametrize("argv", [
    ["solve"], ["count", "--limit", "3"], ["check"], ["rate"], ["explain"], ["rate", "--min", "5"],
    ["solve", "--engine", "scalar", "--format", "csv"],
])
def test_each_command_on_a_cluster_writes_what_one_core_writes(capsys, scheduler, small_chunks, bank, argv):
    one = run(capsys, *argv, bank)
    cluster = run(capsys, *argv, "--scheduler", scheduler, bank)
    if "csv" in argv:
        one, cluster = [(s, _without_times(out), err) for s, out, err in (one, cluster)]
    assert cluster == one
    assert one[0] == 1 and "expected 81 cells, found 80" in one[1] + one[2]  # check says it on stdout
    assert argv[0] == "check" or f"{bank}:line 5: expected 81 cells, found 80" in one[2]


def test_generate_on_a_cluster_writes_what_one_core_writes(capsys, scheduler, small_chunks):
    argv = ["generate", "--count", "6", "--seed", "9", "--size", "6x6"]
    assert run(capsys, *argv, "--scheduler", scheduler) == run(capsys, *argv)


def test_local_n_starts_a_cluster_for_the_run(capsys, bank, small_chunks):
    assert run(capsys, "rate", "--scheduler", "local:2", bank) == run(capsys, "rate", bank)


def _environ() -> tuple:
    return os.environ.get("MALLOC_TRIM_THRESHOLD_"), os.environ.get("OMP_NUM_THREADS")


def test_local_n_workers_keep_glibc_s_own_trimming_and_no_message_log_holds_the_bank(monkeypatch):
    """Dask's MALLOC_TRIM_THRESHOLD_ made the batch engine's workers page-fault for seconds a million
    puzzles, so local:N leaves it out (Dask's other settings, one BLAS thread a worker, stay); and the
    client's connection keeps only a few recent messages for debugging, not Dask's 1,000 (each a chunk
    of the bank: ~300 MB at a million puzzles)."""
    from sudoku_core.bank.on_dask import DaskExecutor, LOG_LENGTH

    monkeypatch.delenv("MALLOC_TRIM_THRESHOLD_", raising=False)  # a Dask cluster made earlier set it here
    pool = DaskExecutor("local:1")
    try:
        assert pool.result(pool.submit(_environ)) == (None, "1")
        for _ in range(3 * LOG_LENGTH):
            pool.result(pool.submit(len, "1" * 1000))
        assert len(pool.client.scheduler_comm.recent_message_log) <= LOG_LENGTH
    finally:
        pool.close(False)


class KillOnce(WorkerPlugin):
    """Kills its worker process (as the kernel's OOM killer would) when the worker starts its second task,
    on the first worker that gets there: the marker file makes it once per run."""

    def __init__(self, marker: str) -> None:
        self.marker, self.started = marker, 0

    def transition(self, key, start, finish, **kwargs):
        if finish != "executing":
            return
        self.started += 1
        if self.started == 2:
            try:
                os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL))
            except FileExistsError:
                return
            os.kill(os.getpid(), signal.SIGKILL)


def test_a_worker_killed_mid_run_loses_no_puzzle_and_duplicates_none(capsys, tmp_path, small_chunks):
    lines = [EASY, PUZZLE, HARD] * 8
    path = tmp_path / "bank.txt"
    path.write_text("".join(line + "\n" for line in lines))
    expected = run(capsys, "rate", str(path))
    marker = tmp_path / "killed"
    with _cluster() as cluster, Client(cluster) as client:
        client.register_plugin(KillOnce(str(marker)))
        got = run(capsys, "rate", "--scheduler", cluster.scheduler_address, str(path))
    assert marker.exists(), "no worker was killed"
    assert got == expected and len(got[1].split("\n")) == len(lines) + 1


def test_scheduler_without_dask_names_the_extra(capsys, bank, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    status, out, err = run(capsys, "solve", "--scheduler", "local:2", bank)
    assert status == 2 and out == ""
    assert err == 'sudoku-core: error: --scheduler needs Dask, an optional extra: pip install "sudoku-core[dask]"\n'


def test_an_unreachable_scheduler_is_a_usage_error(capsys, bank):
    import dask

    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        status, out, err = run(capsys, "solve", "--scheduler", "tcp://127.0.0.1:9", bank)
    assert status == 2 and out == "" and "cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'" in err
