// `npm run e2e`: builds the platform and runs only the browser tests.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runJest } from './lib/jest-run.mjs';
import { run } from './lib/proc.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await run('npm', ['run', 'build'], { cwd: root });
const { ok, counts } = await runJest(root, ['e2e'], ['--runInBand', ...process.argv.slice(2)]);
console.log(`e2e: ${counts.passed} passed, ${counts.failed} failed`);
process.exit(ok ? 0 : 1);
