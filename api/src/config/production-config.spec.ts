import { ConfigError, loadConfig } from './app-config.js';

// Security plan item 44: NODE_ENV=production refuses what only development and tests may use,
// each with one line naming the variable and why, all of them at once.

/** A production configuration with every provider on, as a deployment sets it. */
const SAFE = {
  NODE_ENV: 'production',
  MONGODB_URI: 'mongodb://mongo:27017/ocr',
  SESSION_SECRET: 's'.repeat(32),
  GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  TRUST_PROXY_HOPS: '1',
  COUNTRY_HEADER: 'cf-ipcountry',
  RAZORPAY_KEY_ID: 'rzp_live_AbC123',
  RAZORPAY_KEY_SECRET: 'razorpay-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'r'.repeat(32),
  LEMONSQUEEZY_API_KEY: 'ls-api-key-123',
  LEMONSQUEEZY_WEBHOOK_SECRET: 'l'.repeat(40),
  LEMONSQUEEZY_STORE_ID: '12345',
  LEMONSQUEEZY_VARIANTS: 'pro-yearly=101',
  LEMONSQUEEZY_TEST_MODE: 'false',
  PAYPAL_CLIENT_ID: 'AbCdEf-client-id_123',
  PAYPAL_CLIENT_SECRET: 'paypal-secret-123',
  PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA',
  ADDON_OAUTH_CLIENT_IDS: '123-addon.apps.googleusercontent.com',
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

describe('production configuration', () => {
  it('accepts a safe production configuration: live keys, long secrets, the providers themselves', () => {
    const config = loadConfig(SAFE);
    expect(config.payments.razorpay?.apiUrl).toBe('https://api.razorpay.com');
    expect(config.payments.lemonSqueezy).toMatchObject({
      testMode: false,
      apiUrl: 'https://api.lemonsqueezy.com',
    });
    expect(config.payments.paypal?.apiUrl).toBe('https://api-m.paypal.com');
    expect(config.oauth.provider).toBe('google');
    expect(config.addonIdentity).toEqual({
      issuers: ['https://accounts.google.com', 'accounts.google.com'],
      jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      audiences: ['123-addon.apps.googleusercontent.com'],
    });
    expect(config.billing.countryHeader).toBe('cf-ipcountry');
  });

  it.each([
    [
      'a Razorpay test-mode key',
      { RAZORPAY_KEY_ID: 'rzp_test_AbC123' },
      'RAZORPAY_KEY_ID: is a test-mode key (rzp_test_…), refused in production: use the live key',
    ],
    [
      "the overlay's test mode",
      { LEMONSQUEEZY_TEST_MODE: 'true' },
      'LEMONSQUEEZY_TEST_MODE: is refused in production: test-mode orders are not paid',
    ],
    [
      'a Razorpay webhook secret shorter than 32 characters',
      { RAZORPAY_WEBHOOK_SECRET: 'r'.repeat(31) },
      "RAZORPAY_WEBHOOK_SECRET: must be at least 32 characters in production (it alone authenticates the provider's deliveries)",
    ],
    [
      'a Lemon Squeezy webhook secret shorter than 32 characters',
      { LEMONSQUEEZY_WEBHOOK_SECRET: 'signing-secret' },
      "LEMONSQUEEZY_WEBHOOK_SECRET: must be at least 32 characters in production (it alone authenticates the provider's deliveries)",
    ],
    [
      'COUNTRY_HEADER without a trusted proxy',
      { TRUST_PROXY_HOPS: '0' },
      'COUNTRY_HEADER: needs TRUST_PROXY_HOPS of 1 or more in production: without a trusted proxy setting it, any client picks its country and its prices',
    ],
    [
      'the local sign-in provider (no Google client)',
      { GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '' },
      'GOOGLE_CLIENT_ID: is required in production (the local sign-in provider never runs there)',
    ],
    [
      "the local sign-in provider's URL",
      { DEV_IDP_URL: 'http://localhost:4100' },
      'DEV_IDP_URL: is the local sign-in provider, which never runs in production: unset it',
    ],
    [
      "the local provider as the add-on's ID token issuer",
      { ADDON_ID_TOKEN_ISSUERS: 'https://accounts.google.com,http://localhost:4100' },
      "ADDON_ID_TOKEN_ISSUERS: names the local sign-in provider, which never runs in production: unset it for Google's",
    ],
    [
      "the local provider's keys for the add-on's ID tokens",
      { ADDON_ID_TOKEN_JWKS_URL: 'http://127.0.0.1:4100/jwks' },
      "ADDON_ID_TOKEN_JWKS_URL: is the local sign-in provider, which never runs in production: unset it for Google's",
    ],
    [
      "plain-http keys for the add-on's ID tokens",
      { ADDON_ID_TOKEN_JWKS_URL: 'http://keys.example.com/certs' },
      'ADDON_ID_TOKEN_JWKS_URL: must be https in production',
    ],
    [
      "the local provider's add-on client",
      { ADDON_OAUTH_CLIENT_IDS: '123-addon.apps.googleusercontent.com,local-addon-client' },
      "ADDON_OAUTH_CLIENT_IDS: names the local sign-in provider's add-on client (local-addon-client), refused in production",
    ],
    [
      'the local Razorpay sandbox',
      { RAZORPAY_API_URL: 'http://127.0.0.1:4200' },
      'RAZORPAY_API_URL: points at a local sandbox (127.0.0.1), refused in production: unset it to reach Razorpay',
    ],
    [
      'the local Lemon Squeezy sandbox',
      { LEMONSQUEEZY_API_URL: 'https://localhost:4201' },
      'LEMONSQUEEZY_API_URL: points at a local sandbox (localhost), refused in production: unset it to reach Lemon Squeezy',
    ],
    [
      'the local PayPal sandbox',
      { PAYPAL_API_URL: 'http://[::1]:4202' },
      'PAYPAL_API_URL: points at a local sandbox ([::1]), refused in production: unset it to reach PayPal',
    ],
    [
      "PayPal's sandbox",
      { PAYPAL_API_URL: 'https://api-m.sandbox.paypal.com' },
      "PAYPAL_API_URL: is PayPal's sandbox (api-m.sandbox.paypal.com), refused in production: no money moves there",
    ],
    [
      'a plain-http provider URL',
      { RAZORPAY_API_URL: 'http://razorpay-egress.internal' },
      'RAZORPAY_API_URL: must be https in production',
    ],
    [
      'the local country override',
      { GEOIP_COUNTRY_OVERRIDE: 'IN' },
      'GEOIP_COUNTRY_OVERRIDE: is for local testing only and is refused in production',
    ],
  ])('refuses %s with one line naming the variable', (_what, change, problem) => {
    expect(problemsOf({ ...SAFE, ...change })).toEqual([problem]);
  });

  it('names every refused setting at once', () => {
    const problems = problemsOf({
      ...SAFE,
      RAZORPAY_KEY_ID: 'rzp_test_AbC123',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-123',
      RAZORPAY_API_URL: 'http://127.0.0.1:4200',
      LEMONSQUEEZY_TEST_MODE: 'true',
      TRUST_PROXY_HOPS: '0',
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'COUNTRY_HEADER',
      'RAZORPAY_KEY_ID',
      'LEMONSQUEEZY_TEST_MODE',
      'RAZORPAY_WEBHOOK_SECRET',
      'RAZORPAY_API_URL',
    ]);
  });

  it.each(['development', 'test'])(
    'accepts every one of those settings with NODE_ENV=%s (npm start and the tests use them)',
    (nodeEnv) => {
      const config = loadConfig({
        ...SAFE,
        NODE_ENV: nodeEnv,
        GOOGLE_CLIENT_ID: '',
        GOOGLE_CLIENT_SECRET: '',
        DEV_IDP_URL: 'http://127.0.0.1:4100',
        ADDON_ID_TOKEN_ISSUERS: 'http://127.0.0.1:4100',
        ADDON_ID_TOKEN_JWKS_URL: 'http://127.0.0.1:4100/jwks',
        ADDON_OAUTH_CLIENT_IDS: 'local-addon-client',
        TRUST_PROXY_HOPS: '0',
        GEOIP_COUNTRY_OVERRIDE: 'IN',
        RAZORPAY_KEY_ID: 'rzp_test_AbC123',
        RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-123',
        RAZORPAY_API_URL: 'http://127.0.0.1:4200',
        LEMONSQUEEZY_WEBHOOK_SECRET: 'signing-secret',
        LEMONSQUEEZY_TEST_MODE: 'true',
        LEMONSQUEEZY_API_URL: 'http://127.0.0.1:4201',
        PAYPAL_API_URL: 'http://127.0.0.1:4202',
      });
      expect(config.oauth.endpoints?.authorizationURL).toBe('http://127.0.0.1:4100/auth');
      expect(config.addonIdentity.jwksUrl).toBe('http://127.0.0.1:4100/jwks');
      expect(config.payments.razorpay?.apiUrl).toBe('http://127.0.0.1:4200');
      expect(config.payments.lemonSqueezy?.testMode).toBe(true);
    },
  );
});
