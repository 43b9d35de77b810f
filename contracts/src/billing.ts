// Plans, entitlements and the pages that show them (spec §3 'Plan catalogue', 'Add-on plan
// option', §4 'Subscription display', §9 plans and add-on). The API serves the catalogues; the
// pages never hard-code a price.
import type { PlanType } from './users.js';

export type Currency = 'INR' | 'USD';

/** The plan codes of /payment-success?plan= and of the wallet flow (spec §2, §7). */
export const PLAN_CODES = ['pro-weekly', 'pro-monthly', 'pro-yearly', 'lifetime'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

export const PLAN_TYPE_OF_CODE: Record<PlanCode, PlanType> = {
  'pro-weekly': 'Pro Weekly',
  'pro-monthly': 'Pro Monthly',
  'pro-yearly': 'Pro Yearly',
  lifetime: 'Lifetime',
};

export const isPlanCode = (value: unknown): value is PlanCode =>
  typeof value === 'string' && (PLAN_CODES as readonly string[]).includes(value);

/** How long each paid plan lasts, in days; null: for ever (spec §4 fallback end dates, §9). */
export const PLAN_VALIDITY_DAYS: Record<Exclude<PlanType, 'Free user'>, number | null> = {
  'Pro Weekly': 7,
  'Pro Monthly': 30,
  'Pro Yearly': 365,
  Lifetime: null,
};

export type PlanFeatures = {
  /** e.g. '30MB'. */
  imageSizeLimit: string;
  /** e.g. 'Unlimited' or '5 extractions per day'. */
  usageLimit: string;
  /** e.g. '30 days', 'Lifetime', 'n/a'. */
  validity: string;
};

/** One plan of the main catalogue, priced for the visitor (GET /api/plans). */
export type CatalogPlan = {
  plan: PlanType;
  /** The plan's code ('free' for the free plan). */
  code: PlanCode | 'free';
  /** Price in INR (Indian visitors, card flow). */
  rate: number;
  /** Price in USD (everyone else, hosted checkout). */
  foreignRate: number;
  /** The visitor's currency and the price in it. */
  currency: Currency;
  price: number;
  features: PlanFeatures;
  badge: 'Most popular' | 'Best Value' | null;
  /** Pro Weekly is in the logic and the wallet flow only: no card on /pricing. */
  showCard: boolean;
  /**
   * The API's route that creates the hosted checkout for the signed-in person
   * (`{api}/api/checkout-link?plan=<code>`), or null where the overlay does not sell the plan.
   * Never the provider's plain buy link.
   */
  checkoutLink: string | null;
};

export type PlansResponse = {
  /** ISO country of the visitor as the server sees it, or null when unknown. */
  country: string | null;
  /** 'IN': INR prices and the card flow. */
  isIndianUser: boolean;
  currency: Currency;
  /** INR per USD from the catalogue (the spec's stored conversionRate). */
  conversionRate: number;
  plans: CatalogPlan[];
  /** Whether taking money is built yet; false: the pages say so instead of faking a checkout. */
  paymentsAvailable: boolean;
};

export const PRICE_NOTE = 'Lock in now at the best rates! Prices may increase soon.';

/** The add-on's plan options (spec §3 'Add-on plan option', §9). */
export const ADDON_OPTION_NAMES = [
  'sub100',
  'sub500',
  'sub1000',
  'topUp100',
  'topUp500',
  'topUp1000',
] as const;
export type AddonOptionName = (typeof ADDON_OPTION_NAMES)[number];

export type AddonPlanOption = {
  name: AddonOptionName;
  kind: 'subscription' | 'topUp';
  label: string;
  credits: number;
  /** Price in USD. */
  amount: number;
  /** The display rate per extraction in USD (spec §9). */
  ratePerExtraction: number;
  /** As CatalogPlan's: our route that creates the checkout, or null. */
  checkoutLink: string | null;
};

export type AddonPlansResponse = {
  /** Free add-on credits each month (spec §9: 5). */
  freeCreditsPerMonth: number;
  options: AddonPlanOption[];
  paymentsAvailable: boolean;
};

/** One payment the person made, as their account page lists it (GET /api/billing/payments). */
export type PaymentRecord = {
  /** ISO date-time. */
  date: string;
  /** The plan or add-on option bought, e.g. 'Pro Monthly' or 'topUp500'. */
  plan: string;
  amount: number;
  currency: Currency;
  /** The provider's payment id (the refund policy asks for it). */
  paymentId: string;
  provider: string;
};

export type PaymentsResponse = { payments: PaymentRecord[] };

/** Who sold it, as the receipt names them (API configuration; 'not configured' where unset). */
export type SellerDetails = {
  name: string;
  address: string;
  taxId: string;
  email: string;
};

/**
 * GET /api/billing/payments/:paymentId/receipt (signed in): one of the person's own payments as
 * a printable receipt. Another person's payment, or an unknown id, is a 404 like any other.
 */
export type PaymentReceipt = PaymentRecord & {
  buyer: { name: string; email: string };
  seller: SellerDetails;
};

export type PaymentReceiptResponse = { receipt: PaymentReceipt };
