import {
  startLemonSqueezySandbox,
  type LemonSqueezySandbox,
} from '../../dev-payments/lemonsqueezy-sandbox.js';
import { startPaypalSandbox, type PaypalSandbox } from '../../dev-payments/paypal-sandbox.js';
import { startRazorpaySandbox, type RazorpaySandbox } from '../../dev-payments/razorpay-sandbox.js';
import type { SandboxRequest } from '../../dev-payments/razorpay-sandbox.js';
import { SignedInApp, type SignedIn } from '../../testing/signed-in-app.js';
import { UnverifiedWebhooks } from './unverified-webhooks.js';

// Security plan item 43, as API tests against the three sandboxes: forged webhook floods are
// limited per address before anything is written or sent to PayPal; each route that calls a
// provider is limited per person; our calls to a provider stay within its budget. Floods come
// from addresses of their own (X-Forwarded-For through one trusted proxy), so the sandboxes'
// real deliveries (from 127.0.0.1) are not caught in them.

const RZP = { keyId: 'rzp_test_limits0000000', keySecret: 'limits-key-secret-0123' };
const RZP_WEBHOOK_SECRET = 'limits-webhook-secret-0123';
const LS = { apiKey: 'ls-limits-api-key-0123', webhookSecret: 'ls-limits-secret', storeId: '77' };
const PP = {
  clientId: 'limits-paypal-client-01',
  clientSecret: 'limits-paypal-secret-0123',
  webhookId: 'LIMITSWEBHOOK01',
};
const COUNTRY_HEADER = 'x-test-country';
const WEBHOOK_LIMIT = 50;
const PAYMENT_LIMIT = 3;
const RAZORPAY_BUDGET = 8;

