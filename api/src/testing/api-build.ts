import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

/**
 * api/dist/main.js, built first when it is missing or older than any source: a test of the built
 * process must never run yesterday's build.
 */
export function ensureApiBuild(root: string): string {
  const main = path.join(root, 'api', 'dist', 'main.js');
  const sources = Math.max(
    newestSource(path.join(root, 'api', 'src')),
    newestSource(path.join(root, 'contracts', 'src')),
  );
  if (!existsSync(main) || statSync(main).mtimeMs < sources) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'api', '--silent'], { cwd: root });
    if (build.status !== 0) throw new Error(`api build failed: ${String(build.stderr)}`);
  }
  return main;
}
