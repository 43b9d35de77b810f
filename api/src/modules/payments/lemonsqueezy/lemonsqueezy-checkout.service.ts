import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import {
  ADDON_OPTION_NAMES,
  isPlanCode,
  PLAN_TYPE_OF_CODE,
  type CheckoutLinkResponse,
} from 'contracts';
import { BillingService } from '../../billing/billing.service.js';
import type { SignedInUser } from '../../auth/auth.types.js';
import { paymentErrors } from '../payments.errors.js';
import { ProviderSubscriptionsRepository } from '../provider-subscriptions.repository.js';
import { LemonSqueezyClient } from './lemonsqueezy.client.js';
import { LEMONSQUEEZY } from './lemonsqueezy-state.service.js';

export type CheckoutLinkQuery = { plan: string; discountCode?: string; source?: string };

/** How long a subscription's portal URL is served again without asking (it is signed for a day). */
export const PORTAL_LINK_CACHE_MS = 5 * 60_000;

/**
 * The hosted overlay's checkout links and the customer portal. A link is the configured buy URL of
 * the plan or add-on option (CHECKOUT_LINKS) with our user id, googleId and planType as custom
 * data (checkout[custom][…]), the discount code and source=extension when given, and embed=1
 * (the overlay). The custom data only names the buyer: what is granted is what the variant sells.
 */
@Injectable()
export class LemonSqueezyCheckoutService {
  constructor(
    private readonly billing: BillingService,
    private readonly client: LemonSqueezyClient,
    private readonly subscriptions: ProviderSubscriptionsRepository,
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
    if (isPlanCode(plan))
      await this.billing.assertPurchaseExtends(user.id, PLAN_TYPE_OF_CODE[plan]);
    const base = isPlanCode(plan)
      ? this.billing.plans(null).plans.find((p) => p.code === plan)?.checkoutLink
      : (ADDON_OPTION_NAMES as readonly string[]).includes(plan)
        ? this.billing.addonPlans().options.find((o) => o.name === plan)?.checkoutLink
        : undefined;
    if (!base) throw paymentErrors.checkoutNotAvailable(plan);
    const url = new URL(base);
    url.searchParams.set('checkout[custom][user_id]', user.id);
    url.searchParams.set('checkout[custom][googleId]', user.googleId);
    url.searchParams.set(
      'checkout[custom][planType]',
      isPlanCode(plan) ? PLAN_TYPE_OF_CODE[plan] : plan,
    );
    if (query.discountCode) url.searchParams.set('checkout[discount_code]', query.discountCode);
    if (query.source === 'extension') {
      url.searchParams.set('checkout[custom][source]', 'extension');
      url.searchParams.set('source', 'extension');
    }
    url.searchParams.set('embed', '1');
    return { plan, url: url.toString() };
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