describe('rate limits and provider budgets (security plan 43)', () => {
  let platform: SignedInApp;
  let razorpay: RazorpaySandbox;
  let lemon: LemonSqueezySandbox;
  let paypal: PaypalSandbox;
  let people = 0;

  const person = () => {
    people += 1;
    return platform.signIn(`Limited ${String(people)}`, `limited${String(people)}@example.com`);
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
  const calls = (sandbox: { requests: SandboxRequest[] }, method: string, path: RegExp) =>
    sandbox.requests.filter((r) => r.method === method && path.test(r.url)).length;
  const rows = (provider: string) =>
    platform.db.collection('webhook_events').countDocuments({ provider });
  /** `count` deliveries from one address, 50 at a time; their statuses. */
  const flood = async (
    path: string,
    from: string,
    count: number,
    delivery: () => { body: string; headers: Record<string, string> },
  ): Promise<number[]> => {
    const statuses: number[] = [];
    for (let sent = 0; sent < count; sent += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, count - sent) }, async () => {
          const { body, headers } = delivery();
          const response = await fetch(`${platform.api}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': from, ...headers },
            body,
          });
          await response.arrayBuffer();
          return response.status;
        }),
      );
      statuses.push(...batch);
    }
    return statuses;
  };
  const tally = (statuses: number[]) =>
    statuses.reduce<Record<number, number>>((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {});

  beforeAll(async () => {
    razorpay = await startRazorpaySandbox({
      nodeEnv: 'test',
      ...RZP,
      webhookSecret: RZP_WEBHOOK_SECRET,
    });
    lemon = await startLemonSqueezySandbox({
      nodeEnv: 'test',
      ...LS,
      variants: { '301': { price: 400, interval: 'month' } },
    });
    paypal = await startPaypalSandbox({ nodeEnv: 'test', ...PP });
    platform = await SignedInApp.start({
      TRUST_PROXY_HOPS: '1',
      COUNTRY_HEADER,
      WEBHOOK_LIMIT_PER_IP: String(WEBHOOK_LIMIT),
      PAYMENT_LIMIT_PER_USER: String(PAYMENT_LIMIT),
      RAZORPAY_KEY_ID: RZP.keyId,
      RAZORPAY_KEY_SECRET: RZP.keySecret,
      RAZORPAY_WEBHOOK_SECRET: RZP_WEBHOOK_SECRET,
      RAZORPAY_API_URL: razorpay.url,
      RAZORPAY_API_CALLS_PER_MINUTE: String(RAZORPAY_BUDGET),
      LEMONSQUEEZY_API_KEY: LS.apiKey,
      LEMONSQUEEZY_WEBHOOK_SECRET: LS.webhookSecret,
      LEMONSQUEEZY_STORE_ID: LS.storeId,
      LEMONSQUEEZY_TEST_MODE: 'true',
      LEMONSQUEEZY_API_URL: lemon.url,
      LEMONSQUEEZY_VARIANTS: 'pro-monthly=301',
      PAYPAL_CLIENT_ID: PP.clientId,
      PAYPAL_CLIENT_SECRET: PP.clientSecret,
      PAYPAL_WEBHOOK_ID: PP.webhookId,
      PAYPAL_API_URL: paypal.url,
    });
    lemon.setWebhookUrl(`${platform.api}/api/webhooks/lemonsqueezy`);
  });
  afterAll(async () => {
    await lemon.idle();
    await platform.close();
    await Promise.all([razorpay.close(), lemon.close(), paypal.close()]);
  });

  describe('1,000 forged deliveries from one address', () => {
    it('Lemon Squeezy and Razorpay: 429 past the limit, nothing stored, each refusal counted', async () => {
      const unverified = platform.app.get(UnverifiedWebhooks);
      for (const [provider, path, from, headers] of [
        [
          'lemonsqueezy',
          '/api/webhooks/lemonsqueezy',
          '203.0.113.10',
          { 'x-signature': 'ab'.repeat(32) },
        ],
        [
          'razorpay',
          '/api/webhooks/razorpay',
          '203.0.113.11',
          { 'x-razorpay-signature': 'ab'.repeat(32) },
        ],
      ] as const) {
        const rowsBefore = await rows(provider);
        const refusedBefore = unverified.countsOf(provider).total;
        const statuses = await flood(path, from, 1000, () => ({
          body: JSON.stringify({ event: 'payment.captured', id: Math.random() }),
          headers: { ...headers, 'x-razorpay-event-id': `evt${String(Math.random()).slice(2)}` },
        }));
        expect(tally(statuses)).toEqual({ 401: WEBHOOK_LIMIT, 429: 1000 - WEBHOOK_LIMIT });
        expect(await rows(provider)).toBe(rowsBefore);
        expect(unverified.countsOf(provider).total - refusedBefore).toBe(WEBHOOK_LIMIT);
      }
    }, 60_000);

    it('PayPal: 429 past the limit, nothing stored, PayPal asked only for well-formed recent ones', async () => {
      const verifies = () =>
        calls(paypal, 'POST', /^\/v1\/notifications\/verify-webhook-signature$/);
      const rowsBefore = await rows('paypal');
      const event = () =>
        JSON.stringify({
          id: `WH-FORGED${String(Math.random()).slice(2, 12)}`,
          event_type: 'PAYMENT.CAPTURE.COMPLETED',
          resource: { id: 'CAPTUREFORGED0001' },
        });
      // Forged as PayPal's would look (fresh time, its certificate URL), with a wrong signature.
      const verifiesBefore = verifies();
      const fresh = await flood('/api/webhooks/paypal', '203.0.113.200', 1000, () => {
        const body = event();
        return { body, headers: { ...paypal.sign(body), 'paypal-transmission-sig': 'Zm9yZ2Vk' } };
      });
      expect(tally(fresh)).toEqual({ 401: WEBHOOK_LIMIT, 429: 1000 - WEBHOOK_LIMIT });
      expect(verifies() - verifiesBefore).toBe(WEBHOOK_LIMIT);
      // A replayed transmission (an hour old) or a certificate from elsewhere: PayPal not asked.
      const stale = await flood('/api/webhooks/paypal', '203.0.113.201', 100, () => {
        const body = event();
        const signed = paypal.sign(body);
        return Math.random() < 0.5
          ? {
              body,
              headers: {
                ...signed,
                'paypal-transmission-time': new Date(Date.now() - 3600_000).toISOString(),
              },
            }
          : {
              body,
              headers: {
                ...signed,
                'paypal-cert-url': 'https://evil.example/v1/notifications/certs/X',
              },
            };
      });
      expect(tally(stale)).toEqual({ 401: WEBHOOK_LIMIT, 429: 100 - WEBHOOK_LIMIT });
      expect(verifies() - verifiesBefore).toBe(WEBHOOK_LIMIT);
      expect(await rows('paypal')).toBe(rowsBefore);
    }, 60_000);
  });

  describe('loops on the routes that call a provider, per person', () => {
    const loop = async (count: number, send: () => Promise<Response>) => {
      const statuses: number[] = [];
      for (let i = 0; i < count; i += 1) statuses.push((await send()).status);
      return statuses;
    };

    it('create-order (card) and paypal/create-order: 429 past the limit, one provider order each', async () => {
      const card = await person();
      const cardOrders = () => calls(razorpay, 'POST', /^\/v1\/orders$/);
      const before = cardOrders();
      const statuses = await loop(10, () =>
        post(card, '/api/create-order', { planType: 'Pro Monthly', amount: 129 }),
      );
      expect(tally(statuses)).toEqual({ 200: PAYMENT_LIMIT, 429: 10 - PAYMENT_LIMIT });
      expect(cardOrders() - before).toBe(PAYMENT_LIMIT);

      const wallet = await person();
      const walletOrders = () => calls(paypal, 'POST', /^\/v2\/checkout\/orders$/);
      const walletBefore = walletOrders();
      const walletStatuses = await loop(10, () =>
        post(wallet, '/api/paypal/create-order', { plan: 'pro-monthly' }),
      );
      expect(tally(walletStatuses)).toEqual({ 200: PAYMENT_LIMIT, 429: 10 - PAYMENT_LIMIT });
      expect(walletOrders() - walletBefore).toBe(PAYMENT_LIMIT);
    });

    it('paypal-payment-success: 429 past the limit, no capture attempted past it', async () => {
      const who = await person();
      const created = await post(who, '/api/paypal/create-order', { plan: 'pro-weekly' });
      const { orderId } = (await created.json()) as { orderId: string };
      const statuses = await loop(10, () =>
        post(who, '/api/paypal-payment-success', { emailId: 'x@example.com', plan: 'pro-weekly' }),
      );
      // The order was never approved: each allowed call asks PayPal to capture and is refused.
      expect(tally(statuses)).toEqual({ 400: PAYMENT_LIMIT - 1, 429: 10 - PAYMENT_LIMIT + 1 });
      expect(paypal.captureRequests(orderId)).toHaveLength(PAYMENT_LIMIT - 1);
    });

    it('get-customer-portal-link: 429 past the limit; the URL comes from a short cache', async () => {
      const who = await person();
      // Bought in the checkout our route created for them (issue 20: nothing else binds).
      const link = await who.browser.request(`${platform.api}/api/checkout-link?plan=pro-monthly`);
      expect(link.status).toBe(200);
      const { subscriptionId } = lemon.buy({
        checkoutUrl: ((await link.json()) as { url: string }).url,
        email: `limited${String(people)}@example.com`,
      });
      await lemon.idle();
      const reads = () =>
        calls(lemon, 'GET', new RegExp(`^/v1/subscriptions/${subscriptionId ?? ''}$`));
      const readsBefore = reads();
      const statuses = await loop(10, () =>
        who.browser.request(
          `${platform.api}/api/get-customer-portal-link?forSheetsExtension=false`,
        ),
      );
      // One policy per person for every provider-calling route: the checkout link took one.
      expect(tally(statuses)).toEqual({ 200: PAYMENT_LIMIT - 1, 429: 10 - PAYMENT_LIMIT + 1 });
      expect(reads() - readsBefore).toBe(1);
    });
  });

  it('a burst of card orders from several people never takes more than the Razorpay budget', async () => {
    const buyers = await Promise.all([person(), person(), person(), person()]);
    const answers = await Promise.all(
      buyers.flatMap((who) =>
        Array.from({ length: PAYMENT_LIMIT }, () =>
          post(who, '/api/create-order', { planType: 'Pro Monthly', amount: 129 }),
        ),
      ),
    );
    const statuses = answers.map((r) => r.status);
    // Within the minute this file runs in: every order Razorpay saw, the loop's included.
    expect(calls(razorpay, 'POST', /^\/v1\/orders$/)).toBe(RAZORPAY_BUDGET);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    const refused = answers.find((r) => r.status === 503);
    expect(await refused?.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
  });
});
