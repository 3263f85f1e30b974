// Answers bridge requests with the light engine as the page ships it: MicroPython under Node, the portable core
// loaded from the bundle of bytecode the build writes (build/micropython_bundle.py), as web/worker-micropython.js
// loads it, one request after the other in parts as the worker answers them.
//
//   node tests/micropython/answer_requests.mjs BUNDLE HEAP_BYTES < requests.json > replies.json
//
// stdin: a JSON list of requests; stdout: a JSON list of replies, each the bridge's reply parsed (`handle_json`).
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
mp.runPython("import sys\nsys.path.insert(0, '/lib')");
const bridge = mp.pyimport('sudoku_core.bridge');
const requests = JSON.parse(readFileSync(0, 'utf8'));
// as web/worker-micropython.js answers: in parts (bridge.protocol.Task), garbage collected between them
const replies = requests.map((request) => {
  const task = bridge.Task(JSON.stringify(request));
  let reply;
  do reply = task.advance(); while (reply == null);
  return JSON.parse(reply);
});
process.stdout.write(JSON.stringify(replies));
