// Build-time prerendering of the front ends' public pages (issue 25): a remote's own build renders
// its public routes to HTML and CSS (react-dom/server and styled-components' ServerStyleSheet) and
// writes them to dist/prerender.json; the shell's build renders its frame (navbars, footers) the
// same way. The shell's web server (scripts/lib/web-server.mjs) composes the page it serves from
// its frame and the remote's prerendered route, so a remote rebuilt alone changes its pages'
// HTML without a shell rebuild.
//
// Both use ssrRender(): a second, server-side Vite build of an entry module into
// <dist>/.prerender-ssr (inside the workspace, so the bundle resolves react and react-dom from
// the repository's node_modules, the same copies the components were written for), imported
// here, and deleted afterwards.
//
// What the build cannot know is left as tokens the web server fills in from its run-time
// configuration when it serves the page: `https://prerender.invalid/rc/<key>` (a run-time
// configuration value, e.g. the add-on's listing URL; an absolute URL, so links keep it as it is)
// and `%%remote-base%%` (the URL the remote is served from, before its `assets/…` files: a hero
// image, a poster).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { styledIds } from './styled-ids.mjs';
import { build } from 'vite';
import { BUILD_TARGET } from './federation.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The file of a remote's build that the shell's web server reads. */
export const PRERENDER_FILE = 'prerender.json';
/** The file of the shell's build holding its prerendered frames. */
export const CHROME_FILE = 'prerender-chrome.json';
/** Where a remote's own URL goes in its prerendered HTML. */
export const REMOTE_BASE_TOKEN = '%%remote-base%%';
/** What the shell's frame holds where a page goes. */
export const OUTLET_TOKEN = '%%outlet%%';
/** A run-time configuration value: `https://prerender.invalid/rc/apiUrl`. */
export const configToken = (key) => `https://prerender.invalid/rc/${key}`;

/** The run-time configuration keys the prerendered pages may hold (shared-ui's PlatformConfig). */
export const PLATFORM_KEYS = [
  'addonListingUrl',
  'commentFilterListingUrl',
  'supportEmail',
  'affiliateSignupUrl',
  'razorpayCheckoutUrl',
  'lemonSqueezyScriptUrl',
  'paypalSdkUrl',
];

/**
 * Builds `code` (an ES module's source, resolved from `root`) for Node with Vite in `outDir`
 * (the browser build's), imports it and
 * returns its exports. The build's asset URLs are `%%remote-base%%assets/<file>`, the same hashed
 * names as the browser build's.
 */
export async function ssrRender({ root, outDir: dist, code, name }) {
  const work = path.join(dist, '.prerender-ssr');
  const outDir = path.join(work, name);
  const entry = path.join(work, `${name}-entry.mjs`);
  await mkdir(work, { recursive: true });
  await writeFile(entry, code);
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    plugins: [styledIds(), react()],
    // The workspace packages are TypeScript sources: bundle them, by their browser exports (what
    // the pages import); node_modules stay external, loaded by Node, but for styled-components:
    // bundled from its ES module (Node would load its CommonJS build, whose default export
    // `import styled from` does not get).
    ssr: {
      noExternal: ['shared-ui', 'contracts', 'sentiment-classifier', 'styled-components'],
      resolve: { conditions: ['browser', 'import', 'module', 'default'] },
    },
    build: {
      ssr: entry,
      outDir,
      emptyOutDir: true,
      target: BUILD_TARGET,
      minify: false,
      copyPublicDir: false,
      rollupOptions: { output: { format: 'es', entryFileNames: 'entry.mjs' } },
    },
    experimental: {
      renderBuiltUrl: (filename, { ssr }) =>
        ssr ? { runtime: JSON.stringify(`${REMOTE_BASE_TOKEN}${filename}`) } : undefined,
    },
  });
  try {
    return await import(`${pathToFileURL(path.join(outDir, 'entry.mjs')).href}?t=${Date.now()}`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const RENDER_MODULE = path.join(here, 'src', 'federation', 'prerender-render.tsx');

/** Platform configuration made of tokens, for pages that show a configured URL or address. */
const tokenPlatform = () => Object.fromEntries(PLATFORM_KEYS.map((key) => [key, configToken(key)]));

/**
 * A Vite plugin that runs `write({ config, root, outDir })` once a production browser build (not
 * its server-side build) is written: the shell of both prerender plugins below.
 */
function afterBrowserBuild(name, write) {
  let config;
  return {
    name,
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      const { root } = config;
      return write({ config, root, outDir: path.resolve(root, config.build.outDir) });
    },
  };
}

/**
 * A Vite plugin for a remote's production build: once the browser build is written, renders the
 * routes its `./routes` module marks `prerender` and writes dist/prerender.json:
 * { remote, entry, preload: [first chunks], styles: [CSS files], routes: { [path]: { title,
 * description, handle, html, css } } }. A route that fails to render fails the build.
 */
export function prerenderRoutes({ name }) {
  return afterBrowserBuild('prerender-public-routes', async ({ config, root, outDir }) => {
    const module = await ssrRender({
      root,
      outDir,
      name,
      code: [
        `export { routes } from ${JSON.stringify(path.join(root, 'src', 'routes.tsx'))};`,
        `export * from ${JSON.stringify(RENDER_MODULE)};`,
      ].join('\n'),
    });
    module.configurePlatform(tokenPlatform());
    const routes = {};
    for (const route of module.routes.filter((r) => r.prerender)) {
      try {
        routes[route.path] = {
          handle: route.handle,
          ...module.renderRoute(route.element, route.path),
        };
      } catch (error) {
        throw new Error(`${name}: prerendering ${route.path} failed: ${error.message}`, {
          cause: error,
        });
      }
    }
    // The first chunks of the exposed routes, from the federation's manifest of this build.
    const manifest = JSON.parse(await readFile(path.join(outDir, 'mf-manifest.json'), 'utf8'));
    const exposed = manifest.exposes.find((e) => e.path === './routes');
    const prerender = {
      remote: name,
      entry: manifest.metaData.remoteEntry.name,
      preload: exposed?.assets.js.sync ?? [],
      styles: exposed?.assets.css.sync ?? [],
      routes,
    };
    await writeFile(path.join(outDir, PRERENDER_FILE), JSON.stringify(prerender));
    config.logger.info(
      `prerendered ${Object.keys(routes).length} routes into ${path.relative(root, outDir)}/${PRERENDER_FILE}`,
    );
  });
}

/**
 * A Vite plugin for the shell's production build: renders the frame `entry` exports as
 * `renderChrome(handle)` (the layout around a page, OUTLET_TOKEN where the page goes) for every
 * `chromeHandles()` it lists and writes dist/prerender-chrome.json: [{ handle, html, css }].
 */
export function prerenderChrome({ entry }) {
  return afterBrowserBuild('prerender-chrome', async ({ config, root, outDir }) => {
    const module = await ssrRender({
      root,
      outDir,
      name: 'shell',
      code: `export * from ${JSON.stringify(path.resolve(root, entry))};`,
    });
    const frames = module
      .chromeHandles()
      .map((handle) => module.renderChrome(handle, tokenPlatform()));
    await writeFile(path.join(outDir, CHROME_FILE), JSON.stringify(frames));
    config.logger.info(`prerendered ${frames.length} frames into ${CHROME_FILE}`);
  });
}
