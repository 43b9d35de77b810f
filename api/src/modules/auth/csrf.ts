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

export function needsCsrfCheck(req: Request): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  return !EXEMPT_PREFIXES.some((prefix) => req.path.startsWith(prefix));
}
