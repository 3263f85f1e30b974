"""The page's engine stays clear of the command-line modules: the bridge's own tests, run in a fresh
interpreter where engine code (not the tests) may not import any of build_site.CLI_MODULES, still pass. The site's library leaves
out what only those modules use (argparse, pickle, multiprocessing ...), so an op that reached one would
fail in the browser; tests/test_in_pyodide.py checks the rest of the engine against the library itself."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BRIDGE_TESTS = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests").glob("test_bridge*.py"))

GUARDED = """
import builtins, importlib.util, os, sys
sys.path.insert(0, "build")
from build_site import CLI_MODULES
sys.path.pop(0)
ENGINE = os.path.abspath("sudoku_core") + os.sep
CLI_FILES = {os.path.abspath(name.replace(".", os.sep) + end) for name in CLI_MODULES
             for end in (".py", os.sep + "__init__.py")}  # a module, or a package

def asked_by_engine(frame):
    # the innermost frame of the engine or the tests: is it an engine module, not a command-line one?
    while frame is not None:
        name = frame.f_code.co_filename
        if name.startswith(ENGINE):
            return name not in CLI_FILES
        if "/tests/" in name:
            return False
        frame = frame.f_back
    return False

real_import = builtins.__import__

def guarded_import(name, globals=None, locals=None, fromlist=(), level=0):
    # every import statement, also of modules already loaded (a test may have loaded a CLI module first)
    full = importlib.util.resolve_name("." * level + name, (globals or {}).get("__package__")) if level else name
    wanted = {full, *(f"{full}.{item}" for item in fromlist or ())}
    if wanted & set(CLI_MODULES) and asked_by_engine(sys._getframe(1)):
        raise ImportError(f"engine code imported {sorted(wanted & set(CLI_MODULES))}, command-line modules the page lacks")
    return real_import(name, globals, locals, fromlist, level)

builtins.__import__ = guarded_import
import pytest
sys.exit(pytest.main(["-q", "-x", "-p", "no:cacheprovider", "-o", "addopts=", *sys.argv[1:]]))
"""


def test_no_bridge_op_imports_a_command_line_module():
    assert BRIDGE_TESTS
    result = subprocess.run([sys.executable, "-c", GUARDED, *BRIDGE_TESTS], cwd=ROOT, capture_output=True,
                            text=True, timeout=600)
    assert result.returncode == 0, (result.stdout + result.stderr)[-4000:]
