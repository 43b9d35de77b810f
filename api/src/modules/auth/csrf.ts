import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import { bearerToken } from './bearer-identity.js';

// Signed double-submit tokens (OWASP CSRF cheat sheet), so that an anonymous visitor needs no
// server-side session: GET /api/session-init sets a random, HttpOnly pre-session cookie and
// answers HMAC(secret, its value) as the token; state-changing calls send the token as
// X-CSRF-Token with the cookie. A cross-site page cannot read the token (CORS allowlist) and,
// with the `__Host-` cookie prefix in production, a sibling subdomain cannot plant the cookie.
export const CSRF_HEADER = 'x-csrf-token';

export type CsrfSettings = {
  secret: string;
  /** The session cookie's name: the pre-session cookie is named after it. */
  cookieName: string;
  secureCookie: boolean;
  maxAgeMs: number;
};

export const csrfCookieName = (settings: Pick<CsrfSettings, 'cookieName'>): string =>
  `${settings.cookieName}.csrf`;

const tokenFor = (secret: string, id: string): string =>
  createHmac('sha256', secret).update(`csrf:${id}`).digest('base64url');

function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      return /^[A-Za-z0-9_-]{22,64}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/** The visitor's token; sets (or renews) the pre-session cookie it is bound to. */
export function issueCsrfToken(req: Request, res: Response, settings: CsrfSettings): string {
  const name = csrfCookieName(settings);
  const id = readCookie(req, name) ?? randomBytes(24).toString('base64url');
  const options: CookieOptions = {
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secureCookie,
    path: '/',
    maxAge: settings.maxAgeMs,
  };
  res.cookie(name, id, options);
  return tokenFor(settings.secret, id);
}

export function isCsrfValid(req: Request, settings: CsrfSettings): boolean {
  const id = readCookie(req, csrfCookieName(settings));
  const sent = req.headers[CSRF_HEADER];
  if (!id || typeof sent !== 'string') return false;
  const expected = Buffer.from(tokenFor(settings.secret, id));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Webhooks are signed by their senders instead (later issues). */
const EXEMPT_PREFIXES = ['/api/webhooks/'];

/**
 * A call that carries a bearer token and no cookie cannot ride on a browser's ambient
 * credentials (a cross-site page cannot set Authorization without a preflight CORS refuses), so
 * it needs no CSRF token. With any cookie the token is still required.
 */
const isBearerOnly = (req: Request): boolean =>
  bearerToken(req) !== undefined && !req.headers.cookie;

export function needsCsrfCheck(req: Request): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  if (isBearerOnly(req)) return false;
  return !EXEMPT_PREFIXES.some((prefix) => req.path.startsWith(prefix));
}
