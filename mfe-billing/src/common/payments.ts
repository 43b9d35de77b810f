import type { AddonPlanOption, CatalogPlan } from 'contracts';
import { startCardCheckout, type CardCheckoutPage } from './card-checkout';
import {
  openCustomerPortal,
  startOverlayCheckout,
  type OverlayItem,
  type OverlayPage,
} from './overlay-checkout';

// The one seam between the billing pages and taking money: the card flow (Indian visitors' main
// plans), the hosted overlay (everyone else's, and the add-on's) and the customer portal. The
// wallet is not plugged in here.

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
  overlay?: OverlayPage;
};

/** The overlay's view of what is bought. */
export const overlayItemOf = (item: CheckoutItem): OverlayItem =>
  item.kind === 'plan'
    ? { code: item.plan.code, name: item.plan.plan, kind: 'plan' }
    : { code: item.option.name, name: item.option.label, kind: item.option.kind };

export const PAYMENTS_UNAVAILABLE =
  'Payments are not available yet, so nothing was charged. Please check back soon.';

export const payments = {
  /** Starts buying `item` (spec §4 'Payment'). */
  async startCheckout(item: CheckoutItem, context: CheckoutContext): Promise<PaymentOutcome> {
    if (item.kind === 'plan' && context.paymentsAvailable && context.isIndianUser && context.card) {
      await startCardCheckout(item.plan, context.card);
      return { status: 'started', message: null };
    }
    const overlayFlow = item.kind === 'addon' || !context.isIndianUser;
    if (overlayFlow && context.paymentsAvailable && context.overlay) {
      await startOverlayCheckout(overlayItemOf(item), context.overlay);
      return { status: 'started', message: null };
    }
    return { status: 'unavailable', message: PAYMENTS_UNAVAILABLE };
  },
  /** Opens the billing portal in a new tab ('Manage Subscription', 'Resume Subscription'). */
  async openPortal(options: { forSheetsExtension: boolean }): Promise<PaymentOutcome> {
    await openCustomerPortal(options.forSheetsExtension);
    return { status: 'started', message: null };
  },
};
