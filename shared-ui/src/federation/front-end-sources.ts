// For the federation's source checks (shared-router.test.ts, react-in-browser.test.ts): the
// repository's root, and the TypeScript sources (tests left out) of the shell, shared-ui and
// every remote of the registry.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { REMOTES } from 'contracts';

export const repositoryRoot = path.resolve(__dirname, '..', '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every front end's non-test .ts/.tsx file, as absolute paths. */
export function frontEndSources(): string[] {
  return ['shell', 'shared-ui', ...REMOTES.map((remote) => remote.folder)].flatMap((folder) =>
    sources(path.join(repositoryRoot, folder, 'src')),
  );
}
