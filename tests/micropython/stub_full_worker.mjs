// Stands in for the full engine's worker (Pyodide) in Node: ready at once; every request it gets is answered
// {handedOn: op}, so that a test sees which requests the light engine handed on.
self.addEventListener('message', (event) => {
  const { id, op } = event.data || {};
  if (id !== undefined) self.postMessage({ id, ok: true, result: { handedOn: op } });
});
self.postMessage({ type: 'ready', runtime: 'pyodide', ops: null, python: '3.14', engine: 'stub', build: 'stub', timings: {} });
