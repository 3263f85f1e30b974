// palette-tools.js: what the rules bar's palette tools (rules-editor.js) make of a drawing: a thermometer, an
// arrow, a Kropki dot or an X/V from the cells a person drew, in the order drawn, or the sentence that says
// why the drawing is not one; and which shape Delete takes away. Only the drawing is judged here (cells that
// touch one after another, two cells that share an edge); whether the rules can hold is the engine's to say.

/** The drawing modes of the palette: what they make and the words for it. Dots and XV have two kinds each,
 *  picked by `choices` ([value, label]): the dot's kind, the X/V's sum. */
export const SHAPES = {
  thermo: { name: 'thermometer', add: 'Add thermometer', kinds: ['thermometer', 'slow_thermometer'] },
  arrow: { name: 'arrow', add: 'Add arrow', kinds: ['arrow'] },
  dots: { name: 'dot', add: 'Add dot', kinds: ['white_dot', 'black_dot'], choices: [['white_dot', 'White'], ['black_dot', 'Black']] },
  xv: { name: 'X or V', add: 'Add X/V', kinds: ['xv'], choices: [['10', 'X'], ['5', 'V']] },
};

const cellName = (i, n) => `r${Math.floor(i / n) + 1}c${(i % n) + 1}`;
const pairKind = (kind) => kind.endsWith('_dot') || kind === 'xv';
const sortedKey = (cells) => [...cells].sort((a, b) => a - b).join(',');

/** "thermometer from r1c1 to r1c4", "V between r5c5 and r6c5": a shape in words (`cells` as drawn, an
 *  arrow's circle first). */
export function shapeWords(kind, value, cells, n) {
  const name = kind === 'xv' ? (value === 5 ? 'V' : 'X') : kind.replace(/_/g, ' ');
  const first = cellName(cells[0], n), last = cellName(cells[cells.length - 1], n);
  return pairKind(kind) ? `${name} between ${first} and ${last}` : `${name} from ${first} to ${last}`;
}

/** The constraints after drawing `cells` with tool `mode` (`choice`: the dot's kind or the X/V's sum) on a
 *  grid of side `n`: {constraints, message} or {error} (the sentence saying why nothing was drawn). */
export function drawShape(constraints, mode, choice, cells, n) {
  const tool = SHAPES[mode];
  const refuse = (why) => ({ error: `No ${tool.name} drawn: ${why}` });
  const pair = Boolean(tool.choices);
  if (pair && cells.length !== 2) {
    return refuse(`select the two cells it sits between (${cells.length === 1 ? 'one cell is' : `${cells.length} cells are`} selected).`);
  }
  if (!pair && cells.length < 2) {
    return refuse(`select ${mode === 'thermo' ? 'the bulb' : 'the circle'} first, then the cells it runs through (drag, or Shift+arrows).`);
  }
  for (let k = 1; k < cells.length; k++) {
    const a = cells[k - 1], b = cells[k];
    const dr = Math.abs(Math.floor(a / n) - Math.floor(b / n)), dc = Math.abs((a % n) - (b % n));
    if (pair && dr + dc !== 1) return refuse(`${cellName(a, n)} and ${cellName(b, n)} do not share an edge, and it sits on the edge between two cells.`);
    if (!pair && Math.max(dr, dc) !== 1) {
      return refuse(`${cellName(a, n)} and ${cellName(b, n)} do not touch; each cell of a ${tool.name} touches the one before it, by a side or a corner.`);
    }
  }
  let made;
  if (mode === 'thermo') made = { kind: 'thermometer', cells };
  else if (mode === 'arrow') made = { kind: 'arrow', cells: cells.slice(1), head: [cells[0]] };
  else if (mode === 'dots') made = { kind: choice, cells: [...cells].sort((a, b) => a - b) };
  else made = { kind: 'xv', cells: [...cells].sort((a, b) => a - b), value: Number(choice) };
  const said = shapeWords(made.kind, made.value, cells, n);
  // One dot (one X or V) per edge: a new one takes the old one's place.
  const kept = pair ? constraints.filter((c) => !(tool.kinds.includes(c.kind) && sortedKey(c.cells) === sortedKey(made.cells)))
    : constraints;
  const replaced = kept.length < constraints.length ? ', in place of the one there' : '';
  return { constraints: [...kept, made], message: `${said.charAt(0).toUpperCase()}${said.slice(1)}${replaced}. Undo takes it away.` };
}

/** Delete with tool `mode` on `cell`: the constraints without the latest of the tool's shapes on that cell (a
 *  dot or an X/V: on one of its sides), and the sentence; {error} when there is none. */
export function eraseShape(constraints, mode, cell, n) {
  const tool = SHAPES[mode];
  let k = constraints.length - 1;
  while (k >= 0 && !(tool.kinds.includes(constraints[k].kind) && [...constraints[k].cells, ...(constraints[k].head ?? [])].includes(cell))) k--;
  if (k < 0) return { error: `No ${tool.name} on ${cellName(cell, n)}: nothing to delete.` };
  const gone = constraints[k];
  return {
    constraints: constraints.filter((_, j) => j !== k),
    message: `Deleted the ${shapeWords(gone.kind, gone.value, [...(gone.head ?? []), ...gone.cells], n)}. Undo brings it back.`,
  };
}
