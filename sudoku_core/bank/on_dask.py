"""``--scheduler``: the bank commands' chunks as tasks on a Dask cluster (Dask is an optional extra:
``pip install "sudoku-core[dask]"``; only this module imports it).

``--scheduler ADDRESS`` connects to any running Dask scheduler (``tcp://host:8786``: a Kubernetes
deployment, an HPC queue's job, ``dask scheduler`` on a machine of your own); ``--scheduler local:N``
starts a cluster of N worker processes on this machine for the run. This process still reads the input
and writes the output: each chunk goes to the cluster as one task and the results are written in input
order, so the output is the one a single machine writes. A worker lost mid-run loses nothing: Dask runs
its tasks again elsewhere, and each result is written once, in its place.
"""
from __future__ import annotations

import logging

from .common import RunError, UsageError

INSTALL = 'pip install "sudoku-core[dask]"'
#: Messages each of Dask's connections keeps for debugging (Dask's default is 1,000).
LOG_LENGTH = 10


class DaskExecutor:
    """Chunks as Dask tasks, at most two a worker thread in flight (see `sudoku_core.bank.bulk.executor`)."""

    def __init__(self, scheduler: str) -> None:
        try:
            import dask
            from distributed import Client, LocalCluster
        except ImportError:
            raise UsageError(f"--scheduler needs Dask, an optional extra: {INSTALL}") from None
        self.cluster = None
        # Dask's message logs for its developers keep up to 1,000 recent messages of each connection,
        # every chunk of puzzles among them: ~300 MB in the CLI process on a million puzzles.
        with dask.config.set({"distributed.admin.low-level-log-length": LOG_LENGTH}):
            if scheduler.startswith("local:"):
                count = scheduler[len("local:"):]
                if not count.isdigit() or int(count) < 1:
                    raise UsageError(f"--scheduler local:N needs a number of workers, not {count!r}")
                # Processes, one thread each: the engine is pure Python, so threads would share one core.
                # Without Dask's MALLOC_TRIM_THRESHOLD_ (None unsets it): with it, glibc hands every freed
                # block of the batch engine's arrays back to the system at once, and the workers spent ~4 s
                # of a 1,000,000-puzzle solve in page faults (0.61x of --jobs 2 with it, 0.76x without).
                with dask.config.set({"distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None}):
                    self.cluster = LocalCluster(n_workers=int(count), threads_per_worker=1, processes=True,
                                                dashboard_address=None, silence_logs=logging.ERROR)
                self.client = Client(self.cluster)
            else:
                try:  # waits up to Dask's distributed.comm.timeouts.connect (30 s unless configured)
                    self.client = Client(scheduler)
                except (OSError, TimeoutError, ValueError) as problem:
                    raise UsageError(f"cannot reach the Dask scheduler at {scheduler!r}: {problem}") from None
        self.window = 2 * max(1, sum(self.client.nthreads().values()))

    def submit(self, work, *args):
        return self.client.submit(work, *args, pure=False)  # pure=False: the same chunk twice is two tasks

    def result(self, future):
        from distributed import KilledWorker

        try:
            return future.result()
        except KilledWorker as problem:  # the task took down every worker that ran it
            raise RunError(f"the Dask cluster gave up on a chunk: {problem}") from None

    def close(self, interrupted: bool) -> None:
        self.client.close()  # cancels what is still pending
        if self.cluster is not None:
            self.cluster.close()
