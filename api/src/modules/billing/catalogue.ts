import type { AddonPlansResponse, PlansResponse } from 'contracts';
import type { BillingConfig } from '../../config/billing-catalogue.js';

/**
 * Taking money is the next issue's work: until it lands the catalogues say so, and the pages
 * show that instead of a checkout that cannot complete.
 */
export const PAYMENTS_AVAILABLE = false;

/** The main catalogue priced for a visitor: 'IN' → INR (the card flow), anywhere else → USD. */
export function plansFor(config: BillingConfig, country: string | null): PlansResponse {
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
    paymentsAvailable: PAYMENTS_AVAILABLE,
  };
}

export function addonPlansOf(config: BillingConfig): AddonPlansResponse {
  return {
    freeCreditsPerMonth: config.freeAddonCreditsPerMonth,
    options: config.addonOptions.map((option) => ({ ...option })),
    paymentsAvailable: PAYMENTS_AVAILABLE,
  };
}
