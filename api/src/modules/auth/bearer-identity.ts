import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { refuse } from '../../common/http/body-parsing.js';
import { DomainError } from '../../common/errors/domain-error.js';
import type { RequestUserService } from './request-user.service.js';
import './auth.types.js';

/** The token of an `Authorization: Bearer <token>` header (RFC 6750), if the request has one. */
export function bearerToken(req: Pick<Request, 'headers'>): string | undefined {
  return /^Bearer\s+(\S.*?)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
}

/**
 * Middleware after the session (session.setup.ts) and before any body is read: a request with a
 * bearer token is the person the token names (RequestUserService.forIdToken), on every route but
 * the payment webhooks (signed by their senders). So the upload gates, the guards, the rate
 * limits and `@CurrentUser` see the same `req.user` as for a cookie session.
 *
 * - A token that fails verification is refused (401 with its code) on every route, even when a
 *   session cookie came too: a caller that sends a token means to be that token's person, so
 *   falling back to the cookie (or to an anonymous visitor) would hide the failure.
 * - With a valid token and a session cookie, the token decides who calls; the cookie still
 *   requires the CSRF token on state-changing calls (csrf.ts), as any call with a cookie does.
 */
export function bearerIdentity(users: RequestUserService): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const token = bearerToken(req);
    if (token === undefined || req.path.startsWith('/api/webhooks/')) {
      next();
      return;
    }
    users.forIdToken(token).then(
      (user) => {
        req.user = user;
        next();
      },
      (error: unknown) => {
        if (error instanceof DomainError) refuse(res, error);
        else next(error); // the database away: the exception filter's 503
      },
    );
  };
}
