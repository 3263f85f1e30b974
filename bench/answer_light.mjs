// Answers bridge requests on the light engine as the page ships it (MicroPython under Node, the engine's code from
// the bundle of bytecode the build writes), one request per call from JavaScript as web/worker-micropython.js
// makes them, and measures each:
//
//   node bench/answer_light.mjs BUNDLE HEAP_BYTES < requests.json > answers.json
//
// stdin: a JSON list of requests. stdout: a JSON list of [reply, ms, heapBytes, wasmBytes]: the bridge's reply
// (parsed), the time of the call, the bytes the request allocated on MicroPython's heap (its port collects
// garbage only between calls from JavaScript, so this is the heap the request needs), and MicroPython's whole heap
// after it (the WebAssembly memory under it never shrinks).
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
from sudoku_core.bridge import handle_json

def measured(text):
    before = gc.mem_alloc()
    reply = handle_json(text)
    after = gc.mem_alloc()
    return reply + "\\n" + str(after - before) + "\\n" + str(after + gc.mem_free())
`);
const measured = mp.globals.get('measured');
const requests = JSON.parse(readFileSync(0, 'utf8'));
const answers = [];
for (const request of requests) {
  const start = performance.now();
  const [reply, heap, total] = measured(JSON.stringify(request)).split('\n');
  answers.push([JSON.parse(reply), performance.now() - start, Number(heap), Number(total)]);
}
process.stdout.write(JSON.stringify(answers));
