import { DomainError } from '../../common/errors/domain-error.js';

// The messages domain's error catalogue.
export const messageErrors = {
  notFound: () => new DomainError('MESSAGE_NOT_FOUND', 'That message does not exist.', 404),
  tooMany: (retryAfterSeconds: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    return new DomainError(
      'TOO_MANY_MESSAGES',
      `Too many messages from you in a short time. Please try again in ${String(minutes)} minute${minutes === 1 ? '' : 's'}.`,
      429,
      { 'Retry-After': String(Math.max(1, retryAfterSeconds)) },
    );
  },
};
