import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { authErrors } from './auth.errors.js';
import { isCsrfValid, needsCsrfCheck } from './csrf.js';

/** Every state-changing call needs the session's CSRF token (webhooks excepted). */
@Injectable()
export class CsrfGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (needsCsrfCheck(req) && !isCsrfValid(req)) throw authErrors.csrfTokenInvalid();
    return true;
  }
}
