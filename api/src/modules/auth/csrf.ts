import { csrfSync } from 'csrf-sync';
import type { Request } from 'express';

// Synchroniser tokens kept in the server-side session (csrf-sync, as the NestJS docs advise with
// sessions). The frontends get theirs from GET /api/session-init and send it as X-CSRF-Token.
export const CSRF_HEADER = 'x-csrf-token';

const csrf = csrfSync({
  getTokenFromRequest: (req: Request) => {
    const value = req.headers[CSRF_HEADER];
    return typeof value === 'string' ? value : undefined;
  },
});

export const generateCsrfToken = (req: Request): string => csrf.generateToken(req);
export const isCsrfValid = (req: Request): boolean => csrf.isRequestValid(req);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Webhooks are signed by their senders instead (later issues). */
const EXEMPT_PREFIXES = ['/api/webhooks/'];

/**
 * A call that carries a bearer token and no cookie cannot ride on a browser's ambient
 * credentials (a cross-site page cannot set Authorization without a preflight CORS refuses), so
 * it needs no CSRF token. With any cookie the token is still required.
 */
const isBearerOnly = (req: Request): boolean =>
  /^Bearer\s+\S/i.test(req.headers.authorization ?? '') && !req.headers.cookie;

export function needsCsrfCheck(req: Request): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  if (isBearerOnly(req)) return false;
  return !EXEMPT_PREFIXES.some((prefix) => req.path.startsWith(prefix));
}
