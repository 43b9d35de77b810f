// `npm run bench:cli [-- --runs N] [--root DIR]`: how long `npm run extract` takes to print a
// digital PDF page's text, and what of that is npm's and what the command line's own. Each command
// runs N times (default 15), the commands taking turns so that whatever else the machine does falls
// on all of them alike; a figure is the median of its runs' wall times. Measured:
//   node -e 0                                  a bare Node start, the floor of any Node command
//   pdftotext PDF -                            the text layer read by poppler alone
//   node scripts/extract.mjs PDF               the command line: what `npm run extract` runs
//   node scripts/extract.mjs IMAGE             the same on a printed image (OCR; for information)
//   npm run --silent extract -- PDF            the whole command as a person types it
//   npm run --silent --script-shell=true …     npm's own share: the same npm run, whose script
//                                              shell `true` exits at once instead of running it
//   node scripts/extract-tables.mjs PDF        the table reader's command line on the same page
//                                              (issue 21: within 10 % of extract), once the
//                                              engine has extractTables; "not built yet" before
// "Beyond npm" is the median of the whole command minus the median of npm's share. Wall times
// follow whatever else shares the cores; the CPU time each command used (user + system, its
// children included, from this process's /proc/self/stat; mean per run, 10 ms ticks) does much
// less, and is printed beside them. `--root DIR`
// measures another checkout (its api/dist must be built), e.g. the commit before a change.
// Figures go in docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '15' }, root: { type: 'string' } },
});
const runs = Number(values.runs);
const root = path.resolve(values.root ?? here);
const pdf = path.join(here, 'test-fixtures', 'pdf-digital', 'pdfminer_simple1.pdf');
const image = path.join(here, 'test-fixtures', 'printed', 'tesseractjs_simple.png');

if (
  !existsSync(path.join(root, 'api', 'dist', 'cli', 'extract.js')) ||
  !existsSync(path.join(root, 'api', 'dist', 'cli', 'extract-tables.js'))
) {
  const build = spawnSync('npm', ['run', 'build', '-w', 'api', '--silent'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(1);
}

// The table reader is measured where the checkout's engine has it (issue 21, item 1); a checkout
// from before it, or whose build has not got it yet, says so and measures the rest.
const engineIndex = path.join(root, 'api', 'dist', 'modules', 'extraction', 'engine', 'index.js');
const tablesBuilt =
  existsSync(path.join(root, 'api', 'dist', 'cli', 'extract-tables.js')) &&
  typeof (await import(pathToFileURL(engineIndex).href)).ExtractionEngine?.prototype
    ?.extractTables === 'function';
if (!tablesBuilt) console.log('extract-tables: not built yet');

const cases = [
  { name: 'node -e 0', command: process.execPath, args: ['-e', '0'] },
  { name: 'pdftotext PDF -', command: 'pdftotext', args: [pdf, '-'] },
  {
    name: 'node scripts/extract.mjs PDF',
    command: process.execPath,
    args: ['scripts/extract.mjs', pdf],
  },
  // Right after extract on the same page, so that each round's pair shares the machine's moment.
  ...(tablesBuilt
    ? [
        {
          name: 'node scripts/extract-tables.mjs PDF',
          command: process.execPath,
          args: ['scripts/extract-tables.mjs', pdf],
        },
      ]
    : []),
  {
    name: 'node scripts/extract.mjs IMAGE',
    command: process.execPath,
    args: ['scripts/extract.mjs', image],
  },
  {
    name: 'npm run --silent extract -- PDF',
    command: 'npm',
    args: ['run', '--silent', 'extract', '--', pdf],
  },
  {
    name: "npm's share (--script-shell=true)",
    command: 'npm',
    args: ['run', '--silent', '--script-shell=true', 'extract', '--', pdf],
  },
];

// User + system CPU time of this process's waited-for children, in seconds (Linux).
const TICKS_PER_SECOND = Number(
  spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100,
);
function childrenCpu() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // Fields after the command name (which may hold spaces) start at the last ')': cutime and
  // cstime are fields 16 and 17 of the whole line.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
}

function once({ name, command, args }) {
  const cpuBefore = childrenCpu();
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = childrenCpu() - cpuBefore;
  if (result.status !== 0) {
    console.error(`${name} failed (${String(result.status)}):\n${result.stderr.toString()}`);
    process.exit(1);
  }
  return { seconds, cpu, stdout: result.stdout.toString() };
}

// One run of each first, unmeasured: the page cache and a built API for all alike.
for (const c of cases) once(c);
const expected = once(cases[2]).stdout;
if (!expected.includes('Hello')) {
  console.error(`The command line printed no text for ${pdf}:\n${expected}`);
  process.exit(1);
}

const times = new Map(cases.map((c) => [c.name, []]));
const cpu = new Map(cases.map((c) => [c.name, 0]));
for (let i = 0; i < runs; i += 1) {
  for (const c of cases) {
    const run = once(c);
    times.get(c.name).push(run.seconds);
    cpu.set(c.name, cpu.get(c.name) + run.cpu);
  }
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const medians = new Map([...times].map(([name, xs]) => [name, median(xs)]));
const ms = (s) => `${(s * 1000).toFixed(0)} ms`;

console.log(`checkout: ${root}`);
console.log(
  `${String(runs)} runs each, Node ${process.version}, ${String(os.availableParallelism())} cores, ` +
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);
for (const [name, xs] of times) {
  const sorted = [...xs].sort((a, b) => a - b);
  console.log(
    `${name.padEnd(36)} median ${ms(medians.get(name)).padStart(7)}   ` +
      `(min ${ms(sorted[0])}, max ${ms(sorted[sorted.length - 1])})   ` +
      `CPU ${ms(cpu.get(name) / runs)}`,
  );
}
const whole = 'npm run --silent extract -- PDF';
const npmShare = "npm's share (--script-shell=true)";
const beyond = medians.get(whole) - medians.get(npmShare);
const beyondCpu = (cpu.get(whole) - cpu.get(npmShare)) / runs;
console.log(
  `${'npm run extract beyond npm'.padEnd(36)} median ${ms(beyond).padStart(7)}` +
    `${' '.repeat(30)}CPU ${ms(beyondCpu)}`,
);
if (tablesBuilt) {
  // Both command lines on the same one-page digital PDF: the table reader's start and page.
  const tables = medians.get('node scripts/extract-tables.mjs PDF');
  const text = medians.get('node scripts/extract.mjs PDF');
  const pct = (ratio) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)} %`;
  console.log(
    `${'extract-tables vs extract'.padEnd(36)} ${pct(tables / text)} ` +
      `(medians ${ms(tables)} vs ${ms(text)}; issue 21 asks within 10 %)`,
  );
  // Each round ran the two one after the other: the ratio within a round shares the machine's
  // moment (what else ran, the CPU's clock), so its median moves less than the medians' ratio.
  const tablesRuns = times.get('node scripts/extract-tables.mjs PDF');
  const ratios = times
    .get('node scripts/extract.mjs PDF')
    .map((t, i) => tablesRuns[i] / t)
    .sort((a, b) => a - b);
  const quartile = (q) => ratios[Math.min(ratios.length - 1, Math.floor(q * ratios.length))];
  console.log(
    `${'  the same, round by round'.padEnd(36)} median ${pct(median(ratios))}, ` +
      `middle half ${pct(quartile(0.25))} to ${pct(quartile(0.75))}`,
  );
}
