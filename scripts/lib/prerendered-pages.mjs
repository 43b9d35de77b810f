// The shell's served HTML for a public page (issue 25): the shell's index.html with the page
// already in it, so it paints before any JavaScript runs. Composed per request from
// - the shell's prerendered frames (dist/prerender-chrome.json, made by the shell's build): the
//   layout for each chrome a route can name, with OUTLET_TOKEN where the page goes;
// - the remote's prerendered routes (<remote>/prerender.json, made by that remote's own build and
//   fetched from its server, revalidated every PRERENDER_MAX_AGE_MS), so redeploying a remote
//   alone changes its pages' HTML;
// - the run-time configuration: inlined as a JSON data block (the shell reads it instead of
//   fetching /runtime-config.json), and filling in the values the builds left as tokens.
// The page's head lists the app's scripts, the shell's and the remote's entry and first chunks,
// for the shell's start-app.js to add as modulepreloads once the page has painted (a demo
// video's poster, an <img fetchpriority=high>, and the page's styles come first).
// A remote that does not answer within PRERENDER_TIMEOUT_MS (500 ms; 1.5 s before its first
// answer), or has no prerendered HTML for the path, gets the plain shell: its JavaScript shows
// the page or the remote's fallback as before.
// Token names must equal shared-ui/prerender.mjs's (this module runs without Vite installed).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const CHROME_FILE = 'prerender-chrome.json';
const PRERENDER_FILE = 'prerender.json';
const OUTLET_TOKEN = '%%outlet%%';
const REMOTE_BASE_TOKEN = '%%remote-base%%';
const CONFIG_TOKEN = /https:\/\/prerender\.invalid\/rc\/(\w+)/g;

const escapeHtml = (value) =>
  String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** JSON safe inside a <script> element. */
const scriptJson = (value) =>
  JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');

/** The chrome a route's handle names, with the flags it leaves out read as false. */
const sameChrome = (a, b) =>
  a.navbar === b.navbar &&
  a.footer === b.footer &&
  Boolean(a.landing) === Boolean(b.landing) &&
  Boolean(a.hidePricing) === Boolean(b.hidePricing);

const MODULE_SCRIPT = /\s*<script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g;

/**
 * The shell's index.html without its module script and modulepreloads, and their URLs: on a
 * prerendered page start-app.js adds them, after the first paint.
 */
function withoutModuleScripts(html) {
  const preload = [];
  let entry = null;
  const bare = html
    .replace(MODULE_SCRIPT, (_tag, src) => {
      entry ??= src;
      return '';
    })
    .replace(MODULE_PRELOAD, (_tag, href) => {
      preload.push(href);
      return '';
    });
  return { bare, entry, preload };
}

/**
 * Reads and revalidates one remote's prerender.json: at most every `maxAgeMs`, with its ETag,
 * within `timeoutMs` (three times that for the first read, which a remote just started can be
 * slow to answer). `get()` answers the parsed file, or null when the remote has none or does not
 * answer in time. Its wait is bounded by a timer of its own, whatever the request does: a page
 * is never held longer than the timeout (a request to a remote that stalls is aborted by the same
 * timer, and the next page asks again).
 */
function remotePrerender(url, { maxAgeMs, timeoutMs }) {
  let known = null; // { etag, body }
  let checkedAt = -Infinity;
  let pending = null;
  const check = async (signal) => {
    try {
      const response = await fetch(url, {
        headers: known?.etag ? { 'if-none-match': known.etag } : {},
        signal,
      });
      if (response.status === 304 && known) {
        checkedAt = Date.now();
        return known.body;
      }
      if (!response.ok) {
        known = null;
        return null;
      }
      known = { etag: response.headers.get('etag'), body: await response.json() };
      checkedAt = Date.now();
      return known.body;
    } catch {
      // Down or hung: the plain shell, whose JavaScript shows the fallback.
      checkedAt = -Infinity;
      return null;
    }
  };
  /** One check, answered by `limitMs` at the latest (null then), its request aborted. */
  const boundedCheck = (limitMs) => {
    const controller = new AbortController();
    let timer;
    const expired = new Promise((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve(null);
      }, limitMs);
    });
    return Promise.race([check(controller.signal), expired]).finally(() => clearTimeout(timer));
  };
  return {
    get() {
      if (known && Date.now() - checkedAt < maxAgeMs) return Promise.resolve(known.body);
      pending ??= boundedCheck(known ? timeoutMs : 3 * timeoutMs).finally(() => {
        pending = null;
      });
      return pending;
    },
  };
}

