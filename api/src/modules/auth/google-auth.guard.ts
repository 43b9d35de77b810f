import { Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { authErrors, isSignInFailed } from './auth.errors.js';
import { safeReturnPath } from './return-path.js';

/** GET /auth/google: remembers where to come back to, then sends the browser to the provider. */
@Injectable()
export class GoogleSignInGuard extends AuthGuard('google') {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const fromQuery = safeReturnPath(req.query.state);
    if (fromQuery) req.session.returnTo = fromQuery;
    else if (req.query.state !== undefined) req.session.returnTo = '/';
    return (await super.canActivate(context)) as boolean;
  }
}

// The errors passport-oauth2 and the provider raise for a refused or invalid exchange.
const OAUTH_ERRORS = new Set([
  'AuthorizationError',
  'TokenError',
  'InternalOAuthError',
  'UserInfoError',
]);

/** GET /auth/google/callback: checks state and PKCE, signs the user in on a new session id. */
@Injectable()
export class GoogleCallbackGuard extends AuthGuard('google') {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    // Read before sign-in: passport regenerates the session, dropping what it held.
    const returnTo = req.session.returnTo ?? '/';
    await super.canActivate(context);
    await super.logIn(req);
    req.returnTo = returnTo;
    return true;
  }

  /**
   * A failed or forged exchange (bad state, reused code, provider refusal) is the visitor's
   * SIGN_IN_FAILED; anything else (the database, a bug) stays a server error and is logged.
   */
  override handleRequest<T>(error: unknown, user: T | false): T {
    if (isSignInFailed(error)) throw error;
    if (error instanceof Error && !OAUTH_ERRORS.has(error.name)) throw error;
    if (error || !user) throw authErrors.signInFailed();
    return user;
  }
}
