import { createHmac } from 'node:crypto';
import type { CreateOrderResponse, PublicUser } from 'contracts';
import {
  startRazorpaySandbox,
  type CheckoutSuccess,
  type RazorpaySandbox,
} from '../../../dev-payments/razorpay-sandbox.js';
import { SignedInApp, type SignedIn } from '../../../testing/signed-in-app.js';
import { formatPaymentsAudit } from '../../../cli/payments-report.js';
import { PaymentFulfilmentService } from '../payment-fulfilment.service.js';
import { PaymentsAuditService } from '../payments-audit.service.js';
import { UnverifiedWebhooks } from '../unverified-webhooks.js';
import { RazorpayReconciliationService } from './razorpay-reconciliation.service.js';

// Security plan items 28-31 and 33 (Razorpay), as API tests: the real API on the real database,
// talking through the official package to the local sandbox, which speaks Razorpay's contract.

const KEYS = {
  keyId: 'rzp_test_e2e0000000000',
  keySecret: 'e2e-key-secret-0123456789',
  webhookSecret: 'e2e-webhook-secret-0123456789',
};
const COUNTRY_HEADER = 'x-test-country';
const MONTHLY = { planType: 'Pro Monthly', amount: 129 } as const;

describe('card payments (Razorpay) against the sandbox', () => {
  let platform: SignedInApp;
  let sandbox: RazorpaySandbox;
  let people = 0;

  const person = () => {
    people += 1;
    return platform.signIn(`Payer ${String(people)}`, `payer${String(people)}@example.com`);
  };
  const post = (who: SignedIn, path: string, body: unknown, country = 'IN') =>
    who.browser.request(`${platform.api}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': who.csrf,
        [COUNTRY_HEADER]: country,
      },
      body: JSON.stringify(body),
    });
  const me = async (who: SignedIn): Promise<PublicUser> =>
    ((await (await who.browser.request(`${platform.api}/api/me`)).json()) as { user: PublicUser })
      .user;
  const createOrder = async (who: SignedIn, body: unknown = MONTHLY) => {
    const response = await post(who, '/api/create-order', body);
    expect(response.status).toBe(200);
    return (await response.json()) as CreateOrderResponse;
  };
  const count = (collection: string, filter: Record<string, unknown>) =>
    platform.db.collection(collection).countDocuments(filter);
  const grantsApplied = (userId: string) =>
    count('billing_history', { userId, action: 'grant', outcome: 'applied' });
  const orderRow = (orderId: string) =>
    platform.db.collection('payment_orders').findOne({ provider: 'razorpay', orderId });

  /** A webhook as Razorpay sends it, signed over the exact bytes. */
  const webhookBody = (event: string, payment: Record<string, unknown>) =>
    JSON.stringify({
      entity: 'event',
      account_id: 'acc_test000000000',
      event,
      contains: ['payment'],
      payload: { payment: { entity: payment } },
      created_at: Math.floor(Date.now() / 1000),
    });
  const sendWebhook = (
    body: string,
    headers: Record<string, string | undefined> = {},
  ): Promise<Response> => {
    const defaults: Record<string, string | undefined> = {
      'content-type': 'application/json',
      'x-razorpay-signature': createHmac('sha256', KEYS.webhookSecret).update(body).digest('hex'),
      'x-razorpay-event-id': `evt${String(Math.random()).slice(2, 16)}`,
    };
    const merged = Object.entries({ ...defaults, ...headers }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    );
    return fetch(`${platform.api}/api/webhooks/razorpay`, {
      method: 'POST',
      headers: Object.fromEntries(merged),
      body,
    });
  };
  const capturedPayment = (order: CreateOrderResponse, paid: CheckoutSuccess) => ({
    id: paid.razorpay_payment_id,
    entity: 'payment',
    amount: order.amount,
    currency: order.currency,
    status: 'captured',
    order_id: order.orderId,
    method: 'card',
    captured: true,
    created_at: Math.floor(Date.now() / 1000),
  });
  const payWithoutWebhooks = async (orderId: string): Promise<CheckoutSuccess> => {
    const paid = await sandbox.pay(orderId, { webhooks: 'drop' });
    if (paid.status !== 'captured') throw new Error('sandbox declined');
    // What the checkout hands the page: these three fields.
    const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = paid;
    return { razorpay_order_id, razorpay_payment_id, razorpay_signature };
  };

  beforeAll(async () => {
    sandbox = await startRazorpaySandbox({
      nodeEnv: 'test',
      ...KEYS,
      habits: { retryDelaysMs: [50, 100] },
    });
    platform = await SignedInApp.start({
      RAZORPAY_KEY_ID: KEYS.keyId,
      RAZORPAY_KEY_SECRET: KEYS.keySecret,
      RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
      RAZORPAY_API_URL: sandbox.url,
      RAZORPAY_RECONCILE_AFTER_SECONDS: '0',
      COUNTRY_HEADER,
    });
    sandbox.setWebhookUrl(`${platform.api}/api/webhooks/razorpay`);
  });
  afterAll(async () => {
    await sandbox.idle();
    await platform.close();
    await sandbox.close();
  });

  describe('create-order', () => {
    it('answers 401 to a visitor who is not signed in (the page sends them to sign-in)', async () => {
      const visitor = await platform.visitor();
      const response = await visitor.post('/api/create-order', MONTHLY, { [COUNTRY_HEADER]: 'IN' });
      expect(response.status).toBe(401);
      expect(await count('payment_orders', {})).toBe(0);
    });

    it('prices the plan from the catalogue in paise and stores the order as created', async () => {
      const who = await person();
      const order = await createOrder(who);
      expect(order).toEqual({
        amount: 12900,
        currency: 'INR',
        orderId: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/) as unknown,
        keyId: KEYS.keyId,
      });
      expect(await orderRow(order.orderId)).toMatchObject({
        userId: who.userId,
        plan: 'Pro Monthly',
        amount: 129,
        amountMinor: 12900,
        currency: 'INR',
        status: 'created',
        paymentId: null,
      });
    });

    it('refuses a tampered amount with 400 and creates no order', async () => {
      const who = await person();
      for (const amount of [1, 128.99, 999, 12900]) {
        const response = await post(who, '/api/create-order', { planType: 'Pro Monthly', amount });
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ code: 'PAYMENT_AMOUNT_MISMATCH' });
      }
      expect(await count('payment_orders', { userId: who.userId })).toBe(0);
    });

    it('sends a visitor from outside India to the hosted checkout (4xx, no order)', async () => {
      const who = await person();
      const response = await post(who, '/api/create-order', MONTHLY, 'US');
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'PAYMENT_METHOD_UNAVAILABLE' });
      expect(await count('payment_orders', { userId: who.userId })).toBe(0);
    });

    it('refuses the free plan and unknown plans (400)', async () => {
      const who = await person();
      for (const planType of ['Free user', 'Pro Forever']) {
        const response = await post(who, '/api/create-order', { planType, amount: 0 });
        expect(response.status).toBe(400);
      }
    });
  });

  describe('verify-payment (security plan 28)', () => {
    it('grants the plan stored with the order: paid for Monthly, claimed Lifetime → Monthly', async () => {
      const who = await person();
      const order = await createOrder(who);
      const paid = await payWithoutWebhooks(order.orderId);
      const response = await post(who, '/api/verify-payment', { ...paid, planType: 'Lifetime' });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true });
      expect(await me(who)).toMatchObject({ isPremium: true, planType: 'Pro Monthly' });
      expect(await orderRow(order.orderId)).toMatchObject({
        status: 'paid',
        paymentId: paid.razorpay_payment_id,
      });
      const payments = await platform.db
        .collection('payments')
        .find({ userId: who.userId })
        .toArray();
      expect(payments).toMatchObject([
        {
          provider: 'razorpay',
          paymentId: paid.razorpay_payment_id,
          plan: 'Pro Monthly',
          amount: 129,
          currency: 'INR',
        },
      ]);
      // The same confirmation again (a double click) changes nothing.
      expect((await post(who, '/api/verify-payment', paid)).status).toBe(200);
      expect(await grantsApplied(who.userId)).toBe(1);
      expect(await count('payments', { userId: who.userId })).toBe(1);
    });

    it('refuses a signature with one character changed, or of the wrong length (400), granting nothing', async () => {
      const who = await person();
      const order = await createOrder(who);
      const paid = await payWithoutWebhooks(order.orderId);
      const sig = paid.razorpay_signature;
      const forged = [
        `${sig.slice(0, 20)}${sig[20] === '0' ? '1' : '0'}${sig.slice(21)}`,
        sig.slice(0, 63),
        `${sig}0`,
        '',
      ];
      for (const razorpay_signature of forged) {
        const response = await post(who, '/api/verify-payment', { ...paid, razorpay_signature });
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({
          success: false,
          code: 'PAYMENT_VERIFICATION_FAILED',
          error:
            'Payment received, but verification failed. Please Contact Support for a manual upgrade or refund.',
        });
      }
      expect(await me(who)).toMatchObject({ isPremium: false, planType: 'Free user' });
      expect(await orderRow(order.orderId)).toMatchObject({ status: 'created', paymentId: null });
      expect(await count('payments', { userId: who.userId })).toBe(0);
      expect(await count('billing_history', { userId: who.userId })).toBe(0);
    });

    it("refuses another person's order id (400) and changes nothing for either", async () => {
      const owner = await person();
      const intruder = await person();
      const order = await createOrder(owner);
      const paid = await payWithoutWebhooks(order.orderId);
      const response = await post(intruder, '/api/verify-payment', paid);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        success: false,
        code: 'PAYMENT_ORDER_NOT_FOUND',
      });
      expect(await me(intruder)).toMatchObject({ isPremium: false });
      expect(await me(owner)).toMatchObject({ isPremium: false });
      expect(await orderRow(order.orderId)).toMatchObject({ status: 'created' });
      expect(await count('payments', { paymentId: paid.razorpay_payment_id })).toBe(0);
    });

    it("refuses a payment of one order presented with another order's id", async () => {
      const who = await person();
      const cheap = await createOrder(who, { planType: 'Pro Weekly', amount: 65 });
      const dear = await createOrder(who, { planType: 'Pro Yearly', amount: 999 });
      const paid = await payWithoutWebhooks(cheap.orderId);
      const response = await post(who, '/api/verify-payment', {
        ...paid,
        razorpay_order_id: dear.orderId,
      });
      expect(response.status).toBe(400);
      expect(await me(who)).toMatchObject({ isPremium: false });
    });
  });

  describe('webhooks (security plan 29-31)', () => {
    it('grants exactly once for the same payment.captured ×3 in parallel plus the verify call', async () => {
      const who = await person();
      const order = await createOrder(who);
      const paid = await payWithoutWebhooks(order.orderId);
      const body = webhookBody('payment.captured', capturedPayment(order, paid));
      const eventId = 'evtSameEvent0001';
      const answers = await Promise.all([
        sendWebhook(body, { 'x-razorpay-event-id': eventId }),
        sendWebhook(body, { 'x-razorpay-event-id': eventId }),
        sendWebhook(body, { 'x-razorpay-event-id': eventId }),
        post(who, '/api/verify-payment', paid),
      ]);
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(await count('payments', { paymentId: paid.razorpay_payment_id })).toBe(1);
      expect(await grantsApplied(who.userId)).toBe(1);
      expect(await me(who)).toMatchObject({ isPremium: true, planType: 'Pro Monthly' });
      const events = await platform.db
        .collection('webhook_events')
        .find({ provider: 'razorpay', eventId })
        .toArray();
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        signatureValid: true,
        eventType: 'payment.captured',
        outcome: 'processed',
        userId: who.userId,
        paymentId: paid.razorpay_payment_id,
        bodySha256: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
      });
      // What `npm run support -- payments EMAIL` prints for this person.
      const audit = await platform.app.get(PaymentsAuditService).of(who.userId);
      expect(audit.orders).toHaveLength(1);
      expect(audit.payments).toHaveLength(1);
      expect(audit.webhookEvents.map((e) => e.eventId)).toEqual([eventId]);
      const report = formatPaymentsAudit('payer@example.com', who.userId, audit);
      expect(report).toContain(`razorpay ${order.orderId}  Pro Monthly  129 INR  paid`);
      expect(report).toContain(`razorpay ${paid.razorpay_payment_id}  Pro Monthly  129 INR`);
      expect(report).toContain(`payment.captured ${eventId}  signature valid  processed`);
      expect(report).toMatch(/main grant razorpay:pay_\w+ → applied {2}by razorpay pay_/);
    });

    it("converges with the sandbox's own deliveries: duplicates, authorized after captured", async () => {
      const who = await person();
      const order = await createOrder(who, { planType: 'Pro Yearly', amount: 999 });
      sandbox.setHabits({ copies: 2, outOfOrder: true, retryDelaysMs: [50] });
      try {
        const paid = await sandbox.pay(order.orderId);
        await sandbox.idle();
        expect(paid.status).toBe('captured');
      } finally {
        sandbox.setHabits({ retryDelaysMs: [50, 100] });
      }
      // Sent in this order (authorized last), each twice; they arrive concurrently.
      const sent = sandbox.deliveries.slice(-6);
      expect(sent.map((d) => d.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(sent.map((d) => d.event).sort()).toEqual([
        'order.paid',
        'order.paid',
        'payment.authorized',
        'payment.authorized',
        'payment.captured',
        'payment.captured',
      ]);
      const authorized = await platform.db
        .collection('webhook_events')
        .findOne({ eventType: 'payment.authorized', orderId: order.orderId });
      expect(authorized).toMatchObject({ outcome: 'ignored' });
      expect(await me(who)).toMatchObject({ isPremium: true, planType: 'Pro Yearly' });
      expect(await grantsApplied(who.userId)).toBe(1);
      expect(await count('payments', { userId: who.userId })).toBe(1);
      expect(await orderRow(order.orderId)).toMatchObject({ status: 'paid' });
    });

    it('answers 401 (never 500) to a forged, changed, unsigned or wrong-length delivery, acting on none', async () => {
      const who = await person();
      const order = await createOrder(who);
      const paid = await payWithoutWebhooks(order.orderId);
      const body = webhookBody('payment.captured', capturedPayment(order, paid));
      const good = createHmac('sha256', KEYS.webhookSecret).update(body).digest('hex');
      const forged = createHmac('sha256', 'not-the-secret').update(body).digest('hex');
      const refused = () => platform.app.get(UnverifiedWebhooks).countsOf('razorpay').total;
      const refusedBefore = refused();
      const attempts: [string, Record<string, string | undefined>][] = [
        [body, { 'x-razorpay-signature': forged }],
        [body.replace('"captured"', '"captureD"'), { 'x-razorpay-signature': good }],
        [body, { 'x-razorpay-signature': undefined }],
        [body, { 'x-razorpay-signature': good.slice(0, 10) }],
        [body, { 'x-razorpay-signature': `${good}00` }],
        [`${body} `, { 'x-razorpay-signature': good }],
      ];
      for (const [text, headers] of attempts) {
        const response = await sendWebhook(text, {
          ...headers,
          'x-razorpay-event-id': 'evtForged',
        });
        expect(response.status).toBe(401);
        expect(await response.json()).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
      }
      expect(await me(who)).toMatchObject({ isPremium: false });
      expect(await count('payments', { userId: who.userId })).toBe(0);
      // Counted, not stored (security plan 43).
      expect(refused() - refusedBefore).toBe(attempts.length);
      expect(await count('webhook_events', { eventId: 'evtForged' })).toBe(0);
      // The forged deliveries did not take the event id: the real event is still handled.
      const real = await sendWebhook(body, { 'x-razorpay-event-id': 'evtForged' });
      expect(real.status).toBe(200);
      expect(await me(who)).toMatchObject({ isPremium: true });
    });

    it('revokes the plan when the payment is refunded (refund webhooks from the sandbox)', async () => {
      const who = await person();
      const order = await createOrder(who);
      const paid = await payWithoutWebhooks(order.orderId);
      expect((await post(who, '/api/verify-payment', paid)).status).toBe(200);
      expect(await me(who)).toMatchObject({ isPremium: true });
      const auth = Buffer.from(`${KEYS.keyId}:${KEYS.keySecret}`).toString('base64');
      const refund = await fetch(`${sandbox.url}/v1/payments/${paid.razorpay_payment_id}/refund`, {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(refund.status).toBe(200);
      await sandbox.idle();
      expect(await me(who)).toMatchObject({ isPremium: false, planType: 'Free user' });
      expect(await orderRow(order.orderId)).toMatchObject({ status: 'refunded' });
      // A capture event replayed after the refund does not bring the plan back.
      const replay = await sendWebhook(
        webhookBody('payment.captured', capturedPayment(order, paid)),
      );
      expect(replay.status).toBe(200);
      expect(await me(who)).toMatchObject({ isPremium: false });
      // Nor does the page's verify call replayed: an error, not success (security plan 41).
      const verifyAgain = await post(who, '/api/verify-payment', paid);
      expect(verifyAgain.status).toBe(409);
      expect(await verifyAgain.json()).toMatchObject({ success: false, code: 'PAYMENT_REFUNDED' });
      expect(await me(who)).toMatchObject({ isPremium: false });
    });

    it('records and ignores a capture for an order that is not ours (200, no grant)', async () => {
      const body = webhookBody('payment.captured', {
        id: 'pay_NotOurs00000000',
        amount: 12900,
        currency: 'INR',
        status: 'captured',
        order_id: 'order_NotOurs0000000',
        created_at: Math.floor(Date.now() / 1000),
      });
      const response = await sendWebhook(body, { 'x-razorpay-event-id': 'evtNotOurs' });
      expect(response.status).toBe(200);
      expect(
        await platform.db.collection('webhook_events').findOne({ eventId: 'evtNotOurs' }),
      ).toMatchObject({ outcome: 'rejected', detail: 'unknown order' });
      expect(await count('payments', { paymentId: 'pay_NotOurs00000000' })).toBe(0);
    });

    it('refuses a capture whose amount differs from the order (no grant)', async () => {
      const who = await person();
      const order = await createOrder(who);
      const paid = await payWithoutWebhooks(order.orderId);
      const response = await sendWebhook(
        webhookBody('payment.captured', { ...capturedPayment(order, paid), amount: 100 }),
      );
      expect(response.status).toBe(200);
      expect(await me(who)).toMatchObject({ isPremium: false });
    });
  });

  describe('chargebacks and disputes (security plan 41)', () => {
    const refundsApplied = (userId: string) =>
      count('billing_history', { userId, action: 'refund', outcome: 'applied' });
    const paidAndVerified = async (who: SignedIn) => {
      const order = await createOrder(who);
      const paid = await payWithoutWebhooks(order.orderId);
      expect((await post(who, '/api/verify-payment', paid)).status).toBe(200);
      expect(await me(who)).toMatchObject({ isPremium: true, planType: 'Pro Monthly' });
      return { order, paid };
    };

    it('records payment.dispute.created only; payment.dispute.lost ends the plan once, each delivered ×3', async () => {
      const who = await person();
      const { order, paid } = await paidAndVerified(who);
      const paymentId = paid.razorpay_payment_id;
      sandbox.setHabits({ copies: 3, retryDelaysMs: [50] });
      try {
        const dispute = sandbox.openDispute(paymentId);
        await sandbox.idle();
        // Opened: recorded against the payment (support sees it); the plan stays.
        expect(await me(who)).toMatchObject({ isPremium: true, planType: 'Pro Monthly' });
        const opened = await platform.db
          .collection('webhook_events')
          .find({ provider: 'razorpay', eventType: 'payment.dispute.created', paymentId })
          .toArray();
        expect(opened).toHaveLength(1);
        expect(opened[0]).toMatchObject({
          outcome: 'processed',
          userId: who.userId,
          orderId: order.orderId,
          detail: expect.stringContaining(`dispute ${dispute.id} (chargeback`) as unknown,
        });
        sandbox.closeDispute(dispute.id, 'lost');
        await sandbox.idle();
      } finally {
        sandbox.setHabits({ retryDelaysMs: [50, 100] });
      }
      expect(await me(who)).toMatchObject({ isPremium: false, planType: 'Free user' });
      expect(await orderRow(order.orderId)).toMatchObject({ status: 'refunded' });
      // The same lost dispute again under new event ids (a resend), in parallel: nothing more.
      const lost = sandbox.deliveries.filter((d) => d.event === 'payment.dispute.lost').at(-1);
      expect(lost?.status).toBe(200);
      const body = JSON.stringify({
        entity: 'event',
        event: 'payment.dispute.lost',
        contains: ['payment', 'dispute'],
        payload: {
          payment: { entity: capturedPayment(order, paid) },
          dispute: { entity: { id: 'disp_Resent00000000', payment_id: paymentId, status: 'lost' } },
        },
        created_at: Math.floor(Date.now() / 1000),
      });
      const resent = await Promise.all([sendWebhook(body), sendWebhook(body), sendWebhook(body)]);
      expect(resent.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(await refundsApplied(who.userId)).toBe(1);
      expect(await grantsApplied(who.userId)).toBe(1);
      // The verify call replayed after the chargeback: an error, not success.
      const again = await post(who, '/api/verify-payment', paid);
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ success: false, code: 'PAYMENT_REFUNDED' });
      expect(await me(who)).toMatchObject({ isPremium: false });
    });

    it('a dispute lost before the payment was verified or captured grants nothing, whatever comes next', async () => {
      const who = await person();
      const order = await createOrder(who);
      const paid = await payWithoutWebhooks(order.orderId);
      const dispute = sandbox.openDispute(paid.razorpay_payment_id, { webhooks: 'drop' });
      sandbox.closeDispute(dispute.id, 'lost');
      await sandbox.idle();
      expect(await orderRow(order.orderId)).toMatchObject({ status: 'refunded' });
      // fulfil refuses the refunded order, whichever path brings the payment.
      const fulfilment = platform.app.get(PaymentFulfilmentService);
      expect(
        await fulfilment.fulfil({
          provider: 'razorpay',
          orderId: order.orderId,
          paymentId: paid.razorpay_payment_id,
          amountMinor: order.amount,
          currency: order.currency,
          at: new Date(),
        }),
      ).toMatchObject({ kind: 'refunded' });
      const verify = await post(who, '/api/verify-payment', paid);
      expect(verify.status).toBe(409);
      expect(await verify.json()).toMatchObject({ success: false, code: 'PAYMENT_REFUNDED' });
      const captured = await sendWebhook(
        webhookBody('payment.captured', capturedPayment(order, paid)),
      );
      expect(captured.status).toBe(200);
      await platform.app.get(RazorpayReconciliationService).runOnce();
      expect(await me(who)).toMatchObject({ isPremium: false, planType: 'Free user' });
      expect(await grantsApplied(who.userId)).toBe(0);
      expect(await count('payments', { userId: who.userId })).toBe(0);
    });

    it('a dispute won changes nothing', async () => {
      const who = await person();
      const { paid } = await paidAndVerified(who);
      const dispute = sandbox.openDispute(paid.razorpay_payment_id);
      sandbox.closeDispute(dispute.id, 'won');
      await sandbox.idle();
      expect(await me(who)).toMatchObject({ isPremium: true, planType: 'Pro Monthly' });
      expect(await refundsApplied(who.userId)).toBe(0);
    });

    it('the refund sweep catches a refund whose webhooks were all dropped, once', async () => {
      const who = await person();
      const { order, paid } = await paidAndVerified(who);
      sandbox.refund(paid.razorpay_payment_id, { webhooks: 'drop' });
      expect(await me(who)).toMatchObject({ isPremium: true });
      const job = platform.app.get(RazorpayReconciliationService);
      const summary = await job.sweepRefunds();
      expect(summary.changed).toBe(1);
      expect(summary.failed).toBe(0);
      expect(await me(who)).toMatchObject({ isPremium: false, planType: 'Free user' });
      expect(await orderRow(order.orderId)).toMatchObject({ status: 'refunded' });
      // A second pass: the order is refunded, no longer among the paid ones.
      expect((await job.sweepRefunds()).changed).toBe(0);
      expect(await refundsApplied(who.userId)).toBe(1);
    });
  });

  describe('no purchase shortens what a person has (issue 20)', () => {
    it('refuses a weekly order during a yearly plan (409); a weekly order made before it and paid after keeps the yearly plan', async () => {
      const who = await person();
      const WEEKLY = { planType: 'Pro Weekly', amount: 65 };
      const early = await createOrder(who, WEEKLY);
      const yearly = await createOrder(who, { planType: 'Pro Yearly', amount: 999 });
      const paidYearly = await payWithoutWebhooks(yearly.orderId);
      expect((await post(who, '/api/verify-payment', paidYearly)).status).toBe(200);
      const before = await me(who);
      expect(before).toMatchObject({ planType: 'Pro Yearly' });

      const refused = await post(who, '/api/create-order', WEEKLY);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({
        code: 'PLAN_ALREADY_COVERED',
        error: expect.stringMatching(/^You already have Pro Yearly until /) as unknown,
      });

      // Paid anyway (another tab): the payment is recorded, the yearly plan stays as it was.
      const paidEarly = await payWithoutWebhooks(early.orderId);
      expect((await post(who, '/api/verify-payment', paidEarly)).status).toBe(200);
      expect(await me(who)).toEqual(before);
      expect(await count('payments', { userId: who.userId })).toBe(2);
      expect(await count('billing_history', { userId: who.userId, outcome: 'kept-longer' })).toBe(
        1,
      );
    });
  });

  describe('reconciliation (security plan 33)', () => {
    it('grants a captured payment whose webhooks never came and whose page never verified', async () => {
      const who = await person();
      const order = await createOrder(who);
      await payWithoutWebhooks(order.orderId);
      expect(await me(who)).toMatchObject({ isPremium: false });
      const job = platform.app.get(RazorpayReconciliationService);
      const summary = await job.runOnce();
      expect(summary.changed).toBeGreaterThanOrEqual(1);
      expect(summary.failed).toBe(0);
      expect(await me(who)).toMatchObject({ isPremium: true, planType: 'Pro Monthly' });
      expect(await orderRow(order.orderId)).toMatchObject({ status: 'paid' });
      expect(await count('payments', { userId: who.userId })).toBe(1);
      // Run again: nothing more to do for it.
      await job.runOnce();
      expect(await grantsApplied(who.userId)).toBe(1);
    });

    it('leaves an order whose payment was declined unpaid', async () => {
      const who = await person();
      const order = await createOrder(who);
      const declined = await sandbox.pay(order.orderId, { outcome: 'decline', webhooks: 'drop' });
      expect(declined.status).toBe('failed');
      await platform.app.get(RazorpayReconciliationService).runOnce();
      expect(await me(who)).toMatchObject({ isPremium: false });
      expect(await orderRow(order.orderId)).toMatchObject({ status: 'created' });
    });
  });
});
