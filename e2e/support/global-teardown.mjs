import { rmSync } from 'node:fs';

export default async function globalTeardown() {
  const shared = globalThis.__E2E_SHARED__;
  if (!shared) return;
  await shared.browser.close();
  await shared.group.stopAll();
  rmSync(shared.dataDir, { recursive: true, force: true });
}
