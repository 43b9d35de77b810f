// `npm run bench:tables [DIR]` (issue 21, item 5): per case, per kind and overall, cell precision,
// recall and F1, the share of rows exact, invoice fields right and seconds per page, for the plain
// baseline a user would try first and, in the same run, for our table reader once the engine has
// one. Scored by the engine's table scorer
// (api/src/modules/extraction/engine/tables/table-score.ts). Figures go in docs/benchmarks.md.
//
// Two kinds of set:
//   - ../shared/ocr-eval/tables (the default): Tabula's expected CSVs for given pages and areas
//     (AREAS below, from ../shared/ocr-eval/SOURCES.md), all digital PDFs;
//   - a set `npm run make:table-set` made (DIR/manifest.json): digital, scanned and photographed
//     cases, one or two expected tables each (CASE.csv, CASE.2.csv), invoices' fields in
//     CASE.invoice.json.
// The baseline: `pdftotext -layout` for a PDF with a text layer (cropped to the case's area when
// it has one); for an image, or a PDF whose pages have no text, Tesseract's text
// (`--psm 6`, interword spaces preserved; pages rasterised at 200 dpi by pdftoppm); each line's
// cells split on runs of two or more spaces. It reads no invoice fields.
//
// A case's expected tables are each matched against the predicted tables (a run of consecutive
// ones may be joined: the scorer's rule); its precision is the right cells over every non-empty
// cell predicted on its pages, so a table read where there is none costs precision.
// Invoices: an invoice's expected CSV is its line items, and what our reader delivers for an
// invoice is `invoice.lineItems`, so in invoice mode that one table is scored (not every table
// found on the page: an address block read as a little table is no line item the product
// returns); the baseline, which has no invoice mode, is scored as for any case, all its text as
// one table. The invoice summary also counts number, date and total right per kind.
// BENCH_RUNS (default 3) runs per case of pdftotext and of our reader on digital PDFs, the median
// kept; OCR cases are run BENCH_OCR_RUNS times (default 1).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.resolve(process.argv[2] ?? path.join(root, '..', 'shared', 'ocr-eval', 'tables'));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const OCR_RUNS = Number(process.env.BENCH_OCR_RUNS ?? 1);
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
// The engine's front door, from the api just built in this checkout: the bare 'api/engine' would
// resolve through node_modules, which in a git worktree is often another checkout's.
const engineUrl = pathToFileURL(
  path.join(root, 'api', 'dist', 'modules', 'extraction', 'engine', 'index.js'),
).href;
const { parseCsv, scoreTable, cleanTable, normaliseCell } = await import(engineUrl);

// ---- the cases --------------------------------------------------------------------------------

/**
 * [{ name, kind, category, file, first, last, area, expected: [table...], invoice }]: `area` is
 * { x0, y0, x1, y1 } in points from the top left (Tabula's), `invoice` the expected
 * { fields, totalsMatch } or null.
 */
function loadCases() {
  const manifestFile = path.join(dir, 'manifest.json');
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    return manifest.map((c) => ({
      name: c.case,
      kind: c.kind,
      category: c.category,
      file: path.join(dir, c.file),
      first: 1,
      last: c.pages,
      area: null,
      expected: c.expected.map((f) => parseCsv(readFileSync(path.join(dir, f), 'utf8'))),
      invoice: c.invoice ? JSON.parse(readFileSync(path.join(dir, c.invoice), 'utf8')) : null,
    }));
  }
  return readdirSync(dir)
    .filter((f) => f.endsWith('.csv') && existsSync(path.join(dir, f.replace(/\.csv$/, '.pdf'))))
    .map((f) => f.replace(/\.csv$/, ''))
    .sort()
    .map((name) => {
      const where = AREAS[name] ?? { page: 1, area: null };
      if (!AREAS[name]) console.log(`${name}: no area known, reading the whole of page 1`);
      const [top, left, bottom, right] = where.area ?? [];
      return {
        name,
        kind: 'digital',
        category: 'tabula',
        file: path.join(dir, `${name}.pdf`),
        first: where.page,
        last: where.page,
        area: where.area ? { x0: left, y0: top, x1: right, y1: bottom } : null,
        expected: [parseCsv(readFileSync(path.join(dir, `${name}.csv`), 'utf8'))],
        invoice: null,
      };
    });
}

