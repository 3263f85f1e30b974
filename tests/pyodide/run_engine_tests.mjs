// Runs the engine's pytest suite inside Pyodide under Node (Python 3.14 compiled to WebAssembly), on the
// site's own Python library: the compiled engine and the trimmed standard library the page loads.
//
//   node tests/pyodide/run_engine_tests.mjs <library zip> <wheel dir> <repo root> <test file>...
//
// The library is Python's standard library here, as in the page (`stdLibURL`). pytest needs modules the
// page does not ship: the stock standard library is put on sys.path after it, and an import watch fails the
// run if the engine (any frame of sudoku_core on the stack) imports a module from there, so what the
// tests exercise proves the shipped library complete. Only the command-line modules (the JSON list in
// SUDOKU_CLI_MODULES, build_site.CLI_MODULES) may: the page never runs them, and the library leaves out
// what only they use. The pure-Python wheels of pytest, hypothesis and
// their dependencies come from <wheel dir> (`make pyodide-wheels`); the repository is mounted read-only at
// /repo for the test files. SUDOKU_PYODIDE_SHARD="i/k" runs only the tests whose name hashes to i (0-based)
// of k, so that k runs side by side share the suite's heavy files (each shard checks the import watch for
// the tests it runs). A test function marked `pyodide_sample(n)` runs n of its cases
// here (by the same hash). Exit status: pytest's, or 5 when the engine reached
// past the library.
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const [library, wheelDir, repoRoot, ...testFiles] = process.argv.slice(2);
if (!library || !wheelDir || !repoRoot || testFiles.length === 0) {
  console.error('usage: run_engine_tests.mjs <library zip> <wheel dir> <repo root> <test file>...');
  process.exit(2);
}
const pyodideDir = resolve(here, '../../node_modules/pyodide');
const { loadPyodide } = await import(join(pyodideDir, 'pyodide.mjs'));

let pyodide;
try {
  pyodide = await loadPyodide({ stdLibURL: resolve(library) });
  // Raw writes: pytest prints progress dots without newlines.
  pyodide.setStdout({ write: (buf) => { process.stdout.write(buf); return buf.length; } });
  pyodide.setStderr({ write: (buf) => { process.stderr.write(buf); return buf.length; } });
} catch (error) {
  console.error(`Pyodide did not load: ${error.message}`);
  process.exit(3);
}

const sitePackages = pyodide.runPython('import site; site.getsitepackages()[0]');
for (const wheel of readdirSync(wheelDir).filter((f) => f.endsWith('.whl'))) {
  // A Uint8Array, not a Buffer (unpackArchive rejects Node's Buffer).
  pyodide.unpackArchive(new Uint8Array(readFileSync(join(wheelDir, wheel))), 'wheel', { extractDir: sitePackages });
}
pyodide.FS.writeFile('/lib/stock_stdlib.zip', new Uint8Array(readFileSync(join(pyodideDir, 'python_stdlib.zip'))));
pyodide.FS.mkdirTree('/repo');
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: resolve(repoRoot) }, '/repo');

