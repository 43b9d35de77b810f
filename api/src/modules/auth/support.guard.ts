import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { DomainError } from '../../common/errors/domain-error.js';
import { SignInRequiredError } from './signed-in.guard.js';
import './auth.types.js';

export class SupportRoleRequiredError extends DomainError {
  constructor() {
    super('FORBIDDEN', 'Only the support team can see this.', 403);
  }
}

/**
 * Routes for people with the support role. The user is read from the database on every request
 * (the session holds only the id), so a revoked role stops working at once.
 */
@Injectable()
export class SupportGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<Request>().user;
    if (!user) throw new SignInRequiredError();
    if (!user.roles.includes('support')) throw new SupportRoleRequiredError();
    return true;
  }
}
