#!/usr/bin/env python3
"""bench/light_bench.py on the three Pythons the engine runs on, one after the other, with the same options:

    python bench/runtimes.py [--limit N]

CPython (this interpreter), Pyodide under Node (bench/in_pyodide.mjs: the page's full engine) and MicroPython
under Node (bench/in_micropython.mjs: the page's light engine, which answers first). Needs `npm ci`.
"""
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RUNS = (
    ("CPython", [sys.executable, str(HERE / "light_bench.py")]),
    ("Pyodide", ["node", str(HERE / "in_pyodide.mjs"), "light_bench.py"]),
    ("MicroPython", ["node", str(HERE / "in_micropython.mjs"), "light_bench.py"]),
)


def main() -> int:
    failed = 0
    for name, command in RUNS:
        print(f"== {name}", flush=True)
        failed |= subprocess.run(command + sys.argv[1:], cwd=HERE.parent).returncode
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
