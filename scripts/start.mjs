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

/**
 * The local payment sandboxes (api/src/dev-payments/payment-sandboxes.ts, built): each whose
 * disabling variable (its provider's key) is unset runs on its port, and the variables that point
 * the API and the shell at it are returned. With the key set: nothing, the API talks to the
 * provider.
 */
async function startPaymentSandboxes(layout) {
  const { PAYMENT_SANDBOXES, sandboxEnv } =
    await import('../api/dist/dev-payments/payment-sandboxes.js');
  const given = {};
  for (const sandbox of PAYMENT_SANDBOXES) {
    if (process.env[sandbox.disabledBy]) continue;
    const port = Number(process.env[sandbox.portVar] ?? sandbox.port);
    if (await canConnect('127.0.0.1', port)) {
      throw new Error(
        `Port ${port} (the ${sandbox.name} sandbox) is in use: set ${sandbox.portVar}.`,
      );
    }
    const url = `http://127.0.0.1:${port}`;
    const env = sandboxEnv(sandbox, url, process.env);
    const service = group.start(
      sandbox.service,
      process.execPath,
      [path.join(root, 'api', 'dist', 'dev-payments', sandbox.main)],
      { cwd: root, env: { ...process.env, ...env, API_PUBLIC_URL: layout.api.url } },
    );
    await waitForPort(port, { service });
    console.log(`Payments: local ${sandbox.name} sandbox on ${url} (no ${sandbox.disabledBy} set)`);
    Object.assign(given, env);
  }
  return given;
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

  const paymentsEnv = await startPaymentSandboxes(layout);
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
