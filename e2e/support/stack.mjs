// Starts the built platform for the browser tests on free ports with its own FerretDB, the way
// `npm start` serves it, and Debian's Chromium through playwright-core.
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

export async function startStack() {
  const group = new ServiceGroup({ quiet: true });
  const db = await startDatabase(group);
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
    env: { ...process.env, LOG_LEVEL: 'warn', GOOGLE_CLIENT_ID: '' },
  });

  return {
    layout,
    mongoUri: db.uri,
    url: (p = '/') => `${layout.shell.url}${p}`,
    /** Stops one remote's server, as when its deployment is down. */
    async stopRemote(dir) {
      const entry = services.remotes.find((r) => r.remote.dir === dir);
      await group.stop(entry.service);
    },
    async startRemote(dir) {
      const entry = services.remotes.find((r) => r.remote.dir === dir);
      entry.service = startRemote(group, { root, remote: entry.remote });
      await waitForPort(entry.remote.port, { service: entry.service });
    },
    async stop() {
      await group.stopAll();
      rmSync(db.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One platform and one Chromium for a test file, and a fresh browser context and page per test.
 * Read `suite.stack`, `suite.browser` and `suite.page` inside tests.
 */
export function browserSuite() {
  const suite = { stack: null, browser: null, context: null, page: null };
  beforeAll(async () => {
    suite.stack = await startStack();
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.stack?.stop();
  });
  beforeEach(async () => {
    suite.context = await suite.browser.newContext({ viewport: { width: 1200, height: 800 } });
    suite.page = await suite.context.newPage();
  });
  afterEach(async () => {
    await suite.context.close();
  });
  return suite;
}
