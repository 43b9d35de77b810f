// `npm run setup`: installs everything `npm start` and `npm test` need (npm packages, Debian
// packages, FerretDB built from source) without starting anything. Both commands do this
// themselves; this is for preparing a machine ahead of time.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureFerretdb } from './lib/ferretdb.mjs';
import { ensureNodeModules } from './lib/npm-deps.mjs';
import { ensureDebianPackages, PLATFORM_PACKAGES, TEST_PACKAGES } from './lib/system-deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

await ensureNodeModules(root);
if (!(await ensureDebianPackages([...PLATFORM_PACKAGES, ...TEST_PACKAGES], 'the platform'))) {
  console.error('Required Debian packages are missing (see above).');
  process.exit(1);
}
await ensureFerretdb(root);
console.log('Setup complete.');
