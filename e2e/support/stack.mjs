// Starts the built platform for the browser tests on free ports with its own FerretDB, the way
// `npm start` serves it (the front ends on the production web server, scripts/web-server.mjs),
// and Debian's Chromium through playwright-core.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { ensureFerretdb, startFerretdb } from '../../scripts/lib/ferretdb.mjs';
import {
  REMOTE_SERVICES,
  platformLayout,
  startPlatform,
  startRemote,
} from '../../scripts/lib/platform.mjs';
import { ServiceGroup, freePort, waitForPort } from '../../scripts/lib/proc.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchBrowser(extraArgs = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/** FerretDB on a free port with a temporary data folder. */
export async function startDatabase(group) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ferretdb-e2e-'));
  const binary = await ensureFerretdb(root);
  const { uri } = await startFerretdb(group, { binary, port: await freePort(), dataDir });
  return { uri, dataDir };
}

/** The Razorpay sandbox's keys in the browser tests (the sandbox refuses production). */
const SANDBOX_RAZORPAY_KEYS = {
  keyId: 'rzp_test_e2esandbox',
  keySecret: 'e2e-sandbox-key-secret',
  webhookSecret: 'e2e-sandbox-webhook-secret',
};

/**
 * The Razorpay sandbox (api/dist/dev-payments, built by `npm run build`) in this process, and the
 * variables that point the API (keys, server API) and the shell (checkout.js, CSP) at it.
 */
async function startRazorpaySandbox() {
  const { startRazorpaySandbox: start } =
    await import('../../api/dist/dev-payments/razorpay-sandbox.js');
  const sandbox = await start({
    nodeEnv: 'test',
    ...SANDBOX_RAZORPAY_KEYS,
    habits: { copies: 2, outOfOrder: true, retryDelaysMs: [200, 1000] },
  });
  const env = {
    RAZORPAY_KEY_ID: SANDBOX_RAZORPAY_KEYS.keyId,
    RAZORPAY_KEY_SECRET: SANDBOX_RAZORPAY_KEYS.keySecret,
    RAZORPAY_WEBHOOK_SECRET: SANDBOX_RAZORPAY_KEYS.webhookSecret,
    RAZORPAY_API_URL: sandbox.url,
  };
  return { sandbox, env };
}

/** The Lemon Squeezy sandbox's store in the browser tests: variant ids per product (cents). */
const SANDBOX_LS_PRODUCTS = {
  'pro-monthly': ['9002', { price: 400, interval: 'month' }],
  'pro-yearly': ['9003', { price: 3300, interval: 'year' }],
  lifetime: ['9004', { price: 9900, interval: null }],
  sub100: ['9011', { price: 500, interval: 'month' }],
  sub500: ['9012', { price: 1500, interval: 'month' }],
  sub1000: ['9013', { price: 2500, interval: 'month' }],
  topUp100: ['9021', { price: 700, interval: null }],
  topUp500: ['9022', { price: 2500, interval: null }],
  topUp1000: ['9023', { price: 4500, interval: null }],
};

/**
 * The Lemon Squeezy sandbox (server API, lemon.js and the overlay's pay page, signed webhooks) in
 * this process, and the variables that point the API (keys, variants, checkout links) and the
 * shell (lemon.js, CSP) at it.
 */
async function startLemonSqueezySandbox() {
  const { startLemonSqueezySandbox: start } =
    await import('../../api/dist/dev-payments/lemonsqueezy-sandbox.js');
  const keys = { apiKey: 'e2e-ls-api-key', webhookSecret: 'e2e-ls-secret', storeId: '1' };
  const sandbox = await start({
    nodeEnv: 'test',
    ...keys,
    variants: Object.fromEntries(Object.values(SANDBOX_LS_PRODUCTS)),
    habits: { copies: 2, retryDelaysMs: [200, 1000] },
  });
  const products = Object.entries(SANDBOX_LS_PRODUCTS);
  const env = {
    LEMONSQUEEZY_API_KEY: keys.apiKey,
    LEMONSQUEEZY_WEBHOOK_SECRET: keys.webhookSecret,
    LEMONSQUEEZY_STORE_ID: keys.storeId,
    LEMONSQUEEZY_TEST_MODE: 'true',
    LEMONSQUEEZY_API_URL: sandbox.url,
    LEMONSQUEEZY_VARIANTS: products.map(([name, [id]]) => `${name}=${id}`).join(','),
    CHECKOUT_LINKS: products
      .map(([name, [id]]) => `${name}=${sandbox.url}/checkout/buy/${id}`)
      .join(','),
  };
  return { sandbox, env };
}

