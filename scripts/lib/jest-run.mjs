// Runs jest for some projects and returns its counts (from --json) besides streaming its output.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run } from './proc.mjs';

export async function runJest(root, projects, extraArgs = []) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jest-run-'));
  const outputFile = path.join(dir, 'result.json');
  const args = [
    '--experimental-vm-modules',
    '--no-warnings=ExperimentalWarning',
    path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
    '--selectProjects',
    ...projects,
    '--json',
    `--outputFile=${outputFile}`,
    ...extraArgs,
  ];
  let ok = true;
  try {
    await run(process.execPath, args, { cwd: root });
  } catch {
    ok = false;
  }
  let counts = { passed: 0, failed: 0, skipped: 0 };
  try {
    const result = JSON.parse(readFileSync(outputFile, 'utf8'));
    counts = {
      passed: result.numPassedTests,
      failed: result.numFailedTests + (result.numRuntimeErrorTestSuites ?? 0),
      skipped: result.numPendingTests + result.numTodoTests,
    };
  } catch {
    counts.failed += 1; // jest did not even report
  }
  rmSync(dir, { recursive: true, force: true });
  return { ok: ok && counts.failed === 0, counts };
}
