// `npm start`: installs what is missing, builds, starts the database, the API, every remote of the
// registry (contracts/src/remotes.ts) and the shell, and prints the URL to open. Ctrl-C stops
// everything it started.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureFerretdb, ownerOnly, startFerretdb } from './lib/ferretdb.mjs';
import { ensureNodeModules } from './lib/npm-deps.mjs';
import { canConnect, ServiceGroup, run, waitForPort } from './lib/proc.mjs';
import { ensureDebianPackages, PLATFORM_PACKAGES } from './lib/system-deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const group = new ServiceGroup();
let stopping = false;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping...');
  await group.stopAll();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

/** A stable session secret kept in .data/ (sessions survive restarts), made on first run. */
function sessionSecret() {
  const file = path.join(root, '.data', 'session-secret');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, randomBytes(48).toString('hex'), { mode: 0o600 });
  }
  chmodSync(file, 0o600); // one made by an older version, or copied in, may be world-readable
  return readFileSync(file, 'utf8').trim();
}

/** The local Razorpay sandbox's keys: development only (the sandbox refuses production). */
const SANDBOX_RAZORPAY = {
  RAZORPAY_KEY_ID: 'rzp_test_localsandbox',
  RAZORPAY_KEY_SECRET: 'local-sandbox-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'local-sandbox-webhook-secret',
};

/**
 * Without Razorpay keys: the sandbox (api/src/dev-payments/) on RAZORPAY_SANDBOX_PORT, and the
 * variables that point the API at it. With keys: nothing, the API talks to Razorpay.
 */
async function startPaymentsSandbox(layout) {
  if (process.env.RAZORPAY_KEY_ID) return {};
  const port = Number(process.env.RAZORPAY_SANDBOX_PORT ?? 4200);
  if (await canConnect('127.0.0.1', port)) {
    throw new Error(`Port ${port} (the payments sandbox) is in use: set RAZORPAY_SANDBOX_PORT.`);
  }
  const env = { ...SANDBOX_RAZORPAY, RAZORPAY_API_URL: `http://127.0.0.1:${port}` };
  const sandbox = group.start(
    'payments-sandbox',
    process.execPath,
    [path.join(root, 'api', 'dist', 'dev-payments', 'main.js')],
    { cwd: root, env: { ...process.env, ...env, API_PUBLIC_URL: layout.api.url } },
  );
  await waitForPort(port, { service: sandbox });
  console.log(`Payments: local Razorpay sandbox on 127.0.0.1:${port} (no RAZORPAY_KEY_ID set)`);
  return env;
}

/** The local Lemon Squeezy sandbox's store: development only (the sandbox refuses production). */
const SANDBOX_LEMONSQUEEZY = {
  LEMONSQUEEZY_API_KEY: 'local-sandbox-ls-api-key',
  LEMONSQUEEZY_WEBHOOK_SECRET: 'local-sandbox-ls-secret',
  LEMONSQUEEZY_STORE_ID: '1',
  LEMONSQUEEZY_TEST_MODE: 'true',
  LEMONSQUEEZY_VARIANTS:
    'pro-weekly=9001,pro-monthly=9002,pro-yearly=9003,lifetime=9004,' +
    'sub100=9011,sub500=9012,sub1000=9013,topUp100=9021,topUp500=9022,topUp1000=9023',
};

/**
 * Without LEMONSQUEEZY_API_KEY: the Lemon Squeezy sandbox on LEMONSQUEEZY_SANDBOX_PORT, the
 * variables that point the API at it and, unless CHECKOUT_LINKS is set, its plain pay links for
 * every plan and add-on option (the shell's overlay frame origin; the API creates each checkout
 * through the sandbox's API). With a key: nothing, the API talks to Lemon Squeezy.
 */
async function startLemonSqueezySandbox(layout) {
  if (process.env.LEMONSQUEEZY_API_KEY) return {};
  const port = Number(process.env.LEMONSQUEEZY_SANDBOX_PORT ?? 4201);
  if (await canConnect('127.0.0.1', port)) {
    throw new Error(
      `Port ${port} (the Lemon Squeezy sandbox) is in use: set LEMONSQUEEZY_SANDBOX_PORT.`,
    );
  }
  const base = `http://127.0.0.1:${port}`;
  const env = { ...SANDBOX_LEMONSQUEEZY, LEMONSQUEEZY_API_URL: base };
  if (!process.env.CHECKOUT_LINKS) {
    env.CHECKOUT_LINKS = SANDBOX_LEMONSQUEEZY.LEMONSQUEEZY_VARIANTS.split(',')
      .map((entry) => entry.split('='))
      .map(([name, id]) => `${name}=${base}/checkout/buy/${id}`)
      .join(',');
  }
  const sandbox = group.start(
    'lemonsqueezy-sandbox',
    process.execPath,
    [path.join(root, 'api', 'dist', 'dev-payments', 'lemonsqueezy', 'main.js')],
    { cwd: root, env: { ...process.env, ...env, API_PUBLIC_URL: layout.api.url } },
  );
  await waitForPort(port, { service: sandbox });
  console.log(`Payments: local Lemon Squeezy sandbox on ${base} (no LEMONSQUEEZY_API_KEY set)`);
  return env;
}

