// The third-party browser integrations, each described once (docs/architecture "Integrations as
// data"): the environment variables it reads, the runtime-config keys they become (off by
// default: an empty string), and the sources the shell's Content-Security-Policy must allow for
// it, per directive. buildRuntimeConfig reads the keys from here, the web server's CSP
// (scripts/lib/web-server.mjs) the sources, and the shell loads an integration's code only when
// its key is set.
import type { RuntimeConfig } from './runtime-config.js';

export type CspDirective = 'script-src' | 'connect-src' | 'frame-src' | 'img-src';
export type CspSources = Partial<Record<CspDirective, string[]>>;

export type BrowserIntegration<K extends keyof RuntimeConfig = keyof RuntimeConfig> = {
  name: string;
  /** The environment variables it reads (documented in README's configuration table). */
  env: readonly string[];
  /** Its runtime-config keys, from the environment; '' (off) when the variables are unset. */
  fromEnv: (env: Record<string, string | undefined>) => Pick<RuntimeConfig, K>;
  /** What the shell's CSP allows for it under a configuration; nothing when it is off. */
  csp: (config: Pick<RuntimeConfig, K>) => CspSources;
};

/** scheme://host[:port] of an http(s) URL, without user info (a DSN's key); null otherwise. */
export const originOfUrl = (url: string): string | null => {
  const match = /^(https?):\/\/(?:[^@/?#\s]*@)?([^@/?#\s]+)/i.exec(url.trim());
  return match?.[1] && match[2] ? `${match[1]}://${match[2]}`.toLowerCase() : null;
};

const only = (origin: string | null): string[] => (origin ? [origin] : []);

/**
 * Error reporting (spec §7) through Sentry's browser SDK, or any service that accepts it
 * (self-hosted Sentry, GlitchTip): SENTRY_DSN_WEB, the front end's DSN (a public key by design).
 * Unset: errors are only logged and the SDK is never downloaded. The SDK posts its envelopes to
 * the DSN's host.
 */
export const ERROR_REPORTING: BrowserIntegration<'sentryDsn'> = {
  name: 'error reporting',
  env: ['SENTRY_DSN_WEB'],
  fromEnv: (env) => ({ sentryDsn: (env.SENTRY_DSN_WEB ?? '').trim() }),
  csp: ({ sentryDsn }) => ({ 'connect-src': only(originOfUrl(sentryDsn)) }),
};

/**
 * Analytics (spec §7): a collector URL that receives events by sendBeacon, else
 * window.dataLayer; the ad platform's conversion id for the signup conversion.
 */
export const ANALYTICS: BrowserIntegration<'analyticsEndpoint' | 'adConversionId'> = {
  name: 'analytics',
  env: ['ANALYTICS_ENDPOINT', 'AD_CONVERSION_ID'],
  fromEnv: (env) => ({
    analyticsEndpoint: env.ANALYTICS_ENDPOINT || '',
    adConversionId: env.AD_CONVERSION_ID || '',
  }),
  // A relative endpoint is this site's: 'self' covers it.
  csp: ({ analyticsEndpoint }) => ({ 'connect-src': only(originOfUrl(analyticsEndpoint)) }),
};

/** Every integration described here, in the order their sources appear in the CSP. */
export const BROWSER_INTEGRATIONS = [ERROR_REPORTING, ANALYTICS] as const;

/** The CSP sources of every described integration under `config`, merged per directive. */
export function integrationCspSources(config: RuntimeConfig): Record<CspDirective, string[]> {
  const merged: Record<CspDirective, string[]> = {
    'script-src': [],
    'connect-src': [],
    'frame-src': [],
    'img-src': [],
  };
  for (const integration of BROWSER_INTEGRATIONS) {
    const sources = (integration.csp as (c: RuntimeConfig) => CspSources)(config);
    for (const [directive, list] of Object.entries(sources) as [CspDirective, string[]][]) {
      merged[directive].push(...list);
    }
  }
  return merged;
}
