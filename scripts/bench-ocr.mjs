// `npm run bench:ocr [DIR]`: character error rate and time per folder of the evaluation set, for
// our pipeline and, in the same run, for plain Tesseract (`tesseract FILE -`; PDF pages:
// `pdftoppm -r 300` then `tesseract`). CER = Levenshtein distance / ground-truth length, with
// whitespace runs folded to one space. The order-free CER is the same with both texts' words
// sorted first: a page whose CER is above it by more than 0.01 has its words right but out of
// order (a line cut into false columns, its halves read apart), and is listed under the table.
// Figures go in docs/benchmarks.md.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { distance } from 'fastest-levenshtein';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.resolve(process.argv[2] ?? path.join(root, '..', 'shared', 'ocr-eval'));
// Each case runs this many times per engine, the two engines taking turns going first; its time
// is the median of its runs (one run is at the mercy of whatever else the machine does).
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
if (!existsSync(path.join(dir, 'manifest.json'))) {
  console.error(`No manifest.json in ${dir}. Usage: npm run bench:ocr [DIR]`);
  process.exit(2);
}
const build = spawnSync('npm', ['run', 'build', '-w', 'api', '--silent'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(1);

// The engine the API and `npm run extract` use, through the API package's front door.
const { ExtractionEngine } = await import('api/engine');
const engine = new ExtractionEngine({
  tesseractPath: 'tesseract',
  limits: { maxBytes: 64 * 1024 * 1024 },
});
// Loaded now, as the API does at start, so that no case's time includes loading the image reader.
await engine.preload();

const fold = (text) => text.replace(/\s+/g, ' ').trim();
const cer = (output, truth) => {
  const gt = fold(truth);
  return gt.length === 0 ? 0 : distance(fold(output), gt) / gt.length;
};
/** CER with both texts' words sorted: what is left is misread words, not misplaced ones. */
const orderFreeCer = (output, truth) => cer(sortWords(output), sortWords(truth));
// Sorted by their letters and digits in lower case, so that a misread quote or capital does not
// move a word far from where its truth sorts (each such move would cost the whole word twice).
const sortKey = (word) => word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
const sortWords = (text) =>
  fold(text)
    .split(' ')
    .map((word) => [sortKey(word), word])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([, word]) => word)
    .join(' ');
// A page's CER above its order-free CER by more than this: words read in the wrong order.
const ORDER_SLACK = 0.01;
const env = { ...process.env, OMP_THREAD_LIMIT: '1' };

function plainTesseract(file, page) {
  if (!file.endsWith('.pdf')) {
    return execFileSync('tesseract', [file, '-'], {
      env,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).toString();
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  try {
    const p = String(page ?? 1);
    execFileSync('pdftoppm', ['-r', '300', '-f', p, '-l', p, '-png', file, path.join(tmp, 'page')]);
    const png = execFileSync('ls', [tmp]).toString().trim().split('\n')[0];
    return execFileSync('tesseract', [path.join(tmp, png), '-'], {
      env,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).toString();
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function ours(file, page) {
  const bytes = readFileSync(file);
  const result = await engine.extract({ bytes, ...(page ? { page } : {}) });
  return result.text;
}

async function timed(fn) {
  const started = process.hrtime.bigint();
  let output = '';
  try {
    output = await fn();
  } catch (error) {
    process.stderr.write(`  failed: ${error.message}\n`);
  }
  return { output, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Mean CER (or another figure) of ours over plain's for these rows, as text. */
const ratio = (rows, pick) => {
  const plain = mean(rows.map((r) => pick(r.plain)));
  return plain === 0 ? '-' : (mean(rows.map((r) => pick(r.ours))) / plain).toFixed(2);
};

const cases = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
const byFolder = new Map();
for (const item of cases) {
  const file = path.join(dir, item.file);
  const truth = readFileSync(path.join(dir, item.gt), 'utf8');
  const mineRuns = [];
  const plainRuns = [];
  for (let run = 0; run < RUNS; run++) {
    const ourTurn = () => timed(() => ours(file, item.page)).then((r) => mineRuns.push(r));
    const plainTurn = () =>
      timed(async () => plainTesseract(file, item.page)).then((r) => plainRuns.push(r));
    if (run % 2 === 0) {
      await ourTurn();
      await plainTurn();
    } else {
      await plainTurn();
      await ourTurn();
    }
  }
  const mine = { output: mineRuns[0].output, seconds: median(mineRuns.map((r) => r.seconds)) };
  const plain = { output: plainRuns[0].output, seconds: median(plainRuns.map((r) => r.seconds)) };
  const row = {
    name: `${item.file}${item.page ? ` p${item.page}` : ''}`,
    ours: {
      cer: cer(mine.output, truth),
      orderFree: orderFreeCer(mine.output, truth),
      seconds: mine.seconds,
    },
    plain: {
      cer: cer(plain.output, truth),
      orderFree: orderFreeCer(plain.output, truth),
      seconds: plain.seconds,
    },
  };
  process.stderr.write(
    `${row.name}: CER ${row.ours.cer.toFixed(3)} (order-free ${row.ours.orderFree.toFixed(3)}) vs ` +
      `${row.plain.cer.toFixed(3)} (${row.plain.orderFree.toFixed(3)}), ` +
      `${row.ours.seconds.toFixed(2)} s vs ${row.plain.seconds.toFixed(2)} s\n`,
  );
  const list = byFolder.get(item.category) ?? [];
  list.push(row);
  byFolder.set(item.category, list);
}

const version = execFileSync('tesseract', ['--version']).toString().split('\n')[0];
console.log(
  `\nOCR benchmark on ${dir} (${cases.length} cases, median of ${RUNS} runs each), ${version}, ${os.cpus().length} cores, Node ${process.version}\n`,
);
console.log(
  '| folder | cases | CER ours | CER plain | CER ours/plain | order-free ours | order-free plain | median s ours | median s plain | total s ours | total s plain |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
const all = [];
for (const [folder, rows] of byFolder) {
  all.push(...rows.map((r) => ({ ...r, folder })));
  console.log(
    `| ${folder} | ${rows.length} | ${mean(rows.map((r) => r.ours.cer)).toFixed(3)} | ${mean(rows.map((r) => r.plain.cer)).toFixed(3)} | ` +
      `${ratio(rows, (r) => r.cer)} | ` +
      `${mean(rows.map((r) => r.ours.orderFree)).toFixed(3)} | ${mean(rows.map((r) => r.plain.orderFree)).toFixed(3)} | ` +
      `${median(rows.map((r) => r.ours.seconds)).toFixed(2)} | ${median(rows.map((r) => r.plain.seconds)).toFixed(2)} | ` +
      `${rows.reduce((a, r) => a + r.ours.seconds, 0).toFixed(1)} | ${rows.reduce((a, r) => a + r.plain.seconds, 0).toFixed(1)} |`,
  );
}
const target = all.filter((r) => !r.folder.startsWith('handwriting'));
console.log(
  `\nPrinted, photos and PDF folders together: mean CER ours ${mean(target.map((r) => r.ours.cer)).toFixed(3)}, plain ${mean(target.map((r) => r.plain.cer)).toFixed(3)}`,
);
// Issue 15's targets, over every case of the set: mean CER ours at most 1/5 of plain's, no folder
// worse than plain, median time at most 1.5x plain's.
const worse = [...byFolder]
  .filter(([, rows]) => mean(rows.map((r) => r.ours.cer)) > mean(rows.map((r) => r.plain.cer)))
  .map(([folder]) => folder);
console.log(
  `Overall (all ${all.length} cases): mean CER ours ${mean(all.map((r) => r.ours.cer)).toFixed(3)}, plain ${mean(all.map((r) => r.plain.cer)).toFixed(3)}, ` +
    `overall CER ours/plain ratio ${ratio(all, (r) => r.cer)}; median s ours ${median(all.map((r) => r.ours.seconds)).toFixed(2)}, ` +
    `plain ${median(all.map((r) => r.plain.seconds)).toFixed(2)}, ratio ${(median(all.map((r) => r.ours.seconds)) / median(all.map((r) => r.plain.seconds))).toFixed(2)}; ` +
    `folders worse than plain: ${worse.length ? worse.join(', ') : 'none'}`,
);
// Pages read out of order (CER above the order-free CER by more than ORDER_SLACK): false columns
// and the like, for each engine.
for (const engineName of ['ours', 'plain']) {
  const misordered = all.filter((r) => r[engineName].cer > r[engineName].orderFree + ORDER_SLACK);
  console.log(
    `Out of order (${engineName}: CER > order-free CER + ${ORDER_SLACK}): ${misordered.length} of ${all.length}` +
      (misordered.length
        ? `: ${misordered.map((r) => `${r.name} ${r[engineName].cer.toFixed(3)}/${r[engineName].orderFree.toFixed(3)}`).join(', ')}`
        : ''),
  );
}
await engine.close(); // ends the warm processes and removes the engine's temporary folder
