// `node sentiment/tuning/report.mjs [--split tune|test]` (after `npm run build -w
// sentiment-classifier`): the classifier's mistakes on its own labelled comments at the
// balanced strictness, to tune on. Tune on the 'tune' split only; 'test' is held out.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { classify } from '../dist/index.js';

const { values } = parseArgs({ options: { split: { type: 'string', default: 'tune' } } });
const rows = JSON.parse(readFileSync(new URL('./comments.json', import.meta.url), 'utf8'));
const chosen = rows.filter((row) => row.split === values.split);
let right = 0;
for (const row of chosen) {
  const result = classify(row.text);
  if (result.label === row.label) right += 1;
  else
    console.log(
      `${row.label.padEnd(8)} got ${result.label.padEnd(8)} ${result.score.toFixed(2)}  ${row.text}`,
    );
}
console.log(`\n${values.split}: ${right}/${chosen.length} = ${(right / chosen.length).toFixed(3)}`);
