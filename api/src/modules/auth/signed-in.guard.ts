import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { DomainError } from '../../common/errors/domain-error.js';

export class SignInRequiredError extends DomainError {
  constructor() {
    super('SIGN_IN_REQUIRED', 'Please log in to use this.', 401);
  }
}

/** Routes for signed-in people only (the tool requires sign-in, spec §1). */
@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!context.switchToHttp().getRequest<Request>().user) throw new SignInRequiredError();
    return true;
  }
}
