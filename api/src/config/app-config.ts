import { REMOTES, SHELL } from 'contracts';
import { z } from 'zod';
import {
  afterPaymentEnv,
  afterPaymentFromEnv,
  type AfterPaymentConfig,
} from './after-payment-config.js';
import {
  addonIdentityEnv,
  addonIdentityFromEnv,
  type AddonIdentityConfig,
} from './addon-identity-config.js';
import { billingEnv, billingFromEnv, type BillingConfig } from './billing-catalogue.js';
import {
  paymentsEnv,
  paymentsFromEnv,
  paymentsProblems,
  type PaymentsConfig,
} from './payments-config.js';
import { productionProblems } from './production-config.js';

// One schema for every variable the API reads, validated before the app is created. Code reads
// the typed AppConfig, never process.env.
const originList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url({ protocol: /^https?$/ })).min(1));

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  API_HOST: z.string().min(1).default('127.0.0.1'),
  API_PORT: z.coerce.number().int().min(1).max(65535).default(4000),
  MONGODB_URI: z
    .string({ error: 'is required (the start script sets it when it runs the embedded FerretDB)' })
    .regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// or mongodb+srv:// URI'),
  // Without CORS_ORIGINS: the shell and every remote of the registry (see defaultCorsOrigins).
  CORS_ORIGINS: originList.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TESSERACT_PATH: z.string().min(1).default('tesseract'),
  OCR_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  OCR_ENGINE: z.enum(['local', 'vision', 'auto']).default('local'),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  VISION_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  WEB_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  API_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SESSION_SECRET: z
    .string({ error: 'is required (npm start keeps one in .data/session-secret)' })
    .min(32, 'must be at least 32 characters'),
  SESSION_MAX_AGE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24 * 7),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  // Unset: http://localhost:4100 (DEFAULT_DEV_IDP_URL); refused when set in production.
  DEV_IDP_URL: z.url({ protocol: /^https?$/ }).optional(),
  ...addonIdentityEnv,
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  REDIS_KEY_PREFIX: z.string().max(50).default('ocr:'),
  MESSAGE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(10_000).default(10),
  MESSAGE_LIMIT_PER_USER: z.coerce.number().int().min(1).max(10_000).default(5),
  MESSAGE_LIMIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .default(600),
  EXTRACT_LIMIT_PER_USER: z.coerce.number().int().min(1).max(10_000).default(30),
  EXTRACT_LIMIT_PER_IP: z.coerce.number().int().min(1).max(10_000).default(60),
  EXTRACT_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  EXTRACT_CONCURRENT_PER_USER: z.coerce.number().int().min(1).max(100).default(2),
  /** How long a finished job (its state and result, never its file) stays readable. */
  JOB_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(3600),
  /** Table requests of more pages answer 202 with a job id and run in the background. */
  TABLES_SYNC_MAX_PAGES: z.coerce.number().int().min(1).max(1000).default(3),
  SIGN_IN_LIMIT_PER_IP: z.coerce.number().int().min(1).max(10_000).default(60),
  HEALTH_LIMIT_PER_IP: z.coerce.number().int().min(1).max(10_000).default(120),
  WEBHOOK_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(600),
  PAYMENT_LIMIT_PER_USER: z.coerce.number().int().min(1).max(10_000).default(10),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
  // The error-reporting service's DSN (Sentry, self-hosted Sentry, GlitchTip); unset: only logged.
  SENTRY_DSN: z.url({ protocol: /^https?$/ }).optional(),
  ...billingEnv,
  ...paymentsEnv,
  ...afterPaymentEnv,
});

