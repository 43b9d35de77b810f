import type { NextFunction, Request, Response } from 'express';
import { authErrors } from './auth.errors.js';
import { isCsrfValid, needsCsrfCheck, type CsrfSettings } from './csrf.js';
import './auth.types.js';

/**
 * The checks of CsrfGuard and SignedInGuard, as middleware that runs before an upload's body is
 * read (common/http/body-parsing.ts): an unknown caller's upload is refused unread, with the
 * same answers the guards give.
 */
export function signedInWithCsrf(
  settings: CsrfSettings,
): (req: Request, res: Response, next: NextFunction) => void {
  return (req, _res, next) => {
    if (needsCsrfCheck(req) && !isCsrfValid(req, settings)) next(authErrors.csrfTokenInvalid());
    else if (!req.user) next(authErrors.signInRequired());
    else next();
  };
}