pyodide.globals.set('test_files', pyodide.toPy(testFiles));
pyodide.globals.set('cli_modules', pyodide.toPy(JSON.parse(process.env.SUDOKU_CLI_MODULES || '[]')));
const [shardIndex, shardCount] = (process.env.SUDOKU_PYODIDE_SHARD || '0/1').split('/').map(Number);
pyodide.globals.set('shard', pyodide.toPy([shardIndex, shardCount]));
let status;
try {
  status = pyodide.runPython(`
import builtins, os, sys
LIBRARY = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"
STOCK = "/lib/stock_stdlib.zip"
sys.dont_write_bytecode = True          # the repo is mounted: write nothing into it
os.chdir("/repo")
sys.path[:] = [p for p in sys.path if p not in ("", ".", "/repo")] + [STOCK]  # the engine: the library's

reached = set()   # modules the engine (but its command-line modules) asked for, by name
CLI_FILES = {f"{LIBRARY}/{name.replace('.', '/')}{end}" for name in cli_modules for end in (".py", "/__init__.py")}

def engine_on_stack(frame):
    """Whether engine code asks: the innermost engine frame on the stack is not a command-line module."""
    while frame is not None:
        if frame.f_code.co_filename.startswith(LIBRARY + "/sudoku_core/"):
            return frame.f_code.co_filename not in CLI_FILES
        frame = frame.f_back
    return False

class Watch:
    """Sees every module looked for while engine code runs (a finder that finds nothing)."""
    @staticmethod
    def find_spec(name, path=None, target=None):
        if engine_on_stack(sys._getframe(1)):
            reached.add(name)
        return None

real_import = builtins.__import__
def watched_import(name, globals=None, locals=None, fromlist=(), level=0):
    module = real_import(name, globals, locals, fromlist, level)
    if level == 0 and engine_on_stack(sys._getframe(1)):   # also modules already imported by someone else
        reached.add(name)
        reached.update(f"{name}.{item}" for item in fromlist or () if f"{name}.{item}" in sys.modules)
    return module

class Stock:
    """Finds a submodule the library's copy of a package lacks (importlib.metadata, say) in the stock zip."""
    @staticmethod
    def find_spec(name, path=None, target=None):
        if "." not in name:
            return None  # top-level modules: the stock zip is on sys.path
        import importlib.machinery
        return importlib.machinery.PathFinder.find_spec(name, [f"{STOCK}/{name.rpartition('.')[0].replace('.', '/')}"])

sys.meta_path.insert(0, Watch)
sys.meta_path.append(Stock)
builtins.__import__ = watched_import

import sudoku_core, pytest
print(f"Python {sys.version.split()[0]} on {sys.platform}; sudoku_core {sudoku_core.__version__} from {os.path.dirname(sudoku_core.__file__)}")
args = ["-q", "-p", "no:cacheprovider", "--rootdir=/repo", "-o", "addopts=", "--durations=8",
        *[os.path.join("/repo", f) for f in test_files]]
class Shard:
    """Keeps the tests whose name hashes to shard i of k: a spread that no pattern in a parametrized list
    lines up with (every k-th test would give one shard all of one kind). Of a test function marked
    \`pyodide_sample(n)\` (a data set walked case by case: every variant puzzle's hint path) it keeps n cases,
    chosen by the same hash; the CPython run has every case."""
    @staticmethod
    def pytest_collection_modifyitems(config, items):
        import zlib
        index, count = shard
        digest = {item.nodeid: zlib.crc32(item.nodeid.encode()) for item in items}
        sampled = {}
        for item in items:
            mark = item.get_closest_marker("pyodide_sample")
            if mark is not None:
                sampled.setdefault(item.nodeid.partition("[")[0], (mark.args[0], []))[1].append(item.nodeid)
        left_out = set()
        for keep, ids in sampled.values():
            left_out.update(sorted(ids, key=digest.get)[keep:])
        items[:] = [item for item in items if item.nodeid not in left_out and digest[item.nodeid] % count == index]
        if left_out:
            print(f"{len(left_out)} cases of {len(sampled)} data-set tests run only in CPython (pyodide_sample)")

status = int(pytest.main(args, plugins=[Shard]))

def origin(name):
    spec = getattr(sys.modules.get(name), "__spec__", None)
    return getattr(spec, "origin", None) or ""

missing = sorted(name for name in reached if origin(name).startswith(STOCK + "/"))
if missing:
    print(f"\\nThe engine imported modules the site's library lacks: {', '.join(missing)}")
    status = status or 5
else:
    print(f"\\nThe engine imported {len(reached)} modules, all from the site's library.")
status
`);
} catch (error) {
  console.error(`running pytest in Pyodide failed: ${String(error.message).split('\n').slice(-3).join(' ')}`);
  status = 4;
}
process.exit(status);
