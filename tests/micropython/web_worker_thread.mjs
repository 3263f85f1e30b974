// The inside of web_worker.mjs's worker: a browser worker's global scope, then the worker module itself.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

// The harness reads the runtime's WebAssembly memory, as the page's memory tools would.
let memory = null;
for (const name of ['instantiate', 'instantiateStreaming']) {
  const original = WebAssembly[name];
  WebAssembly[name] = (...args) => original.apply(WebAssembly, args).then((made) => {
    memory = (made.instance ?? made).exports?.memory ?? memory;
    return made;
  });
}

const listeners = [];
const webFetch = globalThis.fetch;
Object.assign(globalThis, {
  self: globalThis,
  location: new URL(workerData.url),
  postMessage: (message) => {
    // Before each reply, the memory's size: a test reads the most a request made the worker hold, though
    // the page may stop the worker as soon as the reply arrives.
    if (message && message.id !== undefined && memory) parentPort.postMessage({ harness: 'held', bytes: memory.buffer.byteLength });
    parentPort.postMessage(message);
  },
  addEventListener: (type, listener) => {
    if (type === 'message') listeners.push(listener);
  },
  close: () => process.exit(0),
  fetch: async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (url.protocol !== 'file:') return webFetch(input, init);
    try {
      const bytes = await readFile(fileURLToPath(url));
      const type = url.pathname.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream';
      return new Response(bytes, { status: 200, headers: { 'Content-Type': type, 'Content-Length': String(bytes.length) } });
    } catch {
      return new Response('', { status: 404, statusText: 'Not Found' });
    }
  },
});
parentPort.on('message', (data) => {
  if (data && data.harness === 'memory') {
    parentPort.postMessage({ harness: 'memory', bytes: memory ? memory.buffer.byteLength : null });
    return;
  }
  for (const listener of listeners) listener({ data });
});
await import(workerData.url);
