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
};
