"""What `make dist` builds for Python people: the wheel and the sdist of the library and its command line.

They are built here as the Makefile builds them, `python -m build --outdir <folder> .` (PyPA's build, in an
isolated environment with the backend pyproject.toml pins, so it needs PyPI or a pip cache that has it), into
a temporary folder. The wheel goes into a brand-new venv with `pip install --no-index`: it needs nothing
else. Commands run from a temporary folder, never the repository, so the installed package is what they find.
Without PyPA's build in the test venv (`make test` installs it) this module is skipped, unless
SUDOKU_FULL_SUITE=1 (set by `make test`), when it fails instead.
"""
from __future__ import annotations

import email.parser
import importlib.util
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from sudoku_core import __version__

ROOT = Path(__file__).resolve().parent.parent
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
BUILD_TIMEOUT_S = 300
VERSION = __version__  # the one place the version is written (pyproject.toml reads it from there)


def package_modules() -> "set[str]":
    """The package's Python files, relative to the repository (what both archives must carry)."""
    return {p.relative_to(ROOT).as_posix() for p in (ROOT / "sudoku_core").rglob("*.py")
            if "__pycache__" not in p.parts}


def clean_env() -> dict:
    """The environment without this venv's traces, so that a child Python sees only its own packages."""
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME"}}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> "dict[str, Path]":
    if importlib.util.find_spec("build") is None:
        if os.environ.get("SUDOKU_FULL_SUITE") == "1":
            pytest.fail("PyPA's build is missing from the venv: `make test` installs it (the Makefile's "
                        "build tools)", pytrace=False)
        pytest.skip("PyPA's build is not installed (`make test` installs it)")
    out = tmp_path_factory.mktemp("python-dist")
    result = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), "."], cwd=ROOT,
                            capture_output=True, text=True, timeout=BUILD_TIMEOUT_S)
    assert result.returncode == 0, f"python -m build failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    wheels, sdists = sorted(out.glob("*.whl")), sorted(out.glob("*.tar.gz"))
    assert len(wheels) == 1 and len(sdists) == 1, sorted(p.name for p in out.iterdir())
    return {"wheel": wheels[0], "sdist": sdists[0]}


@pytest.fixture(scope="module")
def venv(tmp_path_factory, built) -> Path:
    """A brand-new venv holding the wheel and nothing of ours besides; its bin/ folder."""
    home = tmp_path_factory.mktemp("fresh-venv")
    subprocess.run([sys.executable, "-m", "venv", str(home / "env")], check=True, cwd=home, env=clean_env(),
                   timeout=BUILD_TIMEOUT_S)
    bin_dir = home / "env" / "bin"
    result = subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "--no-index", "--quiet",
                             str(built["wheel"])], cwd=home, env=clean_env(), capture_output=True, text=True,
                            timeout=BUILD_TIMEOUT_S)
    assert result.returncode == 0, f"pip install --no-index of the wheel failed:\n{result.stdout}\n{result.stderr}"
    return bin_dir


def run(venv: Path, program: str, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(venv / program), *args], cwd=cwd, env=clean_env(), capture_output=True, text=True,
                          timeout=120)


def test_both_archives_carry_the_engine_s_version(built):
    assert built["wheel"].name == f"sudoku_core-{VERSION}-py3-none-any.whl"
    assert built["sdist"].name == f"sudoku_core-{VERSION}.tar.gz"


def test_the_wheel_holds_the_package_and_needs_nothing_to_run(built):
    with zipfile.ZipFile(built["wheel"]) as wheel:
        names = set(wheel.namelist())
        info = f"sudoku_core-{VERSION}.dist-info"
        metadata = email.parser.Parser().parsestr(wheel.read(f"{info}/METADATA").decode())
        entry_points = wheel.read(f"{info}/entry_points.txt").decode()
    assert {n for n in names if n.endswith(".py")} == package_modules()
    assert not [n for n in names if not n.startswith(("sudoku_core/", f"{info}/"))], "files beside the package"
    assert metadata["Name"] == "sudoku-core" and metadata["Version"] == VERSION
    run_time = [r for r in metadata.get_all("Requires-Dist") or [] if "extra ==" not in r]
    assert run_time == [], f"the wheel needs more than Python to run: {run_time}"
    assert "sudoku-core = sudoku_core.cli:main" in entry_points


def test_the_sdist_holds_pyproject_the_readme_and_the_package(built):
    top = f"sudoku_core-{VERSION}/"
    with tarfile.open(built["sdist"]) as sdist:
        names = {n[len(top):] for n in sdist.getnames() if n.startswith(top)}
    assert {"pyproject.toml", "README.md", "PKG-INFO"} <= names
    assert {n for n in names if n.endswith(".py")} == package_modules()
    assert not [n for n in names if n.split("/")[0] in {"tests", "web", "build", "data", "bench", "docs",
                                                          "node_modules", "dist", ".venv"}]


def test_the_command_line_works_in_a_new_venv(venv, tmp_path):
    help_ = run(venv, "sudoku-core", "--help", cwd=tmp_path)
    assert help_.returncode == 0, help_.stderr
    assert help_.stdout.startswith("usage: sudoku-core") and "solve" in help_.stdout
    # The version the command prints is sudoku_core.__version__, the archives' too.
    version = run(venv, "sudoku-core", "--version", cwd=tmp_path)
    assert version.stdout.strip() == f"sudoku-core {VERSION}"
    puzzle = tmp_path / "puzzle.txt"
    puzzle.write_text(PUZZLE + "\n")
    solved = run(venv, "sudoku-core", "solve", str(puzzle), cwd=tmp_path)
    assert solved.returncode == 0, solved.stderr
    assert solved.stdout.split() == [SOLUTION]


def test_the_library_works_in_a_new_venv(venv, tmp_path):
    code = ("import sudoku_core; from sudoku_core import Grid, solve, count_solutions; "
            f"grid = Grid.parse({PUZZLE!r}); print(solve(grid).to_line()); print(count_solutions(grid, limit=2)); "
            "print(sudoku_core.__file__)")
    result = run(venv, "python", "-c", code, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    solution, count, where = result.stdout.split("\n")[:3]
    assert (solution, count) == (SOLUTION, "1")
    assert Path(where).is_relative_to(venv.parent), f"imported from {where}, not from the new venv"
