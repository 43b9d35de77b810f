import { PLAN_VALIDITY_DAYS, type PublicUser } from 'contracts';
import { formatDate, parseDate } from '../../common/format';

// What the Billing Details tab says about a plan (spec §4 'Subscription display'), as data, so
// every rule is in one place and unit-tested:
// - Cancelled: 'Valid till' and 'Resume Subscription'.
// - Active subscription: 'Renews at' and 'Manage Subscription'.
// - Lifetime: 'Valid till: Lifetime' and 'NA (Lifetime Validity)', no manage button.
// - Trial: 'Last billed: NA', no manage button.
// - A missing end date falls back to the start date + 7, 30 or 365 days (weekly, monthly, yearly).
// Issue 13 reads 'renews' as: a purchase through the hosted overlay is a subscription (it has a
// subscriptionId) and renews until cancelled; a card or wallet purchase is a fixed-term pass with
// no subscriptionId, so it shows 'Valid till' and has nothing to manage.
// 'Last billed' is premiumSince, the start of the paid period (the billing module moves it on
// each renewal).

export type DisplayRow = { label: string; value: string };
export type SubscriptionAction = 'manage' | 'resume' | null;
export type SubscriptionState =
  'free' | 'active' | 'pass' | 'cancelled' | 'lifetime' | 'trial' | 'expired';

export type SubscriptionDisplay = {
  state: SubscriptionState;
  plan: string;
  rows: DisplayRow[];
  action: SubscriptionAction;
};

export const NA = 'NA';
export const NA_LIFETIME = 'NA (Lifetime Validity)';
/** The add-on's subscriptions renew monthly with a 30-day validity (spec §9). */
export const ADDON_VALIDITY_DAYS = 30;

const DAY_MS = 86_400_000;

export const addDays = (start: Date, days: number): Date =>
  new Date(start.getTime() + days * DAY_MS);

/** The end of a plan that started at `start`; null for Lifetime and the free plan. */
export function fallbackEndDate(start: Date, planType: PublicUser['planType']): Date | null {
  if (planType === 'Free user') return null;
  const days = PLAN_VALIDITY_DAYS[planType];
  return days === null ? null : addDays(start, days);
}

const show = (date: Date | null): string => (date ? formatDate(date) : NA);
const row = (label: string, value: string): DisplayRow => ({ label, value });

export function mainSubscriptionDisplay(user: PublicUser, now: Date): SubscriptionDisplay {
  const plan = user.planType;
  if (plan === 'Free user') return { state: 'free', plan, rows: [], action: null };

  const start = parseDate(user.premiumSince);
  const lastBilled = row('Last billed', user.isTrialPlan ? NA : show(start));
  if (plan === 'Lifetime' && user.isPremium) {
    return {
      state: 'lifetime',
      plan,
      rows: [lastBilled, row('Valid till', 'Lifetime'), row('Renews at', NA_LIFETIME)],
      action: null,
    };
  }

  const fallback = start ? fallbackEndDate(start, plan) : null;
  const nextBilling = parseDate(user.nextBilling);
  const validTill = parseDate(user.validTill);
  const renews = Boolean(user.subscriptionId) && !user.isCancelled && !user.isTrialPlan;
  const end = renews
    ? (nextBilling ?? validTill ?? fallback)
    : (validTill ?? nextBilling ?? fallback);

  if (!user.isPremium || (end !== null && end.getTime() <= now.getTime())) {
    return {
      state: 'expired',
      plan,
      rows: [lastBilled, row('Expired on', show(end))],
      action: null,
    };
  }
  if (user.isTrialPlan) {
    return { state: 'trial', plan, rows: [lastBilled, row('Valid till', show(end))], action: null };
  }
  if (user.isCancelled) {
    return {
      state: 'cancelled',
      plan,
      rows: [lastBilled, row('Valid till', show(end))],
      action: 'resume',
    };
  }
  if (renews) {
    return {
      state: 'active',
      plan,
      rows: [lastBilled, row('Renews at', show(end))],
      action: 'manage',
    };
  }
  return { state: 'pass', plan, rows: [lastBilled, row('Valid till', show(end))], action: null };
}

/** 'sub500' → 'Subscription: 500 credits a month'; other names as they are. */
export function addonPlanLabel(extPlan: string | null | undefined): string {
  if (!extPlan) return 'Subscription';
  const match = /^sub(\d+)$/.exec(extPlan);
  return match ? `Subscription: ${match[1] ?? ''} credits a month` : extPlan;
}

/** Credits shown = topUpBalance + defaultBalance (spec §3). */
export const addonCredits = (user: PublicUser): number =>
  (user.topUpBalance ?? 0) + (user.defaultBalance ?? 0);

export function addonSubscriptionDisplay(user: PublicUser, now: Date): SubscriptionDisplay {
  if (!user.isExtPremium) return { state: 'free', plan: 'Free', rows: [], action: null };
  const plan = addonPlanLabel(user.extPlan);
  const start = parseDate(user.extLastBilled);
  const fallback = start ? addDays(start, ADDON_VALIDITY_DAYS) : null;
  const nextBilling = parseDate(user.extNextBilling);
  const validTill = parseDate(user.extValidTill);
  const cancelled = Boolean(user.isExtCancelled);
  const end = cancelled
    ? (validTill ?? nextBilling ?? fallback)
    : (nextBilling ?? validTill ?? fallback);
  const lastBilled = row('Last billed', show(start));

  if (end !== null && end.getTime() <= now.getTime()) {
    return {
      state: 'expired',
      plan,
      rows: [lastBilled, row('Expired on', show(end))],
      action: null,
    };
  }
  if (cancelled) {
    return {
      state: 'cancelled',
      plan,
      rows: [lastBilled, row('Valid till', show(end))],
      action: 'resume',
    };
  }
  return {
    state: 'active',
    plan,
    rows: [lastBilled, row('Renews at', show(end))],
    action: 'manage',
  };
}
