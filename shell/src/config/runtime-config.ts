import type { RuntimeConfig } from 'contracts';

export type { RuntimeConfig, RemoteEntry } from 'contracts';

function isRuntimeConfig(value: unknown): value is RuntimeConfig {
  if (typeof value !== 'object' || value === null) return false;
  const config = value as RuntimeConfig;
  return (
    typeof config.apiUrl === 'string' &&
    typeof config.affiliateSignupUrl === 'string' &&
    typeof config.addonListingUrl === 'string' &&
    typeof config.commentFilterListingUrl === 'string' &&
    typeof config.analyticsEndpoint === 'string' &&
    typeof config.adConversionId === 'string' &&
    typeof config.sentryDsn === 'string' &&
    typeof config.supportEmail === 'string' &&
    typeof config.razorpayCheckoutUrl === 'string' &&
    typeof config.lemonSqueezyScriptUrl === 'string' &&
    Array.isArray(config.remotes) &&
    config.remotes.every(
      (r) => typeof r.name === 'string' && typeof r.entry === 'string' && Array.isArray(r.routes),
    )
  );
}

/**
 * The configuration the shell's server inlined into the page (a JSON data block, id
 * `runtime-config`), else the one served next to the shell (the dev and preview servers).
 */
export async function readRuntimeConfig(doc: Document = document): Promise<RuntimeConfig> {
  const inlined = doc.getElementById('runtime-config')?.textContent;
  if (!inlined) return fetchRuntimeConfig();
  const body: unknown = JSON.parse(inlined);
  if (!isRuntimeConfig(body)) throw new Error('The inlined configuration is not valid');
  return body;
}

/** Reads the environment's configuration served next to the shell. */
export async function fetchRuntimeConfig(url = '/runtime-config.json'): Promise<RuntimeConfig> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body: unknown = await response.json();
  if (!isRuntimeConfig(body)) throw new Error(`${url} is not a valid shell configuration`);
  return body;
}
