// Makes Pyodide's memory snapshot of a started interpreter with our engine already imported:
//
//   node build/make_snapshot.mjs <pyodide dir> <our wheel> <out file>
//
// Restoring this snapshot in the worker skips Python's start-up and the engine's imports (seconds on
// a slow machine: see docs/engine-js.md for figures). The snapshot is tied to the exact Pyodide build
// it was made with (the one copied into the site) and holds the engine's modules as imported here; the
// worker still installs the wheel so that anything imported later comes from the same files.
// makeMemorySnapshot is a private Pyodide API (`_makeSnapshot` / `_loadSnapshot`).
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [pyodideDir, wheel, out] = process.argv.slice(2);
if (!pyodideDir || !wheel || !out) {
  console.error('usage: make_snapshot.mjs <pyodide dir> <wheel> <out file>');
  process.exit(2);
}
try {
  const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, 'pyodide.mjs')).href);
  const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + '/', _makeSnapshot: true });
  const sitePackages = pyodide.runPython('import site; site.getsitepackages()[0]');
  pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), 'wheel', { extractDir: sitePackages });
  // Import the engine and run each op once, so that what the first request needs is already in memory.
  pyodide.runPython(`
import json
import sudoku_core.bridge as bridge
# A hint and a new puzzle too: they import the human-style solver and the generator, and build their
# 9x9 tables (0.6 s on a first Play request otherwise).
easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
for request in ({"op": "solve", "puzzle": "." * 81, "limit": 2}, {"op": "check", "puzzle": "1" + "." * 80},
                {"op": "conflicts", "puzzle": "11" + "." * 79}, {"op": "parse", "text": "." * 81},
                {"op": "hint", "puzzle": easy}, {"op": "generate", "size": "9x9", "seed": 1}):
    reply = json.loads(bridge.handle_json(json.dumps(request)))
    if not reply["ok"]:
        raise RuntimeError(f"{request['op']}: {reply['error']['message']}")
del bridge, json, request, reply, easy
`);
  const snapshot = pyodide.makeMemorySnapshot();
  writeFileSync(out, snapshot);
  console.log(`snapshot: ${snapshot.length} bytes`);
} catch (error) {
  console.error(`making the snapshot failed: ${String(error && error.message).split('\n')[0].slice(0, 300)}`);
  process.exit(1);
}