/** The local PayPal sandbox's app: development only (the sandbox refuses production). */
const SANDBOX_PAYPAL = {
  PAYPAL_CLIENT_ID: 'local-sandbox-paypal-client',
  PAYPAL_CLIENT_SECRET: 'local-sandbox-paypal-secret',
  PAYPAL_WEBHOOK_ID: 'LOCALSANDBOXWEBHOOK',
};

/**
 * Without PAYPAL_CLIENT_ID: the PayPal sandbox on PAYPAL_SANDBOX_PORT and the variables that point
 * the API at it. With a client id: nothing, the API talks to PayPal.
 */
async function startPaypalSandbox(layout) {
  if (process.env.PAYPAL_CLIENT_ID) return {};
  const port = Number(process.env.PAYPAL_SANDBOX_PORT ?? 4202);
  if (await canConnect('127.0.0.1', port)) {
    throw new Error(`Port ${port} (the PayPal sandbox) is in use: set PAYPAL_SANDBOX_PORT.`);
  }
  const base = `http://127.0.0.1:${port}`;
  const env = { ...SANDBOX_PAYPAL, PAYPAL_API_URL: base };
  const sandbox = group.start(
    'paypal-sandbox',
    process.execPath,
    [path.join(root, 'api', 'dist', 'dev-payments', 'paypal', 'main.js')],
    { cwd: root, env: { ...process.env, ...env, API_PUBLIC_URL: layout.api.url } },
  );
  await waitForPort(port, { service: sandbox });
  console.log(`Payments: local PayPal sandbox on ${base} (no PAYPAL_CLIENT_ID set)`);
  return env;
}

async function main() {
  // .data/ holds the session secret and the database: readable by their owner only, existing
  // files included.
  mkdirSync(path.join(root, '.data'), { recursive: true, mode: 0o700 });
  ownerOnly(path.join(root, '.data'));
  await ensureNodeModules(root);
  // Imported once contracts/dist (the registry of remotes it reads) is sure to be built.
  const { assertPortsFree, platformLayout, startPlatform } = await import('./lib/platform.mjs');
  const layout = platformLayout();
  await assertPortsFree(layout);
  if (!(await ensureDebianPackages(PLATFORM_PACKAGES, 'text recognition'))) {
    console.warn('Continuing without them: /api/health will report the OCR engine as down.');
  }

  let mongoUri = process.env.MONGODB_URI;
  if (!mongoUri) {
    const binary = await ensureFerretdb(root);
    const port = Number(process.env.FERRETDB_PORT ?? 27017);
    const db = await startFerretdb(group, {
      binary,
      port,
      dataDir: path.join(root, '.data', 'ferretdb'),
    });
    mongoUri = db.uri;
    console.log(`Embedded database: FerretDB on 127.0.0.1:${port} (data in .data/ferretdb)`);
  }

  console.log('Building...');
  await run('npm', ['run', 'build'], { cwd: root, quiet: true });

  const paymentsEnv = {
    ...(await startPaymentsSandbox(layout)),
    ...(await startLemonSqueezySandbox(layout)),
    ...(await startPaypalSandbox(layout)),
  };
  await startPlatform(group, {
    root,
    layout,
    mongoUri,
    sessionSecret: process.env.SESSION_SECRET || sessionSecret(),
    idpAccountsFile: path.join(root, '.data', 'dev-idp-accounts.json'),
    env: { ...process.env, ...paymentsEnv },
  });
  const signIn = layout.idp ? `local sign-in provider at ${layout.idp.url}` : 'Google';
  console.log(`\n  Ready: open ${layout.shell.url}`);
  console.log(`  API: ${layout.api.url}; sign-in: ${signIn}  (Ctrl-C stops everything)\n`);
}

main().catch(async (error) => {
  console.error(`\nnpm start failed: ${error.message}`);
  if (error.output) console.error(error.output.slice(-4000));
  await shutdown(1);
});
