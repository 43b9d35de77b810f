// The signed-in person and their plan as GET /api/me returns them (spec §3).

export const PLAN_TYPES = [
  'Free user',
  'Pro Weekly',
  'Pro Monthly',
  'Pro Yearly',
  'Lifetime',
] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const ROLES = ['support'] as const;
export type Role = (typeof ROLES)[number];

export type PublicUser = {
  name: string;
  email: string;
  googleId: string;
  isPremium: boolean;
  planType: PlanType;
  premiumSince?: string | null;
  nextBilling?: string | null;
  validTill?: string | null;
  isCancelled?: boolean;
  isTrialPlan?: boolean;
  subscriptionId?: string | null;
  isTextOcrFeedbackSubmitted?: boolean;
  isExtPremium?: boolean;
  extPlan?: string | null;
  extLastBilled?: string | null;
  extNextBilling?: string | null;
  extValidTill?: string | null;
  isExtCancelled?: boolean;
  topUpBalance?: number;
  defaultBalance?: number;
  roles?: Role[];
};
