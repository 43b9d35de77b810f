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
      reconcile: { intervalMs: 300_000, afterMs: 600_000 },
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

  it('refuses a plain-http Razorpay URL in production', () => {
    expect(
      problemsOf({
        ...BASE,
        ...KEYS,
        NODE_ENV: 'production',
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        RAZORPAY_API_URL: 'http://127.0.0.1:4200',
      }),
    ).toEqual(['RAZORPAY_API_URL: must be https in production']);
  });
});
