import { Injectable, Logger } from '@nestjs/common';
import { EntitlementsService } from '../../billing/entitlements.service.js';
import { PaymentFulfilmentService } from '../payment-fulfilment.service.js';
import { ProviderSubscriptionsRepository } from '../provider-subscriptions.repository.js';
import { LemonSqueezyClient } from './lemonsqueezy.client.js';

const LEMONSQUEEZY = 'lemonsqueezy';
// States in which the provider will still charge the buyer again.
const RENEWING = ['active', 'on_trial', 'past_due'];

/**
 * A renewing subscription whose plan another purchase replaced (Lifetime or a yearly pass bought
 * while Pro Monthly renews, a second add-on subscription) would go on charging the person for a
 * plan they no longer hold: it is cancelled at the provider, so it ends with the period already
 * paid for. Called after every applied grant; a failed cancellation is tried again by the
 * reconciliation job, which calls `cancelIfSuperseded` for every renewing subscription it lists.
 */
@Injectable()
export class SupersededSubscriptionsService {
  private readonly logger = new Logger(SupersededSubscriptionsService.name);

  constructor(
    private readonly client: LemonSqueezyClient,
    private readonly subscriptions: ProviderSubscriptionsRepository,
    private readonly entitlements: EntitlementsService,
    fulfilment: PaymentFulfilmentService,
  ) {
    // Card, wallet and overlay Lifetime payments all pass through fulfilment.
    fulfilment.onAfterGrant((userId, scope) => this.cancelOthers(userId, scope));
  }

  /** After a grant of `scope`: cancels the person's other renewing subscription, if any. */
  async cancelOthers(userId: string, scope: 'main' | 'addon'): Promise<string[]> {
    if (!this.client.config) return [];
    const cancelled: string[] = [];
    for (const row of await this.subscriptions.inStates(LEMONSQUEEZY, userId, scope, RENEWING)) {
      if (await this.cancelIfSuperseded(row.subscriptionId)) cancelled.push(row.subscriptionId);
    }
    return cancelled;
  }

  /**
   * Cancels the subscription at the provider when it still renews but is not what its person
   * holds now in its scope. True: cancelled now. Errors are logged, not thrown: the payment that
   * replaced it has been granted either way, and reconciliation tries again.
   */
  async cancelIfSuperseded(subscriptionId: string): Promise<boolean> {
    const row = await this.subscriptions.find(LEMONSQUEEZY, subscriptionId);
    if (!row || !RENEWING.includes(row.status)) return false;
    const current = await this.entitlements.currentRef(row.userId, row.scope);
    if (current === null || current === `${LEMONSQUEEZY}:${subscriptionId}`) return false;
    try {
      const cancelled = await this.client.cancelSubscription(subscriptionId);
      this.logger.log(
        `Lemon Squeezy subscription ${subscriptionId} cancelled (${cancelled.attributes.status}): ` +
          `its person's ${row.scope} plan is now ${current}`,
      );
      return true;
    } catch (error) {
      this.logger.error(
        `Lemon Squeezy subscription ${subscriptionId} superseded by ${current} but not cancelled ` +
          `(reconciliation tries again): ${String(error)}`,
      );
      return false;
    }
  }
}
