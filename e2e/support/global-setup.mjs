// One FerretDB and one Chromium for a run of the browser tests (issue 24: one database and one
// browser per run, not one per file). Each stack still gets a database of its own on the shared
// server (startDatabase), and each file its own connection to the browser, closed with the file
// (launchBrowser); a file that needs Chromium started with other flags launches its own.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ensureFerretdb, startFerretdb } from '../../scripts/lib/ferretdb.mjs';
import { ServiceGroup, freePort } from '../../scripts/lib/proc.mjs';
import { CHROMIUM_ARGS, chromiumPath, root } from './stack.mjs';

export default async function globalSetup() {
  const group = new ServiceGroup({ quiet: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ferretdb-e2e-'));
  const [{ uri }, browser] = await Promise.all([
    ensureFerretdb(root).then(async (binary) =>
      startFerretdb(group, { binary, port: await freePort(), dataDir }),
    ),
    chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS }),
  ]);
  process.env.E2E_MONGODB_URI = uri;
  process.env.E2E_CHROMIUM_WS = browser.wsEndpoint();
  globalThis.__E2E_SHARED__ = { group, dataDir, browser };
}
