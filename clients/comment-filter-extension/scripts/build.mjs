// Builds the unpacked extension, ready for chrome://extensions → Load unpacked:
//   dist/manifest.json, content.js + content.css (watch pages), popup.html/.js/.css,
//   service-worker.js, icons/*.png.
// Where the platform lives is fixed at build time:
//   COMMENT_FILTER_WEB_URL  the web app  (default http://localhost:3000, `npm start`'s shell)
//   COMMENT_FILTER_API_URL  the API      (default http://localhost:4000), also the manifest's
//                                        one host permission
//   node scripts/build.mjs [--outdir DIR]     (default: dist/)
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { drawIcons } from './icons.mjs';
import { extensionManifest } from './manifest.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outFlag = process.argv.indexOf('--outdir');
const outdir = outFlag > 0 ? path.resolve(process.argv[outFlag + 1]) : path.join(root, 'dist');

/** An http(s) URL without a trailing slash; anything else stops the build. */
function baseUrl(name, fallback) {
  const value = (process.env[name] || fallback).replace(/\/+$/, '');
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} is not a URL: ${value}`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search) {
    throw new Error(`${name} must be an http(s) origin with no path: ${value}`);
  }
  return url.origin;
}

// The classifier's own modules only declare things (its engine loads the model on the first
// call), but its package.json does not say so; marked here, a bundle that imports only its
// levels and attribution (the popup, the service worker) leaves the 3.6 MB model out.
const sentimentSource = path.resolve(root, '../../sentiment/src') + path.sep;
const classifierWithoutSideEffects = {
  name: 'classifier-without-side-effects',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === 'resolving') return undefined;
      const result = await pluginBuild.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'resolving',
      });
      if (result.errors.length > 0 || !result.path.startsWith(sentimentSource)) return undefined;
      return { path: result.path, sideEffects: false };
    });
  },
};

const config = {
  webUrl: baseUrl('COMMENT_FILTER_WEB_URL', 'http://localhost:3000'),
  apiUrl: baseUrl('COMMENT_FILTER_API_URL', 'http://localhost:4000'),
};
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

rmSync(outdir, { recursive: true, force: true });
mkdirSync(path.join(outdir, 'icons'), { recursive: true });

await build({
  entryPoints: {
    content: path.join(root, 'src/content/main.ts'),
    popup: path.join(root, 'src/popup/main.ts'),
    'service-worker': path.join(root, 'src/background/service-worker.ts'),
  },
  outdir,
  bundle: true,
  minify: true,
  format: 'iife',
  platform: 'browser',
  target: 'chrome110',
  charset: 'utf8',
  legalComments: 'none',
  logLevel: 'warning',
  define: {
    EXTENSION_WEB_URL: JSON.stringify(config.webUrl),
    EXTENSION_API_URL: JSON.stringify(config.apiUrl),
  },
  plugins: [classifierWithoutSideEffects],
});

for (const [from, to] of [
  ['src/content/content.css', 'content.css'],
  ['src/popup/popup.html', 'popup.html'],
  ['src/popup/popup.css', 'popup.css'],
]) {
  copyFileSync(path.join(root, from), path.join(outdir, to));
}
for (const [name, png] of Object.entries(await drawIcons())) {
  writeFileSync(path.join(outdir, 'icons', name), png);
}
writeFileSync(
  path.join(outdir, 'manifest.json'),
  `${JSON.stringify(extensionManifest({ version, apiUrl: config.apiUrl }), null, 2)}\n`,
);

const size = (file) => {
  const bytes = readFileSync(path.join(outdir, file));
  return `${file} ${(statSync(path.join(outdir, file)).size / 1024).toFixed(0)} KB (${(gzipSync(bytes).length / 1024).toFixed(0)} KB gzipped)`;
};
console.log(
  `Extension built in ${path.relative(process.cwd(), outdir) || '.'} for ${config.apiUrl}: ` +
    ['content.js', 'popup.js', 'service-worker.js'].map(size).join(', '),
);
