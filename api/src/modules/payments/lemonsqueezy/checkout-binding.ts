import { hkdfSync } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { hmacSha256Hex, signatureMatches } from '../signatures.js';

/** How long a checkout we create stays open (the provider refuses it after). */
export const CHECKOUT_TTL_MS = 60 * 60_000;
/** The provider's clock against ours, when a purchase's time is checked against the expiry. */
const CLOCK_SKEW_MS = 5 * 60_000;

export type Binding = { userId: string } | { userId: null; reason: string };

const BINDING = /^(\d{1,12})\.([0-9a-f]{64})$/;
const USER_ID = /^[a-f0-9]{24}$/i;

/**
 * Who a hosted-checkout purchase is for (issue 20). The checkout's custom data travels through the
 * buyer's browser, so a user id in it proves nothing: every checkout is created by the server for
 * the signed-in person and its custom data carries `binding` = `<expiry>.<HMAC-SHA256 of the
 * person, the variant and the expiry>`. A purchase binds to a person only when its binding
 * verifies for the variant it bought and it was made before the checkout expired; anything else
 * (a plain buy link, an edited user id) binds to no one and is held.
 *
 * The key is derived from SESSION_SECRET (HKDF, its own label), so no new secret is configured;
 * rotating SESSION_SECRET leaves purchases from checkouts of the last hour unbound: held, and
 * claimable by their buyer.
 */
@Injectable()
export class CheckoutBinding {
  private readonly key: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = Buffer.from(
      hkdfSync('sha256', config.session.secret, '', 'lemonsqueezy checkout binding v1', 32),
    ).toString('hex');
  }

  /** The `binding` custom field of a checkout for this person and variant, expiring then. */
  sign(userId: string, variantId: string, expiresAt: Date): string {
    const expiry = String(Math.floor(expiresAt.getTime() / 1000));
    return `${expiry}.${this.mac(userId, variantId, expiry)}`;
  }

  /** The person the custom data binds a purchase of `variantId` made at `purchasedAt` to. */
  verify(
    custom: Record<string, unknown> | null | undefined,
    variantId: number | string | undefined,
    purchasedAt: Date,
  ): Binding {
    const userId = custom?.user_id;
    const binding = custom?.binding;
    if (userId === undefined && binding === undefined) {
      return { userId: null, reason: 'no binding (not a checkout of ours)' };
    }
    const match = typeof binding === 'string' ? BINDING.exec(binding) : null;
    if (
      typeof userId !== 'string' ||
      !USER_ID.test(userId) ||
      !match?.[1] ||
      variantId === undefined ||
      !signatureMatches(this.mac(userId, String(variantId), match[1]), match[2])
    ) {
      return { userId: null, reason: 'binding does not verify' };
    }
    if (purchasedAt.getTime() > Number(match[1]) * 1000 + CLOCK_SKEW_MS) {
      return { userId: null, reason: 'bought after the checkout expired' };
    }
    return { userId };
  }

  private mac(userId: string, variantId: string, expiry: string): string {
    return hmacSha256Hex(this.key, `${userId}\n${variantId}\n${expiry}`);
  }
}
