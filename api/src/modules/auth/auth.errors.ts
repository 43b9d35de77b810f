import { DomainError } from '../../common/errors/domain-error.js';

export class SignInFailedError extends DomainError {
  constructor() {
    super(
      'SIGN_IN_FAILED',
      'Sign-in could not be verified (it may have expired or been started elsewhere). Please try again from the site.',
      403,
    );
  }
}

export class CsrfTokenInvalidError extends DomainError {
  constructor() {
    super(
      'CSRF_TOKEN_INVALID',
      'This request was not confirmed by the site (missing or stale security token). Reload the page and try again.',
      403,
    );
  }
}

export class ReturnPathInvalidError extends DomainError {
  constructor() {
    super('RETURN_PATH_INVALID', 'path must be a path on this site, such as /pricing?aff=x', 400);
  }
}
