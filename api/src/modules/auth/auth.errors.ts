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
  supportRoleRequired: () =>
    new DomainError('FORBIDDEN', 'Only the support team can see this.', 403),
};

export const isSignInFailed = (error: unknown): boolean =>
  error instanceof DomainError && error.code === 'SIGN_IN_FAILED';
