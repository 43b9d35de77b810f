// The production server of the front ends: the shell and each remote serve their built files
// (`<workspace>/dist`) with it, in `npm start`, the browser tests and the compose stack's web
// images (scripts/web-server.mjs is its command line). Built on serve-static and compression.
//
// - the shell: /runtime-config.json built from the environment (buildRuntimeConfig in contracts,
//   the one implementation), index.html for every path that is not a file (the SPA's routes; the
//   app shows its own 404) with that configuration inlined and, on a remote's public page, the
//   page's prerendered HTML (prerendered-pages.mjs), and a Content-Security-Policy on that HTML
//   that allows exactly the configured remotes, API and card checkout
//   (shellContentSecurityPolicy).
// - a remote: its files, with CORS answered only to the shell's origin (SHELL_URL).
// - both: nosniff, Referrer-Policy, HSTS when served over TLS (FORCE_HSTS=1, or X-Forwarded-Proto
//   https from a trusted proxy: TRUST_PROXY_HOPS >= 1), hashed assets cached for a year as
//   immutable, everything else (index.html, remoteEntry.js, mf-manifest.json, runtime-config.json)
//   revalidated on each use (no-cache), and gzip/brotli compression.
import http from 'node:http';
import path from 'node:path';
import compression from 'compression';
import serveStatic from 'serve-static';
import { buildRuntimeConfig, integrationCspSources } from 'contracts';
import { createShellPages } from './prerendered-pages.mjs';

/**
 * Fixed origins of payment providers' browser scripts and checkout frames, allowed in the shell's
 * script-src and frame-src. None today: the card checkout's, the overlay's and the wallet's
 * origins come from the runtime configuration as contracts' integrations.ts describes them: the
 * providers' in production, the local sandboxes' in development. Google sign-in is a redirect to
 * the API, not a script, so it needs nothing here.
 */
export const PAYMENT_PROVIDER_ORIGINS = [];

const ONE_YEAR = 365 * 24 * 3600;
const IMMUTABLE = `public, max-age=${ONE_YEAR}, immutable`;
const REVALIDATE = 'no-cache';
/** Vite's content-hashed file names under /assets/: name-<8 characters of hash>.ext */
const HASHED_ASSET = /^\/assets\/.+-[\w-]{8}\.[a-z0-9]+$/i;

const originOf = (url) => {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null; // a relative URL: same origin
  }
};
const unique = (values) => [...new Set(values.filter(Boolean))];

/**
 * The shell's Content-Security-Policy for a runtime configuration. Remotes' origins: their
 * scripts, lazy chunks, styles, images, fonts and manifests (script-src, style-src, img-src,
 * font-src, connect-src), videos and their captions (media-src), and the pdf.js worker, which the
 * text OCR remote starts from a same-origin blob: module importing its worker file (worker-src
 * blob:, script-src the remote).
 * The API's origin: connect-src and form-action. style-src keeps 'unsafe-inline' because
 * styled-components injects <style> elements at run time (nonces would remove the need).
 */
