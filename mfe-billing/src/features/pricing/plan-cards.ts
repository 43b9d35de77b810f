import type { CatalogPlan, PlansResponse, PlanType, PublicUser } from 'contracts';

// Which cards /pricing shows and what each says around the catalogue's numbers. Prices and
// features come from GET /api/plans; only the wording is here.

/** Pro Weekly lives in the logic and the wallet flow only: the catalogue marks it showCard false. */
export const visibleCards = (plans: CatalogPlan[]): CatalogPlan[] =>
  plans.filter((plan) => plan.showCard);

const PERIOD: Record<CatalogPlan['code'], string> = {
  free: '',
  'pro-weekly': 'per week',
  'pro-monthly': 'per month',
  'pro-yearly': 'per year',
  lifetime: 'one-time payment',
};
export const periodOf = (plan: CatalogPlan): string => PERIOD[plan.code];

/** The plan a signed-in person has now (the free plan once a paid one has lapsed); null: visitor. */
export function currentPlanOf(user: PublicUser | null | undefined): PlanType | null {
  if (!user) return null;
  return user.isPremium ? user.planType : 'Free user';
}

const PAID = { imageSizeLimit: '30MB', usageLimit: 'Unlimited' };
const FREE = { imageSizeLimit: '5MB', usageLimit: '5 extractions per day' };
const placeholderPlan = (
  plan: CatalogPlan['plan'],
  code: CatalogPlan['code'],
  price: number,
  validity: string,
  badge: CatalogPlan['badge'] = null,
): CatalogPlan => ({
  plan,
  code,
  rate: price,
  foreignRate: price,
  currency: 'USD',
  price,
  features: { ...(code === 'free' ? FREE : PAID), validity },
  badge,
  showCard: true,
  checkoutLink: null,
});

/**
 * What /pricing lays out, invisible, until GET /api/plans answers (issue 25): a catalogue of the
 * same shape as the API's (the same cards, wording of the same length), so the page keeps its
 * layout when the visitor's prices fill in and nothing below it moves. Never shown as prices.
 */
export const PLACEHOLDER_PLANS: PlansResponse = {
  country: null,
  isIndianUser: false,
  currency: 'USD',
  conversionRate: 1,
  paymentsAvailable: true,
  plans: [
    placeholderPlan('Free user', 'free', 0, 'n/a'),
    placeholderPlan('Pro Monthly', 'pro-monthly', 4, '30 days', 'Most popular'),
    placeholderPlan('Pro Yearly', 'pro-yearly', 33, '365 days', 'Best Value'),
    placeholderPlan('Lifetime', 'lifetime', 99, 'Lifetime'),
  ],
};
