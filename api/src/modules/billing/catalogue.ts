import type { AddonPlansResponse, PlansResponse } from 'contracts';
import type { BillingConfig } from '../../config/billing-catalogue.js';

/**
 * Whether a visitor can pay on the page, per flow that has a browser part: the card flow (Indian
 * visitors) once Razorpay is configured. The hosted overlay and the wallet have no browser part
 * yet, so everyone else, and the add-on catalogue, still say payments are not available.
 */
export type PaymentFlows = { card: boolean };

/** The main catalogue priced for a visitor: 'IN' → INR (the card flow), anywhere else → USD. */
export function plansFor(
  config: BillingConfig,
  country: string | null,
  flows: PaymentFlows = { card: false },
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
    })),
    paymentsAvailable: isIndianUser && flows.card,
  };
}

export function addonPlansOf(config: BillingConfig): AddonPlansResponse {
  return {
    freeCreditsPerMonth: config.freeAddonCreditsPerMonth,
    options: config.addonOptions.map((option) => ({ ...option })),
    paymentsAvailable: false,
  };
}
