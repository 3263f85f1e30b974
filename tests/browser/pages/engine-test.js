// The engine check page: starts the engine, mirrors its state on <html data-engine="...">, and exposes
// it as window.sudokuEngine for tests and benchmarks. Options come from the query string:
//   ?stallMs=3000&timeoutMs=2000&sw=0&fullEngine=now&light=0
// Progress reports are kept in window.__progress. The tests serve this page beside the built site (it is
// not shipped).
import { getEngine } from './engine.js';
import { registerServiceWorker } from './offline.js';

const params = new URLSearchParams(location.search);
const options = {};
for (const key of ['timeoutMs', 'stallMs']) {
  if (params.has(key)) options[key] = Number(params.get(key));
}
if (params.has('fullEngine')) options.fullEngine = params.get('fullEngine');   // demand | idle | now
if (params.has('light')) options.light = params.get('light') !== '0';
const engine = getEngine(options);
const status = document.getElementById('engine-status');
const root = document.documentElement;
window.sudokuEngine = engine;
root.dataset.engine = engine.state;
engine.addEventListener('statechange', (e) => { root.dataset.engine = e.detail.state; });
window.__progress = [];
engine.addEventListener('progress', (e) => { window.__progress.push(e.detail); status.textContent = `${Math.round(e.detail.fraction * 100)}% ${e.detail.message}`; });
engine.addEventListener('ready', (e) => { status.textContent = `Ready (${e.detail.runtime}, Python ${e.detail.python}, ${e.detail.readyMs} ms)`; });
engine.addEventListener('failed', (e) => { status.textContent = e.detail.message; });
if (params.get('sw') !== '0') {
  registerServiceWorker().then((reg) => { root.dataset.sw = reg ? 'registered' : 'none'; });
}
