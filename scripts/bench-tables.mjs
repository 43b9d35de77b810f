// `npm run bench:tables [DIR]` (issue 21, item 5): per case and overall, cell precision, recall and
// F1, the share of rows exact, and seconds per page, for the plain baseline a user would try first
// — `pdftotext -layout` on the case's page and area, each line's cells split on runs of two or
// more spaces — and for our table reader once it exists. Scored by the engine's table scorer
// (api/src/modules/extraction/engine/tables/table-score.ts). Figures go in docs/benchmarks.md.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.resolve(process.argv[2] ?? path.join(root, '..', 'shared', 'ocr-eval', 'tables'));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
if (!existsSync(dir)) {
  console.log(`No table set at ${dir}: nothing to measure. Usage: npm run bench:tables [DIR]`);
  process.exit(0);
}

// Page and area of each expected CSV, from ../shared/ocr-eval/SOURCES.md (item 7 and each file's
// section): Tabula's area as [top, left, bottom, right] in PDF points, null for the whole page.
const AREAS = {
  tabula_argentina_diputados_voting_record: { page: 1, area: [269.875, 12.75, 790.5, 561] },
  tabula_schools: { page: 1, area: [53.74, 16.97, 548.74, 762.3] },
  tabula_us_020: { page: 2, area: [103, 35, 641, 560] },
  tabula_spanning_cells: { page: 1, area: null },
  tabula_twotables: { page: 1, area: null },
  tabula_indictb1h_14: { page: 1, area: [205, 120, 622.82, 459.9] },
  tabula_frx_2012_disclosure: { page: 1, area: [53, 49, 735, 550] },
};

const build = spawnSync('npm', ['run', 'build', '-w', 'api', '--silent'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(1);
// The engine's front door, as bench:ocr loads it.
const { parseCsv, scoreTable } = await import('api/engine');
// Our digital reader (branch digital, not yet behind the engine's front door): its built files.
const tablesDist = path.join(root, 'api', 'dist', 'modules', 'extraction', 'engine', 'tables');
const { readPdfLayout } = await import(path.join(tablesDist, 'pdf-layout.js'));
const { findTables } = await import(path.join(tablesDist, 'find-tables.js'));

// Ours: the page's words and lines read by pdfjs in its child process, tables found in the area.
async function ours(pdf, { page, area }) {
  const [layout] = await readPdfLayout(pdf, [page], { timeoutMs: 60_000 });
  const box = area ? { x0: area[1], y0: area[0], x1: area[3], y1: area[2] } : undefined;
  return findTables(layout, box ? { area: box } : {}).map((t) => t.rows);
}

// The baseline: at 72 dpi pdftotext's crop box (-x -y -W -H, pixels from the top left) is in
// points, as Tabula's area is.
function baseline(pdf, { page, area }) {
  const args = ['-layout', '-r', '72', '-f', String(page), '-l', String(page)];
  if (area) {
    const [top, left, bottom, right] = area;
    args.push('-x', String(Math.floor(left)), '-y', String(Math.floor(top)));
    args.push('-W', String(Math.ceil(right - left)), '-H', String(Math.ceil(bottom - top)));
  }
  const text = execFileSync('pdftotext', [...args, pdf, '-']).toString();
  return text
    .split(/\r?\n|\f/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => line.split(/ {2,}/));
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const f3 = (x) => x.toFixed(3);

const cases = readdirSync(dir)
  .filter((f) => f.endsWith('.csv') && existsSync(path.join(dir, f.replace(/\.csv$/, '.pdf'))))
  .map((f) => f.replace(/\.csv$/, ''))
  .sort();
if (cases.length === 0) {
  console.log(`No CSV with a PDF of the same name in ${dir}: nothing to measure.`);
  process.exit(0);
}

const rows = [];
for (const name of cases) {
  const where = AREAS[name] ?? { page: 1, area: null };
  if (!AREAS[name]) console.log(`${name}: no area known, reading the whole of page 1`);
  const pdf = path.join(dir, `${name}.pdf`);
  const expected = parseCsv(readFileSync(path.join(dir, `${name}.csv`), 'utf8'));
  let table = [];
  const times = [];
  for (let run = 0; run < RUNS; run++) {
    const start = process.hrtime.bigint();
    table = baseline(pdf, where);
    times.push(Number(process.hrtime.bigint() - start) / 1e9);
  }
  let tables = [];
  const ourTimes = [];
  for (let run = 0; run < RUNS; run++) {
    const start = process.hrtime.bigint();
    tables = await ours(pdf, where);
    ourTimes.push(Number(process.hrtime.bigint() - start) / 1e9);
  }
  rows.push({
    name,
    score: scoreTable(expected, [table]),
    seconds: median(times),
    ours: scoreTable(expected, tables),
    oursSeconds: median(ourTimes),
  });
}

console.log(
  `\nTables in ${dir}, baseline \`pdftotext -layout\` (median of ${RUNS} runs per page)\n`,
);
console.log(
  '| case | cells expected | baseline P | baseline R | baseline F1 | baseline rows exact | baseline s/page | ours P | ours R | ours F1 | ours rows exact | ours s/page |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const { name, score: s, seconds, ours: o, oursSeconds } of rows) {
  console.log(
    `| ${name} | ${s.expectedCells} | ${f3(s.precision)} | ${f3(s.recall)} | ${f3(s.f1)} | ` +
      `${f3(s.rowsExact)} | ${seconds.toFixed(3)} | ${f3(o.precision)} | ${f3(o.recall)} | ` +
      `${f3(o.f1)} | ${f3(o.rowsExact)} | ${oursSeconds.toFixed(3)} |`,
  );
}
const scores = rows.map((r) => r.score);
const sum = (key) => scores.reduce((a, s) => a + s[key], 0);
const p = sum('rightCells') / sum('predictedCells');
const r = sum('rightCells') / sum('expectedCells');
console.log(
  `| **mean of ${rows.length}** | ${sum('expectedCells')} | ${f3(mean(scores.map((s) => s.precision)))} | ` +
    `${f3(mean(scores.map((s) => s.recall)))} | ${f3(mean(scores.map((s) => s.f1)))} | ` +
    `${f3(mean(scores.map((s) => s.rowsExact)))} | ${median(rows.map((x) => x.seconds)).toFixed(3)} (median) | ` +
    `${f3(mean(rows.map((x) => x.ours.precision)))} | ${f3(mean(rows.map((x) => x.ours.recall)))} | ` +
    `${f3(mean(rows.map((x) => x.ours.f1)))} | ${f3(mean(rows.map((x) => x.ours.rowsExact)))} | ` +
    `${median(rows.map((x) => x.oursSeconds)).toFixed(3)} (median) |`,
);
console.log(
  `\nAll cells pooled: baseline P ${f3(p)}, R ${f3(r)}, F1 ${f3((2 * p * r) / (p + r || 1))}.`,
);
