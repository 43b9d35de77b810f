import { PLAN_TYPES, type PlanType } from 'contracts';
import { isEffective, monthOf, type Term } from './entitlements.js';

/** What the billing module stores for one person (see schemas/entitlement.schema.ts). */
export type StoredEntitlements = {
  main: Term | null;
  addon: Term | null;
  topUpBalance: number;
  defaultBalance: number;
  /** The month whose allowance defaultBalance holds; another month: the allowance is fresh. */
  balanceMonth: string | null;
};

export const NO_ENTITLEMENTS: StoredEntitlements = {
  main: null,
  addon: null,
  topUpBalance: 0,
  defaultBalance: 0,
  balanceMonth: null,
};

/** The person's plans and credits now: every plan field of spec §3, as effective values. */
export type Entitlements = {
  isPremium: boolean;
  planType: PlanType;
  premiumSince: Date | null;
  /** A subscription's renewal date; null for passes, lifetime, cancelled and trial plans. */
  nextBilling: Date | null;
  /** When access ends; null for free and lifetime. */
  validTill: Date | null;
  isCancelled: boolean;
  isTrialPlan: boolean;
  /** The provider's subscription id of an overlay subscription; null for passes. */
  subscriptionId: string | null;
  isExtPremium: boolean;
  extPlan: string | null;
  extLastBilled: Date | null;
  extNextBilling: Date | null;
  extValidTill: Date | null;
  isExtCancelled: boolean;
  topUpBalance: number;
  defaultBalance: number;
};

export type AllowanceRule = {
  /** Free add-on credits each month (spec §9: 5). */
  freeCredits: number;
  /** The monthly credits of an add-on subscription option ('sub100' → 100). */
  creditsOf: (plan: string) => number | undefined;
};

/** This month's add-on allowance: the subscription's credits while it lasts, else the free 5. */
export function monthlyAllowance(addon: Term | null, now: Date, rule: AllowanceRule): number {
  return isEffective(addon, now)
    ? (rule.creditsOf(addon.plan) ?? rule.freeCredits)
    : rule.freeCredits;
}

/** defaultBalance as it stands now: a stored balance of an earlier month is replaced by the allowance. */
export function currentDefaultBalance(
  stored: StoredEntitlements,
  now: Date,
  rule: AllowanceRule,
): number {
  return stored.balanceMonth === monthOf(now)
    ? stored.defaultBalance
    : monthlyAllowance(stored.addon, now, rule);
}

const idOf = (ref: string): string => ref.slice(ref.indexOf(':') + 1);

const isPlanType = (plan: string): plan is PlanType =>
  (PLAN_TYPES as readonly string[]).includes(plan);

/** A plan past its end gives nothing at once: the person reads as free from that instant. */
export function effectiveEntitlements(
  stored: StoredEntitlements,
  now: Date,
  rule: AllowanceRule,
): Entitlements {
  const main = isEffective(stored.main, now) && isPlanType(stored.main.plan) ? stored.main : null;
  const addon = isEffective(stored.addon, now) ? stored.addon : null;
  const renews = (term: Term) => term.mode === 'subscription' && !term.cancelled && !term.trial;
  return {
    isPremium: main !== null,
    planType: main ? (main.plan as PlanType) : 'Free user',
    premiumSince: main?.start ?? null,
    nextBilling: main && renews(main) ? main.end : null,
    validTill: main?.end ?? null,
    isCancelled: main?.cancelled ?? false,
    isTrialPlan: main?.trial ?? false,
    subscriptionId: main?.mode === 'subscription' ? idOf(main.ref) : null,
    isExtPremium: addon !== null,
    extPlan: addon?.plan ?? null,
    extLastBilled: addon?.lastBilled ?? null,
    extNextBilling: addon && renews(addon) ? addon.end : null,
    extValidTill: addon?.end ?? null,
    isExtCancelled: addon?.cancelled ?? false,
    topUpBalance: stored.topUpBalance,
    defaultBalance: currentDefaultBalance(stored, now, rule),
  };
}
