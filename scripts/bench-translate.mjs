// `npm run bench:translate [-- --write]`: translation coverage of the local engine (Apertium).
// For every route from English the installed pairs allow (each direct pair, and each chain of two
// pairs through a pivot language where no direct pair exists), translates the fixed English
// sample (test-fixtures/translation/en-sample.txt) and counts the words Apertium marks as not
// translated: `*` (unknown to the source dictionary) and `@` (missing from the bilingual one), at
// either leg of a chain, a word marked at both legs counted once. `#` (translated but not
// inflected) is shown, not counted. A route passes when under 5 % of the sample's words come
// back untranslated; `--write` commits the measurement to
// api/src/modules/extraction/engine/translation-coverage.ts, from which the API decides at
// start-up which languages it offers. Figures go in docs/benchmarks.md.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SAMPLE = path.join(root, 'test-fixtures', 'translation', 'en-sample.txt');
const TABLE = path.join(root, 'api/src/modules/extraction/engine/translation-coverage.ts');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const write = process.argv.includes('--write');

const build = spawnSync('npm', ['run', 'build', '-w', 'api', '--silent'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(1);

const engine = await import('api/engine');
const routes = await engine.loadTranslationRoutes();
const { apertiumPairs, apertiumTranslate, candidateRoutes, translateAlong } = routes;
const { MAX_UNTRANSLATED, offeredRoutes, passes, MEASURED_ROUTES } = routes;

const sample = readFileSync(SAMPLE, 'utf8');
const WORD = /\p{L}[\p{L}\p{M}\p{N}'’-]*/gu;
const words = (sample.match(WORD) ?? []).length;
// A mark is the first character of a word: '*peeped', '@tired', '#ser'.
const MARKED = /(?<![\p{L}\p{M}\p{N}])([*@#])(\p{L}[\p{L}\p{M}\p{N}'’-]*)/gu;
const names = new Intl.DisplayNames(['en'], { type: 'language' });
const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-translate-'));
const TIMEOUT_MS = 120_000;

/** Untranslated and uninflected words along a route, and the median time of its plain run. */
async function measure(route) {
  let text = sample;
  let untranslated = 0;
  let uninflected = 0;
  let earlier = new Map(); // words left untranslated by earlier legs, lower-cased → count
  for (const mode of route.modes) {
    const marked = await apertiumTranslate(text, mode, TIMEOUT_MS, tmp, true);
    const now = new Map();
    for (const [, mark, word] of marked.matchAll(MARKED)) {
      if (mark === '#') {
        uninflected += 1;
        continue;
      }
      const key = word.toLowerCase();
      now.set(key, (now.get(key) ?? 0) + 1);
      const left = earlier.get(key) ?? 0;
      if (left > 0) earlier.set(key, left - 1);
      else untranslated += 1;
    }
    earlier = now;
    // The next leg reads what users would get from this one: the unmarked translation.
    text = await apertiumTranslate(text, mode, TIMEOUT_MS, tmp);
  }
  const times = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await translateAlong(sample, route, TIMEOUT_MS, tmp);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const ms = Math.round(times[Math.floor(times.length / 2)] ?? 0);
  return { ...route, words, untranslated, uninflected, ms };
}

const pairs = await apertiumPairs();
if (pairs.size === 0) {
  console.error('No Apertium pairs installed (apertium -l). Run npm start or npm test once.');
  process.exit(2);
}
const candidates = candidateRoutes(pairs);
const fromEnglish = candidates.filter((r) => r.from === 'en');
const measured = [];
try {
  for (const route of fromEnglish) {
    try {
      measured.push(await measure(route));
    } catch (error) {
      // A pair that gives no output on the sample (hbs-mkd does on some sentences) fails.
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      measured.push({ ...route, words, untranslated: 0, uninflected: 0, ms: 0, error: message });
    }
    process.stderr.write('.');
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
process.stderr.write('\n');

const offered = offeredRoutes(candidates, measured);
const isOffered = (m) => {
  const chosen = offered.get(`${m.from}>${m.to}`);
  return chosen?.modes.join(' ') === m.modes.join(' ');
};
// 'sh' is Apertium's plain Serbo-Croatian ('hbs'), which Intl calls 'Serbian (Latin)'.
const name = (code) => (code === 'sh' ? 'Serbo-Croatian' : (names.of(code) ?? code));
const pct = (m) => (m.error ? 'failed' : `${((100 * m.untranslated) / m.words).toFixed(1)} %`);
measured.sort(
  (a, b) => name(a.to).localeCompare(name(b.to), 'en') || a.untranslated - b.untranslated,
);

console.log(`Sample: ${path.relative(root, SAMPLE)}, ${words} words; rule: untranslated < `);
console.log(
  `${MAX_UNTRANSLATED * 100} % (marks * and @, either leg); time: median of ${RUNS} runs.\n`,
);
console.log('| to | route | untranslated | % | uninflected (#) | time | offered |');
console.log('|---|---|---:|---:|---:|---:|---|');
for (const m of measured) {
  const route = m.via
    ? `pivot via ${name(m.via)} (${m.modes.join(' + ')})`
    : `direct (${m.modes[0]})`;
  const verdict = isOffered(m)
    ? 'yes'
    : passes(m)
      ? 'no (a better route is)'
      : m.error
        ? `no (${m.error})`
        : 'no (≥ 5 %)';
  console.log(
    `| ${name(m.to)} (${m.to}) | ${route} | ${m.untranslated} | ${pct(m)} | ${m.uninflected} | ${m.ms} ms | ${verdict} |`,
  );
}
const targets = [...offered.values()].filter((r) => r.from === 'en');
console.log(
  `\nFrom English: ${targets.length} target languages offered ` +
    `(${targets.filter((r) => !r.via).length} direct, ${targets.filter((r) => r.via).length} through a pivot): ` +
    targets
      .map((r) => name(r.to))
      .sort()
      .join(', '),
);

// The other languages we read (the OCR languages) that have pairs of their own: direct pairs are
// offered as installed; chains from them are not measured (no sample in those languages), so
// not offered.
const others = new Map();
for (const r of offered.values()) {
  if (r.from === 'en') continue;
  others.set(r.from, [...(others.get(r.from) ?? []), r.to]);
}
console.log('\nFrom the other languages with pairs (direct pairs; not measured: no sample):');
for (const [from, tos] of [...others].sort()) {
  console.log(`- ${name(from)} (${from}) → ${tos.map(name).sort().join(', ')}`);
}
const all = new Set([...offered.values()].map((r) => r.to));
console.log(`\nTarget languages in all: ${all.size}`);

if (write) {
  const body = JSON.stringify(
    measured.map(({ from, to, via, modes, words: w, untranslated, uninflected, ms, error }) => ({
      from,
      to,
      ...(via ? { via } : {}),
      modes,
      words: w,
      untranslated,
      uninflected,
      ms,
      ...(error ? { error } : {}),
    })),
    null,
    2,
  );
  writeFileSync(
    TABLE,
    `// Written by \`npm run bench:translate -- --write\` from its measurement of the English sample\n` +
      `// (test-fixtures/translation); the routes the local translator may offer. Do not edit by hand.\n` +
      `import type { RouteMeasurement } from './translation-routes.js';\n\n` +
      `export const MEASURED_ROUTES: RouteMeasurement[] = ${body};\n`,
  );
  execFileSync('npx', ['prettier', '--write', TABLE], { cwd: root, stdio: 'ignore' });
  console.log(`\nWrote ${path.relative(root, TABLE)} (${measured.length} routes).`);
} else if (MEASURED_ROUTES.length !== measured.length) {
  console.log('\nThe committed measurement differs in size: run with -- --write to update it.');
}
