// The shell's run-time configuration, served as /runtime-config.json next to the shell: where the
// API and each remote live in this environment, and which paths each remote serves (so a remote
// that is down still owns its routes and shows a fallback). Built from the environment when the
// shell's server starts, so the same build runs in every environment. One implementation, read by
// the shell's dev server (shell/runtime-config.ts), the production web server
// (scripts/lib/web-server.mjs, which also derives the shell's Content-Security-Policy from it and
// integrations.ts)
// and the shell's code that fetches it.
import {
  ANALYTICS,
  CARD_CHECKOUT,
  ERROR_REPORTING,
  OVERLAY_CHECKOUT,
  WALLET_CHECKOUT,
} from './integrations.js';
import { REMOTES } from './remotes.js';

export type RemoteEntry = { name: string; entry: string; routes: string[] };
export type RuntimeConfig = {
  apiUrl: string;
  /** The affiliate sign-up, opened in a new tab: the checkout provider's by default. */
  affiliateSignupUrl: string;
  addonListingUrl: string;
  /** The comment-filter extension's store listing (the /yt-comment-filter badge and FAQ). */
  commentFilterListingUrl: string;
  analyticsEndpoint: string;
  adConversionId: string;
  /** The front end's error-reporting DSN (integrations.ts ERROR_REPORTING); '' reports nothing. */
  sentryDsn: string;
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

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

/**
 * The affiliate sign-up ('Share & Earn', 'Become an affiliate'): AFFILIATE_SIGNUP_URL, else the
 * checkout provider's, which Lemon Squeezy serves at /affiliates on the store's domain (the
 * checkout links' origin; the local sandbox's under `npm start`), else this site's /affiliate.
 */
function affiliateSignupUrl(env: Record<string, string | undefined>, storeOrigin: string): string {
  if (env.AFFILIATE_SIGNUP_URL) return env.AFFILIATE_SIGNUP_URL;
  return storeOrigin ? `${storeOrigin}/affiliates` : '/affiliate';
}

export function buildRuntimeConfig(env: Record<string, string | undefined>): RuntimeConfig {
  const overlay = OVERLAY_CHECKOUT.fromEnv(env);
  return {
    apiUrl: trimSlash(env.API_URL || 'http://localhost:4000'),
    affiliateSignupUrl: affiliateSignupUrl(env, overlay.lemonSqueezyFrameOrigin),
    addonListingUrl: env.ADDON_LISTING_URL || 'https://workspace.google.com/marketplace',
    commentFilterListingUrl: env.COMMENT_FILTER_LISTING_URL || 'https://chromewebstore.google.com',
    ...ANALYTICS.fromEnv(env),
    ...ERROR_REPORTING.fromEnv(env),
    supportEmail: env.SUPPORT_EMAIL || 'support@example.com',
    ...CARD_CHECKOUT.fromEnv(env),
    ...overlay,
    ...WALLET_CHECKOUT.fromEnv(env),
    remotes: REMOTES.map((remote) => ({
      name: remote.name,
      entry: `${trimSlash(env[remote.urlVar] || `http://localhost:${String(remote.port)}`)}/mf-manifest.json`,
      routes: [...remote.routes],
    })),
  };
}
