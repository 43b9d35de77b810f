// `npm test`: installs what the tests need, then runs ESLint beside the type check, Prettier and
// the production builds, then the front-end unit tests, the API tests against a real FerretDB
// and the browser tests. It runs every step it can, prints a summary and exits non-zero if
// anything failed.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureFerretdb } from './lib/ferretdb.mjs';
import { runJest } from './lib/jest-run.mjs';
import { ensureNodeModules } from './lib/npm-deps.mjs';
import { run } from './lib/proc.mjs';
import { ensureDebianPackages, PLATFORM_PACKAGES, TEST_PACKAGES } from './lib/system-deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = [];
const totals = { passed: 0, failed: 0, skipped: 0 };

async function step(name, fn) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  let ok;
  try {
    const outcome = await fn();
    ok = outcome?.ok ?? true;
    if (outcome?.counts) for (const key of Object.keys(totals)) totals[key] += outcome.counts[key];
  } catch (error) {
    console.error(`${name} failed: ${error.message}`);
    if (error.output) console.error(error.output.slice(-6000));
    ok = false;
  }
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  return ok;
}

const npmRun = (script) => () => run('npm', ['run', script], { cwd: root });

async function main() {
  const ready = await step('install', async () => {
    await ensureNodeModules(root);
    const system = await ensureDebianPackages(
      [...PLATFORM_PACKAGES, ...TEST_PACKAGES],
      'the tests',
    );
    if (!system) throw new Error('required Debian packages are missing (see above)');
    await ensureFerretdb(root);
  });
  if (ready) {
    // Two lanes, one core each. ESLint (typed rules, the longest) on one; on the other the type
    // check, Prettier, the compose file and the production builds. The builds write only dist/
    // folders, which ESLint and Prettier skip, and nothing reads them before the API tests; built
    // here, the API tests that run the built API (api/src/testing/api-build.ts) find it fresh
    // instead of compiling it themselves before the build step compiled it again.
    const bin = (...parts) => path.join(root, 'node_modules', ...parts);
    let built = false;
    await Promise.all([
      step('lint (ESLint)', () =>
        run(process.execPath, [bin('eslint', 'bin', 'eslint.js'), '--max-warnings=0', '.'], {
          cwd: root,
        }),
      ),
      (async () => {
        await step('typecheck', npmRun('typecheck'));
        await step('format (Prettier)', () =>
          run(process.execPath, [bin('prettier', 'bin', 'prettier.cjs'), '--check', '.'], {
            cwd: root,
          }),
        );
        await step('docker-compose.yml validates', () =>
          run('docker-compose', ['config', '-q'], { cwd: root }),
        );
        built = await step('production builds', npmRun('build'));
      })(),
    ]);
    await step('unit tests (contracts, shared-ui, shell, remotes, clients, sentiment)', () =>
      // Two workers, as for the API: each file has its own jsdom or Node context.
      runJest(
        root,
        ['contracts', 'shared-ui', 'shell', 'remotes', 'clients', 'sentiment'],
        ['--maxWorkers=2'],
      ),
    );
    // Two workers: Tesseract reads with one thread (OMP_THREAD_LIMIT=1), so one worker leaves a
    // core idle through the OCR-bound files; each file has its own database, ports and temp dirs.
    await step('API tests (real FerretDB, real Tesseract)', () =>
      runJest(root, ['api'], ['--maxWorkers=2']),
    );
    if (built)
      await step('browser tests (Chromium)', () => runJest(root, ['e2e'], ['--runInBand']));
  }

  console.log('\n=== summary ===');
  for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds} s)`);
  const failedSteps = results.filter((r) => !r.ok).length;
  console.log(
    `\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`,
  );
  process.exit(failedSteps === 0 && results.length > 0 ? 0 : 1);
}

void main();
