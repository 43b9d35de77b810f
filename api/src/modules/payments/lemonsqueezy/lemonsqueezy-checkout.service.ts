import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import {
  ADDON_OPTION_NAMES,
  isPlanCode,
  PLAN_TYPE_OF_CODE,
  type AddonOptionName,
  type CheckoutLinkResponse,
} from 'contracts';
import { BillingService } from '../../billing/billing.service.js';
import type { SignedInUser } from '../../auth/auth.types.js';
import { paymentErrors } from '../payments.errors.js';
import { ProviderSubscriptionsRepository } from '../provider-subscriptions.repository.js';
import { CHECKOUT_TTL_MS, CheckoutBinding } from './checkout-binding.js';
import { LemonSqueezyClient } from './lemonsqueezy.client.js';
import { LEMONSQUEEZY } from './lemonsqueezy-state.service.js';

export type CheckoutLinkQuery = { plan: string; discountCode?: string; source?: string };

/** How long a subscription's portal URL is served again without asking (it is signed for a day). */
export const PORTAL_LINK_CACHE_MS = 5 * 60_000;

const isAddonOption = (value: string): value is AddonOptionName =>
  (ADDON_OPTION_NAMES as readonly string[]).includes(value);

/**
 * The hosted overlay's checkouts and the customer portal. Every checkout is created here, through
 * the provider's API, for the signed-in person and one plan or add-on option: its custom data
 * (our user id, googleId, planType, source=extension when given, and the binding that signs the
 * person, the variant and the expiry: CheckoutBinding), the person's email and the discount code
 * are set by us, and it expires within the hour. No plain buy link is handed out (issue 20).
 * What is granted is what the variant sells, to whom the binding names.
 */
@Injectable()
export class LemonSqueezyCheckoutService {
  constructor(
    private readonly billing: BillingService,
    private readonly client: LemonSqueezyClient,
    private readonly subscriptions: ProviderSubscriptionsRepository,
    private readonly binding: CheckoutBinding,
  ) {}

  /** Portal URLs by subscription id; concurrent requests for one share a single provider call. */
  private readonly portalUrls = new LRUCache<string, string>({
    max: 10_000,
    ttl: PORTAL_LINK_CACHE_MS,
    fetchMethod: async (subscriptionId) => {
      const subscription = await this.client.getSubscription(subscriptionId);
      const portalUrl = subscription.attributes.urls?.customer_portal;
      if (!portalUrl) throw paymentErrors.noSubscription();
      return portalUrl;
    },
  });

  async checkoutLink(user: SignedInUser, query: CheckoutLinkQuery): Promise<CheckoutLinkResponse> {
    const { plan } = query;
    // Refused before any money is taken: a plan that would shorten, or an add-on subscription
    // that would shrink, what the person has (billing: 409 PLAN_ALREADY_COVERED).
    if (isPlanCode(plan)) {
      await this.billing.assertPurchaseExtends(user.id, PLAN_TYPE_OF_CODE[plan]);
    } else if (isAddonOption(plan)) {
      await this.billing.assertAddonPurchaseGrows(user.id, plan);
    }
    const variantId = [...this.client.settings().variants].find(
      ([, product]) => product === plan,
    )?.[0];
    if (!variantId) throw paymentErrors.checkoutNotAvailable(plan);
    const expiresAt = new Date(Date.now() + CHECKOUT_TTL_MS);
    const custom: Record<string, string> = {
      user_id: user.id,
      googleId: user.googleId,
      planType: isPlanCode(plan) ? PLAN_TYPE_OF_CODE[plan] : plan,
      ...(query.source === 'extension' ? { source: 'extension' } : {}),
      binding: this.binding.sign(user.id, variantId, expiresAt),
    };
    const checkout = await this.client.createCheckout({
      variantId,
      email: user.email,
      custom,
      discountCode: query.discountCode,
      expiresAt,
    });
    return { plan, url: checkout.attributes.url };
  }

  /**
   * The provider's customer portal for the person's newest main (or add-on) subscription, read
   * from the API and kept PORTAL_LINK_CACHE_MS (its URL is signed and expires after a day), so
   * repeated clicks or a loop do not spend the provider's quota.
   */
  async portalLink(userId: string, forSheetsExtension: boolean): Promise<{ portalUrl: string }> {
    const known = await this.subscriptions.latestFor(
      LEMONSQUEEZY,
      userId,
      forSheetsExtension ? 'addon' : 'main',
    );
    if (!known) throw paymentErrors.noSubscription();
    const portalUrl = await this.portalUrls.fetch(known.subscriptionId);
    if (!portalUrl) throw paymentErrors.noSubscription();
    return { portalUrl };
  }
}
