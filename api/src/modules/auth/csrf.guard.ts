import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { authErrors } from './auth.errors.js';
import { isCsrfValid, needsCsrfCheck } from './csrf.js';

/** Every state-changing call needs the visitor's CSRF token (webhooks excepted). */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (needsCsrfCheck(req) && !isCsrfValid(req, this.config.session)) {
      throw authErrors.csrfTokenInvalid();
    }
    return true;
  }
}
