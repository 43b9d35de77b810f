import { startLemonSqueezySandbox, type LsSandboxVariant } from './lemonsqueezy-sandbox.js';
import { startPaypalSandbox } from './paypal-sandbox.js';
import { startRazorpaySandbox } from './razorpay-sandbox.js';
import type { RunningSandbox, SandboxListenOptions, WebhookHabits } from './sandbox-server.js';

// The one registry of the local payment sandboxes (development and tests only): for each
// provider, the variable whose presence means the API talks to the provider itself, the sandbox's
// port, the local keys it gives the API and the shell, its entry and where its webhooks go. Read
// by `npm start` (scripts/start.mjs runs each sandbox not disabled from its entry), by the
// browser-test stack (e2e/support/stack.mjs starts them in its own process on free ports) and
// by each entry (main.ts). Adding a sandbox is one entry here plus its module and entry.

export type SandboxVariables = Readonly<Record<string, string | undefined>>;

export type PaymentSandbox = {
  /** Its name in the browser-test stack (`stack.<id>`, the suite option `<id>Sandbox`). */
  id: 'razorpay' | 'lemonSqueezy' | 'paypal';
  /** The provider's name, as `npm start` and the sandbox print it. */
  name: string;
  /** `npm start`'s name for its process (the prefix of its output). */
  service: string;
  /** Set: the API talks to the provider itself, and `npm start` runs no sandbox. */
  disabledBy: string;
  /** The variable holding `npm start`'s port for it, and that port by default. */
  portVar: string;
  port: number;
  /** The variable that points the API (and the shell) at the sandbox's URL. */
  urlVar: string;
  /** Its `npm start` entry under api/dist/dev-payments/ (its source: the .ts in api/src/). */
  main: string;
  /** Where the API receives the provider's webhooks. */
  webhookPath: string;
  /** The local keys and settings it gives the API and the shell (its URL besides). */
  keys: Readonly<Record<string, string>>;
  /** Given besides, unless already set: variables made from the sandbox's URL. */
  defaults?: (url: string) => Record<string, string>;
  /**
   * Every variable the API and the shell read for this provider: the browser-test stack clears
   * them for a sandbox it does not run, so that nothing of the developer's reaches its API.
   */
  variables: readonly string[];
  /** How `npm start`'s sandbox delivers webhooks: the provider's habits. */
  habits: WebhookHabits;
  /** Starts it: `read` gives each variable, from the environment or else `keys`. */
  start: (read: (name: string) => string, listen: SandboxListenOptions) => Promise<RunningSandbox>;
};

/** The Lemon Squeezy sandbox's store: each product's variant id, price (spec §9, cents), renewal. */
const LS_PRODUCTS: Record<string, LsSandboxVariant & { id: string }> = {
  'pro-weekly': { id: '9001', price: 200, interval: 'week' },
  'pro-monthly': { id: '9002', price: 400, interval: 'month' },
  'pro-yearly': { id: '9003', price: 3300, interval: 'year' },
  lifetime: { id: '9004', price: 9900, interval: null },
  sub100: { id: '9011', price: 500, interval: 'month' },
  sub500: { id: '9012', price: 1500, interval: 'month' },
  sub1000: { id: '9013', price: 2500, interval: 'month' },
  topUp100: { id: '9021', price: 700, interval: null },
  topUp500: { id: '9022', price: 2500, interval: null },
  topUp1000: { id: '9023', price: 4500, interval: null },
};

/** `name=id,…` (LEMONSQUEEZY_VARIANTS, CHECKOUT_LINKS) as [name, id] pairs. */
const pairs = (list: string): [string, string][] =>
  list
    .split(',')
    .map((entry) => entry.split('=').map((part) => part.trim()))
    .filter((pair): pair is [string, string] => Boolean(pair[0] && pair[1]));

