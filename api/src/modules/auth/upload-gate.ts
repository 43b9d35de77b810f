import type { NextFunction, Request, Response } from 'express';
import { authErrors } from './auth.errors.js';
import { isCsrfValid, needsCsrfCheck } from './csrf.js';
import './auth.types.js';

/**
 * The checks of CsrfGuard and SignedInGuard, as middleware that runs before an upload's body is
 * read (common/http/body-parsing.ts): an unknown caller's upload is refused unread, with the
 * same answers the guards give.
 */
export function signedInWithCsrf(req: Request, _res: Response, next: NextFunction): void {
  if (needsCsrfCheck(req) && !isCsrfValid(req)) next(authErrors.csrfTokenInvalid());
  else if (!req.user) next(authErrors.signInRequired());
  else next();
}
