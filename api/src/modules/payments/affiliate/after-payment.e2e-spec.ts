import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  CreateOrderResponse,
  PaymentReceiptResponse,
  PaypalCreateOrderResponse,
} from 'contracts';
import { startPaypalSandbox, type PaypalSandbox } from '../../../dev-payments/paypal-sandbox.js';
import {
  startRazorpaySandbox,
  type CheckoutSuccess,
  type RazorpaySandbox,
} from '../../../dev-payments/razorpay-sandbox.js';
import { SignedInApp, type SignedIn } from '../../../testing/signed-in-app.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { AffiliateConversionService } from './affiliate-conversion.service.js';

// After a payment (issue 14 item 4): the receipt (owner only) and the affiliate tracker's sale
// conversion, on the real API and database, paying through the local Razorpay sandbox. A local
// HTTP server stands in for the tracker and records what it receives.

const KEYS = {
  keyId: 'rzp_test_after000000000',
  keySecret: 'after-key-secret-0123456789',
  webhookSecret: 'after-webhook-secret-0123456789',
};
const PAYPAL_KEYS = {
  clientId: 'after-paypal-client-0001',
  clientSecret: 'after-paypal-secret-0123456789',
  webhookId: 'AFTERWEBHOOK0001',
};
const COUNTRY_HEADER = 'x-test-country';
const MONTHLY = { planType: 'Pro Monthly', amount: 129 } as const;
// INR 129 at the default conversionRate (85 INR per USD).
const MONTHLY_USD = 1.52;

type Tracker = {
  url: string;
  received: Record<string, unknown>[];
  /** 'ok': 200; 'fail': 500; 'hang': never answers (the API's timeout ends it). */
  mode: 'ok' | 'fail' | 'hang';
  close: () => Promise<void>;
};

