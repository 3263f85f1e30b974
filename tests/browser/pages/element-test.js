// The element check page: <sudoku-solver> widgets laid out as the query string says, for tests.
//   ?near=eager|lazy   one widget at the top (id "near"), with that loading attribute
//   ?far=N             N widgets (ids "far1"...) with the default loading, below two screens of text
//   ?stallMs=&timeoutMs=  the page's engine is made first, with these options (so it starts at once)
// window.engineCreated() says whether the page has an engine at all (none: nothing was downloaded).
// The tests serve this page beside the built site (it is not shipped).
const params = new URLSearchParams(location.search);
const engineModule = import('./engine.js');
const options = {};
for (const key of ['timeoutMs', 'stallMs']) {
  if (params.has(key)) options[key] = Number(params.get(key));
}
if (Object.keys(options).length) window.sudokuEngine = (await engineModule).getEngine(options);
window.engineCreated = async () => Boolean((await engineModule).peekEngine());

const main = document.getElementById('widgets');
const widget = (id, loading) => {
  const el = document.createElement('sudoku-solver');
  el.id = id;
  if (loading) el.setAttribute('loading', loading);
  main.append(el);
};
if (params.has('near')) widget('near', params.get('near'));
const far = Number(params.get('far') ?? 0);
if (far) {
  const spacer = document.createElement('p');
  spacer.textContent = 'Two screens of text before the next widget.';
  spacer.style.height = '250vh';
  main.append(spacer);
  for (let i = 1; i <= far; i++) widget(`far${i}`, null);
}
await import('./sudoku-solver.js');
document.documentElement.dataset.ready = 'yes';
