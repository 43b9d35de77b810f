// The one map of modules shared as singletons across the federation. Every vite.config.ts imports
// it, so the shell and each remote agree on one React, one router, one styled-components and one
// shared-ui (one toast container, one session store, one theme). Versions come from what the root
// lockfile installed, so they are pinned in one place.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The version installed for `name` (some packages do not export their package.json). */
function installedVersion(name) {
  let dir = path.dirname(require.resolve(name));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
      if (pkg.name === name) return pkg.version;
    } catch {
      // no package.json here; keep walking up
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the installed version of ${name}`);
    dir = parent;
  }
}

const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'styled-components',
  'sonner',
  'shared-ui',
];

/** @returns {Record<string, { singleton: true; requiredVersion: string }>} */
export function sharedSingletons() {
  return Object.fromEntries(
    SINGLETONS.map((name) => [
      name,
      { singleton: true, requiredVersion: `^${installedVersion(name)}` },
    ]),
  );
}
