// Answers bridge requests on the light engine as the page ships it (MicroPython under Node, the engine's code from
// the bundle of bytecode the build writes), one request per call from JavaScript as web/worker-micropython.js
// makes them (in parts: bridge.protocol.Task), and measures each:
//
//   node bench/answer_light.mjs BUNDLE HEAP_BYTES < requests.json > answers.json
//
// stdin: a JSON list of requests. stdout: a JSON list of [reply, ms, heapBytes, wasmBytes]: the bridge's reply
// (parsed), the time of its parts, the most bytes one part of it allocated on MicroPython's heap (its port
// collects garbage only between calls from JavaScript, so this is the heap the request needs), and MicroPython's
// whole heap at its largest (the WebAssembly memory under it never shrinks).
import { readFileSync } from 'node:fs';
import { loadMicroPython } from '@micropython/micropython-webassembly-pyscript';

const [bundlePath, heapBytes] = process.argv.slice(2);
const buffer = readFileSync(bundlePath);
const headerBytes = buffer.readUInt32LE(0);
const header = JSON.parse(buffer.subarray(4, 4 + headerBytes).toString('utf8'));
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
const part = mp.globals.get('part');
const Task = mp.globals.get('Task');
const requests = JSON.parse(readFileSync(0, 'utf8'));
const answers = [];
for (const request of requests) {
  // as web/worker-micropython.js answers: in parts, each begun by a call from here (garbage collected then)
  const task = Task(JSON.stringify(request));
  let ms = 0;
  let heap = 0;
  let total = 0;
  for (;;) {
    const [reply, used, size, took] = part(task).split('\n');
    ms += Number(took);
    heap = Math.max(heap, Number(used));
    total = Math.max(total, Number(size));
    if (reply) {
      answers.push([JSON.parse(reply), ms, heap, total]);
      break;
    }
  }
}
process.stdout.write(JSON.stringify(answers));
