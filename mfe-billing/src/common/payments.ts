import type { AddonPlanOption, CatalogPlan } from 'contracts';
import { startCardCheckout, type CardCheckoutPage } from './card-checkout';

// The one seam between the billing pages and taking money. The card flow (Indian visitors) is
// plugged in; the hosted overlay, the wallet and the customer portal are not yet, so those say
// plainly that they are not available, and nothing pretends to have succeeded.

export type CheckoutItem =
  { kind: 'plan'; plan: CatalogPlan } | { kind: 'addon'; option: AddonPlanOption };

export type PaymentOutcome =
  | { status: 'unavailable'; message: string }
  /** The flow took over: it speaks through the checkout, toasts or navigation. */
  | { status: 'started'; message: null };

/**
 * What the page knows about the visitor: `paymentsAvailable` from GET /api/plans (true only where
 * a flow works for this visitor), `isIndianUser` (the card flow), and for the card flow the
 * page's sign-in and navigation.
 */
export type CheckoutContext = {
  paymentsAvailable: boolean;
  isIndianUser?: boolean;
  card?: CardCheckoutPage;
};

export const PAYMENTS_UNAVAILABLE =
  'Payments are not available yet, so nothing was charged. Please check back soon.';
export const PORTAL_UNAVAILABLE =
  'Managing your subscription online is not available yet. Please contact support for any change.';

export const payments = {
  /** Starts buying `item` (spec §4 'Payment'). */
  async startCheckout(item: CheckoutItem, context: CheckoutContext): Promise<PaymentOutcome> {
    if (item.kind === 'plan' && context.paymentsAvailable && context.isIndianUser && context.card) {
      await startCardCheckout(item.plan, context.card);
      return { status: 'started', message: null };
    }
    return { status: 'unavailable', message: PAYMENTS_UNAVAILABLE };
  },
  /** Opens the billing portal ('Manage Subscription', 'Resume Subscription'). */
  openPortal(_options: { forSheetsExtension: boolean }): Promise<PaymentOutcome> {
    return Promise.resolve({ status: 'unavailable', message: PORTAL_UNAVAILABLE });
  },
};