export function shellContentSecurityPolicy(config, { providers = PAYMENT_PROVIDER_ORIGINS } = {}) {
  const remotes = unique(config.remotes.map((r) => originOf(r.entry)));
  const api = originOf(config.apiUrl);
  // The browser integrations (payment scripts, error reporting, analytics): their sources as
  // contracts' integrations.ts describes them.
  const integrations = integrationCspSources(config);
  const frames = [...providers, ...integrations['frame-src']];
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...providers, ...integrations['script-src']],
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    'img-src': ["'self'", 'data:', 'blob:', ...remotes, ...integrations['img-src']],
    'font-src': ["'self'", 'data:', ...remotes],
    // The landings' demo videos and their captions tracks, served by their remotes.
    'media-src': ["'self'", ...remotes],
    'connect-src': ["'self'", 'blob:', api, ...remotes, ...integrations['connect-src']],
    'worker-src': ["'self'", 'blob:', ...remotes],
    'frame-src': frames.length > 0 ? frames : ["'none'"],
    'form-action': ["'self'", api],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${unique(sources).join(' ')}`)
    .join('; ');
}

/** Whether this request reached us over TLS (directly, or through a trusted proxy). */
function overTls(req, { forceHsts, trustProxyHops }) {
  if (forceHsts || req.socket.encrypted) return true;
  if (trustProxyHops < 1) return false;
  const header = req.headers['x-forwarded-proto'];
  const chain = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  // The value the nearest trusted proxy saw; anything further left came from the client.
  return chain[Math.max(0, chain.length - trustProxyHops)] === 'https';
}

const isFlag = (value) => ['1', 'true', 'yes'].includes(String(value ?? '').toLowerCase());

/**
 * An http.Server (not yet listening) serving `dir`, the build of the shell (`kind: 'shell'`) or
 * of a remote (`kind: 'remote'`), configured by `env`.
 */
export function createWebServer({ dir, kind, env = process.env }) {
  if (kind !== 'shell' && kind !== 'remote') throw new Error(`unknown kind ${kind}`);
  const options = {
    forceHsts: isFlag(env.FORCE_HSTS),
    trustProxyHops: Math.max(0, Number.parseInt(env.TRUST_PROXY_HOPS ?? '0', 10) || 0),
  };
  // A remote's CORS answers the shell's origin; the shell needs no SHELL_URL.
  const shellOrigin = kind === 'remote' ? originOf(env.SHELL_URL || 'http://localhost:3000') : null;
  const compress = compression();
  const files = serveStatic(dir, {
    index: false,
    redirect: false,
    fallthrough: true,
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders(res, file) {
      const urlPath = '/' + path.relative(dir, file).split(path.sep).join('/');
      res.setHeader('Cache-Control', HASHED_ASSET.test(urlPath) ? IMMUTABLE : REVALIDATE);
      // A remote's standalone page cannot run outside the shell; it gets no scripts at all.
      if (kind === 'remote' && /\.html?$/i.test(file)) {
        res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
      }
    },
  });

  // The shell's page, configuration and policy, made once when the server starts.
  const config = kind === 'shell' ? buildRuntimeConfig(env) : null;
  const shellPages = config ? createShellPages({ dir, config, env }) : null;
  const shellCsp = config ? shellContentSecurityPolicy(config) : null;
  const runtimeConfig = config ? Buffer.from(JSON.stringify(config)) : null;

  const send = (req, res, status, type, body, headers = {}) => {
    res.statusCode = status;
    res.setHeader('Content-Type', type);
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.setHeader('Content-Length', String(body.length));
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  const notFound = (req, res) =>
    send(req, res, 404, 'text/plain; charset=utf-8', Buffer.from('Not found\n'), {
      'Cache-Control': REVALIDATE,
    });

  const handle = (req, res) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (overTls(req, options)) {
      res.setHeader('Strict-Transport-Security', `max-age=${ONE_YEAR}; includeSubDomains`);
    }
    if (kind === 'remote') {
      // Only the shell's page loads a remote's modules: CORS answers its origin and no other.
      res.setHeader('Vary', 'Origin');
      if (req.headers.origin && req.headers.origin === shellOrigin) {
        res.setHeader('Access-Control-Allow-Origin', shellOrigin);
      }
      if (req.method === 'OPTIONS') {
        res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD');
        res.statusCode = 204;
        res.end();
        return;
      }
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      send(req, res, 405, 'text/plain; charset=utf-8', Buffer.from('Method not allowed\n'));
      return;
    }
    const { pathname } = new URL(req.url ?? '/', 'http://x');
    if (kind === 'shell') {
      if (pathname === '/runtime-config.json') {
        send(req, res, 200, 'application/json; charset=utf-8', runtimeConfig, {
          'Cache-Control': REVALIDATE,
        });
        return;
      }
      if (pathname === '/' || pathname === '/index.html') {
        sendShell(req, res);
        return;
      }
    }
    files(req, res, () => {
      // Not a file. A path that names a file (an extension, or under /assets/) is a real 404: an
      // HTML page in place of a missing chunk would only fail later with a MIME error.
      const last = pathname.split('/').pop() ?? '';
      if (kind === 'shell' && !pathname.startsWith('/assets/') && !last.includes('.')) {
        sendShell(req, res);
      } else {
        notFound(req, res);
      }
    });
  };

  const sendShell = (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://x');
    shellPages.page(pathname === '/index.html' ? '/' : pathname).then(
      (html) =>
        send(req, res, 200, 'text/html; charset=utf-8', Buffer.from(html), {
          'Cache-Control': REVALIDATE,
          'Content-Security-Policy': shellCsp,
        }),
      (error) => {
        console.error('shell: could not compose the page', error);
        res.statusCode = 500;
        res.end();
      },
    );
  };

  return http.createServer((req, res) => {
    compress(req, res, (error) => {
      if (error) {
        res.statusCode = 500;
        res.end();
        return;
      }
      handle(req, res);
    });
  });
}
