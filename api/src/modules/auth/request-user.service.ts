import { Injectable } from '@nestjs/common';
import { BillingService } from '../billing/billing.service.js';
import { UsersService, type SignInProfile, type UserRecord } from '../users/users.service.js';
import type { SignedInUser } from './auth.types.js';
import { IdTokenVerifier } from './id-token-verifier.js';

/**
 * The one place that builds a request's user (identity + plans and credits as they stand now),
 * whoever the caller proved to be: a cookie session (SessionSerializer), a web sign-in
 * (GoogleStrategy) or the add-on's Google ID token (bearer-identity.ts). Every guard, rate limit
 * and upload gate reads `req.user` and cannot tell them apart.
 */
@Injectable()
export class RequestUserService {
  constructor(
    private readonly users: UsersService,
    private readonly billing: BillingService,
    private readonly idTokens: IdTokenVerifier,
  ) {}

  /** A session's user; null when the account no longer exists. */
  async forUserId(id: string): Promise<SignedInUser | null> {
    const [user, entitlements] = await Promise.all([
      this.users.findById(id),
      this.billing.entitlementsOf(id),
    ]);
    return user ? Object.assign({}, user, entitlements) : null;
  }

  /** A web sign-in: the user is created at the first one, name and email refreshed at later ones. */
  async signIn(profile: SignInProfile): Promise<SignedInUser> {
    return this.withEntitlements(await this.users.recordSignIn(profile));
  }

  /**
   * The user a verified ID token names, by Google subject id: the same person as their web
   * sign-in, so plans and credits are shared. Someone who has never signed in on the web is
   * created as web sign-in creates them (from the token's email, and its name or else the email:
   * the add-on asks for no profile scope); later calls only read, so a token never rewrites the
   * name the web sign-in recorded.
   */
  async forIdToken(token: string): Promise<SignedInUser> {
    const identity = await this.idTokens.verify(token);
    const known = await this.users.findByGoogleId(identity.subject);
    if (known) return this.withEntitlements(known);
    return this.signIn({
      subject: identity.subject,
      name: identity.name ?? identity.email,
      email: identity.email,
    });
  }

  // UserRecord is a plain object (typed by the schema class): copying it loses nothing.
  private async withEntitlements(user: UserRecord): Promise<SignedInUser> {
    return Object.assign({}, user, await this.billing.entitlementsOf(user.id));
  }
}