/** Every variable of the schema: docker-compose.yml and .env.example pass each (deployment-env.spec.ts). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.shape);

export type AppConfig = {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  mongodbUri: string;
  corsOrigins: string[];
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  tesseractPath: string;
  /** Longest a single OCR step may run before its process tree is killed. */
  ocrTimeoutMs: number;
  /** local: Tesseract only; vision: the vision model reads; auto: Tesseract, unsure pages escalate. */
  ocrEngine: 'local' | 'vision' | 'auto';
  vision: { apiKey: string; baseUrl?: string; model: string; timeoutMs: number } | null;
  /** Where browsers come back to after sign-in and logout (the shell). */
  webUrl: string;
  apiPublicUrl: string;
  session: {
    secret: string;
    maxAgeMs: number;
    /** How long a session read from the store is served from memory (0: never). */
    cacheMs: number;
    cookieName: string;
    secureCookie: boolean;
  };
  /** How many reverse proxies in front of the API may set X-Forwarded-*; 0 trusts none. */
  trustProxyHops: number;
  /** Shared store for rate limits when several API instances run; in memory when absent. */
  redisUrl: string | null;
  /** Namespace of this deployment's keys in a shared Redis. */
  redisKeyPrefix: string;
  /** Feedback and contact messages allowed per IP and per signed-in user in each window. */
  messageLimits: { perIp: number; perUser: number; windowMs: number };
  /** POST /api/extract attempts per user and per IP in each window; extractions at once per user. */
  extractLimits: { perUser: number; perIp: number; windowMs: number; concurrentPerUser: number };
  /** Jobs (modules/jobs): how long one is kept; table requests answered at once up to this size. */
  jobs: { ttlMs: number; tablesSyncMaxPages: number };
  /**
   * Requests per client IP and minute: sign-in (/auth/google, its callback, set-redirect and
   * logout), /api/health, and deliveries to the payment webhooks.
   */
  ipLimitsPerMinute: { signIn: number; health: number; webhook: number };
  /** Requests per signed-in user and minute to the routes that call a payment provider. */
  userLimitsPerMinute: { payment: number };
  /** Node server timeouts: a whole request (a 30 MB upload at modest speed), its headers. */
  http: { requestTimeoutMs: number; headersTimeoutMs: number };
  oauth: OAuthConfig;
  /** The add-on's Google ID tokens (bearer): issuer, keys, audience. */
  addonIdentity: AddonIdentityConfig;
  /** Plan catalogues, checkout links, INR per USD, where the visitor's country comes from. */
  billing: BillingConfig;
  /** Payment providers' keys and addresses; a provider without keys is unavailable. */
  payments: PaymentsConfig;
  /** The receipt's seller details; the affiliate tracker's sale conversion. */
  afterPayment: AfterPaymentConfig;
  /** Where unexpected errors are reported (spec §7); null: they are only logged. */
  errorReporting: { dsn: string | null };
};

export type OAuthConfig = {
  /** 'google' in production; 'local' points the same strategy at the embedded provider. */
  provider: 'google' | 'local';
  clientId: string;
  clientSecret: string;
  callbackUrl: string;
  endpoints?: { authorizationURL: string; tokenURL: string; userProfileURL: string };
};

/** Where the embedded sign-in provider listens when DEV_IDP_URL is unset (npm start's default). */
const DEFAULT_DEV_IDP_URL = 'http://localhost:4100';

/** The embedded provider's client, shared by it and the API (development and tests only). */
export const LOCAL_OAUTH_CLIENT = { id: 'local-dev-client', secret: 'local-dev-client-secret' };

