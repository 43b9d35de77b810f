import { createHmac } from 'node:crypto';
import type { CheckoutLinkResponse, PublicUser } from 'contracts';
import {
  startLemonSqueezySandbox,
  type LemonSqueezySandbox,
} from '../../../dev-payments/lemonsqueezy-sandbox.js';
import { SignedInApp, type SignedIn } from '../../../testing/signed-in-app.js';
import { formatPaymentsAudit } from '../../../cli/payments-report.js';
import { CreditsService } from '../../billing/credits.service.js';
import { EntitlementsService } from '../../billing/entitlements.service.js';
import { PaymentsAuditService } from '../payments-audit.service.js';
import { UnverifiedWebhooks } from '../unverified-webhooks.js';
import { LemonSqueezyReconciliationService } from './lemonsqueezy-reconciliation.service.js';

// Security plan items 29-31 and 33 (Lemon Squeezy), as API tests: the real API on the real
// database, talking to the local sandbox, which speaks Lemon Squeezy's contract and delivers its
// signed webhooks.

const KEYS = {
  apiKey: 'ls-e2e-api-key-0123456789',
  webhookSecret: 'ls-e2e-signing-secret',
  storeId: '4242',
};
const VARIANTS = {
  '101': { price: 400, interval: 'month' as const },
  '102': { price: 3300, interval: 'year' as const },
  '103': { price: 9900, interval: null },
  '111': { price: 500, interval: 'month' as const },
  '121': { price: 700, interval: null },
};
const SUPPORT = { kind: 'support', name: 'e2e' } as const;
const V = { monthly: '101', yearly: '102', lifetime: '103', sub100: '111', topUp100: '121' };

