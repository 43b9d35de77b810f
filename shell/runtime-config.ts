// The shell's run-time configuration: where the API and each remote live in this environment, and
// which paths each remote serves (so a remote that is down still owns its routes and shows a
// fallback). The remotes, their URL variables, default ports and routes come from the registry
// (contracts/src/remotes.ts). Served as /runtime-config.json next to the shell, built from the environment when
// the server starts: the same build runs in every environment.

import type { ServerResponse } from 'node:http';
import { REMOTES } from 'contracts';
import type { Plugin } from 'vite';

export type RemoteEntry = { name: string; entry: string; routes: string[] };
export type RuntimeConfig = {
  apiUrl: string;
  affiliateSignupUrl: string;
  addonListingUrl: string;
  analyticsEndpoint: string;
  adConversionId: string;
  remotes: RemoteEntry[];
};

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

export function buildRuntimeConfig(env: Record<string, string | undefined>): RuntimeConfig {
  return {
    apiUrl: trimSlash(env.API_URL || 'http://localhost:4000'),
    affiliateSignupUrl: env.AFFILIATE_SIGNUP_URL || '/affiliate',
    addonListingUrl: env.ADDON_LISTING_URL || 'https://workspace.google.com/marketplace',
    analyticsEndpoint: env.ANALYTICS_ENDPOINT || '',
    adConversionId: env.AD_CONVERSION_ID || '',
    remotes: REMOTES.map((remote) => ({
      name: remote.name,
      entry: `${trimSlash(env[remote.urlVar] || `http://localhost:${String(remote.port)}`)}/mf-manifest.json`,
      routes: [...remote.routes],
    })),
  };
}

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
