import { z } from 'zod';

// What happens after a payment besides the grant (issue 14 item 4): the receipt's seller details
// and the affiliate tracker's sale conversion (README, configuration).

export const NOT_CONFIGURED = 'not configured';

export type SellerConfig = { name: string; address: string; taxId: string; email: string };

export type AffiliateConversionConfig = {
  /** Where sale conversions are POSTed; null: nothing is sent. */
  url: string | null;
  /** How long one report may take before it is given up (the payment never waits for it). */
  timeoutMs: number;
};

export type AfterPaymentConfig = {
  seller: SellerConfig;
  affiliateConversion: AffiliateConversionConfig;
};

export const afterPaymentEnv = {
  SELLER_NAME: z.string().trim().min(1).max(200).optional(),
  /** Several lines: separate them with '\n' or '|'. */
  SELLER_ADDRESS: z.string().trim().min(1).max(500).optional(),
  SELLER_TAX_ID: z.string().trim().min(1).max(100).optional(),
  SELLER_EMAIL: z.email().optional(),
  AFFILIATE_CONVERSION_URL: z.url({ protocol: /^https?$/ }).optional(),
  AFFILIATE_CONVERSION_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5000),
};

type AfterPaymentEnv = {
  SELLER_NAME?: string | undefined;
  SELLER_ADDRESS?: string | undefined;
  SELLER_TAX_ID?: string | undefined;
  SELLER_EMAIL?: string | undefined;
  AFFILIATE_CONVERSION_URL?: string | undefined;
  AFFILIATE_CONVERSION_TIMEOUT_MS: number;
};

export function afterPaymentFromEnv(c: AfterPaymentEnv): AfterPaymentConfig {
  return {
    // Unset details say so on the receipt rather than inventing a company.
    seller: {
      name: c.SELLER_NAME ?? NOT_CONFIGURED,
      address: c.SELLER_ADDRESS?.replace(/\s*(\\n|\|)\s*/g, '\n') ?? NOT_CONFIGURED,
      taxId: c.SELLER_TAX_ID ?? NOT_CONFIGURED,
      email: c.SELLER_EMAIL ?? NOT_CONFIGURED,
    },
    affiliateConversion: {
      url: c.AFFILIATE_CONVERSION_URL ?? null,
      timeoutMs: c.AFFILIATE_CONVERSION_TIMEOUT_MS,
    },
  };
}
