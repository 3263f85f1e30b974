// Runs test files of the engine's portable core inside MicroPython (the WebAssembly port the page runs first,
// npm @micropython/micropython-webassembly-pyscript) under Node.
//
//   node tests/micropython/run_core_tests.mjs [options] <test file>...
//
//   --repo DIR           the repository (default: the one holding this file)
//   --portable A,B,...   the portable modules, as paths inside sudoku_core (default: PORTABLE, read from
//                        sudoku_core/core/compat.py)
//   --max-examples N     hypothesis examples per test at most (default 25; a test's own max_examples, when
//                        smaller, wins)
//   --examples ID=N      at most N examples for one test (its name, file::name or full id); repeatable
//   --heap MB            MicroPython's heap (default: the page's, MICROPYTHON_HEAP_BYTES in build/build_site.py,
//                        else 64)
//   --recycle MB         a fresh MicroPython, resuming the run, once the heap has grown this much (default 128)
//   --pystack WORDS      MicroPython's Python stack (default: the package's, 2048 words)
//   --data PATH          also copy this file or directory of the repository (data a test reads); repeatable
//   --deselect ID=WHY    do not run this test (its full id, or file::name for every row), for this reason:
//                        printed and counted apart (`K deselected`); repeatable
//   --sample ID=N        of the parametrized test ID (file::name), run N rows, chosen by a hash of their ids;
//                        the others are counted apart (`S sampled out`); repeatable
//   --only ID            run only this test (its full id, or file::name for every row), the others not counted
//                        (by hand: to time one test, say); repeatable
//   --durations N        list the N slowest tests
//   --tb                 print each failure's traceback under its line
//   -v                   a line for every test
//
// MicroPython's file system gets exactly the portable modules (with the __init__.py of each package they
// sit in) at /repo/sudoku_core, so a test that reaches past the portable core fails on the import; the test
// files at /repo/<path> (a `from __future__ import annotations` line blanked: MicroPython has no
// __future__ module, and annotations are never evaluated there anyway), the modules of tests/ they import,
// and the shims of tests/micropython/shim (pytest, hypothesis, pyrandom) first on sys.path. The driver,
// core_test_driver.py, runs every test function and prints one line per failure and the counts:
// `N passed, M failed, K deselected, S sampled out in X s (MicroPython 1.27.0)`. This runner calls it once per test (its
// step()): MicroPython's WebAssembly port collects garbage only when a call from JavaScript begins, so each
// test starts with the garbage of the ones before gone. Exit status: 0 when all passed, 1 on a failed test or
// a test file that does not import, 2 on bad usage, 3 when MicroPython does not load, 4 when the run itself
// breaks (a crash of the interpreter, say).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const usage = 'usage: run_core_tests.mjs [--repo DIR] [--portable A,B] [--max-examples N] [--examples ID=N] '
  + '[--heap MB] [--recycle MB] [--pystack WORDS] [--data PATH] [--deselect ID=WHY] [--sample ID=N] [--only ID] [--durations N] [--tb] [-v] <test file>...';

const options = { repo: resolve(here, '../..'), portable: null, maxExamples: 25, examples: {}, heapMb: null, recycleMb: 128,
  pystack: null, durations: 0, tb: false, verbose: false, data: [], deselect: {}, sample: {}, only: [] };
const testFiles = [];
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const arg = argv[i];
  const value = () => {
    if (i + 1 >= argv.length) { console.error(`${arg} needs a value\n${usage}`); process.exit(2); }
    return argv[++i];
  };
  const number = () => {
    const text = value();
    const n = Number(text);
    if (!Number.isInteger(n) || n < 0) { console.error(`${arg} takes a whole number, not ${text}`); process.exit(2); }
    return n;
  };
  if (arg === '--repo') options.repo = resolve(value());
  else if (arg === '--portable') options.portable = value().split(',').map((s) => s.trim()).filter(Boolean);
  else if (arg === '--max-examples') options.maxExamples = number();
  else if (arg === '--examples') {
    const [id, n] = value().split(/=(?=\d+$)/);
    if (!n) { console.error(`--examples takes ID=N\n${usage}`); process.exit(2); }
    options.examples[id] = Number(n);
  } else if (arg === '--heap') options.heapMb = number();
  else if (arg === '--recycle') options.recycleMb = number();
  else if (arg === '--pystack') options.pystack = number();
  else if (arg === '--data') options.data.push(value());
  else if (arg === '--sample') {
    const [id, n] = value().split(/=(?=\d+$)/);
    if (!n) { console.error(`--sample takes ID=N\n${usage}`); process.exit(2); }
    options.sample[id] = Number(n);
  } else if (arg === '--deselect') {
    // ID=WHY, split at the first '=' outside the id's [parameters]
    const text = value();
    const close = text.indexOf(']');
    const at = text.indexOf('=', text.indexOf('[') >= 0 && close >= 0 && text.indexOf('[') < text.indexOf('=')
      ? close : 0);
    if (at <= 0 || at === text.length - 1) { console.error(`--deselect takes ID=WHY\n${usage}`); process.exit(2); }
    options.deselect[text.slice(0, at)] = text.slice(at + 1);
  }
  else if (arg === '--durations') options.durations = number();
  else if (arg === '--only') options.only.push(value());
  else if (arg === '--tb') options.tb = true;
  else if (arg === '-v') options.verbose = true;
  else if (arg.startsWith('-')) { console.error(`unknown option ${arg}\n${usage}`); process.exit(2); }
  else testFiles.push(arg);
}
if (testFiles.length === 0) { console.error(usage); process.exit(2); }

