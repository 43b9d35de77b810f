import { ADDON_OPTION_NAMES, PLAN_CODES, type AddonOptionName, type PlanCode } from 'contracts';
import { z } from 'zod';

// The payment providers' keys and addresses (README, configuration). Without Razorpay keys the
// card flow answers PAYMENT_PROVIDER_UNAVAILABLE; `npm start` sets the local sandbox's keys.

export type RazorpayConfig = {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** The server API's base URL: Razorpay's, or the local sandbox's. */
  apiUrl: string;
  reconcile: OrderReconcileConfig;
  /** Our calls to its API per minute, at most (Razorpay publishes no limit: a cautious one). */
  callsPerMinute: number;
};

/** The card's and the wallet's sweeps of their orders (OrderReconciliation). */
export type OrderReconcileConfig = {
  /** How often the reconciliation job runs; 0: never on its own (tests start it by hand). */
  intervalMs: number;
  /** How old a still-unpaid order must be before the job asks the provider about it. */
  afterMs: number;
  /** Orders older than this are no longer asked about (the provider refunds late ones). */
  untilMs: number;
  refunds: RefundSweepConfig;
};

/** The sweep of recently paid orders for refunds and chargebacks whose webhooks were missed. */
export type RefundSweepConfig = {
  /** How often it runs; 0: never on its own (tests start it by hand). */
  intervalMs: number;
  /** Orders paid within this long are read again from the provider. */
  windowMs: number;
};

/** What the hosted checkout sells: a main plan code or an add-on option. */
export type CheckoutProduct = PlanCode | AddonOptionName;

export type LemonSqueezyConfig = {
  apiKey: string;
  /** The webhook's signing secret (6-40 characters, set in the store's webhook settings). */
  webhookSecret: string;
  /** Events of another store are refused. */
  storeId: string;
  /** Whether the store's events are test-mode ones: events of the other mode are refused. */
  testMode: boolean;
  /** The server API's base URL: Lemon Squeezy's, or the local sandbox's. */
  apiUrl: string;
  /** The provider's variant id → what it sells (never the checkout's custom data). */
  variants: Map<string, CheckoutProduct>;
  reconcile: { intervalMs: number };
  /** Our calls to its API per minute, at most (its documented limit is 300 per minute). */
  callsPerMinute: number;
};

export type PaypalConfig = {
  clientId: string;
  clientSecret: string;
  /** The id PayPal gave the webhook at /api/webhooks/paypal (its signatures are verified for it). */
  webhookId: string;
  /** The server API's base URL: PayPal's (live or sandbox), or the local sandbox's. */
  apiUrl: string;
  /** How long one call may take before it is given up (a capture is then retried, same key). */
  timeoutMs: number;
  reconcile: OrderReconcileConfig;
  /** Our calls to its API per minute, at most (PayPal publishes no number: a conservative one). */
  callsPerMinute: number;
};

export type PaymentsConfig = {
  razorpay: RazorpayConfig | null;
  lemonSqueezy: LemonSqueezyConfig | null;
  paypal: PaypalConfig | null;
};

const PRODUCTS: readonly string[] = [...PLAN_CODES, ...ADDON_OPTION_NAMES];

/** LEMONSQUEEZY_VARIANTS: `pro-monthly=123,pro-yearly=456,sub100=789,topUp100=790` (variant ids). */
export const lemonSqueezyVariants = z.string().transform((value, ctx) => {
  const variants = new Map<string, CheckoutProduct>();
  for (const entry of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [name = '', id = ''] = entry.split('=').map((part) => part.trim());
    if (!PRODUCTS.includes(name) || !/^\d{1,20}$/.test(id)) {
      ctx.addIssue({
        code: 'custom',
        message: `'${entry}' is not NAME=VARIANT_ID with NAME one of ${PRODUCTS.join(', ')}`,
      });
    } else {
      variants.set(id, name as CheckoutProduct);
    }
  }
  return variants;
});

const LEMONSQUEEZY_KEYS = [
  'LEMONSQUEEZY_API_KEY',
  'LEMONSQUEEZY_WEBHOOK_SECRET',
  'LEMONSQUEEZY_STORE_ID',
  'LEMONSQUEEZY_VARIANTS',
] as const;

const PAYPAL_KEYS = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'] as const;

/**
 * Lemon Squeezy's documented API limit: 300 requests per minute (https://docs.lemonsqueezy.com/api,
 * "Rate limiting"). Razorpay and PayPal publish no fixed number (both answer 429 past limits they
 * do not state): their budgets are conservative guesses, configurable.
 */
