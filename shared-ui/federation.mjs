// What the federation's vite configs share. sharedSingletons(): the one map of modules shared as
// singletons, so the shell and each remote agree on one React (Preact's, below), one router, one
// styled-components and one shared-ui (one toast container, one session store, one theme; sonner,
// imported by shared-ui alone, comes with it, on the first toast); versions come from what the
// root lockfile installed, so they are pinned in one place. remoteViteConfig(): the whole Vite
// configuration of a remote, its name and port read from the registry (contracts/src/remotes.ts).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { findRemote } from 'contracts';
import { compileHints } from './compile-hints.mjs';
import { prerenderRoutes } from './prerender.mjs';
import { styledIds } from './styled-ids.mjs';

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

// react-router-dom is shared as shared-ui/shared-router.mjs: the router exports the platform uses,
// re-exported from the installed react-router. A shared module is never tree-shaken, and the whole
// package weighs ~63 KB gzip on the first page against ~31 KB for these. It stays one singleton of
// the same version; a remote importing a name it lacks fails its build (MISSING_EXPORT), and
// shared-ui/src/federation/shared-router.test.ts checks every source sooner.
const LEAN_ROUTER = 'shared-ui/shared-router';

// React's API in the browser is Preact's React-compatible layer (preact/compat; issue 25): the
// same components, hooks, lazy, Suspense, portals and error boundaries, ~11 KB gzip against React
// DOM's ~72 KB, the difference between a first visit's 177 KB and 118 KB of script. Every import
// of these React modules, the platform's and its libraries' (the router, styled-components),
// gets the module beside it, shared like the others as one singleton from the shell. The code
// still imports and is typed against React; Jest's unit tests and the build-time prerender run on
// React itself, the browser tests on the built pages, Preact.
const REACT_IN_BROWSER = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
};
/** What Vite's dev server compiles JSX to (@vitejs/plugin-react); a build never imports it. */
const REACT_DEV_RUNTIME = { 'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime' };

const SINGLETONS = ['react-router-dom', 'styled-components', 'shared-ui'];

/**
 * The modules shared as singletons. `command`: Vite's ('serve' or 'build'); the dev server's JSX
 * runtime is shared only there.
 * @returns {Record<string, { singleton: true; requiredVersion: string; import?: string; version?: string }>}
 */
export function sharedSingletons({ command = 'build' } = {}) {
  const preact = installedVersion('preact');
  const react = Object.entries({
    ...REACT_IN_BROWSER,
    ...(command === 'serve' ? REACT_DEV_RUNTIME : {}),
  }).map(([name, module]) => [
    name,
    { singleton: true, import: module, version: preact, requiredVersion: `^${preact}` },
  ]);
  const others = SINGLETONS.map((name) => [
    name,
    {
      singleton: true,
      requiredVersion: `^${installedVersion(name)}`,
      // The lean module is shared-ui's file: without its own version the federation reads
      // shared-ui's (0.1.0) and warns on every load that it does not satisfy ^7.
      ...(name === 'react-router-dom'
        ? { import: LEAN_ROUTER, version: installedVersion(name) }
        : {}),
    },
  ]);
  return Object.fromEntries([...react, ...others]);
}

/** What the shell and every remote compile for. */
export const BUILD_TARGET = 'es2022';

/**
 * The Vite configuration of the remote named `name` in the registry: React, Module Federation
 * exposing './routes' (src/routes.tsx) through remoteEntry.js and mf-manifest.json with the shared
 * singletons, and its dev and preview servers on `PORT` or the registry's port. A remote is built,
 * versioned and deployed on its own; the shell finds it at run time through mf-manifest.json.
 * The dev and preview servers' CORS is open; in production the remote is served by
 * scripts/web-server.mjs, whose CORS answers the shell's origin (SHELL_URL) only.
 *
 * A production build uses the federation runtime the shell provides (`externalRuntime`; the shell
 * sets `provideExternalRuntime`) instead of downloading a second copy, so its pages run inside
 * the shell only; `npm run dev -w <remote>` keeps its own runtime and runs standalone.
 */
export function remoteViteConfig({ name, env = process.env }) {
  const remote = findRemote(name);
  if (!remote) {
    throw new Error(`${name} is not in the registry of remotes (contracts/src/remotes.ts)`);
  }
  const port = Number(env.PORT ?? remote.port);
  return ({ command }) => ({
    plugins: [
      styledIds(),
      react(),
      federation({
        name: remote.name,
        filename: 'remoteEntry.js',
        manifest: true,
        exposes: { './routes': './src/routes.tsx' },
        shared: sharedSingletons({ command }),
        dts: false,
        experiments: { externalRuntime: command === 'build' },
      }),
      // The public routes' HTML, for the shell's server to serve (dist/prerender.json).
      prerenderRoutes({ name: remote.name }),
      // Its chunks compiled off the main thread as they load.
      compileHints(),
    ],
    server: { port, strictPort: true, cors: true, origin: `http://localhost:${port}` },
    preview: { port, strictPort: true, cors: true },
    build: { target: BUILD_TARGET },
    experimental: {
      // The remote's code runs on the shell's page, so a root-relative asset URL ('/assets/…')
      // would point at the shell's server. Asset URLs in JS resolve against the chunk's own URL
      // instead: images, workers and lazy chunks load from this remote's origin.
      renderBuiltUrl: (_filename, { hostType }) =>
        hostType === 'js' ? { relative: true } : undefined,
    },
  });
}