export const PAYMENT_SANDBOXES: readonly PaymentSandbox[] = [
  {
    id: 'razorpay',
    name: 'Razorpay',
    service: 'payments-sandbox',
    disabledBy: 'RAZORPAY_KEY_ID',
    portVar: 'RAZORPAY_SANDBOX_PORT',
    port: 4200,
    urlVar: 'RAZORPAY_API_URL',
    main: 'main.js',
    webhookPath: '/api/webhooks/razorpay',
    keys: {
      RAZORPAY_KEY_ID: 'rzp_test_localsandbox',
      RAZORPAY_KEY_SECRET: 'local-sandbox-key-secret',
      RAZORPAY_WEBHOOK_SECRET: 'local-sandbox-webhook-secret',
    },
    variables: [
      'RAZORPAY_KEY_ID',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
      'RAZORPAY_API_URL',
      'RAZORPAY_CHECKOUT_URL',
    ],
    habits: { copies: 2, outOfOrder: true, retryDelaysMs: [1000, 5000, 30_000, 120_000] },
    start: (read, listen) =>
      startRazorpaySandbox({
        ...listen,
        keyId: read('RAZORPAY_KEY_ID'),
        keySecret: read('RAZORPAY_KEY_SECRET'),
        webhookSecret: read('RAZORPAY_WEBHOOK_SECRET'),
      }),
  },
  {
    id: 'lemonSqueezy',
    name: 'Lemon Squeezy',
    service: 'lemonsqueezy-sandbox',
    disabledBy: 'LEMONSQUEEZY_API_KEY',
    portVar: 'LEMONSQUEEZY_SANDBOX_PORT',
    port: 4201,
    urlVar: 'LEMONSQUEEZY_API_URL',
    main: 'lemonsqueezy/main.js',
    webhookPath: '/api/webhooks/lemonsqueezy',
    keys: {
      LEMONSQUEEZY_API_KEY: 'local-sandbox-ls-api-key',
      LEMONSQUEEZY_WEBHOOK_SECRET: 'local-sandbox-ls-secret',
      LEMONSQUEEZY_STORE_ID: '1',
      LEMONSQUEEZY_TEST_MODE: 'true',
      LEMONSQUEEZY_VARIANTS: Object.entries(LS_PRODUCTS)
        .map(([name, { id }]) => `${name}=${id}`)
        .join(','),
    },
    // The plain pay link of every plan and add-on option: the shell's overlay frame origin (the
    // API creates each checkout through the sandbox's API).
    defaults: (url) => ({
      CHECKOUT_LINKS: Object.entries(LS_PRODUCTS)
        .map(([name, { id }]) => `${name}=${url}/checkout/buy/${id}`)
        .join(','),
    }),
    variables: [
      'LEMONSQUEEZY_API_KEY',
      'LEMONSQUEEZY_WEBHOOK_SECRET',
      'LEMONSQUEEZY_STORE_ID',
      'LEMONSQUEEZY_VARIANTS',
      'LEMONSQUEEZY_API_URL',
      'LEMONSQUEEZY_SCRIPT_URL',
      'LEMONSQUEEZY_CHECKOUT_ORIGIN',
    ],
    // Lemon Squeezy's retries (5 s, 25 s, 125 s, the sandbox's own), each event twice.
    habits: { copies: 2 },
    start: (read, listen) => {
      // The variant ids given (LEMONSQUEEZY_VARIANTS), each selling its product.
      const variants: Record<string, LsSandboxVariant> = {};
      for (const [name, id] of pairs(read('LEMONSQUEEZY_VARIANTS'))) {
        const product = LS_PRODUCTS[name];
        if (product) variants[id] = { price: product.price, interval: product.interval };
      }
      return startLemonSqueezySandbox({
        ...listen,
        apiKey: read('LEMONSQUEEZY_API_KEY'),
        webhookSecret: read('LEMONSQUEEZY_WEBHOOK_SECRET'),
        storeId: read('LEMONSQUEEZY_STORE_ID'),
        variants,
      });
    },
  },
  {
    id: 'paypal',
    name: 'PayPal',
    service: 'paypal-sandbox',
    disabledBy: 'PAYPAL_CLIENT_ID',
    portVar: 'PAYPAL_SANDBOX_PORT',
    port: 4202,
    urlVar: 'PAYPAL_API_URL',
    main: 'paypal/main.js',
    webhookPath: '/api/webhooks/paypal',
    keys: {
      PAYPAL_CLIENT_ID: 'local-sandbox-paypal-client',
      PAYPAL_CLIENT_SECRET: 'local-sandbox-paypal-secret',
      PAYPAL_WEBHOOK_ID: 'LOCALSANDBOXWEBHOOK',
    },
    variables: ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID', 'PAYPAL_API_URL'],
    habits: { copies: 2, retryDelaysMs: [1000, 5000, 30_000, 120_000] },
    start: (read, listen) =>
      startPaypalSandbox({
        ...listen,
        clientId: read('PAYPAL_CLIENT_ID'),
        clientSecret: read('PAYPAL_CLIENT_SECRET'),
        webhookId: read('PAYPAL_WEBHOOK_ID'),
      }),
  },
];

/**
 * The variables that point the API and the shell at `sandbox` running at `url`: its keys, its
 * URL, and its defaults where `env` does not set them.
 */
export function sandboxEnv(
  sandbox: PaymentSandbox,
  url: string,
  env: SandboxVariables = {},
): Record<string, string> {
  const given: Record<string, string> = { ...sandbox.keys, [sandbox.urlVar]: url };
  for (const [name, value] of Object.entries(sandbox.defaults?.(url) ?? {})) {
    if (!env[name]) given[name] = value;
  }
  return given;
}

/**
 * Starts `sandbox` as `env` describes it (its keys, its URL, NODE_ENV, API_PUBLIC_URL for the
 * webhooks; the registry's keys and port where unset), with `npm start`'s habits; `overrides`
 * change where it listens and how it delivers (the browser-test stack's free port and quicker
 * retries).
 */
export function startPaymentSandbox(
  sandbox: PaymentSandbox,
  env: SandboxVariables,
  overrides: Partial<SandboxListenOptions> = {},
): Promise<RunningSandbox> {
  const read = (name: string): string => env[name] ?? sandbox.keys[name] ?? '';
  const url = new URL(env[sandbox.urlVar] ?? `http://127.0.0.1:${String(sandbox.port)}`);
  const api = env.API_PUBLIC_URL ?? 'http://localhost:4000';
  return sandbox.start(read, {
    nodeEnv: env.NODE_ENV,
    host: url.hostname,
    port: Number(url.port || sandbox.port),
    webhookUrl: `${api}${sandbox.webhookPath}`,
    habits: sandbox.habits,
    ...overrides,
  });
}

/** An entry's work (main.ts): the sandbox with that id, until SIGTERM or SIGINT. */
export async function serveSandbox(id: PaymentSandbox['id'], env: SandboxVariables): Promise<void> {
  const sandbox = PAYMENT_SANDBOXES.find((s) => s.id === id);
  if (!sandbox) throw new Error(`No payment sandbox ${id}`);
  let running: RunningSandbox;
  try {
    running = await startPaymentSandbox(sandbox, env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  console.log(`${sandbox.name} sandbox at ${running.url}`);
  const stop = () => void running.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
