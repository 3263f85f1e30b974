// The page's engine under Node with the real light worker: SITE's engine.js (the build's web/ files, with the
// light runtime written in) starts web/worker-micropython.js in a worker thread (web_worker.mjs), which runs
// MicroPython and the portable core's bundle as a browser would; a stand-in answers for the full engine
// (stub_full_worker.mjs: {handedOn: op}). tests/test_light_worker.py builds SITE and reads the results.
//
//   node tests/micropython/light_engine_session.mjs SITE < steps.json > results.json
//
// A step is a request made through engine.request: {op, payload, payloadJs?, timeoutMs?} (payloadJs: a JS
// expression for a payload JSON cannot write, a BigInt, say), or {together: [step, ...]} for requests made at
// once (they queue). A result: {outcome: {ok, result | code and message, ms} (a list for `together`),
// lightWorkers (light workers started so far), memoryBytes (the WebAssembly memory of the light worker alive
// after the step, null when none or not yet started), heldBytes (the most a light worker held when it replied
// during the step)}.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { WebWorker } from './web_worker.mjs';

const site = pathToFileURL(`${process.argv[2].replace(/\/$/, '')}/`);
globalThis.Worker = WebWorker;
// A file: URL's origin is 'null', the page's here too: engine.js starts its workers directly, not by blob: URL.
globalThis.location = new URL('index.html', site);
WebWorker.replace.set('sudoku-engine', new URL('./stub_full_worker.mjs', import.meta.url).href);
const { getEngine } = await import(new URL('engine.js', site).href);
const engine = getEngine({ timeoutMs: 60_000 });
await engine.ready;

const light = () => WebWorker.made.filter((w) => w.name === 'sudoku-engine-light');

async function run(step) {
  // eslint-disable-next-line no-eval -- the test's own expressions, for payloads JSON cannot carry
  const payload = step.payloadJs !== undefined ? (0, eval)(`(${step.payloadJs})`) : step.payload;
  const t0 = performance.now();
  let outcome;
  try {
    outcome = { ok: true, result: await engine.request(step.op, payload, { timeoutMs: step.timeoutMs }) };
  } catch (error) {
    outcome = { ok: false, code: error.code, message: error.message };
  }
  return { ...outcome, ms: Math.round((performance.now() - t0) * 10) / 10 };
}

const results = [];
for (const step of JSON.parse(readFileSync(0, 'utf8'))) {
  for (const worker of light()) worker.heldBytes = 0;
  const outcome = step.together ? await Promise.all(step.together.map(run)) : await run(step);
  const alive = light().filter((w) => !w.terminated).at(-1);
  results.push({ outcome, lightWorkers: light().length, memoryBytes: alive ? await alive.memoryBytes() : null,
    heldBytes: Math.max(0, ...light().map((w) => w.heldBytes)) });
}
process.stdout.write(JSON.stringify(results));
process.exit(0);
