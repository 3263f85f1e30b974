"""The package's layering, as import-linter checks it: the contracts in pyproject.toml (the parts in layers
with the CLI and the bridge on top and the portable core at the bottom, the bridge's op modules apart, no
import cycle in any package, numpy and Dask each in one module)."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_import_contracts_hold():
    lint = Path(sys.executable).parent / "lint-imports"
    run = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "0 broken" in run.stdout
