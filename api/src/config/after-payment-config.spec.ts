import { afterPaymentFromEnv, NOT_CONFIGURED } from './after-payment-config.js';
import { loadConfig } from './app-config.js';

const BASE = {
  MONGODB_URI: 'mongodb://127.0.0.1:27017/test',
  SESSION_SECRET: 'x'.repeat(32),
};

describe('after-payment configuration', () => {
  it("says 'not configured' for unset seller details and sends no conversions", () => {
    const config = loadConfig(BASE).afterPayment;
    expect(config.seller).toEqual({
      name: NOT_CONFIGURED,
      address: NOT_CONFIGURED,
      taxId: NOT_CONFIGURED,
      email: NOT_CONFIGURED,
    });
    expect(config.affiliateConversion).toEqual({ url: null, timeoutMs: 5000 });
  });

  it("reads the seller's details, an address's lines split on '|' or '\\n'", () => {
    expect(
      afterPaymentFromEnv({
        SELLER_NAME: 'Seller Ltd',
        SELLER_ADDRESS: '1 Street | City\\nCountry',
        SELLER_TAX_ID: 'TAX-1',
        SELLER_EMAIL: 'billing@seller.example',
        AFFILIATE_CONVERSION_TIMEOUT_MS: 2000,
        AFFILIATE_CONVERSION_URL: 'https://tracker.example/sales',
      }),
    ).toEqual({
      seller: {
        name: 'Seller Ltd',
        address: '1 Street\nCity\nCountry',
        taxId: 'TAX-1',
        email: 'billing@seller.example',
      },
      affiliateConversion: { url: 'https://tracker.example/sales', timeoutMs: 2000 },
    });
  });

  it('refuses a conversion URL that is not http(s) and a malformed seller email', () => {
    expect(() => loadConfig({ ...BASE, AFFILIATE_CONVERSION_URL: 'ftp://x.example' })).toThrow(
      /AFFILIATE_CONVERSION_URL/,
    );
    expect(() => loadConfig({ ...BASE, SELLER_EMAIL: 'nope' })).toThrow(/SELLER_EMAIL/);
  });
});
