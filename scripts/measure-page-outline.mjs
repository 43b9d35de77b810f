// `node scripts/measure-page-outline.mjs DIR [FOLDER…]`: what straightening phone photos
// (api/src/modules/extraction/engine/page-outline.ts) does to the engine's reading, forced on for
// every image of the folders given (default: phone-photo) of a set in bench:ocr's layout (e.g.
// `npm run make:hard-set -- --seed 1 --out .hard-set/seed-1`). Per image: whether an outline was
// found, the step's time, and the CER (as bench:ocr computes it) of the engine and of plain
// Tesseract on the image as it came and on the straightened page. Needs `npm run build -w api`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { distance } from 'fastest-levenshtein';

const [dirArg, ...folders] = process.argv.slice(2);
if (!dirArg) {
  console.error('Usage: node scripts/measure-page-outline.mjs DIR [FOLDER…]');
  process.exit(2);
}
const dir = path.resolve(dirArg);
const wanted = new Set(folders.length > 0 ? folders : ['phone-photo']);

const { ExtractionEngine } = await import('api/engine');
const { straightenPage } = await import('../api/dist/modules/extraction/engine/page-outline.js');
const engine = new ExtractionEngine({
  tesseractPath: 'tesseract',
  limits: { maxBytes: 64 * 1024 * 1024 },
});

const fold = (text) => text.replace(/\s+/g, ' ').trim();
const cer = (output, truth) => distance(fold(output), fold(truth)) / fold(truth).length;
const plain = (bytes) =>
  execFileSync('tesseract', ['-', '-'], {
    input: bytes,
    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    stdio: ['pipe', 'pipe', 'ignore'],
  }).toString();
const ours = async (bytes) => (await engine.extract({ bytes })).text;
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const cases = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')).filter((c) =>
  wanted.has(c.category),
);
const rows = [];
for (const item of cases) {
  const bytes = readFileSync(path.join(dir, item.file));
  const truth = readFileSync(path.join(dir, item.gt), 'utf8');
  const started = process.hrtime.bigint();
  const found = await straightenPage(bytes);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const page = found?.image ?? bytes;
  const row = {
    file: item.file,
    found: Boolean(found),
    ms,
    oursBefore: cer(await ours(bytes), truth),
    oursAfter: cer(await ours(page), truth),
    plainBefore: cer(plain(bytes), truth),
    plainAfter: cer(plain(page), truth),
  };
  rows.push(row);
  process.stderr.write(
    `${row.file}: ${found ? 'outline' : 'none'} in ${ms.toFixed(0)} ms; CER ours ` +
      `${row.oursBefore.toFixed(3)} → ${row.oursAfter.toFixed(3)}, plain ` +
      `${row.plainBefore.toFixed(3)} → ${row.plainAfter.toFixed(3)}\n`,
  );
}
await engine.close?.();

console.log(
  `\nStraightening forced on: ${dir} [${[...wanted].join(', ')}], ${rows.length} images, ` +
    `${os.cpus().length} cores, Node ${process.version}\n`,
);
console.log(
  '| images | outline found | CER ours before → after | CER plain before → after | step ms (median, max) |',
);
console.log('|---|---|---|---|---|');
const f = (x) => x.toFixed(3);
console.log(
  `| ${rows.length} | ${rows.filter((r) => r.found).length} | ` +
    `${f(mean(rows.map((r) => r.oursBefore)))} → ${f(mean(rows.map((r) => r.oursAfter)))} | ` +
    `${f(mean(rows.map((r) => r.plainBefore)))} → ${f(mean(rows.map((r) => r.plainAfter)))} | ` +
    `${median(rows.map((r) => r.ms)).toFixed(0)}, ${Math.max(...rows.map((r) => r.ms)).toFixed(0)} |`,
);
