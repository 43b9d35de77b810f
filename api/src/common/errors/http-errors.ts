import type { HttpErrorCode } from 'contracts';
import { DomainError } from './domain-error.js';

// The HTTP layer's own error catalogue: body parsing, routing and validation, the unexpected.

/** The code of a framework HttpException, by status. */
export const CODE_BY_STATUS: Partial<Record<number, HttpErrorCode | 'FORBIDDEN'>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/** What a client is told to wait before retrying while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const httpErrors = {
  payloadTooLarge: () => new DomainError('PAYLOAD_TOO_LARGE', 'The request is too large.', 413),
  unsupportedEncoding: () =>
    new DomainError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Compressed request bodies are not accepted: send the body without Content-Encoding.',
      415,
    ),
  unsupportedMediaType: () =>
    new DomainError(
      'UNSUPPORTED_MEDIA_TYPE',
      'The request body is not in a supported format.',
      415,
    ),
  requestTimeout: () =>
    new DomainError('REQUEST_TIMEOUT', 'The request took too long to arrive.', 408),
  tooManyRequests: (retryAfterSeconds: number) => {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return new DomainError(
      'TOO_MANY_REQUESTS',
      `Too many requests in a short time. Please try again in ${String(seconds)} second${seconds === 1 ? '' : 's'}.`,
      429,
      { 'Retry-After': String(seconds) },
    );
  },
  invalidJson: () => new DomainError('BAD_REQUEST', 'The request body is not valid JSON.', 400),
  /** MongoDB unreachable or too slow: a fast 503 the client may retry, never a 500. */
  databaseUnavailable: (requestId?: string) =>
    new DomainError(
      'DATABASE_UNAVAILABLE',
      'The service is briefly unavailable. Please try again in a few seconds.',
      503,
      { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
      requestId ? { requestId } : {},
    ),
  internal: () =>
    new DomainError('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.', 500),
};
