import { buildRuntimeConfig } from '../src/index.js';

// 'Share & Earn' and 'Become an affiliate' (spec §2, §7) open the checkout provider's affiliate
// sign-up in a new tab: by default the store's own (/affiliates on the checkout links' origin).
describe('the affiliate sign-up in the run-time configuration', () => {
  const STORE_LINKS = 'pro-yearly=https://imagetotext.lemonsqueezy.com/checkout/buy/9003';

  it("is the checkout provider's sign-up on the store's domain by default", () => {
    expect(buildRuntimeConfig({ CHECKOUT_LINKS: STORE_LINKS }).affiliateSignupUrl).toBe(
      'https://imagetotext.lemonsqueezy.com/affiliates',
    );
    expect(
      buildRuntimeConfig({
        CHECKOUT_LINKS: STORE_LINKS,
        LEMONSQUEEZY_CHECKOUT_ORIGIN: 'https://shop.example.com',
      }).affiliateSignupUrl,
    ).toBe('https://shop.example.com/affiliates');
  });

  it("is the local sandbox's under `npm start`, whose checkout links it serves", () => {
    const config = buildRuntimeConfig({
      LEMONSQUEEZY_API_URL: 'http://127.0.0.1:4201',
      CHECKOUT_LINKS: 'pro-yearly=http://127.0.0.1:4201/checkout/buy/9003',
    });
    expect(config.affiliateSignupUrl).toBe('http://127.0.0.1:4201/affiliates');
  });

  it('is AFFILIATE_SIGNUP_URL when set, and /affiliate with no store at all', () => {
    expect(
      buildRuntimeConfig({
        CHECKOUT_LINKS: STORE_LINKS,
        AFFILIATE_SIGNUP_URL: 'https://partners.example.com/join',
      }).affiliateSignupUrl,
    ).toBe('https://partners.example.com/join');
    expect(buildRuntimeConfig({}).affiliateSignupUrl).toBe('/affiliate');
  });
});
