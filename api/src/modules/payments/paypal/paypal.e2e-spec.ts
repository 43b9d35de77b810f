import { jest } from '@jest/globals';
import type { PaypalCreateOrderResponse, PublicUser } from 'contracts';
import { EntitlementsService } from '../../billing/entitlements.service.js';
import { startPaypalSandbox, type PaypalSandbox } from '../../../dev-payments/paypal-sandbox.js';
import { SignedInApp, type SignedIn } from '../../../testing/signed-in-app.js';
import { formatPaymentsAudit } from '../../../cli/payments-report.js';
import { PaymentsAuditService } from '../payments-audit.service.js';
import { UnverifiedWebhooks } from '../unverified-webhooks.js';
import { PaypalReconciliationService } from './paypal-reconciliation.service.js';

// Security plan items 29, 30, 32 and 33 (PayPal), as API tests: the real API on the real database,
// talking through its REST client to the local sandbox, which speaks PayPal's contract.

const KEYS = {
  clientId: 'e2e-paypal-client-0001',
  clientSecret: 'e2e-paypal-secret-0123456789',
  webhookId: 'E2EWEBHOOK0001',
};
/** The client gives a call up after this long (the sandbox's slow capture is longer). */
const TIMEOUT_MS = 400;

describe('wallet payments (PayPal) against the sandbox', () => {
  let platform: SignedInApp;
  let sandbox: PaypalSandbox;
  let people = 0;

  const person = () => {
    people += 1;
    return platform.signIn(`Wallet ${String(people)}`, `wallet${String(people)}@example.com`);
  };
  const post = (who: SignedIn, path: string, body: unknown) =>
    who.browser.request(`${platform.api}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': who.csrf },
      body: JSON.stringify(body),
    });
  const me = async (who: SignedIn): Promise<PublicUser> =>
    ((await (await who.browser.request(`${platform.api}/api/me`)).json()) as { user: PublicUser })
      .user;
  const createOrder = async (who: SignedIn, plan = 'pro-monthly'): Promise<string> => {
    const response = await post(who, '/api/paypal/create-order', { plan });
    expect(response.status).toBe(200);
    return ((await response.json()) as PaypalCreateOrderResponse).orderId;
  };
  const success = (who: SignedIn, plan: string, orderID?: string) =>
    post(who, '/api/paypal-payment-success', {
      emailId: 'someone@example.com',
      plan,
      ...(orderID ? { orderID } : {}),
    });
  const count = (collection: string, filter: Record<string, unknown>) =>
    platform.db.collection(collection).countDocuments(filter);
  const grantsApplied = (userId: string) =>
    count('billing_history', { userId, action: 'grant', outcome: 'applied' });
  const orderRow = (orderId: string) =>
    platform.db.collection('payment_orders').findOne({ provider: 'paypal', orderId });
  const sendWebhook = (body: string, headers: Record<string, string | undefined> = {}) => {
    const all: Record<string, string | undefined> = {
      'content-type': 'application/json',
      ...sandbox.sign(body),
      ...headers,
    };
    const merged = Object.entries(all).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    );
    return fetch(`${platform.api}/api/webhooks/paypal`, {
      method: 'POST',
      headers: Object.fromEntries(merged),
      body,
    });
  };
  /** Captures the order at PayPal behind the API's back (its answer and webhooks lost). */
  const captureAtPaypal = async (orderId: string) => {
    sandbox.setWebhookUrl('http://127.0.0.1:9/nowhere');
    try {
      const tokenResponse = await fetch(`${sandbox.url}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${KEYS.clientId}:${KEYS.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
      const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
      const captured = await fetch(`${sandbox.url}/v2/checkout/orders/${orderId}/capture`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(captured.status).toBe(201);
      await sandbox.idle();
    } finally {
      sandbox.setWebhookUrl(`${platform.api}/api/webhooks/paypal`);
    }
    const capture = sandbox.order(orderId)?.purchase_units[0]?.payments?.captures[0];
    if (!capture) throw new Error('no capture');
    return capture;
  };
  const event = (id: string, eventType: string, resource: unknown) =>
    JSON.stringify({
      id,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: 'capture',
      event_type: eventType,
      summary: eventType,
      resource,
    });

  beforeAll(async () => {
    sandbox = await startPaypalSandbox({
      nodeEnv: 'test',
      ...KEYS,
      habits: { retryDelaysMs: [50, 100] },
    });
    platform = await SignedInApp.start({
      PAYPAL_CLIENT_ID: KEYS.clientId,
      PAYPAL_CLIENT_SECRET: KEYS.clientSecret,
      PAYPAL_WEBHOOK_ID: KEYS.webhookId,
      PAYPAL_API_URL: sandbox.url,
      PAYPAL_TIMEOUT_MS: String(TIMEOUT_MS),
      PAYPAL_RECONCILE_AFTER_SECONDS: '0',
      // Not what these tests are about (payment-limits.e2e-spec.ts is): room for all their calls.
      PAYPAL_API_CALLS_PER_MINUTE: '6000',
    });
    sandbox.setWebhookUrl(`${platform.api}/api/webhooks/paypal`);
  });
  afterAll(async () => {
    await sandbox.idle();
    await platform.close();
    await sandbox.close();
  });
  afterEach(async () => {
    await sandbox.idle();
  });

  describe('create-order', () => {
    it('answers 401 to a visitor who is not signed in, and creates nothing', async () => {
      const visitor = await platform.visitor();
      const response = await visitor.post('/api/paypal/create-order', { plan: 'pro-monthly' });
      expect(response.status).toBe(401);
      expect(await count('payment_orders', { provider: 'paypal' })).toBe(0);
    });

    it('creates the order at the wallet amounts of the spec in USD, with our custom_id', async () => {
      const who = await person();
      const amounts = {
        'pro-weekly': '2.00',
        'pro-monthly': '4.00',
        'pro-yearly': '33.00',
        lifetime: '99.00',
      };
      for (const [plan, value] of Object.entries(amounts)) {
        const orderId = await createOrder(who, plan);
        expect(orderId).toMatch(/^[A-Z0-9]{17}$/);
        const unit = sandbox.order(orderId)?.purchase_units[0];
        expect(unit).toMatchObject({
          amount: { currency_code: 'USD', value },
          custom_id: `${who.userId}:${plan}`,
        });
        expect(await orderRow(orderId)).toMatchObject({
          userId: who.userId,
          amount: Number(value),
          amountMinor: Math.round(Number(value) * 100),
          currency: 'USD',
          status: 'created',
        });
      }
    });

    it('refuses a cross-site request without the CSRF token (403), creating nothing', async () => {
      const who = await person();
      const response = await who.browser.request(`${platform.api}/api/paypal/create-order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ plan: 'pro-monthly' }),
      });
      expect(response.status).toBe(403);
      expect(await count('payment_orders', { userId: who.userId })).toBe(0);
    });

    it('refuses an unknown plan (400) and creates nothing', async () => {
      const who = await person();
      const response = await post(who, '/api/paypal/create-order', { plan: 'pro-forever' });
      expect(response.status).toBe(400);
      expect(await count('payment_orders', { userId: who.userId })).toBe(0);
    });
  });

  describe('paypal-payment-success (security plan 32)', () => {
    it("client 'success' for an order never approved: no capture, no upgrade", async () => {
      const who = await person();
      const orderId = await createOrder(who, 'lifetime');
      for (const response of [
        await success(who, 'lifetime', orderId),
        await success(who, 'lifetime'),
      ]) {
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({
          success: false,
          code: 'PAYMENT_VERIFICATION_FAILED',
        });
      }
      // Without any order at all.
      const other = await person();
      expect((await success(other, 'pro-yearly')).status).toBe(400);
      expect(sandbox.captureCount(orderId)).toBe(0);
      expect(await me(who)).toMatchObject({ isPremium: false, planType: 'Free user' });
      expect(await count('payments', { userId: who.userId })).toBe(0);
    });

    it('refuses to sell a plan that would not extend the one held (409), creating no order', async () => {
      const who = await person();
      const monthly = await createOrder(who, 'pro-monthly');
      sandbox.approve(monthly, { webhooks: 'drop' });
      expect((await success(who, 'pro-monthly', monthly)).status).toBe(200);
      const orders = () => count('payment_orders', { provider: 'paypal', userId: who.userId });
      const before = await orders();
      // A new grant replaces the current plan: a week bought during a month would shorten it.
      const weekly = await post(who, '/api/paypal/create-order', { plan: 'pro-weekly' });
      expect(weekly.status).toBe(409);
      expect(await weekly.json()).toMatchObject({ code: 'PLAN_ALREADY_COVERED' });
      expect(await orders()).toBe(before);
      // A longer plan extends it and may be bought.
      expect((await post(who, '/api/paypal/create-order', { plan: 'pro-yearly' })).status).toBe(
        200,
      );
      expect(await me(who)).toMatchObject({ isPremium: true, planType: 'Pro Monthly' });
    });

    it('has nothing more to sell to a Lifetime holder (409)', async () => {
      const who = await person();
      const lifetime = await createOrder(who, 'lifetime');
      sandbox.approve(lifetime, { webhooks: 'drop' });
      expect((await success(who, 'lifetime', lifetime)).status).toBe(200);
      for (const plan of ['pro-weekly', 'pro-yearly', 'lifetime']) {
        const response = await post(who, '/api/paypal/create-order', { plan });
        expect(response.status).toBe(409);
      }
      expect(await me(who)).toMatchObject({ planType: 'Lifetime' });
    });

    it('captures the approved order server-side and grants the stored plan; answers from its record', async () => {
      const who = await person();
      const orderId = await createOrder(who, 'pro-monthly');
      sandbox.approve(orderId, { webhooks: 'drop' });
      // The page claims another plan: the spec's request is { emailId, plan } and the plan names
      // which of the person's orders is meant, so a claim for a plan without an order is refused.
      expect((await success(who, 'lifetime', orderId)).status).toBe(400);
      const response = await success(who, 'pro-monthly');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true, plan: 'pro-monthly' });
      expect(sandbox.captureCount(orderId)).toBe(1);
      expect(await me(who)).toMatchObject({ isPremium: true, planType: 'Pro Monthly' });
      const row = await orderRow(orderId);
      expect(row).toMatchObject({ status: 'paid' });
      expect(
        await count('payments', { userId: who.userId, provider: 'paypal', currency: 'USD' }),
      ).toBe(1);
      // Called again: the same answer from the record, nothing captured or granted twice.
      expect(await (await success(who, 'pro-monthly', orderId)).json()).toEqual({
        success: true,
        plan: 'pro-monthly',
      });
      expect(sandbox.captureCount(orderId)).toBe(1);
      expect(await grantsApplied(who.userId)).toBe(1);
    });

    it('answers success only once the plan is granted, even while the webhook is mid-way (seen in a browser run)', async () => {
      // The webhook's fulfilment had marked the order paid before writing its grant; a success
      // call arriving in between answered 'already granted' and the page showed a Free user.
      const who = await person();
      const orderId = await createOrder(who, 'lifetime');
      sandbox.approve(orderId, { webhooks: 'drop' });
      const capture = await captureAtPaypal(orderId);
      const entitlements = platform.app.get(EntitlementsService);
      const grant = entitlements.grant.bind(entitlements);
      let midway: (answer: Promise<Response>) => void = () => undefined;
      const answered = new Promise<Response>((resolve) => {
        midway = (answer) => {
          resolve(answer);
        };
      });
      let first = true;
      const spy = jest.spyOn(entitlements, 'grant').mockImplementation(async (input) => {
        // The success call arrives while the webhook's grant is being written.
        if (first) midway(success(who, 'lifetime', orderId));
        first = false;
        await new Promise((resolve) => setTimeout(resolve, 300));
        return grant(input);
      });
      try {
        const body = event('WH-MIDWAY0000000001', 'PAYMENT.CAPTURE.COMPLETED', capture);
        const [hook, page] = await Promise.all([
          sendWebhook(body),
          answered.then(async (response) => ({ status: response.status, user: await me(who) })),
        ]);
        expect(hook.status).toBe(200);
        expect(page.status).toBe(200);
        expect(page.user).toMatchObject({ isPremium: true, planType: 'Lifetime' });
      } finally {
        spy.mockRestore();
      }
      expect(await grantsApplied(who.userId)).toBe(1);
    });

    it("refuses another person's order (400), capturing nothing", async () => {
      const owner = await person();
      const thief = await person();
      const orderId = await createOrder(owner, 'pro-yearly');
      sandbox.approve(orderId, { webhooks: 'drop' });
      const response = await success(thief, 'pro-yearly', orderId);
      expect(response.status).toBe(400);
      expect(sandbox.captureCount(orderId)).toBe(0);
      expect(await me(thief)).toMatchObject({ isPremium: false });
    });

    it('a capture that times out is sent again with the same PayPal-Request-Id: one capture', async () => {
      const who = await person();
      const orderId = await createOrder(who, 'pro-yearly');
      sandbox.approve(orderId, { webhooks: 'drop' });
      sandbox.delayNextCapture(TIMEOUT_MS * 3);
      const response = await success(who, 'pro-yearly', orderId);
      expect(response.status).toBe(200);
      // Two capture requests reached the sandbox (the first answered too late), one capture made.
      const keys = sandbox.captureRequests(orderId);
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(sandbox.captureCount(orderId)).toBe(1);
      // And again from another path (the job), same key: still one.
      await platform.app.get(PaypalReconciliationService).runOnce();
      expect(sandbox.captureCount(orderId)).toBe(1);
      expect(await me(who)).toMatchObject({ isPremium: true, planType: 'Pro Yearly' });
      expect(await count('payments', { userId: who.userId })).toBe(1);
    });

    it('an order tampered to another amount, currency or custom_id is captured but refused: no grant', async () => {
      const who = await person();
      const cheap = await createOrder(who, 'lifetime');
      sandbox.approve(cheap, { webhooks: 'drop' });
      sandbox.tamper(cheap, { currency_code: 'USD', value: '0.99' });
      const euros = await createOrder(who, 'pro-weekly');
      sandbox.approve(euros, { webhooks: 'drop' });
      sandbox.tamper(euros, { currency_code: 'EUR', value: '2.00' });
      // Another person's custom_id on an order of the right amount.
      const theirs = await createOrder(who, 'pro-monthly');
      sandbox.approve(theirs, { webhooks: 'drop' });
      sandbox.tamperCustomId(theirs, 'someone-else:pro-monthly');
      for (const [plan, orderId] of [
        ['lifetime', cheap],
        ['pro-weekly', euros],
        ['pro-monthly', theirs],
      ] as const) {
        const response = await success(who, plan, orderId);
        expect(response.status).toBe(400);
        expect(await orderRow(orderId)).toMatchObject({ status: 'created' });
      }
      await sandbox.idle();
      expect(await me(who)).toMatchObject({ isPremium: false, planType: 'Free user' });
      expect(await count('payments', { userId: who.userId })).toBe(0);
      expect(await grantsApplied(who.userId)).toBe(0);
      // The capture webhooks that followed were refused too.
      const rejected = await count('webhook_events', {
        provider: 'paypal',
        eventType: 'PAYMENT.CAPTURE.COMPLETED',
        orderId: { $in: [cheap, euros, theirs] },
        outcome: 'rejected',
      });
      expect(rejected).toBe(3);
    });
  });

  describe('webhooks (security plan 29, 30)', () => {
    it('answers 401 to missing headers, a failed verification or a changed byte; never 500', async () => {
      const body = event('WH-FORGED000000001', 'PAYMENT.CAPTURE.COMPLETED', {
        id: 'CAPTUREFORGED0001',
        status: 'COMPLETED',
        amount: { currency_code: 'USD', value: '99.00' },
        supplementary_data: { related_ids: { order_id: 'ORDERFORGED000001' } },
      });
      const unverified = () => platform.app.get(UnverifiedWebhooks).countsOf('paypal').total;
      const unverifiedBefore = unverified();
      const rowsBefore = await count('webhook_events', { provider: 'paypal' });
      const statuses: number[] = [];
      for (const header of [
        'paypal-transmission-id',
        'paypal-transmission-time',
        'paypal-transmission-sig',
        'paypal-cert-url',
        'paypal-auth-algo',
      ]) {
        statuses.push((await sendWebhook(body, { [header]: undefined })).status);
      }
      statuses.push((await sendWebhook(body, { 'paypal-transmission-sig': 'AAAA' })).status);
      // A value PayPal's check refuses with 400 VALIDATION_ERROR: 401 too, not 5xx.
      statuses.push((await sendWebhook(body, { 'paypal-cert-url': 'not a url' })).status);
      statuses.push((await sendWebhook(body, { 'paypal-transmission-sig': '' })).status);
      const signed = sandbox.sign(body);
      const changed = body.replace('99.00', '98.00');
      statuses.push((await sendWebhook(changed, signed)).status);
      statuses.push((await sendWebhook('not json', signed)).status);
      expect(statuses).toEqual(Array.from(statuses, () => 401));
      expect(
        await count('webhook_events', { provider: 'paypal', eventId: 'WH-FORGED000000001' }),
      ).toBe(0);
      // Counted, not stored (security plan 43).
      expect(unverified() - unverifiedBefore).toBe(statuses.length);
      expect(await count('webhook_events', { provider: 'paypal' })).toBe(rowsBefore);
      // The same body, signed: verified (and refused as an unknown order, 200 so no retries).
      expect((await sendWebhook(body)).status).toBe(200);
      expect(
        await count('webhook_events', { provider: 'paypal', eventId: 'WH-FORGED000000001' }),
      ).toBe(1);
    });

    it('the same CAPTURE.COMPLETED ×3 in parallel plus the success call: one payment, one grant', async () => {
      const who = await person();
      const orderId = await createOrder(who, 'pro-weekly');
      sandbox.approve(orderId, { webhooks: 'drop' });
      // Captured at PayPal (by an earlier success call whose answer was lost); its webhook lost.
      const capture = await captureAtPaypal(orderId);
      const eventId = 'WH-SAMEEVENT00000001';
      const body = event(eventId, 'PAYMENT.CAPTURE.COMPLETED', capture);
      const answers = await Promise.all([
        sendWebhook(body),
        sendWebhook(body),
        sendWebhook(body),
        success(who, 'pro-weekly', orderId),
      ]);
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(sandbox.captureCount(orderId)).toBe(1);
      expect(await count('payments', { paymentId: capture.id })).toBe(1);
      expect(await grantsApplied(who.userId)).toBe(1);
      expect(await me(who)).toMatchObject({ isPremium: true, planType: 'Pro Weekly' });
      const events = await platform.db
        .collection('webhook_events')
        .find({ provider: 'paypal', eventId })
        .toArray();
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        signatureValid: true,
        outcome: 'processed',
        userId: who.userId,
        orderId,
        paymentId: capture.id,
      });
      // What `npm run support -- payments EMAIL` prints: the wallet order, payment and event.
      const audit = await platform.app.get(PaymentsAuditService).of(who.userId);
      const report = formatPaymentsAudit('wallet@example.com', who.userId, audit);
      expect(report).toContain(`paypal ${orderId}  Pro Weekly  2 USD  paid`);
      expect(report).toContain(`paypal ${capture.id}  Pro Weekly  2 USD`);
      expect(report).toContain(`PAYMENT.CAPTURE.COMPLETED ${eventId}  signature valid  processed`);
    });

    it("the sandbox's own deliveries (APPROVED captures, duplicates) converge on one grant", async () => {
      const who = await person();
      const orderId = await createOrder(who, 'lifetime');
      const before = sandbox.deliveries.length;
      sandbox.setHabits({ copies: 3, retryDelaysMs: [50] });
      try {
        sandbox.approve(orderId);
        await sandbox.idle();
      } finally {
        sandbox.setHabits({ retryDelaysMs: [50, 100] });
      }
      expect(sandbox.captureCount(orderId)).toBe(1);
      expect(await me(who)).toMatchObject({ isPremium: true, planType: 'Lifetime' });
      expect(await grantsApplied(who.userId)).toBe(1);
      expect(await count('payments', { userId: who.userId })).toBe(1);
      const ours = sandbox.deliveries.slice(before);
      expect(ours.map((d) => d.eventType).sort()).toEqual([
        ...Array<string>(3).fill('CHECKOUT.ORDER.APPROVED'),
        ...Array<string>(3).fill('PAYMENT.CAPTURE.COMPLETED'),
      ]);
      expect(ours.filter((d) => d.status !== 200)).toEqual([]);
      // The success call afterwards answers from the record.
      expect(await (await success(who, 'lifetime')).json()).toEqual({
        success: true,
        plan: 'lifetime',
      });
    });

    it('revokes the plan when the capture is refunded; a replayed capture does not restore it', async () => {
      const who = await person();
      const orderId = await createOrder(who, 'pro-monthly');
      sandbox.approve(orderId, { webhooks: 'drop' });
      expect((await success(who, 'pro-monthly', orderId)).status).toBe(200);
      await sandbox.idle();
      expect(await me(who)).toMatchObject({ isPremium: true });
      const capture = sandbox.order(orderId)?.purchase_units[0]?.payments?.captures[0];
      if (!capture) throw new Error('no capture');
      sandbox.refund(capture.id);
      await sandbox.idle();
      expect(await me(who)).toMatchObject({ isPremium: false, planType: 'Free user' });
      expect(await orderRow(orderId)).toMatchObject({ status: 'refunded' });
      const replay = await sendWebhook(
        event('WH-REPLAYAFTERREFUND1', 'PAYMENT.CAPTURE.COMPLETED', {
          ...capture,
          status: 'COMPLETED',
        }),
      );
      expect(replay.status).toBe(200);
      expect(await me(who)).toMatchObject({ isPremium: false });
    });
  });

  describe('reversals (security plan 41)', () => {
    const refundsApplied = (userId: string) =>
      count('billing_history', { userId, action: 'refund', outcome: 'applied' });
    const bought = async (who: SignedIn, plan = 'pro-monthly') => {
      const orderId = await createOrder(who, plan);
      sandbox.approve(orderId, { webhooks: 'drop' });
      expect((await success(who, plan, orderId)).status).toBe(200);
      await sandbox.idle();
      expect(await me(who)).toMatchObject({ isPremium: true });
      const capture = sandbox.order(orderId)?.purchase_units[0]?.payments?.captures[0];
      if (!capture) throw new Error('no capture');
      return { orderId, capture };
    };

    it('PAYMENT.CAPTURE.REVERSED delivered ×3 ends the plan once; the success call replayed answers an error', async () => {
      const who = await person();
      const { orderId, capture } = await bought(who);
      sandbox.setHabits({ copies: 3, retryDelaysMs: [50] });
      try {
        sandbox.reverse(capture.id);
        await sandbox.idle();
      } finally {
        sandbox.setHabits({ retryDelaysMs: [50, 100] });
      }
      expect(await me(who)).toMatchObject({ isPremium: false, planType: 'Free user' });
      expect(await orderRow(orderId)).toMatchObject({ status: 'refunded' });
      expect(await refundsApplied(who.userId)).toBe(1);
      const reversed = await platform.db
        .collection('webhook_events')
        .find({ provider: 'paypal', eventType: 'PAYMENT.CAPTURE.REVERSED', orderId })
        .toArray();
      expect(reversed).toHaveLength(1);
      expect(reversed[0]).toMatchObject({
        outcome: 'processed',
        detail: 'chargeback applied',
        paymentId: capture.id,
        userId: who.userId,
      });
      const again = await success(who, 'pro-monthly', orderId);
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ success: false, code: 'PAYMENT_REFUNDED' });
      expect(await me(who)).toMatchObject({ isPremium: false });
    });

    it('a reversal that arrives before its capture is known grants nothing, whatever comes next', async () => {
      const who = await person();
      const orderId = await createOrder(who, 'pro-yearly');
      sandbox.approve(orderId, { webhooks: 'drop' });
      const capture = await captureAtPaypal(orderId);
      sandbox.reverse(capture.id);
      await sandbox.idle();
      expect(await orderRow(orderId)).toMatchObject({ status: 'refunded' });
      // The capture's own event, the success call and the job, late: nothing is granted.
      const completed = await sendWebhook(
        event('WH-COMPLETEDAFTERREV1', 'PAYMENT.CAPTURE.COMPLETED', {
          ...capture,
          status: 'COMPLETED',
        }),
      );
      expect(completed.status).toBe(200);
      const late = await success(who, 'pro-yearly', orderId);
      expect(late.status).toBe(409);
      expect(await late.json()).toMatchObject({ code: 'PAYMENT_REFUNDED' });
      await platform.app.get(PaypalReconciliationService).runOnce();
      expect(await me(who)).toMatchObject({ isPremium: false, planType: 'Free user' });
      expect(await grantsApplied(who.userId)).toBe(0);
      expect(await count('payments', { userId: who.userId })).toBe(0);
    });

    it('the refund sweep catches a reversal whose webhooks were all dropped, once', async () => {
      const who = await person();
      const { orderId, capture } = await bought(who, 'pro-weekly');
      sandbox.reverse(capture.id, { webhooks: 'drop' });
      expect(await me(who)).toMatchObject({ isPremium: true });
      const job = platform.app.get(PaypalReconciliationService);
      const summary = await job.sweepRefunds();
      expect(summary.changed).toBe(1);
      expect(summary.failed).toBe(0);
      expect(await me(who)).toMatchObject({ isPremium: false, planType: 'Free user' });
      expect(await orderRow(orderId)).toMatchObject({ status: 'refunded' });
      expect((await job.sweepRefunds()).changed).toBe(0);
      expect(await refundsApplied(who.userId)).toBe(1);
    });
  });

  describe('verify-webhook-signature gets the delivery as received', () => {
    it('verifies a delivery whose bytes are not JSON.stringify of its parse (spacing, key order, escapes)', async () => {
      const who = await person();
      const orderId = await createOrder(who, 'pro-monthly');
      sandbox.approve(orderId, { webhooks: 'drop' });
      const capture = await captureAtPaypal(orderId);
      // As PayPal may send it: its own key order and spacing, non-ASCII text escaped.
      const body =
        `{\n  "summary": "Payment completed for $ 4.00 USD \\u2014 caf\\u00e9",\n` +
        `  "event_type": "PAYMENT.CAPTURE.COMPLETED",\n  "id": "WH-RAWBYTES0000000001",\n` +
        `  "resource_type": "capture",\n  "resource": ${JSON.stringify(capture, null, 1)}\n}\n`;
      expect(JSON.stringify(JSON.parse(body))).not.toBe(body);
      const response = await sendWebhook(body);
      expect(response.status).toBe(200);
      expect(
        await platform.db
          .collection('webhook_events')
          .findOne({ provider: 'paypal', eventId: 'WH-RAWBYTES0000000001' }),
      ).toMatchObject({ signatureValid: true, outcome: 'processed', paymentId: capture.id });
      expect(await me(who)).toMatchObject({ isPremium: true, planType: 'Pro Monthly' });
    });
  });

  describe('reconciliation (security plan 33)', () => {
    it('captures and grants an order approved but never captured (tab closed, webhook lost)', async () => {
      const who = await person();
      const orderId = await createOrder(who, 'pro-yearly');
      const untouched = await createOrder(who, 'pro-weekly');
      sandbox.approve(orderId, { webhooks: 'drop' });
      const job = platform.app.get(PaypalReconciliationService);
      const summary = await job.runOnce();
      expect(summary.changed).toBeGreaterThanOrEqual(1);
      expect(summary.failed).toBe(0);
      expect(sandbox.captureCount(orderId)).toBe(1);
      expect(sandbox.captureCount(untouched)).toBe(0);
      expect(await orderRow(orderId)).toMatchObject({ status: 'paid' });
      expect(await orderRow(untouched)).toMatchObject({ status: 'created' });
      expect(await me(who)).toMatchObject({ isPremium: true, planType: 'Pro Yearly' });
      // A second pass changes nothing.
      expect((await job.runOnce()).changed).toBe(0);
      expect(await grantsApplied(who.userId)).toBe(1);
    });

    it('walks every due order in one pass: the one after 120 older unpaid orders is captured', async () => {
      const hourAgo = new Date(Date.now() - 3600_000);
      const older = Array.from({ length: 120 }, (_, i) => ({
        provider: 'paypal',
        orderId: `SEEDED${String(i).padStart(11, '0')}`,
        userId: 'someone-else',
        plan: 'Pro Weekly',
        amount: 2,
        amountMinor: 200,
        currency: 'USD',
        status: 'created',
        createdAt: hourAgo,
        updatedAt: hourAgo,
      }));
      await platform.db.collection('payment_orders').insertMany(older);
      try {
        const who = await person();
        const orderId = await createOrder(who, 'pro-monthly');
        sandbox.approve(orderId, { webhooks: 'drop' });
        const summary = await platform.app.get(PaypalReconciliationService).runOnce();
        expect(sandbox.captureCount(orderId)).toBe(1);
        expect(await me(who)).toMatchObject({ isPremium: true, planType: 'Pro Monthly' });
        // PayPal never made the older ones: each asked once, refused, the pass went on.
        expect(summary.checked).toBeGreaterThanOrEqual(121);
        expect(summary.failed).toBeGreaterThanOrEqual(120);
      } finally {
        await platform.db
          .collection('payment_orders')
          .deleteMany({ orderId: { $in: older.map((o) => o.orderId) } });
      }
    });
  });
});
