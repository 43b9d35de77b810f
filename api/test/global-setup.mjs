// Starts a real FerretDB (MongoDB wire protocol) for the API tests, on a free port with its data
// in a temporary folder, and tells the tests where it is through TEST_MONGODB_URI.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureFerretdb, startFerretdb } from '../../scripts/lib/ferretdb.mjs';
import { ServiceGroup, freePort } from '../../scripts/lib/proc.mjs';
import { buildEsmBundles } from './esm-bundles.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export default async function globalSetup() {
  await buildEsmBundles();
  if (process.env.TEST_MONGODB_URI) return; // an outside server was given
  const binary = await ensureFerretdb(root);
  const group = new ServiceGroup({ quiet: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ferretdb-test-'));
  const { uri } = await startFerretdb(group, { binary, port: await freePort(), dataDir });
  process.env.TEST_MONGODB_URI = uri;
  globalThis.__FERRETDB__ = { group, dataDir };
}
