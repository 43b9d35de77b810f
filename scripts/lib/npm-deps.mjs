// Installs the npm workspaces from package-lock.json when node_modules is missing or stale.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { run } from './proc.mjs';

export async function ensureNodeModules(root) {
  const lock = path.join(root, 'package-lock.json');
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  // `npm install` honours the lockfile's versions. `npm ci` would be stricter, but it refuses the
  // lockfile when a registry lacks another platform's optional binaries (seen here for
  // @unrs/resolver-binding-* of jest's resolver), although nothing on this machine needs them.
  console.log('Installing npm dependencies (npm install, versions from package-lock.json)...');
  await run('npm', ['install', '--no-audit', '--no-fund'], { cwd: root });
}
