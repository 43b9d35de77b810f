import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy, type Profile } from 'passport-google-oauth20';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { authErrors } from './auth.errors.js';
import { isEmailVerified } from './id-token-verifier.js';
import { RequestUserService } from './request-user.service.js';

type OAuth2Holder = { _oauth2: { useAuthorizationHeaderforGET: (use: boolean) => void } };

/**
 * Google's OAuth 2.0 code flow with `state` and PKCE bound to the session. Without a Google
 * client configured, the same strategy talks to the embedded provider through its URLs.
 */
@Injectable()
export class GoogleStrategy extends PassportStrategy(Strategy, 'google') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly requestUsers: RequestUserService,
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
    if (!profile.id || !email || !isEmailVerified(address.verified)) {
      throw authErrors.signInFailed();
    }
    return this.requestUsers.signIn({
      subject: profile.id,
      name: profile.displayName || email,
      email,
    });
  }
}
