import type { AddonPlanOption, CatalogPlan } from 'contracts';

// The one seam between the billing pages and taking money. The payments issue plugs the checkout
// (hosted overlay, card order, wallet) and the customer portal in here; until then both say
// plainly that they are not available, and nothing pretends to have succeeded.

export type CheckoutItem =
  { kind: 'plan'; plan: CatalogPlan } | { kind: 'addon'; option: AddonPlanOption };

export type PaymentOutcome = { status: 'unavailable'; message: string };

export const PAYMENTS_UNAVAILABLE =
  'Payments are not available yet, so nothing was charged. Please check back soon.';
export const PORTAL_UNAVAILABLE =
  'Managing your subscription online is not available yet. Please contact support for any change.';

export const payments = {
  /** Starts buying `item` (spec §4 'Payment'). */
  startCheckout(
    _item: CheckoutItem,
    _context: { paymentsAvailable: boolean },
  ): Promise<PaymentOutcome> {
    return Promise.resolve({ status: 'unavailable', message: PAYMENTS_UNAVAILABLE });
  },
  /** Opens the billing portal ('Manage Subscription', 'Resume Subscription'). */
  openPortal(_options: { forSheetsExtension: boolean }): Promise<PaymentOutcome> {
    return Promise.resolve({ status: 'unavailable', message: PORTAL_UNAVAILABLE });
  },
};
