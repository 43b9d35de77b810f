import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { ReconciliationSchedule } from '../reconciliation-schedule.js';
import { LemonSqueezyClient } from './lemonsqueezy.client.js';
import { LemonSqueezyStateService } from './lemonsqueezy-state.service.js';
import { SupersededSubscriptionsService } from './superseded-subscriptions.service.js';

export type LsReconcileSummary = { checked: number; changed: number; failed: number };

/**
 * Security plan item 33 (Lemon Squeezy): webhooks stop after 3 retries (~2.5 min), so every
 * LEMONSQUEEZY_RECONCILE_INTERVAL_SECONDS the store's subscriptions are listed from the API and
 * each is set by state like a webhook would (LemonSqueezyStateService: a state already applied is
 * a 'duplicate', nothing changes). A subscription whose every webhook was lost is matched to its
 * person by its order (if order_created arrived); its first order is then read and recorded too
 * (the payment row). Otherwise it is held for its buyer to claim: the API's objects carry no
 * custom data, and an email never binds a purchase (issue 20). The store's orders are listed too:
 * a paid one-off order (Lifetime, a top-up) never recorded is held likewise (or recorded once,
 * when its order is ours), a refund of any order recorded as paid (a subscription's first order
 * included: it ends the subscription) is applied. A subscription still
 * renewing although another plan replaced it is cancelled (SupersededSubscriptionsService). `runOnce` is what the
 * interval calls (and tests).
 */
@Injectable()
export class LemonSqueezyReconciliationService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(LemonSqueezyReconciliationService.name);
  private readonly schedule = new ReconciliationSchedule('Lemon Squeezy', this.logger, () =>
    this.pass(),
  );

  constructor(
    private readonly client: LemonSqueezyClient,
    private readonly state: LemonSqueezyStateService,
    private readonly superseded: SupersededSubscriptionsService,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule.start(this.client.config?.reconcile.intervalMs ?? 0);
  }

  onModuleDestroy(): void {
    this.schedule.stop();
  }

  /** One pass; a pass already running is joined, not doubled. */
  runOnce(): Promise<LsReconcileSummary> {
    return this.schedule.runOnce();
  }

  private async pass(): Promise<LsReconcileSummary> {
    const summary: LsReconcileSummary = { checked: 0, changed: 0, failed: 0 };
    if (!this.client.config) return summary;
    const subscriptions = await this.client.listSubscriptions();
    for (const subscription of subscriptions) {
      summary.checked += 1;
      try {
        if (subscription.attributes.test_mode !== this.client.config.testMode) continue;
        // Another product of the store: none of ours, and no database read for it.
        if (!this.state.productOf(subscription.attributes.variant_id)) continue;
        const result = await this.state.syncSubscription(subscription, null);
        // Its first order's payment, when order_created was lost too.
        if (result.userId && result.orderId && !(await this.state.knowsOrder(result.orderId))) {
          const order = await this.client.getOrder(result.orderId);
          await this.state.paidOrder(order, null, result.userId);
        }
        // Still renewing although another plan replaced it (its cancellation failed before).
        if (await this.superseded.cancelIfSuperseded(subscription.id)) summary.changed += 1;
        if (
          result.outcome === 'processed' &&
          /\b(grant|cancel|expire) applied/.test(result.detail)
        ) {
          summary.changed += 1;
          this.logger.warn(`Lemon Squeezy reconciliation: ${result.detail}`);
        }
      } catch (error) {
        summary.failed += 1;
        this.logger.error(`Lemon Squeezy reconciliation of ${subscription.id}: ${String(error)}`);
      }
    }
    for (const order of await this.client.listOrders()) {
      summary.checked += 1;
      try {
        if (order.attributes.test_mode !== this.client.config.testMode) continue;
        const result = await this.state.reconcileOrder(order);
        if (result?.outcome === 'processed') {
          summary.changed += 1;
          this.logger.warn(`Lemon Squeezy reconciliation: order ${order.id}: ${result.detail}`);
        }
      } catch (error) {
        summary.failed += 1;
        this.logger.error(`Lemon Squeezy reconciliation of order ${order.id}: ${String(error)}`);
      }
    }
    return summary;
  }
}
