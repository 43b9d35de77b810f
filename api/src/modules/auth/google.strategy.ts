import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy, type Profile } from 'passport-google-oauth20';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { BillingService } from '../billing/billing.service.js';
import { UsersService } from '../users/users.service.js';
import { authErrors } from './auth.errors.js';

// OpenID's userinfo gives email_verified as a boolean; some providers have sent the string.
const isVerified = (verified: unknown): boolean => verified === true || verified === 'true';

type OAuth2Holder = { _oauth2: { useAuthorizationHeaderforGET: (use: boolean) => void } };

/**
 * Google's OAuth 2.0 code flow with `state` and PKCE bound to the session. Without a Google
 * client configured, the same strategy talks to the embedded provider through its URLs.
 */
@Injectable()
export class GoogleStrategy extends PassportStrategy(Strategy, 'google') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly users: UsersService,
    private readonly billing: BillingService,
  ) {
    super({
      clientID: config.oauth.clientId,
      clientSecret: config.oauth.clientSecret,
      callbackURL: config.oauth.callbackUrl,
      scope: ['openid', 'profile', 'email'],
      state: true,
      pkce: true,
      ...(config.oauth.endpoints ?? {}),
    });
    // Send the access token in the Authorization header, not the URL, when reading the profile:
    // tokens stay out of logs, and OpenID providers (the embedded one included) require it.
    (this as unknown as OAuth2Holder)._oauth2.useAuthorizationHeaderforGET(true);
  }

  async validate(
    _accessToken: string,
    _refreshToken: string,
    profile: Profile,
  ): Promise<Express.User> {
    // Only an address Google has verified: the support role is granted by email, so an
    // unverified one (an account made with someone else's address) must not sign in.
    const address = profile.emails?.[0];
    const email = address?.value;
    if (!profile.id || !email || !isVerified(address.verified)) throw authErrors.signInFailed();
    const user = await this.users.recordSignIn({
      subject: profile.id,
      name: profile.displayName || email,
      email,
    });
    // UserRecord is a plain object (typed by the schema class): copying it loses nothing.
    return Object.assign({}, user, await this.billing.entitlementsOf(user.id));
  }
}
