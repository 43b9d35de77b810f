import { PLAN_TYPES, PLAN_VALIDITY_DAYS, type PlanType } from 'contracts';
import { addDays, monthOf, type Term } from './entitlements.js';

export type MigratedEntitlements = {
  main: Term | null;
  addon: Term | null;
  topUpBalance: number;
  defaultBalance: number;
  balanceMonth: string;
  migratedFrom: Record<string, unknown>;
};

const dateOf = (value: unknown): Date | null => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string' || typeof value === 'number') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
};

const countOf = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback;

const isPaidPlanType = (value: unknown): value is Exclude<PlanType, 'Free user'> =>
  typeof value === 'string' &&
  value !== 'Free user' &&
  (PLAN_TYPES as readonly string[]).includes(value);

/**
 * A user document's plan fields as entitlements. isPremium and isExtPremium decided premium
 * before, so they still do: a plan is carried over only where its flag was true. Every field is
 * also kept as it was (migratedFrom): nothing is lost, whatever this reading of it.
 */
export function fromLegacyFields(
  userId: string,
  fields: Record<string, unknown>,
  now: Date,
  freeCredits: number,
): MigratedEntitlements {
  let main: Term | null = null;
  if (fields.isPremium === true && isPaidPlanType(fields.planType)) {
    const start = dateOf(fields.premiumSince) ?? dateOf(fields.updatedAt) ?? now;
    const subscriptionId =
      typeof fields.subscriptionId === 'string' && fields.subscriptionId
        ? fields.subscriptionId
        : null;
    main = {
      plan: fields.planType,
      mode: subscriptionId ? 'subscription' : 'manual',
      start,
      end:
        fields.planType === 'Lifetime'
          ? null
          : (dateOf(fields.validTill) ??
            dateOf(fields.nextBilling) ??
            addDays(start, PLAN_VALIDITY_DAYS[fields.planType])),
      lastBilled: null,
      cancelled: fields.isCancelled === true,
      trial: fields.isTrialPlan === true,
      ref: subscriptionId ? `legacy:${subscriptionId}` : `migration:${userId}`,
      at: start,
    };
  }
  let addon: Term | null = null;
  if (fields.isExtPremium === true && typeof fields.extPlan === 'string' && fields.extPlan) {
    const lastBilled = dateOf(fields.extLastBilled);
    const start = lastBilled ?? dateOf(fields.updatedAt) ?? now;
    addon = {
      plan: fields.extPlan,
      mode: 'subscription',
      start,
      end: dateOf(fields.extValidTill) ?? dateOf(fields.extNextBilling) ?? addDays(start, 30),
      lastBilled,
      cancelled: fields.isExtCancelled === true,
      trial: false,
      ref: `migration-addon:${userId}`,
      at: start,
    };
  }
  return {
    main,
    addon,
    topUpBalance: countOf(fields.topUpBalance, 0),
    defaultBalance: countOf(fields.defaultBalance, freeCredits),
    balanceMonth: monthOf(now),
    migratedFrom: fields,
  };
}