const repo = options.repo;
const packageDir = join(repo, 'sudoku_core');

/** The heap the page gives MicroPython, in MB: MICROPYTHON_HEAP_BYTES = N, N << K or N * M * ... */
function pageHeapMb() {
  const path = join(repo, 'build', 'build_site.py');
  const source = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const pattern = /^MICROPYTHON_HEAP_BYTES\s*=\s*([\d_]+)\s*(?:(<<|\*)\s*([\d_]+(?:\s*\*\s*[\d_]+)*))?\s*(?:#.*)?$/m;
  const match = source.match(pattern);
  if (!match) return 64;
  const int = (text) => Number(text.replace(/_/g, ''));
  let bytes = int(match[1]);
  if (match[2] === '<<') bytes *= 2 ** int(match[3]);
  else if (match[2] === '*') for (const factor of match[3].split('*')) bytes *= int(factor.trim());
  return Math.max(1, Math.round(bytes / 2 ** 20));
}
if (options.heapMb === null) options.heapMb = pageHeapMb();

/** PORTABLE from sudoku_core/core/compat.py: the tuple of string literals after `PORTABLE =`. */
function portableModules() {
  const source = readFileSync(join(packageDir, 'core', 'compat.py'), 'utf8');
  const match = source.match(/^PORTABLE\s*=\s*\(([^)]*)\)/m);
  if (!match) throw new Error('sudoku_core/core/compat.py has no `PORTABLE = (...)` tuple');
  const names = [...match[1].replace(/#.*$/gm, '').matchAll(/(["'])([^"']+)\1/g)].map((m) => m[2]);
  if (names.length === 0) throw new Error('PORTABLE in sudoku_core/core/compat.py names no module');
  return names;
}

/** Python source as MicroPython takes it: `from __future__ import ...` lines blanked (line numbers kept). */
function forMicroPython(text) {
  return text.replace(/^from __future__ import [^\n]*$/gm, '');
}

/** The modules of tests/ a test file imports at the top level (helpers such as bridge_replies.py). */
function helperImports(text, testsDir) {
  const found = new Set();
  for (const m of text.matchAll(/^(?:from\s+([A-Za-z_]\w*)\s+import|import\s+([A-Za-z_]\w*))/gm)) {
    const name = m[1] || m[2];
    if (existsSync(join(testsDir, `${name}.py`))) found.add(name);
  }
  return found;
}

let files;  // [path inside MicroPython's FS, text]
let relTests;
try {
  const portable = options.portable || portableModules();
  files = [];
  const packages = new Set(['']);
  for (const name of portable) {
    const path = join(packageDir, name);
    if (!existsSync(path)) throw new Error(`the portable module sudoku_core/${name} does not exist`);
    files.push([`/repo/sudoku_core/${name}`, readFileSync(path, 'utf8')]);
    const parts = name.split('/').slice(0, -1);
    for (let k = 1; k <= parts.length; k++) packages.add(parts.slice(0, k).join('/'));
  }
  for (const pkg of packages) {
    const init = join(packageDir, pkg, '__init__.py');
    const inside = pkg ? `${pkg}/__init__.py` : '__init__.py';
    if (!portable.includes(inside)) files.push([`/repo/sudoku_core/${inside}`, readFileSync(init, 'utf8')]);
  }
  relTests = [];
  const helpers = new Map();
  for (const file of testFiles) {
    const abs = resolve(repo, file);
    const rel = relative(repo, abs).split('\\').join('/');
    if (rel.startsWith('..') || !rel.endsWith('.py')) throw new Error(`${file} is not a .py file in ${repo}`);
    const text = readFileSync(abs, 'utf8');
    files.push([`/repo/${rel}`, forMicroPython(text)]);
    relTests.push(rel);
    const testsDir = dirname(abs);
    for (const name of helperImports(text, testsDir)) {
      const helper = join(testsDir, `${name}.py`);
      if (!testFiles.some((f) => resolve(repo, f) === helper)) {
        helpers.set(helper, [`/repo/${relative(repo, helper).split('\\').join('/')}`,
          forMicroPython(readFileSync(helper, 'utf8'))]);
      }
    }
  }
  files.push(...helpers.values());
  const copyData = (abs) => {
    const rel = relative(repo, abs).split('\\').join('/');
    if (rel.startsWith('..')) throw new Error(`--data ${abs} is outside ${repo}`);
    if (statSync(abs).isDirectory()) {
      for (const entry of readdirSync(abs)) copyData(join(abs, entry));
    } else {
      files.push([`/repo/${rel}`, readFileSync(abs)]);
    }
  };
  for (const path of options.data) copyData(resolve(repo, path));
  const shimDir = join(here, 'shim');
  const walk = (dir) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) {
        if (entry !== '__pycache__') walk(path);
      } else if (entry.endsWith('.py')) {
        files.push([`/shim/${relative(shimDir, path).split('\\').join('/')}`, readFileSync(path, 'utf8')]);
      }
    }
  };
  walk(shimDir);
  files.push(['/runner/core_test_driver.py', readFileSync(join(here, 'core_test_driver.py'), 'utf8')]);
  files.push(['/runner/config.json', JSON.stringify({
    files: relTests, max_examples: options.maxExamples, examples: options.examples, tb: options.tb,
    verbose: options.verbose, durations: options.durations, heap_mb: options.heapMb, deselect: options.deselect,
    sample: options.sample, only: options.only,
  })]);
} catch (error) {
  console.error(`cannot prepare the run: ${error.message}`);
  process.exit(2);
}