async function startTracker(): Promise<Tracker> {
  const received: Record<string, unknown>[] = [];
  const hanging: IncomingMessage[] = [];
  const tracker: Partial<Tracker> = { received, mode: 'ok' };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push(JSON.parse(body || '{}') as Record<string, unknown>);
      if (tracker.mode === 'hang') {
        hanging.push(req);
        return;
      }
      res.writeHead(tracker.mode === 'fail' ? 500 : 200).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  tracker.url = `http://127.0.0.1:${String(port)}/conversions`;
  tracker.close = async () => {
    for (const req of hanging) req.socket.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return tracker as Tracker;
}

describe('after a payment: receipts and the affiliate sale conversion', () => {
  let sandbox: RazorpaySandbox;
  let wallet: PaypalSandbox;
  let tracker: Tracker;
  let platform: SignedInApp;
  let people = 0;

  const person = async (): Promise<SignedIn & { name: string; email: string }> => {
    people += 1;
    const name = `Buyer ${String(people)}`;
    const email = `buyer${String(people)}@example.com`;
    return { ...(await platform.signIn(name, email)), name, email };
  };
  const post = (who: SignedIn, path: string, body: unknown) =>
    who.browser.request(`${platform.api}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': who.csrf,
        [COUNTRY_HEADER]: 'IN',
      },
      body: JSON.stringify(body),
    });
  const get = (who: SignedIn, path: string) => who.browser.request(`${platform.api}${path}`);

  /** Creates an order (with `aff` if given), pays it in the sandbox and verifies it. */
  const buy = async (
    who: SignedIn,
    options: { aff?: string; webhooks?: 'deliver' | 'drop' } = {},
  ): Promise<CheckoutSuccess> => {
    const created = await post(who, '/api/create-order', {
      ...MONTHLY,
      ...(options.aff === undefined ? {} : { aff: options.aff }),
    });
    expect(created.status).toBe(200);
    const order = (await created.json()) as CreateOrderResponse;
    const paid = await sandbox.pay(order.orderId, { webhooks: options.webhooks ?? 'drop' });
    if (paid.status !== 'captured') throw new Error('sandbox declined');
    const success = {
      razorpay_order_id: paid.razorpay_order_id,
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_signature: paid.razorpay_signature,
    };
    const verified = await post(who, '/api/verify-payment', success);
    expect(verified.status).toBe(200);
    return success;
  };
  const settled = async () => {
    await sandbox.idle();
    await wallet.idle();
    await platform.app.get(AffiliateConversionService).idle();
  };
  const conversionsOf = (paymentId: string) =>
    tracker.received.filter((body) => body.paymentId === paymentId);
  const reversalsOf = (paymentId: string) =>
    conversionsOf(paymentId).filter((body) => body.event === 'reversal');

  beforeAll(async () => {
    sandbox = await startRazorpaySandbox({
      nodeEnv: 'test',
      ...KEYS,
      habits: { retryDelaysMs: [50, 100] },
    });
    tracker = await startTracker();
    wallet = await startPaypalSandbox({ nodeEnv: 'test', ...PAYPAL_KEYS });
    platform = await SignedInApp.start({
      RAZORPAY_KEY_ID: KEYS.keyId,
      RAZORPAY_KEY_SECRET: KEYS.keySecret,
      RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
      RAZORPAY_API_URL: sandbox.url,
      COUNTRY_HEADER,
      SELLER_NAME: 'Example Seller Ltd',
      SELLER_ADDRESS: '1 Example Street|Example City',
      SELLER_TAX_ID: 'GSTIN-TEST-0001',
      SELLER_EMAIL: 'billing@seller.example',
      AFFILIATE_CONVERSION_URL: tracker.url,
      AFFILIATE_CONVERSION_TIMEOUT_MS: '300',
      PAYPAL_CLIENT_ID: PAYPAL_KEYS.clientId,
      PAYPAL_CLIENT_SECRET: PAYPAL_KEYS.clientSecret,
      PAYPAL_WEBHOOK_ID: PAYPAL_KEYS.webhookId,
      PAYPAL_API_URL: wallet.url,
    });
    sandbox.setWebhookUrl(`${platform.api}/api/webhooks/razorpay`);
    wallet.setWebhookUrl(`${platform.api}/api/webhooks/paypal`);
  });
  afterAll(async () => {
    await sandbox.idle();
    await wallet.idle();
    await platform.close();
    await tracker.close();
    await sandbox.close();
    await wallet.close();
  });
  beforeEach(() => {
    tracker.mode = 'ok';
  });

  describe('GET /api/billing/payments/:paymentId/receipt', () => {
    it('gives the owner the receipt: the payment, the buyer and the configured seller', async () => {
      const who = await person();
      const paid = await buy(who);
      const response = await get(who, `/api/billing/payments/${paid.razorpay_payment_id}/receipt`);
      expect(response.status).toBe(200);
      const { receipt } = (await response.json()) as PaymentReceiptResponse;
      expect(receipt).toEqual({
        paymentId: paid.razorpay_payment_id,
        plan: 'Pro Monthly',
        amount: 129,
        currency: 'INR',
        provider: 'razorpay',
        date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
        buyer: { name: who.name, email: who.email },
        seller: {
          name: 'Example Seller Ltd',
          address: '1 Example Street\nExample City',
          taxId: 'GSTIN-TEST-0001',
          email: 'billing@seller.example',
        },
      });
      await settled();
    });

    it('answers 404 for another person’s payment, with nothing of it in the answer', async () => {
      const owner = await person();
      const paid = await buy(owner);
      const other = await person();
      const response = await get(
        other,
        `/api/billing/payments/${paid.razorpay_payment_id}/receipt`,
      );
      expect(response.status).toBe(404);
      const text = await response.text();
      expect(JSON.parse(text)).toMatchObject({ code: 'PAYMENT_NOT_FOUND' });
      expect(text).not.toContain(owner.email);
      expect(text).not.toContain('129');
      await settled();
    });

    it('answers 404 for an unknown id and 401 to a visitor who is not signed in', async () => {
      const who = await person();
      const unknown = await get(who, '/api/billing/payments/pay_unknown000000/receipt');
      expect(unknown.status).toBe(404);
      const visitor = await platform.visitor();
      const anonymous = await visitor.browser.request(
        `${platform.api}/api/billing/payments/pay_unknown000000/receipt`,
      );
      expect(anonymous.status).toBe(401);
    });
  });

  describe('the affiliate sale conversion', () => {
    it('is sent once per payment, in USD, naming the referral stored with the order', async () => {
      const who = await person();
      // Webhooks delivered as well as the verify call: several paths fulfil the one payment.
      const paid = await buy(who, { aff: 'partner_42', webhooks: 'deliver' });
      await settled();
      expect(conversionsOf(paid.razorpay_payment_id)).toEqual([
        {
          event: 'sale',
          paymentId: paid.razorpay_payment_id,
          orderId: paid.razorpay_order_id,
          provider: 'razorpay',
          plan: 'Pro Monthly',
          amount: MONTHLY_USD,
          currency: 'USD',
          originalAmount: 129,
          originalCurrency: 'INR',
          referral: 'partner_42',
          customerId: who.userId,
          paidAt: expect.stringMatching(/^\d{4}-/) as unknown,
        },
      ]);
      // A repeated verify call (a retried request) reports nothing more.
      expect((await post(who, '/api/verify-payment', paid)).status).toBe(200);
      await settled();
      expect(conversionsOf(paid.razorpay_payment_id)).toHaveLength(1);
      const marker = await platform.db
        .collection('affiliate_conversions')
        .findOne({ paymentId: paid.razorpay_payment_id });
      expect(marker).toMatchObject({ status: 'sent', outcome: '200', amountUsd: MONTHLY_USD });
    });

    it('is sent for a wallet payment too: its USD amount, its referral, once', async () => {
      const who = await person();
      const created = await post(who, '/api/paypal/create-order', {
        plan: 'pro-yearly',
        aff: 'wallet_partner',
      });
      expect(created.status).toBe(200);
      const { orderId } = (await created.json()) as PaypalCreateOrderResponse;
      wallet.approve(orderId, { webhooks: 'drop' });
      const success = { emailId: who.email, plan: 'pro-yearly', orderID: orderId };
      expect((await post(who, '/api/paypal-payment-success', success)).status).toBe(200);
      expect((await post(who, '/api/paypal-payment-success', success)).status).toBe(200);
      await settled();
      const sent = tracker.received.filter((body) => body.orderId === orderId);
      // The spec's wallet amount for pro-yearly: 33 USD.
      expect(sent).toMatchObject([
        {
          provider: 'paypal',
          plan: 'Pro Yearly',
          amount: 33,
          currency: 'USD',
          originalAmount: 33,
          originalCurrency: 'USD',
          referral: 'wallet_partner',
          customerId: who.userId,
        },
      ]);
    });

    it('names no referral for a buyer without one, and drops one that is not a code', async () => {
      const who = await person();
      const plain = await buy(who);
      const odd = await buy(who, { aff: '<script>' });
      await settled();
      expect(conversionsOf(plain.razorpay_payment_id)).toMatchObject([{ referral: null }]);
      expect(conversionsOf(odd.razorpay_payment_id)).toMatchObject([{ referral: null }]);
    });

    it.each(['fail', 'hang'] as const)(
      'a tracker that %s does not fail the payment, and is recorded as failed',
      async (mode) => {
        tracker.mode = mode;
        const who = await person();
        const started = Date.now();
        const paid = await buy(who, { aff: 'partner_7' });
        // The verify call did not wait for the tracker.
        expect(Date.now() - started).toBeLessThan(5000);
        const me = (await (await get(who, '/api/me')).json()) as {
          user: { planType: string };
        };
        expect(me.user.planType).toBe('Pro Monthly');
        await settled();
        expect(conversionsOf(paid.razorpay_payment_id)).toHaveLength(1);
        const marker = await platform.db
          .collection('affiliate_conversions')
          .findOne({ paymentId: paid.razorpay_payment_id });
        expect(marker).toMatchObject({
          status: 'failed',
          outcome: mode === 'fail' ? '500' : 'timeout',
        });
      },
    );

    it('a refund of a referred sale sends the tracker one reversal, however many refund and chargeback events follow', async () => {
      const who = await person();
      const paid = await buy(who, { aff: 'partner_rev' });
      await settled();
      expect(conversionsOf(paid.razorpay_payment_id)).toMatchObject([{ event: 'sale' }]);
      // refund.processed and payment.refunded, each delivered twice, then a lost dispute.
      sandbox.setHabits({ copies: 2, retryDelaysMs: [50] });
      try {
        sandbox.refund(paid.razorpay_payment_id);
        await settled();
        const dispute = sandbox.openDispute(paid.razorpay_payment_id);
        sandbox.closeDispute(dispute.id, 'lost');
        await settled();
      } finally {
        sandbox.setHabits({ retryDelaysMs: [50, 100] });
      }
      expect(reversalsOf(paid.razorpay_payment_id)).toEqual([
        {
          event: 'reversal',
          paymentId: paid.razorpay_payment_id,
          orderId: paid.razorpay_order_id,
          provider: 'razorpay',
          reason: 'refund',
          amount: MONTHLY_USD,
          currency: 'USD',
          referral: 'partner_rev',
          customerId: who.userId,
          reversedAt: expect.stringMatching(/^\d{4}-/) as unknown,
        },
      ]);
      expect(
        await platform.db
          .collection('affiliate_reversals')
          .findOne({ paymentId: paid.razorpay_payment_id }),
      ).toMatchObject({ status: 'sent', outcome: '200', reason: 'refund' });
    });

    it('a chargeback of a referred wallet sale (PAYMENT.CAPTURE.REVERSED ×3) sends one reversal', async () => {
      const who = await person();
      const created = await post(who, '/api/paypal/create-order', {
        plan: 'pro-monthly',
        aff: 'wallet_rev',
      });
      const { orderId } = (await created.json()) as PaypalCreateOrderResponse;
      wallet.approve(orderId, { webhooks: 'drop' });
      const success = { emailId: who.email, plan: 'pro-monthly', orderID: orderId };
      expect((await post(who, '/api/paypal-payment-success', success)).status).toBe(200);
      await settled();
      const capture = wallet.order(orderId)?.purchase_units[0]?.payments?.captures[0];
      if (!capture) throw new Error('no capture');
      wallet.setHabits({ copies: 3, retryDelaysMs: [50] });
      try {
        wallet.reverse(capture.id);
        await settled();
      } finally {
        wallet.setHabits({});
      }
      expect(reversalsOf(capture.id)).toMatchObject([
        {
          event: 'reversal',
          orderId,
          provider: 'paypal',
          reason: 'chargeback',
          amount: 4,
          referral: 'wallet_rev',
        },
      ]);
    });

    it('a sale refunded before it was granted is never reported, nor reversed', async () => {
      const who = await person();
      const created = await post(who, '/api/create-order', { ...MONTHLY, aff: 'partner_early' });
      const order = (await created.json()) as CreateOrderResponse;
      const paid = await sandbox.pay(order.orderId, { webhooks: 'drop' });
      if (paid.status !== 'captured') throw new Error('sandbox declined');
      sandbox.refund(paid.razorpay_payment_id);
      await settled();
      const verified = await post(who, '/api/verify-payment', {
        razorpay_order_id: paid.razorpay_order_id,
        razorpay_payment_id: paid.razorpay_payment_id,
        razorpay_signature: paid.razorpay_signature,
      });
      expect(verified.status).toBe(409);
      await settled();
      expect(conversionsOf(paid.razorpay_payment_id)).toEqual([]);
      expect(
        await platform.db
          .collection('affiliate_reversals')
          .findOne({ paymentId: paid.razorpay_payment_id }),
      ).toMatchObject({ status: 'no-sale' });
    });

    it('sends nothing, and stores no marker, when AFFILIATE_CONVERSION_URL is unset', async () => {
      const settings = platform.app.get<AppConfig>(APP_CONFIG).afterPayment.affiliateConversion;
      const url = settings.url;
      settings.url = null;
      try {
        const who = await person();
        const before = tracker.received.length;
        const paid = await buy(who, { aff: 'partner_42', webhooks: 'deliver' });
        await settled();
        expect(tracker.received).toHaveLength(before);
        expect(
          await platform.db
            .collection('affiliate_conversions')
            .countDocuments({ paymentId: paid.razorpay_payment_id }),
        ).toBe(0);
      } finally {
        settings.url = url;
      }
    });
  });
});
