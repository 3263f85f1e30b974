// The batch page's CSV export: fields quoted as CSV needs, and nothing a spreadsheet would run as a formula.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { csvField } from '../../web/batch-results.js';

test('plain fields stay as they are; commas, quotes and line breaks are quoted', () => {
  assert.equal(csvField('4.....8.5'), '4.....8.5');
  assert.equal(csvField(12), '12');
  assert.equal(csvField(null), '');
  assert.equal(csvField('line 3: a, b'), '"line 3: a, b"');
  assert.equal(csvField('say "hi"'), '"say ""hi"""');
});

test('text a spreadsheet would run as a formula opens as text', () => {
  assert.equal(csvField('=HYPERLINK("http://x")'), '"\'=HYPERLINK(""http://x"")"');
  for (const lead of ['+', '-', '@', '\t']) assert.equal(csvField(`${lead}1`), `'${lead}1`);
  assert.equal(csvField('.=.'), '.=.');
});
