import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { authErrors } from './auth.errors.js';
import './auth.types.js';

/**
 * Routes for people with the support role. The user is read from the database on every request
 * (the session holds only the id), so a revoked role stops working at once.
 */
@Injectable()
export class SupportGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<Request>().user;
    if (!user) throw authErrors.signInRequired();
    if (!user.roles.includes('support')) throw authErrors.supportRoleRequired();
    return true;
  }
}
