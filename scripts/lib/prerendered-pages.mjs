// The shell's served HTML for a public page (issue 25): the shell's index.html with the page
// already in it, so it paints before any JavaScript runs. Composed per request from
// - the shell's prerendered frames (dist/prerender-chrome.json, made by the shell's build): the
//   layout for each chrome a route can name, with OUTLET_TOKEN where the page goes;
// - the remote's prerendered routes (<remote>/prerender.json, made by that remote's own build and
//   fetched from its server, revalidated every PRERENDER_MAX_AGE_MS), so redeploying a remote
//   alone changes its pages' HTML;
// - the run-time configuration: inlined as a JSON data block (the shell reads it instead of
//   fetching /runtime-config.json), and filling in the values the builds left as tokens.
// The page's head also announces the remote's entry and first chunks (modulepreload, at low
// priority: the page paints from its HTML; a demo video's poster is an <img fetchpriority=high>).
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

/** The shell's own module scripts and modulepreloads in `html`, marked fetchpriority="low". */
function lowPriorityScripts(html) {
  return html.replace(
    /<(link rel="modulepreload"|script type="module")(?![^>]*\bfetchpriority=)/g,
    (_tag, opening) => `<${opening} fetchpriority="low"`,
  );
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
  // A prerendered page paints from its HTML: the app's scripts (the shell's own, from its build,
  // and the remote's, in the head below) are fetched at low priority, after what the first paint
  // needs (a demo video's poster, the remote's styles). Chromium fetches module scripts at high
  // priority otherwise, ahead of the poster, and Lighthouse counts every high-priority script
  // started before the first paint as blocking it (its simulated FCP was 1.0-2.4 s).
  const prerenderedTemplate = lowPriorityScripts(template);

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
    const head = [
      // The federation's first requests, started with the HTML's: the manifest, the entry and
      // the routes' first chunks.
      `<link rel="preload" as="fetch" href="${escapeHtml(remote.entry)}" crossorigin>`,
      ...[prerender.entry, ...prerender.preload].map(
        (file) => `<link rel="modulepreload" href="${url(file)}" crossorigin fetchpriority="low">`,
      ),
      ...prerender.styles.map((file) => `<link rel="stylesheet" href="${url(file)}" crossorigin>`),
      frame.css,
      fillConfig(route.css).replaceAll(REMOTE_BASE_TOKEN, base),
      configScript,
    ]
      .filter(Boolean)
      .join('\n    ');

    let html = prerenderedTemplate;
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
