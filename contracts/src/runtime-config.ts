// The shell's run-time configuration, served as /runtime-config.json next to the shell: where the
// API and each remote live in this environment, and which paths each remote serves (so a remote
// that is down still owns its routes and shows a fallback). Built from the environment when the
// shell's server starts, so the same build runs in every environment. One implementation, read by
// the shell's dev server (shell/runtime-config.ts), the production web server
// (scripts/lib/web-server.mjs, which also derives the shell's Content-Security-Policy from it)
// and the shell's code that fetches it.
import { REMOTES } from './remotes.js';

export type RemoteEntry = { name: string; entry: string; routes: string[] };
export type RuntimeConfig = {
  apiUrl: string;
  affiliateSignupUrl: string;
  addonListingUrl: string;
  analyticsEndpoint: string;
  adConversionId: string;
  /** The support contact shown to premium users and on /payment-success. */
  supportEmail: string;
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
    supportEmail: env.SUPPORT_EMAIL || 'support@example.com',
    remotes: REMOTES.map((remote) => ({
      name: remote.name,
      entry: `${trimSlash(env[remote.urlVar] || `http://localhost:${String(remote.port)}`)}/mf-manifest.json`,
      routes: [...remote.routes],
    })),
  };
}
