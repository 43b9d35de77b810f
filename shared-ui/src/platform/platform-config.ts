// Environment facts the remotes need, set once by the shell from its run-time configuration (or
// by a remote running standalone).
export type PlatformConfig = {
  /** The spreadsheet add-on's marketplace listing (signup success redirects there). */
  addonListingUrl: string;
  /** The comment-filter extension's store listing (the /yt-comment-filter badge and FAQ). */
  commentFilterListingUrl: string;
  /** The support contact shown to premium users, on /payment-success and in the refund policy. */
  supportEmail: string;
  /** The affiliate sign-up ('Share & Earn', 'Become an affiliate'); a new tab opens it. */
  affiliateSignupUrl: string;
  /** Razorpay's checkout.js, or the local sandbox's (the card flow on /pricing). */
  razorpayCheckoutUrl: string;
  /** Lemon Squeezy's lemon.js, or the local sandbox's (the hosted overlay). */
  lemonSqueezyScriptUrl: string;
  /** PayPal's JS SDK with the client id, or the local sandbox's (the wallet page); '' when none. */
  paypalSdkUrl: string;
};

let config: PlatformConfig = {
  addonListingUrl: 'https://workspace.google.com/marketplace',
  commentFilterListingUrl: 'https://chromewebstore.google.com',
  supportEmail: 'support@example.com',
  affiliateSignupUrl: '/affiliate',
  razorpayCheckoutUrl: 'https://checkout.razorpay.com/v1/checkout.js',
  lemonSqueezyScriptUrl: 'https://app.lemonsqueezy.com/js/lemon.js',
  paypalSdkUrl: '',
};

export function configurePlatform(next: Partial<PlatformConfig>): void {
  config = { ...config, ...next };
}

export function platformConfig(): PlatformConfig {
  return config;
}
