// `node scripts/web-server.mjs <workspace>`: serves the production build of the shell or of one
// remote (<workspace>/dist) with the production web server (scripts/lib/web-server.mjs) on PORT
// (else the registry's port) and WEB_HOST (default 127.0.0.1; the web image sets 0.0.0.0). Used by
// `npm start`, the browser-test stack and the compose stack's web services.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTES, SHELL } from 'contracts';
import { createWebServer } from './lib/web-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workspace = process.argv[2];
const part =
  workspace === SHELL.folder
    ? { kind: 'shell', port: SHELL.port }
    : REMOTES.filter((r) => r.folder === workspace).map((r) => ({
        kind: 'remote',
        port: r.port,
      }))[0];
if (!part) {
  console.error(
    `usage: node scripts/web-server.mjs <${[SHELL.folder, ...REMOTES.map((r) => r.folder)].join('|')}>`,
  );
  process.exit(2);
}

const port = Number(process.env.PORT ?? part.port);
const host = process.env.WEB_HOST || '127.0.0.1';
const server = createWebServer({ dir: path.join(root, workspace, 'dist'), kind: part.kind });
server.listen(port, host, () => {
  console.log(`${workspace}: serving ${workspace}/dist on http://${host}:${String(port)}`);
});
const stop = () => {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 3000).unref(); // responses still being sent
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
