// Runs bench/generate_pyodide.py inside Pyodide under Node (Python compiled to WebAssembly, as in the page).
//
//   node bench/generate_pyodide.mjs [generate_pyodide.py options]
//
// The repository is mounted at /repo and the engine imported from its source tree. `python
// bench/generate_pyodide.py` starts this itself and compares the figures with CPython's.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const { loadPyodide } = await import(resolve(root, 'node_modules/pyodide/pyodide.mjs'));
const py = await loadPyodide();
py.setStdout({ write: (buf) => { process.stdout.write(buf); return buf.length; } });
py.setStderr({ write: (buf) => { process.stderr.write(buf); return buf.length; } });
py.FS.mkdirTree('/repo');
py.FS.mount(py.FS.filesystems.NODEFS, { root }, '/repo');
py.globals.set('bench_args', py.toPy(process.argv.slice(2)));
const status = py.runPython(`
import runpy, sys
sys.dont_write_bytecode = True
sys.path.insert(0, "/repo")
sys.argv = ["generate_pyodide.py", *bench_args]
try:
    runpy.run_path("/repo/bench/generate_pyodide.py", run_name="__main__")
    code = 0
except SystemExit as done:
    code = done.code or 0
code
`);
process.exit(status);
