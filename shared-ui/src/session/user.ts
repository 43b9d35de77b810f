export type PlanType = 'Free user' | 'Pro Weekly' | 'Pro Monthly' | 'Pro Yearly' | 'Lifetime';

/** The signed-in person as GET /api/me returns them (spec §3). */
export type User = {
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
  roles?: string[];
};

/** undefined while loading, null when signed out (spec §4). */
export type SessionState = User | null | undefined;

export const isLifetime = (user: SessionState): boolean => user?.planType === 'Lifetime';
