import type { AddonPlansResponse, PlansResponse } from 'contracts';
import type { BillingConfig } from '../../config/billing-catalogue.js';

/**
 * Whether a visitor can pay on the page, per flow that has a browser part: the card flow (Indian
 * visitors) once Razorpay is configured, the hosted overlay (everyone else, and the add-on
 * catalogue) once Lemon Squeezy is configured. `checkoutLink`: the API's own route that creates
 * the overlay's checkout for the signed-in person (GET /api/checkout-link?plan=…), for what the
 * overlay sells, else null. No plain buy link is ever served: anyone could pay with one for
 * someone else (issue 20).
 */
export type PaymentFlows = {
  card: boolean;
  overlay: boolean;
  checkoutLink?: (product: string) => string | null;
};

/** The main catalogue priced for a visitor: 'IN' → INR (the card flow), anywhere else → USD. */
export function plansFor(
  config: BillingConfig,
  country: string | null,
  flows: PaymentFlows = { card: false, overlay: false },
): PlansResponse {
  const isIndianUser = country === 'IN';
  const currency = isIndianUser ? 'INR' : 'USD';
  return {
    country,
    isIndianUser,
    currency,
    conversionRate: config.conversionRate,
    plans: config.mainPlans.map((plan) => ({
      ...plan,
      features: { ...plan.features },
      currency,
      price: isIndianUser ? plan.rate : plan.foreignRate,
      checkoutLink: flows.checkoutLink?.(plan.code) ?? null,
    })),
    paymentsAvailable: isIndianUser ? flows.card : flows.overlay,
  };
}

export function addonPlansOf(
  config: BillingConfig,
  flows: PaymentFlows = { card: false, overlay: false },
): AddonPlansResponse {
  return {
    freeCreditsPerMonth: config.freeAddonCreditsPerMonth,
    options: config.addonOptions.map((option) => ({
      ...option,
      checkoutLink: flows.checkoutLink?.(option.name) ?? null,
    })),
    paymentsAvailable: flows.overlay,
  };
}
