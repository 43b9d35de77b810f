import type { PaymentsResponse, PublicUser } from 'contracts';
import { SignedInApp, type SignedIn } from '../../testing/signed-in-app.js';
import type { HistoryEntry } from './billing-history.repository.js';
import { BillingService } from './billing.service.js';
import { CreditsService } from './credits.service.js';
import { monthOf } from './entitlements.js';
import { EntitlementsService } from './entitlements.service.js';
import { LegacyPlanMigration } from './legacy-plan-migration.js';

const DAY = 86_400_000;
const SUPPORT = { kind: 'support' as const, name: 'test' };

describe('entitlements on the real database', () => {
  let platform: SignedInApp;
  let entitlements: EntitlementsService;
  let credits: CreditsService;
  let billing: BillingService;

  const me = async (who: SignedIn): Promise<PublicUser> => {
    const response = await who.browser.request(`${platform.api}/api/me`);
    return ((await response.json()) as { user: PublicUser }).user;
  };
  /** The newest revision: the person's entitlements now. */
  const entitlementDoc = (userId: string) =>
    platform.db.collection('entitlements').findOne({ userId }, { sort: { rev: -1 } });
  const historyOf = (userId: string) =>
    platform.db
      .collection<HistoryEntry>('billing_history')
      .find({ userId })
      .sort({ createdAt: 1 })
      .toArray();
  let people = 0;
  const person = () => {
    people += 1;
    return platform.signIn(`Person ${String(people)}`, `person${String(people)}@example.com`);
  };

  beforeAll(async () => {
    platform = await SignedInApp.start();
    entitlements = platform.app.get(EntitlementsService);
    credits = platform.app.get(CreditsService);
    billing = platform.app.get(BillingService);
  });
  afterAll(async () => {
    await platform.close();
  });

  it('gives a new person the free plan and 5 add-on credits, storing nothing', async () => {
    const who = await person();
    expect(await me(who)).toMatchObject({
      isPremium: false,
      planType: 'Free user',
      validTill: null,
      nextBilling: null,
      isCancelled: false,
      isTrialPlan: false,
      subscriptionId: null,
      isExtPremium: false,
      extPlan: null,
      topUpBalance: 0,
      defaultBalance: 5,
      roles: [],
      isTextOcrFeedbackSubmitted: false,
    });
    expect(await entitlementDoc(who.userId)).toBeNull();
    expect(
      await platform.db.collection('users').findOne({ googleId: who.googleId }),
    ).not.toHaveProperty('isPremium');
  });

  it('shows a grant on the next /api/me, and stops premium the moment it ends', async () => {
    const who = await person();
    const at = new Date();
    await entitlements.grant({
      userId: who.userId,
      scope: 'main',
      provider: 'razorpay',
      id: 'pay_short',
      at,
      plan: 'Pro Weekly',
      mode: 'pass',
      end: new Date(Date.now() + 1500),
    });
    expect(await me(who)).toMatchObject({
      isPremium: true,
      planType: 'Pro Weekly',
      nextBilling: null,
      subscriptionId: null,
    });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(await me(who)).toMatchObject({ isPremium: false, planType: 'Free user' });
  });

  it('applies a grant delivered 10 times at once exactly once', async () => {
    const who = await person();
    const at = new Date(Date.now() - 1000);
    const grant = () =>
      entitlements.grant({
        userId: who.userId,
        scope: 'main',
        provider: 'lemonsqueezy',
        id: 'sub_parallel',
        at,
        plan: 'Pro Monthly',
        mode: 'subscription',
      });
    const outcomes = await Promise.all(Array.from({ length: 10 }, grant));
    expect(outcomes.filter((outcome) => outcome === 'applied')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(9);
    const user = await me(who);
    expect(user).toMatchObject({
      isPremium: true,
      planType: 'Pro Monthly',
      subscriptionId: 'sub_parallel',
      isCancelled: false,
    });
    expect(new Date(user.nextBilling ?? 0).getTime()).toBe(at.getTime() + 30 * DAY);
    const history = await historyOf(who.userId);
    expect(history).toHaveLength(10);
    expect(history[0]).toMatchObject({
      action: 'grant',
      ref: 'lemonsqueezy:sub_parallel',
      by: { kind: 'provider', name: 'lemonsqueezy', id: 'sub_parallel' },
    });
  });

  it('ends correct when a cancellation arrives before the creation, and a replay re-activates nothing', async () => {
    const who = await person();
    const created = new Date(Date.now() - 10 * DAY);
    const source = {
      userId: who.userId,
      scope: 'main' as const,
      provider: 'lemonsqueezy',
      id: 'sub_ooo',
    };
    expect(await entitlements.cancel({ ...source, at: new Date(Date.now() - DAY) })).toBe(
      'not-current',
    );
    expect(
      await entitlements.grant({
        ...source,
        at: created,
        plan: 'Pro Yearly',
        mode: 'subscription',
      }),
    ).toBe('applied');
    const cancelled = await me(who);
    expect(cancelled).toMatchObject({ isPremium: true, isCancelled: true, nextBilling: null });
    expect(new Date(cancelled.validTill ?? 0).getTime()).toBe(created.getTime() + 365 * DAY);

    expect(
      await entitlements.grant({
        ...source,
        at: created,
        plan: 'Pro Yearly',
        mode: 'subscription',
      }),
    ).toBe('duplicate');
    expect(await entitlements.refund({ ...source, at: new Date() })).toBe('applied');
    expect(
      await entitlements.grant({
        ...source,
        at: new Date(),
        plan: 'Pro Yearly',
        mode: 'subscription',
      }),
    ).toBe('ended');
    expect(await me(who)).toMatchObject({ isPremium: false, planType: 'Free user' });
  });

  it('keeps an add-on subscription apart from the main plan and gives its monthly credits once', async () => {
    const who = await person();
    const source = {
      userId: who.userId,
      scope: 'addon' as const,
      provider: 'lemonsqueezy',
      id: 'sub_addon',
    };
    await credits.spend(who.userId);
    await Promise.all(
      Array.from({ length: 3 }, () =>
        entitlements.grant({ ...source, at: new Date(), plan: 'sub500', mode: 'subscription' }),
      ),
    );
    expect(await me(who)).toMatchObject({
      isPremium: false,
      isExtPremium: true,
      extPlan: 'sub500',
      isExtCancelled: false,
      defaultBalance: 500,
    });
    await credits.spend(who.userId, 3);
    expect((await me(who)).defaultBalance).toBe(497);
  });

  it('lets exactly one of 20 parallel spends take the last credit', async () => {
    const who = await person();
    await credits.spend(who.userId, 4);
    expect(await me(who)).toMatchObject({ defaultBalance: 1, topUpBalance: 0 });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => credits.spend(who.userId)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(19);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({
      code: 'NOT_ENOUGH_CREDITS',
    });
    expect(await entitlementDoc(who.userId)).toMatchObject({ defaultBalance: 0, topUpBalance: 0 });
  });

  it('spends the allowance first, then top-ups, never below zero under parallel spends', async () => {
    const who = await person();
    await credits.creditTopUp({
      userId: who.userId,
      provider: 'lemonsqueezy',
      orderId: 'order_1',
      credits: 10,
      at: new Date(),
    });
    // 5 allowance + 10 top-up: 20 parallel spends, 15 succeed.
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => credits.spend(who.userId)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(15);
    expect(await entitlementDoc(who.userId)).toMatchObject({ defaultBalance: 0, topUpBalance: 0 });
  });

  it('credits a top-up order once however often it is reported', async () => {
    const who = await person();
    const topUp = () =>
      credits.creditTopUp({
        userId: who.userId,
        provider: 'lemonsqueezy',
        orderId: 'order_dup',
        credits: 100,
        at: new Date(),
      });
    const applied = await Promise.all(Array.from({ length: 8 }, topUp));
    expect(applied.filter(Boolean)).toHaveLength(1);
    expect(await me(who)).toMatchObject({ topUpBalance: 100, defaultBalance: 5 });
  });

  it('renews the monthly allowance in a new month, keeping top-ups', async () => {
    const who = await person();
    await credits.creditTopUp({
      userId: who.userId,
      provider: 'support',
      orderId: 'op_1',
      credits: 7,
      at: new Date(),
    });
    await credits.spend(who.userId, 5);
    expect(await me(who)).toMatchObject({ defaultBalance: 0, topUpBalance: 7 });
    // The stored allowance belongs to last month.
    const newest = await entitlementDoc(who.userId);
    await platform.db
      .collection('entitlements')
      .updateOne({ _id: newest?._id }, { $set: { balanceMonth: '2020-01' } });
    expect(await me(who)).toMatchObject({ defaultBalance: 5, topUpBalance: 7 });
    await credits.spend(who.userId, 2);
    expect(await entitlementDoc(who.userId)).toMatchObject({
      balanceMonth: monthOf(new Date()),
      defaultBalance: 3,
      topUpBalance: 7,
    });
  });

  it('corrects credits for support, never below zero, and records who did it', async () => {
    const who = await person();
    expect(await credits.adjust(who.userId, 20, SUPPORT)).toEqual({
      defaultBalance: 5,
      topUpBalance: 20,
    });
    expect(await credits.adjust(who.userId, -22, SUPPORT)).toEqual({
      defaultBalance: 3,
      topUpBalance: 0,
    });
    expect(await credits.adjust(who.userId, -50, SUPPORT)).toEqual({
      defaultBalance: 0,
      topUpBalance: 0,
    });
    const history = await historyOf(who.userId);
    expect(history.map((entry) => [entry.action, entry.by])).toEqual([
      ['top-up', SUPPORT],
      ['adjust', SUPPORT],
      ['adjust', SUPPORT],
    ]);
  });

  it('lists the person’s payments, each provider payment once', async () => {
    const who = await person();
    const empty = await who.browser.request(`${platform.api}/api/billing/payments`);
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ payments: [] });
    const row = {
      provider: 'razorpay',
      paymentId: 'pay_listed',
      userId: who.userId,
      plan: 'Pro Monthly',
      amount: 129,
      currency: 'INR' as const,
      paidAt: new Date('2026-11-02T10:00:00Z'),
    };
    expect(await billing.recordPayment(row)).toBe(true);
    expect(await billing.recordPayment(row)).toBe(false);
    const listed = (await (
      await who.browser.request(`${platform.api}/api/billing/payments`)
    ).json()) as PaymentsResponse;
    expect(listed.payments).toEqual([
      {
        date: '2026-11-02T10:00:00.000Z',
        plan: 'Pro Monthly',
        amount: 129,
        currency: 'INR',
        paymentId: 'pay_listed',
        provider: 'razorpay',
      },
    ]);
    const visitor = await platform.visitor();
    const refused = await visitor.browser.request(`${platform.api}/api/billing/payments`);
    expect(refused.status).toBe(401);
  });

  it('moves plan fields left on user documents into entitlements at start, losing nothing', async () => {
    const who = await person();
    const premiumSince = new Date(Date.now() - 5 * DAY);
    const validTill = new Date(Date.now() + 25 * DAY);
    const legacy = {
      isPremium: true,
      planType: 'Pro Monthly',
      premiumSince,
      nextBilling: validTill,
      validTill,
      isCancelled: false,
      isTrialPlan: false,
      subscriptionId: 'sub_legacy',
      isExtPremium: false,
      extPlan: null,
      topUpBalance: 42,
      defaultBalance: 3,
    };
    await platform.db.collection('users').updateOne({ googleId: who.googleId }, { $set: legacy });
    expect(await platform.app.get(LegacyPlanMigration).run()).toBeGreaterThanOrEqual(1);

    const user = await platform.db.collection('users').findOne({ googleId: who.googleId });
    for (const field of Object.keys(legacy)) expect(user).not.toHaveProperty(field);
    expect(user).toMatchObject({
      name: expect.any(String) as string,
      email: expect.any(String) as string,
    });
    const doc = await entitlementDoc(who.userId);
    expect(doc?.migratedFrom).toMatchObject({ ...legacy, extPlan: null });
    expect(await me(who)).toMatchObject({
      isPremium: true,
      planType: 'Pro Monthly',
      premiumSince: premiumSince.toISOString(),
      validTill: validTill.toISOString(),
      nextBilling: validTill.toISOString(),
      subscriptionId: 'sub_legacy',
      topUpBalance: 42,
      defaultBalance: 3,
    });
    // Running again moves nothing and changes nothing.
    expect(await platform.app.get(LegacyPlanMigration).run()).toBe(0);
    expect((await historyOf(who.userId)).map((entry) => entry.action)).toEqual(['migrate']);
  });

  it('grants and revokes a manual plan for support, replacing even lifetime', async () => {
    const who = await person();
    await entitlements.grant({
      userId: who.userId,
      scope: 'main',
      provider: 'paypal',
      id: 'cap_life',
      at: new Date(),
      plan: 'Lifetime',
      mode: 'pass',
    });
    expect(await me(who)).toMatchObject({ planType: 'Lifetime', validTill: null, isPremium: true });
    const until = new Date(Date.now() + 3 * DAY);
    await entitlements.supportGrant(
      who.userId,
      'Pro Yearly',
      { until, trial: true, operationId: 'op_trial' },
      SUPPORT,
    );
    expect(await me(who)).toMatchObject({
      planType: 'Pro Yearly',
      isTrialPlan: true,
      validTill: until.toISOString(),
      nextBilling: null,
    });
    expect(await entitlements.supportRevoke(who.userId, 'op_revoke', SUPPORT)).toBe('applied');
    expect(await me(who)).toMatchObject({ isPremium: false, planType: 'Free user' });
    expect((await historyOf(who.userId)).map((entry) => [entry.action, entry.by.kind])).toEqual([
      ['grant', 'provider'],
      ['grant', 'support'],
      ['revoke', 'support'],
    ]);
  });
});
