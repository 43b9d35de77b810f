import { Injectable } from '@nestjs/common';
import type {
  ClaimHeldPurchaseResponse,
  HeldPurchase,
  HeldPurchasesResponse,
  PaymentProvider,
} from 'contracts';
import type { SignedInUser } from '../../auth/auth.types.js';
import {
  HeldPurchasesRepository,
  normaliseEmail,
  type HeldRow,
} from '../held-purchases.repository.js';
import { paymentErrors } from '../payments.errors.js';
import { LemonSqueezyClient } from './lemonsqueezy.client.js';
import { LEMONSQUEEZY, LemonSqueezyStateService } from './lemonsqueezy-state.service.js';

const LISTED = 50;

const toWire = (row: HeldRow): HeldPurchase => ({
  orderId: row.orderId,
  provider: row.provider as PaymentProvider,
  product: row.product,
  amount: row.amountMinor === null ? null : row.amountMinor / 100,
  currency: row.currency,
  purchasedAt: row.purchasedAt.toISOString(),
});

/**
 * Held hosted-checkout purchases (issue 20): listed to the person signed in with their checkout
 * email, and applied to that person's account only when they claim one ('Claim' on the account
 * page, never automatic). Google verified the email at sign-in. A claim reads the order and its
 * subscription from the provider as they stand now (a refunded one grants nothing) and applies
 * them through the same path as a bound purchase, keyed by the provider's ids: repeating it, or
 * racing it, grants once, and it never shortens a longer plan (EntitlementsService).
 */
@Injectable()
export class HeldPurchasesService {
  constructor(
    private readonly held: HeldPurchasesRepository,
    private readonly client: LemonSqueezyClient,
    private readonly state: LemonSqueezyStateService,
  ) {}

  async claimable(user: SignedInUser): Promise<HeldPurchasesResponse> {
    const rows = await this.held.listForEmail(user.email, LISTED);
    return { purchases: rows.filter((row) => row.status === 'held').map(toWire) };
  }

  async claim(user: SignedInUser, orderId: string): Promise<ClaimHeldPurchaseResponse> {
    const row = await this.held.find(LEMONSQUEEZY, orderId);
    // Another person's, an unknown or a refunded purchase: one answer, which tells nothing.
    if (
      !row ||
      row.email !== normaliseEmail(user.email) ||
      !(await this.held.markClaimed(LEMONSQUEEZY, orderId, user.id))
    ) {
      throw paymentErrors.heldPurchaseNotFound();
    }
    try {
      const order = await this.client.getOrder(orderId);
      await this.state.paidOrder(order, null, user.id);
      if (row.subscriptionId) {
        const subscription = await this.client.getSubscription(row.subscriptionId);
        await this.state.syncSubscription(subscription, null, user.id);
      }
    } catch (error) {
      // Not applied (or only in part: each step is idempotent): listed again, to claim again.
      await this.held.releaseClaim(LEMONSQUEEZY, orderId, user.id);
      throw error;
    }
    return { claimed: true, orderId, product: row.product };
  }
}