export const LEMONSQUEEZY_DOCUMENTED_CALLS_PER_MINUTE = 300;
const callsPerMinute = (max: number, fallback: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

const RAZORPAY_KEYS = [
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
] as const;

export const paymentsEnv = {
  RAZORPAY_KEY_ID: z
    .string()
    .regex(/^[A-Za-z0-9_]+$/, 'must be a key id such as rzp_test_…')
    .optional(),
  RAZORPAY_KEY_SECRET: z.string().min(8).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(8).optional(),
  RAZORPAY_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.razorpay.com'),
  RAZORPAY_RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  RAZORPAY_RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  RAZORPAY_RECONCILE_UNTIL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(24 * 3),
  RAZORPAY_REFUND_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  RAZORPAY_REFUND_SWEEP_DAYS: z.coerce.number().int().min(1).max(365).default(90),
  RAZORPAY_API_CALLS_PER_MINUTE: callsPerMinute(6000, 120),
  LEMONSQUEEZY_API_KEY: z.string().min(8).optional(),
  // Lemon Squeezy accepts signing secrets of 6 to 40 characters.
  LEMONSQUEEZY_WEBHOOK_SECRET: z.string().min(6).max(40).optional(),
  LEMONSQUEEZY_STORE_ID: z
    .string()
    .regex(/^\d{1,20}$/, 'must be the numeric store id')
    .optional(),
  LEMONSQUEEZY_VARIANTS: lemonSqueezyVariants.optional(),
  LEMONSQUEEZY_TEST_MODE: z.stringbool().default(false),
  LEMONSQUEEZY_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.lemonsqueezy.com'),
  LEMONSQUEEZY_RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  LEMONSQUEEZY_API_CALLS_PER_MINUTE: callsPerMinute(LEMONSQUEEZY_DOCUMENTED_CALLS_PER_MINUTE, 240),
  PAYPAL_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,128}$/, 'must be the REST app client id')
    .optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(8).optional(),
  PAYPAL_WEBHOOK_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{4,64}$/, 'must be the webhook id PayPal shows')
    .optional(),
  PAYPAL_API_URL: z.url({ protocol: /^https?$/ }).default('https://api-m.paypal.com'),
  PAYPAL_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  PAYPAL_RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  PAYPAL_RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  PAYPAL_RECONCILE_UNTIL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(72),
  PAYPAL_REFUND_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  PAYPAL_REFUND_SWEEP_DAYS: z.coerce.number().int().min(1).max(365).default(90),
  PAYPAL_API_CALLS_PER_MINUTE: callsPerMinute(6000, 120),
};

type PaymentsEnv = {
  NODE_ENV: 'development' | 'production' | 'test';
  RAZORPAY_KEY_ID?: string | undefined;
  RAZORPAY_KEY_SECRET?: string | undefined;
  RAZORPAY_WEBHOOK_SECRET?: string | undefined;
  RAZORPAY_API_URL: string;
  RAZORPAY_RECONCILE_INTERVAL_SECONDS?: number | undefined;
  RAZORPAY_RECONCILE_AFTER_SECONDS: number;
  RAZORPAY_RECONCILE_UNTIL_HOURS: number;
  RAZORPAY_REFUND_SWEEP_INTERVAL_SECONDS?: number | undefined;
  RAZORPAY_REFUND_SWEEP_DAYS: number;
  RAZORPAY_API_CALLS_PER_MINUTE: number;
  LEMONSQUEEZY_API_KEY?: string | undefined;
  LEMONSQUEEZY_WEBHOOK_SECRET?: string | undefined;
  LEMONSQUEEZY_STORE_ID?: string | undefined;
  LEMONSQUEEZY_VARIANTS?: Map<string, CheckoutProduct> | undefined;
  LEMONSQUEEZY_TEST_MODE: boolean;
  LEMONSQUEEZY_API_URL: string;
  LEMONSQUEEZY_RECONCILE_INTERVAL_SECONDS?: number | undefined;
  LEMONSQUEEZY_API_CALLS_PER_MINUTE: number;
  PAYPAL_CLIENT_ID?: string | undefined;
  PAYPAL_CLIENT_SECRET?: string | undefined;
  PAYPAL_WEBHOOK_ID?: string | undefined;
  PAYPAL_API_URL: string;
  PAYPAL_TIMEOUT_MS: number;
  PAYPAL_RECONCILE_INTERVAL_SECONDS?: number | undefined;
  PAYPAL_RECONCILE_AFTER_SECONDS: number;
  PAYPAL_RECONCILE_UNTIL_HOURS: number;
  PAYPAL_REFUND_SWEEP_INTERVAL_SECONDS?: number | undefined;
  PAYPAL_REFUND_SWEEP_DAYS: number;
  PAYPAL_API_CALLS_PER_MINUTE: number;
};

/** Problems for loadConfig's list: each provider's keys come together (production-config.ts: what production refuses). */
export function paymentsProblems(c: PaymentsEnv): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const set = RAZORPAY_KEYS.filter((key) => c[key]);
  if (set.length > 0 && set.length < RAZORPAY_KEYS.length) {
    for (const key of RAZORPAY_KEYS.filter((name) => !c[name])) {
      problems.push({ path: key, message: `is required with ${set.join(' and ')}` });
    }
  }
  const lsSet = LEMONSQUEEZY_KEYS.filter((key) => c[key]);
  if (lsSet.length > 0 && lsSet.length < LEMONSQUEEZY_KEYS.length) {
    for (const key of LEMONSQUEEZY_KEYS.filter((name) => !c[name])) {
      problems.push({ path: key, message: `is required with ${lsSet.join(' and ')}` });
    }
  }
  const ppSet = PAYPAL_KEYS.filter((key) => c[key]);
  if (ppSet.length > 0 && ppSet.length < PAYPAL_KEYS.length) {
    for (const key of PAYPAL_KEYS.filter((name) => !c[name])) {
      problems.push({ path: key, message: `is required with ${ppSet.join(' and ')}` });
    }
  }
  return problems;
}

