// Answers bridge requests on the light engine as the page ships it (MicroPython under Node, the engine's code from
// the bundle of bytecode the build writes), one request per call from JavaScript as web/worker-micropython.js
// makes them (in parts: bridge.protocol.Task), and measures each:
//
//   node bench/answer_light.mjs BUNDLE HEAP_BYTES [--recycle] [--progress] < requests.json > answers.json
//
// stdin: a JSON list of requests. stdout: a JSON list of [reply, ms, heapBytes, wasmBytes, parts, longestPartMs,
// wallMs]: the bridge's reply (parsed), the time of its parts, the most bytes one part of it allocated on
// MicroPython's heap (its port collects garbage only between calls from JavaScript, so this is the heap the
// request needs), MicroPython's whole heap at its largest (the WebAssembly memory under it never shrinks), the
// number of parts, the longest part (inside MicroPython) and the request's milliseconds as JavaScript sees them
// (every part's call, the garbage collection that begins it included).
//
// --recycle: as the page's worker does, a fresh MicroPython once its heap has grown 64 MB past its start
// (web/worker-micropython.js, RECYCLE_GROWTH_BYTES): a grown heap makes every request after it slower, so without
// this the figures of a long run depend on what came before. --progress: a line on stderr per reply.
import { readFileSync } from 'node:fs';
import { loadMicroPython } from '@micropython/micropython-webassembly-pyscript';

const RECYCLE_GROWTH_BYTES = 64 << 20;
const [bundlePath, heapBytes, ...flags] = process.argv.slice(2);
const recycle = flags.includes('--recycle');
const progress = flags.includes('--progress');
const buffer = readFileSync(bundlePath);
const headerBytes = buffer.readUInt32LE(0);
const header = JSON.parse(buffer.subarray(4, 4 + headerBytes).toString('utf8'));

async function start() {
  const mp = await loadMicroPython({ heapsize: Number(heapBytes), stdout: (line) => process.stderr.write(`${line}\n`),
    stderr: (line) => process.stderr.write(`${line}\n`) });
  let offset = 4 + headerBytes;
  for (const [path, size] of header) {
    mp.FS.mkdirTree(`/lib/${path}`.replace(/\/[^/]*$/, ''));
    mp.FS.writeFile(`/lib/${path}`, buffer.subarray(offset, offset + size));
    offset += size;
  }
  mp.runPython(`import sys, gc
sys.path.insert(0, '/lib')
from sudoku_core.bridge import Task
from sudoku_core.core.compat import perf_counter

def part(task):
    before = gc.mem_alloc()
    start = perf_counter()
    reply = task.advance()
    ms = (perf_counter() - start) * 1000
    after = gc.mem_alloc()
    return (reply or "") + "\\n" + str(after - before) + "\\n" + str(after + gc.mem_free()) + "\\n" + str(ms)
`);
  return { part: mp.globals.get('part'), Task: mp.globals.get('Task') };
}

let engine = await start();
let started = 0;
const requests = JSON.parse(readFileSync(0, 'utf8'));
const answers = [];
for (const request of requests) {
  // as web/worker-micropython.js answers: in parts, each begun by a call from here (garbage collected then)
  const task = engine.Task(JSON.stringify(request));
  let ms = 0;
  let heap = 0;
  let total = 0;
  let parts = 0;
  let longest = 0;
  let wall = 0;
  for (;;) {
    const began = performance.now();
    const [reply, used, size, took] = engine.part(task).split('\n');
    wall += performance.now() - began;
    parts += 1;
    longest = Math.max(longest, Number(took));
    ms += Number(took);
    heap = Math.max(heap, Number(used));
    total = Math.max(total, Number(size));
    if (started === 0) started = total;
    if (reply) {
      const parsed = JSON.parse(reply);
      answers.push([parsed, ms, heap, total, parts, longest, wall]);
      if (progress) {
        const code = parsed.ok ? 'ok' : parsed.error.code;
        process.stderr.write(`${JSON.stringify({ i: answers.length - 1, ms: Math.round(ms), heap, total, code })}\n`);
      }
      break;
    }
  }
  if (recycle && total - started > RECYCLE_GROWTH_BYTES) {
    engine = await start();
    started = 0;
  }
}
process.stdout.write(JSON.stringify(answers));