/** The PayPal sandbox's keys in the browser tests. */
const SANDBOX_PAYPAL_KEYS = {
  clientId: 'e2e-sandbox-paypal-client',
  clientSecret: 'e2e-sandbox-paypal-secret',
  webhookId: 'E2ESANDBOXWEBHOOK',
};

/** The PayPal sandbox (server API, JS SDK, approval page) in this process, and its variables. */
async function startPaypalSandbox() {
  const { startPaypalSandbox: start } =
    await import('../../api/dist/dev-payments/paypal-sandbox.js');
  const sandbox = await start({ nodeEnv: 'test', ...SANDBOX_PAYPAL_KEYS, habits: { copies: 2 } });
  const env = {
    PAYPAL_CLIENT_ID: SANDBOX_PAYPAL_KEYS.clientId,
    PAYPAL_CLIENT_SECRET: SANDBOX_PAYPAL_KEYS.clientSecret,
    PAYPAL_WEBHOOK_ID: SANDBOX_PAYPAL_KEYS.webhookId,
    PAYPAL_API_URL: sandbox.url,
  };
  return { sandbox, env };
}

/**
 * `apiEnv`: variables for the API alone (see browserSuite). `paypalSandbox`: start the PayPal
 * sandbox (the wallet). `razorpaySandbox`: start the Razorpay
 * sandbox (server API, checkout.js and checkout page, webhooks to this stack's API).
 * `lemonSqueezySandbox`: the same for the hosted overlay (suite.stack.lemonSqueezy).
 */
