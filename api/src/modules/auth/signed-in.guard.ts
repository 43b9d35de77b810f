import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { authErrors } from './auth.errors.js';

/** Routes for signed-in people only (the tool requires sign-in, spec §1). */
@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!context.switchToHttp().getRequest<Request>().user) throw authErrors.signInRequired();
    return true;
  }
}
