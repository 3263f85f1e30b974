// Runs the engine's pytest suite inside Pyodide under Node (Python 3.14 compiled to WebAssembly).
//
//   node tests/pyodide/run_engine_tests.mjs <our wheel> <wheel dir> <repo root> <test file>...
//
// Loads node_modules/pyodide, unpacks our wheel and the pure-Python wheels of pytest, hypothesis and
// their dependencies (downloaded by `make pyodide-wheels`) into site-packages, mounts the repository
// read-only at /repo, and runs pytest on the given test files (paths relative to the repo). The engine
// is imported from the installed wheel, not from the source tree. Exit status: pytest's.
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const [ourWheel, wheelDir, repoRoot, ...testFiles] = process.argv.slice(2);
if (!ourWheel || !wheelDir || !repoRoot || testFiles.length === 0) {
  console.error('usage: run_engine_tests.mjs <wheel> <wheel dir> <repo root> <test file>...');
  process.exit(2);
}

const { loadPyodide } = await import(resolve(here, '../../node_modules/pyodide/pyodide.mjs'));

let pyodide;
try {
  pyodide = await loadPyodide();
  // Raw writes: pytest prints progress dots without newlines.
  pyodide.setStdout({ write: (buf) => { process.stdout.write(buf); return buf.length; } });
  pyodide.setStderr({ write: (buf) => { process.stderr.write(buf); return buf.length; } });
} catch (error) {
  console.error(`Pyodide did not load: ${error.message}`);
  process.exit(3);
}

const sitePackages = pyodide.runPython('import site; site.getsitepackages()[0]');
const wheels = [ourWheel, ...readdirSync(wheelDir).filter((f) => f.endsWith('.whl')).map((f) => join(wheelDir, f))];
for (const wheel of wheels) {
  // A Uint8Array, not a Buffer (unpackArchive rejects Node's Buffer).
  pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), 'wheel', { extractDir: sitePackages });
}

pyodide.FS.mkdirTree('/repo');
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: resolve(repoRoot) }, '/repo');

pyodide.globals.set('test_files', pyodide.toPy(testFiles));
let status;
try {
  status = pyodide.runPython(`
import os, sys
sys.dont_write_bytecode = True          # the repo is mounted: write nothing into it
os.chdir("/repo")
sys.path[:] = [p for p in sys.path if p not in ("", ".", "/repo")]  # the engine comes from the wheel
import sudoku_core, pytest
print(f"Python {sys.version.split()[0]} on {sys.platform}; sudoku_core {sudoku_core.__version__} from {os.path.dirname(sudoku_core.__file__)}")
args = ["-q", "-p", "no:cacheprovider", "--rootdir=/repo", "-o", "addopts=", *[os.path.join("/repo", f) for f in test_files]]
int(pytest.main(args))
`);
} catch (error) {
  console.error(`running pytest in Pyodide failed: ${String(error.message).split('\n').slice(-3).join(' ')}`);
  status = 4;
}
process.exit(status);
