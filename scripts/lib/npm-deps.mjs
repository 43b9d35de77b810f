// Installs the npm workspaces from package-lock.json when node_modules is missing or stale, and
// builds the contracts package (what Node imports of it) when its build is missing or older than
// its source.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { run } from './proc.mjs';

export async function ensureNodeModules(root) {
  const lock = path.join(root, 'package-lock.json');
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs) {
    // `npm install` honours the lockfile's versions. `npm ci` would be stricter, but it refuses
    // the lockfile when a registry lacks another platform's optional binaries (seen here for
    // @unrs/resolver-binding-* of jest's resolver), although nothing on this machine needs them.
    console.log('Installing npm dependencies (npm install, versions from package-lock.json)...');
    await run('npm', ['install', '--no-audit', '--no-fund'], { cwd: root });
  }
  await ensureContracts(root);
}

/** contracts/dist, rebuilt when any source file is newer than its index. */
export async function ensureContracts(root) {
  const dir = path.join(root, 'contracts');
  const built = path.join(dir, 'dist', 'index.js');
  const src = path.join(dir, 'src');
  const newest = Math.max(...readdirSync(src).map((f) => statSync(path.join(src, f)).mtimeMs));
  if (existsSync(built) && statSync(built).mtimeMs >= newest) return;
  await run(
    process.execPath,
    [
      path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
      '-p',
      path.join(dir, 'tsconfig.build.json'),
    ],
    {
      cwd: root,
      quiet: true,
    },
  );
}
