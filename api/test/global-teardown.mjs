import { rmSync } from 'node:fs';

export default async function globalTeardown() {
  const db = globalThis.__FERRETDB__;
  if (!db) return;
  await db.group.stopAll();
  rmSync(db.dataDir, { recursive: true, force: true });
}
