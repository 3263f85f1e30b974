// Runs one of the bench scripts inside Pyodide under Node (Python compiled to WebAssembly, as in the page):
//
//   node bench/in_pyodide.mjs logic_bench.py --sample 40      # any bench/*.py, then its own options
//   node bench/in_pyodide.mjs hint_bench.py --sample 100
//   node bench/in_pyodide.mjs generate_pyodide.py --measure   (python bench/generate_pyodide.py does this itself)
//
// The repository is mounted at /repo and the engine imported from its source tree; the script's own
// output is printed unchanged, so its figures compare directly with a CPython run.
import { basename, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const [script, ...args] = process.argv.slice(2);
if (!script || !script.endsWith('.py')) {
  console.error('usage: node bench/in_pyodide.mjs SCRIPT.py [its options]   (a script in bench/)');
  process.exit(2);
}
const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const { loadPyodide } = await import(resolve(root, 'node_modules/pyodide/pyodide.mjs'));
const py = await loadPyodide();
py.setStdout({ write: (buf) => { process.stdout.write(buf); return buf.length; } });
py.setStderr({ write: (buf) => { process.stderr.write(buf); return buf.length; } });
py.FS.mkdirTree('/repo');
py.FS.mount(py.FS.filesystems.NODEFS, { root }, '/repo');
py.globals.set('bench_script', basename(script));
py.globals.set('bench_args', py.toPy(args));
const status = py.runPython(`
import runpy, sys
sys.dont_write_bytecode = True
sys.path.insert(0, "/repo")
sys.argv = [bench_script, *bench_args]
print(f"Python {sys.version.split()[0]} on {sys.platform}")
try:
    runpy.run_path(f"/repo/bench/{bench_script}", run_name="__main__")
    code = 0
except SystemExit as done:
    code = done.code or 0
code
`);
process.exit(status);