const cases = loadCases();
if (cases.length === 0) {
  console.log(`No case in ${dir}: nothing to measure.`);
  process.exit(0);
}

// ---- the baseline -----------------------------------------------------------------------------

const ocrEnv = { ...process.env, OMP_THREAD_LIMIT: '1' };
const toCells = (text) =>
  text
    .split(/\r?\n|\f/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => line.split(/ {2,}/));

// At 72 dpi pdftotext's crop box (-x -y -W -H, pixels from the top left) is in points, as
// Tabula's area is.
function pdftotext(file, { first, last, area }) {
  const args = ['-layout', '-r', '72', '-f', String(first), '-l', String(last)];
  if (area) {
    args.push('-x', String(Math.floor(area.x0)), '-y', String(Math.floor(area.y0)));
    args.push(
      '-W',
      String(Math.ceil(area.x1 - area.x0)),
      '-H',
      String(Math.ceil(area.y1 - area.y0)),
    );
  }
  return execFileSync('pdftotext', [...args, file, '-']).toString();
}

// A user reading Hebrew and Arabic tells Tesseract so; everything else is read as English.
const ocrLanguages = (c) => (c.category === 'rtl' ? 'heb+ara+eng' : 'eng');

function tesseract(image, lang) {
  return execFileSync(
    'tesseract',
    [image, '-', '-l', lang, '--psm', '6', '-c', 'preserve_interword_spaces=1'],
    { env: ocrEnv, stdio: ['ignore', 'pipe', 'ignore'] },
  ).toString();
}

