// Writes the site's Python library (see build/library.py): node build/make_library.mjs <pyodide dir> <wheel> <out zip> <CLI modules, JSON>
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';

const [pyodideDir, wheel, out, cliModules = '[]'] = process.argv.slice(2);
if (!pyodideDir || !wheel || !out) {
  console.error('usage: make_library.mjs <pyodide dir> <wheel> <out zip> [<CLI modules, JSON>]');
  process.exit(2);
}
try {
  const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, 'pyodide.mjs')).href);
  const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + '/' });
  const engineDir = '/tmp/engine';
  pyodide.FS.mkdirTree(engineDir);
  pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), 'wheel', { extractDir: engineDir });
  pyodide.FS.mkdirTree('/out');
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: resolve(out, '..') }, '/out');
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(engineDir)})`);
  pyodide.globals.set('ENGINE_DIR', engineDir);
  pyodide.globals.set('OUT', `/out/${out.split('/').pop()}`);
  pyodide.globals.set('CLI_MODULES', pyodide.toPy(JSON.parse(cliModules)));
  pyodide.runPython(readFileSync(fileURLToPath(new URL('./library.py', import.meta.url)), 'utf8'));
} catch (error) {
  console.error(`making the library failed: ${String(error && error.message).split('\n').slice(-4).join(' ').slice(0, 600)}`);
  process.exit(1);
}
