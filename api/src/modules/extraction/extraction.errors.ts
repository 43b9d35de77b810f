import { DomainError } from '../../common/errors/domain-error.js';

export class DailyLimitReachedError extends DomainError {
  constructor(feedbackOfferAvailable: boolean) {
    super(
      'DAILY_LIMIT_REACHED',
      "You've hit your free limit for today.",
      429,
      {},
      { feedbackOfferAvailable },
    );
  }
}