export function paymentsFromEnv(c: PaymentsEnv): PaymentsConfig {
  return {
    razorpay: razorpayFromEnv(c),
    lemonSqueezy: lemonSqueezyFromEnv(c),
    paypal: paypalFromEnv(c),
  };
}

function paypalFromEnv(c: PaymentsEnv): PaypalConfig | null {
  if (!c.PAYPAL_CLIENT_ID || !c.PAYPAL_CLIENT_SECRET || !c.PAYPAL_WEBHOOK_ID) return null;
  return {
    clientId: c.PAYPAL_CLIENT_ID,
    clientSecret: c.PAYPAL_CLIENT_SECRET,
    webhookId: c.PAYPAL_WEBHOOK_ID,
    apiUrl: c.PAYPAL_API_URL.replace(/\/+$/, ''),
    timeoutMs: c.PAYPAL_TIMEOUT_MS,
    reconcile: {
      // Tests run the job by hand unless they set an interval.
      intervalMs: (c.PAYPAL_RECONCILE_INTERVAL_SECONDS ?? (c.NODE_ENV === 'test' ? 0 : 300)) * 1000,
      afterMs: c.PAYPAL_RECONCILE_AFTER_SECONDS * 1000,
      untilMs: c.PAYPAL_RECONCILE_UNTIL_HOURS * 3600_000,
      refunds: refundSweep(c, c.PAYPAL_REFUND_SWEEP_INTERVAL_SECONDS, c.PAYPAL_REFUND_SWEEP_DAYS),
    },
    callsPerMinute: c.PAYPAL_API_CALLS_PER_MINUTE,
  };
}

function lemonSqueezyFromEnv(c: PaymentsEnv): LemonSqueezyConfig | null {
  if (
    !c.LEMONSQUEEZY_API_KEY ||
    !c.LEMONSQUEEZY_WEBHOOK_SECRET ||
    !c.LEMONSQUEEZY_STORE_ID ||
    !c.LEMONSQUEEZY_VARIANTS
  ) {
    return null;
  }
  return {
    apiKey: c.LEMONSQUEEZY_API_KEY,
    webhookSecret: c.LEMONSQUEEZY_WEBHOOK_SECRET,
    storeId: c.LEMONSQUEEZY_STORE_ID,
    testMode: c.LEMONSQUEEZY_TEST_MODE,
    apiUrl: c.LEMONSQUEEZY_API_URL.replace(/\/+$/, ''),
    variants: c.LEMONSQUEEZY_VARIANTS,
    reconcile: {
      intervalMs:
        (c.LEMONSQUEEZY_RECONCILE_INTERVAL_SECONDS ?? (c.NODE_ENV === 'test' ? 0 : 600)) * 1000,
    },
    callsPerMinute: c.LEMONSQUEEZY_API_CALLS_PER_MINUTE,
  };
}

function razorpayFromEnv(c: PaymentsEnv): RazorpayConfig | null {
  if (!c.RAZORPAY_KEY_ID || !c.RAZORPAY_KEY_SECRET || !c.RAZORPAY_WEBHOOK_SECRET) {
    return null;
  }
  return {
    keyId: c.RAZORPAY_KEY_ID,
    keySecret: c.RAZORPAY_KEY_SECRET,
    webhookSecret: c.RAZORPAY_WEBHOOK_SECRET,
    apiUrl: c.RAZORPAY_API_URL.replace(/\/+$/, ''),
    reconcile: {
      // Tests run the job by hand unless they set an interval.
      intervalMs:
        (c.RAZORPAY_RECONCILE_INTERVAL_SECONDS ?? (c.NODE_ENV === 'test' ? 0 : 300)) * 1000,
      afterMs: c.RAZORPAY_RECONCILE_AFTER_SECONDS * 1000,
      untilMs: c.RAZORPAY_RECONCILE_UNTIL_HOURS * 3600_000,
      refunds: refundSweep(
        c,
        c.RAZORPAY_REFUND_SWEEP_INTERVAL_SECONDS,
        c.RAZORPAY_REFUND_SWEEP_DAYS,
      ),
    },
    callsPerMinute: c.RAZORPAY_API_CALLS_PER_MINUTE,
  };
}

// Hourly by default (each pass reads at most a bounded number of orders from the provider); tests
// run it by hand unless they set an interval.
function refundSweep(
  c: Pick<PaymentsEnv, 'NODE_ENV'>,
  intervalSeconds: number | undefined,
  days: number,
): RefundSweepConfig {
  return {
    intervalMs: (intervalSeconds ?? (c.NODE_ENV === 'test' ? 0 : 3600)) * 1000,
    windowMs: days * 24 * 3600_000,
  };
}
