// `npm run extract -- FILE [--page N] [--lang CODE]`: builds the API once if needed, then runs its
// command line, which uses the same pipeline as POST /api/extract.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiCli } from './lib/api-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = apiCli(root, 'extract');
const result = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
