// Runs a bench script inside MicroPython under Node (the WebAssembly port the page answers with first), on the
// engine's portable core as it is in the working tree:
//
//   node bench/in_micropython.mjs light_bench.py --limit 100      # a script in bench/, then its own options
//
// MicroPython's file system gets the portable modules (sudoku_core/core/compat.py's PORTABLE) at /repo/sudoku_core,
// the script at /repo/bench and data/ at /repo/data; the heap is the page's (build/build_site.py). The
// script's output is printed unchanged, so its figures compare directly with CPython's and Pyodide's.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadMicroPython } from '@micropython/micropython-webassembly-pyscript';

const [script, ...args] = process.argv.slice(2);
if (!script || !script.endsWith('.py')) {
  console.error('usage: node bench/in_micropython.mjs SCRIPT.py [its options]   (a script in bench/)');
  process.exit(2);
}
const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const compat = readFileSync(join(root, 'sudoku_core/core/compat.py'), 'utf8');
const portable = [...compat.match(/^PORTABLE\s*=\s*\(([^)]*)\)/m)[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]);
const heap = Number(readFileSync(join(root, 'build/build_site.py'), 'utf8').match(/MICROPYTHON_HEAP_BYTES = (\d+) << 20/)[1]) << 20;

const mp = await loadMicroPython({ heapsize: heap, stdout: (line) => console.log(line), stderr: (line) => console.error(line) });
const copy = (from, to) => {
  mp.FS.mkdirTree(to.replace(/\/[^/]*$/, ''));
  mp.FS.writeFile(to, readFileSync(from));
};
for (const path of portable) copy(join(root, 'sudoku_core', path), `/repo/sudoku_core/${path}`);
for (const name of readdirSync(join(root, 'data'))) {
  if (statSync(join(root, 'data', name)).isFile()) copy(join(root, 'data', name), `/repo/data/${name}`);
}
copy(join(root, 'bench', basename(script)), `/repo/bench/${basename(script)}`);
mp.globals.set('bench_argv', JSON.stringify([basename(script), ...args]));
try {
  mp.runPython(`import sys, json
sys.path.insert(0, "/repo")
sys.argv.extend(json.loads(bench_argv))  # (its sys.argv is a list that cannot be replaced)
exec(open("/repo/bench/${basename(script)}").read(), {"__name__": "__main__", "__file__": "/repo/bench/${basename(script)}"})`);
} catch (error) {
  console.error(String(error.message ?? error));
  process.exit(1);
}
