// `npm run support -- grant EMAIL | revoke EMAIL | list [--since DATE]`: builds the API once if
// needed and runs its support command line against MONGODB_URI, or else against the embedded
// database of `npm start` (used while it runs, or started for the command and stopped after).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiCli } from './lib/api-build.mjs';
import { ensureFerretdb, startFerretdb } from './lib/ferretdb.mjs';
import { canConnect, freePort, ServiceGroup } from './lib/proc.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = apiCli(root, 'support');

const group = new ServiceGroup({ quiet: true });
let mongoUri = process.env.MONGODB_URI;
let status;
try {
  if (!mongoUri) {
    const port = Number(process.env.FERRETDB_PORT ?? 27017);
    if (await canConnect('127.0.0.1', port)) {
      mongoUri = `mongodb://127.0.0.1:${port}/ocr`;
    } else {
      const binary = await ensureFerretdb(root);
      const db = await startFerretdb(group, {
        binary,
        port: await freePort(),
        dataDir: path.join(root, '.data', 'ferretdb'),
      });
      mongoUri = db.uri;
    }
  }
  const result = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, MONGODB_URI: mongoUri },
  });
  status = result.status ?? 1;
} catch (error) {
  console.error(error.message);
  status = 1;
} finally {
  await group.stopAll();
}
process.exit(status);
