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

export const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
/** Razorpay's checkout.js opens its checkout in a frame served from api.razorpay.com. */
export const RAZORPAY_FRAME_ORIGIN = 'https://api.razorpay.com';
const RAZORPAY_API_ORIGIN = 'https://api.razorpay.com';
export const LEMONSQUEEZY_SCRIPT_URL = 'https://app.lemonsqueezy.com/js/lemon.js';
const LEMONSQUEEZY_API_ORIGIN = 'https://api.lemonsqueezy.com';

export const PAYPAL_SDK_URL = 'https://www.paypal.com/sdk/js';
/** PayPal's SDK renders its buttons in frames from www.paypal.com and opens its popup there. */
export const PAYPAL_FRAME_ORIGIN = 'https://www.paypal.com';
const PAYPAL_API_ORIGINS = ['https://api-m.paypal.com', 'https://api-m.sandbox.paypal.com'];

/** Where the card checkout's script and frame come from (see RuntimeConfig). */
function razorpayCheckout(env: Record<string, string | undefined>): {
  razorpayCheckoutUrl: string;
  razorpayFrameOrigin: string;
} {
  const sandbox = originOfUrl(env.RAZORPAY_API_URL ?? '');
  const script =
    env.RAZORPAY_CHECKOUT_URL ||
    (sandbox && sandbox !== RAZORPAY_API_ORIGIN
      ? `${sandbox}/v1/checkout.js`
      : RAZORPAY_CHECKOUT_URL);
  const scriptOrigin = originOfUrl(script);
  return {
    razorpayCheckoutUrl: script,
    // Razorpay's script frames api.razorpay.com; the sandbox's frames its own origin.
    razorpayFrameOrigin:
      scriptOrigin === originOfUrl(RAZORPAY_CHECKOUT_URL) || !scriptOrigin
        ? RAZORPAY_FRAME_ORIGIN
        : scriptOrigin,
  };
}

/** Where the overlay's script and frame come from (see RuntimeConfig). */
function lemonSqueezyOverlay(env: Record<string, string | undefined>): {
  lemonSqueezyScriptUrl: string;
  lemonSqueezyFrameOrigin: string;
} {
  const sandbox = originOfUrl(env.LEMONSQUEEZY_API_URL ?? '');
  const script =
    env.LEMONSQUEEZY_SCRIPT_URL ||
    (sandbox && sandbox !== LEMONSQUEEZY_API_ORIGIN
      ? `${sandbox}/js/lemon.js`
      : LEMONSQUEEZY_SCRIPT_URL);
  // CHECKOUT_LINKS: `name=url,name=url` (the API's format); the store serves them all.
  const firstLink = (env.CHECKOUT_LINKS ?? '').split(',')[0]?.split('=').slice(1).join('=') ?? '';
  return {
    lemonSqueezyScriptUrl: script,
    lemonSqueezyFrameOrigin:
      originOfUrl(env.LEMONSQUEEZY_CHECKOUT_ORIGIN ?? '') ?? originOfUrl(firstLink.trim()) ?? '',
  };
}

/** Where the wallet's SDK and its frame/popup come from (see RuntimeConfig). */
function paypalWallet(env: Record<string, string | undefined>): {
  paypalSdkUrl: string;
  paypalFrameOrigin: string;
} {
  const clientId = env.PAYPAL_CLIENT_ID ?? '';
  const sandbox = originOfUrl(env.PAYPAL_API_URL ?? '');
  const local = sandbox && !PAYPAL_API_ORIGINS.includes(sandbox) ? sandbox : null;
  if (!clientId) return { paypalSdkUrl: '', paypalFrameOrigin: local ?? PAYPAL_FRAME_ORIGIN };
  const query = `client-id=${encodeURIComponent(clientId)}&currency=USD`;
  return local
    ? { paypalSdkUrl: `${local}/sdk/js?${query}`, paypalFrameOrigin: local }
    : { paypalSdkUrl: `${PAYPAL_SDK_URL}?${query}`, paypalFrameOrigin: PAYPAL_FRAME_ORIGIN };
}

