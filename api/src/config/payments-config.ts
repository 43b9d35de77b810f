import { z } from 'zod';

// The payment providers' keys and addresses (README, configuration). Without Razorpay keys the
// card flow answers PAYMENT_PROVIDER_UNAVAILABLE; `npm start` sets the local sandbox's keys.

export type RazorpayConfig = {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** The server API's base URL: Razorpay's, or the local sandbox's. */
  apiUrl: string;
  reconcile: {
    /** How often the reconciliation job runs; 0: never on its own (tests start it by hand). */
    intervalMs: number;
    /** How old a still-unpaid order must be before the job asks the provider about it. */
    afterMs: number;
    /** Orders older than this are no longer asked about (the provider refunds late ones). */
    untilMs: number;
  };
};

export type PaymentsConfig = { razorpay: RazorpayConfig | null };

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
};

/** Problems for loadConfig's list: the three keys come together; production talks https. */
export function paymentsProblems(c: PaymentsEnv): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const set = RAZORPAY_KEYS.filter((key) => c[key]);
  if (set.length > 0 && set.length < RAZORPAY_KEYS.length) {
    for (const key of RAZORPAY_KEYS.filter((name) => !c[name])) {
      problems.push({ path: key, message: `is required with ${set.join(' and ')}` });
    }
  }
  if (c.NODE_ENV === 'production' && !c.RAZORPAY_API_URL.startsWith('https://')) {
    problems.push({ path: 'RAZORPAY_API_URL', message: 'must be https in production' });
  }
  return problems;
}

export function paymentsFromEnv(c: PaymentsEnv): PaymentsConfig {
  if (!c.RAZORPAY_KEY_ID || !c.RAZORPAY_KEY_SECRET || !c.RAZORPAY_WEBHOOK_SECRET) {
    return { razorpay: null };
  }
  return {
    razorpay: {
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
      },
    },
  };
}
