// `npm run extract -- FILE [--page N] [--lang CODE]`: builds the API once if needed, then runs its
// command line, which uses the same pipeline as POST /api/extract.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'api', 'dist', 'cli', 'extract.js');
if (!existsSync(cli)) {
  const build = spawnSync('npm', ['run', 'build', '-w', 'api', '--silent'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const result = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
