import { DomainError } from '../../common/errors/domain-error.js';

// The billing domain's error catalogue.
export const billingErrors = {
  notEnoughCredits: () =>
    new DomainError(
      'NOT_ENOUGH_CREDITS',
      'You have no add-on credits left. Buy a top-up or subscribe for more.',
      402,
    ),
  paymentNotFound: () =>
    new DomainError('PAYMENT_NOT_FOUND', 'There is no such payment on your account.', 404),
  planAlreadyCovered: (plan: string, until: Date | null) =>
    new DomainError(
      'PLAN_ALREADY_COVERED',
      until
        ? `You already have ${plan} until ${until.toISOString().slice(0, 10)}: this plan would not extend it.`
        : `You already have the ${plan} plan: there is nothing more to buy.`,
      409,
    ),
  addonAlreadyLarger: (label: string) =>
    new DomainError(
      'PLAN_ALREADY_COVERED',
      `You already have the ${label} subscription: a smaller one would not add to it.`,
      409,
    ),
  unknownPlan: (plan: string) =>
    new DomainError('UNKNOWN_PLAN', `There is no plan called '${plan}'.`, 400),
};
