import type { PublicUser } from 'contracts';
import {
  addonCredits,
  addonPlanLabel,
  addonSubscriptionDisplay,
  fallbackEndDate,
  mainSubscriptionDisplay,
  NA_LIFETIME,
  type SubscriptionDisplay,
} from './subscription-display';

const NOW = new Date('2026-03-05T12:00:00Z');
const base: PublicUser = {
  name: 'Asha',
  email: 'asha@example.com',
  googleId: 'g-1',
  isPremium: false,
  planType: 'Free user',
};
const text = (display: SubscriptionDisplay) => display.rows.map((r) => `${r.label}: ${r.value}`);

describe('fallbackEndDate', () => {
  const start = new Date('2026-03-01T00:00:00Z');
  it.each([
    ['Pro Weekly', '2026-03-08T00:00:00.000Z'],
    ['Pro Monthly', '2026-03-31T00:00:00.000Z'],
    ['Pro Yearly', '2027-03-01T00:00:00.000Z'],
  ] as const)('adds the validity of %s to the start date', (plan, end) => {
    expect(fallbackEndDate(start, plan)?.toISOString()).toBe(end);
  });

  it('has no end for Lifetime and the free plan', () => {
    expect(fallbackEndDate(start, 'Lifetime')).toBeNull();
    expect(fallbackEndDate(start, 'Free user')).toBeNull();
  });
});

describe('mainSubscriptionDisplay', () => {
  const pro: PublicUser = {
    ...base,
    isPremium: true,
    planType: 'Pro Monthly',
    premiumSince: '2026-03-01T00:00:00Z',
    nextBilling: '2026-03-31T00:00:00Z',
    validTill: '2026-03-31T00:00:00Z',
    subscriptionId: 'sub_1',
  };

  it('shows nothing to manage on the free plan', () => {
    expect(mainSubscriptionDisplay(base, NOW)).toEqual({
      state: 'free',
      plan: 'Free user',
      rows: [],
      action: null,
    });
  });

  it("gives an active subscription 'Renews at' and 'Manage Subscription'", () => {
    const display = mainSubscriptionDisplay(pro, NOW);
    expect(display.state).toBe('active');
    expect(text(display)).toEqual(['Last billed: 1 Mar 2026', 'Renews at: 31 Mar 2026']);
    expect(display.action).toBe('manage');
  });

  it("gives a cancelled subscription 'Valid till' and 'Resume Subscription'", () => {
    const display = mainSubscriptionDisplay(
      { ...pro, isCancelled: true, nextBilling: null, validTill: '2026-03-29T00:00:00Z' },
      NOW,
    );
    expect(display.state).toBe('cancelled');
    expect(text(display)).toEqual(['Last billed: 1 Mar 2026', 'Valid till: 29 Mar 2026']);
    expect(display.action).toBe('resume');
  });

  it("gives Lifetime 'Valid till: Lifetime' and 'NA (Lifetime Validity)' with no manage button", () => {
    const display = mainSubscriptionDisplay(
      { ...pro, planType: 'Lifetime', subscriptionId: null, nextBilling: null, validTill: null },
      NOW,
    );
    expect(display.state).toBe('lifetime');
    expect(text(display)).toEqual([
      'Last billed: 1 Mar 2026',
      'Valid till: Lifetime',
      `Renews at: ${NA_LIFETIME}`,
    ]);
    expect(display.action).toBeNull();
  });

  it("gives a trial 'Last billed: NA' and no manage button", () => {
    const display = mainSubscriptionDisplay({ ...pro, isTrialPlan: true }, NOW);
    expect(display.state).toBe('trial');
    expect(text(display)).toEqual(['Last billed: NA', 'Valid till: 31 Mar 2026']);
    expect(display.action).toBeNull();
  });

  it.each([
    ['Pro Weekly', 'Renews at: 8 Mar 2026'],
    ['Pro Monthly', 'Renews at: 31 Mar 2026'],
    ['Pro Yearly', 'Renews at: 1 Mar 2027'],
  ] as const)('falls back to the start date + validity for %s', (planType, end) => {
    const display = mainSubscriptionDisplay(
      { ...pro, planType, nextBilling: null, validTill: null },
      NOW,
    );
    expect(text(display)).toContain(end);
  });

  it('uses the fallback for a cancelled plan with no end date either', () => {
    const display = mainSubscriptionDisplay(
      { ...pro, planType: 'Pro Yearly', isCancelled: true, nextBilling: null, validTill: null },
      NOW,
    );
    expect(text(display)).toContain('Valid till: 1 Mar 2027');
  });

  it("shows a card or wallet pass (no subscription id) as 'Valid till' with nothing to manage", () => {
    const display = mainSubscriptionDisplay({ ...pro, subscriptionId: null }, NOW);
    expect(display.state).toBe('pass');
    expect(text(display)).toEqual(['Last billed: 1 Mar 2026', 'Valid till: 31 Mar 2026']);
    expect(display.action).toBeNull();
  });

  it('shows a plan past its end date as expired, with no button', () => {
    const display = mainSubscriptionDisplay({ ...pro, isCancelled: true }, new Date('2026-04-02'));
    expect(display.state).toBe('expired');
    expect(text(display)).toContain('Expired on: 31 Mar 2026');
    expect(display.action).toBeNull();
    expect(mainSubscriptionDisplay({ ...pro, isPremium: false }, NOW).state).toBe('expired');
  });

  it('says NA when neither an end date nor a start date is known', () => {
    const display = mainSubscriptionDisplay(
      { ...pro, premiumSince: null, nextBilling: null, validTill: null },
      NOW,
    );
    expect(text(display)).toEqual(['Last billed: NA', 'Renews at: NA']);
  });
});

describe('addonSubscriptionDisplay', () => {
  const sub: PublicUser = {
    ...base,
    isExtPremium: true,
    extPlan: 'sub500',
    extLastBilled: '2026-03-01T00:00:00Z',
    extNextBilling: '2026-03-31T00:00:00Z',
    topUpBalance: 40,
    defaultBalance: 460,
  };

  it('adds the top-up and the monthly balances into the credits shown', () => {
    expect(addonCredits(sub)).toBe(500);
    expect(addonCredits(base)).toBe(0);
  });

  it('names the subscription by its credits', () => {
    expect(addonPlanLabel('sub500')).toBe('Subscription: 500 credits a month');
    expect(addonPlanLabel('custom')).toBe('custom');
  });

  it("gives an active add-on subscription 'Renews at' and 'Manage Subscription'", () => {
    const display = addonSubscriptionDisplay(sub, NOW);
    expect(text(display)).toEqual(['Last billed: 1 Mar 2026', 'Renews at: 31 Mar 2026']);
    expect(display.action).toBe('manage');
  });

  it("gives a cancelled one 'Valid till' and 'Resume Subscription', falling back to 30 days", () => {
    const display = addonSubscriptionDisplay(
      { ...sub, isExtCancelled: true, extNextBilling: null, extValidTill: null },
      NOW,
    );
    expect(text(display)).toEqual(['Last billed: 1 Mar 2026', 'Valid till: 31 Mar 2026']);
    expect(display.action).toBe('resume');
  });

  it('shows the free add-on plan to a non-subscriber', () => {
    expect(addonSubscriptionDisplay(base, NOW)).toMatchObject({ state: 'free', action: null });
  });
});
