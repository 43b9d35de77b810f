import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes an executable shell script `name` in `dir` from its lines (after `#!/bin/sh`) and
 * answers its path: a stand-in for, or a wrapper around, a program the code under test runs.
 */
export function shellScript(dir: string, name: string, lines: readonly string[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, ['#!/bin/sh', ...lines, ''].join('\n'));
  chmodSync(file, 0o755);
  return file;
}
