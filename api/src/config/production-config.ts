import { BlockList, isIP } from 'node:net';
import { LOCAL_ADDON_CLIENT } from './addon-identity-config.js';

// What NODE_ENV=production refuses (security plan item 44): settings that are right on a
// developer's machine and in the tests, and wrong where real people pay. Each is one line of
// loadConfig's list, naming the variable and why; development and test accept them all.

/** Webhook signing secrets in production: as long as SESSION_SECRET (e.g. `openssl rand -hex 16`). */
export const MIN_PRODUCTION_WEBHOOK_SECRET = 32;

type ProductionEnv = {
  NODE_ENV: 'development' | 'production' | 'test';
  GOOGLE_CLIENT_ID?: string | undefined;
  DEV_IDP_URL?: string | undefined;
  ADDON_ID_TOKEN_ISSUERS?: string[] | undefined;
  ADDON_ID_TOKEN_JWKS_URL?: string | undefined;
  ADDON_OAUTH_CLIENT_IDS?: string[] | undefined;
  GEOIP_COUNTRY_OVERRIDE?: string | undefined;
  COUNTRY_HEADER?: string | undefined;
  TRUST_PROXY_HOPS: number;
  RAZORPAY_KEY_ID?: string | undefined;
  RAZORPAY_WEBHOOK_SECRET?: string | undefined;
  RAZORPAY_API_URL: string;
  LEMONSQUEEZY_WEBHOOK_SECRET?: string | undefined;
  LEMONSQUEEZY_TEST_MODE: boolean;
  LEMONSQUEEZY_API_URL: string;
  PAYPAL_API_URL: string;
};

type Problem = { path: string; message: string };

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('0.0.0.0', 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
LOOPBACK.addAddress('::', 'ipv6');

/** localhost, *.localhost and loopback addresses: where the local sandboxes listen. */
function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const family = isIP(host);
  return family !== 0 && LOOPBACK.check(host, family === 4 ? 'ipv4' : 'ipv6');
}

/** PayPal's sandbox (api-m.sandbox.paypal.com): test accounts, no money moves. */
const isPaypalSandbox = (hostname: string): boolean =>
  hostname.toLowerCase().endsWith('.sandbox.paypal.com');

/** A provider's API base URL: the provider itself, over https; not a local or test sandbox. */
function providerUrlProblem(name: string, url: string, provider: string): Problem | null {
  const { protocol, hostname } = new URL(url);
  if (isLocalHost(hostname)) {
    return {
      path: name,
      message: `points at a local sandbox (${hostname}), refused in production: unset it to reach ${provider}`,
    };
  }
  if (isPaypalSandbox(hostname)) {
    return {
      path: name,
      message: `is PayPal's sandbox (${hostname}), refused in production: no money moves there`,
    };
  }
  if (protocol !== 'https:') return { path: name, message: 'must be https in production' };
  return null;
}

/** An ID token issuer: a URL, or a bare host as Google's `accounts.google.com`. */
const issuerHost = (issuer: string): string =>
  URL.canParse(issuer) ? new URL(issuer).hostname : (issuer.split(/[/:]/)[0] ?? issuer);

/** The add-on's ID token settings: never the local sign-in provider (addon-identity-config.ts). */
function addonIdentityProblems(c: ProductionEnv): (Problem | null)[] {
  const local = (what: string) =>
    `${what} the local sign-in provider, which never runs in production: unset it for Google's`;
  const jwks = c.ADDON_ID_TOKEN_JWKS_URL ? new URL(c.ADDON_ID_TOKEN_JWKS_URL) : null;
  return [
    c.ADDON_ID_TOKEN_ISSUERS?.some((issuer) => isLocalHost(issuerHost(issuer)))
      ? { path: 'ADDON_ID_TOKEN_ISSUERS', message: local('names') }
      : null,
    jwks && isLocalHost(jwks.hostname)
      ? { path: 'ADDON_ID_TOKEN_JWKS_URL', message: local('is') }
      : jwks && jwks.protocol !== 'https:'
        ? { path: 'ADDON_ID_TOKEN_JWKS_URL', message: 'must be https in production' }
        : null,
    c.ADDON_OAUTH_CLIENT_IDS?.includes(LOCAL_ADDON_CLIENT.id)
      ? {
          path: 'ADDON_OAUTH_CLIENT_IDS',
          message: `names the local sign-in provider's add-on client (${LOCAL_ADDON_CLIENT.id}), refused in production`,
        }
      : null,
  ];
}

function webhookSecretProblem(name: string, secret: string | undefined): Problem | null {
  if (secret === undefined || secret.length >= MIN_PRODUCTION_WEBHOOK_SECRET) return null;
  return {
    path: name,
    message: `must be at least ${String(MIN_PRODUCTION_WEBHOOK_SECRET)} characters in production (it alone authenticates the provider's deliveries)`,
  };
}

/** Problems for loadConfig's list; none outside production. */
export function productionProblems(c: ProductionEnv): Problem[] {
  if (c.NODE_ENV !== 'production') return [];
  const problems: (Problem | null)[] = [
    c.GOOGLE_CLIENT_ID
      ? null
      : {
          path: 'GOOGLE_CLIENT_ID',
          message: 'is required in production (the local sign-in provider never runs there)',
        },
    c.DEV_IDP_URL
      ? {
          path: 'DEV_IDP_URL',
          message: 'is the local sign-in provider, which never runs in production: unset it',
        }
      : null,
    ...addonIdentityProblems(c),
    c.GEOIP_COUNTRY_OVERRIDE
      ? {
          path: 'GEOIP_COUNTRY_OVERRIDE',
          message: 'is for local testing only and is refused in production',
        }
      : null,
    c.COUNTRY_HEADER && c.TRUST_PROXY_HOPS < 1
      ? {
          path: 'COUNTRY_HEADER',
          message:
            'needs TRUST_PROXY_HOPS of 1 or more in production: without a trusted proxy setting it, any client picks its country and its prices',
        }
      : null,
    c.RAZORPAY_KEY_ID?.startsWith('rzp_test_')
      ? {
          path: 'RAZORPAY_KEY_ID',
          message: 'is a test-mode key (rzp_test_…), refused in production: use the live key',
        }
      : null,
    c.LEMONSQUEEZY_TEST_MODE
      ? {
          path: 'LEMONSQUEEZY_TEST_MODE',
          message: 'is refused in production: test-mode orders are not paid',
        }
      : null,
    webhookSecretProblem('RAZORPAY_WEBHOOK_SECRET', c.RAZORPAY_WEBHOOK_SECRET),
    webhookSecretProblem('LEMONSQUEEZY_WEBHOOK_SECRET', c.LEMONSQUEEZY_WEBHOOK_SECRET),
    providerUrlProblem('RAZORPAY_API_URL', c.RAZORPAY_API_URL, 'Razorpay'),
    providerUrlProblem('LEMONSQUEEZY_API_URL', c.LEMONSQUEEZY_API_URL, 'Lemon Squeezy'),
    providerUrlProblem('PAYPAL_API_URL', c.PAYPAL_API_URL, 'PayPal'),
  ];
  return problems.filter((problem) => problem !== null);
}
