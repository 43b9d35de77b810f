import { Logger } from '@nestjs/common';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { AddonIdentityConfig } from '../../config/addon-identity-config.js';
import { authErrors } from './auth.errors.js';

/** How far the issuer's clock and ours may disagree on `exp`, `iat` and `nbf`. */
export const ID_TOKEN_CLOCK_SKEW_SECONDS = 30;

/** The only signature algorithm accepted: Google signs ID tokens with RS256. */
const ALGORITHMS = ['RS256'];

/** OpenID gives email_verified as a boolean; some providers have sent the string. */
export const isEmailVerified = (verified: unknown): boolean =>
  verified === true || verified === 'true';

/** Who a verified ID token names: the provider's subject id, and the claims sign-in records. */
export type VerifiedIdentity = { subject: string; email: string; name?: string };

const logger = new Logger('IdTokenVerifier');

/**
 * Verifies a Google ID token (the add-on's `ScriptApp.getIdentityToken()`) with jose, never by
 * hand: the signature by a key of the issuer's JWKS (fetched on first use, cached, fetched again
 * when a token names a key id not seen yet, at most every 30 s), RS256 only (so `alg: none` and
 * HMAC tokens are refused), `iss` among the configured issuers, `aud` among the add-on's client
 * ids, `exp` (and `nbf`, `iat`) within ID_TOKEN_CLOCK_SKEW_SECONDS, then `email_verified` true.
 */
export class IdTokenVerifier {
  private readonly keys: JWTVerifyGetKey | null;

  constructor(private readonly config: AddonIdentityConfig) {
    // No add-on client configured: no token can be for us, and nothing is ever fetched.
    this.keys =
      config.audiences.length > 0
        ? createRemoteJWKSet(new URL(config.jwksUrl), { timeoutDuration: 5000 })
        : null;
  }

  async verify(token: string): Promise<VerifiedIdentity> {
    if (!this.keys) throw authErrors.idTokenInvalid();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.keys, {
        issuer: this.config.issuers,
        audience: this.config.audiences,
        algorithms: ALGORITHMS,
        clockTolerance: ID_TOKEN_CLOCK_SKEW_SECONDS,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      throw this.refusal(error);
    }
    const { sub, email, name } = payload as JWTPayload & { email?: unknown; name?: unknown };
    if (!sub || typeof email !== 'string' || !email) throw authErrors.idTokenInvalid();
    // The support role is granted by email: an address nobody verified must not act as it.
    if (!isEmailVerified(payload.email_verified)) throw authErrors.idTokenEmailUnverified();
    return { subject: sub, email, ...(typeof name === 'string' && name ? { name } : {}) };
  }

  /** The caller's fault (401), or the issuer's keys out of reach (503, logged). */
  private refusal(error: unknown): Error {
    if (error instanceof errors.JWTExpired) return authErrors.idTokenExpired();
    const keysUnreachable =
      !(error instanceof errors.JOSEError) || // fetch failed
      error instanceof errors.JWKSTimeout ||
      error instanceof errors.JWKSInvalid ||
      error.code === 'ERR_JOSE_GENERIC'; // the JWKS answered other than 200 with JSON
    if (!keysUnreachable) return authErrors.idTokenInvalid();
    logger.warn(
      `ID token keys unavailable from ${this.config.jwksUrl}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return authErrors.idTokenKeysUnavailable();
  }
}
