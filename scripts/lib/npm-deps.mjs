// Installs the npm workspaces from package-lock.json when node_modules is missing or stale.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { run } from './proc.mjs';

export async function ensureNodeModules(root) {
  const lock = path.join(root, 'package-lock.json');
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Installing npm dependencies (npm ci)...');
  await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root });
}
