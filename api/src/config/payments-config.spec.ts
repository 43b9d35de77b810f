import { ConfigError, loadConfig } from './app-config.js';

const BASE = {
  MONGODB_URI: 'mongodb://127.0.0.1/test',
  SESSION_SECRET: 'a-session-secret-that-is-long-enough-0123',
};
const KEYS = {
  RAZORPAY_KEY_ID: 'rzp_test_abc',
  RAZORPAY_KEY_SECRET: 'key-secret-123',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-123',
};

const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('payments configuration', () => {
  it('leaves card payments off without keys, on Razorpay by default with them', () => {
    expect(loadConfig(BASE).payments.razorpay).toBeNull();
    expect(loadConfig({ ...BASE, ...KEYS }).payments.razorpay).toMatchObject({
      keyId: 'rzp_test_abc',
      apiUrl: 'https://api.razorpay.com',
      reconcile: {
        intervalMs: 300_000,
        afterMs: 600_000,
        refunds: { intervalMs: 3_600_000, windowMs: 90 * 24 * 3600_000 },
      },
      // Razorpay publishes no limit: a conservative budget of our own.
      callsPerMinute: 120,
    });
    expect(
      loadConfig({ ...BASE, ...KEYS, NODE_ENV: 'test' }).payments.razorpay?.reconcile.intervalMs,
    ).toBe(0);
  });

  it('names the missing Razorpay variables when only some are set', () => {
    expect(problemsOf({ ...BASE, RAZORPAY_KEY_ID: 'rzp_test_abc' })).toEqual([
      'RAZORPAY_KEY_SECRET: is required with RAZORPAY_KEY_ID',
      'RAZORPAY_WEBHOOK_SECRET: is required with RAZORPAY_KEY_ID',
    ]);
  });

  describe('Lemon Squeezy', () => {
    const LS = {
      LEMONSQUEEZY_API_KEY: 'ls-api-key-123',
      LEMONSQUEEZY_WEBHOOK_SECRET: 'signing-secret',
      LEMONSQUEEZY_STORE_ID: '12345',
      LEMONSQUEEZY_VARIANTS: 'pro-yearly=101, sub100=111,topUp1000=123',
    };

    it('is off without keys; with them maps variant ids to what they sell', () => {
      expect(loadConfig(BASE).payments.lemonSqueezy).toBeNull();
      const config = loadConfig({ ...BASE, ...LS }).payments.lemonSqueezy;
      expect(config).toMatchObject({
        storeId: '12345',
        testMode: false,
        apiUrl: 'https://api.lemonsqueezy.com',
        reconcile: { intervalMs: 600_000 },
      });
      expect([...(config?.variants.entries() ?? [])]).toEqual([
        ['101', 'pro-yearly'],
        ['111', 'sub100'],
        ['123', 'topUp1000'],
      ]);
      expect(
        loadConfig({ ...BASE, ...LS, NODE_ENV: 'test', LEMONSQUEEZY_TEST_MODE: 'true' }).payments
          .lemonSqueezy,
      ).toMatchObject({ testMode: true, reconcile: { intervalMs: 0 } });
    });

    it('names the missing variables, a bad variant list, a secret outside 6-40 characters', () => {
      expect(problemsOf({ ...BASE, LEMONSQUEEZY_API_KEY: 'ls-api-key-123' })).toEqual([
        'LEMONSQUEEZY_WEBHOOK_SECRET: is required with LEMONSQUEEZY_API_KEY',
        'LEMONSQUEEZY_STORE_ID: is required with LEMONSQUEEZY_API_KEY',
        'LEMONSQUEEZY_VARIANTS: is required with LEMONSQUEEZY_API_KEY',
      ]);
      expect(problemsOf({ ...BASE, ...LS, LEMONSQUEEZY_VARIANTS: 'Lifetime=1' })[0]).toMatch(
        /^LEMONSQUEEZY_VARIANTS: 'Lifetime=1' is not NAME=VARIANT_ID/,
      );
      expect(problemsOf({ ...BASE, ...LS, LEMONSQUEEZY_WEBHOOK_SECRET: 'short' })).toHaveLength(1);
      expect(
        problemsOf({ ...BASE, ...LS, LEMONSQUEEZY_WEBHOOK_SECRET: 'x'.repeat(41) }),
      ).toHaveLength(1);
    });

    it('keeps our calls under its documented 300 per minute: 240 by default, never more than 300', () => {
      expect(loadConfig({ ...BASE, ...LS }).payments.lemonSqueezy?.callsPerMinute).toBe(240);
      expect(
        loadConfig({ ...BASE, ...LS, LEMONSQUEEZY_API_CALLS_PER_MINUTE: '300' }).payments
          .lemonSqueezy?.callsPerMinute,
      ).toBe(300);
      expect(problemsOf({ ...BASE, ...LS, LEMONSQUEEZY_API_CALLS_PER_MINUTE: '301' })).toEqual([
        'LEMONSQUEEZY_API_CALLS_PER_MINUTE: Too big: expected number to be <=300',
      ]);
    });
  });

  describe('PayPal', () => {
    const PP = {
      PAYPAL_CLIENT_ID: 'AbCdEf-client-id_123',
      PAYPAL_CLIENT_SECRET: 'paypal-secret-123',
      PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA',
    };

    it('is off without keys; with them on PayPal live by default, the job off in tests', () => {
      expect(loadConfig(BASE).payments.paypal).toBeNull();
      expect(loadConfig({ ...BASE, ...PP }).payments.paypal).toMatchObject({
        clientId: PP.PAYPAL_CLIENT_ID,
        webhookId: PP.PAYPAL_WEBHOOK_ID,
        apiUrl: 'https://api-m.paypal.com',
        timeoutMs: 10_000,
        reconcile: {
          intervalMs: 300_000,
          afterMs: 300_000,
          untilMs: 72 * 3600_000,
          refunds: { intervalMs: 3_600_000, windowMs: 90 * 24 * 3600_000 },
        },
        // PayPal publishes no limit: a conservative budget of our own.
        callsPerMinute: 120,
      });
      expect(
        loadConfig({
          ...BASE,
          ...PP,
          NODE_ENV: 'test',
          PAYPAL_REFUND_SWEEP_INTERVAL_SECONDS: '600',
          PAYPAL_REFUND_SWEEP_DAYS: '30',
        }).payments.paypal?.reconcile.refunds,
      ).toEqual({ intervalMs: 600_000, windowMs: 30 * 24 * 3600_000 });
      expect(
        loadConfig({ ...BASE, ...PP, NODE_ENV: 'test' }).payments.paypal?.reconcile.intervalMs,
      ).toBe(0);
    });

    it('names the missing variables when only some are set', () => {
      expect(problemsOf({ ...BASE, PAYPAL_CLIENT_ID: PP.PAYPAL_CLIENT_ID })).toEqual([
        'PAYPAL_CLIENT_SECRET: is required with PAYPAL_CLIENT_ID',
        'PAYPAL_WEBHOOK_ID: is required with PAYPAL_CLIENT_ID',
      ]);
    });
  });
});
