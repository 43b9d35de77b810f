import { ConfigError, loadConfig } from './app-config.js';

const valid = {
  MONGODB_URI: 'mongodb://127.0.0.1:27017/ocr',
  SESSION_SECRET: 'x'.repeat(32),
};

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the documented defaults when only the database and secret are given', () => {
    expect(loadConfig(valid)).toEqual({
      nodeEnv: 'development',
      host: '127.0.0.1',
      port: 4000,
      mongodbUri: valid.MONGODB_URI,
      corsOrigins: [
        'http://localhost:3000',
        'http://localhost:3001',
        'http://localhost:3002',
        'http://localhost:3003',
        'http://localhost:3004',
      ],
      logLevel: 'info',
      tesseractPath: 'tesseract',
      ocrTimeoutMs: 60_000,
      ocrEngine: 'local',
      vision: null,
      webUrl: 'http://localhost:3000',
      apiPublicUrl: 'http://localhost:4000',
      session: {
        secret: valid.SESSION_SECRET,
        maxAgeMs: 7 * 24 * 3600_000,
        cacheMs: 10_000,
        cookieName: 'sid',
        secureCookie: false,
      },
      oauth: {
        provider: 'local',
        clientId: 'local-dev-client',
        clientSecret: 'local-dev-client-secret',
        callbackUrl: 'http://localhost:4000/auth/google/callback',
        endpoints: {
          authorizationURL: 'http://localhost:4100/auth',
          tokenURL: 'http://localhost:4100/token',
          userProfileURL: 'http://localhost:4100/userinfo',
        },
      },
      addonIdentity: {
        issuers: ['http://localhost:4100'],
        jwksUrl: 'http://localhost:4100/jwks',
        audiences: ['local-addon-client'],
      },
      trustProxyHops: 0,
      redisUrl: null,
      redisKeyPrefix: 'ocr:',
      messageLimits: { perIp: 10, perUser: 5, windowMs: 600_000 },
      extractLimits: { perUser: 30, perIp: 60, windowMs: 60_000, concurrentPerUser: 2 },
      ipLimitsPerMinute: { signIn: 60, health: 120, webhook: 600 },
      jobs: { ttlMs: 3_600_000, tablesSyncMaxPages: 3 },
      userLimitsPerMinute: { payment: 10 },
      http: { requestTimeoutMs: 300_000, headersTimeoutMs: 20_000 },
      billing: expect.objectContaining({
        conversionRate: 85,
        countryHeader: null,
        countryOverride: null,
        freeAddonCreditsPerMonth: 5,
      }) as unknown,
      // No keys: card payments unavailable (payments-config.spec.ts).
      payments: { razorpay: null, lemonSqueezy: null, paypal: null },
      afterPayment: {
        seller: {
          name: 'not configured',
          address: 'not configured',
          taxId: 'not configured',
          email: 'not configured',
        },
        affiliateConversion: { url: null, timeoutMs: 5000 },
      },
      // No DSN: errors are only logged.
      errorReporting: { dsn: null },
    });
  });

  it('reads the error-reporting DSN, and refuses one that is not an http(s) URL', () => {
    const dsn = 'https://public@o1.ingest.example.io/42';
    expect(loadConfig({ ...valid, SENTRY_DSN: dsn }).errorReporting).toEqual({ dsn });
    expect(() => loadConfig({ ...valid, SENTRY_DSN: 'not a dsn' })).toThrow(/SENTRY_DSN/);
  });

  it('reads the billing variables: the conversion rate, the country header and override', () => {
    const { billing } = loadConfig({
      ...valid,
      CONVERSION_RATE: '83.5',
      COUNTRY_HEADER: 'CF-IPCountry',
      GEOIP_COUNTRY_OVERRIDE: 'in',
    });
    expect(billing).toMatchObject({
      conversionRate: 83.5,
      countryHeader: 'cf-ipcountry',
      countryOverride: 'IN',
    });
    expect(billing.mainPlans.find((plan) => plan.code === 'lifetime')?.rate).toBe(8267);
  });

  it('refuses GEOIP_COUNTRY_OVERRIDE in production, and a bad country code', () => {
    const production = {
      ...valid,
      NODE_ENV: 'production',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    };
    expect(problemsOf({ ...production, GEOIP_COUNTRY_OVERRIDE: 'IN' })).toEqual([
      'GEOIP_COUNTRY_OVERRIDE: is for local testing only and is refused in production',
    ]);
    expect(problemsOf({ ...valid, GEOIP_COUNTRY_OVERRIDE: 'India' })[0]).toMatch(
      /^GEOIP_COUNTRY_OVERRIDE: must be a two-letter country code/,
    );
  });

  it('uses Google itself when a Google client is configured', () => {
    const config = loadConfig({
      ...valid,
      GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'secret',
      API_PUBLIC_URL: 'https://api.example.com/',
    });
    expect(config.oauth).toEqual({
      provider: 'google',
      clientId: 'id.apps.googleusercontent.com',
      clientSecret: 'secret',
      callbackUrl: 'https://api.example.com/auth/google/callback',
    });
    // The add-on's ID tokens: Google's issuer (both spellings) and keys; no audience until the
    // add-on's client is named, so no bearer token is accepted before then.
    expect(config.addonIdentity).toEqual({
      issuers: ['https://accounts.google.com', 'accounts.google.com'],
      jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      audiences: [],
    });
  });

  it("takes the add-on's ID token settings as lists, and the local provider's at DEV_IDP_URL", () => {
    const google = loadConfig({
      ...valid,
      GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'secret',
      ADDON_OAUTH_CLIENT_IDS: ' addon-1.apps.googleusercontent.com, addon-2 ,',
      ADDON_ID_TOKEN_ISSUERS: 'https://accounts.google.com',
      ADDON_ID_TOKEN_JWKS_URL: 'https://keys.example.com/certs',
    });
    expect(google.addonIdentity).toEqual({
      issuers: ['https://accounts.google.com'],
      jwksUrl: 'https://keys.example.com/certs',
      audiences: ['addon-1.apps.googleusercontent.com', 'addon-2'],
    });
    expect(loadConfig({ ...valid, DEV_IDP_URL: 'http://127.0.0.1:4999/' }).addonIdentity).toEqual({
      issuers: ['http://127.0.0.1:4999'],
      jwksUrl: 'http://127.0.0.1:4999/jwks',
      audiences: ['local-addon-client'],
    });
    expect(problemsOf({ ...valid, ADDON_ID_TOKEN_JWKS_URL: 'ftp://keys' })[0]).toMatch(
      /^ADDON_ID_TOKEN_JWKS_URL: /,
    );
    expect(problemsOf({ ...valid, ADDON_OAUTH_CLIENT_IDS: ' , ' })[0]).toMatch(
      /^ADDON_OAUTH_CLIENT_IDS: /,
    );
  });

  it('refuses the local sign-in provider in production, and uses __Host- Secure cookies there', () => {
    expect(problemsOf({ ...valid, NODE_ENV: 'production' })).toEqual([
      'GOOGLE_CLIENT_ID: is required in production (the local sign-in provider never runs there)',
    ]);
    const config = loadConfig({
      ...valid,
      NODE_ENV: 'production',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(config.session).toMatchObject({ cookieName: '__Host-sid', secureCookie: true });
  });

  it('needs an OpenAI key for the vision and auto engines', () => {
    expect(problemsOf({ ...valid, OCR_ENGINE: 'auto' })).toEqual([
      'OPENAI_API_KEY: is required with OCR_ENGINE=auto',
    ]);
    const config = loadConfig({
      ...valid,
      OCR_ENGINE: 'vision',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: 'http://127.0.0.1:9999/v1/',
    });
    expect(config.vision).toEqual({
      apiKey: 'sk-test',
      baseUrl: 'http://127.0.0.1:9999/v1',
      model: 'gpt-4o-mini',
      timeoutMs: 60_000,
    });
  });

  it('needs both Google variables or neither', () => {
    expect(problemsOf({ ...valid, GOOGLE_CLIENT_ID: 'id' })[0]).toMatch(/^GOOGLE_CLIENT_SECRET/);
  });

  it('needs a session secret of at least 32 characters', () => {
    expect(problemsOf({ ...valid, SESSION_SECRET: 'short' })[0]).toMatch(/^SESSION_SECRET/);
  });

  it('names MONGODB_URI when it is missing', () => {
    const problems = problemsOf({ SESSION_SECRET: valid.SESSION_SECRET });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^MONGODB_URI: is required/);
  });

  it('treats an empty variable as not set', () => {
    expect(problemsOf({ ...valid, MONGODB_URI: '' })[0]).toMatch(/^MONGODB_URI/);
  });

  it('names every invalid variable at once', () => {
    const problems = problemsOf({
      SESSION_SECRET: valid.SESSION_SECRET,
      MONGODB_URI: 'postgres://nope',
      API_PORT: 'eighty',
      NODE_ENV: 'staging',
      CORS_ORIGINS: 'not a url',
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'API_PORT',
      'CORS_ORIGINS.0',
      'MONGODB_URI',
      'NODE_ENV',
    ]);
    expect(problems.find((p) => p.startsWith('MONGODB_URI'))).toContain('mongodb://');
  });

  it('rejects a port out of range', () => {
    expect(problemsOf({ ...valid, API_PORT: '70000' })[0]).toMatch(/^API_PORT/);
  });

  it('derives the default CORS origins from the registry of remotes and their variables', () => {
    const config = loadConfig({
      ...valid,
      SHELL_PORT: '8000',
      MFE_BILLING_URL: 'https://billing.example/',
    });
    expect(config.corsOrigins).toEqual([
      'http://localhost:8000',
      'http://localhost:3001',
      'http://localhost:3002',
      'http://localhost:3003',
      'https://billing.example',
    ]);
  });

  it('splits and trims a list of CORS origins', () => {
    const config = loadConfig({ ...valid, CORS_ORIGINS: ' https://a.example , https://b.example' });
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  });
});
