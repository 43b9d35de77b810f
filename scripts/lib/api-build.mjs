// The command-line scripts run the API's compiled code: build it once when it is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Path of an API command-line entry (api/dist/cli/<name>.js), building the API first if needed. */
export function apiCli(root, name) {
  const cli = path.join(root, 'api', 'dist', 'cli', `${name}.js`);
  if (!existsSync(cli)) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'api', '--silent'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  return cli;
}