export const APP_CONFIG = Symbol('APP_CONFIG');
/** config.billing on its own, for code that needs only it (the billing services, the support CLI). */
export const BILLING_CONFIG = Symbol('BILLING_CONFIG');

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the environment; throws a ConfigError naming every bad or missing variable. */
export function loadConfig(env: NodeJS.ProcessEnv): AppConfig {
  // Empty strings mean "not set", as in a .env file with `NAME=`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = schema
    .superRefine((c, ctx) => {
      if (Boolean(c.GOOGLE_CLIENT_ID) !== Boolean(c.GOOGLE_CLIENT_SECRET)) {
        const missing = c.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID';
        ctx.addIssue({
          code: 'custom',
          path: [missing],
          message: 'is required with the other Google variable',
        });
      }
      if (c.OCR_ENGINE !== 'local' && !c.OPENAI_API_KEY) {
        ctx.addIssue({
          code: 'custom',
          path: ['OPENAI_API_KEY'],
          message: `is required with OCR_ENGINE=${c.OCR_ENGINE}`,
        });
      }
      for (const problem of [...paymentsProblems(c), ...productionProblems(c)]) {
        ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
      }
    })
    .safeParse(present);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
      ),
    );
  }
  const c = result.data;
  const apiPublicUrl = trimSlash(c.API_PUBLIC_URL ?? `http://localhost:${String(c.API_PORT)}`);
  const production = c.NODE_ENV === 'production';
  const callbackUrl = `${apiPublicUrl}/auth/google/callback`;
  const idp = trimSlash(c.DEV_IDP_URL ?? DEFAULT_DEV_IDP_URL);
  const oauth: OAuthConfig =
    c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET
      ? {
          provider: 'google',
          clientId: c.GOOGLE_CLIENT_ID,
          clientSecret: c.GOOGLE_CLIENT_SECRET,
          callbackUrl,
        }
      : {
          provider: 'local',
          clientId: LOCAL_OAUTH_CLIENT.id,
          clientSecret: LOCAL_OAUTH_CLIENT.secret,
          callbackUrl,
          endpoints: {
            authorizationURL: `${idp}/auth`,
            tokenURL: `${idp}/token`,
            userProfileURL: `${idp}/userinfo`,
          },
        };
  return {
    nodeEnv: c.NODE_ENV,
    host: c.API_HOST,
    port: c.API_PORT,
    mongodbUri: c.MONGODB_URI,
    corsOrigins: c.CORS_ORIGINS ?? defaultCorsOrigins(present),
    logLevel: c.LOG_LEVEL,
    tesseractPath: c.TESSERACT_PATH,
    ocrTimeoutMs: c.OCR_TIMEOUT_MS,
    ocrEngine: c.OCR_ENGINE,
    vision:
      c.OCR_ENGINE !== 'local' && c.OPENAI_API_KEY
        ? {
            apiKey: c.OPENAI_API_KEY,
            ...(c.OPENAI_BASE_URL ? { baseUrl: trimSlash(c.OPENAI_BASE_URL) } : {}),
            model: c.OPENAI_MODEL,
            timeoutMs: c.VISION_TIMEOUT_MS,
          }
        : null,
    webUrl: trimSlash(c.WEB_URL),
    apiPublicUrl,
    session: {
      secret: c.SESSION_SECRET,
      maxAgeMs: c.SESSION_MAX_AGE_HOURS * 3600_000,
      cacheMs: c.SESSION_CACHE_SECONDS * 1000,
      // __Host- cookies must be Secure, Path=/ and without Domain: set only over HTTPS.
      cookieName: production ? '__Host-sid' : 'sid',
      secureCookie: production,
    },
    oauth,
    addonIdentity: addonIdentityFromEnv(c, oauth.provider, idp),
    trustProxyHops: c.TRUST_PROXY_HOPS,
    redisUrl: c.REDIS_URL ?? null,
    redisKeyPrefix: c.REDIS_KEY_PREFIX,
    messageLimits: {
      perIp: c.MESSAGE_LIMIT_PER_IP,
      perUser: c.MESSAGE_LIMIT_PER_USER,
      windowMs: c.MESSAGE_LIMIT_WINDOW_SECONDS * 1000,
    },
    extractLimits: {
      perUser: c.EXTRACT_LIMIT_PER_USER,
      perIp: c.EXTRACT_LIMIT_PER_IP,
      windowMs: c.EXTRACT_LIMIT_WINDOW_SECONDS * 1000,
      concurrentPerUser: c.EXTRACT_CONCURRENT_PER_USER,
    },
    jobs: { ttlMs: c.JOB_TTL_SECONDS * 1000, tablesSyncMaxPages: c.TABLES_SYNC_MAX_PAGES },
    ipLimitsPerMinute: {
      signIn: c.SIGN_IN_LIMIT_PER_IP,
      health: c.HEALTH_LIMIT_PER_IP,
      webhook: c.WEBHOOK_LIMIT_PER_IP,
    },
    userLimitsPerMinute: { payment: c.PAYMENT_LIMIT_PER_USER },
    http: {
      requestTimeoutMs: c.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      headersTimeoutMs: c.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
    },
    billing: billingFromEnv(c),
    payments: paymentsFromEnv(c),
    afterPayment: afterPaymentFromEnv(c),
    errorReporting: { dsn: c.SENTRY_DSN ?? null },
  };
}

/**
 * The billing variables alone, for the support command line (it needs the catalogues, not the
 * API's sessions or sign-in); the same validation as loadConfig's.
 */
export function loadBillingConfig(env: NodeJS.ProcessEnv): BillingConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = z.object(billingEnv).safeParse(present);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  return billingFromEnv(result.data);
}

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

/**
 * The origins of the shell and of every remote in the registry, as `npm start` computes them:
 * each part's URL variable, else localhost on its port variable or its default port.
 */
function defaultCorsOrigins(env: Record<string, string | undefined>): string[] {
  return [SHELL, ...REMOTES].map((part) => {
    const url = env[part.urlVar];
    return url ? trimSlash(url) : `http://localhost:${env[part.portVar] ?? String(part.port)}`;
  });
}
