// The browser's React is Preact's compat layer: federation.mjs shares each React module name the
// front ends import as a singleton whose module is Preact's (REACT_IN_BROWSER). A React module a
// source imports that the map lacks would bundle React itself beside Preact (two Reacts on one
// page, hooks failing across them); the builds would not say so. This test does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { frontEndSources, repositoryRoot } from './front-end-sources';

const root = repositoryRoot;
const federation = readFileSync(path.join(root, 'shared-ui', 'federation.mjs'), 'utf8');

/** `{ 'react-dom/client': 'preact/compat/client', … }` as written in federation.mjs. */
function mapNamed(name: string): Record<string, string> {
  const block = new RegExp(`const ${name} = {([^}]*)}`).exec(federation)?.[1] ?? '';
  return Object.fromEntries(
    [...block.matchAll(/'?([\w/@-]+)'?:\s*'([^']+)'/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
  );
}

const browserMap = mapNamed('REACT_IN_BROWSER');
const devMap = mapNamed('REACT_DEV_RUNTIME');

/** Built for Node by the prerenders' server-side builds only (react-dom/server), never shipped. */
const NODE_ONLY = new Set([
  path.join('shared-ui', 'src', 'federation', 'prerender-render.tsx'),
  path.join('shell', 'src', 'prerender', 'chrome.tsx'),
]);

/** React modules imported as values (`import type` needs no code). */
function reactImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/import\s+(type\s+)?[^'";]*?from\s+'(react(?:-dom)?(?:\/[\w/-]+)?)'/g)]
    .filter((match) => !match[1])
    .map((match) => match[2] ?? '');
}

const used = frontEndSources()
  .filter((file) => !NODE_ONLY.has(path.relative(root, file)))
  .flatMap((file) => reactImports(file).map((name) => ({ name, file: path.relative(root, file) })));

it('reads the map and finds the React imports of the shell, shared-ui and every remote', () => {
  expect(browserMap.react).toBe('preact/compat');
  expect(used.map((u) => u.name)).toEqual(expect.arrayContaining(['react', 'react-dom/client']));
});

it.each(used.map((u) => [u.name, u.file]))('shares %s (imported by %s) as Preact', (name) => {
  expect(Object.keys(browserMap)).toContain(name);
});

it("shares the JSX runtimes the build and Vite's dev server compile to", () => {
  expect(browserMap['react/jsx-runtime']).toBe('preact/compat/jsx-runtime');
  expect(devMap['react/jsx-dev-runtime']).toBe('preact/compat/jsx-dev-runtime');
});

it.each(Object.values({ ...browserMap, ...devMap }))('%s is a module of Preact', (module) => {
  expect(() => require.resolve(module)).not.toThrow();
});
