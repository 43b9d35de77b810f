import { DomainError } from '../../common/errors/domain-error.js';

// The extraction module's own errors, beside the engine's catalogue (engine/errors.ts): the
// free plan's daily allowance.
export const quotaErrors = {
  dailyLimitReached: (feedbackOfferAvailable: boolean) =>
    new DomainError(
      'DAILY_LIMIT_REACHED',
      "You've hit your free limit for today.",
      429,
      {},
      {
        feedbackOfferAvailable,
      },
    ),
  tooManyAtOnce: (perUser: number) =>
    new DomainError(
      'TOO_MANY_REQUESTS',
      `You already have ${String(perUser)} extractions running. Please wait for one to finish.`,
      429,
      { 'Retry-After': '10' },
    ),
  /** The client left before its extraction started: nobody reads this, and nothing is spent. */
  clientGone: () =>
    new DomainError(
      'REQUEST_TIMEOUT',
      'The request was closed before its extraction started.',
      408,
    ),
};
