import { DomainError } from '../../common/errors/domain-error.js';

// The auth domain's error catalogue.
export const authErrors = {
  signInRequired: () => new DomainError('SIGN_IN_REQUIRED', 'Please log in to use this.', 401),
  signInFailed: () =>
    new DomainError(
      'SIGN_IN_FAILED',
      'Sign-in could not be verified (it may have expired or been started elsewhere). Please try again from the site.',
      403,
    ),
  csrfTokenInvalid: () =>
    new DomainError(
      'CSRF_TOKEN_INVALID',
      'This request was not confirmed by the site (missing or stale security token). Reload the page and try again.',
      403,
    ),
  returnPathInvalid: () =>
    new DomainError(
      'RETURN_PATH_INVALID',
      'path must be a path on this site, such as /pricing?aff=x',
      400,
    ),
  // A refused bearer token (RFC 6750 §3: the challenge names the error).
  idTokenInvalid: () =>
    new DomainError(
      'ID_TOKEN_INVALID',
      'The sign-in token could not be verified (wrong signature, issuer or audience, or malformed). Sign in again.',
      401,
      { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
    ),
  idTokenExpired: () =>
    new DomainError(
      'ID_TOKEN_EXPIRED',
      'The sign-in token has expired. Get a new one and try again.',
      401,
      { 'WWW-Authenticate': 'Bearer error="invalid_token", error_description="expired"' },
    ),
  idTokenEmailUnverified: () =>
    new DomainError(
      'ID_TOKEN_EMAIL_UNVERIFIED',
      'This Google account has no verified email address. Verify it with Google, then try again.',
      401,
      { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
    ),
  idTokenKeysUnavailable: () =>
    new DomainError(
      'ID_TOKEN_KEYS_UNAVAILABLE',
      'Sign-in cannot be checked right now. Please try again in a minute.',
      503,
      { 'Retry-After': '30' },
    ),
  supportRoleRequired: () =>
    new DomainError('FORBIDDEN', 'Only the support team can see this.', 403),
};

export const isSignInFailed = (error: unknown): boolean =>
  error instanceof DomainError && error.code === 'SIGN_IN_FAILED';
