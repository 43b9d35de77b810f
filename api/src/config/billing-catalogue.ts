import type { AddonOptionName, AddonPlanOption, CatalogPlan } from 'contracts';
import { z } from 'zod';

// The plan catalogues as configuration (spec §3, §9): the defaults below are the spec's prices;
// the INR-per-USD rate comes from the environment (README, configuration). The checkout links
// are the API's own route, added per request where the overlay sells the plan (catalogue.ts).

/** One plan of the main catalogue before it is priced for a visitor. */
export type MainPlanConfig = Omit<CatalogPlan, 'currency' | 'price' | 'checkoutLink'>;

export type AddonOptionConfig = Omit<AddonPlanOption, 'checkoutLink'>;

export type BillingConfig = {
  /** INR per USD: the spec's stored conversionRate, and how Lifetime's INR price is derived. */
  conversionRate: number;
  mainPlans: MainPlanConfig[];
  addonOptions: AddonOptionConfig[];
  /** Free add-on credits every calendar month (spec §9). */
  freeAddonCreditsPerMonth: number;
  /** A request header set by a trusted proxy with the visitor's ISO country (e.g. cf-ipcountry). */
  countryHeader: string | null;
  /** Local testing: every visitor is from this country. Refused in production. */
  countryOverride: string | null;
};

/** The billing variables of the environment (part of app-config.ts's schema). */
export const billingEnv = {
  CONVERSION_RATE: z.coerce.number().positive().max(10_000).default(85),
  COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'must be a header name such as cf-ipcountry')
    .transform((name) => name.toLowerCase())
    .optional(),
  GEOIP_COUNTRY_OVERRIDE: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code such as IN')
    .transform((code) => code.toUpperCase())
    .optional(),
};

export function billingFromEnv(c: {
  CONVERSION_RATE: number;
  COUNTRY_HEADER?: string | undefined;
  GEOIP_COUNTRY_OVERRIDE?: string | undefined;
}): BillingConfig {
  return {
    ...billingCatalogue(c.CONVERSION_RATE),
    countryHeader: c.COUNTRY_HEADER ?? null,
    countryOverride: c.GEOIP_COUNTRY_OVERRIDE ?? null,
  };
}

const PAID = { imageSizeLimit: '30MB', usageLimit: 'Unlimited' };

/**
 * Pro Weekly's INR price is not in the spec (2 USD in the wallet flow): 65 INR keeps Pro
 * Monthly's INR-to-USD ratio (129 / 4 × 2 = 64.5, rounded up). Lifetime is priced only in USD
 * by the spec: its INR price is 99 USD at the configured conversion rate, rounded.
 */
export function billingCatalogue(
  conversionRate: number,
): Pick<
  BillingConfig,
  'conversionRate' | 'mainPlans' | 'addonOptions' | 'freeAddonCreditsPerMonth'
> {
  const mainPlans: MainPlanConfig[] = [
    {
      plan: 'Free user',
      code: 'free',
      rate: 0,
      foreignRate: 0,
      features: { imageSizeLimit: '5MB', usageLimit: '5 extractions per day', validity: 'n/a' },
      badge: null,
      showCard: true,
    },
    {
      plan: 'Pro Weekly',
      code: 'pro-weekly',
      rate: 65,
      foreignRate: 2,
      features: { ...PAID, validity: '7 days' },
      badge: null,
      // In the logic and the wallet flow only (spec §9).
      showCard: false,
    },
    {
      plan: 'Pro Monthly',
      code: 'pro-monthly',
      rate: 129,
      foreignRate: 4,
      features: { ...PAID, validity: '30 days' },
      badge: 'Most popular',
      showCard: true,
    },
    {
      plan: 'Pro Yearly',
      code: 'pro-yearly',
      rate: 999,
      foreignRate: 33,
      features: { ...PAID, validity: '365 days' },
      badge: 'Best Value',
      showCard: true,
    },
    {
      plan: 'Lifetime',
      code: 'lifetime',
      rate: Math.round(99 * conversionRate),
      foreignRate: 99,
      features: { ...PAID, validity: 'Lifetime' },
      badge: null,
      showCard: true,
    },
  ];
  const option = (
    name: AddonOptionName,
    credits: number,
    amount: number,
    ratePerExtraction: number,
  ): AddonOptionConfig => {
    const subscription = name.startsWith('sub');
    return {
      name,
      kind: subscription ? 'subscription' : 'topUp',
      label: subscription ? `${String(credits)} credits/month` : `${String(credits)} credits`,
      credits,
      amount,
      ratePerExtraction,
    };
  };
  return {
    conversionRate,
    mainPlans,
    addonOptions: [
      option('sub100', 100, 5, 0.05),
      option('sub500', 500, 15, 0.03),
      option('sub1000', 1000, 25, 0.025),
      option('topUp100', 100, 7, 0.07),
      option('topUp500', 500, 25, 0.05),
      option('topUp1000', 1000, 45, 0.045),
    ],
    freeAddonCreditsPerMonth: 5,
  };
}
