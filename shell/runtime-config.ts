// The shell's dev server answers /runtime-config.json from the environment with the one builder
// in the contracts package (contracts/src/runtime-config.ts), as the production web server
// (scripts/lib/web-server.mjs) does.

import type { ServerResponse } from 'node:http';
import { buildRuntimeConfig } from 'contracts';
import type { Plugin } from 'vite';

export type { RemoteEntry, RuntimeConfig } from 'contracts';
export { buildRuntimeConfig };

/** A Vite plugin answering GET /runtime-config.json in dev and preview from process.env. */
export function runtimeConfigPlugin(): Plugin {
  type Server = {
    middlewares: { use: (path: string, fn: (req: unknown, res: ServerResponse) => void) => void };
  };
  const serve = (server: Server) => {
    server.middlewares.use('/runtime-config.json', (_req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'no-store');
      res.end(JSON.stringify(buildRuntimeConfig(process.env)));
    });
  };
  return { name: 'shell-runtime-config', configureServer: serve, configurePreviewServer: serve };
}
