import geoip from 'geoip-country';
import type { BillingConfig } from '../../config/billing-catalogue.js';

/** The visitor's ISO country from what the server sees; null when it cannot be told. */
export type CountrySource = {
  /** The client address as Express gives it (X-Forwarded-For only through trusted proxies). */
  ip: string | undefined;
  headers: Record<string, string | string[] | undefined>;
};

const ISO_COUNTRY = /^[A-Z]{2}$/;
// Codes a proxy sends for 'unknown' or 'Tor', not countries.
const NOT_A_COUNTRY = new Set(['XX', 'T1', 'ZZ']);

/**
 * In order: the override (local testing; refused in production at start), the trusted proxy's
 * country header when one is configured, then the client address in the GeoIP database that
 * geoip-country ships. Loopback and private addresses are in no country (null → USD).
 */
export function visitorCountry(
  source: CountrySource,
  config: Pick<BillingConfig, 'countryHeader' | 'countryOverride'>,
  lookup: (ip: string) => string | null = lookupCountry,
): string | null {
  if (config.countryOverride) return config.countryOverride;
  if (config.countryHeader) {
    const raw = source.headers[config.countryHeader];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
    if (value && ISO_COUNTRY.test(value) && !NOT_A_COUNTRY.has(value)) return value;
  }
  return source.ip ? lookup(source.ip) : null;
}

export function lookupCountry(ip: string): string | null {
  const address = ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
  return geoip.lookup(address)?.country ?? null;
}
