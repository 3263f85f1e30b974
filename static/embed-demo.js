// The embedding demo: writes this site's real address into the snippets, frames embed.html with this
// page as its parent, and drives it through the postMessage protocol (docs/embedding.md, "The iframe").

const site = new URL('./', location.href);              // where sudoku-solver.js and embed.html live
const solverOrigin = site.origin;
const base = site.href;                                  // ends with '/'

for (const el of document.querySelectorAll('.solver-origin')) el.textContent = solverOrigin;
const snippet = document.getElementById('snippet');
snippet.textContent = snippet.textContent.replaceAll('https://solver.example/', base);
const policy = document.getElementById('policy');
policy.textContent = policy.textContent.replaceAll('https://solver.example', solverOrigin);
const iframeSnippet = document.getElementById('iframe-snippet');
iframeSnippet.textContent = iframeSnippet.textContent.replaceAll('https://solver.example/', base);

// -- the iframe, driven from here ---------------------------------------------------------------------
const PUZZLES = [
  '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..',
  '.431..4......3..',
  '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..',
];
const frame = document.getElementById('framed');
const log = document.getElementById('log');
let nextId = 1;
let sent = 0;

frame.src = `${base}embed.html?parent=${encodeURIComponent(location.origin)}#${PUZZLES[2]}`;

function note(text) {
  const item = document.createElement('li');
  item.textContent = text;                               // data from the frame is shown as text, always
  log.prepend(item);
  while (log.children.length > 8) log.lastElementChild.remove();
}

function summary(data) {
  const { type, ...rest } = data;
  const name = type.replace(/^sudoku-solver:/, '');
  if (name === 'reply') {
    const what = rest.ok ? JSON.stringify(rest.result).slice(0, 90) : `${rest.error.code}: ${rest.error.message}`;
    return `reply #${rest.id} to ${rest.command}: ${what}`;
  }
  if (name === 'solved') return `solved: ${rest.solution.slice(0, 27)}… in ${rest.ms} ms`;
  if (name === 'change') return `change (${rest.cause}): ${rest.puzzle.slice(0, 27)}…`;
  if (name === 'error') return `error ${rest.code}: ${rest.message}`;
  return `${name} ${JSON.stringify(rest)}`;
}

window.addEventListener('message', (event) => {
  // Only the frame we made, from the solver's origin, in the protocol's shape.
  if (event.source !== frame.contentWindow || event.origin !== solverOrigin) return;
  const data = event.data;
  if (!data || typeof data.type !== 'string' || !data.type.startsWith('sudoku-solver:')) return;
  if (data.type === 'sudoku-solver:resize') {
    frame.style.height = `${Math.min(Math.max(data.height, 200), 1200)}px`;
    return;
  }
  note(summary(data));
});

for (const button of document.querySelectorAll('[data-send]')) {
  button.addEventListener('click', () => {
    const type = `sudoku-solver:${button.dataset.send}`;
    const message = { type, id: nextId++ };
    if (button.dataset.send === 'set-puzzle') message.puzzle = PUZZLES[sent++ % PUZZLES.length];
    frame.contentWindow.postMessage(message, solverOrigin);
  });
}