/**
 * The card checkout (Razorpay's checkout.js): its script's origin (script-src) and its frame's
 * (frame-src), nothing wider. Its checkout page runs in the frame, under the frame's own policy,
 * so connect-src needs nothing.
 */
export const CARD_CHECKOUT: BrowserIntegration<'razorpayCheckoutUrl' | 'razorpayFrameOrigin'> = {
  name: 'card checkout',
  env: ['RAZORPAY_CHECKOUT_URL', 'RAZORPAY_API_URL'],
  fromEnv: razorpayCheckout,
  csp: (config) => ({
    'script-src': only(originOfUrl(config.razorpayCheckoutUrl)),
    'frame-src': only(originOfUrl(config.razorpayFrameOrigin)),
  }),
};

/**
 * The hosted overlay (Lemon Squeezy's lemon.js): its script's origin (script-src) and its checkout
 * frame's, the store's checkout links (frame-src), and nothing wider.
 */
export const OVERLAY_CHECKOUT: BrowserIntegration<
  'lemonSqueezyScriptUrl' | 'lemonSqueezyFrameOrigin'
> = {
  name: 'checkout overlay',
  env: [
    'LEMONSQUEEZY_SCRIPT_URL',
    'LEMONSQUEEZY_API_URL',
    'LEMONSQUEEZY_CHECKOUT_ORIGIN',
    'CHECKOUT_LINKS',
  ],
  fromEnv: lemonSqueezyOverlay,
  csp: (config) => ({
    'script-src': only(originOfUrl(config.lemonSqueezyScriptUrl)),
    'frame-src': only(originOfUrl(config.lemonSqueezyFrameOrigin)),
  }),
};

/**
 * What PayPal's JS SDK needs, as PayPal documents it for a page with a Content-Security-Policy
 * (https://developer.paypal.com/sdk/js/best-practices: script-src, connect-src, frame-src and
 * img-src `*.paypal.com *.paypalobjects.com`; the SDK checks eligibility and logs from the page
 * and loads its parts from paypalobjects.com). Venmo's hosts, which that list also names, are left
 * out: the wallet page does not offer Venmo.
 */
export const PAYPAL_SDK_SOURCES = ['https://*.paypal.com', 'https://*.paypalobjects.com'];

/**
 * The wallet (PayPal's JS SDK): with PayPal's own SDK, the hosts PayPal documents (script,
 * connect, frame, image); with the local sandbox's SDK, its origin for the script and the
 * buttons' frame only; nothing when the wallet has no client id.
 */
export const WALLET_CHECKOUT: BrowserIntegration<'paypalSdkUrl' | 'paypalFrameOrigin'> = {
  name: 'wallet',
  env: ['PAYPAL_CLIENT_ID', 'PAYPAL_API_URL'],
  fromEnv: paypalWallet,
  csp: (config) => {
    if (!config.paypalSdkUrl) return {};
    const sdk = originOfUrl(config.paypalSdkUrl);
    if (sdk === originOfUrl(PAYPAL_SDK_URL)) {
      return {
        'script-src': PAYPAL_SDK_SOURCES,
        'frame-src': PAYPAL_SDK_SOURCES,
        'connect-src': PAYPAL_SDK_SOURCES,
        'img-src': PAYPAL_SDK_SOURCES,
      };
    }
    return {
      'script-src': only(sdk),
      'frame-src': only(originOfUrl(config.paypalFrameOrigin)),
    };
  },
};

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
export const BROWSER_INTEGRATIONS = [
  CARD_CHECKOUT,
  OVERLAY_CHECKOUT,
  WALLET_CHECKOUT,
  ERROR_REPORTING,
  ANALYTICS,
] as const;

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
