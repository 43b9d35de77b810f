import { DomainError } from '../../common/errors/domain-error.js';

// The payments domain's error catalogue. The verification failure's text is the spec's (§8).
export const VERIFICATION_FAILED_TEXT =
  'Payment received, but verification failed. Please Contact Support for a manual upgrade or refund.';

export const paymentErrors = {
  amountMismatch: () =>
    new DomainError(
      'PAYMENT_AMOUNT_MISMATCH',
      'The amount does not match the price of this plan. Please reload the page and try again.',
      400,
    ),
  notSoldHere: (plan: string) =>
    new DomainError('PAYMENT_METHOD_UNAVAILABLE', `'${plan}' cannot be bought by card.`, 400),
  cardFlowNotForCountry: () =>
    new DomainError(
      'PAYMENT_METHOD_UNAVAILABLE',
      'Card payments in INR are for visitors from India. Please use the checkout on the pricing page.',
      403,
    ),
  orderNotFound: () => new DomainError('PAYMENT_ORDER_NOT_FOUND', VERIFICATION_FAILED_TEXT, 400),
  verificationFailed: () =>
    new DomainError('PAYMENT_VERIFICATION_FAILED', VERIFICATION_FAILED_TEXT, 400),
  /** The payment was refunded or charged back: confirming it again upgrades nothing. */
  paymentRefunded: () =>
    new DomainError(
      'PAYMENT_REFUNDED',
      'This payment was refunded, so it does not upgrade your plan. Please Contact Support if this is a mistake.',
      409,
    ),
  providerUnavailable: (provider: string) =>
    new DomainError(
      'PAYMENT_PROVIDER_UNAVAILABLE',
      `Payments through ${provider} are not available right now. Please try again later.`,
      503,
      { 'Retry-After': '60' },
    ),
  checkoutNotAvailable: (plan: string) =>
    new DomainError(
      'CHECKOUT_NOT_AVAILABLE',
      `There is no checkout for '${plan}' right now. Please try again, or Contact Support for help.`,
      404,
    ),
  /** The spec's portal-link failure text (§8). */
  noSubscription: () =>
    new DomainError(
      'NO_SUBSCRIPTION',
      'Something went wrong. Please try again, or Contact Support for help.',
      404,
    ),
  heldPurchaseNotFound: () =>
    new DomainError(
      'HELD_PURCHASE_NOT_FOUND',
      'There is no purchase to claim with that order number for your email address.',
      404,
    ),
  webhookSignatureInvalid: () =>
    new DomainError('WEBHOOK_SIGNATURE_INVALID', 'The webhook signature is missing or wrong.', 401),
};
