// Runs bench/hint_bench.py inside Pyodide under Node (Python compiled to WebAssembly, as in the page).
//
//   node bench/hint_bench_pyodide.mjs [--sample 100] [--seed 1]
//
// The repository is mounted at /repo and the engine imported from its source tree.
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
sys.argv = ["hint_bench.py", *bench_args]
try:
    runpy.run_path("/repo/bench/hint_bench.py", run_name="__main__")
    code = 0
except SystemExit as done:
    code = done.code or 0
code
`);
process.exit(status);
