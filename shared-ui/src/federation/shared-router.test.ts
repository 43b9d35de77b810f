// The federation shares `react-router-dom` as shared-ui/shared-router.mjs: only the exports the
// platform uses, so the first page does not download all of React Router (see federation.mjs). A
// name imported from 'react-router-dom' that it lacks fails the builds (MISSING_EXPORT); this test
// says so sooner, and checks that each name it lists is React Router's own.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { frontEndSources, repositoryRoot } from './front-end-sources';
import * as reactRouterDom from 'react-router-dom';

const root = repositoryRoot;

const sharedNames = [
  ...readFileSync(path.join(root, 'shared-ui', 'shared-router.mjs'), 'utf8').matchAll(
    /export\s*{([^}]*)}/g,
  ),
].flatMap((match) =>
  (match[1] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
);

/** Names imported as values from 'react-router-dom' (type-only imports need no code). */
function routerImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/import\s+(type\s+)?{([^}]*)}\s+from\s+'react-router-dom'/g)]
    .filter((match) => !match[1])
    .flatMap((match) => (match[2] ?? '').split(','))
    .map((name) => name.trim())
    .filter((name) => name && !name.startsWith('type '))
    .map((name) => name.split(/\s+as\s+/)[0] ?? name);
}

const used = frontEndSources().flatMap((file) =>
  routerImports(file).map((name) => ({ name, file: path.relative(root, file) })),
);

it('finds the router imports of the shell, shared-ui and every remote', () => {
  expect(used.map((u) => u.name)).toContain('useRoutes');
});

it.each(used.map((u) => [u.name, u.file]))('shares %s (imported by %s)', (name) => {
  expect(sharedNames).toContain(name);
});

it.each(sharedNames)('%s is an export of react-router-dom', (name) => {
  expect((reactRouterDom as Record<string, unknown>)[name]).toBeDefined();
});
