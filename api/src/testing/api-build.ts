import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The newest modification time of the sources that go into api/dist (and contracts'). */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (/\.ts$/.test(entry.name) && !/\.(spec|e2e-spec)\.ts$/.test(entry.name))
      newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

const isFresh = (root: string, main: string): boolean =>
  existsSync(main) &&
  statSync(main).mtimeMs >=
    Math.max(
      newestSource(path.join(root, 'api', 'src')),
      newestSource(path.join(root, 'contracts', 'src')),
    );

/** Blocks this thread for `ms` (the callers are synchronous). */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** A lock older than this was left by a killed run: a build takes well under a minute. */
const STALE_LOCK_MS = 5 * 60_000;

/**
 * api/dist/main.js, built first when it is missing or older than any source: a test of the built
 * process must never run yesterday's build. One build at a time: with several jest workers, two
 * files that need it at once would run two compilers over the same files, and one could start a
 * half-written main.js; the second waits for the first's build and finds it fresh.
 */
export function ensureApiBuild(root: string): string {
  const main = path.join(root, 'api', 'dist', 'main.js');
  if (isFresh(root, main)) return main;
  const hash = createHash('sha256').update(root).digest('hex').slice(0, 12);
  const lock = path.join(os.tmpdir(), `ocr-api-build-${hash}.lock`);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0) > STALE_LOCK_MS)
        rmSync(lock, { recursive: true, force: true });
      else pause(200);
    }
  }
  try {
    if (!isFresh(root, main)) {
      const build = spawnSync('npm', ['run', 'build', '-w', 'api', '--silent'], { cwd: root });
      if (build.status !== 0) throw new Error(`api build failed: ${String(build.stderr)}`);
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  return main;
}
