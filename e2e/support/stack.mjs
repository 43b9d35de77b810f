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

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium for a test file: a connection to the run's shared browser (e2e/support/global-setup.mjs)
 * when there is one and no flags of its own are asked for, else a browser of its own. Either way
 * `close()` ends what the file opened (for a connection, its contexts and the connection).
 */
export function launchBrowser(extraArgs = []) {
  const shared = process.env.E2E_CHROMIUM_WS;
  if (shared && extraArgs.length === 0) return chromium.connect(shared);
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/**
 * A download's content as text. Read from its stream: a browser connected to (the run's shared
 * one) keeps its downloads on its own side, where `download.path()` is not available.
 */
export async function downloadText(download) {
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The app has taken over the page: a prerendered public page stays in the DOM, inert, until the
 * app's first commit renders over it (shell/src/main.tsx), so an element found before then may be
 * replaced a moment later. Pages served without prerendering are never inert.
 */
export function appTookOver(page) {
  return page.locator('#root:not([inert])').waitFor({ state: 'attached' });
}

/**
 * A database of its own, and a temporary folder (`dataDir`, for the sign-in provider's accounts):
 * on the run's shared FerretDB (e2e/support/global-setup.mjs) when there is one, else on a
 * FerretDB started in `group` on a free port with its data in that folder.
 */
export async function startDatabase(group) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ferretdb-e2e-'));
  const shared = process.env.E2E_MONGODB_URI;
  if (shared) {
    const uri = new URL(shared);
    uri.pathname = `/e2e-${randomBytes(6).toString('hex')}`;
    return { uri: uri.toString(), dataDir };
  }
  const binary = await ensureFerretdb(root);
  const { uri } = await startFerretdb(group, { binary, port: await freePort(), dataDir });
  return { uri, dataDir };
}

/**
 * The payment sandboxes this stack runs (`options.<id>Sandbox`, ids from the registry:
 * api/src/dev-payments/payment-sandboxes.ts, built by `npm run build`), in this process on free
 * ports with quick retries, and the variables of every provider: the started sandboxes' (keys,
 * server API, checkout links; the shell's scripts and CSP follow), the others' cleared.
 */
async function startPaymentSandboxes(options) {
  const { PAYMENT_SANDBOXES, sandboxEnv, startPaymentSandbox } =
    await import('../../api/dist/dev-payments/payment-sandboxes.js');
  const started = [];
  const env = {};
  /** stack.<id>: each sandbox, or null where the suite did not ask for it. */
  const byId = {};
  for (const sandbox of PAYMENT_SANDBOXES) {
    for (const name of sandbox.variables) env[name] = '';
    byId[sandbox.id] = null;
    if (!options[`${sandbox.id}Sandbox`]) continue;
    const running = await startPaymentSandbox(
      sandbox,
      { NODE_ENV: 'test' },
      { port: 0, webhookUrl: undefined, habits: { ...sandbox.habits, retryDelaysMs: [200, 1000] } },
    );
    started.push({ sandbox, running });
    byId[sandbox.id] = running;
    Object.assign(env, sandboxEnv(sandbox, running.url));
  }
  return { started, env, byId };
}

/**
 * `apiEnv`: variables for the API alone (see browserSuite). `razorpaySandbox`: start the Razorpay
 * sandbox (server API, checkout.js and checkout page, webhooks to this stack's API);
 * `lemonSqueezySandbox`: the same for the hosted overlay; `paypalSandbox`: for the wallet.
 */
export async function startStack({ apiEnv = {}, ...options } = {}) {
  const group = new ServiceGroup({ quiet: true });
  const db = await startDatabase(group);
  const payments = await startPaymentSandboxes(options);
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
      ...payments.env,
    },
    apiEnv,
  });
  for (const { sandbox, running } of payments.started) {
    running.setWebhookUrl(`${layout.api.url}${sandbox.webhookPath}`);
  }

  const signalRemote = (dir, signal) => {
    const entry = services.remotes.find((r) => r.remote.dir === dir);
    process.kill(-entry.service.child.pid, signal); // its process group (started detached)
  };

  return {
    layout,
    mongoUri: db.uri,
    /** `razorpay`, `lemonSqueezy`, `paypal`: each payment sandbox the suite asked for, or null. */
    ...payments.byId,
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
      for (const { running } of payments.started) {
        await running.idle();
        await running.close();
      }
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