export async function startStack({
  apiEnv = {},
  razorpaySandbox = false,
  lemonSqueezySandbox = false,
  paypalSandbox = false,
} = {}) {
  const group = new ServiceGroup({ quiet: true });
  const db = await startDatabase(group);
  const payments = razorpaySandbox ? await startRazorpaySandbox() : null;
  const overlay = lemonSqueezySandbox ? await startLemonSqueezySandbox() : null;
  const wallet = paypalSandbox ? await startPaypalSandbox() : null;
  const env = {
    SHELL_PORT: String(await freePort()),
    API_PORT: String(await freePort()),
    DEV_IDP_PORT: String(await freePort()),
  };
  // One free port per remote of the registry.
  for (const remote of REMOTE_SERVICES) env[remote.portVar] = String(await freePort());
  const layout = platformLayout(env);
  const services = await startPlatform(group, {
    root,
    layout,
    mongoUri: db.uri,
    sessionSecret: randomBytes(32).toString('hex'),
    idpAccountsFile: path.join(db.dataDir, 'dev-idp-accounts.json'),
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      // Every browser test signs its people in from 127.0.0.1.
      SIGN_IN_LIMIT_PER_IP: '1000',
      GOOGLE_CLIENT_ID: '',
      RAZORPAY_KEY_ID: '',
      RAZORPAY_KEY_SECRET: '',
      RAZORPAY_WEBHOOK_SECRET: '',
      RAZORPAY_API_URL: '',
      RAZORPAY_CHECKOUT_URL: '',
      LEMONSQUEEZY_API_KEY: '',
      LEMONSQUEEZY_WEBHOOK_SECRET: '',
      LEMONSQUEEZY_STORE_ID: '',
      LEMONSQUEEZY_VARIANTS: '',
      LEMONSQUEEZY_API_URL: '',
      LEMONSQUEEZY_SCRIPT_URL: '',
      LEMONSQUEEZY_CHECKOUT_ORIGIN: '',
      ...payments?.env,
      ...overlay?.env,
      PAYPAL_CLIENT_ID: '',
      PAYPAL_CLIENT_SECRET: '',
      PAYPAL_WEBHOOK_ID: '',
      PAYPAL_API_URL: '',
      ...wallet?.env,
    },
    apiEnv,
  });
  payments?.sandbox.setWebhookUrl(`${layout.api.url}/api/webhooks/razorpay`);
  overlay?.sandbox.setWebhookUrl(`${layout.api.url}/api/webhooks/lemonsqueezy`);
  wallet?.sandbox.setWebhookUrl(`${layout.api.url}/api/webhooks/paypal`);

  const signalRemote = (dir, signal) => {
    const entry = services.remotes.find((r) => r.remote.dir === dir);
    process.kill(-entry.service.child.pid, signal); // its process group (started detached)
  };

  return {
    layout,
    mongoUri: db.uri,
    /** The Razorpay sandbox, when the suite asked for it. */
    razorpay: payments?.sandbox ?? null,
    /** The Lemon Squeezy sandbox, when the suite asked for it. */
    lemonSqueezy: overlay?.sandbox ?? null,
    /** The PayPal sandbox, when the suite asked for it. */
    paypal: wallet?.sandbox ?? null,
    url: (p = '/') => `${layout.shell.url}${p}`,
    /** Stops one remote's server, as when its deployment is down. */
    async stopRemote(dir) {
      const entry = services.remotes.find((r) => r.remote.dir === dir);
      await group.stop(entry.service);
    },
    async startRemote(dir) {
      const entry = services.remotes.find((r) => r.remote.dir === dir);
      entry.service = startRemote(group, { root, layout, remote: entry.remote });
      await waitForPort(entry.remote.port, { service: entry.service });
    },
    /**
     * Freezes one remote's server (SIGSTOP): it still accepts connections (the kernel does) and
     * never answers, as a hung deployment. `resumeRemote` (SIGCONT) lets it answer again.
     */
    freezeRemote(dir) {
      signalRemote(dir, 'SIGSTOP');
    },
    resumeRemote(dir) {
      signalRemote(dir, 'SIGCONT');
    },
    async stop() {
      // A frozen server cannot act on SIGTERM.
      for (const { service } of services.remotes) {
        if (service.child.exitCode === null) process.kill(-service.child.pid, 'SIGCONT');
      }
      await group.stopAll();
      await payments?.sandbox.idle();
      await payments?.sandbox.close();
      await overlay?.sandbox.idle();
      await overlay?.sandbox.close();
      await wallet?.sandbox.idle();
      await wallet?.sandbox.close();
      rmSync(db.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One platform and one Chromium for a test file, and a fresh browser context and page per test.
 * Read `suite.stack`, `suite.browser` and `suite.page` inside tests. `options.apiEnv`: variables
 * for this file's API alone, e.g. { TRUST_PROXY_HOPS: '1' }; other files' stacks are unchanged.
 * `options.razorpaySandbox`: this file's stack runs the Razorpay sandbox (suite.stack.razorpay);
 * `options.lemonSqueezySandbox`: the Lemon Squeezy one (suite.stack.lemonSqueezy).
 */
export function browserSuite(options = {}) {
  const suite = { stack: null, browser: null, context: null, page: null, cspViolations: [] };
  beforeAll(async () => {
    suite.stack = await startStack(options);
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.stack?.stop();
  });
  beforeEach(async () => {
    suite.context = await suite.browser.newContext({ viewport: { width: 1200, height: 800 } });
    suite.page = await suite.context.newPage();
    // Anything the shell's Content-Security-Policy blocked (a remote's chunk, a style, the pdf.js
    // worker) fails the test that caused it.
    suite.cspViolations = [];
    suite.page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) suite.cspViolations.push(message.text());
    });
  });
  afterEach(async () => {
    await suite.context.close();
    expect(suite.cspViolations).toEqual([]);
  });
  return suite;
}