/**
 * The shell's page composer for `config` (the run-time configuration) over the shell's build in
 * `dir`. `page(pathname)` answers the HTML to serve (a string).
 */
export function createShellPages({ dir, config, env = process.env }) {
  const template = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const framesFile = path.join(dir, CHROME_FILE);
  const frames = existsSync(framesFile) ? JSON.parse(readFileSync(framesFile, 'utf8')) : [];
  const options = {
    maxAgeMs: Math.max(0, Number(env.PRERENDER_MAX_AGE_MS || 2000)),
    timeoutMs: Math.max(1, Number(env.PRERENDER_TIMEOUT_MS || 500)),
  };
  const remotes = config.remotes.map((remote) => {
    const base = new URL('.', remote.entry).href;
    return {
      ...remote,
      base,
      prerender: remotePrerender(new URL(PRERENDER_FILE, base).href, options),
    };
  });
  // Read once at start, so the first visitor does not wait for it.
  if (frames.length > 0) for (const remote of remotes) void remote.prerender.get();

  // Every page gets the configuration: the shell starts without asking for it.
  const configScript = `<script type="application/json" id="runtime-config">${scriptJson(config)}</script>`;
  const plain = template.replace('</head>', `${configScript}\n  </head>`);
  // A prerendered page paints from its HTML before any of the app's scripts is fetched: the
  // shell's own, from its build, and the remote's are listed in the head for start-app.js.
  // In the head itself, some thirty module scripts were fetched before the first paint (and
  // Lighthouse counted every one of them in its simulated largest paint: 1.8-2.0 s on a page
  // whose image and text had arrived with the HTML).
  const shellScripts = withoutModuleScripts(template);

  const fillConfig = (html) =>
    html.replace(CONFIG_TOKEN, (token, key) =>
      typeof config[key] === 'string' ? escapeHtml(config[key]) : token,
    );

  async function page(pathname) {
    const remote = remotes.find((r) => r.routes.includes(pathname));
    if (!remote || frames.length === 0) return plain;
    const prerender = await remote.prerender.get();
    const route = prerender?.routes?.[pathname];
    const frame = route && frames.find((f) => sameChrome(f.handle, route.handle));
    if (!frame) return plain;

    const base = escapeHtml(remote.base);
    const url = (file) => `${base}${escapeHtml(file)}`;
    const content = fillConfig(route.html).replaceAll(REMOTE_BASE_TOKEN, base);
    const body = fillConfig(frame.html).replace(OUTLET_TOKEN, () => content);
    const appScripts = {
      entry: shellScripts.entry,
      preload: [
        ...shellScripts.preload,
        ...[prerender.entry, ...prerender.preload].map((file) => `${remote.base}${file}`),
      ],
    };
    const head = [
      // The federation's first request, started with the HTML's: the remote's manifest (its
      // origin's connection, which the page's images use too).
      `<link rel="preload" as="fetch" href="${escapeHtml(remote.entry)}" crossorigin>`,
      ...prerender.styles.map((file) => `<link rel="stylesheet" href="${url(file)}" crossorigin>`),
      frame.css,
      fillConfig(route.css).replaceAll(REMOTE_BASE_TOKEN, base),
      configScript,
      `<script type="application/json" id="app-scripts">${scriptJson(appScripts)}</script>`,
      '<script src="/start-app.js" defer></script>',
    ]
      .filter(Boolean)
      .join('\n    ');

    let html = shellScripts.bare;
    if (route.title) {
      html = html.replace(
        /<title>[\s\S]*?<\/title>/,
        () => `<title>${escapeHtml(route.title)}</title>`,
      );
    }
    if (route.description) {
      html = html.replace(
        /<meta\s+name="description"[\s\S]*?>/,
        () => `<meta name="description" content="${escapeHtml(route.description)}" />`,
      );
    }
    return html
      .replace('</head>', () => `  ${head}\n  </head>`)
      .replace(
        '<div id="root"></div>',
        // inert until the app runs (main.tsx): a button of the static page would do nothing.
        () => `<div id="root" data-prerendered inert>${body}</div>`,
      );
  }

  return { page };
}