describe('hosted checkout overlay (Lemon Squeezy) against the sandbox', () => {
  let platform: SignedInApp;
  let sandbox: LemonSqueezySandbox;
  let people = 0;

  const person = () => {
    people += 1;
    return platform.signIn(`Buyer ${String(people)}`, `buyer${String(people)}@example.com`);
  };
  const emailOf = (n: number) => `buyer${String(n)}@example.com`;
  const me = async (who: SignedIn): Promise<PublicUser> =>
    ((await (await who.browser.request(`${platform.api}/api/me`)).json()) as { user: PublicUser })
      .user;
  const get = (who: SignedIn, path: string) => who.browser.request(`${platform.api}${path}`);
  const count = (collection: string, filter: Record<string, unknown>) =>
    platform.db.collection(collection).countDocuments(filter);
  const grantsApplied = (userId: string) =>
    count('billing_history', { userId, action: 'grant', outcome: 'applied' });
  const paymentRows = (userId: string) => count('payments', { userId, provider: 'lemonsqueezy' });
  const buy = (
    who: SignedIn,
    n: number,
    variantId: string,
    webhooks: 'deliver' | 'drop' = 'deliver',
  ) =>
    sandbox.buy({
      variantId,
      email: emailOf(n),
      custom: { user_id: who.userId, googleId: who.googleId, planType: 'x' },
      webhooks,
    });
  const post = (body: string, headers: Record<string, string | undefined>) => {
    const merged: Record<string, string | undefined> = {
      'content-type': 'application/json',
      ...headers,
    };
    return fetch(`${platform.api}/api/webhooks/lemonsqueezy`, {
      method: 'POST',
      headers: Object.fromEntries(
        Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ),
      body,
    });
  };
  const sign = (body: string) =>
    createHmac('sha256', KEYS.webhookSecret).update(body).digest('hex');

  beforeAll(async () => {
    sandbox = await startLemonSqueezySandbox({
      nodeEnv: 'test',
      ...KEYS,
      variants: VARIANTS,
      habits: { retryDelaysMs: [20, 40, 80] },
    });
    platform = await SignedInApp.start({
      LEMONSQUEEZY_API_KEY: KEYS.apiKey,
      LEMONSQUEEZY_WEBHOOK_SECRET: KEYS.webhookSecret,
      LEMONSQUEEZY_STORE_ID: KEYS.storeId,
      LEMONSQUEEZY_TEST_MODE: 'true',
      LEMONSQUEEZY_API_URL: sandbox.url,
      // The documented quota: reconciliation gets half of it, enough for the 51 pages below.
      LEMONSQUEEZY_API_CALLS_PER_MINUTE: '300',
      LEMONSQUEEZY_VARIANTS: `pro-monthly=101,pro-yearly=102,lifetime=103,sub100=111,topUp100=121`,
      CHECKOUT_LINKS:
        'pro-yearly=https://shop.example/checkout/buy/yearly-uuid,sub100=https://shop.example/checkout/buy/sub100-uuid',
    });
    sandbox.setWebhookUrl(`${platform.api}/api/webhooks/lemonsqueezy`);
  });
  afterEach(async () => {
    await sandbox.idle();
    sandbox.setHabits({ retryDelaysMs: [20, 40, 80] });
    sandbox.setWebhookUrl(`${platform.api}/api/webhooks/lemonsqueezy`);
  });
  afterAll(async () => {
    await sandbox.idle();
    await platform.close();
    await sandbox.close();
  });

  it('the sandbox refuses NODE_ENV=production', async () => {
    await expect(
      startLemonSqueezySandbox({ nodeEnv: 'production', ...KEYS, variants: VARIANTS }),
    ).rejects.toThrow(/refuses to run with NODE_ENV=production/);
  });

  describe('webhook signature (security plan 29)', () => {
    it('passes the exact signed bytes; a 1-byte change, no header, a wrong length → 401, never 500', async () => {
      const { body, headers } = sandbox.signed(
        'order_created',
        { type: 'orders', id: 'x', attributes: {} },
        {},
      );
      expect(body).toContain('order_created');
      const tampered = body.replace('order_created', 'order_createe');
      const signature = headers['x-signature'] ?? '';
      for (const [b, s] of [
        [tampered, signature],
        [body, undefined],
        [body, ''],
        [body, signature.slice(0, 63)],
        [body, `${signature}00`],
        [body, 'é'.repeat(32)],
        [body, sign(body).replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))],
      ] as const) {
        const response = await post(b, { 'x-event-name': 'order_created', 'x-signature': s });
        expect(response.status).toBe(401);
        expect(await response.json()).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
      }
      // Counted, not stored (security plan 43).
      expect(platform.app.get(UnverifiedWebhooks).countsOf('lemonsqueezy')).toEqual({
        total: 7,
        byReason: { 'bad signature': 6, 'no signature header': 1 },
      });
      expect(await count('webhook_events', { provider: 'lemonsqueezy' })).toBe(0);
      const ok = await post(body, headers);
      expect(ok.status).toBe(200);
    });

    it('refuses another store and the other mode by state, granting nothing', async () => {
      const who = await person();
      const attributes = {
        store_id: 999,
        status: 'paid',
        total: 700,
        currency: 'USD',
        first_order_item: { variant_id: 121 },
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        test_mode: true,
      };
      for (const attrs of [attributes, { ...attributes, store_id: 4242, test_mode: false }]) {
        const { body, headers } = sandbox.signed(
          'order_created',
          {
            type: 'orders',
            id: `o${String(attrs.store_id)}${String(attrs.test_mode)}`,
            attributes: attrs,
          },
          { user_id: who.userId },
        );
        const response = await post(body, headers);
        expect(response.status).toBe(200);
      }
      expect((await me(who)).topUpBalance).toBe(0);
      expect(await count('webhook_events', { provider: 'lemonsqueezy', userId: who.userId })).toBe(
        0,
      );
      expect(
        await count('webhook_events', {
          provider: 'lemonsqueezy',
          outcome: 'rejected',
          detail: /store 999|live event/,
        }),
      ).toBe(2);
    });
  });

  describe('subscriptions by state (security plan 30, 31)', () => {
    it('a Pro Yearly subscription makes the buyer premium, renewing ("Renews at")', async () => {
      const who = await person();
      const { subscriptionId } = buy(who, people, V.yearly);
      await sandbox.idle();
      const user = await me(who);
      expect(user).toMatchObject({
        isPremium: true,
        planType: 'Pro Yearly',
        isCancelled: false,
        subscriptionId,
      });
      expect(user.nextBilling).toBe(
        new Date(
          String(sandbox.subscription(subscriptionId ?? '')?.attributes.renews_at),
        ).toISOString(),
      );
      expect(await paymentRows(who.userId)).toBe(1);
    });

    it('every event ×3 in parallel: one payment row, one grant', async () => {
      const who = await person();
      sandbox.setHabits({ copies: 3, retryDelaysMs: [20, 40, 80] });
      buy(who, people, V.yearly);
      await sandbox.idle();
      expect(sandbox.deliveries.filter((d) => d.status !== 200)).toEqual([]);
      expect((await me(who)).planType).toBe('Pro Yearly');
      expect(await paymentRows(who.userId)).toBe(1);
      expect(await grantsApplied(who.userId)).toBe(1);
      // One row per distinct event (order, subscription, invoice), however often delivered.
      expect(await count('webhook_events', { provider: 'lemonsqueezy', userId: who.userId })).toBe(
        3,
      );
    });

    it('subscription_updated(cancelled) delivered before subscription_created ends cancelled', async () => {
      const who = await person();
      const { subscriptionId } = buy(who, people, V.monthly, 'drop');
      const id = subscriptionId ?? '';
      const created = sandbox.subscription(id);
      const cancelled = sandbox.setStatus(id, 'cancelled', { webhooks: 'drop' });
      const custom = { user_id: who.userId };
      const first = sandbox.signed('subscription_updated', cancelled, custom);
      const second = sandbox.signed('subscription_created', created ?? cancelled, custom);
      expect((await post(first.body, first.headers)).status).toBe(200);
      expect((await post(second.body, second.headers)).status).toBe(200);
      const user = await me(who);
      expect(user).toMatchObject({
        isPremium: true,
        planType: 'Pro Monthly',
        isCancelled: true,
        nextBilling: null,
      });
      expect(user.validTill).toBe(new Date(String(cancelled.attributes.ends_at)).toISOString());
    });

    it('a replay of the old subscription_created after cancellation does not re-activate', async () => {
      const who = await person();
      const { subscriptionId } = buy(who, people, V.monthly);
      await sandbox.idle();
      const id = subscriptionId ?? '';
      const createdDelivery = sandbox.deliveries.find(
        (d) => d.event === 'subscription_created' && d.body.includes(`"id":"${id}"`),
      );
      sandbox.setStatus(id, 'cancelled');
      await sandbox.idle();
      expect((await me(who)).isCancelled).toBe(true);
      const old = createdDelivery?.body ?? '';
      // The same bytes (deduplicated) and the same old state under another name (handled by state).
      const replays = [
        { body: old, name: 'subscription_created' },
        {
          body: old.replace('"subscription_created"', '"subscription_resumed"'),
          name: 'subscription_resumed',
        },
      ];
      for (const replay of replays) {
        const response = await post(replay.body, {
          'x-event-name': replay.name,
          'x-signature': sign(replay.body),
        });
        expect(response.status).toBe(200);
      }
      expect(await me(who)).toMatchObject({
        isPremium: true,
        isCancelled: true,
        nextBilling: null,
      });
      expect(await grantsApplied(who.userId)).toBe(1);
    });

    it('expiry ends the plan and a later replay of its creation never grants again', async () => {
      const who = await person();
      const { subscriptionId } = buy(who, people, V.monthly);
      await sandbox.idle();
      const created = sandbox.deliveries.find(
        (d) =>
          d.event === 'subscription_created' && d.body.includes(`"id":"${subscriptionId ?? ''}"`),
      );
      sandbox.setStatus(subscriptionId ?? '', 'expired');
      await sandbox.idle();
      expect((await me(who)).isPremium).toBe(false);
      const body = (created?.body ?? '').replace(
        '"subscription_created"',
        '"subscription_updated"',
      );
      await post(body, { 'x-event-name': 'subscription_updated', 'x-signature': sign(body) });
      expect((await me(who)).isPremium).toBe(false);
    });

    it('order_refunded revokes a subscription and a Lifetime order', async () => {
      const who = await person();
      const { orderId } = buy(who, people, V.monthly);
      await sandbox.idle();
      expect((await me(who)).isPremium).toBe(true);
      sandbox.refund(orderId);
      await sandbox.idle();
      expect((await me(who)).isPremium).toBe(false);

      const other = await person();
      const lifetime = buy(other, people, V.lifetime);
      await sandbox.idle();
      expect(await me(other)).toMatchObject({ isPremium: true, planType: 'Lifetime' });
      sandbox.refund(lifetime.orderId);
      await sandbox.idle();
      expect((await me(other)).isPremium).toBe(false);
      expect(await paymentRows(other.userId)).toBe(1);
    });
  });

  describe('a plan that replaces a renewing subscription', () => {
    const statusOf = (id: string) => String(sandbox.subscription(id)?.attributes.status);
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 500 && !check(); i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await sandbox.idle();
    };

    it('buying Lifetime cancels the Pro Monthly subscription at the provider; Lifetime stays', async () => {
      const who = await person();
      const { subscriptionId } = buy(who, people, V.monthly);
      await sandbox.idle();
      expect(await me(who)).toMatchObject({ planType: 'Pro Monthly', isCancelled: false });
      buy(who, people, V.lifetime);
      await until(() => statusOf(subscriptionId ?? '') === 'cancelled');
      expect(statusOf(subscriptionId ?? '')).toBe('cancelled');
      // Its cancellation webhooks arrived and changed nothing: Lifetime, not cancelled.
      expect(
        sandbox.deliveries.some(
          (d) =>
            d.event === 'subscription_cancelled' &&
            d.body.includes(`"id":"${String(subscriptionId)}"`),
        ),
      ).toBe(true);
      expect(await me(who)).toMatchObject({
        isPremium: true,
        planType: 'Lifetime',
        isCancelled: false,
      });
    });

    it('a renewing subscription whose plan support replaced is cancelled by reconciliation', async () => {
      const who = await person();
      const { subscriptionId } = buy(who, people, V.yearly);
      await sandbox.idle();
      await platform.app
        .get(EntitlementsService)
        .supportGrant(who.userId, 'Lifetime', { operationId: `op-${who.userId}` }, SUPPORT);
      expect(statusOf(subscriptionId ?? '')).toBe('active');
      const reconciliation = platform.app.get(LemonSqueezyReconciliationService);
      expect((await reconciliation.runOnce()).changed).toBeGreaterThanOrEqual(1);
      await sandbox.idle();
      expect(statusOf(subscriptionId ?? '')).toBe('cancelled');
      expect((await me(who)).planType).toBe('Lifetime');
      // Nothing left to do on the next pass.
      await reconciliation.runOnce();
      expect(statusOf(subscriptionId ?? '')).toBe('cancelled');
    });
  });

  it('a refund that overtakes the purchase is retried until it applies: not premium', async () => {
    const who = await person();
    sandbox.setHabits({ retryDelaysMs: [400, 800, 1600] });
    const { orderId, subscriptionId } = buy(who, people, V.monthly, 'drop');
    const order = sandbox.order(orderId);
    const subscription = sandbox.subscription(subscriptionId ?? '');
    if (!order || !subscription) throw new Error('sandbox lost the purchase');
    sandbox.refund(orderId);
    while (
      !sandbox.deliveries.some(
        (d) => d.event === 'order_refunded' && d.body.includes(`"id":"${orderId}"`),
      )
    ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(sandbox.deliveries.filter((d) => d.event === 'order_refunded').at(-1)?.status).toBe(500);
    const custom = { user_id: who.userId };
    for (const [name, data] of [
      ['order_created', order],
      ['subscription_created', subscription],
    ] as const) {
      const { body, headers } = sandbox.signed(name, data, custom);
      expect((await post(body, headers)).status).toBe(200);
    }
    expect((await me(who)).isPremium).toBe(true);
    await sandbox.idle();
    expect(sandbox.deliveries.filter((d) => d.event === 'order_refunded').at(-1)?.status).toBe(200);
    expect((await me(who)).isPremium).toBe(false);
  });

  describe('add-on', () => {
    it('a top-up order credits once, delivered three times', async () => {
      const who = await person();
      sandbox.setHabits({ copies: 3, retryDelaysMs: [20] });
      buy(who, people, V.topUp100);
      await sandbox.idle();
      expect((await me(who)).topUpBalance).toBe(100);
      expect(await paymentRows(who.userId)).toBe(1);
      expect(
        await count('billing_history', {
          userId: who.userId,
          action: 'top-up',
          outcome: 'applied',
        }),
      ).toBe(1);
    });

    it('a refunded top-up takes back the credits left of it, once', async () => {
      const who = await person();
      const first = buy(who, people, V.topUp100);
      buy(who, people, V.topUp100);
      await sandbox.idle();
      expect((await me(who)).topUpBalance).toBe(200);
      // The month's 5 free credits go first, then 125 of the 200 bought.
      await platform.app.get(CreditsService).spend(who.userId, 130);
      expect((await me(who)).topUpBalance).toBe(75);
      sandbox.setHabits({ copies: 3, retryDelaysMs: [20] });
      sandbox.refund(first.orderId);
      await sandbox.idle();
      expect((await me(who)).topUpBalance).toBe(0);
      expect(
        await count('billing_history', {
          userId: who.userId,
          action: 'refund',
          outcome: 'applied',
          'detail.takenBack': 75,
        }),
      ).toBe(1);
      // A replay of the refunded order's purchase credits nothing again.
      const order = sandbox.order(first.orderId);
      if (!order) throw new Error('sandbox lost the order');
      const { body, headers } = sandbox.signed(
        'order_created',
        { ...order, attributes: { ...order.attributes, status: 'paid' } },
        { user_id: who.userId },
      );
      expect((await post(body, headers)).status).toBe(200);
      expect((await me(who)).topUpBalance).toBe(0);
    });

    it('an add-on subscription gives the month’s allowance once, however often its payment arrives', async () => {
      const who = await person();
      const { subscriptionId } = buy(who, people, V.sub100);
      await sandbox.idle();
      expect(await me(who)).toMatchObject({
        isExtPremium: true,
        extPlan: 'sub100',
        defaultBalance: 100,
      });
      await platform.app.get(CreditsService).spend(who.userId, 10);
      sandbox.setHabits({ copies: 3, retryDelaysMs: [20] });
      sandbox.renew(subscriptionId ?? '');
      await sandbox.idle();
      const user = await me(who);
      expect(user.defaultBalance).toBe(90);
      expect(user.isExtPremium).toBe(true);
      // The first order and the renewal's invoice: one row each.
      expect(await paymentRows(who.userId)).toBe(2);
    });
  });

  describe('checkout link and customer portal', () => {
    it('builds the overlay link with our ids as custom data', async () => {
      const who = await person();
      const response = await get(
        who,
        '/api/checkout-link?plan=pro-yearly&discountCode=SAVE10&source=extension',
      );
      expect(response.status).toBe(200);
      const { url } = (await response.json()) as CheckoutLinkResponse;
      const link = new URL(url);
      expect(link.origin + link.pathname).toBe('https://shop.example/checkout/buy/yearly-uuid');
      expect(link.searchParams.get('checkout[custom][user_id]')).toBe(who.userId);
      expect(link.searchParams.get('checkout[custom][googleId]')).toBe(who.googleId);
      expect(link.searchParams.get('checkout[custom][planType]')).toBe('Pro Yearly');
      expect(link.searchParams.get('checkout[discount_code]')).toBe('SAVE10');
      expect(link.searchParams.get('source')).toBe('extension');
      expect((await get(who, '/api/checkout-link?plan=lifetime')).status).toBe(404);
      expect((await get(who, '/api/checkout-link?plan=Lifetime')).status).toBe(400);
      const visitor = await platform.visitor();
      expect(
        (await visitor.browser.request(`${platform.api}/api/checkout-link?plan=pro-yearly`)).status,
      ).toBe(401);
    });

    it('answers the portal URL of the subscription, and NO_SUBSCRIPTION for none', async () => {
      const who = await person();
      const { subscriptionId } = buy(who, people, V.yearly);
      const addon = buy(who, people, V.sub100);
      await sandbox.idle();
      const main = await get(who, '/api/get-customer-portal-link?forSheetsExtension=false');
      expect(main.status).toBe(200);
      expect(await main.json()).toEqual({
        portalUrl:
          sandbox.subscription(subscriptionId ?? '')?.attributes.urls &&
          (
            sandbox.subscription(subscriptionId ?? '')?.attributes.urls as {
              customer_portal: string;
            }
          ).customer_portal,
      });
      const ext = await get(who, '/api/get-customer-portal-link?forSheetsExtension=true');
      expect(((await ext.json()) as { portalUrl: string }).portalUrl).toContain(
        `/portal/${addon.subscriptionId ?? ''}`,
      );

      const nobody = await person();
      const none = await get(nobody, '/api/get-customer-portal-link?forSheetsExtension=false');
      expect(none.status).toBe(404);
      expect(await none.json()).toMatchObject({ code: 'NO_SUBSCRIPTION' });
    });
  });

  it('support’s payments report lists the overlay’s orders, subscriptions and events', async () => {
    const who = await person();
    const { orderId, subscriptionId } = buy(who, people, V.yearly);
    await sandbox.idle();
    const report = formatPaymentsAudit(
      emailOf(people),
      who.userId,
      await platform.app.get(PaymentsAuditService).of(who.userId),
    );
    expect(report).toContain(`lemonsqueezy ${orderId}  Pro Yearly  33 USD  paid`);
    expect(report).toContain(`lemonsqueezy ${subscriptionId ?? ''}  main pro-yearly  active`);
    expect(report).toMatch(
      /lemonsqueezy subscription_created sha256:\w+ {2}signature valid {2}processed/,
    );
    expect(report).toMatch(
      /lemonsqueezy order_created .* processed \(first payment of a subscription\)/,
    );
    expect(report).toContain(`main grant lemonsqueezy:${subscriptionId ?? ''} → applied`);
  });

  describe('reconciliation (security plan 33)', () => {
    it('catches a purchase whose webhooks were all dropped after their retries, and a dropped cancellation', async () => {
      const who = await person();
      sandbox.setWebhookUrl(`${platform.api}/api/webhooks/nowhere`);
      const { subscriptionId } = buy(who, people, V.yearly);
      await sandbox.idle();
      // Each event: the first attempt and 3 retries, all refused, then dropped.
      expect(
        sandbox.deliveries.filter((d) => d.body.includes(`"user_id":"${who.userId}"`)),
      ).toHaveLength(12);
      expect((await me(who)).isPremium).toBe(false);

      const reconciliation = platform.app.get(LemonSqueezyReconciliationService);
      const summary = await reconciliation.runOnce();
      expect(summary.changed).toBeGreaterThanOrEqual(1);
      expect(await me(who)).toMatchObject({
        isPremium: true,
        planType: 'Pro Yearly',
        isCancelled: false,
      });
      expect(await paymentRows(who.userId)).toBe(1);

      sandbox.setStatus(subscriptionId ?? '', 'cancelled', { webhooks: 'drop' });
      await reconciliation.runOnce();
      expect((await me(who)).isCancelled).toBe(true);
      // A second pass changes nothing.
      const again = await reconciliation.runOnce();
      expect(again.changed).toBe(0);
      expect(await grantsApplied(who.userId)).toBe(1);
    });

    it('records a top-up and a Lifetime order whose webhooks were dropped, once', async () => {
      const who = await person();
      buy(who, people, V.topUp100, 'drop');
      buy(who, people, V.lifetime, 'drop');
      const reconciliation = platform.app.get(LemonSqueezyReconciliationService);
      await reconciliation.runOnce();
      await reconciliation.runOnce();
      expect(await me(who)).toMatchObject({ topUpBalance: 100, planType: 'Lifetime' });
      expect(await paymentRows(who.userId)).toBe(2);
    });

    // Last in this file: the store keeps its 5,000 other subscriptions for any later pass.
    it('follows the listing to its last page: the 5,001st subscription (webhooks dropped) is reconciled', async () => {
      // The store sells other products too: 5,000 subscriptions of a variant not ours, listed
      // before ours (the sandbox lists in creation order, 100 a page at most).
      sandbox.seedSubscriptions(5000, '999');
      const who = await person();
      const { subscriptionId } = buy(who, people, V.monthly, 'drop');
      const listed = () =>
        sandbox.requests.filter(
          (r) => r.method === 'GET' && r.url.startsWith('/v1/subscriptions?'),
        );
      const before = listed().length;
      const summary = await platform.app.get(LemonSqueezyReconciliationService).runOnce();
      expect(await me(who)).toMatchObject({ isPremium: true, planType: 'Pro Monthly' });
      expect(summary.failed).toBe(0);
      expect(listed().length - before).toBeGreaterThanOrEqual(51);
      expect(
        await count('provider_subscriptions', { provider: 'lemonsqueezy', subscriptionId }),
      ).toBe(1);
    });
  });

  describe('refunds and chargebacks of subscriptions (security plan 41)', () => {
    const refunds = (userId: string) =>
      count('billing_history', { userId, action: 'refund', outcome: 'applied' });

    it('a chargeback of an add-on subscription (×3) ends it and takes back its month’s allowance, once', async () => {
      const who = await person();
      const { subscriptionId } = buy(who, people, V.sub100);
      await sandbox.idle();
      await platform.app.get(CreditsService).spend(who.userId, 30);
      expect(await me(who)).toMatchObject({ isExtPremium: true, defaultBalance: 70 });
      const created = sandbox.deliveries.find(
        (d) =>
          d.event === 'subscription_created' && d.body.includes(`"id":"${subscriptionId ?? ''}"`),
      );
      sandbox.setHabits({ copies: 3, retryDelaysMs: [20] });
      sandbox.refundPayment(subscriptionId ?? '', { chargeback: true });
      await sandbox.idle();
      expect(await me(who)).toMatchObject({
        isExtPremium: false,
        extPlan: null,
        defaultBalance: 0,
      });
      expect(await refunds(who.userId)).toBe(1);
      expect(
        await count('billing_history', {
          userId: who.userId,
          scope: 'addon',
          action: 'refund',
          'detail.takenBack': 70,
        }),
      ).toBe(1);
      // A replay of the subscription's creation gives back neither the plan nor the allowance.
      const body = created?.body ?? '';
      expect(
        (await post(body, { 'x-event-name': 'subscription_created', 'x-signature': sign(body) }))
          .status,
      ).toBe(200);
      expect(await me(who)).toMatchObject({ isExtPremium: false, defaultBalance: 0 });
    });

    it('an add-on subscription’s refunded order takes back its month’s allowance as well', async () => {
      const who = await person();
      const { orderId } = buy(who, people, V.sub100);
      await sandbox.idle();
      expect(await me(who)).toMatchObject({ isExtPremium: true, defaultBalance: 100 });
      sandbox.refund(orderId);
      await sandbox.idle();
      expect(await me(who)).toMatchObject({ isExtPremium: false, defaultBalance: 0 });
    });

    it('a refunded payment ends Pro Monthly even when the cancellation sent after it arrives first', async () => {
      const who = await person();
      const { subscriptionId } = buy(who, people, V.monthly);
      await sandbox.idle();
      sandbox.renew(subscriptionId ?? '');
      await sandbox.idle();
      expect(await me(who)).toMatchObject({ isPremium: true, planType: 'Pro Monthly' });
      // subscription_updated (cancelled, newer) first, the refund of the renewal last.
      sandbox.setHabits({ outOfOrder: true, retryDelaysMs: [20] });
      sandbox.refundPayment(subscriptionId ?? '', { chargeback: true });
      await sandbox.idle();
      expect(sandbox.deliveries.slice(-3).map((d) => [d.event, d.status])).toEqual([
        ['subscription_updated', 200],
        ['subscription_cancelled', 200],
        ['subscription_payment_refunded', 200],
      ]);
      expect(await me(who)).toMatchObject({ isPremium: false, planType: 'Free user' });
      expect(await refunds(who.userId)).toBe(1);
    });

    it('reconciliation catches a subscription’s refunded order whose webhooks were all dropped', async () => {
      const who = await person();
      const { orderId } = buy(who, people, V.yearly);
      await sandbox.idle();
      sandbox.setWebhookUrl(`${platform.api}/api/webhooks/nowhere`);
      sandbox.refund(orderId);
      await sandbox.idle();
      expect(await me(who)).toMatchObject({ isPremium: true, planType: 'Pro Yearly' });
      const reconciliation = platform.app.get(LemonSqueezyReconciliationService);
      expect((await reconciliation.runOnce()).changed).toBeGreaterThanOrEqual(1);
      expect(await me(who)).toMatchObject({ isPremium: false, planType: 'Free user' });
      await reconciliation.runOnce();
      expect(await refunds(who.userId)).toBe(1);
    });
  });
});
