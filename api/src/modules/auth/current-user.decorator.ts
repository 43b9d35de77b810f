import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { authErrors } from './auth.errors.js';
import type { SignedInUser } from './auth.types.js';

/**
 * The signed-in user. On a route guarded by SignedInGuard (or SupportGuard) it is always there;
 * if a route forgot its guard the call answers 401 rather than handing a controller no user.
 * `{ optional: true }`: routes open to visitors get undefined for them.
 */
export const CurrentUser = createParamDecorator(
  (options: { optional?: boolean } | undefined, context: ExecutionContext) => {
    const user: SignedInUser | undefined = context.switchToHttp().getRequest<Request>().user;
    if (!user && !options?.optional) throw authErrors.signInRequired();
    return user;
  },
);
