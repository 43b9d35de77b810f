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
  /** The comment-filter extension's store listing (the /yt-comment-filter badge and FAQ). */
  commentFilterListingUrl: string;
  analyticsEndpoint: string;
  adConversionId: string;
  /** The support contact shown to premium users and on /payment-success. */
  supportEmail: string;
  /**
   * Razorpay's checkout.js (the card flow): Razorpay's in production, the local sandbox's when
   * the API talks to the sandbox (RAZORPAY_API_URL not Razorpay's), RAZORPAY_CHECKOUT_URL over both.
   */
  razorpayCheckoutUrl: string;
  /** The origin of the checkout's frame (the shell's CSP frame-src allows it and no other). */
  razorpayFrameOrigin: string;
  /**
   * Lemon Squeezy's lemon.js (the hosted overlay): Lemon Squeezy's in production, the local
   * sandbox's when the API talks to the sandbox (LEMONSQUEEZY_API_URL not Lemon Squeezy's),
   * LEMONSQUEEZY_SCRIPT_URL over both.
   */
  lemonSqueezyScriptUrl: string;
  /**
   * The origin of the overlay's frame: the checkout links' (the store's) origin,
   * LEMONSQUEEZY_CHECKOUT_ORIGIN over the first CHECKOUT_LINKS link; '' when neither is set.
   */
  lemonSqueezyFrameOrigin: string;
  /**
   * PayPal's JS SDK (the wallet page) with the client id and currency=USD: PayPal's in production,
   * the local sandbox's when the API talks to it (PAYPAL_API_URL not PayPal's); '' with no client id.
   */
  paypalSdkUrl: string;
  /** The origin the wallet's buttons frame and its popup come from (the CSP allows it, no other). */
  paypalFrameOrigin: string;
  remotes: RemoteEntry[];
};

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

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

/** scheme://host[:port] of an http(s) URL (contracts has no URL global); null otherwise. */
const originOf = (url: string): string | null => {
  const match = /^(https?:\/\/[^/?#\s]+)/i.exec(url);
  return match?.[1] ? match[1].toLowerCase() : null;
};

/** Where the card checkout's script and frame come from (see RuntimeConfig). */
function razorpayCheckout(env: Record<string, string | undefined>): {
  razorpayCheckoutUrl: string;
  razorpayFrameOrigin: string;
} {
  const sandbox = originOf(env.RAZORPAY_API_URL ?? '');
  const script =
    env.RAZORPAY_CHECKOUT_URL ||
    (sandbox && sandbox !== RAZORPAY_API_ORIGIN
      ? `${sandbox}/v1/checkout.js`
      : RAZORPAY_CHECKOUT_URL);
  const scriptOrigin = originOf(script);
  return {
    razorpayCheckoutUrl: script,
    // Razorpay's script frames api.razorpay.com; the sandbox's frames its own origin.
    razorpayFrameOrigin:
      scriptOrigin === originOf(RAZORPAY_CHECKOUT_URL) || !scriptOrigin
        ? RAZORPAY_FRAME_ORIGIN
        : scriptOrigin,
  };
}

/** Where the overlay's script and frame come from (see RuntimeConfig). */
function lemonSqueezyOverlay(env: Record<string, string | undefined>): {
  lemonSqueezyScriptUrl: string;
  lemonSqueezyFrameOrigin: string;
} {
  const sandbox = originOf(env.LEMONSQUEEZY_API_URL ?? '');
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
      originOf(env.LEMONSQUEEZY_CHECKOUT_ORIGIN ?? '') ?? originOf(firstLink.trim()) ?? '',
  };
}

/** Where the wallet's SDK and its frame/popup come from (see RuntimeConfig). */
function paypalWallet(env: Record<string, string | undefined>): {
  paypalSdkUrl: string;
  paypalFrameOrigin: string;
} {
  const clientId = env.PAYPAL_CLIENT_ID ?? '';
  const sandbox = originOf(env.PAYPAL_API_URL ?? '');
  const local = sandbox && !PAYPAL_API_ORIGINS.includes(sandbox) ? sandbox : null;
  if (!clientId) return { paypalSdkUrl: '', paypalFrameOrigin: local ?? PAYPAL_FRAME_ORIGIN };
  const query = `client-id=${encodeURIComponent(clientId)}&currency=USD`;
  return local
    ? { paypalSdkUrl: `${local}/sdk/js?${query}`, paypalFrameOrigin: local }
    : { paypalSdkUrl: `${PAYPAL_SDK_URL}?${query}`, paypalFrameOrigin: PAYPAL_FRAME_ORIGIN };
}

export function buildRuntimeConfig(env: Record<string, string | undefined>): RuntimeConfig {
  return {
    apiUrl: trimSlash(env.API_URL || 'http://localhost:4000'),
    affiliateSignupUrl: env.AFFILIATE_SIGNUP_URL || '/affiliate',
    addonListingUrl: env.ADDON_LISTING_URL || 'https://workspace.google.com/marketplace',
    commentFilterListingUrl: env.COMMENT_FILTER_LISTING_URL || 'https://chromewebstore.google.com',
    analyticsEndpoint: env.ANALYTICS_ENDPOINT || '',
    adConversionId: env.AD_CONVERSION_ID || '',
    supportEmail: env.SUPPORT_EMAIL || 'support@example.com',
    ...razorpayCheckout(env),
    ...lemonSqueezyOverlay(env),
    ...paypalWallet(env),
    remotes: REMOTES.map((remote) => ({
      name: remote.name,
      entry: `${trimSlash(env[remote.urlVar] || `http://localhost:${String(remote.port)}`)}/mf-manifest.json`,
      routes: [...remote.routes],
    })),
  };
}
