import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { RateLimit } from '../../common/throttling/rate-limit.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { PublicUser } from 'contracts';
import { BillingService } from '../billing/billing.service.js';
import { UsersService } from '../users/users.service.js';
import { authErrors } from './auth.errors.js';
import { issueCsrfToken } from './csrf.js';
import { SetRedirectDto } from './dto/set-redirect.dto.js';
import { GoogleCallbackGuard, GoogleSignInGuard } from './google-auth.guard.js';
import { safeReturnPath } from './return-path.js';
import './auth.types.js';
import { ErrorAction } from '../../common/errors/error-action.js';

@ErrorAction('login')
@Controller()
export class AuthController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly billing: BillingService,
  ) {}

  /**
   * The signed-in user, or no user: identity (users) and plans and credits (billing), both read
   * for this request.
   */
  @Get('api/me')
  me(@Req() req: Request): { user?: PublicUser } {
    return req.user
      ? { user: { ...this.users.toPublicIdentity(req.user), ...this.billing.toPublic(req.user) } }
      : {};
  }

  /**
   * Hands out the visitor's CSRF token. It creates no session: only the sign-in start does, so
   * anonymous traffic writes nothing to the sessions collection.
   */
  @Get('api/session-init')
  sessionInit(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): { csrfToken: string } {
    return { csrfToken: issueCsrfToken(req, res, this.config.session) };
  }

  /**
   * Pricing's sign-in: remember where to return, then the browser goes to /auth/google. It writes
   * a session for a visitor without one, so it is counted with the sign-in routes.
   */
  @Post('api/set-redirect')
  @HttpCode(200)
  @RateLimit('sign-in')
  setRedirect(@Req() req: Request, @Body() body: SetRedirectDto): { ok: true } {
    const path = safeReturnPath(body.path);
    if (!path) throw authErrors.returnPathInvalid();
    req.session.returnTo = path;
    return { ok: true };
  }

  @Get('auth/google')
  @UseGuards(GoogleSignInGuard)
  @RateLimit('sign-in') // below: counted before the guard starts a sign-in
  signIn(): void {
    // The guard has redirected the browser to the provider.
  }

  @Get('auth/google/callback')
  @UseGuards(GoogleCallbackGuard)
  @RateLimit('sign-in')
  callback(@Req() req: Request, @Res() res: Response): void {
    res.redirect(302, `${this.config.webUrl}${req.returnTo ?? '/'}`);
  }

  /**
   * Ends the session on the server (the store entry is deleted), clears the cookie and returns
   * home: a navigation (spec §7). The clearing carries the cookie's attributes: a browser drops a
   * `__Host-` cookie (production) only by a Set-Cookie that is Secure, on Path=/, with no Domain.
   * Passport saves the session before regenerating it, a write even for a caller without one:
   * counted with the sign-in routes.
   */
  @Get('auth/logout')
  @RateLimit('sign-in')
  logout(@Req() req: Request, @Res() res: Response): void {
    const home = `${this.config.webUrl}/`;
    const { cookieName, secureCookie } = this.config.session;
    const clear = () => {
      res.clearCookie(cookieName, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookie,
      });
      res.redirect(302, home);
    };
    req.logout((logoutError) => {
      if (logoutError) req.log.warn({ err: logoutError }, 'logout failed');
      req.session.destroy((destroyError) => {
        if (destroyError) req.log.warn({ err: destroyError }, 'session destroy failed');
        clear();
      });
    });
  }
}
