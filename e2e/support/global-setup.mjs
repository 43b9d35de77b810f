// One FerretDB and one Chromium for a run of the browser tests (issue 24: one database and one
// browser per run, not one per file). Each stack still gets a database of its own on the shared
// server (startDatabase), and each file its own connection to the browser, closed with the file
// (launchBrowser); a file that needs Chromium started with other flags launches its own.
import { chromium } from 'playwright-core';
import { ServiceGroup } from '../../scripts/lib/proc.mjs';
import { CHROMIUM_ARGS, chromiumPath, startDatabase } from './stack.mjs';

export default async function globalSetup() {
  const group = new ServiceGroup({ quiet: true });
  // Started before E2E_MONGODB_URI is set, startDatabase starts the FerretDB.
  const [{ uri, dataDir }, browser] = await Promise.all([
    startDatabase(group),
    chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS }),
  ]);
  process.env.E2E_MONGODB_URI = uri;
  process.env.E2E_CHROMIUM_WS = browser.wsEndpoint();
  globalThis.__E2E_SHARED__ = { group, dataDir, browser };
}
