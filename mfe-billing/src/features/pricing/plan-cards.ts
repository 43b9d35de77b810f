import type { CatalogPlan, PlanType, PublicUser } from 'contracts';

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
