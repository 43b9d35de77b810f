// Bundles the add-on for Apps Script into one folder `clasp push` uploads: Code.js (the server
// code), Sidebar.html and Picker.html (each with its script inlined: HtmlService serves one file)
// and appsscript.json. Apps Script runs every .js file's top level in one global scope and calls
// only top-level function declarations, so the server code is one IIFE bundle under a global
// name, followed by one `function name() {}` per export that calls into it.
// The manifest gets `urlFetchWhitelist` (required for a published deployment): the API's base URL,
// from API_BASE_URL at build time (the same URL the Script Property API_BASE_URL names; default
// the add-on's DEFAULT_API_BASE_URL). An http:// URL (a local API) builds without it: test
// deployments only.
//   [API_BASE_URL=https://api.<domain>] node scripts/build.mjs [--outdir DIR]     (default: dist/)
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outFlag = process.argv.indexOf('--outdir');
const outdir = outFlag > 0 ? path.resolve(process.argv[outFlag + 1]) : path.join(root, 'dist');
const GLOBAL_NAME = 'AddonServer';

const common = {
  bundle: true,
  write: false,
  format: 'iife',
  // Apps Script's V8 runtime; older syntax is the safe side of what it parses.
  target: 'es2019',
  charset: 'utf8',
  legalComments: 'none',
  logLevel: 'warning',
  // The wire types and limits from the repository's contracts source (not a build of it).
  alias: { contracts: path.resolve(root, '../../contracts/src/index.ts') },
};

async function bundle(entry, options) {
  const result = await build({ ...common, ...options, entryPoints: [path.join(root, entry)] });
  return result.outputFiles[0].text;
}

/** The bundle's exported function names, read by running it with no globals at all. */
function exportedFunctions(code) {
  const context = vm.createContext({});
  vm.runInContext(code, context);
  const api = context[GLOBAL_NAME];
  return Object.keys(api).filter((name) => typeof api[name] === 'function');
}

const server = await bundle('src/server/main.ts', { platform: 'neutral', globalName: GLOBAL_NAME });
const entryPoints = exportedFunctions(server);
const wrappers = entryPoints
  .map((name) => `function ${name}() {\n  return ${GLOBAL_NAME}.${name}.apply(this, arguments);\n}`)
  .join('\n');

/** The add-on's default API base URL (src/server/config.ts), read from its own bundle. */
async function defaultApiBaseUrl() {
  const code = await bundle('src/server/config.ts', { platform: 'neutral', globalName: 'Config' });
  const context = vm.createContext({});
  vm.runInContext(code, context);
  return context.Config.DEFAULT_API_BASE_URL;
}

/**
 * The manifest's urlFetchWhitelist for an API base URL: one HTTPS prefix ending in '/' (Apps
 * Script wants the slash after the host), or none for an http:// URL; anything else stops the build.
 */
function urlFetchWhitelist(apiBaseUrl) {
  let url;
  try {
    url = new URL(apiBaseUrl);
  } catch {
    throw new Error(`API_BASE_URL is not a URL: '${apiBaseUrl}'`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new Error(
      `API_BASE_URL must be a plain base URL (no query, fragment or user): '${apiBaseUrl}'`,
    );
  }
  if (url.protocol === 'http:') return null;
  if (url.protocol !== 'https:') {
    throw new Error(`API_BASE_URL must be https:// (or http:// for a local API): '${apiBaseUrl}'`);
  }
  return [`${url.origin}${url.pathname.replace(/\/+$/, '')}/`];
}

/** An HTML file with its page script inlined where its `<!-- name.js -->` marker stands. */
async function page(html, entry, marker) {
  const script = await bundle(entry, { platform: 'browser' });
  const source = readFileSync(path.join(root, html), 'utf8');
  if (!source.includes(marker)) throw new Error(`${html} has no ${marker} marker`);
  // A '</script' inside the code would end the element early.
  const inline = `<script>\n${script.replace(/<\/script/gi, '<\\/script')}</script>`;
  return source.replace(marker, () => inline);
}

// Checked before the output folder is emptied: a bad URL leaves the last build as it was.
const apiBaseUrl = process.env.API_BASE_URL?.trim() || (await defaultApiBaseUrl());
const whitelist = urlFetchWhitelist(apiBaseUrl);

rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
writeFileSync(
  path.join(outdir, 'Code.js'),
  `// Built by clients/sheets-apps-script/scripts/build.mjs: do not edit.\n${server}\n// Apps Script entry points\n${wrappers}\n`,
);
writeFileSync(
  path.join(outdir, 'Sidebar.html'),
  await page('src/sidebar/Sidebar.html', 'src/sidebar/sidebar.ts', '<!-- sidebar.js -->'),
);
writeFileSync(
  path.join(outdir, 'Picker.html'),
  await page('src/sidebar/Picker.html', 'src/sidebar/picker.ts', '<!-- picker.js -->'),
);
const manifest = JSON.parse(readFileSync(path.join(root, 'src/appsscript.json'), 'utf8'));
writeFileSync(
  path.join(outdir, 'appsscript.json'),
  `${JSON.stringify(whitelist ? { ...manifest, urlFetchWhitelist: whitelist } : manifest, null, 2)}\n`,
);
console.log(
  `Add-on built in ${path.relative(process.cwd(), outdir) || '.'}: ${entryPoints.join(', ')}`,
);
console.log(
  whitelist
    ? `Its manifest lets it fetch only ${whitelist.join(', ')}`
    : `Its manifest has no urlFetchWhitelist (${apiBaseUrl} is not https): for test deployments only`,
);