function ocrPdf(c) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-tables-'));
  try {
    execFileSync('pdftoppm', [
      ...['-r', '200', '-gray', '-png', '-f', String(c.first), '-l', String(c.last)],
      ...[c.file, path.join(tmp, 'p')],
    ]);
    return readdirSync(tmp)
      .sort()
      .map((png) => tesseract(path.join(tmp, png), ocrLanguages(c)))
      .join('\n');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Whether the PDF's pages hold text (else it is read as images). */
const textLayer = new Map();
function hasTextLayer(c) {
  if (!textLayer.has(c.file)) {
    const text = pdftotext(c.file, { first: c.first, last: c.last, area: null });
    textLayer.set(c.file, /\S/.test(text));
  }
  return textLayer.get(c.file);
}

const isOcr = (c) => !c.file.endsWith('.pdf') || !hasTextLayer(c);

function baseline(c) {
  let text;
  if (!c.file.endsWith('.pdf')) text = tesseract(c.file, ocrLanguages(c));
  else if (hasTextLayer(c)) text = pdftotext(c.file, c);
  else text = ocrPdf(c);
  return { tables: [toCells(text)], invoice: null };
}

// ---- ours -------------------------------------------------------------------------------------
// The table reader behind the engine's front door (issue 21, item 1). The request carries the
// Tabula area when the case has one (points, origin top left): the reader must read only there.

const { ExtractionEngine } = await import(engineUrl);
const engine = new ExtractionEngine({
  tesseractPath: 'tesseract',
  limits: { maxBytes: 64 * 1024 * 1024 },
});
const oursBuilt = typeof engine.extractTables === 'function';
if (oursBuilt) await engine.preload?.();

async function ours(c) {
  const request = {
    bytes: readFileSync(c.file),
    pages: { first: c.first, last: c.last },
    mode: c.invoice ? 'invoice' : 'tables',
  };
  if (c.area) request.area = c.area;
  const result = await engine.extractTables(request);
  // An invoice's table is its line items (see the head of the file).
  const tables = c.invoice
    ? result.invoice?.lineItems
      ? [result.invoice.lineItems.rows]
      : []
    : result.tables.map((t) => t.rows);
  return {
    tables,
    invoice: result.invoice
      ? { fields: result.invoice.fields, ok: result.invoice.check?.ok }
      : null,
  };
}

// ---- scoring ----------------------------------------------------------------------------------

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const f3 = (x) => (x === null || x === undefined || Number.isNaN(x) ? '—' : x.toFixed(3));
const countCells = (table) => cleanTable(table).reduce((n, r) => n + r.filter(Boolean).length, 0);

const INVOICE_FIELDS = [
  'vendor',
  'invoiceNumber',
  'invoiceDate',
  'currency',
  'subtotal',
  'tax',
  'total',
  'amountDue',
];

/** One reading of a case scored: cells over all its expected tables, rows, invoice fields. */
function score(c, read) {
  let right = 0;
  let expectedCells = 0;
  let exactRows = 0;
  let rows = 0;
  for (const table of c.expected) {
    const s = scoreTable(table, read.tables);
    const n = cleanTable(table).length;
    right += s.rightCells;
    expectedCells += s.expectedCells;
    exactRows += s.rowsExact * n;
    rows += n;
  }
  const predictedCells = read.tables.reduce((n, t) => n + countCells(t), 0);
  const precision = predictedCells ? right / predictedCells : 0;
  const recall = expectedCells ? right / expectedCells : 1;
  let invoice = null;
  if (c.invoice) {
    const got = read.invoice?.fields ?? {};
    const right = INVOICE_FIELDS.filter(
      (k) => got[k] != null && normaliseCell(String(got[k])) === normaliseCell(c.invoice.fields[k]),
    );
    invoice = {
      fieldsRight: right.length,
      right,
      fields: INVOICE_FIELDS.length,
      checkRight: read.invoice ? read.invoice.ok === c.invoice.totalsMatch : false,
    };
  }
  return {
    precision,
    recall,
    f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0,
    rowsExact: rows ? exactRows / rows : 1,
    right,
    expectedCells,
    predictedCells,
    invoice,
  };
}

async function measure(c, read, runs) {
  let result = null;
  let error = null;
  const times = [];
  for (let run = 0; run < runs; run++) {
    const start = process.hrtime.bigint();
    try {
      result = await read(c);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
      result = { tables: [], invoice: null };
    }
    times.push(Number(process.hrtime.bigint() - start) / 1e9);
  }
  const pages = c.last - c.first + 1;
  return { score: score(c, result), secondsPerPage: median(times) / pages, error };
}

// ---- the run ----------------------------------------------------------------------------------

const results = [];
for (const c of cases) {
  const runs = isOcr(c) ? OCR_RUNS : RUNS;
  const base = await measure(c, baseline, runs);
  const mine = oursBuilt ? await measure(c, ours, runs) : null;
  if (base.error) console.log(`${c.name}: baseline failed: ${base.error}`);
  if (mine?.error) console.log(`${c.name}: ours failed: ${mine.error}`);
  results.push({ c, base, mine });
  process.stderr.write(
    `${c.name}: baseline F1 ${f3(base.score.f1)}${mine ? `, ours ${f3(mine.score.f1)}` : ''}\n`,
  );
}

const OURS_ABSENT = 'not built yet (issue 21)';
const invoiceText = (inv) =>
  inv ? `${inv.fieldsRight}/${inv.fields}, check ${inv.checkRight ? 'right' : 'wrong'}` : '—';
const oursCells = (m) =>
  m
    ? `${f3(m.score.precision)} | ${f3(m.score.recall)} | ${f3(m.score.f1)} | ${f3(m.score.rowsExact)} | ${invoiceText(m.score.invoice)} | ${m.secondsPerPage.toFixed(3)}`
    : `${OURS_ABSENT} | | | | | `;

console.log(
  `\nTables in ${dir}: baseline \`pdftotext -layout\` on text PDFs, Tesseract (psm 6) on images; ` +
    `median of ${RUNS} runs per digital case, ${OCR_RUNS} per OCR case; on invoice cases ours is ` +
    `scored on the line items it delivers (\`invoice.lineItems\`), the baseline on all its text\n`,
);
console.log(
  '| case | kind | pages | cells expected | baseline P | baseline R | baseline F1 | baseline rows exact | baseline s/page | ours P | ours R | ours F1 | ours rows exact | ours invoice | ours s/page |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const { c, base, mine } of results) {
  const s = base.score;
  console.log(
    `| ${c.name} | ${c.kind} | ${c.last - c.first + 1} | ${s.expectedCells} | ${f3(s.precision)} | ${f3(s.recall)} | ` +
      `${f3(s.f1)} | ${f3(s.rowsExact)} | ${base.secondsPerPage.toFixed(3)} | ${oursCells(mine)} |`,
  );
}

/** Means over cases, pooled cells, median seconds per page, invoice fields right. */
function summary(list, pick) {
  const scores = list.map((r) => pick(r).score);
  const sum = (k) => scores.reduce((a, s) => a + s[k], 0);
  const p = sum('right') / (sum('predictedCells') || 1);
  const r = sum('right') / (sum('expectedCells') || 1);
  const invoices = scores.filter((s) => s.invoice).map((s) => s.invoice);
  return {
    cases: list.length,
    precision: mean(scores.map((s) => s.precision)),
    recall: mean(scores.map((s) => s.recall)),
    f1: mean(scores.map((s) => s.f1)),
    rowsExact: mean(scores.map((s) => s.rowsExact)),
    pooledF1: p + r ? (2 * p * r) / (p + r) : 0,
    medianSecondsPerPage: median(list.map((x) => pick(x).secondsPerPage)),
    invoice: invoices.length
      ? `${invoices.reduce((a, i) => a + i.fieldsRight, 0)}/${invoices.reduce((a, i) => a + i.fields, 0)} fields, ` +
        `${invoices.filter((i) => i.checkRight).length}/${invoices.length} checks`
      : '—',
  };
}

const groups = [...new Set(results.map((r) => r.c.kind))].map((kind) => [
  kind,
  results.filter((r) => r.c.kind === kind),
]);
groups.push(['all', results]);
console.log('\nBy kind (means over cases; pooled F1 over all cells; median seconds per page)\n');
console.log(
  '| kind | cases | reader | P | R | F1 | pooled F1 | rows exact | invoice fields right | s/page (median) |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const [kind, list] of groups) {
  const rows = [['baseline', summary(list, (r) => r.base)]];
  if (oursBuilt) rows.push(['ours', summary(list, (r) => r.mine)]);
  for (const [who, s] of rows) {
    console.log(
      `| ${kind} | ${s.cases} | ${who} | ${f3(s.precision)} | ${f3(s.recall)} | ${f3(s.f1)} | ${f3(s.pooledF1)} | ` +
        `${f3(s.rowsExact)} | ${who === 'baseline' ? '— (reads no fields)' : s.invoice} | ${s.medianSecondsPerPage.toFixed(3)} |`,
    );
  }
  if (!oursBuilt) console.log(`| ${kind} | ${list.length} | ours | ${OURS_ABSENT} | | | | | | |`);
}
if (!oursBuilt) console.log(`\nours: ${OURS_ABSENT}.`);

// Issue 21's invoice targets: every field and line item right on clean digital invoices;
// number, date and total right on scanned and photographed ones; the totals check reported.
const invoiceResults = results.filter((r) => r.c.invoice);
if (oursBuilt && invoiceResults.length) {
  console.log(
    '\nInvoices (ours: cells of `invoice.lineItems` against the expected line items; ' +
      'baseline: all its text as one table)\n',
  );
  console.log(
    '| kind | invoices | baseline cell F1 | ours line-item cell F1 | ours rows exact | fields right | number, date, total right | checks right |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  const kinds = [...new Set(invoiceResults.map((r) => r.c.kind))];
  for (const kind of [...kinds, 'all']) {
    const list = invoiceResults.filter((r) => kind === 'all' || r.c.kind === kind);
    const inv = list.map((r) => r.mine.score.invoice);
    const key = ['invoiceNumber', 'invoiceDate', 'total'];
    const keyRight = inv.reduce((n, i) => n + key.filter((k) => i.right.includes(k)).length, 0);
    console.log(
      `| ${kind} | ${list.length} | ${f3(mean(list.map((r) => r.base.score.f1)))} | ` +
        `${f3(mean(list.map((r) => r.mine.score.f1)))} | ${f3(mean(list.map((r) => r.mine.score.rowsExact)))} | ` +
        `${inv.reduce((n, i) => n + i.fieldsRight, 0)}/${inv.reduce((n, i) => n + i.fields, 0)} | ` +
        `${keyRight}/${key.length * inv.length} | ${inv.filter((i) => i.checkRight).length}/${inv.length} |`,
    );
  }
}
await engine.close(); // ends the warm processes and removes the engine's temporary folder