const mpDir = resolve(repo, 'node_modules/@micropython/micropython-webassembly-pyscript');
let loadMicroPython;
try {
  ({ loadMicroPython } = await import(join(mpDir, 'micropython.mjs')));
} catch (error) {
  console.error(`MicroPython did not load: ${error.message}`);
  process.exit(3);
}

/** A fresh MicroPython with the run's files, its driver imported (`start` not yet called). */
async function freshMicroPython() {
  const settings = { heapsize: options.heapMb * 1024 * 1024, stdout: (line) => console.log(line),
    stderr: (line) => console.error(line) };
  if (options.pystack) settings.pystack = options.pystack;
  const mp = await loadMicroPython(settings);
  for (const [path, text] of files) {
    mp.FS.mkdirTree(path.slice(0, path.lastIndexOf('/')));
    mp.FS.writeFile(path, text);
  }
  mp.runPython(`
import os, sys
sys.path[:] = ["/shim", "/runner", "/repo", ".frozen", "/lib"]
os.chdir("/repo")
`);
  return { mp, driver: mp.pyimport('core_test_driver') };
}

// A MicroPython whose heap has grown past the recycling threshold is replaced by a fresh one that resumes the
// run (the driver's state() and start(state)): the heap never shrinks, and every allocation and collection in a
// large one is slower (test_variant_solver.py took 47 s alone, over 10 min after an ALS test had grown the
// heap to 3.5 GB).
let status;
let mp;
let recycled = 0;
try {
  let state = '';
  for (;;) {
    let driver;
    ({ mp, driver } = await freshMicroPython());
    driver.start(state);
    const base = driver.heap_mb();
    let more;
    while ((more = driver.step())) {
      if (driver.heap_mb() - base > options.recycleMb) break;
    }
    if (!more) break;
    state = driver.state();
    recycled += 1;
  }
  const result = JSON.parse(mp.FS.readFile('/runner/result.json', { encoding: 'utf8' }));
  if (recycled) console.log(`(a fresh MicroPython ${recycled} times, each once the heap had grown ${options.recycleMb} MB)`);
  status = result.failed ? 1 : 0;
} catch (error) {
  let current = '';
  try { current = mp.FS.readFile('/runner/current', { encoding: 'utf8' }); } catch { /* not started */ }
  console.error(`the MicroPython run broke${current ? ` during ${current}` : ''}: ${String(error.message || error)}`);
  status = 4;
}
process.exit(status);
